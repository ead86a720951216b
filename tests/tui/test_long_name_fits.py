"""A player's name may be 24 characters long (the longest the settings
allow): every line of words at the table must still be whole at 80x24,
the narration of each move, the prompt of each decision and the message of
a refused card, over a whole match, with that name on both sides of each
sentence (its owner's moves and the other's)."""

from __future__ import annotations

import io
import random
from pathlib import Path

from game_support import GameApp, ScriptedPlayer, deck, scripted_session, settle
from rich.console import Console
from rich.text import Text
from test_prompts_fit import SMALLEST, assert_whole, play_checking_every_line
from textual.widgets import Static

from ecarte.engine import Match, Rules, parse_card
from ecarte.engine.actions import ACCEPT_ACTION, PLAY_ACTION, PROPOSE_ACTION, card_action, discard_action
from ecarte.play.session import MatchSession
from ecarte.play.settings import MAX_NAME_LENGTH, Settings
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.narration import describe_action, describe_cut, describe_deal

LONGEST_NAME = "Wolfgang-Amadeus-Mozarts"
"""No space to break at: the hardest name to wrap."""


async def test_a_24_character_name_keeps_every_line_whole_at_80x24(tmp_path: Path) -> None:
    assert len(LONGEST_NAME) == MAX_NAME_LENGTH
    settings = Settings(player_name=LONGEST_NAME, speed="instant")
    rng = random.Random(11)
    seen: set[str] = set()
    for seed in range(1, 4):
        session = MatchSession.new(
            settings,
            opponent="random",
            rules=Rules(target=3),
            seed=seed,
            first_dealer=seed % 2,
            directory=tmp_path / str(seed),
        )
        opponent = ScriptedPlayer()
        opponent.start_match(1, session.rules)
        session.opponent = opponent
        app = GameApp(session, settings)
        async with app.run_test(size=SMALLEST) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            seen |= await play_checking_every_line(pilot, screen, rng)
            assert_whole(screen, "#narration", "the match is over")
        session.close()
    assert {"lead", "follow", "discard, none chosen"} <= seen, seen


OTHER_LONG_NAME = "Konstantin-Alexandrovich"
"""A resumed log may name both players at length."""


async def narration_width(tmp_path: Path) -> int:
    """The width of the table's narration at 80x24, as laid out."""
    session, _ = scripted_session(tmp_path, [])
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        await settle(pilot)
        width = app.screen.query_one("#narration", Static).content_size.width
    session.close()
    return width


def lines_at(width: int, sentence: str) -> int:
    console = Console(width=width, file=io.StringIO())
    return len(Text(sentence).wrap(console, width))


async def test_the_longest_sentences_fit_two_lines_with_two_long_names(tmp_path: Path) -> None:
    width = await narration_width(tmp_path)
    names = (LONGEST_NAME, OTHER_LONG_NAME)
    sentences = [describe_cut(0, names), describe_cut(1, names)]
    # The dealer turns up a king: the name, the king and the trumps.
    kinged = Match(Rules(), first_dealer=1)
    kinged.deal(deck("7H 8H 9H 7S 8S 9S 7D 8D 9D TS KC"))
    sentences.append(describe_deal(kinged, names))
    # Five cards discarded and five drawn, all named (seat 0's own).
    exchange = Match(Rules(), first_dealer=1)
    exchange.deal(deck("TH TS TC KC JS 8S TD 9D 7S 9C 7H"))
    for action in (PROPOSE_ACTION, ACCEPT_ACTION):
        exchange.apply(action)
    everything = discard_action(exchange.hand(0))
    sentences.append(describe_action(exchange, 0, everything, names))
    # A card played, and the trick won by the other, with a trump.
    trick = Match(Rules(), first_dealer=1)
    trick.deal(deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H"))
    trick.apply(PLAY_ACTION)
    trick.apply(card_action(parse_card("8D")))
    sentences.append(describe_action(trick, 1, card_action(parse_card("TC")), names))
    for sentence in sentences:
        assert lines_at(width, sentence) <= 2, sentence


async def test_the_score_panel_says_who_deals_whatever_the_names_length(tmp_path: Path) -> None:
    """A long name is cut in the score panel, never the "(deals)" beside it."""
    for human_deals in (True, False):
        settings = Settings(player_name=LONGEST_NAME, speed="instant")
        session = MatchSession.new(
            settings,
            opponent="random",
            seed=5,
            first_dealer=0 if human_deals else 1,
            directory=tmp_path / str(human_deals),
        )
        app = GameApp(session, settings)
        async with app.run_test(size=SMALLEST) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await settle(pilot)
            score = screen.query_one("#score", Static)
            console = Console(width=score.content_region.width, record=True, file=io.StringIO())
            console.print(score.content)
            lines = console.export_text().splitlines()
            mine = next(line for line in lines if line.lstrip().startswith("Wolfgang"))
            computers = next(line for line in lines if line.lstrip().startswith("Computer"))
            dealer, other = (mine, computers) if human_deals else (computers, mine)
            assert "(deals)" in dealer, lines
            assert "(deals)" not in other
            assert "Wolfgang-Am" in mine  # cut, but still to be read
        session.close()


async def test_a_long_name_under_a_taken_trick_is_cut_on_its_line(tmp_path: Path) -> None:
    """Under the cards of a trick, "✓ " and a long name are cut with "…" on
    the one line of names, beside the other's: never wrapped below it."""
    settings = Settings(player_name=LONGEST_NAME, speed="instant")
    session = MatchSession.new(settings, opponent="random", seed=3, first_dealer=1, directory=tmp_path)
    opponent = ScriptedPlayer()
    opponent.start_match(1, session.rules)
    session.opponent = opponent
    app = GameApp(session, settings)
    seen_taken = 0
    async with app.run_test(size=SMALLEST) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        for _turn in range(8):
            match = screen.match
            if match.phase == "exchange":
                await pilot.press("p")
            elif match.phase == "tricks":
                table = screen.query_one("#table")
                rows = [strip.text for strip in table.render_lines(table.region.reset_offset)]
                if match.tricks and not match.trick:
                    seen_taken += 1
                    with_names = [row for row in rows if "Wolfgang" in row or "Computer" in row]
                    assert len(with_names) == 1, rows
                    assert "Wolfgang" in with_names[0] and "Computer" in with_names[0], rows
                hand, playable = match.hand(0), match.playable_cards()
                await pilot.press(str(next(i for i, card in enumerate(hand) if playable >> card & 1) + 1))
            else:
                break
            await settle(pilot)
    session.close()
    assert seen_taken
