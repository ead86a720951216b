"""Helpers for the reliability suite: the test bots, and whether the
processes they noted are still running."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOTS = ROOT / "tests" / "bots"
PYTHON = sys.executable


def bot(script: str) -> str:
    return f"{PYTHON} {BOTS / script}"


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie has ended: it only
    waits for its parent, or init, to collect its status)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return not Path("/proc").is_dir()
    return state not in ("Z", "X")


def noted_pids(folder: Path) -> list[int]:
    return sorted(int(note.name) for note in folder.iterdir())


def wait_all_gone(pids: list[int], within: float = 5.0) -> list[int]:
    """The processes of ``pids`` still running after ``within`` seconds."""
    end = time.monotonic() + within
    while True:
        left = [pid for pid in pids if alive(pid)]
        if not left or time.monotonic() > end:
            return left
        time.sleep(0.05)
