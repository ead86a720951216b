"""A discard the rules refuse is explained to the player refused, in the
second person ("you must discard ..."), never as "elder" or "the dealer",
and the reason is whole at 80x24 in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_support import GameApp, scripted_session, settle
from test_prompts_fit import SMALLEST, assert_whole
from textual.widgets import Static

from ecarte import i18n
from ecarte.engine import Rules
from ecarte.engine.match import DISCARD_PHASE
from ecarte.play.session import HUMAN
from ecarte.tui.game_screen import GameScreen

ELDER_REASON = "you must discard at least 1 card: your proposal was accepted"
DEALER_REASON = "you must discard at least 1 card: the stock is not empty and 'dealer must exchange' is on"


async def refused_discard(tmp_path: Path, as_dealer: bool) -> str:
    """Enter with no card picked, at the human's discard where one is due:
    the message the table shows (whole at 80x24)."""
    rules = Rules(dealer_must_exchange=True) if as_dealer else Rules()
    # The computer deals when the human is elder; as elder it proposes.
    session, _ = scripted_session(
        tmp_path,
        [],
        ["propose"] if as_dealer else ["accept"],
        first_dealer=0 if as_dealer else 1,
        rules=rules,
    )
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("a" if as_dealer else "e")
        await settle(pilot)
        match = screen.match
        assert match.phase == DISCARD_PHASE and match.current_player == HUMAN
        assert (match.dealer == HUMAN) == as_dealer
        await pilot.press("enter")
        await pilot.pause()
        assert match.phase == DISCARD_PHASE, "the discard of no card was refused"
        assert_whole(screen, "#message", f"{i18n.current_language()}: a refused discard")
        shown = str(screen.query_one("#message", Static).content)
    session.close()
    return shown


@pytest.mark.parametrize("as_dealer", [False, True], ids=["elder", "dealer"])
async def test_in_english_the_player_refused_is_told_you_must(as_dealer: bool, tmp_path: Path) -> None:
    shown = await refused_discard(tmp_path, as_dealer)
    reason = DEALER_REASON if as_dealer else ELDER_REASON
    assert shown == reason[0].upper() + reason[1:] + "."  # the engine's clause, as a sentence
    assert "elder" not in shown.lower() and "the dealer must" not in shown.lower()


@pytest.mark.parametrize("as_dealer", [False, True], ids=["elder", "dealer"])
@pytest.mark.parametrize("language", [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE])
async def test_each_language_says_it_whole_in_its_words(
    language: str, as_dealer: bool, tmp_path: Path
) -> None:
    assert i18n.activate(language) == language
    shown = await refused_discard(tmp_path, as_dealer)
    translated = i18n._(DEALER_REASON if as_dealer else ELDER_REASON)
    assert translated != (DEALER_REASON if as_dealer else ELDER_REASON)
    assert shown == translated[0].upper() + translated[1:] + "."
