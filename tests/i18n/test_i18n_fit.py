"""The card table's words are whole at 80x24 in every language: the
prompt of each kind of decision, the narration of each move and the reason
a card is refused (two lines each, which do not scroll). One match per
language, as ``tests/tui/test_prompts_fit.py`` plays in English."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from game_support import GameApp, scripted_session
from test_prompts_fit import SMALLEST, play_checking_every_line

from ecarte import i18n
from ecarte.engine import Rules
from ecarte.tui.game_screen import GameScreen

TRANSLATED = [language for language in i18n.LANGUAGES if language != i18n.SOURCE_LANGUAGE]


@pytest.mark.parametrize("language", TRANSLATED)
async def test_the_tables_words_are_whole_at_80x24(language: str, tmp_path: Path) -> None:
    assert i18n.activate(language) == language
    rng = random.Random(5)
    session, _ = scripted_session(tmp_path, [], seed=1, first_dealer=1, rules=Rules(target=3))
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await play_checking_every_line(pilot, screen, rng, label=f"{language}: ")
    session.close()
