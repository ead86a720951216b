"""At its first decide, closes its standard input and never answers: the
decide is already in the pipe, so no write breaks; the host must see the
closed input and name it ("closed its standard input"), not wait out the
time limit and call it a timeout."""

import json
import os
import sys
import time

from _botlib import record_pid

record_pid()
for line in sys.stdin:
    if json.loads(line)["type"] == "decide":
        break
os.close(0)
print("close-stdin-silent bot: no more input, and no answer", file=sys.stderr, flush=True)
time.sleep(60)
