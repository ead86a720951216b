"""``ecarte check`` names the players as the game does: the default name
``You`` (kept in English in the log) is the player, spoken to in the second
person in every language ("you win game 1", "du gewinnst"), and
``Computer`` is the computer in the player's words; any other name is a
third person, as written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ecarte import i18n
from ecarte.cli import main

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "classic-vs-random.ecarte.jsonl"
# The example's match: seat 1 wins it in four deals; in the first, seat 0
# (the dealer, who turned up the king) was liable and seat 1 took 3 tricks;
# in the second, seat 0 announced the king; in the last, seat 1 turned up
# the king and took the vole.


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.activate("en")


def check(tmp_path: Path, capsys: pytest.CaptureFixture[str], players: str, *options: str) -> str:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[0] = lines[0].replace('"players":["A: classic","B: random"]', f'"players":{players}')
    log = tmp_path / "match.ecarte.jsonl"
    log.write_text("".join(lines), encoding="utf-8")
    assert main([*options, "check", str(log)]) == 0
    return capsys.readouterr().out


def test_the_player_named_you_wins_in_the_second_person(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = check(tmp_path, capsys, '["Computer","You"]')
    assert "you took 3 tricks, Computer was liable (penalty) (+2)" in out
    assert "you turned up the king (+1); you took all 5 tricks, the vole (+2); you win game 1" in out
    assert "Game 1: 3-6, won by you\nResult: you win the match.\n" in out
    assert "You wins" not in out and "won by You" not in out


def test_the_player_named_you_is_liable_in_the_second_person(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = check(tmp_path, capsys, '["You","Computer"]')
    assert "you turned up the king (+1); Computer took 3 tricks, you were liable (penalty) (+2)" in out
    assert "you announced the king (+1)" in out
    assert "Computer wins game 1" in out and "Result: Computer wins the match." in out


def test_the_player_is_du_in_german_and_the_computer_is_the_ordinateur_in_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = check(tmp_path, capsys, '["Computer","You"]', "--lang", "de")
    assert "Spieler: Platz 0 Computer, Platz 1 Du; erster Geber: Computer" in out
    assert "du gewinnst Partie 1" in out
    assert "Partie 1: 3-6, Gewinner: Du\nErgebnis: Du gewinnst das Match.\n" in out
    assert "You" not in out and "gewinnt" not in out
    out = check(tmp_path, capsys, '["Computer","You"]', "--lang", "fr")
    assert "Joueurs: place 0 Ordinateur, place 1 Vous" in out
    assert "vous gagnez la partie 1" in out and "Résultat: vous gagnez le match." in out
    assert "Computer" not in out.split("\n", 1)[1]


def test_other_names_stay_as_written_in_the_third_person(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = check(tmp_path, capsys, '["Klara","Leo"]', "--lang", "de")
    assert "Leo gewinnt Partie 1" in out and "Ergebnis: Leo gewinnt das Match." in out
