"""Helpers for the reliability suite: the test bots, and whether the
processes they noted are still running."""

from __future__ import annotations

import contextlib
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


class PtyApp:
    """The real app (``python -m ecarte ARGS``) in a terminal of its own (a
    pty, 100x30), its output read all the time so it never blocks."""

    def __init__(self, args: list[str], config: Path, data: Path, settings: str = "") -> None:
        import fcntl
        import struct
        import subprocess
        import termios
        import threading

        config.mkdir(parents=True, exist_ok=True)
        (config / "settings.toml").write_text(settings or 'speed = "instant"\nopponent = "random"\n')
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        env = {
            **os.environ,
            "ECARTE_CONFIG_DIR": str(config),
            "ECARTE_DATA_DIR": str(data),
            "TERM": "xterm-256color",
        }
        self.process = subprocess.Popen(
            [PYTHON, "-m", "ecarte", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=ROOT,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.output = bytearray()
        self._stop_reading = threading.Event()
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        import select

        while not self._stop_reading.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk
            del self.output[: max(0, len(self.output) - 400_000)]

    def hang_up(self) -> None:
        """Close the terminal, as closing its window does. (The reader stops
        first: a read in progress would keep the terminal open.)"""
        self._stop_reading.set()
        self._reader.join(timeout=5)
        os.close(self.master)
        self.master = -1

    def text(self) -> str:
        """The output so far, escape sequences removed (roughly: enough to
        find words the app drew)."""
        import re

        raw = bytes(self.output).decode("utf-8", errors="replace")
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b\][^\x07]*\x07", "", raw)

    def keys(self, text: str) -> None:
        os.write(self.master, text.encode())

    def wait_for(self, *words: str, within: float = 20.0) -> str:
        end = time.monotonic() + within
        while time.monotonic() < end:
            text = self.text()
            if any(word in text for word in words):
                return text
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise AssertionError(f"none of {words!r} appeared; the app showed:\n{self.text()[-3000:]}")

    def kill(self) -> None:
        import signal

        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        if self.master >= 0:
            self._stop_reading.set()
            self._reader.join(timeout=5)
            with contextlib.suppress(OSError):
                os.close(self.master)
