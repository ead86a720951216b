"""Plays one legal move, then answers with 200,000 nested brackets: a line
that would overflow a naive JSON parser's recursion."""

import sys
from typing import Any

from _botlib import run


def answer(number: int, message: dict[str, Any]) -> str | None:
    if number < 2:
        return None
    print("nested bot: answering brackets now", file=sys.stderr, flush=True)
    return "[" * 200_000


run(answer)
