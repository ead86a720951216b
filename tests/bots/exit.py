"""Exits quietly (status 0) at its first decision, without answering."""

import sys
from typing import Any

from _botlib import run


def answer(number: int, message: dict[str, Any]) -> str | None:
    print("exit bot: I have had enough", file=sys.stderr, flush=True)
    sys.exit(0)


run(answer)
