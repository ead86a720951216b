"""Answers its first decide with a 10 MB line."""

import sys

from _botlib import record_pid

record_pid()
sys.stdin.readline()
sys.stdin.readline()
chunk = b"x" * (1 << 20)
for _ in range(10):
    sys.stdout.buffer.write(chunk)
sys.stdout.buffer.write(b"\n")
sys.stdout.flush()
sys.stdin.readline()
