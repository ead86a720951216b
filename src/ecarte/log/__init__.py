"""The match log (``docs/log-format.md``): write it as a match goes, read it
back, replay it through the engine, check it (``ecarte check``).

A log is JSON Lines: a header (players, first dealer, rules), then one line
per deal (the deck order) and per decision. Everything else is derived by
replaying it.
"""

from .check import check_report, format_summary, run_check
from .format import MAX_LOG_BYTES, MAX_LOG_LINES, EventType, LogError, LogEvent, LogHeader
from .reader import LogFileError, Replay, replay_bytes, replay_file, replay_states, resume_log
from .writer import LogWriter

__all__ = [
    "MAX_LOG_BYTES",
    "MAX_LOG_LINES",
    "EventType",
    "LogError",
    "LogEvent",
    "LogFileError",
    "LogHeader",
    "LogWriter",
    "Replay",
    "check_report",
    "format_summary",
    "replay_bytes",
    "replay_file",
    "replay_states",
    "resume_log",
    "run_check",
]
