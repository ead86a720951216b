"""Time to analyse a 10-deal match (target: under 15 s on one core).

Plays the expert against the textbook player (seeded) until ten deals are
complete, in one game to a high target, writes the log, then analyses both
seats with ``ecarte analyse``'s function and prints the time, the
decisions analysed, the share whose best option was known to 1.5 points,
and the time per decision (about what a hint costs).

    python benchmarks/analyse.py [RUNS] [SEED]
"""

from __future__ import annotations

import itertools
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ecarte.ai.base import make_player
from ecarte.ai.evaluator import ANALYSIS_BUDGET
from ecarte.analysis.match_analysis import analyse_replay
from ecarte.engine import Match, Rules, shuffled_deck
from ecarte.log import LogWriter, replay_file

DEALS = 10


def write_ten_deal_match(path: Path, seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules(target=99)
    players = [make_player("expert", seed), make_player("classic", seed + 1)]
    for seat, player in enumerate(players):
        player.start_match(seat, rules)
    match = Match(rules, first_dealer=0)
    with LogWriter.create(path, ("expert", "classic"), 0, rules, durable=False) as log:
        while True:
            seat = match.current_player
            if seat is None:
                if len(match.deals) == DEALS:
                    return
                deck = shuffled_deck(rng)
                log.write_deal(match.next_dealer, deck)
                match.deal(deck)
                continue
            action = players[seat].decide(match.view(seat), match.legal_actions())
            log.write_action(seat, action)
            match.apply(action)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ten.ecarte.jsonl"
        write_ten_deal_match(path, seed)
        replay = replay_file(path)
        times = []
        per_decision: list[float] = []
        analysis = None
        for run in range(runs):
            stamps: list[float] = []
            started = time.perf_counter()
            analysis = analyse_replay(
                replay, seed=run, progress=lambda done, total, at=stamps: at.append(time.perf_counter())
            )
            times.append(time.perf_counter() - started)
            per_decision.extend(later - earlier for earlier, later in itertools.pairwise(stamps))
    assert analysis is not None
    target = ANALYSIS_BUDGET.target_se or 0.0
    decisions = analysis.decisions
    known = sum(1 for decision in decisions if decision.options[0].se <= target + 1e-9)
    print(f"python benchmarks/analyse.py {runs} {seed}")
    print(
        f"log: {len(replay.events)} events, {DEALS} deals; {len(decisions)} decisions with a choice analysed"
    )
    print(f"analysis time over {runs} runs: median {statistics.median(times):.2f} s, max {max(times):.2f} s")
    print(f"best option known to {target} points or better: {known} of {len(decisions)}")
    per_decision.sort()
    median = statistics.median(per_decision) * 1000
    high = per_decision[int(0.95 * (len(per_decision) - 1))] * 1000
    print(f"per decision (what a hint costs): median {median:.0f} ms, 95th percentile {high:.0f} ms")


if __name__ == "__main__":
    main()
