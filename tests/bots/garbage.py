"""Plays one legal move, then answers with a line that is not JSON."""

import sys
from typing import Any

from _botlib import record_pid, run

record_pid()


def answer(number: int, message: dict[str, Any]) -> str | None:
    if number < 2:
        return None
    print("garbage bot: answering nonsense now", file=sys.stderr, flush=True)
    return "I fold, you win"


run(answer)
