"""What the Analysis view says of a deal: with all cards known, in a
sentence that says so once; and nothing open for a deal whose game ended
on the king's point before any card, as for a turned-up king."""

from __future__ import annotations

import io
from pathlib import Path

from game_support import RecordingApp, until
from rich.console import Console
from textual.widgets import DataTable, Static

from ecarte.analysis.match_analysis import DealResult
from ecarte.engine import Action, Rules, deck_for
from ecarte.log import LogWriter, replay_file
from ecarte.play.settings import Settings
from ecarte.tui.analysis_screen import AnalysisScreen, deal_note
from ecarte.tui.replay_screen import ReplayViewerScreen


def words(content: object) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(content)
    return " ".join(console.export_text().split())


def test_the_open_hands_sentence_says_every_card_was_seen_once() -> None:
    names = ("You", "Computer")
    note = deal_note(DealResult(1, 1, 1, 2, 1, (4, 1), (5, 0), (2, 0)), names).plain
    assert note == (
        "Game 1, deal 1 (Computer deals). Tricks as played: You 4, Computer 1. "
        "With all cards known (best play by both: what was possible, not what could have been known): "
        "You 5, Computer 0 tricks, 2 points to you."
    )
    theirs = deal_note(DealResult(1, 1, 1, 2, 0, (1, 4), (2, 3), (0, 1)), names).plain
    assert theirs.endswith(
        "With all cards known (best play by both: what was possible, not what could have been known): "
        "You 2, Computer 3 tricks, 1 point to Computer."
    )
    none = deal_note(DealResult(1, 1, 1, 2, 0, (2, 3), (2, 3), (0, 0)), names).plain
    for said in (note, theirs, none):
        assert "every card visible" not in said and said.count("known") == 2


async def test_a_deal_ended_by_an_announced_king_has_no_open_hands(tmp_path: Path) -> None:
    # A one-point match: the elder (Klara) holds the trump king and
    # announces it before leading; its point wins the match at once.
    deck = deck_for(["KS", "7H", "8D", "7C", "9H"], ["AS", "QS", "JS", "AH", "TC"], "7S")
    path = tmp_path / "announced.ecarte.jsonl"
    with LogWriter.create(path, ("Klara", "Leo"), 1, Rules(target=1), durable=False) as log:
        log.write_deal(1, deck)
        log.write_action(0, Action.parse("play"))
        log.write_action(0, Action.parse("king"))
    replay = replay_file(path)
    app = RecordingApp(Settings(), first_screen=lambda: ReplayViewerScreen(path, replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await until(pilot, lambda: screen.analysis is not None, rounds=3000)
        table = screen.query_one(DataTable)
        rows = [[words(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
        (deal_row,) = [row for row in rows if row[1] == "Deal 1"]
        assert deal_row[-2:] == ["played —", "open hands —"]
        table.move_cursor(row=rows.index(deal_row))
        await pilot.pause()
        detail = words(screen.query_one("#analysis-detail", Static).content)
        assert "Not played out." in detail and "With all cards known" not in detail
