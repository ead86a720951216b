"""Where the replay opens and what its keys answer: Watch (a match open in
another window) opens it at the last move; the help before the first deal
gives the game in brief, not the rule of a deal not dealt yet; c on a saved
match that cannot be continued says why, rather than nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from game_support import RecordingApp, until
from textual.widgets import DataTable, Static

from ecarte.play import paths
from ecarte.play.autosave import forfeit_path
from ecarte.play.settings import Settings
from ecarte.tui.help_screen import HelpScreen
from ecarte.tui.open_elsewhere import OpenElsewhereScreen
from ecarte.tui.replay_screen import ReplayListScreen, ReplayViewerScreen

SIZE = (100, 30)


async def test_watch_opens_the_replay_at_the_last_move(
    known_log: Path, known_events: tuple[str, ...], plain: Callable[..., str]
) -> None:
    """A player watching a match being played in another window wants to
    see where it has got to, not its first deal again."""
    app = RecordingApp(Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(OpenElsewhereScreen(known_log))
        await until(pilot, lambda: isinstance(app.screen, OpenElsewhereScreen))
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, ReplayViewerScreen) and app.screen.loaded)
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        await pilot.pause()
        count = len(known_events)
        assert viewer.position == viewer.last_position == count
        status = " ".join(plain(viewer.query_one("#replay-status", Static).content).split())
        assert status.startswith(f"Event {count} of {count}"), status
        # Still a replay: back to the start, and step by step from there.
        await pilot.press("home")
        assert viewer.position == 0


async def test_the_help_before_the_first_deal_gives_the_game_in_brief(
    known_log: Path, plain: Callable[..., str]
) -> None:
    from ecarte.log import replay_file

    app = RecordingApp(Settings(), first_screen=lambda: ReplayViewerScreen(known_log, replay_file(known_log)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen) and viewer.position == 0
        assert "No deal yet." in plain(viewer.query_one("#replay-board-text", Static).content)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.phase is None
        rule = " ".join(plain(help_screen.query_one("#help-rule", Static).content).split())
        assert rule.startswith("The game in brief"), rule
        assert "Rule of the moment" not in rule and "A new deal" not in rule
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is viewer)
        # Once dealt, the rule of the moment again.
        await pilot.press("right", "question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert isinstance(app.screen, HelpScreen) and app.screen.phase == "exchange"


FINISHED_DECK = (
    "KS QS JS 7H 8H 9H AS TS 7D 8D KC KH QH JH AH TH KD QD JD AD TD 9D 9C QC JC AC TC 8C 7C 9S 8S 7S"
)
"""Klara deals and turns up the K♣: its point reaches the target of 1."""


def write_finished(path: Path) -> Path:
    header = {"format": "ecarte-log", "version": 1, "players": ["Klara", "Leo"], "first_dealer": 0}
    header["rules"] = {"target": 1}
    header["created"] = "2026-11-27T09:00:00"
    deal = {"type": "deal", "dealer": 0, "deck": FINISHED_DECK}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(header) + "\n" + json.dumps(deal) + "\n")
    return path


async def test_c_on_a_match_that_cannot_be_continued_says_why(
    write_log: Callable[..., Path], known_events: tuple[str, ...], plain: Callable[..., str]
) -> None:
    folder = paths.matches_dir()
    write_finished(folder / "won.ecarte.jsonl")
    write_log(folder / "forfeited.ecarte.jsonl", known_events[:4])
    forfeit_path(folder / "forfeited.ecarte.jsonl").write_text("the bot stopped answering\n")
    write_log(folder / "damaged.ecarte.jsonl", [*known_events[:3], '{"type": "card"}'])
    app = RecordingApp(Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ReplayListScreen) and bool(app.screen.summaries))
        screen = app.screen
        assert isinstance(screen, ReplayListScreen)
        await pilot.pause()
        table = screen.query_one(DataTable)
        expected = {
            "won.ecarte.jsonl": "This match is over: Enter replays it.",
            "forfeited.ecarte.jsonl": "This match ended by forfeit: Enter replays it.",
            "damaged.ecarte.jsonl": "This match cannot be continued: invalid log (line 5).",
        }
        for row, summary in enumerate(screen.summaries):
            table.move_cursor(row=row)
            await pilot.pause()
            assert not summary.resumable
            app.notes.clear()
            await pilot.press("c")
            await pilot.pause()
            assert app.notes == [expected[summary.path.name]], (summary.path.name, app.notes)
            assert app.screen is screen
            # The help names c on every row, as the key answers on every row.
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            keys = " ".join(plain(app.screen.query_one("#help-keys", Static).content).split())
            assert "c Continue it" in keys, keys
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen)
