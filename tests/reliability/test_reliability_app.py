"""The real app in a terminal against a bot that breaks the pipes or leaves
a grandchild behind: the app is not killed, stays responsive, says the bot
forfeits, quits at once when asked, leaves the terminal as it found it, and
no process the bot started survives."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest
from reliability_support import PtyApp, bot, noted_pids, wait_all_gone

KEYS = ["p", "r", "a", "e", "1", "2", "3", "4", "5", " ", "\r"]
LEAVE_ALTERNATE_SCREEN = "\x1b[?1049l"
MOUSE_OFF = "\x1b[?1000l"


def _play_until_forfeit(app: PtyApp, seed: int, within: float = 40.0) -> None:
    chance = random.Random(seed)
    end = time.monotonic() + within
    while "forfeits" not in app.text():
        assert time.monotonic() < end, f"no forfeit shown; the app showed:\n{app.text()[-3000:]}"
        assert app.process.poll() is None, f"the app died ({app.process.returncode})"
        app.keys(chance.choice(KEYS))
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.deadline(90)
@pytest.mark.parametrize(
    ("script", "fault"),
    [("close_stdin.py", "closed its standard input"), ("setsid_grandchild.py", "exited with status 0")],
)
def test_the_app_survives_a_broken_bot_and_quits_at_once(
    script: str, fault: str, tmp_path: Path, pid_notes: Path
) -> None:
    command = f"cmd:{bot(script)}"
    app = PtyApp(["play", "--seed", "5", "--opponent", command], tmp_path / "config", tmp_path / "data")
    try:
        app.wait_for("Table", within=30)
        _play_until_forfeit(app, seed=5)
        app.wait_for(fault)
        # Still responsive: it answers keys, and quits when asked, at once.
        started = time.monotonic()
        app.keys("\x11")  # Ctrl+Q
        app.process.wait(timeout=10)
        quitting = time.monotonic() - started
    finally:
        app.kill()
    assert app.process.returncode == 0
    # A bound that catches a hang (it was forever), not a speed figure.
    assert quitting < 10, f"quitting took {quitting:.1f} s"
    raw = bytes(app.output).decode("utf-8", errors="replace")
    assert raw.rfind(LEAVE_ALTERNATE_SCREEN) > raw.rfind("\x1b[?1049h"), "the terminal is restored"
    assert MOUSE_OFF in raw
    assert "Traceback" not in app.text()
    pids = noted_pids(pid_notes)
    assert len(pids) == (2 if script == "setsid_grandchild.py" else 1)
    assert wait_all_gone(pids, within=2.0) == []


@pytest.mark.slow
@pytest.mark.deadline(90)
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 128 + 15), (signal.SIGHUP, 129)])
def test_sigterm_and_sighup_end_the_app_as_quitting_does(
    signum: int, status: int, tmp_path: Path, pid_notes: Path
) -> None:
    """kill, a shutdown or a terminal that hangs up: Python's default ended
    the app at once, so the bot's child outlived it and the terminal stayed
    in the alternate screen with the mouse reported. Now the app closes as
    Ctrl+Q closes it."""
    command = f"cmd:{bot('fork_without_pipes.py')}"
    app = PtyApp(["play", "--seed", "5", "--opponent", command], tmp_path / "config", tmp_path / "data")
    try:
        app.wait_for("Table", within=30)
        pids = noted_pids(pid_notes)
        assert len(pids) == 2, "the bot and its child"
        os.kill(app.process.pid, signum)
        app.process.wait(timeout=15)
    finally:
        app.kill()
    assert app.process.returncode == status
    raw = bytes(app.output).decode("utf-8", errors="replace")
    assert raw.rfind(LEAVE_ALTERNATE_SCREEN) > raw.rfind("\x1b[?1049h"), "the terminal is restored"
    assert MOUSE_OFF in raw
    assert "Traceback" not in app.text()
    assert wait_all_gone(pids, within=5.0) == []
