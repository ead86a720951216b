"""The floor: a uniformly random choice among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ecarte.engine import Action, Rules, View


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
