"""The game screen driven through the keys (and the mouse), as a player would.

The first deal is fixed (``DEAL_ONE``) so that a proposal, an accepted
exchange with discards, a refusal, a king announcement and an illegal card
attempt all happen; the rest of the match is dealt from the seed.
"""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import (
    GameApp,
    ScriptedPlayer,
    SlowThenBroken,
    deck,
    forfeited_match,
    scripted_session,
    settle,
    until,
)
from rich.console import Console
from textual.binding import Binding
from textual.widgets import Button, RichLog, Static
from textual.widgets._footer import FooterKey

from ecarte.engine import card_action, parse_card
from ecarte.log import replay_file
from ecarte.play.session import MatchSession
from ecarte.tui.analysis_screen import AnalysisScreen
from ecarte.tui.deal_summary import DealSummaryScreen, MatchOverScreen
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.replay_screen import ReplayViewerScreen

# Human (elder, seat 0): KH AS 7C + 8D 9D; computer (dealer): KC JS 8S + 7S TC.
# 7H turned up: hearts are trumps; the stock starts KS QS.
DEAL_ONE = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
SCRIPT = ["accept", "discard", "refuse", "card KC", "card JS"]


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))


def cards(codes: str) -> list[int]:
    return [parse_card(code) for code in codes.split()]


def text_of(screen: GameScreen, selector: str) -> str:
    """What a widget shows, as plain words on one line."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(screen.query_one(selector, Static).content)
    return " ".join(console.export_text().split())


def history(screen: GameScreen) -> str:
    log = screen.query_one("#history", RichLog)
    # The log wraps long lines: join them back into words.
    return " ".join(" ".join(line.text for line in log.lines).split())


def visible_buttons(screen: GameScreen) -> set[str]:
    return {button.id or "" for button in screen.query(Button) if button.display}


async def finish_match(pilot, screen: GameScreen, *, first_deal_only: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Play on through the keys only, until the match is over (or, with
    ``first_deal_only``, until the first deal's summary opens)."""
    for _ in range(2000):
        await settle(pilot)
        app_screen = pilot.app.screen
        if isinstance(app_screen, MatchOverScreen):
            return
        if isinstance(app_screen, DealSummaryScreen):
            if first_deal_only:
                return
            await pilot.press("enter")
            continue
        match = screen.match
        if screen.session.is_over:
            return
        phase = match.phase
        if phase == "exchange":
            await pilot.press("p")
        elif phase == "answer":
            await pilot.press("a")
        elif phase == "discard":
            await pilot.press("1", "enter")
        elif phase == "tricks":
            # Try the cards in order: the illegal ones are refused with a
            # message and leave the trick as it was.
            playable = match.playable_cards()
            hand = match.hand(0)
            index = next(i for i, card in enumerate(hand) if playable >> card & 1)
            await pilot.press(str(index + 1))
    raise AssertionError("the match did not end")


@pytest.mark.slow
async def test_a_whole_match_through_the_keys(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [DEAL_ONE], SCRIPT, first_dealer=1, seed=3)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        match = session.match
        assert match.phase == "exchange" and match.current_player == 0
        assert visible_buttons(screen) == {"propose", "play", "leave"}
        assert "Propose an exchange (e) or play (p)" in text_of(screen, "#prompt")

        # A proposal, accepted by the computer.
        await pilot.press("e")
        await settle(pilot)
        assert "Computer accepts" in history(screen)
        assert match.phase == "discard"
        assert "Pick 1 to 5 cards" in text_of(screen, "#prompt")

        # Discards: toggle 9D and 8D (cards 3 and 4 of the sorted hand:
        # K♥ A♠ 9♦ 8♦ 7♣), un-toggle and re-toggle one, confirm.
        assert match.hand(0) == cards("KH AS 9D 8D 7C")
        await pilot.press("3", "4", "4", "4")
        assert screen.chosen.bit_count() == 2
        await pilot.press("enter")
        await settle(pilot)
        # Drawn from the stock: K♠ and Q♠. The computer keeps its hand.
        assert match.hand(0) == cards("KH KS QS AS 7C")
        assert "You discard 9♦, 8♦ and draw K♠, Q♠" in history(screen)
        assert "Computer keeps the hand" in history(screen)
        assert sorted(match.discards[0].bit_count() for _ in [0]) == [2]

        # Another proposal, refused: the exchange is over, nobody liable.
        await pilot.press("e")
        await settle(pilot)
        assert "Computer refuses" in history(screen)
        assert match.phase == "tricks" and match.liable is None

        # The king of trumps: offered now, and only now.
        assert "king" in visible_buttons(screen)
        assert "k announces your king K♥" in text_of(screen, "#prompt")
        await pilot.press("k")
        await settle(pilot)
        assert match.score == [1, 0]
        assert "You announce the king (K♥): 1 point" in history(screen)
        assert "king" not in visible_buttons(screen)

        # Lead the 7♣: the computer takes it with the K♣ and leads the J♠.
        await pilot.press("5")
        await settle(pilot)
        assert "Computer wins the trick with the K♣" in history(screen)
        assert match.trick == cards("JS")

        # The A♠ does not beat the J♠ (K Q J A 10...): refused, with the rule.
        assert match.hand(0) == cards("KH KS QS AS")
        await pilot.press("4")
        await pilot.pause()
        message = text_of(screen, "#message")
        assert "A♠ is not allowed" in message
        assert "beat the led J♠" in message
        assert message.startswith("A♠") and message.endswith("."), message  # a sentence, not a clause
        assert match.trick == cards("JS") and len(match.hand(0)) == 4

        # The K♠ beats it.
        await pilot.press("2")
        await settle(pilot)
        assert text_of(screen, "#message") == ""
        assert match.tricks[-1].winner == 0

        await finish_match(pilot, screen)
        assert isinstance(app.screen, MatchOverScreen)
        assert session.is_over and session.winner in (0, 1)
        winner_text = str(app.screen.query_one("#summary-title", Static).render())
        assert ("You win" in winner_text) == (session.winner == 0)
        # The games' final points, the player's first, as the score panel kept them.
        points = str(app.screen.query_one("#summary-points", Static).render())
        assert all(f"{game[0]}-{game[1]}" in points for game in session.match.games), points
        assert max(session.match.games[-1]) >= session.rules.target
        await pilot.press("enter")  # look at the table
        await pilot.pause()
        assert {"rematch", "analyse"} <= visible_buttons(screen)
        # Having closed the box, the player can still have the match analysed.
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        assert isinstance(app.screen_stack[-2], ReplayViewerScreen)

    # The autosave holds the whole match, and it replays to the same end.
    replay = replay_file(session.log_path)
    assert replay.error is None
    assert replay.match is not None and replay.match.is_over
    assert replay.match.games == session.match.games
    assert replay.match.winner == session.winner


async def test_a_refusal_of_the_first_proposal_marks_the_human_liable(tmp_path: Path) -> None:
    # The computer is elder (first dealer 0: the human deals) and proposes.
    session, _ = scripted_session(tmp_path, [DEAL_ONE], ["propose"], first_dealer=0)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert session.match.phase == "answer"
        assert visible_buttons(screen) == {"accept", "refuse", "leave"}
        await pilot.press("r")
        await settle(pilot)
        assert session.match.liable == 0
        score = text_of(screen, "#score")
        assert "You refused the first proposal. If you lose this deal, Computer scores 2 points." in score
    session.close()


async def test_the_newest_move_stays_in_sight_when_the_panels_above_the_history_grow(
    tmp_path: Path,
) -> None:
    # The coach's options or the score panel's liability warning appear just
    # after a move is written: the panels above grow, the history gets shorter.
    session, _ = scripted_session(tmp_path, [DEAL_ONE], ["propose"], first_dealer=0)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for number in range(30):  # a long match's history: it scrolls
            screen.add_history(f"an earlier move {number}")
        await settle(pilot)
        log = screen.query_one("#history", RichLog)
        score = screen.query_one("#score")
        height = log.size.height
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        score.styles.height = score.outer_size.height + 4
        await settle(pilot)
        assert log.size.height < height
        assert log.scroll_y == log.max_scroll_y, "the newest line slipped below the edge"
        # Scrolled up to read, the player is left where they are.
        log.scroll_to(y=0, animate=False)
        await settle(pilot)
        score.styles.height = score.outer_size.height + 2
        await settle(pilot)
        assert log.scroll_y == 0


async def test_the_mouse_plays_cards_and_presses_buttons(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [DEAL_ONE], SCRIPT, first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.click("#propose")
        await settle(pilot)
        assert session.match.phase == "discard"
        await pilot.click("#card-3")
        await pilot.click("#card-4")
        await pilot.click("#discard")
        await settle(pilot)
        assert session.match.hand(0) == cards("KH KS QS AS 7C")
        await pilot.click("#play")
        await settle(pilot)
        assert session.match.phase == "tricks"
        await pilot.click("#card-5")  # the 7♣, keeping quiet about the king
        await settle(pilot)
        assert session.match.tricks[0].cards[0] == parse_card("7C")
        assert 0 not in session.match.announced
    session.close()


async def test_keys_of_the_moment_only(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [DEAL_ONE], SCRIPT, first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # In the exchange, "accept" and the card keys do nothing.
        await pilot.press("a", "1", "enter", "k")
        await pilot.pause()
        assert session.match.phase == "exchange" and session.match.proposals == 0
        assert screen.check_action("decide", ("propose",)) is True
        assert screen.check_action("decide", ("accept",)) is False
        assert screen.check_action("card", (0,)) is False
    session.close()


async def test_an_opponent_fault_is_a_forfeit_not_a_crash(tmp_path: Path) -> None:
    app, session = forfeited_match(tmp_path, DEAL_ONE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        text = " ".join(str(widget.render()) for widget in app.screen.query(Static))
        assert "forfeits" in text and "exited" in text
        assert session.winner == 0
    session.close()


async def test_names_are_shown_as_typed(tmp_path: Path) -> None:
    from ecarte.play.session import MatchSession
    from ecarte.play.settings import Settings

    settings = Settings(player_name="[red]x[/] \x1b[31mEvil", speed="instant")
    session = MatchSession.new(settings, opponent="random", seed=1, directory=tmp_path)
    app = GameApp(session, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        svg = app.export_screenshot()
        assert "[red]x[/]" in svg
        assert "\\x1b[31mEvil" in svg
        assert "\x1b" not in svg
    session.close()


async def test_quitting_keeps_the_match_for_continue(tmp_path: Path) -> None:
    from ecarte.play.session import MatchSession

    session, _ = scripted_session(tmp_path, [DEAL_ONE], SCRIPT, first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
    assert MatchSession.unfinished(tmp_path) == session.log_path
    resumed, notice = MatchSession.resume(session.log_path)
    assert notice is None
    assert resumed.match.phase == "discard" and resumed.match.current_player == 0
    assert resumed.match.hand(0) == cards("KH AS 9D 8D 7C")
    resumed.close()


async def test_help_and_rules_open_from_the_game(tmp_path: Path) -> None:
    from ecarte.tui.help_screen import HelpScreen
    from ecarte.tui.rules_screen import RulesScreen

    session, _ = scripted_session(tmp_path, [DEAL_ONE], SCRIPT, first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.phase == "exchange"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        # Nothing was played meanwhile.
        assert session.match.phase == "exchange" and session.match.proposals == 0
    session.close()


class SlowPlayer(ScriptedPlayer):
    """Thinks until the test lets it answer."""

    def __init__(self, script: list[str]) -> None:
        super().__init__(script)
        self.go = threading.Event()

    def decide(self, view, legal):  # type: ignore[no-untyped-def]
        self.go.wait(timeout=30)
        return super().decide(view, legal)


async def test_the_screen_answers_while_the_opponent_thinks(tmp_path: Path) -> None:
    from ecarte.tui.help_screen import HelpScreen

    session, _ = scripted_session(tmp_path, [DEAL_ONE], first_dealer=0)
    slow = SlowPlayer(["propose"])
    session.opponent = slow
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(100):
            await pilot.pause()
            if screen.thinking:
                break
        # The computer (elder) is deciding in its worker: the screen says
        # so, and keys still work (the help opens and closes).
        assert screen.thinking
        assert "Computer is thinking" in text_of(screen, "#prompt")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen is screen
        assert session.match.phase == "exchange"
        slow.go.set()
        await settle(pilot)
        assert session.match.phase == "answer"
    session.close()


async def test_the_opponent_moves_at_the_chosen_pace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    import ecarte.tui.game_screen as game_screen
    from ecarte.play.settings import Settings

    slow = Settings(speed="slow")  # each opponent move stays 1.2 s on screen
    # The screen's clock: the opponent takes 0.3 s to decide, whatever the
    # machine's load (a real clock made the test fail on a busy machine).
    readings = iter([100.0, 100.3])
    monkeypatch.setattr(game_screen, "time", types.SimpleNamespace(monotonic=lambda: next(readings)))
    session, _ = scripted_session(tmp_path, [DEAL_ONE], ["accept"], first_dealer=1)
    app = GameApp(session, slow)
    waits: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        real_set_timer = screen.set_timer

        def recording_set_timer(delay, *args, **kwargs):  # type: ignore[no-untyped-def]
            waits.append(delay)
            return real_set_timer(delay, *args, **kwargs)

        screen.set_timer = recording_set_timer  # type: ignore[method-assign]
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot, rounds=5000)
        assert session.match.phase == "discard"
    # Its move was held back for the rest of the pace: less what the
    # decision itself took.
    assert waits and abs(waits[0] - (slow.move_delay - 0.3)) < 1e-9
    session.close()


def kings_up_session(tmp_path: Path) -> MatchSession:
    """Games to 1 point, the match to 2 games. The K♣ is turned up: the
    computer (dealer) scores 1 and wins the first game at once, before
    anyone plays."""
    from ecarte.engine import Rules

    kings_up = deck("7H 8H 9H 7S 8S 9S 7D 8D 9D TS KC")
    session, _ = scripted_session(tmp_path, [kings_up], first_dealer=1, rules=Rules(target=1, games_to_win=2))
    return session


async def test_a_game_won_by_a_turned_up_king_then_the_next_game(tmp_path: Path) -> None:
    # The loser of a game deals first in the next one.
    session = kings_up_session(tmp_path)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        summary = app.screen
        assert isinstance(summary, DealSummaryScreen)
        words = " ".join(" ".join(str(w.content) for w in summary.query(Static)).split())
        assert "Computer's point for the king ended the game; no trick was played." in words
        assert "Computer wins the game 1-0." in words
        assert "Games: You 0, Computer 1." in words
        await pilot.press("enter")
        await settle(pilot)
        match = session.match
        assert (len(match.games) == 2 and match.score == [0, 0]) or match.deals[-1].ended_game is not None
        assert match.deals[1].dealer == 0
    session.close()


async def test_the_summary_of_a_game_that_goes_on_offers_no_rematch(tmp_path: Path) -> None:
    session = kings_up_session(tmp_path)  # one game of two: the match goes on
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        summary = app.screen
        assert isinstance(summary, DealSummaryScreen) and not session.is_over
        await pilot.press("a", "n")
        await pilot.pause()
        assert app.screen is summary
        await pilot.press("escape")  # Esc goes on, as Enter does
        await settle(pilot)
        assert app.screen is not summary and not isinstance(app.screen, AnalysisScreen)
    session.close()


@pytest.mark.parametrize("key", ["a", "n", "escape", "enter"])
async def test_the_last_deals_summary_answers_to_the_match_keys_it_shows_below(
    tmp_path: Path, key: str
) -> None:
    """The match ends with a deal: its summary opens over the line "n for a
    rematch, a for its analysis, Esc for the menu", and those keys act there
    (they did nothing, or closed the window only). Enter goes on to the
    match's result."""
    from ecarte.engine import Rules

    kings_up = deck("7H 8H 9H 7S 8S 9S 7D 8D 9D TS KC")
    session, _ = scripted_session(tmp_path, [kings_up], first_dealer=1, rules=Rules(target=1, games_to_win=1))
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen_stack[-2]
        assert isinstance(app.screen, DealSummaryScreen) and session.is_over
        await pilot.press(key)
        await settle(pilot)
        if key == "a":
            await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        elif key == "n":
            # A new table (its first deal may already show a summary on top:
            # a king turned up ends a match to 1 point at once).
            def new_table() -> GameScreen | None:
                return next(
                    (s for s in app.screen_stack if isinstance(s, GameScreen) and s is not table), None
                )

            await until(pilot, lambda: new_table() is not None)
            rematch = new_table()
            assert rematch is not None and table not in app.screen_stack
            assert rematch.session.log_path != session.log_path
        elif key == "escape":  # the menu: this app has none below, so it closes
            await until(pilot, lambda: not app.is_running)
        else:
            assert isinstance(app.screen, MatchOverScreen)
    session.close()


class SlowToClose:
    """A bot that takes its time to stop after ``bye``."""

    name = "slow"

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.may_stop = threading.Event()
        self.stopped = threading.Event()

    def start_match(self, seat: int, rules: Any) -> None:
        pass

    def decide(self, view: Any, legal: Any) -> Any:
        return self.inner.decide(view, legal)

    def close(self) -> None:
        self.may_stop.wait(5)
        self.stopped.set()


async def test_leaving_the_game_does_not_wait_for_a_slow_bot(tmp_path: Path) -> None:
    session, scripted = scripted_session(tmp_path, [], first_dealer=1)
    bot = SlowToClose(scripted)
    session.opponent = bot
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        # The screen is gone while the bot is still stopping.
        assert not bot.stopped.is_set()
        bot.may_stop.set()
    assert bot.stopped.wait(5)
    # The log was closed at once and holds the match so far.
    assert json.loads(session.log_path.read_text(encoding="utf-8").splitlines()[1])["type"] == "deal"


async def test_the_opponent_side_shows_backs_from_what_the_human_may_know(
    tmp_path: Path, plain: Callable[..., str]
) -> None:
    import inspect

    from ecarte.engine.cards import card_label
    from ecarte.tui.widgets import OpponentView

    # The widget is given a count and the human's view, never the match.
    assert "match" not in inspect.signature(OpponentView.show).parameters
    # The human deals; the computer (elder) holds K♥ A♠ 7♣ K♣ J♠... and proposes.
    cards = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
    session, _ = scripted_session(tmp_path, [cards], ["propose"], first_dealer=0)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = plain(app.screen.query_one("#opponent", OpponentView).content)
        assert shown.count("▒▒▒") == 5
        for card in session.match.hand(1):
            assert card_label(card) not in shown


async def test_an_empty_hand_says_so_as_the_opponents_does(tmp_path: Path, plain: Callable[..., str]) -> None:
    """Once the fifth trick is played, both hands say "(no cards)": a blank
    where the player's cards were looked like a drawing fault."""
    from ecarte.tui.widgets import CardSlot, HandView, OpponentView

    session, _ = scripted_session(tmp_path, [DEAL_ONE], SCRIPT, first_dealer=1, seed=3)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hand = screen.query_one("#hand", HandView)
        empty = hand.query_one(".empty-hand", Static)
        await settle(pilot)
        assert not empty.display  # five cards dealt: no such line
        await finish_match(pilot, screen, first_deal_only=True)
        assert isinstance(app.screen, DealSummaryScreen)
        assert empty.display and plain(empty.content).strip() == "(no cards)"
        assert not any(slot.display for slot in hand.query(CardSlot))
        assert "(no cards)" in plain(screen.query_one("#opponent", OpponentView).content)
    session.close()


def footer_card_keys(screen: GameScreen) -> list[str]:
    return [key.key_display for key in screen.query(FooterKey) if key.action == "card(0)"]


async def test_the_footer_card_keys_stop_at_the_cards_held(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [DEAL_ONE], [], first_dealer=1, seed=3)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("p")  # play without exchanging: straight to the tricks
        await settle(pilot)
        assert session.match.phase == "tricks"
        await until(pilot, lambda: footer_card_keys(screen) == ["1-5"])
        while len(session.match.hand(0)) > 3 and session.match.phase == "tricks":
            legal = session.match.legal_actions()
            index = next(i for i, card in enumerate(screen._hand()) if card_action(card) in legal)
            await pilot.press(str(index + 1))
            await settle(pilot)
        held = len(session.match.hand(0))
        assert held <= 3
        await until(pilot, lambda: footer_card_keys(screen) == [f"1-{held}" if held > 1 else "1"])


@pytest.mark.parametrize(
    ("language", "space", "escape"),
    [("en", "Space", "Esc"), ("fr", "Espace", "Échap"), ("de", "Leertaste", "Esc")],
)
async def test_the_space_bar_is_named_in_the_players_language(
    tmp_path: Path, language: str, space: str, escape: str
) -> None:
    """A French player saw "space Choisir la carte" in the footer and
    "(1-5 ou ←→ Space), puis Enter" above it: the keys are named as the
    language names them, in the footer and in the prompt."""
    from ecarte import i18n

    assert i18n.activate(language) == language
    try:
        session, _ = scripted_session(tmp_path, [DEAL_ONE], ["accept"], first_dealer=1, seed=3)
        app = GameApp(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("e")  # propose; the computer accepts: the discard
            await settle(pilot)
            assert session.match.phase == "discard"
            shown = {key.key_display for key in screen.query(FooterKey) if key.action == "choose_card"}
            assert shown == {space}
            prompt = text_of(screen, "#prompt")
            assert space in prompt and (language == "en" or " Space" not in prompt), prompt
            assert ("Entrée" in prompt) == (language == "fr")
            # Esc too, as French keyboards name it, wherever a footer shows it.
            assert app.get_key_display(Binding("escape", "leave", "Menu")) == escape
            # Ctrl keys as the help writes Ctrl+Q, not Textual's "^s".
            assert app.get_key_display(Binding("ctrl+s", "save", "Save")) == "Ctrl+S"
            assert f"({escape})" in " ".join(str(button.label) for button in screen.query(Button))
    finally:
        i18n.activate("en")


async def test_help_and_rules_answer_while_a_deal_summary_is_open(tmp_path: Path) -> None:
    """The table's footer below the summary offers ? and F2: they work there."""
    from ecarte.tui.help_screen import HelpScreen
    from ecarte.tui.rules_screen import RulesScreen

    session = kings_up_session(tmp_path)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        summary = app.screen
        assert isinstance(summary, DealSummaryScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen is summary
        await pilot.press("f2")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert app.screen is summary
    session.close()


async def test_the_end_of_a_match_waits_for_the_help_to_close(tmp_path: Path) -> None:
    """The opponent forfeits while the player reads the help: the match-over
    window opens once the help is closed, on the table, not over the help
    (whose Esc and footer it would take)."""
    from ecarte.tui.help_screen import HelpScreen

    session, _ = scripted_session(tmp_path, [DEAL_ONE], first_dealer=0)
    session.opponent = bot = SlowThenBroken()
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, GameScreen)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        bot.thinking.set()
        await until(pilot, lambda: session.is_over)
        for _ in range(20):
            await pilot.pause()
        assert isinstance(app.screen, HelpScreen), app.screen
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        assert app.screen_stack[-2] is table
    session.close()


async def test_a_key_pressed_while_the_opponent_thinks_leaves_no_wait_once_it_forfeits(
    tmp_path: Path,
) -> None:
    """A card pressed while a bot thinks says to wait; once the bot
    forfeits there is nothing to wait for, and the table says only that
    the match is over."""
    session, _ = scripted_session(tmp_path, [DEAL_ONE], first_dealer=0)
    session.opponent = bot = SlowThenBroken()
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, GameScreen)
        await pilot.press("p", "1")
        await until(pilot, lambda: table.thinking)
        await pilot.press("2")
        message = table.query_one("#message", Static)
        assert "thinking" in str(message.render()) and message.display
        bot.thinking.set()
        await until(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table)
        assert not (message.display and "thinking" in str(message.render())), message.render()
        assert table.query_one("#narration").display
    session.close()


async def test_a_player_with_a_name_of_their_own_is_spoken_to_and_named_in_the_score(
    tmp_path: Path,
) -> None:
    """ "Anna plays without proposing" over "accept (a) or refuse (r)" read
    as if someone else played: the table's sentences say "you" whatever the
    name, and the name is where names are (the score, the log); so does the
    match taken up, and its replay."""
    from ecarte.play.session import MatchSession
    from ecarte.play.settings import Settings
    from ecarte.tui.app import EcarteApp

    settings = Settings(player_name="Anna", speed="instant")
    session = MatchSession.new(
        settings, opponent="random", seed=1, decks=[DEAL_ONE], first_dealer=1, directory=tmp_path
    )
    app = GameApp(session, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(table, GameScreen)
        score = text_of(table, "#score")
        assert "Anna" in score and "You played without proposing" in score, score
        assert "Anna played" not in score
        assert "You play without proposing" in history(table) and "Anna play" not in history(table)
        await pilot.press("escape")
        await pilot.pause()
    log = session.log_path
    assert replay_file(log).header.players[0] == "Anna"  # type: ignore[union-attr]
    resumed, __ = MatchSession.resume(log, settings)
    assert resumed.names[0] == "Anna"
    app = GameApp(resumed, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        score = text_of(app.screen, "#score")
        assert "Anna" in score and "You played without proposing" in score, score
    resumed.close()
    viewer = EcarteApp(settings, first_screen=lambda: ReplayViewerScreen(log, replay_file(log)))
    async with viewer.run_test(size=(100, 30)) as pilot:
        await pilot.press("right", "right")
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(viewer.screen.query_one("#replay-event", Static).content)
        event = " ".join(console.export_text().split())
        assert event.startswith("You play without proposing"), event
