"""The card table's words are whole at 80x24 in every language: the
prompt of each kind of decision, the narration of each move and the reason
a card is refused (two lines each, which do not scroll). One match per
language, as ``tests/tui/test_prompts_fit.py`` plays in English; a
language whose catalog is not shipped yet is skipped."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from game_support import GameApp, scripted_session, settle
from test_prompts_fit import SMALLEST, assert_whole, kind_of, take_a_turn

from ecarte import i18n
from ecarte.engine import Rules
from ecarte.engine.cards import bit
from ecarte.engine.match import TRICKS
from ecarte.play.session import HUMAN
from ecarte.tui.deal_summary import DealSummaryScreen, MatchOverScreen
from ecarte.tui.game_screen import GameScreen

TRANSLATED = [language for language in i18n.LANGUAGES if language != i18n.SOURCE_LANGUAGE]


def shipped(language: str) -> bool:
    return (Path(i18n.LOCALE_DIR) / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").is_file()


@pytest.mark.parametrize("language", TRANSLATED)
async def test_the_tables_words_are_whole_at_80x24(language: str, tmp_path: Path) -> None:
    if not shipped(language):
        pytest.skip(f"the {language} catalog is not shipped yet")
    assert i18n.activate(language) == language
    rng = random.Random(5)
    session, _ = scripted_session(tmp_path, [], seed=1, first_dealer=1, rules=Rules(target=3))
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _turn in range(400):
            await settle(pilot)
            if isinstance(app.screen, MatchOverScreen):
                break
            if isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
                continue
            kind = f"{language}: {kind_of(screen)}"
            for selector in ("#prompt", "#narration", "#message"):
                assert_whole(screen, selector, kind)
            match = screen.match
            if match.phase == TRICKS and match.trick:
                refused = [
                    i for i, card in enumerate(match.hand(HUMAN)) if not match.playable_cards() & bit(card)
                ]
                if refused:
                    await pilot.press(str(refused[0] + 1))
                    await pilot.pause()
                    assert_whole(screen, "#message", f"{language}: a refused card")
            await take_a_turn(pilot, screen, rng)
        assert_whole(screen, "#prompt", f"{language}: the match is over")
    session.close()
