"""The evaluator for one seat through a whole match: what the coach and the
analysis use. It holds an ``ExpertPlayer`` as its memory of what that seat
saw (the expert's own inferences) and values each decision with the
evaluator's budget (``evaluator.ANALYSIS_BUDGET``), so the coach's numbers
are the expert's: one model, not two."""

from __future__ import annotations

from collections.abc import Sequence

from ecarte.engine.actions import DISCARD, Action
from ecarte.engine.rules import Rules
from ecarte.engine.view import View

from .evaluator import ANALYSIS_BUDGET, Budget, Evaluation, evaluate_options, evaluation_of
from .expert import ExpertPlayer


class SeatEvaluator:
    """The evaluator for one seat through a match: it is shown that seat's
    view at each of its decisions, in order, and told what was decided, so
    that it remembers what the seat saw (as the expert does)."""

    def __init__(self, seat: int, rules: Rules, seed: int = 0, budget: Budget = ANALYSIS_BUDGET) -> None:
        self.player = ExpertPlayer(seed)
        self.player.start_match(seat, rules)
        self.budget = budget

    def evaluate(self, view: View, legal: Sequence[Action], chosen: Action | None = None) -> Evaluation:
        """The options of this decision (remembering the view). ``chosen``,
        a discard the search would not consider, is valued too."""
        self.player._remember(view)
        kinds = {action.type for action in legal}
        if DISCARD in kinds and chosen is not None and len(legal) > 1:
            sampled = self.player._discard_values(view, legal, self.budget, chosen)
            return evaluation_of(self.player.seat, view.phase, sampled)
        return evaluate_options(self.player, view, legal, self.budget)

    def observe(self, view: View, action: Action) -> None:
        """The seat decided ``action`` (with ``view``): remember it."""
        self.player._record(view, action)

    def skip(self, view: View, action: Action) -> None:
        """A decision not evaluated (no choice): remembered all the same."""
        self.player._remember(view)
        self.player._record(view, action)
