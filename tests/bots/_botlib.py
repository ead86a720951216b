"""A minimal protocol loop for the test bots: each bot gives ``answer``."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

Answer = Callable[[int, dict[str, Any]], str | None]
"""(number of this decide, the message) -> the line to write, or None for the first legal action."""


def run(answer: Answer) -> None:
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "decide":
            decisions += 1
            reply = answer(decisions, message)
            if reply is None:
                reply = json.dumps(message["legal"][0])
            sys.stdout.write(reply + "\n")
            sys.stdout.flush()
        elif message["type"] == "bye":
            return


def record_pid(pid: int | None = None) -> None:
    """Note a process this bot is or started in ``$ECARTE_TEST_PIDS`` (a
    folder), so that a test can check none of them outlives the match."""
    import os

    folder = os.environ.get("ECARTE_TEST_PIDS")
    if folder:
        pid = os.getpid() if pid is None else pid
        with open(os.path.join(folder, str(pid)), "w") as note:
            note.write(str(pid))
