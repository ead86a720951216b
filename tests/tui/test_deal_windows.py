"""The windows at the end of a deal and of the match, as a learner meets
them: the help and the rules answer in both (and the help says what each
window shows), q says how to leave rather than nothing, the row of tricks
reads the same way round in every trick, and a king scored earlier in the
deal is recalled as such, not scored a second time."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import GameApp, RecordingApp, deck, scripted_session, settle, until
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from ecarte import i18n
from ecarte.engine import Rules, parse_card
from ecarte.engine.match import ANSWER, EXCHANGE, TRICKS
from ecarte.engine.view import Trick
from ecarte.play.session import MatchSession
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.deal_summary import DealSummaryScreen, MatchOverScreen, tricks_line
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.help_screen import HelpScreen
from ecarte.tui.rules_screen import RulesScreen

SMALLEST = (80, 24)

KING_TURNED_UP = deck("7H 8H 9H 7S 8S 9S 7D 8D 9D TS KC")
"""The computer deals (``first_dealer=1``) and turns up the K♣: 1 point to
it at once. You hold 7♥ 8♥ 9♥ 7♦ 8♦, it 7♠ 8♠ 9♠ 9♦ 10♠, without a heart
or a trump."""

KING_IN_HAND = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H")
"""The computer deals; you hold K♥ A♠ 7♣ 8♦ 9♦ with hearts trumps: the
king to announce before your first lead."""


class NotedGameApp(RecordingApp, GameApp):
    """The table alone, keeping every notification it shows."""


def words(screen: Any, selector: str) -> str:
    """The words a Static shows (its markup read), on one line."""
    console = Console(width=200, file=io.StringIO(), color_system=None, record=True)
    console.print(screen.query_one(selector, Static).content)
    return " ".join(console.export_text().split())


async def to_the_deals_window(pilot: Pilot[Any], announce: bool = False) -> DealSummaryScreen:
    """Play the deal out through the keys (play as dealt, refuse a
    proposal, the first card allowed; the king announced if ``announce``)
    until its window opens."""
    app = pilot.app
    for _turn in range(40):
        await settle(pilot)
        if isinstance(app.screen, DealSummaryScreen):
            return app.screen
        table = app.screen
        assert isinstance(table, GameScreen), table
        match = table.match
        if match.phase == EXCHANGE:
            await pilot.press("p")
        elif match.phase == ANSWER:
            await pilot.press("r")
        elif match.phase == TRICKS and announce and match.can_announce():
            await pilot.press("k")
        else:
            hand, playable = match.hand(0), match.playable_cards()
            await pilot.press(str(next(i for i, card in enumerate(hand) if playable >> card & 1) + 1))
    raise AssertionError("the deal did not end")


def kings_up_match_of_one_point(tmp_path: Path) -> MatchSession:
    """A match of one game to 1 point, ended by the computer's turned-up king."""
    session, _ = scripted_session(tmp_path, [KING_TURNED_UP], first_dealer=1, rules=Rules(target=1))
    return session


async def test_the_match_over_window_opens_the_help_and_the_rules(tmp_path: Path) -> None:
    """The footer under the window offers ? and F2: they answer there, and
    closing them comes back to the window, not past it."""
    session = kings_up_match_of_one_point(tmp_path)
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        window = app.screen
        for key, closing in (("question_mark", "escape"), ("f1", "q"), ("question_mark", "question_mark")):
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            help_screen = app.screen
            # The help speaks of this window and lists its keys.
            about = words(help_screen, "#help-about")
            assert about.startswith("The match's result") and "rematch" in about, about
            keys = words(help_screen, "#help-keys")
            for expected in (
                "n Rematch",
                "a Analyse",
                "Look at the table",
                "Esc Menu",
                "?, F1 Help",
                "F2 Rules",
            ):
                assert expected in keys, keys
            await pilot.press(closing)
            await until(pilot, lambda: app.screen is window)
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is window)
        assert app.return_code is None
    session.close()


async def test_the_match_over_help_names_the_rules_of_the_match() -> None:
    def won_3_1() -> MatchOverScreen:
        return MatchOverScreen(0, ("You", "Computer"), [1, 0], None, [[3, 1]], rules=Rules(target=3))

    app = EcarteApp(Settings(player_name="You"), first_screen=won_3_1)
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "game to 3" in words(app.screen, "#help-rules-in-force").lower()
        # The rule of the moment is the match's end, not the deal's.
        assert words(app.screen, "#help-rule").startswith("Rule of the moment: The match is over")


def deal_then(tmp_path: Path, over: bool) -> MatchSession:
    """A match whose first deal ends it (``over``: the king turned up wins
    a game of one point) or does not."""
    if over:
        return kings_up_match_of_one_point(tmp_path)
    session, _ = scripted_session(tmp_path, [KING_TURNED_UP], first_dealer=1)
    return session


@pytest.mark.parametrize("over", [True, False], ids=["match over", "match goes on"])
async def test_q_in_the_deals_and_the_matchs_window_says_how_to_leave(tmp_path: Path, over: bool) -> None:
    """q takes no one away (the table's letters are moves, so is q), but
    says how to leave, in the words of the window it is pressed in."""
    session = deal_then(tmp_path, over)
    app = NotedGameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:

        async def q_says(shown: Any) -> str:
            app.notes.clear()
            assert app.screen is shown
            await pilot.press("q")
            await until(pilot, lambda: bool(app.notes))
            [note] = app.notes
            assert "Ctrl+Q" in note and "saved" in note, note
            assert app.screen is shown and app.return_code is None
            return note

        window = await to_the_deals_window(pilot)
        note = await q_says(window)
        if not over:
            # Esc there goes on with the match: it is Enter, then Esc, at the table.
            assert "Enter" in note and "at the table" in note, note
        else:
            # Esc there leaves the match (the table was opened alone: it quits).
            assert note.startswith("Esc or Ctrl+Q quits"), note
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, MatchOverScreen))
            note = await q_says(app.screen)
            assert note.startswith("Esc or Ctrl+Q quits"), note
    session.close()


async def test_q_over_the_title_names_the_menu(tmp_path: Path) -> None:
    """Over the title screen, Esc at the end of the match is the menu."""
    session = kings_up_match_of_one_point(tmp_path)
    app = RecordingApp(Settings(speed="instant", player_name="You"))
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.pause()
        app.push_screen(GameScreen(session, app.settings))
        await settle(pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        await pilot.press("q")
        await until(pilot, lambda: bool(app.notes))
        assert app.notes[-1].startswith("Esc opens the menu and Ctrl+Q quits"), app.notes
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        await pilot.press("q")
        await until(pilot, lambda: len(app.notes) == 2)
        assert app.notes[-1].startswith("Esc opens the menu and Ctrl+Q quits"), app.notes
    session.close()


class Played:
    """A deal's tricks, as ``tricks_line`` reads them from a match."""

    def __init__(self, tricks: list[Trick]) -> None:
        self.tricks = tricks


def test_the_row_of_tricks_shows_your_card_first_whoever_led(plain: Callable[..., str]) -> None:
    # You lead the first trick and the third; the computer leads the others.
    played = Played(
        [
            Trick(leader=0, cards=(parse_card("JD"), parse_card("QD")), winner=1),
            Trick(leader=1, cards=(parse_card("KS"), parse_card("9S")), winner=1),
            Trick(leader=1, cards=(parse_card("8D"), parse_card("TH")), winner=0),
            Trick(leader=0, cards=(parse_card("AH"), parse_card("7H")), winner=0),
            Trick(leader=0, cards=(parse_card("AC"), parse_card("7C")), winner=0),
        ]
    )
    row = plain(tricks_line(played, ("You", "Computer"), True), width=62)  # type: ignore[arg-type]
    first = row.splitlines()[0].split()
    # Your card, then the computer's, in every trick.
    assert first == ["Tricks", "J♦", "Q♦", "9♠", "K♠", "10♥", "8♦", "A♥", "7♥", "A♣", "7♣"], first


async def test_the_deals_window_says_which_card_of_a_trick_is_whose(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [KING_TURNED_UP], first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        window = await to_the_deals_window(pilot)
        caption = words(window, "#summary-tricks-caption")
        assert "your card" in caption.lower() and "Computer's" in caption, caption
        assert "took" in caption, caption
    session.close()


@pytest.mark.parametrize(
    ("cards", "announce", "recalled"),
    [
        (KING_TURNED_UP, False, "The king gave Computer 1 point earlier."),
        (KING_IN_HAND, True, "The king gave you 1 point earlier."),
    ],
    ids=["turned up", "announced"],
)
async def test_the_deals_window_adds_up_to_the_points_it_shows(
    tmp_path: Path, cards: Any, announce: bool, recalled: str
) -> None:
    """The sentence under the table recalls the king's point and says what
    the tricks scored: together, the deal's points in the table."""
    session, _ = scripted_session(tmp_path, [cards], first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        window = await to_the_deals_window(pilot, announce=announce)
        record = window.record
        said = words(window, "#summary-text")
        assert said.startswith(recalled), said
        assert "for the king" not in said, said
        king = sum(record.king_points)
        assert king == 1 and record.tricks is not None and record.winner is not None
        # What the sentence says the tricks scored, plus the king's point, is the deal's points.
        tricks_said = f"{record.tricks[record.winner]} tricks to {record.tricks[1 - record.winner]}: "
        assert tricks_said + f"{record.trick_points} point" in said, said
        assert record.trick_points + king == sum(record.points)
    session.close()


async def test_the_help_of_the_deals_window_explains_its_columns(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [KING_TURNED_UP], first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        window = await to_the_deals_window(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        about = words(app.screen, "#help-about")
        assert about.startswith("The deal's result"), about
        # Each column by its head, and the row of tricks.
        for head in ("tricks:", "king:", "points:", "score:", "Tricks"):
            assert head in about, (head, about)
        assert "your card first" in about, about
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is window)
    session.close()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_deals_window_is_whole_at_80x24_in_every_language(tmp_path: Path, language: str) -> None:
    """Every line of the deal's window inside its box, and the box on the
    screen: the row of tricks never wider than the box."""
    assert i18n.activate(language) == language
    session, _ = scripted_session(tmp_path, [KING_IN_HAND], first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        window = await to_the_deals_window(pilot, announce=True)
        await pilot.pause()
        box = window.query_one("#summary-box")
        assert box.region.y >= 0 and box.region.bottom <= SMALLEST[1], box.region
        # Nothing scrolled away: the box holds all it has.
        assert box.virtual_size.height <= box.content_size.height, (box.virtual_size, box.content_size)
        inside = box.content_region
        for widget in window.query(Static):
            if widget.region.height:
                assert inside.x <= widget.region.x and widget.region.right <= inside.right, widget
        tricks = window.query_one("#summary-tricks", Static)
        assert tricks.content_size.width <= inside.width
        measured = app.console.measure(tricks.content)  # type: ignore[arg-type]
        assert measured.maximum <= inside.width, (language, measured)
    session.close()


@pytest.mark.parametrize("over", [True, False], ids=["match over", "match goes on"])
async def test_a_key_that_does_nothing_in_the_deals_window_says_so(tmp_path: Path, over: bool) -> None:
    """x in "Deal 2 is over" showed nothing, where the table and the replay
    say the key does nothing there."""
    session = deal_then(tmp_path, over)
    app = NotedGameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        window = await to_the_deals_window(pilot)
        app.notes.clear()
        await pilot.press("x")
        await until(pilot, lambda: bool(app.notes))
        assert app.notes == ["The key x does nothing here: ? lists the keys."]
        assert app.screen is window
    session.close()
