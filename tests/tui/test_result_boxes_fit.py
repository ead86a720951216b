"""The boxes between deals and at the end of the match, at 80x24 with a
24-character name: every button inside the box, every name whole or
ending in "…" (never cut without a sign)."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.widgets import Button, Static

from ecarte.engine import DealRecord
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.deal_summary import MatchOverScreen, deal_table

SMALLEST = (80, 24)
LONGEST_NAME = "Wolfgang-Amadeus-Mozarts"


async def test_the_match_over_box_shows_all_its_buttons_at_80x24() -> None:
    names = (LONGEST_NAME, "Computer")

    def lost_2_5() -> MatchOverScreen:
        return MatchOverScreen(1, names, [0, 1], None, [[2, 5]])

    app = EcarteApp(Settings(player_name=LONGEST_NAME), first_screen=lost_2_5)
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchOverScreen)
        box = screen.query_one("#summary-box").content_region
        buttons = list(screen.query(Button))
        assert [button.id for button in buttons] == ["rematch", "analyse", "stay", "menu"]
        # The footer lists the same choices in the same order as the buttons.
        shown = [
            binding.action
            for binding in MatchOverScreen.BINDINGS
            if isinstance(binding, Binding) and binding.show
        ]
        assert shown == [f"choose('{button.id}')" for button in buttons]
        for button in buttons:
            region = button.region
            assert box.x <= region.x and region.right <= box.right, (button.label, region, box)
            assert region.width >= len(str(button.label)), button.label
        assert LONGEST_NAME in str(screen.query(Static)[1].content)
        assert str(screen.query_one("#summary-points", Static).content) == "Points: 2-5."


def test_a_long_name_in_the_deal_table_ends_in_an_ellipsis(plain: Any) -> None:
    record = DealRecord(game=1, dealer=1, upcard=0, trump=0, points=[1, 0], score=[1, 0], tricks=[3, 2])
    shown = plain(deal_table(record, (LONGEST_NAME, "Computer"), True))
    assert "Wolfgang-Amadeus-Mo…" in shown
