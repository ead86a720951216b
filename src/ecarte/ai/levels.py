"""The app's gentler levels: ``easy`` and ``normal``.

``normal`` is the textbook player itself. ``easy`` plays the textbook most of
the time but, at each decision, with probability ``EASY_SLIP`` picks a legal
action at random instead: a human-like opponent that sometimes plays on a weak
hand, throws a good card or forgets the king. Its slips come only from its
seed, so it is deterministic for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ecarte.engine import Action, Rules, View

from .classic import ClassicPlayer

EASY_SLIP = 0.35
"""Chance that the easy level ignores the book at a decision with a choice."""


class NormalPlayer(ClassicPlayer):
    """The app's Normal level: the textbook player."""

    name = "normal"


class EasyPlayer:
    """The app's Easy level: the textbook player with random slips."""

    name = "easy"

    def __init__(self, seed: int = 0, slip: float = EASY_SLIP) -> None:
        self.rng = random.Random(seed)
        self.slip = slip
        self.book = ClassicPlayer(seed)

    def start_match(self, seat: int, rules: Rules) -> None:
        self.book.start_match(seat, rules)

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) > 1 and self.rng.random() < self.slip:
            return legal[self.rng.randrange(len(legal))]
        return self.book.decide(view, legal)
