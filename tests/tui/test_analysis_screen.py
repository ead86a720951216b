"""The Analysis view, opened from the replay viewer: a deliberate blunder is
listed as one with the seat's accuracy, choosing it takes the replay to that
decision and says what the best option was, and leaving while it works
stops the analysis. Its help says what the columns, the deal rows, the
accuracy and the labels mean; its graph has one scale, 0% to 100% with the
50% line, in every match; "flagged only" says when nothing is flagged."""

from __future__ import annotations

import io
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import RecordingApp, until
from rich.console import Console
from rich.text import Text
from textual.widgets import DataTable, Static

from ecarte.analysis import match_analysis
from ecarte.engine import Rules, deck_for
from ecarte.log import LogWriter, replay_file
from ecarte.play.settings import Settings
from ecarte.tui import analysis_screen
from ecarte.tui.analysis_screen import AnalysisScreen, WinChanceGraph, columns
from ecarte.tui.replay_screen import ReplayViewerScreen


def king_log(path: Path) -> Path:
    """A one-point match: the elder (Klara) holds the trump king and plays the
    7♥ instead of announcing it, when the point would have won the match.
    Leo's reply (his only heart) is forced."""
    deck = deck_for(["KS", "7H", "8D", "7C", "9H"], ["AS", "QS", "JS", "AH", "TC"], "7S")
    with LogWriter.create(path, ("Klara", "Leo"), 1, Rules(target=1), durable=False) as log:
        log.write_deal(1, deck)
        log.write_action(0, _action("play"))
        log.write_action(0, _action("card 7H"))
        log.write_action(1, _action("card AH"))
    return path


def _action(text: str):  # type: ignore[no-untyped-def]
    from ecarte.engine import Action

    return Action.parse(text)


def words(content: object) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(content)
    return " ".join(console.export_text().split())


def viewer_app(path: Path) -> RecordingApp:
    replay = replay_file(path)
    return RecordingApp(Settings(), first_screen=lambda: ReplayViewerScreen(path, replay))


async def analysis_opened(pilot: Any, app: RecordingApp, rounds: int = 3000) -> AnalysisScreen:
    """``a`` in the viewer, and the analysis once it is done."""
    await pilot.press("a")
    screen = app.screen
    assert isinstance(screen, AnalysisScreen)
    await until(pilot, lambda: screen.analysis is not None, rounds=rounds)
    return screen


async def test_a_blunder_is_listed_and_choosing_it_moves_the_replay(tmp_path: Path) -> None:
    path = king_log(tmp_path / "king.ecarte.jsonl")
    app = viewer_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        await pilot.press("end")
        assert viewer.position == 4
        await pilot.press("a")
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await until(pilot, lambda: screen.analysis is not None, rounds=3000)
        summary = words(screen.query_one("#analysis-summary", Static).content)
        assert "Klara: accuracy" in summary and "1 blunder" in summary
        table = screen.query_one(DataTable)
        rows = [[words(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
        # The deal, then the two decisions with a choice (Leo's forced reply is not one).
        assert [row[0] for row in rows] == ["2", "3", "4"]
        blunder_row = next(index for index, row in enumerate(rows) if row[3] == "blunder")
        assert rows[blunder_row][5] == "7♥" and rows[blunder_row][6] == "Announce"
        table.move_cursor(row=blunder_row)
        await pilot.pause()
        detail = words(screen.query_one("#analysis-detail", Static).content)
        assert "the best was Announce" in detail and "★ Announce" in detail
        # Klara's decision: the chances are hers, and say so (the graph is Leo's).
        assert re.search(r"Klara chose 7♥ \(Klara: \d+%\)", detail), detail
        # The loss in percentage points: "points" alone read as the game's points.
        assert re.search(r"a loss of \d+\.\d percentage points", detail), detail
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is viewer
        # At the decision: Klara still holds the 7♥ and the king.
        assert viewer.position == 2
        note = note_shown(viewer)
        assert "Klara chose 7♥" in note and "best was Announce" in note, note
        # Back to the analysis: kept, not computed again.
        await pilot.press("a")
        assert isinstance(app.screen, AnalysisScreen) and app.screen.analysis is not None


async def test_home_and_end_move_to_the_first_and_last_rows(tmp_path: Path) -> None:
    """Home and End scrolled the list (DataTable's own) and left the cursor,
    and the detail under it, on the same row."""
    app = viewer_app(king_log(tmp_path / "king.ecarte.jsonl"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await analysis_opened(pilot, app)
        table = screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == 3)

        def detail() -> str:
            return words(screen.query_one("#analysis-detail", Static).content)

        await pilot.press("end")
        await until(pilot, lambda: table.cursor_row == 2)
        last = detail()
        await pilot.press("home")
        await until(pilot, lambda: table.cursor_row == 0)
        assert detail() != last and detail().startswith("Game 1, deal 1"), detail()


def played_log(path: Path, seed: int) -> Path:
    """A whole match, classic against random: a hundred-odd decisions to analyse."""
    import random

    from ecarte.ai.base import make_player
    from ecarte.tournament import play_match

    players = [make_player("classic", seed), make_player("random", seed + 1)]
    for seat, player in enumerate(players):
        player.start_match(seat, Rules())
    with LogWriter.create(path, ("Klara", "Leo"), 0, Rules(), durable=False) as log:
        play_match(players, Rules(), 0, random.Random(seed), recorder=log)
    return path


async def test_deal_rows_number_the_deals_within_their_game(tmp_path: Path) -> None:
    # Two games to two points: the second game's first deal is deal 1 again,
    # as the table and the replay number it.
    import random

    from ecarte.ai.base import make_player
    from ecarte.engine import Match
    from ecarte.tournament import play_match

    rules = Rules(target=2, games_to_win=2)
    players = [make_player("random", 3), make_player("random", 4)]
    for seat, player in enumerate(players):
        player.start_match(seat, rules)
    path = tmp_path / "two-games.ecarte.jsonl"
    with LogWriter.create(path, ("Klara", "Leo"), 0, rules, durable=False) as log:
        play_match(players, rules, 0, random.Random(3), recorder=log)
    match = Match(rules, 0)
    expected = []
    for event in replay_file(path).events:
        if event.type == "deal":
            assert event.deck is not None
            match.deal(event.deck)
            expected.append((f"Deal {match.deal_in_game()}", f"game {len(match.games)}"))
        else:
            assert event.action is not None
            match.apply(event.action, event.player)
    assert ("Deal 1", "game 2") in expected
    app = viewer_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await analysis_opened(pilot, app, rounds=6000)
        table = screen.query_one(DataTable)
        rows = [[words(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
        deal_rows = [index for index, row in enumerate(rows) if row[1].startswith("Deal ")]
        assert [(rows[index][1], rows[index][2]) for index in deal_rows] == expected
        # The graph marks each deal with the same number; the pointer on a
        # deal's number shows it reversed rather than covering it.
        graph = screen.query_one(WinChanceGraph)
        graph.point_to(None)
        marks = words(screen.query_one("#graph-marks", Static).content).split()
        assert marks == [number.split()[1] for number, __ in expected]
        graph.point_to(screen.analysis.deals[0].line)
        pointed = screen.query_one("#graph-marks", Static).content
        assert isinstance(pointed, Text)
        assert pointed.plain.split() == marks and "▲" not in pointed.plain
        assert any("reverse" in str(span.style) for span in pointed.spans)
        second_game = deal_rows[expected.index(("Deal 1", "game 2"))]
        table.move_cursor(row=second_game)
        await pilot.pause()
        detail = words(screen.query_one("#analysis-detail", Static).content)
        assert detail.startswith("Game 2, deal 1 (")


async def test_leaving_the_view_stops_the_analysis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # An analysis that would go on for a long time: it works decision by
    # decision until told to stop (so the test does not race a fast machine).
    seen_cancel = threading.Event()

    def endless(replay: Any, *, cancelled: Callable[[], bool], **_: Any) -> Any:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if cancelled():
                seen_cancel.set()
                return match_analysis.MatchAnalysis.__new__(match_analysis.MatchAnalysis)
            time.sleep(0.01)
        raise AssertionError("the analysis was never told to stop")

    monkeypatch.setattr(analysis_screen, "analyse_replay", endless)
    app = viewer_app(played_log(tmp_path / "long.ecarte.jsonl", seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("a")
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await until(pilot, lambda: any(worker.node is screen for worker in app.workers))
        (worker,) = [worker for worker in app.workers if worker.node is screen]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayViewerScreen)
        assert worker.is_cancelled
        await until(pilot, lambda: worker.is_finished, rounds=3000)
        assert seen_cancel.is_set()  # the analysis itself stopped at its next decision
        assert screen.analysis is None


def test_the_graph_gives_every_column_a_point_and_every_point_a_column() -> None:
    for points, width in ((4, 70), (150, 70), (70, 70), (1, 5)):
        spans = columns(points, width)
        assert len(spans) == width
        assert all(len(span) >= 1 for span in spans)
        assert {index for span in spans for index in span} == set(range(points))
    assert WinChanceGraph  # the widget the view draws with


async def test_the_end_of_a_match_offers_its_analysis(tmp_path: Path) -> None:
    from game_support import GameApp, deck, scripted_session, settle

    from ecarte.tui.deal_summary import DealSummaryScreen, MatchOverScreen

    # A one-point match; the player holds the king of trumps (K♥, the 7♥ turned up).
    hand = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
    session, _ = scripted_session(tmp_path, [hand], ["accept"], rules=Rules(target=1))
    app = GameApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("k")  # the point that wins the match
        await until(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        assert screen.path == session.log_path
        assert any(isinstance(below, ReplayViewerScreen) for below in app.screen_stack)
        await until(pilot, lambda: screen.analysis is not None, rounds=3000)
        # Two decisions with a choice, the player's: play rather than propose, the king.
        assert screen.analysis is not None
        assert [(decision.seat, str(decision.chosen)) for decision in screen.analysis.decisions] == [
            (0, "play"),
            (0, "king"),
        ]
        assert "not over" not in words(screen.query_one("#analysis-status", Static).content)
        # Esc: back where the player asked for it, not into a replay they never opened.
        below = app.screen_stack[-3]
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, (AnalysisScreen, ReplayViewerScreen)))
        assert app.screen is below
        assert not any(isinstance(screen, ReplayViewerScreen) for screen in app.screen_stack)
    session.close()


async def test_the_analysis_of_a_forfeited_match_says_how_it_ended(tmp_path: Path) -> None:
    """The log holds no forfeit (it is kept beside it): the analysis says the
    match ended there, rather than showing a match that merely stops; a
    match that merely stops is said not to be over."""
    from ecarte.play.autosave import write_forfeit

    path = king_log(tmp_path / "forfeited.ecarte.jsonl")
    write_forfeit(path, "the bot exited")
    app = viewer_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await analysis_opened(pilot, app)
        status = words(screen.query_one("#analysis-status", Static).content)
        assert "ended when the opponent forfeited" in status
        # Read whole at 80 columns: the line wraps (it was cut at "ended when").
        await pilot.pause()
        box = screen.query_one("#analysis-status", Static)
        shown = " ".join(strip.text.strip() for strip in box.render_lines(box.region.reset_offset))
        assert "the graph stops there." in " ".join(shown.split()), shown
    plain = tmp_path / "plain.ecarte.jsonl"
    app = viewer_app(king_log(plain))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await analysis_opened(pilot, app)
        status = words(screen.query_one("#analysis-status", Static).content)
        assert "forfeited" not in status
        assert "The match is not over: the graph stops where the log ends." in status


@pytest.mark.parametrize(
    ("language", "points", "spoken_to", "named"),
    [
        ("en", 1, "1 point to you.", "1 point to Computer."),
        ("en", 2, "2 points to you.", "2 points to Computer."),
        ("nb", 1, "1 poeng til deg.", "1 poeng til Maskinen."),
        ("fi", 1, "saat 1 pisteen", "Tietokone saa 1 pisteen"),
    ],
)
def test_a_deal_played_open_speaks_to_the_player_named_you(
    language: str, points: int, spoken_to: str, named: str
) -> None:
    from ecarte import i18n
    from ecarte.analysis.match_analysis import DealResult
    from ecarte.tui.analysis_screen import deal_note

    i18n.activate(language)
    try:
        names = ("You", "Computer")
        yours = DealResult(1, 1, 1, 2, 1, (4, 1), (5, 0), (points, 0))
        theirs = DealResult(1, 1, 1, 2, 1, (1, 4), (0, 5), (0, points))
        assert spoken_to in deal_note(yours, names).plain
        assert named in deal_note(theirs, names).plain
    finally:
        i18n.activate("en")


async def test_the_footer_says_how_to_see_every_decision_again(tmp_path: Path) -> None:
    """f shows the flagged decisions only; the footer then offers all of them
    (f again), not "Flagged only" a second time."""
    from textual.widgets._footer import FooterKey

    def footer(screen: AnalysisScreen) -> dict[str, str]:
        return {key.key_display: key.description for key in screen.query(FooterKey)}

    app = viewer_app(king_log(tmp_path / "king.ecarte.jsonl"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await analysis_opened(pilot, app)
        await pilot.pause()
        assert footer(screen).get("f") == "Flagged only"
        table = screen.query_one(DataTable)
        every = table.row_count
        await pilot.press("f")
        await pilot.pause()
        assert footer(screen).get("f") == "All decisions"
        assert table.row_count < every
        await pilot.press("f")
        await pilot.pause()
        assert footer(screen).get("f") == "Flagged only" and table.row_count == every


def well_played_log(path: Path) -> Path:
    """The king log of the app ("You" against the Easy level), where the
    player announces the king: the point wins the match, and neither of the
    player's two decisions loses anything."""
    deck = deck_for(["KS", "7H", "8D", "7C", "9H"], ["AS", "QS", "JS", "AH", "TC"], "7S")
    with LogWriter.create(
        path, ("You", "Computer"), 1, Rules(target=1), extra={"opponent": "easy"}, durable=False
    ) as log:
        log.write_deal(1, deck)
        log.write_action(0, _action("play"))
        log.write_action(0, _action("king"))
    return path


async def test_the_analysis_has_a_help_that_explains_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """? and F1 open the help, which says what the columns, the deal rows,
    the accuracy and the labels mean, with the thresholds the labels are
    given by; F2 opens the rules of the match. The footer offers the help."""
    from textual.widgets._footer import FooterKey

    from ecarte.tui.help_screen import HelpScreen
    from ecarte.tui.rules_screen import RulesScreen

    # The thresholds are read from the analysis: other numbers, other words.
    monkeypatch.setattr(analysis_screen, "MISTAKE", 12.5, raising=False)
    app = viewer_app(king_log(tmp_path / "king.ecarte.jsonl"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await analysis_opened(pilot, app)
        await pilot.pause()
        footer = {key.key_display: key.description for key in screen.query(FooterKey)}
        assert footer.get("?") == "Help", footer
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            about = words(app.screen.query_one("#help-about", Static).content)
            assert about.startswith("The analysis of a match"), about
            for said in (
                "Line is the line of the match's log file",
                "Loss is the chance of winning the match the choice lost, in percentage points (the best "
                "option's chance minus the chosen one's)",
                "Who decided",
                "Chosen is what was chosen, Best the best option",
                "“played 1-4 / open hands 1-4”",
                "with best play by both, every card visible",
                "from 0% to 100%",
                "50% mark",
                "measures each choice against the best option",
                f"a loss of {match_analysis.INACCURACY:g} percentage points or more is an inaccuracy, "
                f"12.5 or more a mistake, {match_analysis.BLUNDER:g} or more a blunder",
            ):
                assert said in about, (said, about)
            keys = words(app.screen.query_one("#help-keys", Static).content)
            assert "?, f1 help" in keys.casefold() and "f2 rules" in keys.casefold(), keys
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen)
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        rules_screen = app.screen
        assert isinstance(rules_screen, RulesScreen) and rules_screen.rules == Rules(target=1)


def test_the_bars_are_drawn_on_a_fixed_scale_with_the_50_line() -> None:
    from ecarte.tui.analysis_screen import BAR_LEVELS, HALF_LINE, chance_bars

    # The line cannot be taken for a bar (a chance just above 50%).
    assert HALF_LINE not in BAR_LEVELS

    rows = chance_bars([100.0, 75.0, 50.0, 31.0, 0.0], 4)
    # Four rows of eight eighths: 100% fills them all, 75% three, 50% two,
    # 31% ten eighths (a full row and two eighths), 0% nothing.
    columns_shown = ["".join(row.plain[column] for row in rows) for column in range(5)]
    assert columns_shown[0] == "████"
    assert columns_shown[1] == " ███"
    assert columns_shown[2] == f" {HALF_LINE}██"
    assert columns_shown[3] == f" {HALF_LINE}▂█"
    assert columns_shown[4] == f" {HALF_LINE}  "
    # The line is drawn on the row whose bottom edge is half the height.
    assert rows[1].plain.count(HALF_LINE) == 3
    eight = chance_bars([0.0], 8)
    assert [row.plain for row in eight].index(HALF_LINE) == 3


async def test_the_graph_s_scale_is_the_same_in_every_match(tmp_path: Path) -> None:
    """0% to 100% with 50% marked, whatever the match: a flat line at 100%
    (the match won at once) read "100%" at both ends of the scale."""
    axes = []
    for path in (well_played_log(tmp_path / "won.ecarte.jsonl"), king_log(tmp_path / "king.ecarte.jsonl")):
        app = viewer_app(path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await analysis_opened(pilot, app)
            await pilot.pause()
            axis = screen.query_one("#graph-axis", Static)
            axes.append([strip.text.strip() for strip in axis.render_lines(axis.region.reset_offset)])
    assert axes[0] == axes[1] == ["100%", "50%", "", "0%"], axes


async def test_flagged_only_says_when_no_decision_is_flagged(tmp_path: Path) -> None:
    app = viewer_app(well_played_log(tmp_path / "won.ecarte.jsonl"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await analysis_opened(pilot, app)
        assert screen.analysis is not None and not any(d.label for d in screen.analysis.decisions)
        assert "No decision flagged" not in words(screen.query_one("#analysis-status", Static).content)
        await pilot.press("f")
        await pilot.pause()
        # The table keeps only the deal's row: the status says why.
        assert all(not isinstance(row, match_analysis.Decision) for row in screen.rows)
        status = words(screen.query_one("#analysis-status", Static).content)
        assert "No decision flagged (no inaccuracy, mistake or blunder): f shows them all." in status, status


def note_shown(viewer: ReplayViewerScreen) -> str:
    """What the viewer says, under its status line, of the decision chosen
    in the analysis ("" when it says nothing)."""
    note = viewer.query_one("#replay-note", Static)
    return words(note.content) if note.display else ""


async def test_the_analysis_note_stays_with_the_position_it_speaks_of(tmp_path: Path) -> None:
    """Choosing a decision in the analysis says in the replay what was best
    there, under the status line and not in a toast over the footer (12
    seconds, at 80x24); it is said while the replay is at that decision, and
    not when the player steps away, nor over the title once they leave."""
    path = king_log(tmp_path / "king.ecarte.jsonl")
    replay = replay_file(path)
    app = RecordingApp(Settings())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        title = app.screen
        viewer = ReplayViewerScreen(path, replay)
        app.push_screen(viewer)
        await pilot.pause()
        screen = await analysis_opened(pilot, app)
        table = screen.query_one(DataTable)
        rows = [[words(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
        table.move_cursor(row=next(index for index, row in enumerate(rows) if row[3] == "blunder"))
        app.notes.clear()
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is viewer and "best was Announce" in note_shown(viewer))
        assert not any("best was Announce" in note for note in app.notes)
        at = viewer.position
        await pilot.press("right")
        await pilot.pause()
        assert viewer.position == at + 1 and note_shown(viewer) == ""
        await pilot.press("left")
        await pilot.pause()
        assert "best was Announce" in note_shown(viewer)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is title)
        await pilot.pause()
        assert not any("best was Announce" in note for note in app.notes)


def footer_keys(screen: Any) -> dict[str, str]:
    from textual.widgets._footer import FooterKey

    return {key.key_display: key.description for key in screen.query(FooterKey)}


def table_rows(screen: AnalysisScreen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[words(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]


async def flagged_blunder_chosen(pilot: Any, screen: AnalysisScreen) -> list[list[str]]:
    """f, Down to the blunder, Enter: the rows the analysis showed."""
    await pilot.press("f")
    await pilot.pause()
    await pilot.press("down")
    await pilot.pause()
    rows = table_rows(screen)
    assert screen.query_one(DataTable).cursor_row == 1 and rows[1][3] == "blunder", rows
    await pilot.press("enter")
    return rows


async def test_esc_in_the_replay_reached_from_a_finished_match_s_analysis_goes_back_to_it(
    tmp_path: Path,
) -> None:
    """The end of a match's a: the analysis over a replay opened for it. A
    decision chosen there (Enter), Esc in the replay goes back to the
    analysis as it was (its rows, its filter, its row), not past it to the
    table; Esc in the analysis then goes back to the table."""
    path = king_log(tmp_path / "king.ecarte.jsonl")
    app = RecordingApp(Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        below = app.screen
        app.analyse_match(path)  # what a does in the match-over window
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await until(pilot, lambda: screen.analysis is not None, rounds=3000)
        analysis = screen.analysis
        rows = await flagged_blunder_chosen(pilot, screen)
        await until(pilot, lambda: isinstance(app.screen, ReplayViewerScreen))
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen) and viewer.position == 2
        await pilot.pause()
        # The footer says where Esc goes.
        assert footer_keys(viewer).get("Esc") == "Back to the analysis", footer_keys(viewer)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        again = app.screen
        assert isinstance(again, AnalysisScreen)
        await until(pilot, lambda: again.analysis is not None)
        await pilot.pause()
        assert again.analysis is analysis  # kept, not computed again
        assert again.flagged_only and footer_keys(again).get("f") == "All decisions"
        assert table_rows(again) == rows
        assert again.query_one(DataTable).cursor_row == 1
        assert "the best was Announce" in words(again.query_one("#analysis-detail", Static).content)
        # Esc in the analysis: back to the table, the replay closed with it.
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is below)
        assert not any(isinstance(open_, (AnalysisScreen, ReplayViewerScreen)) for open_ in app.screen_stack)


async def test_a_in_the_replay_opens_the_analysis_as_it_was_left(tmp_path: Path) -> None:
    """A replay the player opened (from the Replay list): after Enter in
    its analysis, Esc still closes the replay, and a brings the analysis
    back as it was left, its filter and its row."""
    path = king_log(tmp_path / "king.ecarte.jsonl")
    app = RecordingApp(Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        below = app.screen
        viewer = ReplayViewerScreen(path, replay_file(path))
        app.push_screen(viewer)
        await pilot.pause()
        screen = await analysis_opened(pilot, app)
        rows = await flagged_blunder_chosen(pilot, screen)
        await until(pilot, lambda: app.screen is viewer)
        await pilot.pause()
        assert viewer.position == 2
        assert footer_keys(viewer).get("Esc") == "Close", footer_keys(viewer)
        assert "best was Announce" in note_shown(viewer)
        await pilot.press("a")
        again = app.screen
        assert isinstance(again, AnalysisScreen)
        await until(pilot, lambda: again.analysis is not None)
        await pilot.pause()
        assert again.flagged_only and table_rows(again) == rows
        assert again.query_one(DataTable).cursor_row == 1
        # Esc: the replay, then the screen it was opened from; the note of
        # the decision chosen went with the analysis, which says it again.
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is viewer)
        assert note_shown(viewer) == ""
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is below)


async def test_the_row_the_analysis_is_reopened_at_is_in_sight(tmp_path: Path) -> None:
    """A decision far down the list (a tester's line 81 at 80x24): after
    Enter and a, the list shows that row, not the first screenful."""
    path = played_log(tmp_path / "long.ecarte.jsonl", 11)
    app = RecordingApp(Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        viewer = ReplayViewerScreen(path, replay_file(path))
        app.push_screen(viewer)
        await pilot.pause()
        screen = await analysis_opened(pilot, app, rounds=6000)
        table = screen.query_one(DataTable)
        last = table.row_count - 1
        assert last > 3 * table.scrollable_content_region.height
        table.move_cursor(row=last)
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is viewer)
        await pilot.press("a")
        again = app.screen
        assert isinstance(again, AnalysisScreen)
        await until(pilot, lambda: again.analysis is not None, rounds=6000)
        await pilot.pause()
        table = again.query_one(DataTable)
        assert table.cursor_row == last
        # The last row in sight: the list scrolled to its end.
        assert table.max_scroll_y > 0 and round(table.scroll_y) == round(table.max_scroll_y)


def tied_decision() -> match_analysis.Decision:
    """A lead where three cards are worth the same to the nearest percent."""
    from ecarte.ai.evaluator import OptionValue
    from ecarte.engine import card_action, parse_card

    def option(card: str, win: float) -> OptionValue:
        return OptionValue(card_action(parse_card(card)), win, 1.4, None, 150)

    chances = (("7S", 16.2), ("8S", 15.9), ("9S", 16.4), ("9D", 5.0), ("7C", 3.0))
    options = tuple(option(card, win) for card, win in chances)
    return match_analysis.Decision(
        line=50,
        seat=0,
        phase="tricks",
        chosen=options[3].action,
        options=options,
        best=options[0].action,
        loss=11.2,
        loss_se=1.0,
        label="mistake",
        trump=0,
        ace_high=False,
    )


@pytest.mark.parametrize(("symbols", "best", "close"), [(True, "★ ", "≈ "), (False, "* ", "~ ")])
def test_the_options_are_marked_as_the_coach_marks_them(symbols: bool, best: str, close: str) -> None:
    """The detail showed "★ 7♠ 16% · 8♠ 16% · 9♠ 16%" with no ≈ on the ties
    the Coach marks, and a ★ in the letters style, where the Coach shows *."""
    shown = analysis_screen.options_text(tied_decision(), symbols, 200).plain
    parts = shown.split(" · ")
    assert parts[0].startswith(best) and parts[1].startswith(close) and parts[2].startswith(close)
    assert not parts[3].startswith(close) and not parts[4].startswith(close)
    assert parts[-1] == f"{close}too close to call"
    assert ("★" in shown or "≈" in shown) == symbols


async def test_an_accuracy_that_cannot_be_kept_for_the_statistics_is_said() -> None:
    """A saved match analysed while its accuracy cannot be written (a file
    where the analyses' folder goes; a full disk alike): the Statistics left
    it out without a word. The analysis is shown all the same."""
    from ecarte.play import paths

    paths.matches_dir().mkdir(parents=True, exist_ok=True)
    path = king_log(paths.matches_dir() / "king.ecarte.jsonl")
    blocked = paths.data_dir() / "analyses"
    blocked.write_text("not a folder", encoding="utf-8")
    app = viewer_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await analysis_opened(pilot, app)
        summary = words(screen.query_one("#analysis-summary", Static).content)
        assert "Klara: accuracy" in summary
        await until(pilot, lambda: any("could not be saved" in note for note in app.notes))
        [note] = [note for note in app.notes if "could not be saved" in note]
        assert note == f"This analysis's accuracy could not be saved for the Statistics (in {blocked})."
    assert blocked.read_text(encoding="utf-8") == "not a folder"


async def test_an_analysis_kept_for_the_statistics_says_nothing_of_it() -> None:
    from ecarte.analysis.saved import SUFFIX
    from ecarte.play import paths

    paths.matches_dir().mkdir(parents=True, exist_ok=True)
    path = king_log(paths.matches_dir() / "king.ecarte.jsonl")
    app = viewer_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await analysis_opened(pilot, app)
        await pilot.pause()
    assert (paths.data_dir() / "analyses" / (path.name + SUFFIX)).is_file()
    assert not any("could not be saved" in note for note in app.notes)
