"""``kill -9`` of the real app, in a terminal (a pty), at seeded random
moments while random keys play: afterwards the log is valid (at most a torn
last line), no decision already written is lost, and Continue offers the
match and resumes at its last decision."""

from __future__ import annotations

import fcntl
import os
import random
import signal
import struct
import subprocess
import termios
import threading
import time
from pathlib import Path

import pytest
from reliability_support import PYTHON, ROOT

from ecarte.log import replay_file
from ecarte.play.session import LOG_SUFFIX, MatchSession

KILLS = 20
KEYS = ["p", "r", "a", "e", "1", "2", "3", "4", "5", " ", "\r", "\x1b[C", "\x1b[D"]


def _start_app(config: Path, data: Path, seed: int) -> tuple[subprocess.Popen[bytes], int]:
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text('speed = "instant"\nopponent = "random"\n')
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = {
        **os.environ,
        "ECARTE_CONFIG_DIR": str(config),
        "ECARTE_DATA_DIR": str(data),
        "TERM": "xterm-256color",
    }
    app = subprocess.Popen(
        [PYTHON, "-m", "ecarte", "play", "--seed", str(seed)],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )
    os.close(slave)
    return app, master


def _drain(master: int, screen: bytearray) -> None:
    """Read the app's output so that it never blocks on a full terminal."""
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:
            return
        if not chunk:
            return
        screen += chunk
        del screen[: max(0, len(screen) - 200_000)]


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
    app, master = _start_app(config, data, seed)
    screen = bytearray()
    reader = threading.Thread(target=_drain, args=(master, screen), daemon=True)
    reader.start()
    written_before_kill = 0
    try:
        # Wait for the match to start (its log exists), then play random keys.
        deadline = time.monotonic() + 20
        while not list(matches.glob(f"*{LOG_SUFFIX}")) and time.monotonic() < deadline:
            assert app.poll() is None, bytes(screen[-2000:]).decode(errors="replace")
            time.sleep(0.05)
        kill_at = time.monotonic() + chance.uniform(0.0, 4.0)
        while time.monotonic() < kill_at:
            written_before_kill = _log_lines(matches)
            os.write(master, chance.choice(KEYS).encode())
            time.sleep(chance.uniform(0.005, 0.08))
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(timeout=10)
        os.close(master)
    assert app.returncode == -signal.SIGKILL

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
