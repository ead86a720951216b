"""The match log (``docs/log-format.md``): write it as a match goes, read it
back, replay it through the engine, check it (``ecarte check``).

A log is JSON Lines: a header (players, first dealer, rules), then one line
per deal (the deck order) and per decision. Everything else is derived by
replaying it: ``read_log`` folds it through the engine into a visitor.
"""

from .check import check_report, format_summary, run_check
from .format import MAX_LOG_BYTES, MAX_LOG_LINES, EventType, LogError, LogEvent, LogHeader
from .reader import (
    EndState,
    EveryState,
    LogEnd,
    LogFileError,
    LogVisitor,
    Reading,
    Replay,
    ReplayBuilder,
    apply_event,
    fold_events,
    read_log,
    read_log_file,
    replay_bytes,
    replay_file,
    replay_states,
    resume_log,
)
from .writer import LogWriter

__all__ = [
    "MAX_LOG_BYTES",
    "MAX_LOG_LINES",
    "EndState",
    "EventType",
    "EveryState",
    "LogEnd",
    "LogError",
    "LogEvent",
    "LogFileError",
    "LogHeader",
    "LogVisitor",
    "LogWriter",
    "Reading",
    "Replay",
    "ReplayBuilder",
    "apply_event",
    "check_report",
    "fold_events",
    "format_summary",
    "read_log",
    "read_log_file",
    "replay_bytes",
    "replay_file",
    "replay_states",
    "resume_log",
    "run_check",
]
