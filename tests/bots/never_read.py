"""Never reads its input and never answers."""

import time

from _botlib import record_pid

record_pid()
time.sleep(60)
