"""Is the evaluator calibrated? When it says 70%, is the match won 70% of the time?

Plays matches of the expert against classic and against random, under the
default rules and the French rules (``penalty_adds_to_vole=true
games_to_win=2``), the expert using the evaluator at the analysis budget
(the numbers the coach shows). At every decision of the expert with a
choice it records the evaluator's win chance for the expert (the value of
the option it plays), then whether the expert won the match. It prints,
per decile of predicted chance, the mean prediction and the observed share
of matches won, and the expected calibration error (the mean gap, weighted
by the decisions in each decile).

    python benchmarks/calibration.py [--matches N] [--jobs J] [--seed S]

``--matches`` is per pairing and rules (four of them).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from ecarte.ai.base import Player, make_player
from ecarte.ai.evaluator import ANALYSIS_BUDGET, Budget, evaluate_options
from ecarte.ai.expert import ExpertPlayer
from ecarte.engine import Action, View
from ecarte.engine.rules import Rules, rules_from_assignments
from ecarte.tournament import match_plan, play_match, player_seed

FRENCH = ["penalty_adds_to_vole=true", "games_to_win=2"]


class RecordingExpert(ExpertPlayer):
    """The expert at the analysis budget, writing down its win chance at
    each decision with a choice."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.predictions: list[float] = []

    def budget(self) -> Budget:
        return ANALYSIS_BUDGET

    def _choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or any(action.type == "king" for action in legal):
            return super()._choose(view, legal)
        evaluation = evaluate_options(self, view, legal, self.budget())
        self.predictions.append(evaluation.best.win)
        return evaluation.best.action


def play(job: tuple[str, list[str], int, int]) -> tuple[str, list[float], bool]:
    """(condition, predictions, expert won) of one match."""
    opponent, assignments, seed, index = job
    rules: Rules = rules_from_assignments(assignments)
    seat_of_expert, first_dealer, deck_rng = match_plan(seed, index)
    expert = RecordingExpert(player_seed(seed, index, "A"))
    other = make_player(opponent, player_seed(seed, index, "B"))
    players: list[Player] = [expert, other] if seat_of_expert == 0 else [other, expert]
    outcome = play_match(players, rules, first_dealer, deck_rng)
    condition = f"{opponent}, {'French' if assignments else 'default'}"
    return condition, expert.predictions, outcome.winner == seat_of_expert


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="matches per pairing and rules")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    jobs = [
        (opponent, assignments, arguments.seed + offset, index)
        for offset, (opponent, assignments) in enumerate(
            [("classic", []), ("classic", FRENCH), ("random", []), ("random", FRENCH)]
        )
        for index in range(arguments.matches)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(arguments.jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(play, jobs, chunksize=5))
    elapsed = time.perf_counter() - started
    points = [(prediction, won) for _, predictions, won in results for prediction in predictions]
    print(
        f"python benchmarks/calibration.py --matches {arguments.matches} --jobs {arguments.jobs} "
        f"--seed {arguments.seed}"
    )
    print(f"{len(results)} matches, {len(points)} decisions, {elapsed:.0f} s")
    print()
    print(table(points))
    for condition in sorted({condition for condition, _, _ in results}):
        subset = [(p, won) for c, predictions, won in results if c == condition for p in predictions]
        print(f"{condition}: {len(subset)} decisions, ECE {calibration_error(subset):.1f} points")
    for condition in sorted({condition for condition, _, _ in results}):
        subset = [(p, won) for c, predictions, won in results if c == condition for p in predictions]
        print()
        print(f"{condition}:")
        print(table(subset))
    sys.stdout.flush()


def deciles(points: list[tuple[float, bool]]) -> list[list[tuple[float, bool]]]:
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(10)]
    for prediction, won in points:
        bins[min(9, int(prediction // 10))].append((prediction, won))
    return bins


def calibration_error(points: list[tuple[float, bool]]) -> float:
    """Expected calibration error in points: the decisions-weighted mean of
    |mean prediction - share won| over the deciles."""
    total = len(points) or 1
    error = 0.0
    for items in deciles(points):
        if items:
            predicted = sum(p for p, _ in items) / len(items)
            observed = 100.0 * sum(won for _, won in items) / len(items)
            error += len(items) / total * abs(predicted - observed)
    return error


def table(points: list[tuple[float, bool]]) -> str:
    lines = [
        "| predicted | decisions | mean predicted | share won |",
        "|---|---|---|---|",
    ]
    for number, items in enumerate(deciles(points)):
        if not items:
            lines.append(f"| {number * 10}-{number * 10 + 10}% | 0 | | |")
            continue
        predicted = sum(p for p, _ in items) / len(items)
        observed = 100.0 * sum(won for _, won in items) / len(items)
        lines.append(
            f"| {number * 10}-{number * 10 + 10}% | {len(items)} | {predicted:.1f}% | {observed:.1f}% |"
        )
    lines.append("")
    lines.append(f"Expected calibration error: {calibration_error(points):.1f} points")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
