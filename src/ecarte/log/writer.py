"""Writing a match log as the match goes: one line per event, made durable
(flushed and fsynced) before the call returns, so a crash loses at most the
line being written (which ``resume_log`` then cuts off and keeps aside).

A writer made with ``durable=False`` (a tournament's many logs, which can be
played again) only flushes each line and fsyncs the file once, at ``close``:
an fsync per line costs far more than playing the match."""

from __future__ import annotations

import contextlib
import errno
import json
import os
from collections.abc import Mapping, Sequence
from types import TracebackType

from ecarte.engine import Action, Card, Rules, deck_string

from .format import DEAL, FORMAT_NAME, FORMAT_VERSION, HEADER_KEYS, decision_json

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from pathlib import Path  # not loaded by ``ecarte check``
    from typing import Any, BinaryIO

_sync_file = os.fsync
"""Makes a written line durable; tests that write many throwaway logs swap it."""


def encode_line(obj: dict[str, Any]) -> bytes:
    """One log line. Names stay readable (no \\u escapes); JSON escapes
    ``\\n`` inside strings, so one object is always one line."""
    return (json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n").encode(
        "utf-8"
    )


class LogWriter:
    """Appends events to a log file; use ``create`` or ``append``."""

    def __init__(self, path: Path, file: BinaryIO, durable: bool = True, content: bytes = b"") -> None:
        self.path = path
        self.durable = durable
        """Each line is fsynced as written; otherwise only at ``close``."""
        self._file: BinaryIO | None = file
        self._content = bytearray(content)
        """The log's bytes as written, kept to write it whole again
        (``move_to``) if the file is deleted, replaced or changed under it:
        a match's log is a few tens of kilobytes."""
        self._failed = False
        """A write failed (a full disk): its bytes may still wait in the
        buffer, and ``close`` must not fail again trying to write them."""

    @classmethod
    def create(
        cls,
        path: Path,
        players: tuple[str, str],
        first_dealer: int,
        rules: Rules,
        extra: dict[str, Any] | None = None,
        durable: bool = True,
    ) -> LogWriter:
        """A new log with its header. Never overwrites: ``FileExistsError``
        if ``path`` exists. Missing parent folders are created. With
        ``durable=False`` lines are flushed as written and fsynced at ``close``."""
        if len(players) != 2 or not all(isinstance(name, str) and name for name in players):
            raise ValueError("a log needs two non-empty player names")
        if first_dealer not in (0, 1) or isinstance(first_dealer, bool):
            raise ValueError("first_dealer must be 0 or 1")
        extra = dict(extra or {})
        clash = sorted(set(extra) & set(HEADER_KEYS))
        if clash:
            raise ValueError(f"extra header keys may not replace the format's own: {', '.join(clash)}")
        header = {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "players": list(players),
            "first_dealer": first_dealer,
            "rules": rules.to_dict(),
            **extra,
        }
        # Encode first: a header that cannot be written leaves no file behind.
        line = encode_line(header)
        path.parent.mkdir(parents=True, exist_ok=True)
        file = open(path, "xb")  # noqa: SIM115 - the writer owns the file until close()
        writer = cls(path, file, durable)
        try:
            writer._write(line)
        except BaseException:
            # The file is ours and holds no complete header: do not leave it
            # (an empty log was left at each try on a full disk, then named
            # as damaged at every start).
            with contextlib.suppress(OSError):
                writer.close()
            path.unlink(missing_ok=True)
            raise
        if durable:
            _sync_folder(path.parent)
        return writer

    @classmethod
    def append(cls, path: Path) -> LogWriter:
        """Continue an existing log (see ``resume_log``, which checks it first)."""
        with open(path, "rb") as file:
            size = file.seek(0, os.SEEK_END)
            ends_open = False
            if size:
                file.seek(-1, os.SEEK_END)
                ends_open = file.read(1) != b"\n"
        with open(path, "rb") as file:
            content = file.read()
        writer = cls(path, open(path, "ab"), content=content)  # noqa: SIM115
        if ends_open:
            # The last line may lack its newline (the format allows it): end it
            # before the next event.
            writer._write(b"\n")
        return writer

    def write_deal(self, dealer: int, deck: Sequence[Card]) -> None:
        self._write(encode_line({"type": DEAL, "dealer": dealer, "deck": deck_string(deck)}))

    def write_action(self, player: int, action: Action, extra: Mapping[str, Any] | None = None) -> None:
        """A decision line; ``extra`` keys (the app's ``"hint": true``) are
        added after the decision's own, which they may not replace."""
        line = decision_json(player, action)
        if extra:
            clash = sorted(set(extra) & {*line, "type", "player", "card", "cards"})
            if clash:
                raise ValueError(f"extra keys may not replace the decision's own: {', '.join(clash)}")
            line.update(extra)
        self._write(encode_line(line))

    def _write(self, line: bytes) -> None:
        if self._file is None:
            raise ValueError(f"{self.path}: the log writer is closed")
        try:
            self._file.write(line)
            self._file.flush()
            if self.durable:
                _sync_file(self._file.fileno())
        except OSError:
            self._failed = True
            raise
        self._content += line

    def what_became_of_it(self) -> str | None:
        """``None`` while ``path`` names this writer's file, holding exactly
        what it wrote; otherwise what another program did to it:
        ``"deleted"``, ``"replaced"`` (another file has its name now) or
        ``"changed"`` (emptied, cut or added to). Lines written to a file
        that lost its name would be lost with the descriptor."""
        if self._file is None:
            return None
        try:
            named = os.stat(self.path)
        except (FileNotFoundError, NotADirectoryError):
            return "deleted"  # with its folder, perhaps
        except OSError:
            return None  # cannot look (a folder made unreadable): go on writing
        ours = os.fstat(self._file.fileno())
        if (named.st_dev, named.st_ino) != (ours.st_dev, ours.st_ino):
            return "replaced"
        if named.st_size != len(self._content):
            return "changed"
        return None

    def move_to(self, path: Path) -> None:
        """Write the whole log as a new file ``path`` (never overwriting:
        ``FileExistsError``) and go on writing there; the old file is left
        to whoever changed it. ``OSError`` leaves the writer as it was."""
        if self._file is None:
            raise ValueError(f"{self.path}: the log writer is closed")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)  # deleted with its folder
        except FileExistsError:
            # Not "the file exists": a file has the folder's name.
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path.parent)) from None
        file = open(path, "xb")  # noqa: SIM115 - the writer owns the file until close()
        try:
            file.write(self._content)
            file.flush()
            _sync_file(file.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                file.close()
            path.unlink(missing_ok=True)
            raise
        _sync_folder(path.parent)
        old, self._file, self.path = self._file, file, path
        with contextlib.suppress(OSError):
            old.close()

    @property
    def closed(self) -> bool:
        return self._file is None

    def close(self) -> None:
        file = self._file
        if file is None:
            return
        self._file = None
        if self._failed:
            # The line that failed is given up (at most a torn last line is
            # on disk, which Continue sets aside): closing must not raise
            # the same error again, as leaving the table did, with a traceback.
            with contextlib.suppress(OSError):
                file.close()
            return
        try:
            if not self.durable:
                # Every line was flushed; one fsync now makes the whole file durable.
                file.flush()
                _sync_file(file.fileno())
        finally:
            file.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def _sync_folder(folder: Path) -> None:
    """Make the new file's name durable too (where the system allows it)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
