"""The lesson, played through with the keys a newcomer presses: wrong moves
at several steps are explained and do not advance it, and its end starts a
real, autosaved match against the Easy level. Also: `ecarte learn`, the
title's entry and its first-run pointer, and every lesson text whole at
80x24."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from game_support import until
from textual.pilot import Pilot
from textual.widgets import OptionList, Static
from textual.widgets._footer import FooterKey

from ecarte.cli import main
from ecarte.engine import Action, ActionType, Rules, card_action
from ecarte.engine.cards import cards_in
from ecarte.i18n import activate, choose_language
from ecarte.play import paths
from ecarte.play.lesson import StepKind, lesson_finished, mark_finished, wants
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.lesson_screen import LessonScreen
from ecarte.tui.title_screen import LESSON_POINTER as POINTER
from ecarte.tui.title_screen import TitleScreen

INSTANT = Settings(speed="instant")
SIZE = (80, 24)


def lesson_app(settings: Settings = INSTANT) -> EcarteApp:
    return EcarteApp(settings, first_screen=LessonScreen)


def screen_line(app: EcarteApp, row: int) -> str:
    """A line of the screen as the player sees it."""
    return app.screen._compositor.render_strips()[row].text


def said(screen: LessonScreen) -> str:
    return str(screen.query_one("#lesson-said", Static).content)


def panel(screen: LessonScreen) -> str:
    return str(screen.query_one("#lesson-text", Static).content)


def fits(box: Static) -> bool:
    """Whether the box shows all its text, wrapped, without scrolling or cutting."""
    size = box.content_region.size
    return box.get_content_height(size, size, box.size.width) <= size.height


class Newcomer:
    """Presses keys on the lesson screen and waits for Klara after each."""

    def __init__(self, pilot: Pilot[Any]) -> None:
        self.pilot = pilot

    @property
    def screen(self) -> LessonScreen:
        screen = self.pilot.app.screen
        assert isinstance(screen, LessonScreen)
        return screen

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            await until(self.pilot, lambda: self.screen.waiting)
            await self.pilot.pause()

    async def wrong(self, key: str, *expected: str) -> None:
        """A key the step does not teach: it is explained, nothing moves."""
        before = (self.screen.lesson.index, self.screen.lesson.match.copy().hands)
        await self.press(key)
        for text in expected:
            assert text in said(self.screen), (key, said(self.screen))
        assert (self.screen.lesson.index, self.screen.lesson.match.hands) == before, key

    def expects(self, action: str) -> None:
        step = self.screen.lesson.step
        assert step.kind == StepKind.YOU and step.action == action, (step.kind, step.action)


async def test_a_newcomer_plays_the_lesson_through_and_ends_in_a_real_game_against_easy() -> None:
    app = lesson_app()
    async with app.run_test(size=SIZE) as pilot:
        you = Newcomer(pilot)
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        assert "the ace ranks below the jack" in panel(you.screen)
        await you.wrong("e", "Read the lesson, then press Enter")
        await you.press("enter", "enter", "enter")
        # Deal 1, the Swedish example: propose, not play.
        you.expects("propose")
        await you.wrong("p", "Klara scores 2")
        await you.press("e")
        you.expects("discard 7D 8C")
        # The queen of trumps, picked by mistake, is not picked: the reason is told.
        await you.wrong("1", "Keep the K♠ and your trumps")
        assert you.screen.chosen == 0
        await you.wrong("enter", "Pick 7♦ and 8♣")
        await you.press("4", "5", "enter")
        you.expects("play")
        await you.press("p")
        you.expects("card KS")
        await you.wrong("1", "Lead the K♠")  # the Q♥ is legal, but not this step's card
        await you.press("4")
        assert "Klara must follow suit" in panel(you.screen)
        await you.press("enter", "1", "1")  # what the table shows; then Q♥, J♥
        assert "Her A♥ lost to your jack" in panel(you.screen)
        await you.press("2")  # 10♣
        you.expects("card 8H")
        # The footer's card keys follow the hand: one card, the key 1.
        assert [key.key_display for key in you.screen.query(FooterKey) if key.action == "card(0)"] == ["1"]
        await you.wrong("2", "There is no card 2: you hold one card")
        await you.press("1")
        assert "take 4 tricks to 1: 1 point" in said(you.screen)
        # With the hand empty, the footer offers no card key.
        await until(
            pilot, lambda: not [key for key in you.screen.query(FooterKey) if key.action == "card(0)"]
        )
        assert you.screen.lesson.match.score == [1, 0]
        await you.press("enter", "enter")
        # Deal 2: you deal; refuse Klara's proposal, announce the king, beat the ace.
        you.expects("refuse")
        await you.wrong("a", "she would better her hand")
        await you.press("r")
        you.expects("king")
        await you.wrong("4", "7♦ is not allowed: you must beat the led A♦ and you hold K♦", "Press k")
        await you.press("k")
        assert you.screen.lesson.match.score == [2, 0]
        await you.wrong("4", "7♦ is not allowed: you must beat the led A♦ and you hold K♦")
        await you.press("3", "1", "1", "1", "1")
        assert you.screen.lesson.match.score == [3, 0]
        await you.press("enter", "enter")
        # Deal 3: Klara turns up a king, refuses and loses: 2 points for you.
        assert you.screen.lesson.match.score == [3, 1]
        await you.press("e", "1")
        you.expects("card 9C")
        await you.wrong("2", "you have no spades, so you must trump (clubs) and you hold 9♣")
        await you.press("1", "1", "1", "1")
        assert you.screen.lesson.match.winner == 0
        assert "you win the game" in panel(you.screen)
        assert lesson_finished()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.session.opponent_level == "easy"
        assert game.session.log_path.parent == paths.matches_dir() and game.session.log_path.exists()
        assert game.session.rules == INSTANT.rules
        # Esc from the game comes back to the title, not to the lesson.
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))


@pytest.mark.parametrize(
    "settings",
    [
        INSTANT,
        Settings(
            speed="instant", rules=Rules(ace_high=True, must_trump=False, target=11, four_all_reset=True)
        ),
        # Each language's texts are as long as they need to be: they must fit too.
        *(Settings(speed="instant", language=language) for language in ("fr", "sv", "nb", "de", "fi", "nl")),
    ],
    ids=["default rules", "every rule changed", "fr", "sv", "nb", "de", "fi", "nl"],
)
async def test_every_lesson_text_is_whole_at_80x24(settings: Settings) -> None:
    activate(choose_language(setting=settings.language))
    app = lesson_app(settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        lesson = screen.lesson
        seen = 0
        while True:
            await pilot.pause()
            text_box = screen.query_one("#lesson-text", Static)
            said_box = screen.query_one("#lesson-said", Static)
            score_box = screen.query_one("#lesson-score", Static)
            for box in (text_box, said_box, score_box):
                assert fits(box), (lesson.index, str(box.content))
            step = lesson.step
            if step.kind == StepKind.YOU:
                # Each answer to another key fits too: every decision, every card held.
                hand = [card_action(card) for card in lesson.match.hand(0)]
                for action in [*map(Action.parse, ("propose", "play", "accept", "refuse", "king")), *hand]:
                    if str(action) != step.action:
                        screen.wrong = lesson.explain(action)
                        screen.refresh_view()
                        await pilot.pause()
                        assert fits(said_box), (lesson.index, screen.wrong)
            seen += 1
            if lesson.is_last:
                assert ("ace high" in panel(screen)) == settings.rules.ace_high
                break
            if step.kind == StepKind.SAY:
                screen.action_confirm()
            else:
                screen.move(wants(step))
            screen.wrong = ""
            await until(pilot, lambda: screen.waiting)
        assert seen > 20


async def test_a_key_the_lesson_has_no_use_for_is_answered_with_the_step() -> None:
    """x, at the step that asks to propose, left the words of the key
    before under the hand, as if it had not been pressed."""
    app = lesson_app()
    async with app.run_test(size=SIZE) as pilot:
        you = Newcomer(pilot)
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        await you.press("enter", "enter", "enter")
        you.expects("propose")
        await you.wrong("a", "There is no proposal to answer")
        await you.wrong("x", "The key x does nothing here: ? lists the keys.", "Press e")
        assert "There is no proposal" not in said(you.screen)
        # A key the lesson binds still answers for itself.
        await you.wrong("p", "Klara scores 2")


async def test_escape_leaves_the_lesson_for_the_title() -> None:
    app = EcarteApp(INSTANT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert not lesson_finished()


async def test_the_hint_key_is_answered_in_the_lesson() -> None:
    """h, the table's hint key, says why there is no coach here (it did nothing)."""
    from textual.widgets._toast import Toast

    app = EcarteApp(INSTANT)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("l")
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("h")
        await until(pilot, lambda: bool(app.screen.query(Toast)))
        said = " ".join(toast.render().plain for toast in app.screen.query(Toast))
        assert "No coach in the lesson" in said
        assert isinstance(app.screen, LessonScreen)


async def test_the_title_offers_the_lesson_and_points_newcomers_at_it() -> None:
    app = EcarteApp(INSTANT)
    async with app.run_test(size=(100, 30)) as pilot:
        menu = app.screen.query_one("#title-menu", OptionList)
        entries = [str(menu.get_option_at_index(index).prompt) for index in range(menu.option_count)]
        assert "Learn to play" in entries
        assert POINTER in str(app.screen.query_one("#title-summary", Static).content)
        await pilot.press("down", "enter")  # New match, Learn to play
        assert isinstance(app.screen, LessonScreen)


async def test_no_pointer_once_the_lesson_is_finished() -> None:
    mark_finished()
    app = EcarteApp(INSTANT)
    async with app.run_test(size=(100, 30)):
        assert POINTER not in str(app.screen.query_one("#title-summary", Static).content)


async def test_letters_style_shows_the_lesson_without_suit_symbols() -> None:
    app = lesson_app(Settings(speed="instant", card_style="letters"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("enter")
        assert "9H" in panel(screen) and "♥" not in panel(screen)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[EcarteApp]:
    apps: list[EcarteApp] = []

    def run(self: EcarteApp, *args: Any, **kwargs: Any) -> int:
        apps.append(self)
        return 0

    monkeypatch.setattr(EcarteApp, "run", run)
    return apps


def test_ecarte_learn_opens_the_lesson_over_the_title(started: list[EcarteApp]) -> None:
    assert main(["learn"]) == 0
    [app] = started
    assert app._first_screen is not None
    assert isinstance(app._first_screen(), LessonScreen)


@pytest.mark.parametrize("language", ["en", "de", "nl", "fi"])
async def test_the_lessons_table_says_where_the_match_is_without_being_cut(language: str) -> None:
    """After the first trick, at 80x24: "Tisch · Partie 1, Runde 1, Stich 1
    fertig" was cut to "… Stich 1 fert…"; where the match is must be read
    whole, the word "Table" given up first."""
    from rich.cells import cell_len

    from ecarte import i18n
    from ecarte.tui.widgets import TableView

    assert i18n.activate(language) == language
    app = lesson_app()
    async with app.run_test(size=SIZE) as pilot:
        you = Newcomer(pilot)
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        await you.press("enter", "enter", "enter", "e", "4", "5", "enter", "p", "4")
        table = you.screen.query_one("#lesson-table", TableView)
        assert len(you.screen.lesson.match.tricks) == 1
        where = i18n._("game {game}, deal {deal}, trick {trick} taken").format(game=1, deal=1, trick=1)
        title = str(table.border_title)
        assert title.endswith(where), title
        # As drawn in the frame's top line: whole, not cut with "…".
        top = screen_line(app, table.region.y)
        assert where in top and "…" not in top, top
        assert cell_len(title) < table.outer_size.width


async def test_the_cards_drawn_in_the_lesson_are_marked_as_at_the_table() -> None:
    """After the discard the two cards drawn show the table's "+" until the
    next move; the others do not."""
    from ecarte.engine.cards import bit
    from ecarte.tui.widgets.hand import CardSlot

    app = lesson_app()
    async with app.run_test(size=SIZE) as pilot:
        you = Newcomer(pilot)
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        await you.press("enter", "enter", "enter", "e", "4", "5")
        before = you.screen.lesson.match.hands[0]
        await you.press("enter")  # discard 7♦ 8♣ and draw two
        drawn = you.screen.lesson.match.hands[0] & ~before
        assert bin(drawn).count("1") == 2
        marked = {
            slot.look.card for slot in you.screen.query(CardSlot) if slot.look is not None and slot.look.new
        }
        assert marked == {card for card in range(32) if drawn & bit(card)}
        await you.press("p", "4")  # the next move clears the marks
        assert not any(slot.look is not None and slot.look.new for slot in you.screen.query(CardSlot))


def keys_for(step_action: str, hand: list[int]) -> list[str]:
    """The keys a newcomer presses for a step's move, as the lesson asks."""
    action = Action.parse(step_action)
    words = {"propose": "e", "play": "p", "refuse": "r", "king": "k"}
    if step_action in words:
        return [words[step_action]]
    if action.type == ActionType.CARD:
        return [str(hand.index(action.card) + 1)]
    return [str(hand.index(card) + 1) for card in cards_in(action.discards)] + ["enter"]


async def test_wherever_the_lesson_asks_for_a_card_or_the_king_the_cursor_stands_on_a_playable_card() -> None:
    """Enter plays the card under the ▲: at each step of the tricks (the
    king's too, where Klara's lead forbids most of the hand) it must be one
    the rules allow, the one the lesson asks for when it asks for a card."""
    app = lesson_app()
    checked = 0
    async with app.run_test(size=SIZE) as pilot:
        you = Newcomer(pilot)
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        while not you.screen.lesson.is_last:
            lesson = you.screen.lesson
            step = lesson.step
            if step.kind == StepKind.SAY:
                await you.press("enter")
                continue
            match = lesson.match
            hand = match.hand(0)
            if match.phase.value == "tricks":
                under = hand[you.screen.cursor]
                assert card_action(under) in match.legal_actions(), (lesson.index, step.action)
                if step.action.startswith("card "):
                    assert under == wants(step).card, lesson.index
                checked += 1
            await you.press(*keys_for(step.action, hand))
    assert checked >= 12


async def test_the_lessons_prompt_names_the_key_of_the_card_and_enter_once_the_discard_is_picked() -> None:
    """A newcomer reads which key plays the card asked for ("Press 3, or
    Enter."), the ▲ starts on the first card to throw away, and once both
    are picked the prompt says Enter discards them."""
    app = lesson_app()
    async with app.run_test(size=SIZE) as pilot:
        you = Newcomer(pilot)
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        await you.press("enter", "enter", "enter", "e")
        you.expects("discard 7D 8C")
        hand = you.screen.lesson.match.hand(0)
        assert hand[you.screen.cursor] == Action.parse("card 7D").card
        await you.press("space")  # picks the 7♦ under the ▲, which moves to the 8♣
        assert hand[you.screen.cursor] == Action.parse("card 8C").card
        assert "→ Pick 7♦ and 8♣, then Enter." in panel(you.screen)
        # Enter with one of the two picked: what is left to do, not why the
        # K♠ and the trumps are kept (none of them was picked).
        await you.wrong("enter", "Pick 7♦ and 8♣, then Enter.")
        assert "Keep the K♠" not in said(you.screen)
        await you.press("space")
        assert "→ Press Enter to discard them." in panel(you.screen)
        await you.press("enter", "p")
        you.expects("card KS")
        key = you.screen.lesson.match.hand(0).index(Action.parse("card KS").card) + 1
        assert f"→ Play the K♠. Press {key}, or Enter." in panel(you.screen)
        # A card the step does not want is explained, and the ▲ stays on the
        # K♠, so that "or Enter" holds.
        await you.wrong("1", "Lead the K♠")
        assert you.screen.lesson.match.hand(0)[you.screen.cursor] == Action.parse("card KS").card
        await you.press("enter")
        assert you.screen.lesson.match.tricks or you.screen.lesson.match.trick


async def follow_the_lesson(pilot: Pilot[Any], screen: LessonScreen, until_this: Callable[[], bool]) -> None:
    """Take each step as it asks (Enter after words, its move after "Press
    …") until ``until_this()`` holds."""
    while not until_this():
        step = screen.lesson.step
        if step.kind == StepKind.SAY:
            screen.action_confirm()
        else:
            screen.move(wants(step))
        await until(pilot, lambda: screen.waiting)


async def test_the_lessons_end_asks_before_starting_a_match_while_one_is_unfinished() -> None:
    """Enter at the lesson's last words starts a match against Easy; with a
    match unfinished it asks first, as New match does, and Continue takes
    the unfinished one up instead."""
    from ecarte.play.session import MatchSession
    from ecarte.tui.title_screen import AbandonQuestion

    MatchSession.new(INSTANT, opponent="random", seed=1).close()
    unfinished = MatchSession.unfinished()
    assert unfinished is not None
    app = EcarteApp(INSTANT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await follow_the_lesson(pilot, screen, lambda: screen.lesson.is_last)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, AbandonQuestion))
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.session.log_path == unfinished
        assert lesson_finished()
        # Esc from the match is the title, not the lesson.
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))


def card_keys_in_footer(screen: LessonScreen) -> list[str]:
    """The footer's card key ("1-5"), as the player sees it; none when it offers none."""
    return [str(key.key_display) for key in screen.query(FooterKey) if key.action == "card(0)"]


async def test_the_footer_offers_the_card_keys_only_when_a_card_is_the_players_to_press() -> None:
    app = lesson_app()
    async with app.run_test(size=SIZE) as pilot:
        you = Newcomer(pilot)
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        # The lesson explains, the cards already dealt: no card key offered,
        # and a number pressed anyway says what to do instead.
        assert you.screen.lesson.step.kind == StepKind.SAY and you.screen._hand()
        assert card_keys_in_footer(you.screen) == []
        await you.wrong("1", "Read the lesson, then press Enter")
        await you.press("enter", "enter", "enter")
        # A word to say (propose): still no card key; a number is answered.
        you.expects("propose")
        assert card_keys_in_footer(you.screen) == []
        await you.wrong("1", "Press e")
        await you.press("e")
        # The discard: the cards are the player's to pick.
        you.expects("discard 7D 8C")
        await until(pilot, lambda: card_keys_in_footer(you.screen) == ["1-5"])
        await you.press("4", "5", "enter")
        you.expects("play")
        await you.press("p")
        # "Lead the K♠. Press 4": the footer offers that card's key, not
        # 1-5 (the others are legal, but no move of this step's).
        you.expects("card KS")
        await until(pilot, lambda: card_keys_in_footer(you.screen) == ["4"])


async def test_the_kings_step_names_enter_for_what_it_does() -> None:
    """At "Press k to announce the king", the footer said "⏎ Go on / play",
    though Enter plays nothing there. It is a step made by a key, like
    propose: the footer says "What to press", and Enter and a card say to
    press k first (a card is still explained, in the rules' words where
    it is not legal)."""
    app = lesson_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        screen = app.screen
        assert isinstance(screen, LessonScreen)

        def at_the_king() -> bool:
            return screen.lesson.step.kind == StepKind.YOU and screen.lesson.step.action == "king"

        await follow_the_lesson(pilot, screen, at_the_king)
        await pilot.pause()
        keys = {str(key.key_display): str(key.description) for key in screen.query(FooterKey)}
        assert keys.get("⏎") == "What to press", keys
        for key in ("enter", "1"):
            await pilot.press(key)
            await pilot.pause()
            assert "Press k" in said(screen) or "(k)" in said(screen), (key, said(screen))
            assert screen.lesson.step.action == "king"  # no card played
        await pilot.press("k")
        await until(pilot, lambda: screen.lesson.step.action != "king")


@pytest.mark.parametrize("name", ["Klara", " klara "])
async def test_a_player_named_klara_is_you_in_the_lesson(name: str) -> None:
    """A play-tester named themselves Klara: the lesson's score showed two
    Klaras, and the hand's box too. The teacher keeps her name; the player
    is "You" there."""
    app = lesson_app(Settings(speed="instant", player_name=name))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await until(pilot, lambda: screen.waiting)
        assert screen.lesson.names[1] == "Klara"
        assert screen.lesson.names[0] == "You"
        assert str(screen.query_one("#lesson-you").border_title) == "You"
        assert str(screen.query_one("#lesson-opponent").border_title) == "Klara"


async def test_a_player_with_another_name_keeps_it_in_the_lesson() -> None:
    app = lesson_app(Settings(speed="instant", player_name="Leo"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await until(pilot, lambda: screen.waiting)
        assert str(screen.query_one("#lesson-you").border_title) == "Leo"


async def test_at_each_step_the_footer_offers_card_keys_only_where_a_card_is_the_move() -> None:
    """At the step "Press k to announce the king" the footer offered
    "1-5 Card", where no card is the step's move."""
    from textual.widgets._footer import FooterKey

    app = lesson_app()
    kings = 0
    async with app.run_test(size=SIZE) as pilot:
        you = Newcomer(pilot)
        await until(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        while not you.screen.lesson.is_last:
            step = you.screen.lesson.step
            if step.kind == StepKind.SAY:
                await you.press("enter")
                continue
            await pilot.pause()
            descriptions = {key.description for key in you.screen.query(FooterKey)}
            a_card_is_the_move = step.action.startswith(("card ", "discard"))
            assert ("Card" in descriptions) == a_card_is_the_move, (you.screen.lesson.index, step.action)
            kings += step.action == "king"
            await you.press(*keys_for(step.action, you.screen.lesson.match.hand(0)))
    assert kings >= 1
