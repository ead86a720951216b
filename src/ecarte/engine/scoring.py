"""Scoring: what a deal's tricks are worth, when a game ends, who deals
next and the four-all reset (``docs/rules.md``, "Scoring", "Winning
the game" and "Matches of several games").

``Match`` scores by these functions, and the computer players value the
outcomes they look ahead to by them too (``score_deal``), so a change to a
scoring rule is a change here.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Rules

TRICKS_TO_WIN = 3
"""Of the five tricks, the deal's points go to the player who takes this many."""


def trick_points(winner_tricks: int, loser_liable: bool, rules: Rules) -> int:
    """Points for the player who took three or more of the five tricks.

    3 or 4 tricks score 1 and the vole (all 5) scores 2. When the loser was
    liable (elder played without proposing, or the dealer refused the first
    proposal) the winner scores 2 instead of 1; with a vole that stays 2,
    or becomes 3 under ``penalty_adds_to_vole``.
    """
    if winner_tricks == 5:
        return 3 if loser_liable and rules.penalty_adds_to_vole else 2
    return 2 if loser_liable else 1


def trick_winner(tricks_won: Sequence[int]) -> int:
    """The seat that took three tricks or more (``tricks_won`` by seat)."""
    return 0 if tricks_won[0] >= TRICKS_TO_WIN else 1


def game_won(points: int, rules: Rules) -> bool:
    """Whether a player with ``points`` in the current game has won it: the
    game ends the moment a player reaches the target."""
    return points >= rules.target


def points_needed(points: int, rules: Rules) -> int:
    """How many points a player with ``points`` still needs to win the game."""
    return rules.target - points


def match_won(games: int, rules: Rules) -> bool:
    """Whether a player who has won ``games`` games has won the match."""
    return games >= rules.games_to_win


def dealer_of_next_deal(dealer: int) -> int:
    """Within a game the deal alternates: elder deals the next deal."""
    return 1 - dealer


def dealer_of_next_game(game_winner: int) -> int:
    """The loser of a game deals first in the next one."""
    return 1 - game_winner


def four_all_score(rules: Rules) -> int:
    """The score both players must have at the end of a deal for the
    four-all reset to apply: one short of the target (4 in a game to 5)."""
    return rules.target - 1


def four_all_applies(score: Sequence[int], rules: Rules) -> bool:
    """``four_all_reset``: a deal that ends with both at ``four_all_score``
    takes one point from each (4-4 becomes 3-3)."""
    return rules.four_all_reset and score[0] == score[1] == four_all_score(rules)


def after_four_all(score: Sequence[int]) -> tuple[int, int]:
    """The score once the four-all reset has taken a point from each."""
    return score[0] - 1, score[1] - 1


def score_deal(
    score: Sequence[int],
    dealer: int,
    kings: Sequence[int],
    winner: int,
    points: int,
    rules: Rules,
) -> tuple[tuple[int, int], int | None]:
    """The score at the end of a deal, and the seat that won the game in it
    (``None`` while the game goes on), in the order ``Match`` scores it.

    ``score`` is the game's score before the announcements (a turned-up king
    already in it), ``kings`` the king points each seat announces, ``winner``
    the seat that takes the tricks and ``points`` what they are worth
    (``trick_points``). Elder's king comes first, then the dealer's (the
    moments of ``king``); a point that reaches the target ends the game at
    once; then the trick points; then the four-all reset."""
    totals = [score[0], score[1]]
    for seat in (1 - dealer, dealer):
        if kings[seat]:
            totals[seat] += kings[seat]
            if game_won(totals[seat], rules):
                return (totals[0], totals[1]), seat
    totals[winner] += points
    if game_won(totals[winner], rules):
        return (totals[0], totals[1]), winner
    if four_all_applies(totals, rules):
        return after_four_all(totals), None
    return (totals[0], totals[1]), None
