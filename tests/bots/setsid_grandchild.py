"""Starts a grandchild in a session of its own (out of the bot's process
group) that ignores SIGTERM and keeps the pipes open; then the bot exits."""

import os
import signal
import sys
import time

from _botlib import record_pid

record_pid()
sys.stdin.readline()
ready, noted = os.pipe()
child = os.fork()
if child == 0:
    os.setsid()
    grandchild = os.fork()
    if grandchild == 0:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        record_pid()
        os.write(noted, b"!")
        time.sleep(60)
    os._exit(0)
os.waitpid(child, 0)
os.read(ready, 1)  # the grandchild is noted: the test knows it
print("setsid bot: my grandchild stays behind", file=sys.stderr, flush=True)
sys.exit(0)
