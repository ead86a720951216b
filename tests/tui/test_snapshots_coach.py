"""SVG snapshots of the coach: the hint panel beside the table and the
Analysis view, at 80x24 and 120x40.

Stable by construction: fixed decks, a scripted opponent, the evaluator's
seeded sampling (a seed from the position and the analysis seed 0, for hints and analyses alike), no
clock on screen. Update with ``--snapshot-update`` after checking the new
pictures by eye.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from game_support import INSTANT, GameApp, deck, scripted_session, settle, until
from test_analysis_screen import played_log, viewer_app
from textual.pilot import Pilot

from ecarte.tui.analysis_screen import AnalysisScreen
from ecarte.tui.hint_panel import HintPanel

DEAL_ONE = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
SCRIPT = ["accept", "discard", "refuse", "card KC", "card JS"]

Snap = Callable[..., bool]


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))


def hint_app(tmp_path: Path) -> GameApp:
    session, _ = scripted_session(tmp_path, [DEAL_ONE], SCRIPT)
    return GameApp(session, replace(INSTANT, coach="request"))


async def hint_at_the_first_lead(pilot: Pilot[Any]) -> None:
    """Play without proposing, then ask for a hint on the first lead (the
    king of trumps in hand: announcing is an option)."""
    await settle(pilot)
    await pilot.press("p")
    await settle(pilot)
    await pilot.press("h")
    panel = pilot.app.screen.query_one(HintPanel)
    await until(pilot, lambda: panel.evaluation is not None, rounds=3000)
    await pilot.pause()


async def analysed(pilot: Pilot[Any]) -> None:
    await pilot.press("a")
    screen = pilot.app.screen
    assert isinstance(screen, AnalysisScreen)
    await until(pilot, lambda: screen.analysis is not None, rounds=3000)
    await pilot.press("f")  # the flagged decisions only
    await pilot.press("down")
    await pilot.pause()


def test_hint_panel(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(hint_app(tmp_path), run_before=hint_at_the_first_lead, terminal_size=(80, 24))


def test_hint_panel_large_terminal(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(hint_app(tmp_path), run_before=hint_at_the_first_lead, terminal_size=(120, 40))


def test_analysis_view(snap_compare: Snap, tmp_path: Path) -> None:
    app = viewer_app(played_log(tmp_path / "match.ecarte.jsonl", seed=3))
    assert snap_compare(app, run_before=analysed, terminal_size=(80, 24))


def test_analysis_view_large_terminal(snap_compare: Snap, tmp_path: Path) -> None:
    app = viewer_app(played_log(tmp_path / "match.ecarte.jsonl", seed=3))
    assert snap_compare(app, run_before=analysed, terminal_size=(120, 40))
