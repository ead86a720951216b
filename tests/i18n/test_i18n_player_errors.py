"""The errors about players and bots that a person reads, in their
language: an unknown player (``ecarte simulate``, ``ecarte bot``), a ``cmd:``
bot that cannot be run, a bot's fault in the tournament's summary (its JSON
staying English), ``ecarte bot``'s complaints about its host, and what
``ecarte stats`` skips."""

from __future__ import annotations

import json
import pickle
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from ecarte import i18n
from ecarte.ai import make_player
from ecarte.cli import main
from ecarte.engine import Action, Rules, View
from ecarte.i18n import N_, Deferred
from ecarte.protocol.host import BotFault
from ecarte.tournament import TournamentSpec, format_summary, play_match, summarize

PLAYERS = "classic, easy, expert, expert-2026-11, master, normal, random"
# A bot that reads its hello, then ends with status 3 before any answer.
QUITTER = f"cmd:{sys.executable} -c 'import sys; sys.stdin.readline(); sys.exit(3)'"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def told(english: str, **values: object) -> str:
    """``english`` in the active language, checked to be a translation."""
    text = i18n._(english).format(**values)
    assert text != english.format(**values), english
    return text


def test_an_unknown_player_is_told_in_swedish(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--lang", "sv", "simulate", "wizard", "random", "--matches", "1")
    assert status == 2 and out == ""
    # simulate takes programs too: the message says how to name one.
    english = (
        "unknown player {name}; the players are: {players}, or cmd:COMMAND for a program "
        "speaking the bot protocol"
    )
    assert err == "ecarte simulate: " + told(english, name="'wizard'", players=PLAYERS) + "\n"


def test_a_bot_that_is_not_a_program_is_told_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "--lang", "de", "simulate", "cmd:no-such-bot --fast", "random", "--matches", "1"
    )
    assert status == 2 and out == ""
    expected = told(
        "the bot command {command}: {program} is not a program that can be run",
        command="'no-such-bot --fast'",
        program="'no-such-bot'",
    )
    assert err == f"ecarte simulate: {expected}\n"


def test_an_empty_bot_command_is_told_in_finnish(capsys: pytest.CaptureFixture[str]) -> None:
    status, __, err = run(capsys, "--lang", "fi", "simulate", "cmd:", "random", "--matches", "1")
    assert status == 2
    assert told("the bot command is empty: write cmd:COMMAND, e.g. 'cmd:python3 mybot.py'") in err


def test_a_bots_fault_is_told_in_german_and_kept_in_english_in_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", QUITTER, "random", "--matches", "1", "--jobs", "1"]
    status, german, __ = run(capsys, "--lang", "de", *argv)
    assert status == 0
    fault = f"({told('exited')}): {told('it exited with status {status}', status=3)}"
    assert fault in german and told("(it wrote nothing on standard error)") in german
    assert "forfeits" not in german and "exited" not in german, german
    status, as_json, __ = run(capsys, "--lang", "de", *argv, "--json")
    assert status == 0
    [forfeit] = json.loads(as_json)["forfeits"]
    assert forfeit["kind"] == "exited"
    # Where it happened, in English for programs.
    assert forfeit["message"].startswith(f"bot {QUITTER!r} forfeits (exited) at ")
    assert forfeit["message"].endswith(": it exited with status 3\n(it wrote nothing on standard error)")


def test_a_bots_fault_crosses_processes_and_is_translated_where_shown() -> None:
    # A parallel tournament's worker speaks English and sends the fault back.
    problem = Deferred(N_("it did not read its input for {seconds} s"), seconds="2.5")
    fault = pickle.loads(pickle.dumps(BotFault("timeout", problem, "cmd:bot", ["a", "b"])))
    english = (
        "bot 'cmd:bot' forfeits (timeout): it did not read its input for 2.5 s\n"
        "its last standard error lines:\n  | a\n  | b"
    )
    assert fault.message == english == str(fault)
    i18n.activate("nl")
    shown = fault.message.translated()
    assert shown.startswith(
        told(
            "bot {bot} forfeits ({kind}): {problem}",
            bot="'cmd:bot'",
            kind=i18n._("timeout"),
            problem=told("it did not read its input for {seconds} s", seconds="2.5"),
        )
    )
    assert shown.endswith(told("its last standard error lines:") + "\n  | a\n  | b")
    assert fault.message == english, "the English stays for the files"


def test_ecarte_bot_speaks_the_language_asked_on_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(capsys, "--lang", "nb", "bot", "wizard")
    assert status == 2 and out == ""
    assert (
        err
        == "ecarte bot: "
        + told("unknown player {name}; the players are: {players}", name="'wizard'", players=PLAYERS)
        + "\n"
    )
    # Not the system's language: a host quotes what its bot says the same everywhere.
    monkeypatch.setenv("LANGUAGE", "sv")
    status, __, err = run(capsys, "bot", "wizard")
    assert status == 2 and i18n.current_language() == "en"
    assert err == f"ecarte bot: unknown player 'wizard'; the players are: {PLAYERS}\n"


def test_ecarte_bot_tells_a_broken_host_in_french(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"type": "decide"}\n')))
    status, out, err = run(capsys, "--lang", "fr", "bot", "random")
    assert status == 2 and out == ""
    assert (
        err
        == told(
            "ecarte bot: line {number} from the host: {error}",
            number=1,
            error=told("'decide' before 'hello'"),
        )
        + "\n"
    )


def test_what_stats_skips_is_told_in_swedish(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "folder.ecarte.jsonl").mkdir()
    (tmp_path / "notes.ecarte.jsonl").write_text("shopping list\n", encoding="utf-8")
    status, out, __ = run(capsys, "--lang", "sv", "stats", "--dir", str(tmp_path))
    assert status == 0
    skipped = i18n._("Skipped {problem}")
    # Named as ecarte check names it: "not a regular file but a directory".
    reason = told("not a regular file but {kind}", kind=told("a directory"))
    assert skipped.format(problem=f"folder.ecarte.jsonl: {reason}") in out
    assert (
        skipped.format(problem=told("{file}: not a match log (no valid header)", file="notes.ecarte.jsonl"))
        in out
    )


class Cheat:
    """An in-process player that answers the king, which is not legal at
    its first decision."""

    name = "cheat"

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return Action("king")


def test_an_illegal_answer_in_a_tournament_is_told_in_dutch() -> None:
    outcome = play_match([make_player("random", 1), Cheat()], Rules(), 1, random.Random(1))
    spec = TournamentSpec("random", "cheat", 1, 0, Rules())
    summary = summarize(spec, [outcome], 1.0)
    english = "'cheat' chose 'king', which is not a legal action now"
    [forfeit] = json.loads(json.dumps(summary))["forfeits"]
    assert forfeit["problem"] == english
    assert forfeit["message"] == "at game 1, deal 1, the answer to a proposal: " + english
    i18n.activate("nl")
    dutch = told(
        "{player} chose '{action}', which is not a legal action now", player="'cheat'", action="king"
    )
    assert format_summary(summary).splitlines()[-1].endswith(": " + dutch)
