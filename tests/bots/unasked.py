"""Answers its first decide, then writes a line nobody asked for."""

from typing import Any

from _botlib import record_pid, run

record_pid()


def answer(number: int, message: dict[str, Any]) -> str | None:
    if number == 1:
        import json

        return json.dumps(message["legal"][0]) + "\nunasked chatter"
    return None


run(answer)
