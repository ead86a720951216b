"""How long a player takes to decide, per phase: ``python benchmarks/ai_latency.py``.

Plays whole matches in this one process (one core) between the measured
player (default ``expert``) and an opponent (default ``classic``), each seat
and first dealer in turn, and times every decision of the measured player,
by the wall clock (``time.perf_counter``) and by the CPU time of this
process (``time.process_time``, which other work on a shared machine does
not inflate). Prints the count, median, 95th percentile and maximum in
milliseconds for each phase (exchange = play or propose, answer
= accept or refuse, discard, tricks = cards and king announcements) and for
all decisions together; and how often the measured player, with the trump
king in hand and the moment to announce it, announced it or kept quiet
(docs/ai.md, "The king by value").

Targets (issue #3): median <= 20 ms, p95 <= 100 ms, max <= 500 ms in every
phase. Figures depend on the machine and its load; compare runs on the same
machine. Usage:

    python benchmarks/ai_latency.py [--player expert] [--opponent classic]
        [--matches 100] [--seed 1] [--rules KEY=VALUE ...] [--set ATTR=VALUE ...]

``--set`` overrides attributes of the measured player (values are Python
literals), as ``tools/compare_variants.py`` does: ``--set vector_from_trick=2``.
"""

from __future__ import annotations

import argparse
import ast
import random
import statistics
import time

from ecarte.ai.base import make_player
from ecarte.engine import Match, shuffled_deck
from ecarte.engine.actions import KING
from ecarte.engine.rules import rules_from_assignments

PHASES = ("exchange", "answer", "discard", "tricks")


def measure(
    player_name: str,
    opponent_name: str,
    matches: int,
    seed: int,
    assignments: list[str],
    settings: dict[str, object] | None = None,
) -> None:
    rules = rules_from_assignments(assignments)
    timings: dict[str, list[float]] = {phase: [] for phase in PHASES}
    cpu_timings: dict[str, list[float]] = {phase: [] for phase in PHASES}
    king_chances = king_announced = 0
    started = time.perf_counter()
    for number in range(matches):
        rng = random.Random(seed * 1_000_003 + number)
        measured_seat = number % 2
        players = [make_player(opponent_name, seed + number), make_player(opponent_name, seed + number)]
        players[measured_seat] = make_player(player_name, seed + number)
        for key, value in (settings or {}).items():
            if not hasattr(players[measured_seat], key):
                raise SystemExit(f"{player_name} has no setting {key!r}")
            setattr(players[measured_seat], key, value)
        for place, player in enumerate(players):
            player.start_match(place, rules)
        match = Match(rules, first_dealer=(number // 2) % 2)
        while not match.is_over:
            seat = match.current_player
            if seat is None:
                match.deal(shuffled_deck(rng))
                continue
            view = match.view(seat)
            legal = match.legal_actions()
            if seat == measured_seat:
                before, cpu_before = time.perf_counter(), time.process_time()
                action = players[seat].decide(view, legal)
                timings[view.phase].append((time.perf_counter() - before) * 1000)
                cpu_timings[view.phase].append((time.process_time() - cpu_before) * 1000)
                if any(choice.type == KING for choice in legal):
                    king_chances += 1
                    king_announced += action.type == KING
            else:
                action = players[seat].decide(view, legal)
            match.apply(action)
    elapsed = time.perf_counter() - started
    shown_rules = " ".join(assignments) or "default"
    shown_settings = " ".join(f"{key}={value!r}" for key, value in (settings or {}).items())
    print(
        f"{player_name}{' (' + shown_settings + ')' if shown_settings else ''} against {opponent_name}: "
        f"{matches} matches in {elapsed:.1f} s, rules {shown_rules}"
    )
    print(
        f"king in hand at the moment to announce: {king_chances} times, announced {king_announced}, "
        f"kept quiet {king_chances - king_announced}"
    )
    for title, table in (("wall clock", timings), ("CPU time of this process", cpu_timings)):
        print(f"{title}:")
        print(f"{'phase':<10}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}")
        every: list[float] = []
        for phase in (*PHASES, "all"):
            figures = every if phase == "all" else table[phase]
            if phase != "all":
                every.extend(figures)
            if not figures:
                print(f"{phase:<10}{0:>10}")
                continue
            ordered = sorted(figures)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            print(
                f"{phase:<10}{len(ordered):>10}{statistics.median(ordered):>11.2f}{p95:>9.2f}{ordered[-1]:>9.1f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--player", default="expert")
    parser.add_argument("--opponent", default="classic")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE")
    parser.add_argument("--set", nargs="*", default=[], metavar="ATTR=VALUE", dest="settings")
    arguments = parser.parse_args()
    settings: dict[str, object] = {}
    for item in arguments.settings:
        key, equals, value = item.partition("=")
        try:
            settings[key.strip()] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            equals = ""
        if not equals:
            parser.error(f"--set {item!r}: expected ATTR=VALUE with a Python literal value")
    measure(
        arguments.player, arguments.opponent, arguments.matches, arguments.seed, arguments.rules, settings
    )


if __name__ == "__main__":
    main()
