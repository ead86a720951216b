"""The analysis table is whole at 80x24, the smallest terminal the app
supports, in every language: no column runs off the edge, so no option is
cut and nothing needs the sideways scroll. A discard is named by its cards
alone (the Phase column says it is one), and a deal's row says shortly
what open hands would have given."""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from game_support import RecordingApp, until
from rich.console import Console
from rich.text import Text
from test_analysis_screen import played_log
from textual.pilot import Pilot
from textual.widgets import Static

from ecarte import i18n
from ecarte.analysis.match_analysis import Decision
from ecarte.engine import Action, Rules, deck_for
from ecarte.engine.actions import DISCARD
from ecarte.log import LogWriter, replay_file
from ecarte.play.settings import Settings
from ecarte.tui.analysis_screen import AnalysisScreen
from ecarte.tui.fitted_table import FittedTable, fitted_widths

SMALLEST = (80, 24)


def plain(cell: object) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(cell, end="")
    return console.export_text().rstrip("\n")


@asynccontextmanager
async def analysed(path: Path) -> AsyncIterator[tuple[Pilot[None], AnalysisScreen]]:
    """The app at 80x24 on the finished analysis of the log at ``path``."""
    replay = replay_file(path)
    app = RecordingApp(Settings(), first_screen=lambda: AnalysisScreen(path, replay))
    async with app.run_test(size=SMALLEST) as pilot:
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await until(pilot, lambda: screen.analysis is not None, rounds=20000)
        await pilot.pause()
        yield pilot, screen


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_analysis_table_fits_80_columns(language: str, tmp_path: Path) -> None:
    assert i18n.activate(language) == language
    path = played_log(tmp_path / "match.ecarte.jsonl", seed=3)
    async with analysed(path) as (_pilot, screen):
        table = screen.query_one(FittedTable)
        shown = table.scrollable_content_region.width
        assert table.virtual_size.width <= shown, (
            f"{language}: the table is {table.virtual_size.width} cells wide in {shown}"
        )
        discards = [
            (index, row)
            for index, row in enumerate(screen.rows)
            if isinstance(row, Decision) and row.chosen.type == DISCARD and row.chosen.discards
        ]
        assert discards, "the match has discards to show"
        for index, decision in discards:
            chosen = plain(table.get_row_at(index)[5])
            # The cards, in the order the player sees them, and nothing else.
            assert len(chosen.split()) == bin(decision.chosen.discards).count("1"), chosen


def tens_log(path: Path) -> Path:
    """Klara (elder) holds the four tens and the 9♣, proposes, and throws all
    five; Leo throws his five too: the widest discards there are."""
    deck = deck_for(["TS", "TH", "TD", "TC", "9C"], ["7S", "8H", "7D", "8C", "7C"], "KH")
    with LogWriter.create(path, ("Klara", "Leo"), 1, Rules(), durable=False) as log:
        log.write_deal(1, deck)
        moves = ((0, "propose"), (1, "accept"), (0, "discard TS TH TD TC 9C"), (1, "discard 7S 8H 7D 8C 7C"))
        for seat, text in moves:
            log.write_action(seat, Action.parse(text))
    return path


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_widest_discards_stay_whole_and_in_sight(language: str, tmp_path: Path) -> None:
    assert i18n.activate(language) == language
    path = tens_log(tmp_path / "tens.ecarte.jsonl")
    async with analysed(path) as (_pilot, screen):
        table = screen.query_one(FittedTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width, language
        index = next(
            i for i, row in enumerate(screen.rows) if isinstance(row, Decision) and row.chosen.type == DISCARD
        )
        column = list(table.columns.values())[5]
        cell = table.get_row_at(index)[5]
        assert sorted(plain(cell).split()) == sorted(["10♠", "10♥", "10♦", "10♣", "9♣"])
        # Every line of the wrapped cell is in the row: none is cut off.
        width = column.get_render_width(table) - 2 * table.cell_padding
        console = Console(width=width, file=io.StringIO())
        lines = cell.wrap(console, width)
        assert all(line.cell_len <= width for line in lines)
        assert table.rows[table.coordinate_to_cell_key((index, 5)).row_key].height >= len(lines)


async def test_a_wider_terminal_unwraps_the_table_and_keeps_the_row(tmp_path: Path) -> None:
    assert i18n.activate("nl") == "nl"  # the longest headings: its widest discards wrap at 80 columns
    path = tens_log(tmp_path / "tens.ecarte.jsonl")
    async with analysed(path) as (pilot, screen):
        table = screen.query_one(FittedTable)
        assert max(row.height for row in table.rows.values()) > 1, "wrapped at 80 columns"
        table.move_cursor(row=2)
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: table.fitted_width == 120)
        await pilot.pause()
        assert all(row.height == 1 for row in table.rows.values())
        assert table.cursor_row == 2
        assert table.virtual_size.width <= table.scrollable_content_region.width


def test_columns_keep_their_content_while_it_fits_and_share_the_rest() -> None:
    headings = [Text("Who"), Text("Chosen"), Text("Best")]
    rows = [
        [Text("Klara"), Text("10♠ 10♥ 10♦ 10♣ 9♣"), Text("7♠ 8♠")],
        [Text("Leo"), Text("A♦"), Text("Keep the hand")],
    ]
    natural = [len("Klara"), len("10♠ 10♥ 10♦ 10♣ 9♣"), len("Keep the hand")]
    assert fitted_widths(headings, rows, 40, wrapped=(1, 2)) == natural
    widths = fitted_widths(headings, rows, 20, wrapped=(1, 2))
    assert widths[0] == len("Klara")
    chosen, best = widths[1], widths[2]
    assert chosen + best <= 20 - len("Klara")
    # No card and no word is split: each is at least as wide as its longest.
    assert chosen >= len("Chosen") and best >= len("Keep")
    # Too little room: never narrower than a word, though the table then scrolls.
    assert fitted_widths(headings, rows, 8, wrapped=(1, 2))[1:] == [len("Chosen"), len("Best")]


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_an_option_and_its_chance_share_a_line_in_the_detail(language: str, tmp_path: Path) -> None:
    """Below the table, a decision's options are listed with their chances of
    winning: at 80 columns a line break falls between two options, never
    between an option and its figure."""
    assert i18n.activate(language) == language
    path = played_log(tmp_path / "match.ecarte.jsonl", seed=3)
    async with analysed(path) as (_pilot, screen):
        detail = screen.query_one("#analysis-detail", Static)
        width = detail.content_region.width
        console = Console(width=width, file=io.StringIO())
        broken_before = 0
        for index, row in enumerate(screen.rows):
            if not isinstance(row, Decision):
                continue
            screen.describe(index)
            content = detail.content
            assert isinstance(content, Text)
            options = content.plain.split("\n", 1)[1]
            broken_before += "\n" in options
            lines = [line.plain for line in content.wrap(console, width)]
            figures = [line for line in lines if re.search(r"\d+%±\d", line)]
            assert len(figures) >= 1
            assert not [line for line in lines if re.match(r"\s*\d+%±", line)], lines
            assert all(len(line) <= width for line in lines)
        assert broken_before, f"{language}: some decision's options take two lines at 80 columns"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_detail_of_every_row_is_read_whole_at_80x24(language: str, tmp_path: Path) -> None:
    """What the detail says of a deal (its tricks as played and with every
    card known) or of a decision (every option with its chance) has the
    lines it needs: nothing is cut at the bottom; nor is the graph's caption."""
    assert i18n.activate(language) == language
    path = played_log(tmp_path / "match.ecarte.jsonl", seed=3)
    async with analysed(path) as (pilot, screen):
        detail = screen.query_one("#analysis-detail", Static)
        deals = 0
        for index, row in enumerate(screen.rows):
            screen.describe(index)
            await pilot.pause()
            content = detail.content
            assert isinstance(content, Text)
            width = detail.content_region.width
            lines = content.wrap(Console(width=width, file=io.StringIO()), width)
            assert len(lines) <= detail.content_region.height, (language, index, content.plain)
            deals += not isinstance(row, Decision)
        assert deals
        # So is the graph's caption, whose player's name may be long.
        caption = screen.query_one("#graph-caption", Static)
        content = caption.content
        assert isinstance(content, Text) and content.plain
        width = caption.content_region.width
        caption_lines = content.wrap(Console(width=width, file=io.StringIO()), width)
        assert len(caption_lines) <= caption.content_region.height
        # The table keeps rows to choose from.
        assert screen.query_one(FittedTable).scrollable_content_region.height >= 4


async def test_rows_drawn_before_the_table_measures_them_are_not_cut() -> None:
    """A frame may draw the rows between ``show`` and the DataTable's own
    measuring (on idle); the columns must be as wide as their cells then
    too (seen in the app: the analysis's columns cut to "Dea", "excha")."""
    from textual.app import App, ComposeResult

    class OneTable(App[None]):
        def compose(self) -> ComposeResult:
            yield FittedTable(wrapped=(2,))

    app = OneTable()
    async with app.run_test(size=(80, 10)) as pilot:
        table = app.query_one(FittedTable)
        table.show([Text("Who"), Text("Phase"), Text("Best")], [])
        await pilot.pause()
        table.show(
            [Text("Who"), Text("Phase"), Text("Best")],
            [[Text("Deal 1"), Text("exchange"), Text("open hands 4-1")]],
        )
        # Drawn at once, before any idle moment, then again after it.
        early = "".join(segment.text for segment in table.render_line(1))
        await pilot.pause()
        table.refresh()
        await pilot.pause()
        later = "".join(segment.text for segment in table.render_line(1))
        for cell in ("Deal 1", "exchange", "open hands 4-1"):
            assert cell in early and cell in later, (cell, early, later)


async def test_long_names_in_the_analysis_end_in_an_ellipsis(tmp_path: Path) -> None:
    """A 21-character name: the one-line title names both players (each cut
    with "…"), and the summary and Who column cut with "…", never silently."""
    from textual.widgets import DataTable

    from ecarte.engine import Rules

    i18n.activate("fr")
    try:
        path = tmp_path / "long.ecarte.jsonl"
        deck = deck_for(["KS", "7H", "8D", "7C", "9H"], ["AS", "QS", "JS", "AH", "TC"], "7S")
        long_name = "Bartholomew-Alexandre"
        with LogWriter.create(path, (long_name, "Computer"), 1, Rules(target=1), durable=False) as log:
            log.write_deal(1, deck)
            log.write_action(0, Action.parse("play"))
            log.write_action(0, Action.parse("card 7H"))
            log.write_action(1, Action.parse("card AH"))
        async with analysed(path) as (_pilot, screen):
            title = plain(screen.query_one("#analysis-title", Static).render())
            assert "Bartholomew-Ale…" in title and "Ordinateur" in title
            summary = plain(screen.query_one("#analysis-summary", Static).content)
            assert "Bartholomew-Alexand…:" in summary
            table = screen.query_one(DataTable)
            who = [plain(table.get_row_at(row)[1]) for row in range(table.row_count)]
            assert "Bartholomew…" in who
    finally:
        i18n.activate(i18n.SOURCE_LANGUAGE)
