"""Plays two legal moves, then dies with a traceback."""

from typing import Any

from _botlib import run


def answer(number: int, message: dict[str, Any]) -> str | None:
    if number < 3:
        return None
    raise RuntimeError("crash bot: something went badly wrong")


run(answer)
