"""``kill -9`` of the real app, in a terminal (a pty), at seeded random
moments while random keys play: afterwards the log is valid (at most a torn
last line), no decision already written is lost, and Continue offers the
match and resumes at its last decision."""

from __future__ import annotations

import random
import signal
import time
from pathlib import Path

import pytest
from reliability_support import PtyApp

from ecarte.log import replay_file
from ecarte.play.session import LOG_SUFFIX, MatchSession

KILLS = 20
KEYS = ["p", "r", "a", "e", "1", "2", "3", "4", "5", " ", "\r", "\x1b[C", "\x1b[D"]


def _log_lines(folder: Path) -> int:
    logs = list(folder.glob(f"*{LOG_SUFFIX}"))
    if not logs:
        return 0
    return logs[0].read_bytes().count(b"\n")


@pytest.mark.slow
@pytest.mark.deadline(40)
@pytest.mark.parametrize("seed", range(KILLS))
def test_kill_9_at_a_random_moment_loses_nothing_and_continue_resumes(seed: int, tmp_path: Path) -> None:
    chance = random.Random(seed)
    config, data = tmp_path / "config", tmp_path / "data"
    matches = data / "matches"
    app = PtyApp(["play", "--seed", str(seed)], config, data)
    written_before_kill = 0
    try:
        # Wait for the match to start (its log exists), then play random keys.
        deadline = time.monotonic() + 20
        while not list(matches.glob(f"*{LOG_SUFFIX}")) and time.monotonic() < deadline:
            assert app.process.poll() is None, app.text()[-2000:]
            time.sleep(0.05)
        kill_at = time.monotonic() + chance.uniform(0.0, 4.0)
        while time.monotonic() < kill_at:
            written_before_kill = _log_lines(matches)
            app.keys(chance.choice(KEYS))
            time.sleep(chance.uniform(0.005, 0.08))
    finally:
        app.kill()
    assert app.process.returncode == -signal.SIGKILL

    [log] = matches.glob(f"*{LOG_SUFFIX}")
    replay = replay_file(log)
    assert replay.header is not None
    assert replay.error is None or replay.truncated_last_line, replay.error
    assert replay.valid_bytes >= 0
    lines = log.read_bytes().count(b"\n")
    assert lines >= written_before_kill, "no decision already written is lost"
    if replay.match is not None and replay.match.is_over:
        return  # a finished match is not continued
    assert MatchSession.unfinished(matches) == log, "Continue offers the killed match"
    session, _ = MatchSession.resume(log)
    try:
        assert len(replay_file(log).events) == len(replay.events), "it resumes at the last decision"
        assert session.match.deals == replay.match.deals if replay.match else True
    finally:
        session.close()
