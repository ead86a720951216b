"""The card table answers every key and says only what is true now: a key
that is no key of the table (or a move's key while the other thinks) is
answered, the prompt names the keys of the cards that may be played, a new
request clears the line about an earlier key, the table's buttons do not
show under a deal's window (whose Esc is its own), and the coach says what
its king line beside the cards means."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from game_support import INSTANT, GameApp, deck, scripted_session, settle, until
from textual.widgets import Static

from ecarte.ai.evaluator import Evaluation, OptionValue
from ecarte.engine import Action, Match, Phase, Rules, View, parse_card
from ecarte.engine.cards import bit
from ecarte.play.session import HUMAN
from ecarte.tui.base import card_keys, key_runs
from ecarte.tui.deal_summary import DealSummaryScreen
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.hint_panel import king_note

# The human is elder (the first five cards) and holds the trump king K♥.
ELDER_DEAL = deck("KH QH AS KC JC 8S 7C 8D 7S TD 7H")
# The computer is elder and leads A♠; the human (dealer) holds one spade.
FOLLOW_DEAL = deck("AS 7C 8C 9C TC KS 7D 8D 9D TD 7H")


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))


def message_of(screen: GameScreen) -> str:
    message = screen.query_one("#message", Static)
    return " ".join(str(message.content).split()) if message.display else ""


async def test_a_key_the_table_does_not_use_is_answered(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [ELDER_DEAL])
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("x")
        await pilot.pause()
        assert message_of(screen) == "The key x does nothing here: ? lists the keys."
        # A key of the moment still does its move (and the line goes).
        await pilot.press("p")
        await settle(pilot)
        assert session.match.phase == Phase.TRICKS
        assert message_of(screen) == ""


class WaitingPlayer:
    """A computer player that thinks until the test lets it answer."""

    name = "waiting"

    def __init__(self) -> None:
        self.go = threading.Event()

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        self.go.wait(10)
        return legal[0]


async def test_a_moves_key_while_the_computer_thinks_says_to_wait(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [FOLLOW_DEAL], first_dealer=0)
    player = WaitingPlayer()
    session.opponent = player
    app = GameApp(session)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await until(pilot, lambda: screen.thinking)
            await pilot.press("1")
            await pilot.pause()
            assert message_of(screen) == "Computer is thinking: wait for its move."
            player.go.set()
            await settle(pilot)
            assert screen.awaiting_human  # it answered, and the table goes on
    finally:
        player.go.set()


def test_card_numbers_are_written_as_runs() -> None:
    assert key_runs([2]) == "2"
    assert key_runs([1, 2, 3]) == "1-3"
    assert key_runs([1, 2, 3, 5]) == "1-3, 5"
    assert key_runs([1, 4]) == "1, 4"
    # The footer's keys of the cards held are the same runs.
    assert [card_keys(held) for held in (0, 1, 2, 5)] == ["1", "1", "1-2", "1-5"]


async def test_the_prompt_names_only_the_cards_that_may_be_played(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [FOLLOW_DEAL], ["play", "card AS"], first_dealer=0)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert session.match.trick == [parse_card("AS")]
        hand = session.match.hand(HUMAN)
        playable = [i + 1 for i, card in enumerate(hand) if session.match.playable_cards() & bit(card)]
        assert playable == [hand.index(parse_card("KS")) + 1]  # the one spade
        prompt = str(screen.query_one("#prompt", Static).content)
        assert f"({playable[0]} or ←→ Enter)" in prompt, prompt
        assert "1-5" not in prompt
        # The footer names the same keys as the prompt, not every card held.
        await until(pilot, lambda: footer_card_keys(screen) == [str(playable[0])])


def footer_card_keys(screen: GameScreen) -> list[str]:
    from textual.widgets._footer import FooterKey

    return [key.key_display for key in screen.query(FooterKey) if key.action == "card(0)"]


async def test_a_hint_clears_the_line_about_an_earlier_key(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [ELDER_DEAL])
    app = GameApp(session, replace(INSTANT, coach="request"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("k")  # too early: the exchange is not over
        await pilot.pause()
        assert message_of(screen).startswith("Too early to announce the king")
        await pilot.press("h")
        await pilot.pause()
        assert message_of(screen) == ""
        assert screen.query_one("#narration").display


async def test_the_tables_buttons_do_not_show_under_a_deals_window(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [ELDER_DEAL, ELDER_DEAL])
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        actions = screen.query_one("#actions")
        assert actions.visible
        await pilot.press("p")
        for _ in range(5):
            await settle(pilot)
            if isinstance(app.screen, DealSummaryScreen):
                break
            if screen.awaiting_human:
                await pilot.press("enter")  # the card under the cursor, which may be played
        await until(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        # "Menu (Esc)" under the window would lie: Esc there goes on.
        assert not actions.visible
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await settle(pilot)
        assert actions.visible and len(session.match.deals) == 2


def king_evaluation() -> Evaluation:
    options = tuple(
        OptionValue(Action.parse(text), win=60.0 - index, se=0.5, tricks=None, samples=100)
        for index, text in enumerate(["king", "card QH", "card AS"])
    )
    return Evaluation(seat=HUMAN, phase=Phase.TRICKS, options=options, best_index=0)


def elder_with_the_king(score: tuple[int, int]) -> Match:
    """The human (elder) holding K♥ at the first lead, the game at ``score``."""
    match = Match(Rules(), first_dealer=1)
    match.games = [list(score)]
    match.deal(ELDER_DEAL)
    match.apply(Action.parse("play"))
    return match


def test_the_coach_says_what_its_card_lines_beside_the_king_mean() -> None:
    assert king_note(king_evaluation(), elder_with_the_king((0, 0))) == "(cards: king kept quiet)"
    assert king_note(king_evaluation(), elder_with_the_king((3, 4))) == "(cards: king kept quiet)"
    # At 4 the king's point reaches the default target, 5: the game is won at once.
    assert king_note(king_evaluation(), elder_with_the_king((4, 0))) == "(announcing wins the game now)"
    without_king = Evaluation(
        seat=HUMAN, phase=Phase.TRICKS, options=king_evaluation().options[1:], best_index=0
    )
    assert king_note(without_king, elder_with_the_king((4, 0))) is None
    # Once announced, the note is no longer about the decision on screen.
    announced = elder_with_the_king((0, 0))
    announced.apply(Action.parse("king"))
    assert king_note(king_evaluation(), announced) is None


async def test_the_tables_help_says_what_its_boxes_show(tmp_path: Path) -> None:
    from ecarte.tui.help_screen import HelpScreen

    session, _ = scripted_session(tmp_path, [ELDER_DEAL])
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        about = " ".join(str(app.screen.query_one("#help-about", Static).content).split())
        assert about.startswith("[b]The card table[/b]"), about
        # The Score box's heads and the coach's marks, which nothing else explains.
        for words in ("(pts)", "(trk)", "★ marks the best", "≈ one its samples cannot tell", "liable"):
            assert words in about, words


async def test_the_footer_writes_function_keys_as_the_keyboard_does(tmp_path: Path) -> None:
    from textual.widgets._footer import FooterKey

    session, _ = scripted_session(tmp_path, [ELDER_DEAL])
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = {key.description: key.key_display for key in app.screen.query(FooterKey)}
        # "F2 Rules" beside "? Help", as the README and the prompts write keys; not "f2".
        assert shown.get("Rules") == "F2", shown
