"""One window plays a match log at a time.

While a window plays a match, it holds an exclusive lock on its log: an
operating-system lock (``flock``) on an open descriptor of the file, which
the system releases when the descriptor closes or the process ends, so a
crash or ``kill -9`` never leaves a stale lock behind. A second window (or
a second session in the same process) that tries to play the same log gets
``MatchOpenElsewhere``, and can offer to watch the match in the replay
viewer instead. ``docs/reliability.md`` lists this promise and its tests.

Where the system has no ``flock`` (Windows) no lock is taken.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from ecarte.i18n import _

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class MatchOpenElsewhere(Exception):
    """The match log is being played in another window."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(
            _(
                "This match is open in another window ({file}). "
                "You can watch it in the replay viewer, or leave it to that window."
            ).format(file=path.name)
        )


class LogLock:
    """An exclusive lock on a match log, held until ``release`` (or the end
    of the process)."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def acquire(cls, path: Path) -> LogLock:
        """Lock ``path`` or raise ``MatchOpenElsewhere``; ``OSError`` if the
        file cannot be opened. Never blocks."""
        if fcntl is None:  # pragma: no cover - Windows
            return cls(path, None)
        flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
        fd = os.open(path, flags)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise MatchOpenElsewhere(path) from None
        except OSError:
            # A file system without locks (some network mounts): play unlocked
            # rather than not at all.
            return cls(path, fd)
        return cls(path, fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let another window play the match; idempotent."""
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)  # closing the descriptor drops the lock

    def __enter__(self) -> LogLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def __del__(self) -> None:
        self.release()


def is_open_elsewhere(path: Path) -> bool:
    """Whether another window (or session) holds ``path``'s lock now."""
    try:
        lock = LogLock.acquire(path)
    except MatchOpenElsewhere:
        return True
    except OSError:
        return False
    lock.release()
    return False
