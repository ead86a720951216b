"""The middle of the table keeps still: the cards do not shift a column
when the stock goes below ten (a play-tester saw them move at 120x40)."""

from __future__ import annotations

from dataclasses import replace

from game_support import deck
from textual.app import App, ComposeResult

from ecarte.engine import Action, Match, Rules
from ecarte.tui.widgets import TableView
from ecarte.tui.widgets.table import TableLook

NAMES = ("You", "Computer")
TABLE_WIDTH = 48
"""The table's frame at 80x24, beside the Score box."""


class OneTable(App[None]):
    CSS = (
        f"TableView {{ width: {TABLE_WIDTH}; height: 8; border: round white; padding: 0; "
        "content-align: center middle; }"
    )

    def compose(self) -> ComposeResult:
        yield TableView()


def rows(app: OneTable) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()][1:7]


def in_the_second_trick() -> Match:
    """Elder (seat 0, the player) plays at once; the first legal card each
    time, until the second trick is led."""
    match = Match(Rules(), first_dealer=1)
    match.deal(deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H"))
    match.apply(Action.parse("play"))
    while not (match.tricks and match.trick):
        match.apply(next(action for action in match.legal_actions() if action.type == "card"))
    return match


async def test_the_cards_keep_their_columns_when_the_stock_goes_below_ten() -> None:
    match = in_the_second_trick()
    app = OneTable()
    async with app.run_test(size=(60, 10)) as pilot:
        table = app.query_one(TableView)
        placed = []
        for stock in (21, 10, 6):
            table.look = replace(TableLook.of(match, NAMES, True, False), stock_size=stock)
            await pilot.pause()
            placed.append([row.index("┌") for row in rows(app) if "┌" in row])
        assert placed[0] == placed[1] == placed[2], placed
