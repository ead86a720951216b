"""The ``.forfeit`` file beside a match log whose match a player forfeited
(a bot's fault): the log format has no forfeit event, so the log alone
reads as a match stopped midway. The app and ``ecarte simulate`` write it;
Replay, Continue, the statistics and ``ecarte check`` read it.
"""

from __future__ import annotations

import os
import stat

from ecarte.i18n import N_, Deferred, _
from ecarte.safefile import FileRefused, kind_of, read_regular_file, write_whole

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing (ecarte check loads this)
if TYPE_CHECKING:
    from pathlib import Path

FORFEIT_SUFFIX = ".forfeit"

FORFEIT_BYTES = 64 * 1024
"""The most of a ``.forfeit`` file read: a reason and a bot's last lines."""


def forfeit_path(log_path: Path) -> Path:
    """Where the result of a match the opponent forfeited is kept."""
    return log_path.with_name(log_path.name + FORFEIT_SUFFIX)


def write_forfeit(log_path: Path, message: str) -> None:
    """Keep why the opponent forfeited beside the log (best effort: the
    match is decided whether or not this can be written). Whatever already
    had the name (a FIFO, a link to a file elsewhere) is replaced, never
    opened (``safefile.write_whole``)."""
    write_whole(forfeit_path(log_path), (message + "\n").encode("utf-8"))


def has_forfeit(log_path: Path) -> bool:
    """Whether a forfeit is kept beside the log: a regular file of that
    name (or a link to one). Anything else there (a FIFO, a folder, a link
    to a device or to nothing) is no forfeit ecarte wrote, and does not end
    the match: an unfinished match stays one Continue offers."""
    try:
        return stat.S_ISREG(os.stat(forfeit_path(log_path)).st_mode)
    except (OSError, ValueError):
        return False


def forfeit_problem(log_path: Path) -> str | None:
    """Why what has the forfeit's name beside the log is not read as one
    (a ``Deferred`` text), or ``None`` when nothing is there or it is one."""
    path = forfeit_path(log_path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if not os.path.islink(path):
            return None
        return Deferred(
            N_("{path} is a symbolic link to nothing, so it is not read as a forfeit"), path=str(path)
        )
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode):
        return None
    return Deferred(
        N_("{path} is not a regular file but {kind}, so it is not read as a forfeit"),
        path=str(path),
        kind=kind_of(mode),
    )


def read_forfeit(log_path: Path) -> str | None:
    """Why the opponent forfeited this match, or ``None`` if it did not: the
    file's words as they were kept, or, for an empty or unreadable file, a
    sentence in the player's language (it is only shown, never written)."""
    path = forfeit_path(log_path)
    if not has_forfeit(log_path):
        return None
    try:
        # A regular file of a reason's size only: a FIFO there must not hang.
        kept = read_regular_file(path, FORFEIT_BYTES).decode("utf-8", errors="replace").strip()
        return kept or _("the opponent forfeited this match; no reason was kept")
    except (FileRefused, OSError):
        return _("the opponent forfeited this match")
