"""The History is wrapped at its width after every resize, even one made
while a window (the help, a deal's summary) was over the table: the game
screen's own resize never came then, and lines written at the old width
were cut at the panel's edge with no way to scroll to their end."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import GameApp, deck, scripted_session, settle, until
from textual.pilot import Pilot
from textual.widgets import RichLog

from ecarte.tui.deal_summary import DealSummaryScreen
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.help_screen import HelpScreen

# The human deals and holds K♣ J♠ 8♠ 7♠ 10♣; the 7♥ is turned up.
DEAL_ONE = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
NARROW, WIDE = (80, 24), (120, 40)


def a_move_key(screen: GameScreen) -> str:
    """A key that makes a move now: refuse a proposal, play the hand, or the card under the cursor."""
    return {"answer": "r", "exchange": "p"}.get(screen.match.phase, "enter")


def widest(log: RichLog) -> int:
    return max(len(line.text.rstrip()) for line in log.lines)


async def open_the_help(pilot: Pilot[Any], screen: GameScreen) -> None:
    await pilot.press("question_mark")
    await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))


async def play_out_the_deal(pilot: Pilot[Any], screen: GameScreen) -> None:
    for _ in range(20):
        if isinstance(pilot.app.screen, DealSummaryScreen):
            return
        await pilot.press(a_move_key(screen))
        await settle(pilot)
    raise AssertionError("the deal's summary never opened")


@pytest.mark.parametrize("window", [open_the_help, play_out_the_deal], ids=["help", "deal summary"])
async def test_a_resize_under_a_window_rewraps_the_history(
    tmp_path: Path, window: Callable[[Pilot[Any], GameScreen], Awaitable[None]]
) -> None:
    session, _ = scripted_session(tmp_path, [DEAL_ONE, DEAL_ONE], [], first_dealer=0)
    app = GameApp(session)
    async with app.run_test(size=NARROW) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        log = screen.query_one("#history", RichLog)
        narrow = log.scrollable_content_region.width
        await window(pilot, screen)
        await pilot.resize_terminal(*WIDE)
        await pilot.pause()
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await settle(pilot)
        await pilot.pause()
        wide = log.scrollable_content_region.width
        assert wide > narrow
        # Every line wrapped at the wide panel, the old ones too.
        assert narrow < widest(log) <= wide
        entries = len(screen.history_entries)
        await pilot.press(a_move_key(screen))  # a move, written at the wide panel
        await settle(pilot)
        assert len(screen.history_entries) > entries
        await pilot.resize_terminal(*NARROW)
        await settle(pilot)
        await pilot.pause()
        assert log.scrollable_content_region.width == narrow
        assert widest(log) <= narrow, "a line cut at the panel's edge"
    session.close()


@pytest.mark.parametrize("size", [NARROW, WIDE])
async def test_the_historys_text_keeps_a_cell_from_its_left_border(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """A play-tester saw the History's lines run against the panel's left
    border ("│Das Los entscheidet"), where the Score and Coach beside it
    keep a blank cell."""
    session, _ = scripted_session(tmp_path, [DEAL_ONE], [], first_dealer=0)
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        log = screen.query_one("#history", RichLog)
        assert log.lines, "nothing written yet"
        # One cell of border, then one blank before the text.
        assert log.content_region.x == log.region.x + 2
        assert log.content_region.right <= log.region.right - 1
        assert widest(log) <= log.scrollable_content_region.width
