"""Writes every message it receives to the file named on its command line,
and answers each decide with the first legal action."""

import json
import sys

with open(sys.argv[1], "w", encoding="utf-8") as transcript:
    for line in sys.stdin:
        transcript.write(line)
        transcript.flush()
        message = json.loads(line)
        if message["type"] == "decide":
            print(json.dumps(message["legal"][0]), flush=True)
        elif message["type"] == "bye":
            break
