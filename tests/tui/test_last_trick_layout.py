"""While a trick is played, the last trick stands beside it in three lines
level with the cards: its heading ("Last trick", "Dernière levée") whole on
the first, its two cards on the second, who took it on the third; the line
under the cards (trump, stock, the trick's names) holds none of them. In
every language, at 80x24 and 120x40, in both card styles, and with a long
name at the table (the Swedish "Förra" over "sticket", the French
"Dernière" over "levée", pushed the taker into the trump's line)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from game_support import INSTANT, GameApp, ScriptedPlayer, settle
from textual.widget import Widget

from ecarte import i18n
from ecarte.engine import Trick
from ecarte.i18n import _
from ecarte.play.session import MatchSession
from ecarte.play.settings import Settings
from ecarte.tui.cards_render import card_text
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.narration import shown_name

LONG_NAME = "Maximilian-Alexander"


def panel_rows(widget: Widget) -> list[str]:
    """The panel's rows as shown, frame included."""
    return [strip.text for strip in widget.render_lines(widget.region.reset_offset)]


def session_of(tmp_path: Path, settings: Settings) -> MatchSession:
    """A match against a player of the lowest legal card, the human elder
    (the human's weakest cards hand it the tricks, and it leads the next)."""
    session = MatchSession.new(settings, opponent="random", seed=7, first_dealer=1, directory=tmp_path)
    player = ScriptedPlayer()
    player.start_match(1, session.rules)
    session.opponent = player
    return session


async def the_table_beside_the_last_trick(
    tmp_path: Path, size: tuple[int, int], settings: Settings
) -> tuple[list[str], Trick, tuple[str, str]]:
    """The table's rows once a trick is led while the last one is shown
    beside it, that last trick, and the names at the table."""
    session = session_of(tmp_path, settings)
    app = GameApp(session, settings)
    try:
        async with app.run_test(size=size) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await settle(pilot)
            for _turn in range(12):
                match = screen.match
                assert not session.is_over and match.phase in ("exchange", "tricks")
                if match.phase == "exchange":
                    await pilot.press("p")
                elif match.trick and match.tricks:
                    await pilot.pause()
                    return panel_rows(screen.query_one("#table")), match.tricks[-1], session.names
                else:
                    hand, playable = match.hand(0), match.playable_cards()
                    weakest = [i for i, card in enumerate(hand) if playable >> card & 1][-1]
                    await pilot.press(str(weakest + 1))
                await settle(pilot)
    finally:
        session.close()
    raise AssertionError("the last trick never stood beside a trick")


@pytest.mark.parametrize("name", ["You", LONG_NAME])
@pytest.mark.parametrize("card_style", ["symbols", "letters"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_last_trick_is_three_lines_beside_the_cards(
    language: str, size: tuple[int, int], card_style: str, name: str, tmp_path: Path
) -> None:
    i18n.activate(language)
    settings = replace(INSTANT, card_style=card_style, player_name=name)
    rows, trick, names = await the_table_beside_the_last_trick(tmp_path, size, settings)
    shown = "\n".join(rows)
    symbols = card_style == "symbols"
    heading = _("Last trick")
    cards = " ".join(card_text(card, symbols).plain for card in trick.cards)
    # The computer took it (the human played its weakest cards), and leads.
    taker = _("to {name}").format(name=shown_name(names[trick.winner]))
    top = next(index for index, row in enumerate(rows) if "┌" in row)  # the cards' first line
    assert heading in rows[top], shown  # whole, on one line, level with the cards' top
    assert cards in rows[top + 1], shown
    assert taker in rows[top + 2], shown
    assert sum(heading.split()[0] in row for row in rows) == 1, shown  # no word of it on another line
    under = next(index for index, row in enumerate(rows) if _("trump {suit}").split("{suit}")[0] in row)
    assert under > top + 2, shown
    assert taker not in rows[under] and cards not in rows[under], shown
    for row in rows:
        assert row[0] in "│╭╰" and row[-1] in "│╮╯", shown  # inside the frame
