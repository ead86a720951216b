"""Reading a file the user named without ever blocking or swallowing memory.

A path that should be a small regular file (a match log, the settings) may
be anything: a FIFO that blocks the first ``read`` until a writer comes, a
link to ``/dev/zero`` that never ends, a folder, a link that loops. Such a
file is opened with ``O_NONBLOCK`` (so even a FIFO opens at once), checked
with ``fstat`` to be a regular file, and read only up to a limit: anything
else is refused with a ``FileRefused`` naming what the path is.
``docs/reliability.md`` lists these promises and the tests that hold them.

``Skipped`` is a plain class, not a dataclass, and ``typing`` is imported
for the type checker only: ``ecarte check`` loads this module, and importing
``dataclasses`` (which brings ``inspect``) and ``typing``, and making the
dataclasses, was a third of its start-up beyond the bare interpreter's
(``python benchmarks/startup.py``).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator

from ecarte.i18n import N_, Deferred, trimmed
from ecarte.records import FrozenRecord

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path  # loaded only where a folder is listed: not by ``ecarte check``


class FileRefused(Exception):
    """A path that is not a readable regular file within the size limit; the
    message says what it is, without the path (the caller adds it).
    ``missing`` is true when nothing is there at all. The reason is a
    ``Deferred`` text: English in files and JSON, translated where shown."""

    def __init__(self, reason: str, *, missing: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.missing = missing


_KINDS = (
    (stat.S_ISDIR, N_("a directory")),
    (stat.S_ISFIFO, N_("a FIFO (named pipe)")),
    (stat.S_ISCHR, N_("a character device")),
    (stat.S_ISBLK, N_("a block device")),
    (stat.S_ISSOCK, N_("a socket")),
)


def kind_of(mode: int) -> Deferred:
    """What a file of this ``st_mode`` is, in words."""
    for test, name in _KINDS:
        if test(mode):
            return Deferred(name)
    return Deferred(N_("a regular file") if stat.S_ISREG(mode) else N_("a special file"))


def _not_regular(mode: int) -> Deferred:
    return Deferred(N_("not a regular file but {kind}"), kind=kind_of(mode))


def not_a_regular_file(path: Path | str, mode: int) -> Deferred:
    """A path that should be a file is something else ("…/settings.toml is
    not a regular file but a directory")."""
    return Deferred(N_("{path} is not a regular file but {kind}"), path=str(path), kind=kind_of(mode))


def not_a_folder(folder: Path | str, mode: int) -> Deferred:
    """A path that should be a folder is something else ("…/matches is not a
    folder but a regular file"): the one wording of the autosave, the saved
    matches' list and the record."""
    return Deferred(N_("{folder} is not a folder but {kind}"), folder=str(folder), kind=kind_of(mode))


def folder_problem(folder: Path | str) -> Deferred | None:
    """Why the entries of ``folder`` cannot be listed, in words: it is not a
    folder (nor is one of the folders above it), or it cannot be opened.
    ``None`` for a folder that can be listed, or for nothing there yet (the
    autosave makes it; a symbolic link to nothing is named). Looks without opening anything but folders."""
    try:
        mode = os.stat(folder).st_mode
    except OSError as error:
        if error.errno == errno.ENOENT:
            # Not "nothing there yet" when it, or a folder above it that is
            # not there either, is a link to nothing: the autosave cannot
            # make it (it said "cannot find a free file name").
            return _link_to_nothing(os.fspath(folder))
        if error.errno == errno.ENOTDIR:
            # A folder above it is a file, say: name that one.
            return _file_above(os.fspath(folder)) or _cannot_open(folder, error)
        return _cannot_open(folder, error)
    if not stat.S_ISDIR(mode):
        return not_a_folder(folder, mode)
    try:
        with os.scandir(folder):
            pass
    except OSError as error:
        return _cannot_open(folder, error)
    return None


def _link_to_nothing(folder: str) -> Deferred | None:
    """``folder`` or the first missing folder above it that is a symbolic
    link to nothing, named; ``None`` when nothing is there yet."""
    while not os.path.exists(folder):
        if os.path.islink(folder):
            return Deferred(
                N_("{folder} is a symbolic link to {target}, which does not exist"),
                folder=folder,
                target=os.readlink(folder),
            )
        above = os.path.dirname(folder)
        if above == folder:
            break
        folder = above
    return None


def _cannot_open(folder: Path | str, error: OSError) -> Deferred:
    return Deferred(
        N_("{folder} cannot be opened ({reason})"), folder=str(folder), reason=_open_error(error).reason
    )


def _file_above(folder: str) -> Deferred | None:
    """The first of the folders above ``folder`` that is not a folder."""
    above = os.path.dirname(folder)
    while above and above != folder:
        try:
            mode = os.stat(above).st_mode
        except OSError:
            folder, above = above, os.path.dirname(above)
            continue
        return None if stat.S_ISDIR(mode) else not_a_folder(above, mode)
    return None


def _unreadable(error: OSError) -> FileRefused:
    # The system's own words (strerror) stay as the system gives them.
    return FileRefused(Deferred(N_("cannot be read: {error}"), error=str(error.strerror or error)))


def _open_error(error: OSError, path: Path | str | None = None) -> FileRefused:
    """Why ``path`` could not be opened, in words."""
    if error.errno == errno.ENOENT:
        return FileRefused(Deferred(N_("no such file")), missing=True)
    if error.errno == errno.ENOTDIR and path is not None:
        # "Not a directory" names no path: say which folder on the way is a file.
        above = _file_above(os.fspath(path))
        if above is not None:
            return FileRefused(above)
    if error.errno == errno.ELOOP:
        return FileRefused(Deferred(N_("a symbolic link loop (the link leads back to itself)")))
    if error.errno in (errno.EACCES, errno.EPERM):
        return FileRefused(Deferred(N_("permission denied")))
    if error.errno == errno.EISDIR:
        return FileRefused(Deferred(N_("a directory, not a file")))
    if error.errno == errno.ENXIO:
        return FileRefused(Deferred(N_("not a regular file (a socket or a device with nothing behind it)")))
    return _unreadable(error)


def read_regular_file(path: Path | str, limit: int, *, what: str = "the file") -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit``
    bytes; ``FileRefused`` otherwise, at once, whatever the path is (a
    missing file too, with ``missing`` set)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise _open_error(error, path) from None
    except ValueError:  # a NUL character in the name
        raise FileRefused(Deferred(N_("not a usable file name"))) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(_not_regular(info.st_mode))
        if info.st_size > limit:
            raise FileRefused(_too_large(what, info.st_size, limit))
        # A regular file never blocks; going back to blocking reads keeps
        # the loop below simple. One byte past the limit catches a file that
        # grew since fstat.
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileRefused(_too_large(what, size, limit, grew=True))
        return b"".join(chunks)
    except OSError as error:
        raise _unreadable(error) from None
    finally:
        os.close(fd)


_TOO_LARGE = {
    "the file": (
        N_("the file is {size}; at most {limit} is read"),
        N_("the file is over {limit}; at most {limit} is read"),
    ),
    "it": (
        N_("it is {size}; at most {limit} is read"),
        N_("it is over {limit}; at most {limit} is read"),
    ),
}
"""The too-large message for each ``what`` (a whole sentence each, for the
translators)."""


def _too_large(what: str, size: int, limit: int, grew: bool = False) -> Deferred:
    template = _TOO_LARGE.get(what, _TOO_LARGE["the file"])[grew]
    # Just over the limit, megabytes would read "10 MB; at most 10 MB".
    exact = f"{size / 1_000_000:.1f}" == f"{limit / 1_000_000:.1f}"
    return Deferred(template, size=_megabytes(size, exact), limit=_megabytes(limit, exact))


def _megabytes(size: int, exact: bool = False) -> Deferred:
    if size >= 1_000_000 and not exact:
        return Deferred(N_("{count} MB"), count=trimmed(round(size / 1_000_000, 1)))
    return Deferred(N_("{count:,} bytes"), count=size)


class Skipped(FrozenRecord):
    """An entry of a folder scan that is not a regular file, and why.
    Immutable, equal and hashed by its fields."""

    __slots__ = ("path", "reason")

    path: Path
    reason: str

    def __init__(self, path: Path, reason: str) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "reason", reason)

    def __str__(self) -> str:
        return self.message

    @property
    def message(self) -> Deferred:
        """``str(skipped)`` as a ``Deferred`` text, to be shown translated."""
        return Deferred(N_("{path} is skipped: {reason}"), path=str(self.path), reason=self.reason)


def regular_files(folder: Path, suffix: str, skipped: list[Skipped] | None = None) -> Iterator[Path]:
    """The entries of ``folder`` named ``*suffix`` that are regular files (or
    links to one), without opening any of them; each other entry with that
    name (a FIFO, a folder, a broken or looping link) is added to
    ``skipped`` with what it is. An unreadable folder yields nothing."""
    from pathlib import Path

    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if not entry.name.endswith(suffix):
            continue
        path = Path(entry.path)
        try:
            info = os.stat(entry.path)  # follows links, never opens the file
        except OSError as error:
            reason = _open_error(error, path).reason
            if error.errno == errno.ENOENT:
                reason = Deferred(N_("a link to a file that does not exist"))
            if skipped is not None:
                skipped.append(Skipped(path, reason))
            continue
        if stat.S_ISREG(info.st_mode):
            yield path
        elif skipped is not None:
            skipped.append(Skipped(path, _not_regular(info.st_mode)))


def write_whole(path: Path, data: bytes, may_replace: Callable[[], bool] = lambda: True) -> bool:
    """Write ``data`` as ``path``, whole or not at all: into a temporary
    file made afresh beside it, then renamed over it while ``may_replace()``
    holds. What had the name is replaced, never opened: a FIFO there would
    block a write for ever, a symbolic link would be written through to a
    file elsewhere. ``False`` (and no temporary file left) when it was not
    written: an ``OSError``, or ``may_replace()`` false once written."""
    import tempfile  # here: ecarte check loads this module and must start fast

    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError:
        return False
    written = False
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        if may_replace():
            os.replace(temporary, path)
            written = True
    except OSError:
        pass
    finally:
        if not written:
            try:  # noqa: SIM105 (contextlib is not loaded by ecarte check, which loads this module)
                os.unlink(temporary)
            except OSError:
                pass
    return written
