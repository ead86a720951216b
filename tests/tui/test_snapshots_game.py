"""SVG snapshots of the game screen in each phase, at 80x24 and larger.

Stable by construction: fixed decks and scripted opponent, fixed names,
instant pace, no clock on screen. Update with ``--snapshot-update`` after
checking the new pictures by eye.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import INSTANT, GameApp, deck, scripted_session, settle
from textual.pilot import Pilot

from ecarte.play.settings import Settings

# Human (elder): K♥ A♠ 7♣ 8♦ 9♦; the computer deals and holds K♣ J♠ 8♠ 7♠ 10♣;
# the 7♥ is turned up; the stock starts K♠ Q♠.
DEAL_ONE = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
SCRIPT = ["accept", "discard", "refuse", "card KC", "card JS"]

Snap = Callable[..., bool]


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))


def app_for(
    tmp_path: Path, *, first_dealer: int = 1, script: list[str] | None = None, settings: Settings = INSTANT
) -> GameApp:
    session, _ = scripted_session(
        tmp_path, [DEAL_ONE], SCRIPT if script is None else script, first_dealer=first_dealer
    )
    return GameApp(session, settings)


def keys(*presses: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Press keys, letting the opponent answer after each."""

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        for key in presses:
            await pilot.press(key)
            await settle(pilot)

    return run


def test_exchange_phase(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path), run_before=keys())


def test_exchange_phase_large_terminal(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path), run_before=keys(), terminal_size=(120, 40))


def test_answer_phase(snap_compare: Snap, tmp_path: Path) -> None:
    # The computer is elder and proposes; the human answers.
    assert snap_compare(app_for(tmp_path, first_dealer=0, script=["propose"]), run_before=keys())


def test_discard_phase_with_two_cards_chosen(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path), run_before=keys("e", "3", "4"))


def test_tricks_with_the_king_offer(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path), run_before=keys("e", "3", "4", "enter", "e"))


def test_tricks_replying_with_an_illegal_attempt(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path), run_before=keys("e", "3", "4", "enter", "e", "k", "5", "4"))


def test_deal_summary(snap_compare: Snap, tmp_path: Path) -> None:
    # Play the first deal out: each time, the first card that may be played.
    async def run(pilot: Pilot[Any]) -> None:
        await keys("e", "3", "4", "enter", "e", "k", "5", "2")(pilot)
        from ecarte.tui.game_screen import GameScreen

        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        while isinstance(pilot.app.screen, GameScreen) and len(screen.match.deals) == 1:
            match = screen.match
            hand = match.hand(0)
            playable = match.playable_cards()
            index = next(i for i, card in enumerate(hand) if playable >> card & 1)
            await pilot.press(str(index + 1))
            await settle(pilot)

    assert snap_compare(app_for(tmp_path), run_before=run)


def test_tricks_in_plain_letters_large_terminal(snap_compare: Snap, tmp_path: Path) -> None:
    letters = Settings(speed="instant", card_style="letters")
    app = app_for(tmp_path, settings=letters)
    assert snap_compare(app, run_before=keys("e", "3", "4", "enter", "e", "k", "5"), terminal_size=(120, 40))
