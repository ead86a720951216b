"""The middle of the table keeps still: the cards do not shift a column
when the stock goes below ten (a play-tester saw them move at 120x40)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from game_support import deck
from textual.app import App, ComposeResult

from ecarte import i18n
from ecarte.engine import Action, Match, Rules
from ecarte.log.names import shown_name
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


def in_the_first_trick() -> Match:
    """The match of ``in_the_second_trick`` with the first card led."""
    match = Match(Rules(), first_dealer=1)
    match.deal(deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H"))
    match.apply(Action.parse("play"))
    match.apply(next(action for action in match.legal_actions() if action.type == "card"))
    return match


LONG_NAME = "Wolfgang-Amadeus-Mozarts"
"""The longest name the settings allow, without a space to break at."""


@pytest.mark.parametrize("language", ["en", "fr", "de", "fi", "nl", "sv", "nb"])
@pytest.mark.parametrize("player", ["You", "Konstantin", LONG_NAME])
async def test_the_last_trick_says_whole_who_took_it_beside_the_trick_at_80_columns(
    language: str, player: str
) -> None:
    """From the second trick the last one stands beside the trick in
    progress. With a long name and long words (a play-tester's Finnish
    table read "→" over "Tiet…") the taker of the last trick must still be
    named whole on one line, the names under the trick's cards must stay on
    their line (cut, the longer first, rather than pushing the rest out),
    and the cards must not move up a row when the last trick appears."""
    i18n.activate(language)
    names = (player, "Computer")
    app = OneTable()
    async with app.run_test(size=(60, 10)) as pilot:
        table = app.query_one(TableView)
        table.look = TableLook.of(in_the_first_trick(), names, True, False)
        await pilot.pause()
        before = rows(app)
        match = in_the_second_trick()
        table.look = TableLook.of(match, names, True, False)
        await pilot.pause()
        after = rows(app)
    taker = shown_name(names[match.tricks[-1].winner])
    said = i18n._("to {name}").format(name=taker)
    assert any(said in row for row in after), (said, after)
    computer = shown_name("Computer")
    # The computer's name is short: the player's long one is cut first.
    label_row = next(row for row in after if i18n._("stock {count}").format(count=21) in row)
    assert computer in label_row, label_row
    assert shown_name(player)[:4] in label_row, label_row
    card_rows = [[i for i, row in enumerate(lines) if "┌" in row] for lines in (before, after)]
    assert card_rows[0] == card_rows[1], (before, after)


WIDE_TABLE_WIDTH = 76
"""The table's frame at 120x40 (large cards)."""


class WideTable(OneTable):
    CSS = OneTable.CSS.replace(f"width: {TABLE_WIDTH}; height: 8;", f"width: {WIDE_TABLE_WIDTH}; height: 12;")


@pytest.mark.parametrize("moment", [in_the_first_trick, in_the_second_trick])
async def test_a_long_name_is_whole_under_its_card_where_the_table_has_room(
    moment: Callable[[], Match],
) -> None:
    """At 120x40 the table has room for a 24-character name under its card,
    beside the last trick too: cutting it there ("Wolfgang-Am…") threw away
    what the player could have read."""
    names = (LONG_NAME, "Computer")
    app = WideTable()
    async with app.run_test(size=(100, 14)) as pilot:
        table = app.query_one(TableView)
        table.look = TableLook.of(moment(), names, True, True)
        await pilot.pause()
        shown = [strip.text for strip in app.screen._compositor.render_strips()]
    assert any(LONG_NAME in row and "Computer" in row for row in shown), shown
