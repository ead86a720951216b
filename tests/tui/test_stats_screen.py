"""The Statistics screen, opened from the title: the numbers it shows are
``analysis.stats.collect``'s over the saved logs (written here: finished,
unfinished and one assisted match), and the win rate is drawn over time."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from game_support import RecordingApp, until
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from ecarte import i18n
from ecarte.ai.base import Player, make_player
from ecarte.analysis.stats import collect
from ecarte.engine import Rules
from ecarte.log import LogWriter
from ecarte.play import paths
from ecarte.tournament import play_match
from ecarte.tui.stats_screen import StatsScreen, rolling_win_rate


class HintedLog(LogWriter):
    """Writes the player's decisions as the app does after a hint."""

    def write_action(self, player, action, extra=None):  # type: ignore[no-untyped-def]
        super().write_action(player, action, {"hint": True} if player == 0 else extra)


def played(name: str, level: str, seed: int, rules: Rules, created: str, *, hinted: bool = False) -> Path:
    folder = paths.matches_dir()
    players: list[Player] = [make_player("classic", seed), make_player("random", seed + 1)]
    for seat, player in enumerate(players):
        player.start_match(seat, rules)
    path = folder / f"{name}.ecarte.jsonl"
    extra = {"opponent": level, "created": created, "seed": seed}
    writer = HintedLog if hinted else LogWriter
    with writer.create(path, ("Klara", "Computer"), seed % 2, rules, extra, durable=False) as log:
        play_match(players, rules, seed % 2, random.Random(seed), recorder=log)
    return path


def between_programs(path: Path, seed: int) -> None:
    """A log as ``ecarte simulate --log-dir`` writes one: nobody's record."""
    rules = Rules()
    players: list[Player] = [make_player("random", seed), make_player("classic", seed + 1)]
    for seat, player in enumerate(players):
        player.start_match(seat, rules)
    extra = {"tournament_seed": seed, "match": 1}
    with LogWriter.create(path, ("A: random", "B: classic"), 0, rules, extra, durable=False) as log:
        play_match(players, rules, 0, random.Random(seed), recorder=log)


def words(content: object) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(content)
    return " ".join(console.export_text().split())


async def opened_stats(pilot: Pilot[None]) -> StatsScreen:
    """The Statistics screen, opened from the title and filled."""
    await pilot.press("t")
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    await until(pilot, lambda: screen.record is not None and screen.query("#stats-deals"), rounds=3000)
    await pilot.pause()
    return screen


async def test_the_screen_shows_the_record_of_the_saved_matches() -> None:
    french = Rules(penalty_adds_to_vole=True, games_to_win=2)
    for index in range(5):
        played(
            f"m{index}", "normal" if index % 2 else "expert", index, Rules(), f"2026-11-0{index + 1}T10:00:00"
        )
    played("french", "normal", 11, french, "2026-11-07T10:00:00")
    played("assisted", "normal", 12, Rules(), "2026-11-08T10:00:00", hinted=True)
    unfinished = paths.matches_dir() / "unfinished.ecarte.jsonl"
    lines = (paths.matches_dir() / "m0.ecarte.jsonl").read_text(encoding="utf-8").splitlines()
    unfinished.write_text("\n".join(lines[:8]) + "\n", encoding="utf-8")
    between_programs(paths.matches_dir() / "match-0001.ecarte.jsonl", 13)

    expected = collect(paths.matches_dir()).to_json()
    assert expected["assisted"]["played"] == 1 and expected["unfinished"] == 1
    assert expected["between_programs"] == 1 and "unknown" not in expected["by_level"]

    app = RecordingApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await opened_stats(pilot)
        table = screen.query_one("#stats-tallies", DataTable)
        rows = {str(key.value): [str(cell) for cell in table.get_row(key)] for key in table.rows}

        def cells(tally: dict[str, object]) -> list[str]:
            rate, interval = tally["win_rate"], tally["interval"]
            assert isinstance(rate, float | int) and isinstance(interval, list)
            return [
                str(tally["played"]),
                str(tally["won"]),
                f"{100 * rate:.0f}%",
                f"{100 * interval[0]:.0f}-{100 * interval[1]:.0f}%",
            ]

        assert rows["all"][1:] == cells(expected["matches"])
        for level, tally in expected["by_level"].items():
            assert rows[f"level:{level}"][1:] == cells(tally)
        for rules, tally in expected["by_rules"].items():
            assert rows[f"rules:{rules}"][1:] == cells(tally)
        assert rows["assisted"][1:] == cells(expected["assisted"])
        deals = words(screen.query_one("#stats-deals", Static).content)
        per_deal = expected["points_per_deal"]
        assert f"Deals played: {expected['deals']}" in deals
        assert f"Points per deal: yours {per_deal[0]:.2f}, the opponents' {per_deal[1]:.2f}" in deals
        assert f"Voles: yours {expected['voles'][0]}, the opponents' {expected['voles'][1]}" in deals
        assert f"suffered {expected['penalties']['suffered']}" in deals
        assert f"inflicted {expected['penalties']['inflicted']}" in deals
        assert f"King points: yours {expected['king_points'][0]}" in deals
        assert f"Longest winning streak: {expected['longest_winning_streak']}" in deals
        status = words(screen.query_one("#stats-status", Static).content)
        assert "1 unfinished" in status
        assert "1 played with hints: counted apart, left out of the rest." in status
        assert "1 between two programs (ecarte simulate): not counted." in status
        # The win rate over time: one point per finished, unassisted match.
        from ecarte.tui.stats_screen import Plot

        plot = screen.query_one("#stats-win-plot", Plot)
        assert len(plot.values) == expected["matches"]["played"]


def test_the_rolling_win_rate_is_the_share_of_the_last_matches() -> None:
    history = [("a", True), ("b", False), ("c", False), ("d", True)]
    assert rolling_win_rate(history, window=2) == [100.0, 50.0, 0.0, 50.0]
    assert rolling_win_rate(history, window=10)[-1] == 50.0


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_record_names_rules_in_words_and_fits_80_columns(language: str) -> None:
    assert i18n.activate(language) == language
    unusual = Rules(target=7, games_to_win=2, ace_high=True, must_trump=False, penalty_adds_to_vole=True)
    played("usual", "normal", 1, Rules(), "2026-11-01T10:00:00")
    played("unusual", "expert", 2, unusual, "2026-11-02T10:00:00")
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened_stats(pilot)
        table = screen.query_one("#stats-tallies", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width, language
        names = {str(key.value): str(table.get_row(key)[0]) for key in table.rows}
        rule_rows = [name for key, name in names.items() if key.startswith("rules:")]
        assert len(rule_rows) == 2
        # The rules in the players' words, not the log's keys.
        assert not any("=" in name or "default" in name for name in rule_rows), rule_rows
        if language == "en":
            # Too long for the names' column: named by letters there, in full under the table.
            assert sorted(rule_rows) == ["rules A", "rules B"]
            legend = str(screen.query_one("#stats-rules-legend", Static).content).splitlines()
            assert legend == [
                "A: game to 5 · usual rules",
                "B: game to 7 · first to 2 games · ace high · must trump: off · penalty on a vole: on",
            ]
        # The points per deal with the language's decimal mark: every language
        # shipped but English writes a comma ("0,85").
        mark = "." if language == "en" else ","
        deals = words(screen.query_one("#stats-deals", Static).content)
        figures = re.findall(r"\d+[.,]\d+", deals)
        assert len(figures) == 2 and all(mark in figure for figure in figures), deals
        # Each row's name takes at most two lines of its column.
        assert all(row.height <= 2 for row in table.rows.values()), language
        # A name too long for its column wraps onto more lines: none is cut.
        width = next(iter(table.columns.values())).get_render_width(table) - 2 * table.cell_padding
        for key, row in table.rows.items():
            name = table.get_row(key)[0]
            lines = name.wrap(Console(width=width, file=io.StringIO()), width)
            assert row.height >= len(lines), (language, str(name))


async def test_a_long_record_scrolls_with_the_screen_and_lists_names_in_order() -> None:
    """More rule sets than the screen's height: the table stays as tall as
    its rows (no scrollbar of its own hiding numbers), and each group of rows
    is in the order of the names shown, in the player's language."""
    assert i18n.activate("de") == "de"
    rule_sets = [
        Rules(),
        Rules(target=7),
        Rules(ace_high=True),
        Rules(must_trump=False),
        Rules(games_to_win=2, penalty_adds_to_vole=True),
        Rules(target=7, ace_high=True, must_trump=False),
        Rules(max_exchanges=1),
        Rules(four_all_reset=True),
        Rules(dealer_must_exchange=True),
        Rules(deal_packets=(2, 3)),
        Rules(target=7, games_to_win=2),
        Rules(ace_high=True, four_all_reset=True),
    ]
    for index, rules in enumerate(rule_sets):
        level = ("expert", "normal", "gentle")[index % 3]
        played(f"m{index}", level, index, rules, f"2026-11-{index + 1:02}T10:00:00")
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened_stats(pilot)
        table = screen.query_one("#stats-tallies", DataTable)
        heights = sum(row.height for row in table.rows.values()) + table.header_height
        assert table.size.height >= heights, "whole"
        assert table.max_scroll_y == 0 and table.max_scroll_x == 0
        names = {str(key.value): str(table.get_row(key)[0]) for key in table.rows}
        for group in ("level:", "rules:"):
            shown = [name for key, name in names.items() if key.startswith(group)]
            assert len(shown) == (3 if group == "level:" else len(rule_sets))
            assert shown == sorted(shown, key=str.casefold), shown
        # The rule sets, named by letters in the table, are spelled out under
        # it in the same order: the order of their words.
        legend = str(screen.query_one("#stats-rules-legend", Static).content).splitlines()
        assert len(legend) == len(rule_sets)
        spelled = [line.split(": ", 1)[1] for line in legend]
        assert spelled == sorted(spelled, key=str.casefold), spelled
        # The screen scrolls down to the last row and past the table.
        body = screen.query_one("#stats-body")
        assert body.max_scroll_y > 0


def analysed(log: Path, accuracy: float) -> None:
    """Keep an analysis of ``log`` as ``ecarte analyse`` does (the player's
    accuracy only: all the record reads)."""
    from ecarte.analysis.saved import SUFFIX

    info = log.stat()
    entry = {"log": log.name, "size": info.st_size, "mtime_ns": info.st_mtime_ns, "accuracy": {"0": accuracy}}
    folder = paths.data_dir() / "analyses"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / (log.name + SUFFIX)).write_text(json.dumps(entry), encoding="utf-8")


def notes(screen: StatsScreen) -> tuple[str, str]:
    """The notes under "Win rate over time" and "Accuracy over time"."""
    return (
        words(screen.query_one("#stats-win-note", Static).content),
        words(screen.query_one("#stats-accuracy-note", Static).content),
    )


async def test_matches_played_with_hints_are_said_to_be_left_out_of_the_graphs() -> None:
    """Two finished, analysed matches, both with hints: the graphs are empty
    because of the hints, not for want of finished or analysed matches."""
    for index in range(2):
        log = played(
            f"h{index}", "normal", 20 + index, Rules(), f"2026-11-0{index + 1}T10:00:00", hinted=True
        )
        analysed(log, 80.0 + index)
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened_stats(pilot)
        assert screen.record is not None and screen.record.analysed_with_hints == 2
        win, accuracy = notes(screen)
        assert win == (
            "2 finished matches were played with hints and are left out: the graph appears once two "
            "matches played without hints are finished."
        )
        assert accuracy.startswith(
            "2 analysed matches were played with hints and are left out: the graph shows matches "
            "played without hints."
        )
        assert not screen.query("#stats-win-plot") and not screen.query("#stats-accuracy-plot")
        # The deals: why there is nothing to count, not a column of zeros.
        deals = words(screen.query_one("#stats-deals", Static).content)
        assert "none yet" in deals and "Your 2 finished matches were played with hints" in deals
        assert "Voles: yours 0" not in deals


async def test_the_graphs_notes_say_when_too_few_matches_are_finished_or_analysed() -> None:
    played("m0", "normal", 1, Rules(), "2026-11-01T10:00:00")
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened_stats(pilot)
        win, accuracy = notes(screen)
        assert win == "The graph appears once two matches are finished."
        assert accuracy == "No analysed matches yet: analyse one from its replay (a), or with ecarte analyse."


@pytest.mark.parametrize("kind", ["a regular file", "a FIFO (named pipe)"])
async def test_a_matches_folder_that_is_not_one_is_named_as_a_new_match_names_it(
    kind: str, tmp_path: Path
) -> None:
    from game_support import matches_folder_that_is_not_one

    reason = matches_folder_that_is_not_one(kind)  # the words of a new match
    cache = paths.data_dir() / "stats-cache.json"
    kept = '{"version": 1, "logs": {"m.ecarte.jsonl": {"size": 1, "mtime_ns": 1, "summary": null}}}'
    cache.write_text(kept)
    app = RecordingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await until(pilot, lambda: screen.record is not None, rounds=3000)
        await pilot.pause()
        status = words(screen.query_one("#stats-status", Static).content)
        assert status == f"No saved matches can be counted: {reason}."
        assert not screen.query("#stats-tallies")  # no record of zeros
    assert cache.read_text() == kept  # left as it was, for when the folder is back


async def test_the_plots_keep_one_scale_from_0_to_100() -> None:
    """Textual's Sparkline stretched the values from their lowest to their
    highest: an accuracy of 86.5 was an empty line beside 90.1 as a full
    bar, and one win in four a full bar. The same height is now the same
    share: both accuracies nearly full, a quarter a quarter."""
    from textual.app import App, ComposeResult

    from ecarte.tui.analysis_screen import HALF_LINE, ChanceBars
    from ecarte.tui.stats_screen import Plot

    class Plots(App[None]):
        def compose(self) -> ComposeResult:
            yield Plot([86.5, 90.1], unit="", id="accuracy")
            yield Plot([25.0, 25.0, 25.0, 25.0], id="wins")

    app = Plots()
    async with app.run_test(size=(80, 10)) as pilot:
        await until(pilot, lambda: all(bars.values for bars in app.query(ChanceBars)))
        await pilot.pause()

        def rows(plot: str) -> list[str]:
            bars = app.query_one(f"#{plot} ChanceBars", ChanceBars)
            return [line.plain for line in bars.render().split("\n")]

        # Each value over half the width: 86.5 then 90.1, both nearly full.
        top, middle, bottom = rows("accuracy")
        assert set(top) == {"▅", "▆"} and top[0] == "▅" and top[-1] == "▆", top
        assert set(middle) == set(bottom) == {"█"}, (middle, bottom)
        # A quarter: six eighths of the bottom row; the 50% line above it.
        assert [set(row) for row in rows("wins")] == [{" "}, {HALF_LINE}, {"▆"}], rows("wins")
        axis = [str(static.content) for static in app.query(".plot-axis")]
        assert axis == ["100\n\n  0", "100%\n\n  0%"], axis
