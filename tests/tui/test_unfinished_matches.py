"""An unfinished match is never lost: a new match asks first, and the
Replay list can continue any unfinished match, not only the newest."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from game_support import until
from textual.widgets import DataTable

from ecarte.play import paths
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.replay_screen import ReplayListScreen
from ecarte.tui.title_screen import AbandonQuestion, TitleScreen

SIZE = (100, 30)


def unfinished_log(
    write_log: Callable[..., Path], known_events: tuple[str, ...], name: str, age: int
) -> Path:
    path = write_log(paths.matches_dir() / name, known_events[:4], ("You", "Computer"))
    stamp = path.stat().st_mtime - age
    os.utime(path, (stamp, stamp))
    return path


async def test_a_new_match_asks_before_leaving_an_unfinished_one(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    saved = unfinished_log(write_log, known_events, "20261128-201500.ecarte.jsonl", 0)
    app = EcarteApp(Settings(opponent="random", speed="instant"))
    async with app.run_test(size=SIZE) as pilot:
        title = app.screen
        assert isinstance(title, TitleScreen)
        await until(pilot, lambda: title.unfinished is not None)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, AbandonQuestion))
        await pilot.press("escape")  # cancel: nothing started
        await pilot.pause()
        assert app.screen is title
        assert list(paths.matches_dir().glob("*.ecarte.jsonl")) == [saved]
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, AbandonQuestion))
        await pilot.press("c")  # continue the unfinished one instead
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen) and game.session.log_path == saved
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is title)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, AbandonQuestion))
        await pilot.press("n")  # a new match after all: the old one stays on disk
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen) and game.session.log_path != saved
        assert saved.exists()


async def test_the_replay_list_continues_an_older_unfinished_match(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    unfinished_log(write_log, known_events, "20261128-201500.ecarte.jsonl", 0)
    older = unfinished_log(write_log, known_events, "20261127-101500.ecarte.jsonl", 3600)
    app = EcarteApp(Settings(opponent="random", speed="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        listing = app.screen
        assert isinstance(listing, ReplayListScreen)
        await until(pilot, lambda: len(listing.summaries) == 2)
        await pilot.pause()
        row = [summary.path for summary in listing.summaries].index(older)
        table = listing.query_one(DataTable)
        table.move_cursor(row=row)
        await pilot.pause()
        assert listing.check_action("continue_match", ())
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen) and game.session.log_path == older
