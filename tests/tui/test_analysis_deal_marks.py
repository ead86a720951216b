"""The deals' numbers under the Analysis graph never run together: a
tester read "41" where game 1 ended in deal 4 and game 2's deal 1 came a
column later."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from ecarte.tui.analysis_screen import WinChanceGraph, deal_marks_line


class GraphApp(App[None]):
    def compose(self) -> ComposeResult:
        yield WinChanceGraph(id="graph")


def numbers(line: str) -> list[str]:
    return line.split()


async def test_a_game_s_last_deal_and_the_next_game_s_first_do_not_run_together() -> None:
    # 300 events at 75 columns: 4 a column. Game 1's deal 4 starts at line
    # 196 and game 2's deal 1 at line 200: the next column.
    series = [(line, 50.0) for line in range(1, 301)]
    deals = [(1, 1), (80, 2), (160, 3), (196, 4), (200, 1), (280, 2)]
    app = GraphApp()
    async with app.run_test(size=(80, 24)) as pilot:
        graph = app.query_one(WinChanceGraph)
        graph.show(series, deals, "")
        await pilot.pause()
        graph.redraw()
        marks = str(app.query_one("#graph-marks", Static).content)
        shown = numbers(marks)
        # Each number stands alone; both games' first deals are there.
        assert set(shown) <= {"1", "2", "3", "4"}, marks
        assert shown.count("1") == 2 and shown[:3] == ["1", "2", "3"], marks
        assert "41" not in marks and "14" not in marks
        # The pointer on the second game's first deal shows its 1.
        graph.point_to(200)
        pointed = app.query_one("#graph-marks", Static).content
        assert str(pointed).split() == shown


def test_numbers_keep_a_gap_or_are_left_out() -> None:
    assert "".join(deal_marks_line([(0, 1), (3, 2), (5, 3)], 8)) == "1  2 3  "
    # Touching: the later one goes, unless it starts a game.
    assert "".join(deal_marks_line([(0, 1), (1, 2), (4, 3)], 8)) == "1   3   "
    assert "".join(deal_marks_line([(2, 4), (3, 1)], 6)) == "   1  "
    # A deal 10 needs two cells and a gap on each side; none off the edge.
    assert "".join(deal_marks_line([(0, 9), (2, 10), (7, 11)], 8)) == "9 10    "
