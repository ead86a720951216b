"""One window plays a match log at a time: the lock is the operating
system's, so it dies with the process that held it (no stale lock after a
crash), and a second taker is told, never let in to write the same log."""

from __future__ import annotations

import signal
import subprocess
import textwrap
from pathlib import Path

import pytest
from reliability_support import PYTHON

from ecarte.play.lock import LogLock, MatchOpenElsewhere, is_open_elsewhere


def _holder(path: Path) -> subprocess.Popen[str]:
    """Another process that takes the lock, says so, and waits."""
    code = textwrap.dedent(
        f"""
        import sys, time
        from pathlib import Path
        from ecarte.play.lock import LogLock
        lock = LogLock.acquire(Path({str(path)!r}))
        print("locked", flush=True)
        time.sleep(60)
        """
    )
    holder = subprocess.Popen([PYTHON, "-c", code], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "locked"
    return holder


@pytest.mark.deadline(20)
def test_a_lock_held_by_another_process_refuses_and_dies_with_it(tmp_path: Path) -> None:
    log = tmp_path / "match.ecarte.jsonl"
    log.write_text("{}\n")
    holder = _holder(log)
    try:
        with pytest.raises(MatchOpenElsewhere, match="open in another window"):
            LogLock.acquire(log)
        assert is_open_elsewhere(log)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=5)
    # kill -9 leaves no stale lock behind.
    with LogLock.acquire(log) as lock:
        assert lock.held
    assert not is_open_elsewhere(log)


def test_two_takers_in_one_process_exclude_each_other(tmp_path: Path) -> None:
    log = tmp_path / "match.ecarte.jsonl"
    log.write_text("{}\n")
    first = LogLock.acquire(log)
    with pytest.raises(MatchOpenElsewhere):
        LogLock.acquire(log)
    first.release()
    first.release()  # idempotent
    LogLock.acquire(log).release()


@pytest.mark.deadline(5)
def test_taking_the_lock_of_a_fifo_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "match.ecarte.jsonl"
    import os

    os.mkfifo(fifo)
    LogLock.acquire(fifo).release()
