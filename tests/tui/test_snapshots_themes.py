"""SVG snapshots in the high-contrast theme at 80x24: the card table and
the title, black and white with strong accents, the cards still in their
colours. Update with ``--snapshot-update`` after checking them by eye."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from game_support import INSTANT, GameApp, deck, scripted_session, settle
from textual.pilot import Pilot

from ecarte.play.settings import HIGH_CONTRAST_THEME, Settings
from ecarte.tui.app import EcarteApp

SIZE = (80, 24)
HIGH_CONTRAST = replace(INSTANT, theme=HIGH_CONTRAST_THEME)

# Human (elder): K♥ A♠ 7♣ 8♦ 9♦; the computer deals; the 7♥ is turned up.
DEAL_ONE = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")


async def settled(pilot: Pilot[Any]) -> None:
    await settle(pilot)


def test_the_table_in_high_contrast(snap_compare: Any, tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [DEAL_ONE], ["accept", "discard"], first_dealer=1)
    app = GameApp(session, HIGH_CONTRAST)
    assert snap_compare(app, run_before=settled, terminal_size=SIZE)


def test_the_title_in_high_contrast(snap_compare: Any) -> None:
    app = EcarteApp(Settings(player_name="Klara", opponent="expert", theme=HIGH_CONTRAST_THEME))
    app.animation_level = "none"
    assert snap_compare(app, terminal_size=SIZE)
