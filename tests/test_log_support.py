"""Shared helpers for the match log tests (no tests here): random matches
played through the engine and written with ``LogWriter``."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

from ecarte.engine import Action, Match, Rules, View, shuffled_deck
from ecarte.log import LogWriter, writer
from ecarte.play.loop import Due, MatchRunner


class RandomChoices:
    """A player choosing uniformly among the legal actions with a shared
    generator (the same that shuffles the decks)."""

    name = "random choices"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)


def play_random_match(
    rng: random.Random,
    path: Path,
    rules: Rules | None = None,
    players: tuple[str, str] = ("Klara", "Leo"),
    max_events: int | None = None,
) -> Match:
    """Play random legal decisions through the game loop, writing every
    event; returns the live match. ``max_events`` stops early (a match in
    progress)."""
    rules = rules or Rules()
    match = Match(rules, first_dealer=rng.randrange(2))
    chooser = RandomChoices(rng)
    with LogWriter.create(path, players, match.first_dealer, rules) as writer:
        runner = MatchRunner(match, (chooser, chooser), lambda: shuffled_deck(rng), writer)
        events = 0
        while runner.pending() != Due.OVER and (max_events is None or events < max_events):
            runner.step()
            events += 1
    return match


def random_rules(rng: random.Random) -> Rules:
    """Any variant of the rules table."""
    return Rules(
        target=rng.choice([1, 2, 3, 5, 7]),
        games_to_win=rng.choice([1, 2, 3]),
        ace_high=rng.random() < 0.5,
        deal_packets=rng.choice([(3, 2), (2, 3), (2, 2, 1)]),
        dealer_must_exchange=rng.random() < 0.5,
        max_exchanges=rng.choice([None, 1, 2, 3]),
        must_trump=rng.random() < 0.5,
        penalty_adds_to_vole=rng.random() < 0.5,
        four_all_reset=rng.random() < 0.5,
    )


@contextmanager
def writes_without_fsync() -> Iterator[None]:
    """The writer without its per-line fsync, for tests that write many logs
    and are not about durability (fsync dominates their time)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(writer, "_sync_file", lambda handle: None)
        yield
