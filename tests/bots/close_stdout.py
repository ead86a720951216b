"""Reads hello, closes its standard output and keeps running."""

import os
import sys
import time

from _botlib import record_pid

record_pid()
sys.stdin.readline()
os.close(1)
print("close-stdout bot: no more answers from me", file=sys.stderr, flush=True)
time.sleep(60)
