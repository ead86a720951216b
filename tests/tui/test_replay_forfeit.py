"""A match the opponent forfeited shows as such in the replay list and at
the end of the replay: who forfeited, why, and who wins."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from game_support import until
from textual.widgets import Static

from ecarte.engine import Rules
from ecarte.log import LogWriter, replay_file
from ecarte.play.autosave import read_forfeit
from ecarte.play.session import forfeit_path
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.replay_screen import ReplayViewerScreen, summarize_log


def test_a_forfeited_match_is_listed_as_won_by_the_other(tmp_path: Path) -> None:
    log = tmp_path / "m.ecarte.jsonl"
    LogWriter.create(log, ("You", "Computer"), 0, Rules()).close()
    assert summarize_log(log).result == "in progress, 0-0"
    forfeit_path(log).write_text("the bot exited\n", encoding="utf-8")
    assert summarize_log(log).result == "You won by forfeit"
    # Two players of whom neither is the app's computer: the list does not guess.
    other = tmp_path / "o.ecarte.jsonl"
    LogWriter.create(other, ("Klara", "Leo"), 0, Rules()).close()
    forfeit_path(other).write_text("the bot exited\n", encoding="utf-8")
    assert summarize_log(other).result == "ended by forfeit"


def test_the_forfeit_is_read_safely(tmp_path: Path) -> None:
    """A FIFO in place of the .forfeit file is never opened for reading (it
    would wait for a writer forever), nor taken for a forfeit: ecarte writes
    a regular file (a FIFO of that name is replaced). A regular file that
    cannot be read is one, said in general words."""
    log = tmp_path / "m.ecarte.jsonl"
    os.mkfifo(forfeit_path(log))
    assert read_forfeit(log) is None
    forfeit_path(log).unlink()
    forfeit_path(log).write_bytes(b"\xff" * (64 * 1024 + 1))  # too large to be read
    assert read_forfeit(log) == "the opponent forfeited this match"


@pytest.mark.parametrize(
    ("players", "winning"), [(("You", "Computer"), "so you win it"), (("Leo", "Computer"), "so Leo wins it")]
)
async def test_the_last_event_of_a_forfeited_match_says_who_forfeited_why_and_who_wins(
    tmp_path: Path, plain: Callable[..., str], players: tuple[str, str], winning: str
) -> None:
    """The .forfeit file's first line (the bot, the fault, its answer) is
    read whole at 80 columns; the bot's standard error after it is not."""
    log = tmp_path / "m.ecarte.jsonl"
    deck = tuple(range(32))
    with LogWriter.create(log, players, 1, Rules()) as writer:
        writer.write_deal(1, deck)
    reason = (
        "bot 'cmd:python3 /home/leo/bots/my_bot.py' forfeits (garbage): its answer is not JSON: "
        "'hello'; a value was expected at column 1"
    )
    forfeit_path(log).write_text(f"{reason}\nits last standard error lines:\n  | Traceback\n", "utf-8")
    replay = replay_file(log)
    app = EcarteApp(Settings(), first_screen=lambda: ReplayViewerScreen(log, replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(
            pilot, lambda: isinstance(app.screen, ReplayViewerScreen) and app.screen.steps is not None
        )
        await pilot.press("end")
        await pilot.pause()
        event = " ".join(plain(app.screen.query_one("#replay-event", Static).content).split())
        assert f"Computer forfeits the match, {winning}: {reason}" in event
        assert "Traceback" not in event
        await pilot.press("home")
        await pilot.pause()
        assert "forfeits" not in plain(app.screen.query_one("#replay-event", Static).content)
