"""The evaluator: what each legal option is worth to the seat to move.

This is the expert's own valuation (``docs/analysis.md``): for every legal
option, the chance of winning the match for that seat (in percent), the
standard error of that estimate, and for card play the expected tricks.
The expert plays the best option it returns (``ExpertPlayer._choose``); the
analysis and the hints ask it for more samples.

It sees only the seat's ``View`` and what that seat saw earlier in the
match, as the expert remembers it: the memory is an ``ExpertPlayer`` fed
with the seat's views and decisions in order (``SeatEvaluator``).

The trump king: when ``king`` is legal, announcing and keeping quiet are
both options. Announcing is valued as the best card played after it with
the point added to the score; each card is valued as played at once, the
point forgone. In this model the other player sees every card (each
sampled deal is solved with both hands known), so what the announcement
tells it is worth nothing here and the point can only help: announcing is
ranked first whenever the point changes the chance of winning in some
outcome of the deal (``king_point_matters``). When it changes none (at 3
against 4 after the other refused, say: win the deal and the game is ours
either way, lose it and it is theirs), keeping quiet is ranked first: the
announcement would only tell the other what it faces (docs/ai.md, "The
king by value").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING

from ecarte.engine.actions import CARD, KING, Action
from ecarte.engine.king import announce_moment_passed
from ecarte.engine.scoring import game_won
from ecarte.engine.view import Phase, View

from .reply_model import ModelledReplySolver, modelled_for
from .sampling import forced_cards, opponent_hand_size, opponent_hands, ruled_out_by_replies, unseen_pool
from .vector_search import VectorSearch

if TYPE_CHECKING:
    from .expert import ExpertPlayer
    from .solver import TrickSolver

TRICK_ENUMERATE = 300
"""Enumerate every opponent hand instead when there are no more than this."""
TRICK_BATCH = 100
"""Opponent hands added at a time to a card decision, beyond the first."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the evaluator works.

    The default is the expert's own: ``target_se=None`` stops as the expert
    does (an option drops out once the best clearly leads it). With
    ``target_se`` (percentage points), sampling goes on until the options
    that matter (the best, and every option still in the running) have a
    standard error at most that, or ``most`` samples are drawn."""

    trick_samples: int = 150
    exchange_samples: tuple[int, int] = (30, 160)
    discard_samples: tuple[int, int] = (20, 60)
    target_se: float | None = None
    most: int = 1200
    """With ``target_se``: the most samples drawn for one decision."""


EXPERT_BUDGET = Budget()
ANALYSIS_BUDGET = Budget(
    trick_samples=200, exchange_samples=(60, 160), discard_samples=(40, 80), target_se=1.5, most=900
)
"""What the analysis and the hints ask for: a standard error of 1.5 points at most."""


@dataclass(slots=True)
class Sampled:
    """One option's raw samples, as the expert's search produced them."""

    action: Action
    values: list[float]
    """P(win the match) on each sample (a sampled deal or opponent hand)."""
    rank: float
    """The score the expert ranks by: the mean, with its tie-breaks and biases."""
    weights: list[float] | None = None
    """The samples' weights (enumerated hands); ``None``: all count alike."""
    tricks: float | None = None
    """Expected tricks for this seat in the deal, for card play."""
    exact: bool = False
    """Every possible opponent hand was counted: no sampling error."""
    correction: float = 0.0
    """Added to the mean for the value shown (the expert's measured bias on
    this kind of choice, which ``rank`` includes), so that the option shown
    best is the one with the highest value shown."""


@dataclass(frozen=True, slots=True)
class OptionValue:
    action: Action
    win: float
    """P(this seat wins the match) after this option, in percent."""
    se: float
    """Standard error of ``win``, in percentage points."""
    tricks: float | None
    """Expected tricks this seat takes in the deal (card play only)."""
    samples: int


NOISE_ERRORS = 2.0
"""A loss within this many standard errors is not told from none."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every option of one decision, from the deciding seat's view."""

    seat: int
    phase: Phase
    options: tuple[OptionValue, ...]
    """In the order the expert ranks them on ties (not by value)."""
    best_index: int
    _rows: tuple[tuple[float, ...], ...] = field(repr=False, default=())

    @property
    def best(self) -> OptionValue:
        return self.options[self.best_index]

    def index_of(self, action: Action) -> int | None:
        for index, option in enumerate(self.options):
            if option.action == action:
                return index
        return None

    def ranked(self) -> list[OptionValue]:
        """The options, best first."""
        order = sorted(range(len(self.options)), key=lambda i: (i != self.best_index, -self.options[i].win))
        return [self.options[i] for i in order]

    def loss_se(self, index: int) -> float:
        """Standard error of (best − option ``index``) in points, paired on the
        samples both options share (common random numbers)."""
        if index == self.best_index:
            return 0.0
        rows = self._rows
        a, b = (rows[self.best_index], rows[index]) if rows else ((), ())
        if not a or not b:
            return math.hypot(self.best.se, self.options[index].se)
        if self.best.se == 0.0 and self.options[index].se == 0.0:
            return 0.0
        count = min(len(a), len(b))
        if count < 2:
            return math.hypot(self.best.se, self.options[index].se)
        diffs = [x - y for x, y in zip(a[:count], b[:count], strict=True)]
        mean = sum(diffs) / count
        variance = sum((d - mean) ** 2 for d in diffs) / (count - 1)
        paired = 100.0 * math.sqrt(variance / count)
        # The longer run of the best option is a better mean, not a worse one.
        return paired

    def within_noise(self, index: int) -> bool:
        """Whether option ``index`` is as good as the best as far as the
        samples can tell: its loss is within ``NOISE_ERRORS`` paired
        standard errors (the analysis gives such a loss no label; the hint
        marks such an option)."""
        loss = self.best.win - self.options[index].win
        return loss <= NOISE_ERRORS * self.loss_se(index)


def evaluation_of(seat: int, phase: Phase, sampled: Sequence[Sampled]) -> Evaluation:
    """Means and standard errors of the samples; the best is the first with
    the highest ``rank`` (the expert's choice)."""
    options = []
    rows = []
    best_index = 0
    for index, item in enumerate(sampled):
        mean, se = _mean_se(item.values, item.weights, item.exact)
        mean = min(1.0, max(0.0, mean + item.correction))
        options.append(OptionValue(item.action, 100.0 * mean, 100.0 * se, item.tricks, len(item.values)))
        rows.append(() if item.weights is not None else tuple(item.values))
        if item.rank > sampled[best_index].rank:
            best_index = index
    return Evaluation(seat, phase, tuple(options), best_index, tuple(rows))


def _mean_se(values: list[float], weights: list[float] | None, exact: bool) -> tuple[float, float]:
    if not values:
        return 0.0, 0.0
    if weights is not None:
        total = sum(weights) or 1.0
        mean = sum(w * v for w, v in zip(weights, values, strict=True)) / total
        return mean, 0.0
    count = len(values)
    mean = sum(values) / count
    if exact or count < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def standard_error(values: Sequence[float]) -> float:
    count = len(values)
    if count < 2:
        return 0.0
    mean = sum(values) / count
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (count - 1) / count)


# ------------------------------------------------------------------ search


def evaluate_options(player: ExpertPlayer, view: View, legal: Sequence[Action], budget: Budget) -> Evaluation:
    """Every legal option's value for ``player``'s seat (which has already
    remembered ``view``). Chance comes from ``player.rng``."""
    kinds = {action.type for action in legal}
    if CARD in kinds:
        return evaluation_of(player.seat, view.phase, card_values(player, view, legal, budget))
    return evaluation_of(player.seat, view.phase, _exchange_like(player, view, legal, budget))


def _exchange_like(
    player: ExpertPlayer, view: View, legal: Sequence[Action], budget: Budget
) -> list[Sampled]:
    if view.phase == Phase.EXCHANGE:
        return player._exchange_values(view, legal, budget)
    if view.phase == Phase.ANSWER:
        return player._answer_values(view, legal, budget)
    return player._discard_values(view, legal, budget, None)


def _enumerable(view: View, ruled_out: int) -> bool:
    """Whether ``opponent_hands`` will enumerate the hands (see ``sampling``)."""
    forced = forced_cards(view)
    pool = unseen_pool(view) & ~forced & ~ruled_out
    size = opponent_hand_size(view) - forced.bit_count()
    free = pool.bit_count()
    size = max(0, min(size, free))
    return comb(free, size) <= TRICK_ENUMERATE


def card_values(player: ExpertPlayer, view: View, legal: Sequence[Action], budget: Budget) -> list[Sampled]:
    """Each card, and the king when it may be announced: the deal's end
    valued by P(win the match), averaged over the opponent hands sampled,
    the tricks solved exactly for each (``solver``)."""
    me = player.seat
    solver = player._solver(view)
    won = sum(1 for trick in view.tricks if trick.winner == me)
    mine = view.hand_mask
    # Trump-king points already announced are in the score. One still to
    # come is the other's, when we lead the first trick as elder and the
    # dealer may announce after our card: in the hands holding the king the
    # deal ends with its point, as the exchange's simulations count it (the
    # value of playing at once must be the value of the lead that follows).
    table = player._leaf_values(view, view.liable)
    leaf = [table[tricks][0][0] for tricks in range(6)]
    start = player.vector_from_trick
    vector = bool(start) and len(view.tricks) + 1 >= start
    pending_king = player.count_pending_king and not vector and their_king_pending(view)
    leaf_with_their_king = [table[tricks][0][1] for tricks in range(6)] if pending_king else leaf
    king_bit = 1 << view.trump_king
    weight = player._opponent_weight(view)
    ruled_out = ruled_out_by_replies(view, player.rules) if player.read_replies else 0
    hands = opponent_hands(view, player.rng, budget.trick_samples, weight, TRICK_ENUMERATE, ruled_out)
    exact = _enumerable(view, ruled_out)
    cards = [action.card for action in legal if action.type == CARD]
    card_actions = [action for action in legal if action.type == CARD]
    led = view.trick[0] if view.trick else None

    def leaves_of(drawn: Sequence[tuple[int, float]]) -> list[list[float]]:
        """The leaf values of each hand drawn (the other's king counted)."""
        return [leaf_with_their_king if hand & king_bit else leaf for hand, _ in drawn]

    leaves = leaves_of(hands)

    search: TrickSolver | ModelledReplySolver = solver
    if player.textbook_replies:
        search = modelled_for(solver, player.rules.ace_high)

    def tricks_of(card: int, hand: int) -> int:
        if led is None:
            return won + search.after_lead(mine, hand, card)
        return won + search.after_reply(mine, hand, led, card)

    adaptive = budget.target_se is not None and not exact
    outcomes = (
        [[tricks_of(card, hand) for hand, _ in hands] for card in cards] if adaptive or not vector else []
    )
    if budget.target_se is not None and not exact:
        target = budget.target_se / 100.0
        while len(hands) < budget.most and _needs_more(
            [[by_hand[t] for by_hand, t in zip(leaves, row, strict=True)] for row in outcomes], target
        ):
            extra = opponent_hands(view, player.rng, TRICK_BATCH, weight, 0, ruled_out)
            hands = hands + extra
            leaves = leaves + leaves_of(extra)
            for row, card in zip(outcomes, cards, strict=True):
                row.extend(tricks_of(card, hand) for hand, _ in extra)
    if vector:
        # Our later cards chosen once for the worlds we cannot tell apart
        # (``vector_search``), over the same hands the samples drew.
        outcomes = _vector_outcomes(solver, hands, leaf, mine, won, led, cards)
    weights = [w for _, w in hands]
    total_weight = sum(weights) or 1.0
    result = []
    for action, row in zip(card_actions, outcomes, strict=True):
        expected = 0.0
        tricks_sum = 0.0
        values = []
        for tricks, w, by_hand in zip(row, weights, leaves, strict=True):
            expected += w * by_hand[tricks]
            tricks_sum += w * tricks
            values.append(by_hand[tricks])
        # More tricks break ties: they cost nothing and hedge the samples.
        rank = expected / total_weight + 1e-6 * tricks_sum / total_weight
        result.append(
            Sampled(action, values, rank, weights if exact else None, tricks_sum / total_weight, exact)
        )
    if KING in {action.type for action in legal}:
        result.insert(0, _king_value(player, view, outcomes, weights, exact))
    return result


def their_king_pending(view: View) -> bool:
    """Whether the other may still announce the trump king in this deal:
    it has not, and its moment (the engine's ``announce_moment_passed``) is
    still to come. Only the hands that hold the king can; the sampled hands
    hold it only when it is out of sight (not ours, not turned up, not played)."""
    other = 1 - view.seat
    if other in view.announced:
        return False
    return not announce_moment_passed(other == view.dealer, len(view.tricks), len(view.trick))


def _vector_outcomes(
    solver: TrickSolver,
    hands: Sequence[tuple[int, float]],
    leaf: Sequence[float],
    mine: int,
    won: int,
    led: int | None,
    cards: Sequence[int],
) -> list[list[int]]:
    """Tricks each card ends the deal with, per hand of ``hands``, when our
    later cards are chosen by the vector search over all of them (a hand
    drawn twice is one world of twice the weight)."""
    index_of: dict[int, int] = {}
    worlds: list[int] = []
    world_weights: list[float] = []
    for hand, w in hands:
        index = index_of.get(hand)
        if index is None:
            index = index_of[hand] = len(worlds)
            worlds.append(hand)
            world_weights.append(0.0)
        world_weights[index] += w
    search = VectorSearch(solver, worlds, world_weights, leaf)
    rows = []
    for card in cards:
        if led is None:
            by_world = search.after_lead(mine, won, card)
        else:
            by_world = search.after_reply(mine, won, led, card)
        rows.append([by_world[index_of[hand]] for hand, _ in hands])
    return rows


POINT_WORTH_NOTHING = 1e-9
"""A change of the chance of winning below this is none (rounding)."""


def _leaves_with_king(player: ExpertPlayer, view: View) -> list[float] | None:
    """P(win the match) by tricks taken once the king is announced, or
    ``None`` when the point ends the game at once."""
    me = player.seat
    score = list(view.score)
    score[me] += 1
    if game_won(score[me], player.rules):
        return None
    announced = view.replace(score=(score[0], score[1]), announced=(*view.announced, me))
    table = player._leaf_values(announced, view.liable)
    return [table[tricks][0][0] for tricks in range(6)]


def king_point_matters(player: ExpertPlayer, view: View) -> bool:
    """Whether announcing the trump king now changes the chance of winning
    the match in some outcome of the deal (tricks taken). No search: the
    value table at the score with and without the point."""
    with_king = _leaves_with_king(player, view)
    if with_king is None:
        return True
    table = player._leaf_values(view, view.liable)
    return any(abs(with_king[t] - table[t][0][0]) > POINT_WORTH_NOTHING for t in range(6))


def _king_value(
    player: ExpertPlayer, view: View, outcomes: list[list[int]], weights: list[float], exact: bool
) -> Sampled:
    """Announce the king, then play the best card with the point scored."""
    from ecarte.engine.actions import KING_ACTION

    me = player.seat
    leaf_or_none = _leaves_with_king(player, view)
    if leaf_or_none is None:
        value = player.value.game_over(True, view.games_won[me], view.games_won[1 - me])
        return Sampled(KING_ACTION, [value], value + 1.0, None, None, True)
    leaf = leaf_or_none
    total_weight = sum(weights) or 1.0
    best_rows: list[float] = []
    best_mean = -1.0
    best_tricks = 0.0
    for row in outcomes:
        values = [leaf[t] for t in row]
        mean = sum(w * v for w, v in zip(weights, values, strict=True)) / total_weight
        if mean > best_mean:
            best_mean, best_rows = mean, values
            best_tricks = sum(w * t for w, t in zip(weights, row, strict=True)) / total_weight
    # Ranked above any card when the point matters, below every card when
    # it does not (the announcement would only inform the other).
    rank = best_mean + 1.0 if king_point_matters(player, view) else -1.0
    return Sampled(KING_ACTION, best_rows, rank, weights if exact else None, best_tricks, exact)


def _needs_more(rows: list[list[float]], target: float) -> bool:
    """Whether an option that matters is not yet known to ``target`` (a
    probability): the best, and any within two standard errors of it."""
    means = [sum(row) / len(row) for row in rows]
    ses = [standard_error(row) for row in rows]
    best = max(range(len(rows)), key=lambda i: means[i])
    if ses[best] > target:
        return True
    return any(
        index != best and ses[index] > target and means[best] - means[index] <= 2 * ses[index]
        for index in range(len(rows))
    )


def keep_sampling(values: list[list[float]], active: list[int], budget: Budget, drawn: int) -> bool:
    """With a ``target_se``: whether the simulations of an exchange decision
    should go on past the expert's own stop (the best option, or one still
    in the running, has too large a standard error)."""
    if budget.target_se is None or drawn >= budget.most:
        return False
    if not drawn:
        return True
    target = budget.target_se / 100.0
    return any(standard_error(values[option]) > target for option in active)


ProgressCallback = Callable[[int, int], None]
"""Called with (decisions done, decisions in all) as an analysis goes."""
