"""Time to replay a 10-deal match log (target: under 5 ms).

Plays random legal decisions (seeded) until ten deals are complete, writes
them with ``LogWriter``, then replays the log many times and prints the
median and other figures. Usage: python benchmarks/replay.py [RUNS]
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ecarte.engine import Match, Rules, shuffled_deck
from ecarte.log import LogWriter, check_report, replay_bytes, replay_file

DEALS = 10


def write_ten_deal_log(path: Path, seed: int = 1) -> None:
    rng = random.Random(seed)
    # A high target so that ten deals fit in one game.
    rules = Rules(target=99)
    match = Match(rules, first_dealer=0)
    with LogWriter.create(path, ("Klara", "Leo"), 0, rules) as log:
        while True:
            seat = match.current_player
            if seat is None:
                if len(match.deals) == DEALS:
                    return
                deck = shuffled_deck(rng)
                log.write_deal(match.next_dealer, deck)
                match.deal(deck)
            else:
                action = rng.choice(match.legal_actions())
                log.write_action(seat, action)
                match.apply(action)


def timings(function: Callable[[], object], runs: int) -> list[float]:
    results = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        results.append((time.perf_counter() - start) * 1000)
    return results


def describe(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[int(len(ordered) * 0.9)]
    return (
        f"{name:<34} median {statistics.median(values):.3f} ms   p90 {p90:.3f} ms   min {ordered[0]:.3f} ms"
    )


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ten.ecarte.jsonl"
        write_ten_deal_log(path)
        data = path.read_bytes()
        replay = replay_bytes(data)
        assert replay.error is None and replay.match is not None and len(replay.match.deals) == DEALS
        lines = data.count(b"\n")
        print(f"log: {DEALS} deals, {lines} lines, {len(data):,} bytes; {runs} runs each")
        for _ in range(20):  # warm up
            replay_bytes(data)
        print(describe("replay_bytes (in memory)", timings(lambda: replay_bytes(data), runs)))
        print(describe("replay_file (read + replay)", timings(lambda: replay_file(path), runs)))
        print(describe("replay_file + check_report", timings(lambda: check_report(replay_file(path)), runs)))


if __name__ == "__main__":
    main()
