"""Writes $FLOOD_MB megabytes (default 300) on standard error without a
newline, then a short last line, then never answers."""

import os
import sys
import time

from _botlib import record_pid

record_pid()
chunk = b"e" * (1 << 20)
for _ in range(int(os.environ.get("FLOOD_MB", "300"))):
    sys.stderr.buffer.write(chunk)
sys.stderr.buffer.write(b"\nstderr-flood bot: done flooding\n")
sys.stderr.flush()
time.sleep(60)
