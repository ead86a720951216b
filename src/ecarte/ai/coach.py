"""The evaluator for one seat through a whole match: what the coach and the
analysis use. It holds an ``ExpertPlayer`` as its memory of what that seat
saw (the expert's own inferences) and values each decision with the
evaluator's budget (``evaluator.ANALYSIS_BUDGET``), so the coach's numbers
are the expert's: one model, not two. It is told who the opponent is
(``model_for``): the rest of the match is valued by the deal model of that
opponent (``expert_value``), where the expert as a player always uses the
equal one.

Each decision is valued with a generator seeded from the position
(``decision_seed``: the seat's view and the analysis seed), not from what
was evaluated before, so the hint in the app and ``ecarte analyse`` on the
saved log give the same numbers for the same decision."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence

from ecarte.engine.actions import DISCARD, Action
from ecarte.engine.rules import Rules
from ecarte.engine.view import View

from .evaluator import ANALYSIS_BUDGET, Budget, Evaluation, evaluate_options, evaluation_of
from .expert import ExpertPlayer
from .expert_value import CLASSIC, EASY, EQUAL, RANDOM, DealModel

MODELS_BY_PLAYER: dict[str, DealModel] = {
    "expert": EQUAL,
    "expert-2026-11": EQUAL,
    # Stronger than the expert: the equal model is the nearest we have.
    "master": EQUAL,
    "classic": CLASSIC,
    "normal": CLASSIC,
    "easy": EASY,
    "random": RANDOM,
}
"""The deal model of each built-in player (the app's levels included:
``normal`` is ``classic``)."""


def model_for(player: str | None) -> tuple[DealModel, bool]:
    """The deal model of an opponent by its player name, and whether it is
    known: an unknown name, a person or a ``cmd:`` bot get the equal model
    (``False``)."""
    if player is not None and player in MODELS_BY_PLAYER:
        return MODELS_BY_PLAYER[player], True
    return EQUAL, False


def decision_seed(seed: int, view: View) -> int:
    """The generator's seed for valuing the decision at ``view``: a stable
    hash of the analysis seed and the view (the same in every process,
    unlike ``hash``)."""
    text = json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"))
    digest = hashlib.blake2b(f"{seed}|{text}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class SeatEvaluator:
    """The evaluator for one seat through a match: it is shown that seat's
    view at each of its decisions, in order, and told what was decided, so
    that it remembers what the seat saw (as the expert does)."""

    def __init__(
        self,
        seat: int,
        rules: Rules,
        seed: int = 0,
        budget: Budget = ANALYSIS_BUDGET,
        opponent: DealModel = EQUAL,
    ) -> None:
        self.seed = seed
        self.player = ExpertPlayer(seed, deal_model=opponent)
        self.player.start_match(seat, rules)
        self.budget = budget

    @property
    def opponent(self) -> DealModel:
        return self.player.deal_model

    def evaluate(self, view: View, legal: Sequence[Action], chosen: Action | None = None) -> Evaluation:
        """The options of this decision (remembering the view). ``chosen``,
        a discard the search would not consider, is valued too."""
        self.player._remember(view)
        self.player.rng = random.Random(decision_seed(self.seed, view))
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
