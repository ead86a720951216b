"""Time to summarise a thousand match logs with ``ecarte stats``'s function
(target: under 2 s).

Writes 1,000 logs (40 distinct seeded matches of the textbook player against
random, copied under different names and dates), then times ``collect``
without a cache, with a cold cache (written by that run) and with a warm one.

    python benchmarks/stats.py [LOGS]
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

from ecarte.ai.base import make_player
from ecarte.analysis.stats import collect
from ecarte.engine import Rules
from ecarte.log import LogWriter
from ecarte.tournament import play_match

DISTINCT = 40


def write_logs(folder: Path, count: int) -> None:
    originals = []
    for seed in range(DISTINCT):
        rules = Rules(games_to_win=2) if seed % 4 == 0 else Rules()
        players = [make_player("classic", seed), make_player("random", seed + 1)]
        for seat, player in enumerate(players):
            player.start_match(seat, rules)
        path = folder / f"original-{seed}.tmp"
        extra = {"opponent": ("easy", "normal", "expert")[seed % 3], "created": "", "seed": seed}
        with LogWriter.create(path, ("Klara", "Computer"), seed % 2, rules, extra, durable=False) as log:
            play_match(players, rules, seed % 2, random.Random(seed), recorder=log)
        originals.append(path.read_text(encoding="utf-8"))
        path.unlink()
    for number in range(count):
        text = originals[number % DISTINCT].replace('"created":""', f'"created":"2026-{number:06d}"')
        (folder / f"match-{number:04d}.ecarte.jsonl").write_text(text, encoding="utf-8")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name) / "matches"
        folder.mkdir()
        write_logs(folder, count)
        cache = Path(name) / "stats-cache.json"
        timings = []
        for label, cache_path in (("no cache", None), ("cold cache", cache), ("warm cache", cache)):
            started = time.perf_counter()
            record = collect(folder, cache_path)
            timings.append((label, time.perf_counter() - started))
        load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
        print(f"python benchmarks/stats.py {count} (load average {load})")
        print(f"{record.logs} logs, {record.matches.played} finished matches, {record.deals} deals")
        for label, seconds in timings:
            print(f"{label}: {seconds:.2f} s")


if __name__ == "__main__":
    main()
