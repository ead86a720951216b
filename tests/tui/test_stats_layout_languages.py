"""At 80x24 the record's rows keep their names on one line in every
language, beside the numbers: "Avec conseils, à part", "avec conseils,
contre Facile", the Finnish and Dutch ones wrapped onto two lines. Every
opponent with a name in the player's language is in the record (the app's
levels, then classic, master and random), with and without hints, and the
usual rules, named in full where the names' column has the room, by a letter
spelled out under the table where it has not."""

from __future__ import annotations

import pytest
from game_support import RecordingApp
from test_stats_screen import opened_stats, played
from textual.widgets import DataTable, Static

from ecarte import i18n
from ecarte.engine import Rules
from ecarte.play.names import rules_in_words
from ecarte.play.settings import LEVELS


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_every_rows_name_is_on_one_line_at_80_columns(language: str) -> None:
    assert i18n.activate(language) == language
    levels = [*LEVELS, "classic", "master", "random"]
    for index, level in enumerate(levels):
        for hinted in (False, True):
            day = 2 * index + hinted + 1
            played(f"{level}-{hinted}", level, day, Rules(), f"2026-11-{day:02}T10:00:00", hinted=hinted)
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened_stats(pilot)
        await pilot.pause()
        table = screen.query_one("#stats-tallies", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width, language
        names = {str(key.value): str(table.get_row(key)[0]) for key in table.rows}
        assert sum(key.startswith("level:") for key in names) == 6
        assert sum(key.startswith("assisted-level:") for key in names) == 6
        lines = [strip.text for strip in table.render_lines(table.region.reset_offset)]
        assert len(lines) >= table.header_height + len(names)
        body = lines[table.header_height :]
        for position, (key, name) in enumerate(names.items()):
            assert table.rows[key].height == 1, (language, name)
            assert body[position].startswith(f" {name} "), (language, name, body[position])
        # The numbers' headings are whole, if on two lines.
        top = " ".join(" ".join(lines[: table.header_height]).split())
        for column in table.columns.values():
            assert all(word in top.split() for word in str(column.label).split()), (language, top)
        # The usual rules: in full in their row, or by a letter spelled out under the table.
        rules = rules_in_words(Rules(), with_target=True, capital=False)
        (row,) = [name for key, name in names.items() if key.startswith("rules:")]
        spelled = [str(legend.content) for legend in screen.query("#stats-rules-legend").results(Static)]
        if rules not in row:
            legend = screen.query_one("#stats-rules-legend", Static)
            assert legend.display and rules in str(legend.content), (language, row)
        else:
            assert not any(legend.display for legend in screen.query("#stats-rules-legend")), spelled
