"""SVG snapshots of the shell's screens (pytest-textual-snapshot): the
title, the settings, the help, the replay viewer and the too-small message.

Update them after a deliberate change of looks with
``pytest tests/tui/test_snapshots_shell.py --snapshot-update`` and look at
the report before committing the new SVGs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from ecarte.log import replay_file
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.help_screen import HelpScreen
from ecarte.tui.replay_screen import ReplayViewerScreen

SIZE = (80, 24)
"""The smallest terminal the app supports: the layout that matters most."""

FIXED = Settings(player_name="Klara", opponent="expert")


def frozen(app: EcarteApp) -> EcarteApp:
    # No animations: the screenshot is taken in the final state.
    app.animation_level = "none"
    return app


def test_title(snap_compare: Any) -> None:
    assert snap_compare(frozen(EcarteApp(FIXED)), terminal_size=SIZE)


def test_settings(snap_compare: Any) -> None:
    # The cursor on a Choice, not in a text field: no blinking cursor.
    assert snap_compare(frozen(EcarteApp(FIXED)), press=["s", "tab"], terminal_size=SIZE)


def test_help_in_the_trick_phase(snap_compare: Any) -> None:
    app = frozen(EcarteApp(FIXED, first_screen=lambda: HelpScreen("tricks")))
    assert snap_compare(app, terminal_size=SIZE)


def test_help_from_the_title(snap_compare: Any) -> None:
    assert snap_compare(frozen(EcarteApp(FIXED)), press=["question_mark"], terminal_size=SIZE)


def test_replay_viewer_inside_a_trick(snap_compare: Any, known_log: Path) -> None:
    replay = replay_file(known_log)
    app = frozen(EcarteApp(FIXED, first_screen=lambda: ReplayViewerScreen(known_log, replay)))

    async def to_the_first_trick(pilot: Pilot[Any]) -> None:
        for _ in range(8):
            await pilot.press("right")

    assert snap_compare(app, run_before=to_the_first_trick, terminal_size=SIZE)


def test_too_small(snap_compare: Any) -> None:
    assert snap_compare(frozen(EcarteApp(FIXED)), terminal_size=(60, 20))
