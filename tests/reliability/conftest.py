"""The standing reliability suite (``docs/reliability.md``): nothing a bot, a
second window or a strange file does may kill, hang or corrupt ecarte.

Every test here has a deadline, so that a regression shows as a failure
rather than a CI job that never ends: ``@pytest.mark.deadline(SECONDS)``
(default ``DEFAULT_DEADLINE``). The alarm raises in the test; should the
test be stuck where a signal cannot reach, the worker process is ended with
a traceback a little later.
"""

from __future__ import annotations

import faulthandler
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

DEFAULT_DEADLINE = 30.0


class DeadlineExceeded(Exception):
    """A reliability test ran past its deadline: something hung."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "deadline(seconds): the most a reliability test may take")


@pytest.fixture(autouse=True)
def deadline(request: pytest.FixtureRequest) -> Iterator[float]:
    marker = request.node.get_closest_marker("deadline")
    seconds = float(marker.args[0]) if marker else DEFAULT_DEADLINE

    def expired(signum: int, frame: FrameType | None) -> None:
        raise DeadlineExceeded(f"the test took more than its deadline of {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    faulthandler.dump_traceback_later(seconds + 15, exit=True)
    try:
        yield seconds
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(autouse=True)
def ecarte_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(config dir, data dir), both empty: no test touches a real player's files."""
    config = tmp_path / "config"
    data = tmp_path / "data"
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(config))
    monkeypatch.setenv("ECARTE_DATA_DIR", str(data))
    return config, data


@pytest.fixture
def pid_notes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder where the test bots note every process they are or start."""
    folder = tmp_path / "pids"
    folder.mkdir()
    monkeypatch.setenv("ECARTE_TEST_PIDS", str(folder))
    return folder
