"""Cards stay readable without colour, and the cards that may be played
stand out by their shape (a heavy frame), not by colour alone: under
``NO_COLOR`` and in the plain-letter style alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_support import INSTANT, GameApp, deck, scripted_session, settle
from rich.style import Style
from rich.text import Text
from textual.pilot import Pilot

from ecarte.engine import parse_card
from ecarte.engine.cards import bit
from ecarte.play.session import HUMAN
from ecarte.play.settings import Settings
from ecarte.tui.cards_render import card_face, card_text
from ecarte.tui.deal_summary import DealSummaryScreen
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.widgets import CardSlot

# Human (elder): K♥ A♠ 7♣ 8♦ 9♦; the computer holds K♣ J♠ 8♠ 7♠ 10♣; 7♥ turned up.
DEAL_ONE = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")


def styles_of(text: Text) -> list[Style]:
    found = [text.style, *(span.style for span in text.spans)]
    return [style if isinstance(style, Style) else Style.parse(style) for style in found]


def test_without_colour_red_cards_are_not_drawn_in_grey(monkeypatch: pytest.MonkeyPatch) -> None:
    heart = parse_card("QH")
    assert any(style.color is not None for style in styles_of(card_text(heart)))
    monkeypatch.setenv("NO_COLOR", "1")
    for text in (card_text(heart), card_text(heart, dim=True), card_face(heart, dim=True, large=True)):
        for style in styles_of(text):
            # Textual turns colours into greys under NO_COLOR: none are given.
            assert style.color is None and not style.dim, style


def test_a_playable_card_has_a_heavy_frame_whatever_the_colours() -> None:
    for large in (False, True):
        playable = card_face(parse_card("QH"), heavy=True, large=large).plain
        other = card_face(parse_card("QH"), dim=True, large=large).plain
        assert playable.startswith("┏") and "┃" in playable and "┗" in playable
        assert other.startswith("┌") and "┏" not in other


async def to_a_follow_with_a_choice(pilot: Pilot[None], screen: GameScreen) -> None:
    """Play the first card that may be played until the human must follow
    and holds cards that may not be played."""
    for _ in range(60):
        await settle(pilot)
        if isinstance(pilot.app.screen, DealSummaryScreen):
            await pilot.press("enter")
            continue
        match = screen.match
        hand = match.hand(HUMAN)
        playable = match.playable_cards() if match.phase == "tricks" else 0
        if match.trick and playable != sum(bit(card) for card in hand):
            return
        legal = match.legal_actions()
        if match.phase == "tricks":
            await pilot.press(str(next(i for i, card in enumerate(hand) if playable & bit(card)) + 1))
        elif match.phase == "discard":
            await pilot.press("1", "enter")
        else:
            await pilot.press({"propose": "e", "play": "p", "accept": "a", "refuse": "r"}[legal[0].type])
    raise AssertionError("no follow with a choice came")


@pytest.mark.parametrize(
    ("no_color", "settings"),
    [(True, INSTANT), (False, Settings(speed="instant", player_name="You", card_style="letters"))],
    ids=["NO_COLOR", "letters"],
)
async def test_at_the_table_playable_cards_differ_by_shape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_color: bool, settings: Settings
) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    session, _ = scripted_session(tmp_path, [DEAL_ONE], ["play"], first_dealer=0)
    app = GameApp(session, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await to_a_follow_with_a_choice(pilot, screen)
        playable = screen.match.playable_cards()
        for slot in screen.query(CardSlot):
            if slot.card is None:
                continue
            content = slot.content
            assert isinstance(content, Text)
            heavy = content.plain.startswith("┏")
            assert heavy == bool(playable & bit(slot.card)), content.plain
            if no_color:
                assert all(style.color is None and not style.dim for style in styles_of(content))
    session.close()


async def test_the_cursor_stays_in_sight_on_a_card_picked_to_discard() -> None:
    """In the discard, Space picks the card under the ▲ (✗); the ▲ must still
    show on it (a tester lost it after Space, ←, Space: "1 2 3 ✗4 ✗5"), so
    that the player sees where Space will act next."""
    from textual.app import App, ComposeResult

    class OneSlot(App[None]):
        def compose(self) -> ComposeResult:
            yield CardSlot(3)

    for large in (False, True):
        app = OneSlot()
        async with app.run_test(size=(40, 12)) as pilot:
            slot = app.query_one(CardSlot)
            marks = {}
            for chosen, cursor in ((True, True), (True, False), (False, True)):
                slot.show(
                    parse_card("QH"),
                    symbols=True,
                    playable=False,
                    chosen=chosen,
                    cursor=cursor,
                    dim=False,
                    large=large,
                )
                await pilot.pause()
                content = slot.content
                assert isinstance(content, Text)
                marks[chosen, cursor] = content.plain.splitlines()[-1].strip()
            assert marks[True, True] == "▲✗4" and marks[True, False] == "✗4" and marks[False, True] == "▲4", (
                marks
            )
