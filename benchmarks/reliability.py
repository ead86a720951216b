"""Figures behind ``docs/reliability.md``: ``python benchmarks/reliability.py``.

1. The host's peak memory while a bot floods its standard error with
   ``--flood-mb`` megabytes (default 300) without a newline: ``ecarte
   simulate`` against ``tests/bots/stderr_flood.py``, its peak resident set
   taken from ``wait4`` (the host and the processes it waited for).
2. The time to refuse a settings file and a match log that are a FIFO or a
   link to ``/dev/zero``: ``load_settings`` and ``read_log_bytes`` in this
   process, and the whole ``ecarte check`` command (start-up included).

Figures depend on the machine and its load; compare runs on one machine.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOT = ROOT / "tests" / "bots" / "stderr_flood.py"


def flood(megabytes: int) -> None:
    command = [sys.executable, "-m", "ecarte", "simulate", f"cmd:{sys.executable} {BOT}", "random"]
    command += ["--matches", "1", "--jobs", "1", "--timeout", "5", "--json"]
    started = time.perf_counter()
    with open(os.devnull, "wb") as null:
        host = subprocess.Popen(
            command, stdout=null, stderr=null, env={**os.environ, "FLOOD_MB": str(megabytes)}
        )
        _, status, usage = os.wait4(host.pid, 0)
    elapsed = time.perf_counter() - started
    print(
        f"$ FLOOD_MB={megabytes} ecarte simulate cmd:'python tests/bots/stderr_flood.py' random --matches 1"
    )
    print(
        f"  stderr flood of {megabytes} MB: host peak RSS {usage.ru_maxrss / 1024:.0f} MB, "
        f"exit {os.waitstatus_to_exitcode(status)}, {elapsed:.1f} s"
    )


def refusals() -> None:
    from ecarte.log.reader import LogFileError, read_log_bytes
    from ecarte.play.settings import load_settings

    with tempfile.TemporaryDirectory() as folder:
        fifo = Path(folder) / "fifo"
        os.mkfifo(fifo)
        zero = Path(folder) / "zero"
        zero.symlink_to("/dev/zero")
        for name, path in (("FIFO", fifo), ("/dev/zero link", zero)):
            started = time.perf_counter()
            load_settings(path)
            settings_ms = (time.perf_counter() - started) * 1000
            started = time.perf_counter()
            with contextlib.suppress(LogFileError):
                read_log_bytes(path)
            log_ms = (time.perf_counter() - started) * 1000
            started = time.perf_counter()
            check = subprocess.run(
                [sys.executable, "-m", "ecarte", "check", str(path)], capture_output=True, timeout=60
            )
            check_ms = (time.perf_counter() - started) * 1000
            print(
                f"  {name}: load_settings {settings_ms:.2f} ms, read_log_bytes {log_ms:.2f} ms, "
                f"`ecarte check` {check_ms:.0f} ms in all (exit {check.returncode})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood-mb", type=int, default=300)
    args = parser.parse_args()
    flood(args.flood_mb)
    refusals()


if __name__ == "__main__":
    main()
