"""How fast the trick solver values a dealt hand: ``python benchmarks/solver_speed.py``.

Solves the same random five-card deals (each with a random trump) twice in
this one process: first by plain search, the positions remembered by their
cards only (the solver as it was before it learnt shapes: ``SHAPE_FROM``
raised above five), then with positions of four and five cards remembered
by their shape (``ai/solver.py``'s module doc). Each way starts from empty
tables. Prints the CPU time per solve over the first 1,000 deals, the first
10,000 and all of them, the shapes learnt, and checks that both ways give
every deal the same number of tricks.

    python benchmarks/solver_speed.py [--deals 100000] [--seed 1] [--ace-high] [--no-must-trump]
"""

from __future__ import annotations

import argparse
import random
import time

from ecarte.ai import solver as solver_module
from ecarte.engine.cards import mask_of

REPORTED = (1_000, 10_000)


def deals(count: int, seed: int) -> list[tuple[int, int, int]]:
    """(trump, leader's hand, follower's hand) for ``count`` random deals."""
    rng = random.Random(seed)
    chosen = []
    for _ in range(count):
        cards = rng.sample(range(32), 10)
        chosen.append((rng.randrange(4), mask_of(cards[:5]), mask_of(cards[5:])))
    return chosen


def solve_all(
    positions: list[tuple[int, int, int]], ace_high: bool, must_trump: bool, by_shape: bool
) -> tuple[list[int], dict[int, float]]:
    """The tricks of each deal, and the CPU seconds per solve after each of
    ``REPORTED`` and after the last."""
    solver_module._SHAPES.clear()
    solver_module.SHAPE_FROM = 4 if by_shape else 6
    solvers = [solver_module.TrickSolver(trump, ace_high, must_trump) for trump in range(4)]
    results: list[int] = []
    figures: dict[int, float] = {}
    started = time.process_time()
    for count, (trump, leader, follower) in enumerate(positions, start=1):
        results.append(solvers[trump].lead_tricks(leader, follower))
        if count in REPORTED or count == len(positions):
            figures[count] = (time.process_time() - started) / count
    solver_module.SHAPE_FROM = 4
    return results, figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ace-high", action="store_true")
    parser.add_argument("--no-must-trump", action="store_true")
    arguments = parser.parse_args()
    positions = deals(arguments.deals, arguments.seed)
    must_trump = not arguments.no_must_trump
    plain, plain_figures = solve_all(positions, arguments.ace_high, must_trump, by_shape=False)
    shaped, shape_figures = solve_all(positions, arguments.ace_high, must_trump, by_shape=True)
    shapes = len(solver_module._SHAPES.get((arguments.ace_high, must_trump), {}))
    print(
        f"{arguments.deals} random deals, seed {arguments.seed}, "
        f"ace_high={arguments.ace_high} must_trump={must_trump}; CPU microseconds per solve:"
    )
    print(f"{'deals':>8}{'by cards':>11}{'by shape':>11}")
    for count in sorted(plain_figures):
        print(f"{count:>8}{plain_figures[count] * 1e6:>11.1f}{shape_figures[count] * 1e6:>11.1f}")
    print(f"shapes learnt (of four and five cards a hand): {shapes}")
    differing = sum(a != b for a, b in zip(plain, shaped, strict=True))
    print(f"deals valued differently by the two ways: {differing}")
    if differing:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
