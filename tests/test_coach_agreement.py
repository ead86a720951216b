"""The coach's numbers: the hint in the app and ``ecarte analyse`` on the
saved log give the same numbers for the same decision, ``--seed`` changes
them, and the chances are valued against the opponent the log names."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ecarte.ai.base import Player, make_player
from ecarte.ai.coach import SeatEvaluator, decision_seed, model_for
from ecarte.ai.evaluator import Evaluation
from ecarte.ai.expert_value import CLASSIC, EASY, EQUAL, RANDOM
from ecarte.analysis.match_analysis import Decision, analyse_replay, analysis_json, opponents_of
from ecarte.cli import main
from ecarte.engine import Match, Rules, deck_for
from ecarte.log import LogWriter, replay_file
from ecarte.tournament import play_match
from ecarte.tui.hint_panel import Position, hint_for

RULES = Rules(target=3)
"""Short matches: a few deals, so every decision can be hinted."""


def app_like_log(path: Path, level: str, seed: int, named: str | None = None) -> Path:
    """A match saved as the app saves it: the person at seat 0 (played here
    by classic), the computer's level in the header's ``opponent`` key
    (``named``, when given, instead of the level played)."""
    players: list[Player] = [make_player("classic", seed), make_player(level, seed + 1)]
    for seat, player in enumerate(players):
        player.start_match(seat, RULES)
    extra = {"opponent": named or level, "seed": seed}
    with LogWriter.create(path, ("Klara", "Computer"), seed % 2, RULES, extra, durable=False) as log:
        play_match(players, RULES, seed % 2, random.Random(seed), recorder=log)
    return path


def numbers(options: object) -> list[tuple[str, float, float]]:
    assert isinstance(options, tuple | list)
    return sorted((str(option.action), round(option.win, 9), round(option.se, 9)) for option in options)


def test_the_hint_and_the_analysis_give_the_same_numbers_for_each_decision(tmp_path: Path) -> None:
    path = app_like_log(tmp_path / "saved.ecarte.jsonl", "normal", seed=11)
    analysis = analyse_replay(replay_file(path), seats=(0,))
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    compared = 0
    for decision in analysis.decisions:
        # The autosave as it stood when the decision was due.
        before = tmp_path / f"before-{decision.line}.ecarte.jsonl"
        before.write_text("".join(lines[: decision.line - 1]), encoding="utf-8")
        match = replay_file(before).match
        assert match is not None
        hinted = hint_for(before, Position(len(match.deals), match.view(0)))
        assert isinstance(hinted, Evaluation), hinted
        if decision.phase == "discard" and len(decision.options) != len(hinted.options):
            continue  # a discard the evaluator would not have valued: one option more
        assert numbers(hinted.options) == numbers(decision.options), f"line {decision.line}"
        assert hinted.best.action == decision.best
        compared += 1
    assert compared >= 5


def test_the_seed_changes_the_numbers_and_the_same_seed_repeats_them(tmp_path: Path) -> None:
    path = app_like_log(tmp_path / "saved.ecarte.jsonl", "easy", seed=12)
    replay = replay_file(path)

    def sampled(seed: int) -> list[list[tuple[str, float, float]]]:
        decisions: list[Decision] = analyse_replay(replay, seats=(0,), seed=seed).decisions
        return [numbers(decision.options) for decision in decisions]

    first = sampled(3)
    assert sampled(3) == first
    assert sampled(4) != first
    # The same view and seed: the same generator, in any process.
    match = Match(RULES, first_dealer=1)
    match.deal(deck_for(["KS", "9S", "8H", "QD", "7C"], ["AH", "TH", "9D", "8C", "7D"], "7S", []))
    view = match.view(0)
    assert decision_seed(3, view) == decision_seed(3, view)
    assert decision_seed(3, view) != decision_seed(4, view)
    assert decision_seed(3, view) != decision_seed(3, match.view(1))


def test_the_chances_are_valued_against_the_opponent_the_log_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = replay_file(app_like_log(tmp_path / "app.ecarte.jsonl", "easy", seed=13))
    assert app.header is not None
    person, computer = opponents_of(app.header)
    assert (person.model, person.known) == (EASY, True)
    # The computer faces a person: the equal model, and it says so.
    assert (computer.player, computer.model, computer.known) == (None, EQUAL, False)
    as_json = analysis_json(analyse_replay(app, seats=(0,)))
    assert as_json["opponents"] == [{"seat": 0, "player": "easy", "model": "easy", "known": True}]

    bot = app_like_log(tmp_path / "bot.ecarte.jsonl", "random", seed=14, named="cmd:./my-bot")
    assert main(["analyse", str(bot), "--seat", "0"]) == 0
    report = capsys.readouterr().out
    assert "as if bot ./my-bot played as well as the Expert level" in report

    assert model_for("normal") == (CLASSIC, True)
    assert model_for("random") == (RANDOM, True)
    assert model_for("expert") == (EQUAL, True)
    assert model_for("cmd:./my-bot") == (EQUAL, False)
    assert model_for("Leo") == (EQUAL, False)


def test_the_same_position_is_worth_more_against_a_weaker_opponent() -> None:
    # Elder with an ordinary hand at 0-0: the deal is a coin toss against
    # an equal, and the expert beats random players far more often.
    match = Match(Rules(), first_dealer=1)
    match.deal(
        deck_for(["QS", "9S", "8H", "QD", "7C"], ["AH", "TH", "9D", "8C", "7D"], "7S", ["KH", "QH", "JH"])
    )
    view, legal = match.view(0), match.legal_actions()
    against: dict[str, float] = {}
    for name in ("expert", "classic", "random"):
        model, _ = model_for(name)
        evaluation = SeatEvaluator(0, Rules(), 1, opponent=model).evaluate(view, legal)
        against[name] = evaluation.best.win
    assert against["expert"] < against["classic"] < against["random"]
