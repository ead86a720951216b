"""Never answers a decide: the host's time limit must end the match.

It says so on standard error as soon as it starts, so that its last words are
there however slowly the interpreter starts, well within the host's limit."""

import sys
import time
from typing import Any

from _botlib import record_pid, run

record_pid()

print("timeout bot: thinking very hard", file=sys.stderr, flush=True)


def answer(number: int, message: dict[str, Any]) -> str | None:
    time.sleep(60)
    return None


run(answer)
