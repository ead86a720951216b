"""How much could the expert gain by knowing the other's cards? ``python benchmarks/oracle_ceiling.py``.

An upper bound on every improvement of what the expert infers about the
hidden hand (reading the other's decisions, its leads, its exchange) and of
how it plays the cards it cannot see (strategy fusion): an *oracle* expert,
the same player in every other respect, is told the other's hand as it is
at each of its decisions, and draws that hand instead of sampled ones. It
does not see the stock. Two oracles are measured:

- ``cards``: told the hand only when choosing a card (and the king), so its
  trick play is exact against a player who sees everything;
- ``all``: told it also for play or propose, accept or refuse and the
  discards;
- ``exchange``, ``answer``, ``discard``: told it only at elder's play or
  propose, only at the dealer's accept or refuse, only at the discards.

``--told`` chooses the oracles (``cards all`` by default).

Each faces the same opponent (``expert-2026-11`` by default) on the same
matches as the plain expert (the decks, first dealers and player seeds of
``ecarte simulate``'s schedule, each deck played twice with the sides
swapped), and the script prints each one's share of matches won with its
95% Wilson interval, and its paired difference from the plain expert with
the standard error (as ``tools/compare_variants.py`` does). This is a
measuring instrument, not a player: a player sees only its view.

    python benchmarks/oracle_ceiling.py --matches 400 --jobs 2 --seed 6061
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import ecarte.ai.evaluator as evaluator_module
import ecarte.ai.expert as expert_module
from ecarte.ai.base import Player, make_player
from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.sampling import HandWeight, opponent_hands
from ecarte.engine import Match, shuffled_deck
from ecarte.engine.actions import Action
from ecarte.engine.match import tally_deals
from ecarte.engine.rules import Rules, rules_from_assignments
from ecarte.engine.view import Phase, View
from ecarte.play.loop import MatchRunner
from ecarte.tournament import BOT_FAULTS, match_plan, player_seed

TOLD: dict[str, frozenset[Phase]] = {
    "plain": frozenset(),
    "cards": frozenset({Phase.TRICKS}),
    "exchange": frozenset({Phase.EXCHANGE}),
    "answer": frozenset({Phase.ANSWER}),
    "discard": frozenset({Phase.DISCARD}),
    "all": frozenset({Phase.TRICKS, Phase.EXCHANGE, Phase.ANSWER, Phase.DISCARD}),
}
"""Each oracle, by the decisions at which it is told the hand."""

_told: int | None = None
"""The other's true hand while an oracle decides (``None`` otherwise)."""


def _opponent_hands_told(
    view: View,
    rng: random.Random,
    count: int,
    weight: HandWeight | None = None,
    enumerate_limit: int = 0,
    ruled_out: int = 0,
) -> list[tuple[int, float]]:
    """``sampling.opponent_hands``, but the true hand when an oracle is deciding."""
    if _told is None:
        return opponent_hands(view, rng, count, weight, enumerate_limit, ruled_out)
    return [(_told, 1.0)] * max(1, count)


# The expert's two modules call ``opponent_hands`` by these names; the frozen
# baseline has its own copy and is untouched.
for _module in (evaluator_module, expert_module):
    setattr(_module, "opponent_hands", _opponent_hands_told)  # noqa: B010


class OracleExpert(ExpertPlayer):
    """The expert, told the other's hand at the decisions its mode names."""

    def __init__(self, seed: int, mode: str) -> None:
        super().__init__(seed)
        self.mode = mode
        self.match: Match | None = None

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        global _told
        assert self.match is not None
        if view.phase in TOLD[self.mode]:
            _told = self.match.hands[1 - view.seat]
        try:
            return super().decide(view, legal)
        finally:
            _told = None


def play(job: tuple[str, str, int, int, Rules]) -> tuple[int, int, int, int]:
    """(expert won, expert points, deals, opponent points) of one match."""
    mode, opponent, seed, index, rules = job
    seat_of_a, first_dealer, deck_rng = match_plan(seed, index)
    expert = OracleExpert(player_seed(seed, index, "A"), mode)
    other = make_player(opponent, player_seed(seed, index, "B"))
    players: list[Player] = [expert, other] if seat_of_a == 0 else [other, expert]
    runner = MatchRunner(
        Match(rules, first_dealer), players, lambda: shuffled_deck(deck_rng), None, BOT_FAULTS
    )
    expert.match = runner.match
    runner.start()
    runner.run()
    runner.close_players()
    points = tally_deals(runner.match.deals).points
    return int(runner.winner == seat_of_a), points[seat_of_a], len(runner.match.deals), points[1 - seat_of_a]


def wilson(wins: int, n: int) -> tuple[float, float]:
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description="The expert told the other's hand, against the plain one.")
    parser.add_argument("--opponent", default="expert-2026-11")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=6061)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE")
    parser.add_argument(
        "--told", nargs="+", default=["cards", "all"], choices=[mode for mode in TOLD if mode != "plain"]
    )
    arguments = parser.parse_args()
    modes = ["plain", *arguments.told]
    rules = rules_from_assignments(arguments.rules)
    n = arguments.matches
    jobs = [(mode, arguments.opponent, arguments.seed, index, rules) for mode in modes for index in range(n)]
    started = time.perf_counter()
    with ProcessPoolExecutor(arguments.jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(play, jobs, chunksize=10))
    rows = [results[k * n : (k + 1) * n] for k in range(len(modes))]
    print(
        f"python benchmarks/oracle_ceiling.py --matches {n} --seed {arguments.seed} "
        f"--opponent {arguments.opponent} --rules {' '.join(arguments.rules) or '(default)'} "
        f"--told {' '.join(arguments.told)}"
    )
    for mode, row in zip(modes, rows, strict=True):
        wins = sum(r[0] for r in row)
        low, high = wilson(wins, n)
        deals = sum(r[2] for r in row)
        margin = (sum(r[1] for r in row) - sum(r[3] for r in row)) / deals
        differences = [r[0] - b[0] for r, b in zip(row, rows[0], strict=True)]
        mean = sum(differences) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / max(1, n - 1) / n)
        print(
            f"{mode:>8}: wins {wins / n:6.1%} ({low:.1%}-{high:.1%}) over {n}; "
            f"vs plain {mean:+.1%} ± {spread:.1%} (one standard error); margin {margin:+.3f} points per deal"
        )
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
