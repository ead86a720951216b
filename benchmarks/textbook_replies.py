"""What the textbook's replies give away with every card in sight: ``python benchmarks/textbook_replies.py``.

Deals random hands of five cards (or ``--cards``) to two players, a random
trump, and a random leader, and counts the tricks the first player takes
with best play by both (``solver``) and when the other replies by the
textbook instead (``reply_model``): the textbook takes a trick with its
cheapest winning card and otherwise throws its lowest card. Prints how
often aiming at that habit gains a trick, and how often it changes the
points (a majority of the tricks, or all of them). Every card is in sight,
so this is what the habit concedes to a player who knows the other's
hand; docs/ai.md ("The other's replies by the textbook") sets it beside
what the expert gained in play.

    python benchmarks/textbook_replies.py --deals 20000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from ecarte.ai.reply_model import ModelledReplySolver
from ecarte.ai.solver import TrickSolver
from ecarte.engine.cards import mask_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--cards", type=int, default=5, choices=range(1, 6))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ace-high", action="store_true")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    size = arguments.cards
    solvers = [TrickSolver(trump, arguments.ace_high, True) for trump in range(4)]
    modelled = [ModelledReplySolver(solver, arguments.ace_high) for solver in solvers]
    changes: Counter[tuple[int, int]] = Counter()
    started = time.perf_counter()
    for _ in range(arguments.deals):
        trump = rng.randrange(4)
        cards = rng.sample(range(32), 2 * size)
        mine, theirs = mask_of(cards[:size]), mask_of(cards[size:])
        if rng.random() < 0.5:
            best = solvers[trump].lead_tricks(mine, theirs)
            aimed = modelled[trump].mine_to_lead(mine, theirs)
        else:
            best = size - solvers[trump].lead_tricks(theirs, mine)
            aimed = modelled[trump].theirs_to_lead(mine, theirs)
        if aimed != best:
            changes[best, aimed] += 1
    elapsed = time.perf_counter() - started
    deals = arguments.deals
    gained = sum(changes.values())
    # The point goes with a majority of the tricks; all of them make a vole.
    majority = size // 2 + 1
    points = sum(
        count
        for (best, aimed), count in changes.items()
        if (best >= majority) != (aimed >= majority) or aimed == size
    )
    print(f"{deals:,} deals of {size} cards a hand, every card in sight ({elapsed:.1f} s)")
    print(f"  aiming at the textbook's replies gains a trick or more in {gained:,} ({gained / deals:.1%})")
    print(f"  and changes the points in {points:,} ({points / deals:.1%})")
    for (best, aimed), count in sorted(changes.items()):
        print(f"    {best} tricks against best replies, {aimed} against the textbook's: {count:,}")


if __name__ == "__main__":
    main()
