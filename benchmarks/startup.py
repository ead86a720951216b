"""How fast ``ecarte check`` and ``ecarte --help`` start: run
``.venv/bin/python benchmarks/startup.py [--rounds N]``.

Times, side by side in one run (the commands take turns, so a change in the
machine's load falls on all of them alike), the wall time of:
- a bare ``python -c pass`` (the floor: the interpreter and site);
- ``ecarte --help``;
- ``ecarte check --json LOG`` on a log of 2,500 lines (one long match of two
  classic players, cut at line 2,500: a log may stop anywhere);
and prints the medians, of the wall time and of the processor time the
command used (less sensitive to other work on the machine), and each
command's ratio to the bare interpreter.
The target for ``check`` is a ratio of 5 at most. ``python -X importtime -m
ecarte check --json LOG`` shows where the import time goes.

Figures depend on the machine and its load; compare runs on the same machine.
On a machine shared with other work, the instructions a command runs do not
depend on the load: ``valgrind --tool=callgrind --callgrind-out-file=/dev/null
.venv/bin/ecarte check --json LOG`` prints them ("Collected").
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG_LINES = 2500


def long_log(folder: Path) -> Path:
    """A valid log of exactly ``LOG_LINES`` lines, written by ``ecarte simulate``."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "ecarte",
            "simulate",
            "classic",
            "classic",
            "--matches",
            "1",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--rules",
            "games_to_win=9",
            "target=15",
            "--log-dir",
            str(folder),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
        env=ENVIRONMENT,
    )
    (match,) = folder.glob("*.ecarte.jsonl")
    lines = match.read_text(encoding="utf-8").splitlines(keepends=True)
    if len(lines) < LOG_LINES:
        sys.exit(f"the simulated match has only {len(lines)} lines, fewer than {LOG_LINES}")
    log = folder / "long.ecarte.jsonl"
    log.write_text("".join(lines[:LOG_LINES]), encoding="utf-8")
    return log


# As a user runs it: with the modules' bytecode cached (pip compiles an
# installed wheel; the first run of a checkout writes it), else every run
# would compile every module afresh and measure the compiler.
ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def seconds(command: list[str]) -> tuple[float, float]:
    """(wall time, processor time of the child) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=ENVIRONMENT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=21, help="runs of each command (default 21)")
    args = parser.parse_args()
    script = Path(sys.executable).with_name("ecarte")
    ecarte = [str(script)] if script.exists() else [sys.executable, "-m", "ecarte"]
    with tempfile.TemporaryDirectory() as folder:
        log = long_log(Path(folder))
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "ecarte --help": [*ecarte, "--help"],
            f"ecarte check --json LOG ({LOG_LINES} lines)": [*ecarte, "check", "--json", str(log)],
        }
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for command in commands.values():
            seconds(command)  # warm the file cache, write the bytecode
        for _ in range(args.rounds):
            for name, command in commands.items():
                times[name].append(seconds(command))
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{' '.join(sys.argv)}: medians of {args.rounds} runs each, taking turns (load average {load})")
    print(f"  {'':<40} {'wall':>9} {'ratio':>6}   {'processor':>9} {'ratio':>6}")
    floor_wall = statistics.median(wall for wall, _ in times["python -c pass"])
    floor_cpu = statistics.median(cpu for _, cpu in times["python -c pass"])
    for name, runs in times.items():
        wall = statistics.median(wall for wall, _ in runs)
        cpu = statistics.median(cpu for _, cpu in runs)
        print(
            f"  {name:<40} {wall * 1000:6.1f} ms {wall / floor_wall:5.1f}x   "
            f"{cpu * 1000:6.1f} ms {cpu / floor_cpu:5.1f}x"
        )
    print("  (ratio: to python -c pass; the target for check is 5x at most)")


if __name__ == "__main__":
    main()
