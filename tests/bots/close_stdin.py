"""At its first decide, closes its standard input, answers, and keeps
running: the host's next write breaks the pipe, which must be this bot's
fault (it "closed its standard input"), never the host's death."""

import json
import os
import sys
import time

from _botlib import record_pid

record_pid()
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "decide":
        break
os.close(0)
print("close-stdin bot: no more input for me", file=sys.stderr, flush=True)
sys.stdout.write(json.dumps(message["legal"][0]) + "\n")
sys.stdout.flush()
time.sleep(60)
