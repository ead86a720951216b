"""The app's autosaved matches on disk: one match log per match, named by
the time it began, a ``.forfeit`` file beside a log whose opponent
forfeited (the log format has no forfeit event), and the scan for the
newest match that can be continued.
"""

from __future__ import annotations

import os
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

from ecarte.engine import Rules
from ecarte.i18n import N_, Deferred, _
from ecarte.log import EndState, LogFileError, LogWriter, read_log_file

# Where the app keeps a forfeit: the log's layer, which ecarte check reads too.
from ecarte.log.forfeit import forfeit_path as forfeit_path
from ecarte.log.forfeit import has_forfeit as has_forfeit
from ecarte.log.forfeit import read_forfeit as read_forfeit
from ecarte.log.forfeit import write_forfeit as write_forfeit
from ecarte.log.opponents import between_programs
from ecarte.safefile import Skipped, folder_problem, regular_files

LOG_SUFFIX = ".ecarte.jsonl"
UNFINISHED_SCAN_LIMIT = 200
"""Newest logs examined when looking for a match to continue."""
_FREE_NAME_ATTEMPTS = 100

_UNFINISHED_CACHE: dict[tuple[Path, int, int], tuple[bool, Skipped | None]] = {}
"""Whether a log (by path, mtime and size) holds an unfinished match: a log
is read again only when it changed."""
_UNFINISHED_LOCK = threading.Lock()


class AutosaveError(Exception):
    """The autosave cannot be created; the message says where and why."""


def create_log(
    folder: Path, players: tuple[str, str], first_dealer: int, rules: Rules, extra: dict[str, Any]
) -> LogWriter:
    """A new match log in ``folder`` named by the time (``-1``, ``-2``...
    when that name is taken): never overwrites one."""
    # Not a folder, a link to nothing, unreadable: named (nothing there yet
    # is no problem: the log's writer makes the folder).
    problem = folder_problem(folder)
    if problem is not None:
        raise AutosaveError(_("cannot write the autosave: {reason}").format(reason=problem.translated()))
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for attempt in range(_FREE_NAME_ATTEMPTS):
        suffix = f"-{attempt}" if attempt else ""
        try:
            return LogWriter.create(
                folder / f"{stamp}{suffix}{LOG_SUFFIX}", players, first_dealer, rules, extra
            )
        except FileExistsError:
            continue
        except OSError as error:
            raise AutosaveError(
                # The system's own words (strerror), not "[Errno 30] ..." and the file again.
                _("cannot write the autosave in {folder}: {error}").format(
                    folder=folder, error=error.strerror or error
                )
            ) from None
    raise AutosaveError(_("cannot find a free file name for the autosave in {folder}").format(folder=folder))


def names_beside(path: Path) -> list[Path]:
    """Free names for a copy of the log ``path`` beside it (``…-1``,
    ``…-2``...), for a match whose log another program replaced: nothing
    is ever overwritten."""
    stem = path.name[: -len(LOG_SUFFIX)] if path.name.endswith(LOG_SUFFIX) else path.name
    names = (path.with_name(f"{stem}-{attempt}{LOG_SUFFIX}") for attempt in range(1, _FREE_NAME_ATTEMPTS))
    return [name for name in names if not os.path.lexists(name)]


def find_unfinished(folder: Path, skipped: list[Skipped] | None = None) -> Path | None:
    """The newest autosave in ``folder`` whose match can be continued: not
    decided, not forfeited, not played between two programs (a log of
    ``ecarte simulate``), and readable up to a torn last line at most.
    Only regular files are opened; ``skipped`` gets a note for each other
    entry named like a log (a FIFO, a folder, a broken link), and for each
    undecided match damaged before its last line."""
    try:
        logs = sorted(regular_files(folder, LOG_SUFFIX, skipped), key=_mtime, reverse=True)
    except OSError:
        return None
    for path in logs[:UNFINISHED_SCAN_LIMIT]:
        if has_forfeit(path):
            continue
        try:
            stamp = path.stat()
        except OSError:
            continue
        key = (path, stamp.st_mtime_ns, stamp.st_size)
        with _UNFINISHED_LOCK:
            known = _UNFINISHED_CACHE.get(key)
        if known is None:
            try:
                end = read_log_file(path, EndState())
            except (LogFileError, OSError):
                continue
            decided = end.match is not None and end.match.is_over
            # A log ecarte simulate wrote (copied into the folder) is two
            # programs' match: the player has no seat in it to take up.
            programs = end.header is not None and between_programs(end.header.extra)
            damage = None
            if not end.can_continue and end.error is not None and not decided and not programs:
                damage = Skipped(path, _damaged(end.error.line, end.error.message))
            known = (end.can_continue and not decided and not programs, damage)
            with _UNFINISHED_LOCK:
                if len(_UNFINISHED_CACHE) > 4 * UNFINISHED_SCAN_LIMIT:
                    _UNFINISHED_CACHE.clear()
                _UNFINISHED_CACHE[key] = known
        continuable, damage = known
        if damage is not None and skipped is not None:
            # An undecided match damaged before its end cannot be continued:
            # say so, rather than let the Continue entry vanish without a word.
            skipped.append(damage)
        if continuable:
            return path
    return None


def _damaged(line: int, reason: str) -> Deferred:
    if line == 1:
        # No header (an empty file, one cut in its first line): Replay has
        # nothing to show either.
        return Deferred(
            N_("line 1 is damaged ({reason}), so this match can be neither continued nor replayed"),
            reason=reason,
        )
    return Deferred(
        N_(
            "line {line} is damaged ({reason}), so this match cannot be continued;"
            " Replay shows it up to there"
        ),
        line=line,
        reason=reason,
    )


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
