"""Exits (status 3) before reading anything: the host's first write finds it gone."""

import sys

from _botlib import record_pid

record_pid()
print("exit-at-once bot: not playing", file=sys.stderr, flush=True)
sys.exit(3)
