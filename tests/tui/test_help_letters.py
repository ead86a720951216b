"""The table's help in the letter card style names the cards and the
Coach's marks as the table draws them, not as symbols it does not show."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_support import GameApp, deck, scripted_session, settle, until
from textual.widgets import Static

from ecarte import i18n
from ecarte.play.settings import Settings
from ecarte.tui.help_screen import HelpScreen

DEAL = deck("7S 8S 9S 7H 8H KS QS JS AS TS 7D 8D KC KH QH JH AH TH KD QD JD AD TD 9D 9C QC JC AC TC 8C 7C 9H")


@pytest.mark.parametrize(("language", "style"), [("en", "letters"), ("fr", "letters"), ("en", "symbols")])
async def test_the_tables_help_draws_cards_and_marks_as_the_table_does(
    tmp_path: Path, language: str, style: str
) -> None:
    assert i18n.activate(language) == language
    session, _ = scripted_session(tmp_path, [DEAL])
    app = GameApp(session, Settings(speed="instant", player_name="You", card_style=style))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        about = str(app.screen.query_one("#help-about", Static).content)
        signs = "★≈♠♥♦♣"
        if style == "letters":
            assert not any(sign in about for sign in signs), about
            # The marks as the Coach draws them in letters.
            assert "* " in about and "~ " in about, about
        else:
            assert all(sign in about for sign in "★≈♠♣"), about
