"""The game screen in two languages, as SVG snapshots: the same deal, the
same moment, in English and in Swedish (the catalog the package ships).
After a change to the words, ``--snapshot-update`` makes the pictures
again: check them by eye first (every word on the table from the catalog,
the layout whole at 80x24)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game_support import INSTANT, GameApp, deck, scripted_session, settle
from textual.pilot import Pilot

from ecarte import i18n

# Human (elder): K♥ A♠ 7♣ 8♦ 9♦; the computer deals and holds K♣ J♠ 8♠ 7♠ 10♣;
# the 7♥ is turned up; the stock starts K♠ Q♠. The human proposes, the
# computer accepts, the human discards the diamonds: the History, the score,
# the table and the prompt all have words in them.
DEAL_ONE = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
SCRIPT = ["accept", "discard", "refuse", "card KC", "card JS"]

Snap = Callable[..., bool]


def game(tmp_path: Path) -> GameApp:
    session, _ = scripted_session(tmp_path, [DEAL_ONE], SCRIPT, first_dealer=1)
    return GameApp(session, INSTANT)


async def into_the_exchange(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    for key in ("e", "4", "5", "enter"):
        await pilot.press(key)
        await settle(pilot)


def test_game_screen_in_english(snap_compare: Snap, tmp_path: Path) -> None:
    i18n.activate("en")
    assert snap_compare(game(tmp_path), run_before=into_the_exchange)


def test_game_screen_in_swedish(snap_compare: Snap, tmp_path: Path) -> None:
    assert i18n.activate("sv") == "sv"
    assert snap_compare(game(tmp_path), run_before=into_the_exchange)
