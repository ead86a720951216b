"""Every line of words at the card table is whole at 80x24, the smallest
terminal the app supports: the prompt of each kind of decision, the
narration of each move and the message of a refused card. Nothing may be
cut off the edge (the widgets are two lines high and do not scroll)."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from game_support import GameApp, deck, scripted_session, settle
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static

from ecarte import i18n
from ecarte.engine import ActionType, Rules
from ecarte.engine.cards import bit
from ecarte.engine.match import ANSWER, DISCARD_PHASE, EXCHANGE, TRICKS
from ecarte.play.session import HUMAN
from ecarte.tui.deal_summary import DealSummaryScreen, MatchOverScreen
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.narration import liability_warning
from ecarte.tui.widgets import ScorePanel

SMALLEST = (80, 24)
DECISION_KEYS = {"propose": "e", "play": "p", "accept": "a", "refuse": "r", "king": "k"}


def lines_needed(widget: Static) -> int:
    """How many lines the widget's words take, wrapped at its width."""
    content = widget.content
    assert isinstance(content, Text)
    console = Console(width=widget.content_size.width, file=io.StringIO())
    return len(content.wrap(console, widget.content_size.width))


def assert_whole(screen: GameScreen, selector: str, kind: str) -> None:
    widget = screen.query_one(selector, Static)
    if not widget.display:
        return
    shown = widget.content
    needed = lines_needed(widget)
    assert needed <= widget.content_size.height, f"{kind}: {shown!s} ({needed} lines)"


def kind_of(screen: GameScreen) -> str:
    match = screen.match
    if match.phase == TRICKS:
        kind = "follow" if match.trick else "lead"
        return kind + (" with the king to announce" if match.can_announce() else "")
    if match.phase == DISCARD_PHASE:
        return "discard, some chosen" if screen.chosen else "discard, none chosen"
    return str(match.phase)


async def take_a_turn(pilot: Pilot[None], screen: GameScreen, rng: random.Random) -> None:
    """One legal decision through the keys, chosen at random."""
    match = screen.match
    legal = match.legal_actions()
    action = legal[rng.randrange(len(legal))]
    hand = match.hand(HUMAN)
    if action.type == ActionType.CARD:
        await pilot.press(str(hand.index(action.card) + 1))
    elif action.type == ActionType.DISCARD:
        for index, card in enumerate(hand):
            if action.discards & bit(card):
                await pilot.press(str(index + 1))
                assert_whole(screen, "#prompt", kind_of(screen))
        await pilot.press("enter")
    else:
        await pilot.press(DECISION_KEYS[action.type])


async def play_checking_every_line(
    pilot: Pilot[Any], screen: GameScreen, rng: random.Random, label: str = ""
) -> set[str]:
    """Play the match to its end through the keys, checking at every
    decision that the prompt, the narration and the message are whole, and
    once per trick that may not be played freely that the reason a wrong
    card is refused is whole too. The kinds of decision met, each prefixed
    with ``label``."""
    seen: set[str] = set()
    app = pilot.app
    for _turn in range(400):
        await settle(pilot)
        if isinstance(app.screen, MatchOverScreen):
            break
        if isinstance(app.screen, DealSummaryScreen):
            await pilot.press("enter")
            continue
        kind = label + kind_of(screen)
        seen.add(kind)
        for selector in ("#prompt", "#narration", "#message"):
            assert_whole(screen, selector, kind)
        match = screen.match
        hand = match.hand(HUMAN)
        if match.phase == TRICKS and match.trick and match.playable_cards() != sum(map(bit, hand)):
            # A card that may not be played: the message says why, whole.
            wrong = next(i for i, card in enumerate(hand) if not match.playable_cards() & bit(card))
            await pilot.press(str(wrong + 1))
            await pilot.pause()
            seen.add(label + "a refused card")
            assert_whole(screen, "#message", label + "a refused card")
        await take_a_turn(pilot, screen, rng)
    assert isinstance(app.screen, MatchOverScreen), f"{label}the match did not end in 400 turns"
    assert_whole(screen, "#prompt", label + "the match is over")
    return seen


async def test_every_prompt_narration_and_message_is_whole_at_80x24(tmp_path: Path) -> None:
    seen: set[str] = set()
    rng = random.Random(5)
    for seed in range(1, 5):
        session, _ = scripted_session(
            tmp_path / str(seed), [], seed=seed, first_dealer=seed % 2, rules=Rules(target=3)
        )
        app = GameApp(session)
        async with app.run_test(size=SMALLEST) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            seen |= await play_checking_every_line(pilot, screen, rng)
        session.close()
    assert seen >= {
        str(EXCHANGE),
        str(ANSWER),
        "discard, none chosen",
        "lead",
        "follow",
        "a refused card",
    }, seen


def panel_words(widget: Widget) -> str:
    """The words a framed panel shows on screen, inside its frame, on one line."""
    rows = widget.render_lines(widget.region.reset_offset)
    return " ".join(" ".join(row.text[1:-1] for row in rows).split())


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("move", ["p", "r"])
async def test_the_liability_warning_is_whole_in_a_match_of_several_games(
    language: str, move: str, tmp_path: Path
) -> None:
    """The score panel's lines of a longer match ("(match: first to 3)") and
    the warning of a liable player, every word of it on screen at 80x24:
    the human (elder) plays without proposing (p), or (dealer) refuses the
    first proposal (r), under the longest warning's rules (the vole named)."""
    assert i18n.activate(language) == language
    rules = Rules(target=10, games_to_win=3, penalty_adds_to_vole=True)
    elder = move == "p"
    session, _ = scripted_session(tmp_path, [], ["propose"], first_dealer=1 if elder else 0, rules=rules)
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        await pilot.press(move)
        await settle(pilot)
        warning = liability_warning(session.match, session.names)
        assert warning is not None and session.match.liable == HUMAN
        panel = screen.query_one(ScorePanel)
        shown = panel_words(panel)
        assert " ".join(warning.split()) in shown, shown
        assert i18n._("(match: first to {count})").format(count=3) in shown  # still there too
        # The History below still has room for the last moves.
        assert screen.query_one("#history").region.height >= 6
    session.close()


# Hearts are trumps (the 7♥ turned up). ELDER_HOLDS_KING: the elder holds
# K♥ A♠ 7♣ 8♦ 9♦; DEALER_HOLDS_KING: the dealer does.
ELDER_HOLDS_KING = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H")
DEALER_HOLDS_KING = deck("KC JS 8S KH AS 7C 7S TC 8D 9D 7H")
KING_CASES = {
    # The deal, the first dealer, the computer's moves and the human's keys
    # before k: too early (in the exchange), too late (a card played
    # without announcing, k at the next turn).
    "elder, too early": (ELDER_HOLDS_KING, 1, (), ()),
    "elder, too late": (ELDER_HOLDS_KING, 1, (), ("p", "2")),
    "dealer, too early": (DEALER_HOLDS_KING, 0, ("propose",), ()),
    "dealer, too late": (DEALER_HOLDS_KING, 0, ("play",), ("2",)),
}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("case", KING_CASES)
async def test_why_the_king_may_not_be_announced_is_whole(language: str, case: str, tmp_path: Path) -> None:
    """The longest reasons k is refused (the moment the rules allow, in
    words) are read whole at 80x24, and the prompt and the buttons stay on
    screen beside them."""
    assert i18n.activate(language) == language
    cards, first_dealer, script, keys = KING_CASES[case]
    session, _ = scripted_session(tmp_path, [cards], script, first_dealer=first_dealer)
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        assert not session.match.can_announce() and screen.awaiting_human
        await pilot.press("k")
        await pilot.pause()
        message = screen.query_one("#message", Static)
        assert message.display
        reason = session.match._why_no_king(HUMAN)
        # The engine's clause, shown as a sentence (a capital, a full stop).
        assert " ".join(str(message.content).split()).lower() == " ".join(reason.split()).lower() + "."
        assert_whole(screen, "#message", case)
        assert_whole(screen, "#prompt", case)
        bottom = screen.query_one("#actions").region.bottom
        assert bottom <= SMALLEST[1] - 1, "the buttons are pushed under the footer"
        assert screen.query_one("#table").region.height >= 6
    session.close()
