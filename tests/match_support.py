"""Shared helper for tests that play whole matches (no tests here): every
match goes through the game loop, ``ecarte.play.loop.MatchRunner``."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ecarte.ai.base import Player
from ecarte.engine import Action, Card, Match, Rules, View, shuffled_deck
from ecarte.play.loop import MatchRunner


class DecisionLog:
    """A recorder keeping the decisions, seat by seat, in order."""

    def __init__(self) -> None:
        self.decisions: list[tuple[int, Action]] = []
        self.deals = 0

    def write_deal(self, dealer: int, deck: Sequence[Card]) -> None:
        self.deals += 1

    def write_action(self, player: int, action: Action) -> None:
        self.decisions.append((player, action))


def play_seeded_match(
    players: Sequence[Player], rules: Rules, rng: random.Random
) -> tuple[Match, DecisionLog]:
    """A whole match: the first dealer by the cut from ``rng``, then one
    shuffle of ``rng`` per deal. Any exception of a player, or an action
    that is not legal, fails the test."""
    log = DecisionLog()
    runner = MatchRunner(Match.new(rules, rng), players, lambda: shuffled_deck(rng), log)
    runner.start()
    runner.run()
    assert runner.forfeit is None, runner.forfeit
    return runner.match, log


class FirstLegal:
    """A player that always takes the first legal action."""

    name = "first legal"

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]
