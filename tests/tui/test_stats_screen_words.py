"""What the Statistics screen says about the logs it cannot count (a damaged
log, a folder named like a log) and how it breaks down the matches played
with hints: by level, as the matches without hints, and within 80 columns."""

from __future__ import annotations

import io

from game_support import RecordingApp
from rich.console import Console
from test_stats_screen import opened_stats, played, words
from textual.widgets import DataTable, Static

from damaged_logs import garble_first_card
from ecarte.engine import Rules
from ecarte.log import check_report, replay_file
from ecarte.play import paths


async def test_a_damaged_log_is_named_with_its_line_and_not_called_unfinished() -> None:
    played("m0", "normal", 1, Rules(), "2026-11-01T10:00:00")
    garbled = played("garbled", "easy", 2, Rules(), "2026-11-02T10:00:00")
    line = garble_first_card(garbled)
    assert check_report(replay_file(garbled))["error"]["line"] == line
    (paths.matches_dir() / "folder.ecarte.jsonl").mkdir()
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened_stats(pilot)
        status = words(screen.query_one("#stats-status", Static).content)
        assert "unfinished" not in status
        assert "2 files skipped (damaged, or not match logs): named at the end." in status
        skipped = words(screen.query_one("#stats-skipped", Static).content)
        assert "folder.ecarte.jsonl: not a regular file but a directory" in skipped
        assert (
            f"garbled.ecarte.jsonl: line {line} of the file is damaged (card: 'ZZ' is not a card" in skipped
        )


async def test_matches_played_with_hints_show_their_levels_within_80_columns() -> None:
    played("e0", "easy", 3, Rules(), "2026-11-01T10:00:00", hinted=True)
    played("e1", "easy", 4, Rules(), "2026-11-02T10:00:00", hinted=True)
    played("x0", "expert", 5, Rules(), "2026-11-03T10:00:00", hinted=True)
    played("n0", "normal", 6, Rules(), "2026-11-04T10:00:00")
    won = {
        name: check_report(replay_file(paths.matches_dir() / f"{name}.ecarte.jsonl"))["winner"] == 0
        for name in ("e0", "e1", "x0")
    }
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened_stats(pilot)
        table = screen.query_one("#stats-tallies", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        rows = {str(key.value): [str(cell) for cell in table.get_row(key)] for key in table.rows}
        order = list(rows)
        assert rows["assisted"][1:3] == ["3", str(sum(won.values()))]
        assert rows["assisted-level:easy"][:3] == [
            "with hints, against Easy",
            "2",
            str(won["e0"] + won["e1"]),
        ]
        assert rows["assisted-level:expert"][:3] == ["with hints, against Expert", "1", str(int(won["x0"]))]
        # Below the hinted total, and apart from the levels without hints.
        assert order.index("assisted") < order.index("assisted-level:easy")
        assert rows["level:normal"][1] == "1" and "level:easy" not in rows
        # Each name is whole: a name too long for its column wraps.
        width = next(iter(table.columns.values())).get_render_width(table) - 2 * table.cell_padding
        for key, row in table.rows.items():
            name = table.get_row(key)[0]
            assert row.height >= len(name.wrap(Console(width=width, file=io.StringIO()), width))
