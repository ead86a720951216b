"""A game won on the king's point: the History gives the deal's result as
for any other deal (an announced king as a turned-up one), and the words
say whether a card had been played."""

from __future__ import annotations

from pathlib import Path

from game_support import GameApp, deck, scripted_session, settle
from textual.widgets import Static

from ecarte.engine import Rules, parse_card
from ecarte.engine.match import DealRecord
from ecarte.play.session import MatchSession
from ecarte.tui.deal_summary import DealSummaryScreen
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.narration import describe_deal_end

NAMES = ("You", "Computer")
# You deal; Computer (elder) gets K♥ A♠ 7♣ 8♦ 9♦ and the 7♥ is turned up:
# Computer holds the king of trumps.
KING_FOR_ELDER = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
# Games to 1 point, the match to 2 games: the king's point wins game 1.
RULES = Rules(target=1, games_to_win=2)
RESULT = "Computer's point for the king ended the game; no trick was played."


def history(screen: GameScreen) -> list[str]:
    return [entry.plain for entry in screen.history_entries]


async def test_a_game_won_on_an_announced_king_has_its_result_in_the_history(tmp_path: Path) -> None:
    session, _ = scripted_session(
        tmp_path, [KING_FOR_ELDER, KING_FOR_ELDER], ["play", "king"], first_dealer=0, rules=RULES
    )
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        lines = history(screen)
        announced = lines.index("Computer announces the king (K♥): 1 point")
        # Right after the king: what the deal did, and who won the game.
        assert lines[announced + 1] == f"{RESULT} Computer wins the game 1-0."
        await pilot.press("enter")
        await settle(pilot)
        assert history(screen)[announced + 2] == "── Game 2, deal 1 ──"
    session.close()

    # Continue rebuilds the History from the log with the same lines.
    resumed, _ = MatchSession.resume(session.log_path)
    app = GameApp(resumed)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.pause()
        assert f"{RESULT} Computer wins the game 1-0." in history(screen)
    resumed.close()


async def test_a_game_won_on_the_turned_up_king_says_no_trick_was_played(tmp_path: Path) -> None:
    # Computer deals and turns up the K♣: 1 point, game 1 won before anyone plays.
    kings_up = deck("7H 8H 9H 7S 8S 9S 7D 8D 9D TS KC")
    session, _ = scripted_session(tmp_path, [kings_up], first_dealer=1, rules=RULES)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await settle(pilot)
        summary = app.screen
        assert isinstance(screen, GameScreen) and isinstance(summary, DealSummaryScreen)
        words = " ".join(" ".join(str(w.content) for w in summary.query(Static)).split())
        assert RESULT in words
        assert "the tricks were not played out" not in words
        assert f"{RESULT} Computer wins the game 1-0." in history(screen)
        # The point is scored once, as the king is turned up: the deal's
        # result names it as what ended the game, it does not score it again
        # (read as two points by a player new to the game).
        assert sum(line.count("scores 1 point") for line in history(screen)) == 1, history(screen)
    session.close()


def record(dealer: int, scorer: int, turned_king: bool = False) -> DealRecord:
    points = [0, 0]
    points[scorer] = 1
    return DealRecord(
        game=1,
        dealer=dealer,
        upcard=parse_card("KC" if turned_king else "7D"),
        trump=2 if not turned_king else 3,
        points=points,
        score=[5, 3] if scorer == 0 else [3, 5],
        tricks=None,
        king_points=list(points),
        turned_king=turned_king,
        ended_game=scorer,
    )


def test_the_king_that_ends_the_game_before_any_card_says_no_trick_was_played() -> None:
    # Elder (the player, Computer dealing) announces before leading.
    assert describe_deal_end(record(dealer=1, scorer=0), NAMES) == (
        "Your point for the king ended the game; no trick was played. You win the game 5-3."
    )
    # The dealer's turned-up king.
    assert describe_deal_end(record(dealer=1, scorer=1, turned_king=True), NAMES) == (
        "Computer's point for the king ended the game; no trick was played. Computer wins the game 5-3."
    )
    # The dealer announces after elder's lead: a card was played, the trick not finished.
    assert describe_deal_end(record(dealer=0, scorer=0), NAMES) == (
        "Your point for the king ended the game; the tricks were not played out. You win the game 5-3."
    )
