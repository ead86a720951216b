"""What a deal's points are worth: the chance of winning the match.

The expert does not count tricks for their own sake. It values the end of a
deal by P(win the match | the score after it), from a table computed by
dynamic programming over a model of what one deal yields (king points for
each side, trick points for elder or the dealer), under the match's rules:
the target, ``games_to_win``, ``penalty_adds_to_vole``, ``four_all_reset``,
the loser of a game dealing first in the next. The deal model's
probabilities were measured from expert self-play (``tools/measure_deals.py``:
600 deals from 0-0 under the default rules; the share of 3-point deals, the
vole on a liable loser under ``penalty_adds_to_vole``, is an estimate).

Large targets use the table of a 21-point game on scaled scores: the shape
of the curve is what the decisions need, and it keeps ``start_match`` fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ecarte.engine.rules import Rules

# One deal, from elder's side, measured from expert self-play (see module doc).
UPCARD_KING = 4 / 32
"""The turned-up card is a king: the dealer scores a point at once."""
ELDER_ANNOUNCES = 0.24
DEALER_ANNOUNCES = 0.22
ELDER_WINS = 0.51
"""Elder takes three tricks or more."""
POINTS_SHARE = (0.67, 0.30, 0.03)
"""Of the trick points won: 1, 2, 3 points (3 only under ``penalty_adds_to_vole``)."""

_MAX_EXACT_TARGET = 21


@dataclass(frozen=True, slots=True)
class _Outcome:
    probability: float
    dealer_king: int
    elder_king: int
    elder_points: int
    dealer_points: int


def _deal_outcomes(rules: Rules) -> tuple[_Outcome, ...]:
    shares = list(POINTS_SHARE)
    if not rules.penalty_adds_to_vole:
        shares = [shares[0], shares[1] + shares[2], 0.0]
    kings = [
        (UPCARD_KING, 1, 0),
        ((1 - UPCARD_KING) * ELDER_ANNOUNCES, 0, 1),
        ((1 - UPCARD_KING) * DEALER_ANNOUNCES, 1, 0),
        ((1 - UPCARD_KING) * (1 - ELDER_ANNOUNCES - DEALER_ANNOUNCES), 0, 0),
    ]
    outcomes = []
    for king_p, dealer_king, elder_king in kings:
        for points, share in enumerate(shares, start=1):
            if share <= 0:
                continue
            outcomes.append(_Outcome(king_p * ELDER_WINS * share, dealer_king, elder_king, points, 0))
            outcomes.append(_Outcome(king_p * (1 - ELDER_WINS) * share, dealer_king, elder_king, 0, points))
    return tuple(outcomes)


class MatchValue:
    """P(this seat wins the match) at any score, for one set of rules."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.target = min(rules.target, _MAX_EXACT_TARGET)
        self._scale = self.target / rules.target
        self._outcomes = _deal_outcomes(rules)
        self._games: dict[tuple[int, int, bool], float] = {}
        self._tables: dict[tuple[int, int], list[list[list[float]]]] = {}

    def _scaled(self, points: int) -> int:
        if self.rules.target <= _MAX_EXACT_TARGET:
            return points
        return min(self.target - 1, round(points * self._scale))

    # -------------------------------------------------------------- queries

    def before_deal(self, mine: int, theirs: int, my_games: int, their_games: int, i_deal: bool) -> float:
        """P(win the match) before a deal of the current game at this score."""
        target = self.rules.target
        if mine >= target or theirs >= target:
            return self.game_over(mine >= target, my_games, their_games)
        table = self._table(my_games, their_games)
        return table[self._scaled(mine)][self._scaled(theirs)][1 if i_deal else 0]

    def game_over(self, i_won: bool, my_games: int, their_games: int) -> float:
        """P(win the match) just after a game ends: the loser deals first next."""
        if i_won:
            return self._game_start(my_games + 1, their_games, False)
        return self._game_start(my_games, their_games + 1, True)

    def after_deal(self, mine: int, theirs: int, my_games: int, their_games: int, i_dealt: bool) -> float:
        """P(win the match) once a deal's points are in (score ``mine``-``theirs``
        with this deal's points added), before ``four_all_reset`` applies; the
        deal passes to the other seat."""
        target = self.rules.target
        if mine >= target or theirs >= target:
            return self.game_over(mine >= target, my_games, their_games)
        if self.rules.four_all_reset and mine == theirs == target - 1:
            mine -= 1
            theirs -= 1
        return self.before_deal(mine, theirs, my_games, their_games, not i_dealt)

    # ------------------------------------------------------------- the table

    def _game_start(self, my_games: int, their_games: int, i_deal: bool) -> float:
        need = self.rules.games_to_win
        if my_games >= need:
            return 1.0
        if their_games >= need:
            return 0.0
        key = (my_games, their_games, i_deal)
        value = self._games.get(key)
        if value is None:
            value = self._table(my_games, their_games)[0][0][1 if i_deal else 0]
            self._games[key] = value
        return value

    def _table(self, my_games: int, their_games: int) -> list[list[list[float]]]:
        """values[mine][theirs][i_deal] for scores below the (scaled) target."""
        key = (my_games, their_games)
        table = self._tables.get(key)
        if table is not None:
            return table
        target = self.target
        win = self._game_start(my_games + 1, their_games, False)
        lose = self._game_start(my_games, their_games + 1, True)
        table = [[[0.5, 0.5] for _ in range(target)] for _ in range(target)]
        reset = self.rules.four_all_reset

        def settle(mine: int, theirs: int, i_dealt: bool) -> float:
            if mine >= target:
                return win
            if theirs >= target:
                return lose
            if reset and mine == theirs == target - 1:
                mine -= 1
                theirs -= 1
            return table[mine][theirs][0 if i_dealt else 1]

        def deal_value(mine: int, theirs: int, i_deal: bool) -> float:
            total = 0.0
            for outcome in self._outcomes:
                my_king = outcome.dealer_king if i_deal else outcome.elder_king
                their_king = outcome.elder_king if i_deal else outcome.dealer_king
                my_points = outcome.dealer_points if i_deal else outcome.elder_points
                their_points = outcome.elder_points if i_deal else outcome.dealer_points
                # King points come first and end the game at once.
                if mine + my_king >= target:
                    total += outcome.probability * win
                    continue
                if theirs + their_king >= target:
                    total += outcome.probability * lose
                    continue
                total += outcome.probability * settle(
                    mine + my_king + my_points, theirs + their_king + their_points, i_deal
                )
            return total

        order = sorted(((m, t) for m in range(target) for t in range(target)), key=lambda p: -(p[0] + p[1]))
        # Each deal adds a point or more, so one pass in order of falling
        # totals is exact; ``four_all_reset`` loops back and needs a few more.
        passes = 30 if reset else 1
        for _ in range(passes):
            for mine, theirs in order:
                cell = table[mine][theirs]
                cell[0] = deal_value(mine, theirs, False)
                cell[1] = deal_value(mine, theirs, True)
        self._tables[key] = table
        return table


@lru_cache(maxsize=32)
def match_value(rules: Rules) -> MatchValue:
    return MatchValue(rules)
