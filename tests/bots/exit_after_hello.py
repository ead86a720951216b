"""Reads hello, then exits (status 4) without a word on standard output."""

import sys

from _botlib import record_pid

record_pid()
sys.stdin.readline()
print("exit-after-hello bot: I have seen enough", file=sys.stderr, flush=True)
sys.exit(4)
