"""Starts a child that keeps the pipes open and sleeps, then answers garbage."""

import os
import sys
import time
from typing import Any

from _botlib import record_pid, run

record_pid()
child = os.fork()
if child == 0:
    time.sleep(60)
    os._exit(0)
record_pid(child)


def answer(number: int, message: dict[str, Any]) -> str | None:
    print("fork-with-pipes bot: my child holds the pipes", file=sys.stderr, flush=True)
    return "nonsense"


run(answer)
