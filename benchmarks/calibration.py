"""Is the evaluator calibrated? When it says 70%, is the match won 70% of the time?

Plays matches of the expert against classic and against random, under the
default rules and the French rules (``penalty_adds_to_vole=true
games_to_win=2``). The expert plays as it always does; beside it, the
coach's evaluator for its seat (``SeatEvaluator`` at the analysis budget,
told who the opponent is, as the hint and ``ecarte analyse`` are) values
every decision of the expert with a choice, and the win chance of the
option the expert plays is recorded; then whether the expert won the
match. It prints, per decile of predicted chance, the mean prediction and
the observed share of matches won, and the expected calibration error (the
mean gap, weighted by the decisions in each decile).

    python benchmarks/calibration.py [--matches N] [--jobs J] [--seed S]
        [--models opponent|equal] [--only classic,random] [--rules default,French]
        [--record FILE]
    python benchmarks/calibration.py --report FILE [FILE ...]

``--matches`` is per pairing and rules (four of them). ``--models equal``
values every match with the equal model, as the coach did before it had
opponent models. ``--record`` writes each match down as it ends, so that
runs in parallel (or an interrupted one) can be reported together with
``--report``. The slope printed is that of the share won on the predicted
chance: 1 when a point of predicted chance is a point of real chance (what
the labels' thresholds rely on).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from ecarte.ai.base import Player, make_player
from ecarte.ai.coach import SeatEvaluator, model_for
from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.expert_value import EQUAL
from ecarte.engine import Action, View
from ecarte.engine.rules import Rules, rules_from_assignments
from ecarte.tournament import match_plan, play_match, player_seed

FRENCH = ["penalty_adds_to_vole=true", "games_to_win=2"]
RULES = {"default": [], "French": FRENCH}


class RecordingExpert(ExpertPlayer):
    """The expert, with the coach beside it writing down the win chance of
    each decision with a choice it makes."""

    def __init__(self, seed: int, opponent: str, equal: bool) -> None:
        super().__init__(seed)
        self.opponent = opponent
        self.equal = equal
        self.predictions: list[float] = []
        self.coach: SeatEvaluator | None = None

    def start_match(self, seat: int, rules: Rules) -> None:
        super().start_match(seat, rules)
        model = EQUAL if self.equal else model_for(self.opponent)[0]
        self.coach = SeatEvaluator(seat, rules, self.seed, opponent=model)

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        action = super().decide(view, legal)
        assert self.coach is not None
        if len(legal) == 1:
            self.coach.skip(view, action)
            return action
        evaluation = self.coach.evaluate(view, legal, action)
        self.coach.observe(view, action)
        index = evaluation.index_of(action)
        assert index is not None  # the coach values the option played
        self.predictions.append(evaluation.options[index].win)
        return action


def play(job: tuple[str, str, int, int, bool]) -> tuple[str, list[float], bool]:
    """(condition, predictions, expert won) of one match."""
    opponent, rules_name, seed, index, equal = job
    rules: Rules = rules_from_assignments(RULES[rules_name])
    seat_of_expert, first_dealer, deck_rng = match_plan(seed, index)
    expert = RecordingExpert(player_seed(seed, index, "A"), opponent, equal)
    other = make_player(opponent, player_seed(seed, index, "B"))
    players: list[Player] = [expert, other] if seat_of_expert == 0 else [other, expert]
    outcome = play_match(players, rules, first_dealer, deck_rng)
    return f"{opponent}, {rules_name}", expert.predictions, outcome.winner == seat_of_expert


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="matches per pairing and rules")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--models", choices=("opponent", "equal"), default="opponent")
    parser.add_argument("--only", default="classic,random", help="the opponents, by player name")
    parser.add_argument("--rules", default="default,French", help="default, French or both")
    parser.add_argument("--record", help="append each match's result to this file, one JSON line a match")
    parser.add_argument(
        "--report", nargs="+", metavar="FILE", help="print the tables of recorded runs, play nothing"
    )
    arguments = parser.parse_args()
    if arguments.report:
        print(" ".join(["python benchmarks/calibration.py", *sys.argv[1:]]))
        report(read_records(arguments.report))
        return
    opponents = arguments.only.split(",")
    rules_names = arguments.rules.split(",")
    for name in rules_names:
        if name not in RULES:
            parser.error(f"--rules: unknown rules {name!r} (default or French)")
    pairings = [("classic", "default"), ("classic", "French"), ("random", "default"), ("random", "French")]
    pairings += [(o, r) for o in opponents for r in rules_names if (o, r) not in pairings]
    jobs = [
        (opponent, rules_name, arguments.seed + offset, index, arguments.models == "equal")
        for offset, (opponent, rules_name) in enumerate(pairings)
        if opponent in opponents and rules_name in rules_names
        for index in range(arguments.matches)
    ]
    # The conditions in turn, so an interrupted run has as many of each.
    jobs.sort(key=lambda job: job[3])
    started = time.perf_counter()
    results: list[tuple[str, list[float], bool]] = []
    record = open(arguments.record, "a", encoding="utf-8") if arguments.record else None  # noqa: SIM115
    with ProcessPoolExecutor(arguments.jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        for result in pool.map(play, jobs, chunksize=1):
            results.append(result)
            if record is not None:
                # One line a match as it ends: an interrupted run still counts.
                record.write(json.dumps(result) + "\n")
                record.flush()
    if record is not None:
        record.close()
    elapsed = time.perf_counter() - started
    print(" ".join(["python benchmarks/calibration.py", *sys.argv[1:]]))
    print(f"{len(results)} matches, {elapsed:.0f} s")
    report(results)


def report(results: list[tuple[str, list[float], bool]]) -> None:
    points = [(prediction, won) for _, predictions, won in results for prediction in predictions]
    print(f"{len(results)} matches, {len(points)} decisions")
    print()
    print(table(points))
    conditions = sorted({condition for condition, _, _ in results})
    for condition in conditions:
        subset = [(p, won) for c, predictions, won in results if c == condition for p in predictions]
        matches = sum(1 for c, _, _ in results if c == condition)
        won = sum(1 for c, _, w in results if c == condition and w)
        low, high = bootstrap_interval([(p, w) for c, p, w in results if c == condition])
        print(
            f"{condition}: {matches} matches ({won} won), {len(subset)} decisions, "
            f"ECE {calibration_error(subset):.1f} points (90% interval {low:.1f}-{high:.1f}), "
            f"slope {slope(subset):.2f}"
        )
    for condition in conditions:
        subset = [(p, won) for c, predictions, won in results if c == condition for p in predictions]
        print()
        print(f"{condition}:")
        print(table(subset))
    sys.stdout.flush()


def read_records(paths: Sequence[str]) -> list[tuple[str, list[float], bool]]:
    results = []
    for path in paths:
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                try:
                    condition, predictions, won = json.loads(line)
                except ValueError:
                    sys.exit(f"{path}, line {number}: not a record of this benchmark")
                results.append((str(condition), [float(p) for p in predictions], bool(won)))
    return results


def bootstrap_interval(matches: list[tuple[list[float], bool]], rounds: int = 400) -> tuple[float, float]:
    """A 90% interval of the ECE, the matches resampled with replacement:
    the decisions of one match share its outcome, so they are not
    independent, and few lost matches can move a decile a long way."""
    rng = random.Random(1)
    errors = []
    for _ in range(rounds):
        drawn = [matches[rng.randrange(len(matches))] for _ in matches]
        errors.append(calibration_error([(p, won) for predictions, won in drawn for p in predictions]))
    errors.sort()
    return errors[int(0.05 * rounds)], errors[int(0.95 * rounds) - 1]


def slope(points: list[tuple[float, bool]]) -> float:
    """The least-squares slope of won (0 or 100) on the predicted chance: 1
    when a point of predicted chance is a point of real chance."""
    if len(points) < 2:
        return float("nan")
    mean_p = sum(p for p, _ in points) / len(points)
    mean_w = sum(100.0 * w for _, w in points) / len(points)
    spread = sum((p - mean_p) ** 2 for p, _ in points)
    if not spread:
        return float("nan")
    return sum((p - mean_p) * (100.0 * w - mean_w) for p, w in points) / spread


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
