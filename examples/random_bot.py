#!/usr/bin/env python3
"""A complete écarté bot: it plays a random legal action at every decision.

It needs nothing but Python 3. Try it against the built-in textbook player:

    ecarte simulate cmd:"python3 examples/random_bot.py" classic --matches 20

The protocol (docs/bot-protocol.md): one JSON object per line. The host sends
``hello`` once, ``decide`` for each of our decisions (answer with exactly one
line: one of the ``legal`` actions, copied as it is), ``result`` after each
game and ``bye`` at the end.
"""

import json
import random
import sys


def choose(view: dict, legal: list) -> dict:
    """Pick one of the legal actions. A real bot looks at ``view`` here:
    view["hand"] holds our cards as codes like "KS", view["trump"] the trump
    suit letter, view["trick"] the card led to us, and so on."""
    return random.choice(legal)


def main() -> int:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            # Our seat and the rules in force; a different seed each match.
            print(f"random bot: seat {message['seat']}, rules {message['rules']}", file=sys.stderr)
        elif message["type"] == "decide":
            action = choose(message["view"], message["legal"])
            print(json.dumps(action), flush=True)  # flush, or the host waits forever
        elif message["type"] == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
