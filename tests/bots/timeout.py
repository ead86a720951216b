"""Never answers a decide: the host's time limit must end the match."""

import sys
import time
from typing import Any

from _botlib import run


def answer(number: int, message: dict[str, Any]) -> str | None:
    print("timeout bot: thinking very hard", file=sys.stderr, flush=True)
    time.sleep(60)
    return None


run(answer)
