"""A screen closed the instant it opens: the key that opens it and Esc or
Ctrl+Q arrive in one burst of input (a paste, a held key, a quick player).
Textual still delivers the screen's mount and the callbacks it queued after
its widgets are gone; none of that may end the app with a traceback. Every
screen of the app is opened and closed again, popped after each number of
event-loop turns from none to a dozen and the app quitting after a few, so
that the closing falls on every step of its setting up (its mount, a
refresh later, its first worker's answer). Before the fix, 27 of these
cases ended the app with a traceback."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import INSTANT, forfeited_match, settle
from textual import events

from ecarte.engine import Action, Rules, deck_for
from ecarte.log import LogWriter, replay_file
from ecarte.play.session import MatchSession
from ecarte.tui.analysis_screen import AnalysisScreen
from ecarte.tui.app import EcarteApp
from ecarte.tui.deal_summary import MatchOverScreen
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.replay_screen import ReplayViewerScreen

TURNS = range(13)
"""How many turns of the event loop pass between opening and closing."""


DEAL = deck_for(["KS", "7H", "8D", "7C", "9H"], ["AS", "QS", "JS", "AH", "TC"], "7S")


def short_log(path: Path) -> Path:
    """Elder plays the 7♥ and the dealer takes it: a log the replay reads at
    once (short) with one decision to analyse."""
    with LogWriter.create(path, ("Klara", "Leo"), 1, Rules(target=1), durable=False) as log:
        log.write_deal(1, DEAL)
        log.write_action(0, Action.parse("play"))
        log.write_action(0, Action.parse("card 7H"))
        log.write_action(1, Action.parse("card AH"))
    return path


Opener = Callable[[EcarteApp, Path], Any]

OPENERS: dict[str, Opener] = {
    **{name: (lambda app, log, name=name: app.push_screen(name)) for name in EcarteApp.SCREENS},
    "game": lambda app, log: app.push_screen(
        GameScreen(MatchSession.new(INSTANT, opponent="random", seed=1, directory=log.parent), INSTANT)
    ),
    "replay of a log read": lambda app, log: app.push_screen(ReplayViewerScreen(log, replay_file(log))),
    "replay reading its log": lambda app, log: app.push_screen(ReplayViewerScreen(log)),
    "analysis": lambda app, log: app.push_screen(AnalysisScreen(log, replay_file(log), True)),
    "a match's analysis (its replay, the analysis on top)": lambda app, log: app.analyse_match(log),
}


async def turns(count: int) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


@pytest.mark.parametrize("opened", list(OPENERS))
async def test_a_screen_closed_as_it_opens_leaves_the_app_working(opened: str, tmp_path: Path) -> None:
    log = short_log(tmp_path / "short.ecarte.jsonl")
    app = EcarteApp(INSTANT)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        title = app.screen
        for count in TURNS:
            OPENERS[opened](app, log)
            await turns(count)
            while app.screen is not title:
                app.pop_screen()
            await pilot.pause(0.05)
        await app.workers.wait_for_complete()
        await pilot.pause(0.05)
        assert app.is_running and app.screen is title
        await pilot.press("ctrl+q")
    assert app.return_code == 0


@pytest.mark.parametrize("count", [0, 1, 2, 3, 8])
@pytest.mark.parametrize("opened", list(OPENERS))
async def test_quitting_as_a_screen_opens_ends_cleanly(opened: str, count: int, tmp_path: Path) -> None:
    log = short_log(tmp_path / "short.ecarte.jsonl")
    app = EcarteApp(INSTANT)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        OPENERS[opened](app, log)
        await turns(count)
        app.exit()
    assert app.return_code == 0


@pytest.mark.parametrize("count", range(8))
async def test_analyse_then_quit_at_once_at_the_end_of_a_match(count: int, tmp_path: Path) -> None:
    # The case a player met: at "You win the match by forfeit", the keys
    # "a" (analyse) and Ctrl+Q came together.
    app, session = forfeited_match(tmp_path, DEAL)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        app.post_message(events.Key("a", "a"))
        await turns(count)
        app.post_message(events.Key("ctrl+q", None))
        for _ in range(200):  # until the app has taken the Ctrl+Q
            if app.return_code is not None:
                break
            await asyncio.sleep(0.01)
    assert app.return_code == 0
    session.close()
