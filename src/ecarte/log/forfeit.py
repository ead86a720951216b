"""The ``.forfeit`` file beside a match log whose match a player forfeited
(a bot's fault): the log format has no forfeit event, so the log alone
reads as a match stopped midway. The app and ``ecarte simulate`` write it;
Replay, Continue, the statistics and ``ecarte check`` read it.
"""

from __future__ import annotations

from ecarte.i18n import _
from ecarte.safefile import FileRefused, read_regular_file, write_whole

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


def read_forfeit(log_path: Path) -> str | None:
    """Why the opponent forfeited this match, or ``None`` if it did not: the
    file's words as they were kept, or, for an empty or unreadable file, a
    sentence in the player's language (it is only shown, never written)."""
    path = forfeit_path(log_path)
    if not path.exists():
        return None
    try:
        # A regular file of a reason's size only: a FIFO there must not hang.
        kept = read_regular_file(path, FORFEIT_BYTES).decode("utf-8", errors="replace").strip()
        return kept or _("the opponent forfeited this match; no reason was kept")
    except (FileRefused, OSError):
        return _("the opponent forfeited this match")
