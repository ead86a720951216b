"""Answers a well-formed action that is never legal: a card it does not hold."""

import json
import sys
from typing import Any

from _botlib import record_pid, run

record_pid()

CODES = [rank + suit for suit in "SHDC" for rank in "789TAJQK"]


def answer(number: int, message: dict[str, Any]) -> str | None:
    hand = set(message["view"]["hand"])
    missing = next(code for code in CODES if code not in hand)
    print(f"illegal bot: playing {missing}, which I do not hold", file=sys.stderr, flush=True)
    return json.dumps({"type": "card", "card": missing})


run(answer)
