"""``ecarte serve`` started for real, as a person starts it: a process on a
free port of the loopback address, with its own config and data directories."""

from __future__ import annotations

import contextlib
import json
import select
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

START_TIMEOUT = 20.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Served:
    url: str
    process: subprocess.Popen[str]
    first_line: str
    data_dir: Path

    @property
    def matches(self) -> list[Path]:
        return sorted((self.data_dir / "matches").glob("*.ecarte.jsonl"))


def start_server(env: dict[str, str], *options: str, stderr: Path | None = None) -> Served:
    """``ecarte serve`` on a free port, once it says it listens; its
    warnings and errors (where a traceback would go) kept in ``stderr``."""
    port = free_port()
    with contextlib.ExitStack() as files:
        errors = files.enter_context(stderr.open("w", encoding="utf-8")) if stderr else subprocess.DEVNULL
        process = subprocess.Popen(
            [sys.executable, "-m", "ecarte", "serve", "--port", str(port), *options],
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            env=env,
        )
    assert process.stdout is not None
    # The start message comes once the port is ours.
    ready, _, _ = select.select([process.stdout], [], [], START_TIMEOUT)
    first_line = process.stdout.readline() if ready else ""
    if not first_line:
        process.kill()
        process.wait()
        pytest.fail("ecarte serve said nothing on start")
    return Served(f"http://127.0.0.1:{port}/", process, first_line, Path(env["ECARTE_DATA_DIR"]))


def stop_server(served: Served) -> None:
    served.process.terminate()
    try:
        served.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        served.process.kill()
        served.process.wait()


def checked_log(log: Path) -> dict[str, Any]:
    """``ecarte check --json`` on a match log, run as a user would: it must
    read the log, and its report is returned."""
    checked = subprocess.run(
        [sys.executable, "-m", "ecarte", "check", "--json", str(log)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    report: dict[str, Any] = json.loads(checked.stdout)
    return report
