"""Starts a child that closes the pipes and sleeps, then plays legal moves."""

import os
import time

from _botlib import record_pid, run

record_pid()
child = os.fork()
if child == 0:
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    time.sleep(60)
    os._exit(0)
record_pid(child)
run(lambda number, message: None)
