"""What a deal's points are worth: the chance of winning the match.

The expert does not count tricks for their own sake. It values the end of a
deal by P(win the match | the score after it), from a table computed by
dynamic programming over a model of what one deal yields (king points for
each side, trick points for elder or the dealer), under the match's rules:
the target, ``games_to_win``, ``penalty_adds_to_vole``, ``four_all_reset``,
the loser of a game dealing first in the next.

The deal model says how the deals go between this seat, playing on as the
expert does, and a kind of opponent (``DealModel``). The expert plays with
``EQUAL``, measured from expert self-play, against everyone; the coach
values a seat's chances with the model of the opponent it faces
(``coach.model_for``), measured from play against that opponent with
``tools/measure_deals.py`` (each model says its command).

Large targets use the table of a 21-point game on scaled scores: the shape
of the curve is what the decisions need, and it keeps ``start_match`` fast.

The rules the outcomes are scored by are the engine's (``engine.scoring``:
where a deal leaves the score, when a game ends, who deals next, the
four-all reset); only the deal model above is this module's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ecarte.engine.rules import Rules
from ecarte.engine.scoring import (
    dealer_of_next_deal,
    dealer_of_next_game,
    four_all_applies,
    game_won,
    match_won,
    score_deal,
    trick_points,
)

UPCARD_KING = 4 / 32
"""The turned-up card is a king: the dealer scores a point at once (chance)."""


@dataclass(frozen=True, slots=True)
class DealOdds:
    """One deal from 0-0, from elder's side, with "me" in one role."""

    elder_announces: float
    """Elder announces the trump king (of the deals without a turned-up king)."""
    dealer_announces: float
    elder_wins: float
    """Elder takes three tricks or more."""
    elder_points: tuple[float, float, float]
    """Of elder's wins: worth 1, 2, 3 points (3 only under ``penalty_adds_to_vole``)."""
    dealer_points: tuple[float, float, float]
    """Of the dealer's wins: worth 1, 2, 3 points."""


@dataclass(frozen=True, slots=True)
class DealModel:
    """What one deal yields between this seat ("me", playing on as the
    expert does) and a kind of opponent: the odds with me elder, and with
    me the dealer."""

    name: str
    as_elder: DealOdds
    as_dealer: DealOdds


_EQUAL_ODDS = DealOdds(0.24, 0.22, 0.51, (0.67, 0.30, 0.03), (0.67, 0.30, 0.03))
EQUAL = DealModel("equal", _EQUAL_ODDS, _EQUAL_ODDS)
"""An opponent as strong as the expert: measured from expert self-play
(600 deals from 0-0 under the default rules; the share of 3-point deals is
an estimate). The expert plays with this model against everyone, so its
play does not depend on who it faces; the coach uses the opponent's."""

# The models below: 4,000 deals each (2,000 with the expert elder, 2,000
# with it the dealer), standard errors about 0.011 on each share:
#   python tools/measure_deals.py --deals 4000 --opponent NAME
# (--seed 1, --rules penalty_adds_to_vole=true, the tool's defaults).
CLASSIC = DealModel(
    "classic",
    as_elder=DealOdds(0.240, 0.216, 0.564, (0.707, 0.286, 0.006), (0.749, 0.251, 0.000)),
    as_dealer=DealOdds(0.214, 0.217, 0.481, (0.836, 0.164, 0.000), (0.672, 0.321, 0.007)),
)
"""The expert against ``classic`` (the app's Normal)."""
EASY = DealModel(
    "easy",
    as_elder=DealOdds(0.235, 0.154, 0.615, (0.617, 0.365, 0.018), (0.726, 0.274, 0.000)),
    as_dealer=DealOdds(0.132, 0.220, 0.384, (0.812, 0.186, 0.001), (0.562, 0.405, 0.033)),
)
"""The expert against ``easy``."""
RANDOM = DealModel(
    "random",
    as_elder=DealOdds(0.222, 0.071, 0.711, (0.475, 0.473, 0.051), (0.718, 0.277, 0.005)),
    as_dealer=DealOdds(0.032, 0.208, 0.315, (0.801, 0.196, 0.003), (0.376, 0.526, 0.098)),
)
"""The expert against ``random``."""
_MAX_EXACT_TARGET = 21

# The values are seen from one seat, "me"; the engine's functions take seats.
ME, THEM = 0, 1


@dataclass(frozen=True, slots=True)
class _Outcome:
    probability: float
    dealer_king: int
    elder_king: int
    elder_points: int
    dealer_points: int


def _point_shares(shares: tuple[float, float, float], rules: Rules) -> list[float]:
    if trick_points(5, True, rules) < len(shares):
        # No deal is worth 3 points under these rules.
        return [shares[0], shares[1] + shares[2], 0.0]
    return list(shares)


def _deal_outcomes(odds: DealOdds, rules: Rules) -> tuple[_Outcome, ...]:
    elder_shares = _point_shares(odds.elder_points, rules)
    dealer_shares = _point_shares(odds.dealer_points, rules)
    kings = [
        (UPCARD_KING, 1, 0),
        ((1 - UPCARD_KING) * odds.elder_announces, 0, 1),
        ((1 - UPCARD_KING) * odds.dealer_announces, 1, 0),
        ((1 - UPCARD_KING) * (1 - odds.elder_announces - odds.dealer_announces), 0, 0),
    ]
    elder_wins = odds.elder_wins
    outcomes = []
    for king_p, dealer_king, elder_king in kings:
        for points, (elder_share, dealer_share) in enumerate(
            zip(elder_shares, dealer_shares, strict=True), 1
        ):
            if elder_share > 0:
                outcomes.append(
                    _Outcome(king_p * elder_wins * elder_share, dealer_king, elder_king, points, 0)
                )
            if dealer_share > 0:
                outcomes.append(
                    _Outcome(king_p * (1 - elder_wins) * dealer_share, dealer_king, elder_king, 0, points)
                )
    return tuple(outcomes)


_Move = tuple[float, bool | None, int, int, int]
"""One outcome of a deal from a cell of the table: its probability, whether
it won (``True``) or lost (``False``) the game or neither (``None``), and
then the cell it leads to (my points, theirs, 1 if I deal next)."""


class MatchValue:
    """P(this seat wins the match) at any score, for one set of rules and
    one model of the deals against the opponent (``EQUAL`` by default)."""

    def __init__(self, rules: Rules, model: DealModel = EQUAL) -> None:
        self.rules = rules
        self.model = model
        # Not a rule: the size of the model's table (see the module doc).
        self.target = min(rules.target, _MAX_EXACT_TARGET)
        self._scale = self.target / rules.target
        self._model_rules = rules if self.target == rules.target else rules.replace(target=self.target)
        """The rules on the table's scale: the table scores deals by these."""
        # Indexed by i_deal: the deal with me elder (0), me the dealer (1).
        self._outcomes = (_deal_outcomes(model.as_elder, rules), _deal_outcomes(model.as_dealer, rules))
        self._moves: list[list[list[tuple[_Move, ...]]]] | None = None
        self._games: dict[tuple[int, int, bool], float] = {}
        self._tables: dict[tuple[int, int], list[list[list[float]]]] = {}

    def _scaled(self, points: int) -> int:
        if self.target == self.rules.target:
            return points
        return min(self.target - 1, round(points * self._scale))

    # -------------------------------------------------------------- queries

    def before_deal(self, mine: int, theirs: int, my_games: int, their_games: int, i_deal: bool) -> float:
        """P(win the match) before a deal of the current game at this score."""
        rules = self.rules
        if game_won(mine, rules) or game_won(theirs, rules):
            return self.game_over(game_won(mine, rules), my_games, their_games)
        table = self._table(my_games, their_games)
        return table[self._scaled(mine)][self._scaled(theirs)][1 if i_deal else 0]

    def game_over(self, i_won: bool, my_games: int, their_games: int) -> float:
        """P(win the match) just after a game ends (the engine says who deals
        first in the next)."""
        if i_won:
            return self._game_start(my_games + 1, their_games, dealer_of_next_game(ME) == ME)
        return self._game_start(my_games, their_games + 1, dealer_of_next_game(THEM) == ME)

    def after_deal(self, mine: int, theirs: int, my_games: int, their_games: int, i_dealt: bool) -> float:
        """P(win the match) once a deal's points are in (score ``mine``-``theirs``
        with this deal's points added), before ``four_all_reset`` applies; the
        deal passes to the other seat."""
        rules = self.rules
        if game_won(mine, rules) or game_won(theirs, rules):
            return self.game_over(game_won(mine, rules), my_games, their_games)
        if four_all_applies((mine, theirs), rules):
            mine -= 1
            theirs -= 1
        i_deal_next = dealer_of_next_deal(ME if i_dealt else THEM) == ME
        return self.before_deal(mine, theirs, my_games, their_games, i_deal_next)

    def after_scored_deal(
        self,
        score: tuple[int, int],
        game_winner: int | None,
        my_games: int,
        their_games: int,
        i_deal_next: bool,
    ) -> float:
        """P(win the match) from the end of a deal as ``engine.scoring.score_deal``
        gives it (``score`` and ``game_winner`` seen from this seat: 0 is me)."""
        if game_winner is not None:
            return self.game_over(game_winner == ME, my_games, their_games)
        return self.before_deal(score[ME], score[THEM], my_games, their_games, i_deal_next)

    # ------------------------------------------------------------- the table

    def _game_start(self, my_games: int, their_games: int, i_deal: bool) -> float:
        rules = self.rules
        if match_won(my_games, rules):
            return 1.0
        if match_won(their_games, rules):
            return 0.0
        key = (my_games, their_games, i_deal)
        value = self._games.get(key)
        if value is None:
            value = self._table(my_games, their_games)[0][0][1 if i_deal else 0]
            self._games[key] = value
        return value

    def _deal_moves(self) -> list[list[list[tuple[_Move, ...]]]]:
        """moves[mine][theirs][i_deal]: where each outcome of the deal model
        leads from that cell, scored by the engine (``score_deal``) under the
        rules on the table's scale. The same for every game of the match."""
        if self._moves is not None:
            return self._moves
        rules = self._model_rules
        target = self.target
        moves: list[list[list[tuple[_Move, ...]]]] = []
        for mine in range(target):
            row: list[list[tuple[_Move, ...]]] = []
            for theirs in range(target):
                cell: list[tuple[_Move, ...]] = []
                for i_deal in (False, True):
                    dealer = ME if i_deal else THEM
                    i_deal_next = int(dealer_of_next_deal(dealer) == ME)
                    found: list[_Move] = []
                    for outcome in self._outcomes[i_deal]:
                        my_king = outcome.dealer_king if i_deal else outcome.elder_king
                        their_king = outcome.elder_king if i_deal else outcome.dealer_king
                        my_points = outcome.dealer_points if i_deal else outcome.elder_points
                        their_points = outcome.elder_points if i_deal else outcome.dealer_points
                        winner = ME if my_points else THEM
                        score, game_winner = score_deal(
                            (mine, theirs),
                            dealer,
                            (my_king, their_king),
                            winner,
                            my_points + their_points,
                            rules,
                        )
                        won = None if game_winner is None else game_winner == ME
                        found.append((outcome.probability, won, score[ME], score[THEM], i_deal_next))
                    cell.append(tuple(found))
                row.append(cell)
            moves.append(row)
        self._moves = moves
        return moves

    def _table(self, my_games: int, their_games: int) -> list[list[list[float]]]:
        """values[mine][theirs][i_deal] for scores below the (scaled) target."""
        key = (my_games, their_games)
        table = self._tables.get(key)
        if table is not None:
            return table
        target = self.target
        win = self.game_over(True, my_games, their_games)
        lose = self.game_over(False, my_games, their_games)
        table = [[[0.5, 0.5] for _ in range(target)] for _ in range(target)]
        moves = self._deal_moves()

        def deal_value(cell_moves: tuple[_Move, ...]) -> float:
            total = 0.0
            for probability, won, mine, theirs, i_deal in cell_moves:
                if won is None:
                    total += probability * table[mine][theirs][i_deal]
                elif won:
                    total += probability * win
                else:
                    total += probability * lose
            return total

        order = sorted(((m, t) for m in range(target) for t in range(target)), key=lambda p: -(p[0] + p[1]))
        # Each deal adds a point or more, so one pass in order of falling
        # totals is exact; ``four_all_reset`` loops back and needs a few more.
        passes = 30 if four_all_applies((target - 1, target - 1), self._model_rules) else 1
        for _ in range(passes):
            for mine, theirs in order:
                cell = table[mine][theirs]
                cell_moves = moves[mine][theirs]
                cell[0] = deal_value(cell_moves[0])
                cell[1] = deal_value(cell_moves[1])
        self._tables[key] = table
        return table


@lru_cache(maxsize=32)
def match_value(rules: Rules, model: DealModel = EQUAL) -> MatchValue:
    return MatchValue(rules, model)
