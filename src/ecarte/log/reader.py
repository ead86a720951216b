"""Reading a match log: one fold of its lines through the engine, feeding a visitor.

``read_log`` parses the lines, folds each event into a ``Match`` with
``apply_event`` (the one place where a log event becomes engine state) and
tells a ``LogVisitor`` what it read, the way a PGN reader feeds a game
builder. Each use of a log is a visitor: ``ReplayBuilder`` (``ecarte check``,
the replay viewer), ``EndState`` (resume, and the scan for an unfinished
match), the replay viewer's steps (``ecarte.play.replay_steps``). A visitor
may stop the reading early.

Reading stops at the first bad line and keeps everything before it: the
valid events, the match state they lead to, and the byte length of that
valid prefix (so a log torn by a crash can be cut back and continued).
The rules themselves are the engine's: a decision is checked by
``Match.apply``, whose message names the rule a bad decision breaks.

``Replay`` and ``LogEnd`` are plain classes, not dataclasses, and ``typing``
is imported for the type checker only: ``ecarte check`` loads this module,
and importing ``dataclasses`` (which brings ``inspect``) and ``typing``, and
making the dataclasses, was a third of its start-up beyond the bare
interpreter's (``python benchmarks/startup.py``).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from enum import Enum

from ecarte.engine import (
    TRICKS,
    Action,
    DealError,
    IllegalActionError,
    Match,
)
from ecarte.i18n import N_, Deferred, message_of
from ecarte.records import Record
from ecarte.safefile import FileRefused, read_regular_file

from .format import (
    DEAL,
    MAX_LOG_BYTES,
    MAX_LOG_LINES,
    EventType,
    LineError,
    LogError,
    LogEvent,
    LogHeader,
    is_whole_json,
    parse_event,
    parse_header,
    parse_json_object,
)
from .writer import LogWriter

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from pathlib import Path  # not loaded by ``ecarte check``
    from typing import Generic, TypeVar

    ResultT = TypeVar("ResultT")
else:
    # What a visitor's ``result`` is matters to the type checker only: at run
    # time ``LogVisitor[X]`` is ``LogVisitor``, without typing's ``Generic``.
    class Generic:
        def __class_getitem__(cls, parameter: object) -> type:
            return cls

    ResultT = "ResultT"

_BOM = b"\xef\xbb\xbf"


class LogFileError(Exception):
    """A log that cannot be read at all: missing, unreadable, too large, or
    (for ``resume_log``) not a log that can be continued. The message is a
    ``Deferred`` text (``message_of``), translated where it is shown."""


class Replay(Record):
    """A log read whole: its header, its valid events and where they lead."""

    # In the constructor's order, not sorted: ``__eq__`` and ``__repr__`` follow it.
    __slots__ = ("header", "events", "match", "error", "truncated_last_line", "valid_bytes")  # noqa: RUF023

    header: LogHeader | None
    events: list[LogEvent]
    """The valid events, in order."""
    match: Match | None
    """The state after the valid events (``None`` without a valid header)."""
    error: LogError | None
    truncated_last_line: bool
    """The error is a last line cut short (no newline, not parseable)."""
    valid_bytes: int
    """Byte length of the valid prefix of the file."""

    def __init__(
        self,
        header: LogHeader | None,
        events: list[LogEvent] | None = None,
        match: Match | None = None,
        error: LogError | None = None,
        truncated_last_line: bool = False,
        valid_bytes: int = 0,
    ) -> None:
        self.header = header
        self.events = [] if events is None else events
        self.match = match
        self.error = error
        self.truncated_last_line = truncated_last_line
        self.valid_bytes = valid_bytes

    @property
    def valid(self) -> bool:
        return self.error is None

    @property
    def can_continue(self) -> bool:
        """Whether a match could be taken up from this log (``continuable``)."""
        return continuable(self.header, self.error, self.truncated_last_line)


def continuable(header: LogHeader | None, error: LogError | None, truncated_last_line: bool) -> bool:
    """Whether a log's match could be taken up from it: a header, and no error
    but a torn last line (which resuming cuts off). A log damaged before its
    end is only replayed, never continued."""
    return header is not None and (error is None or truncated_last_line)


def check_limits(data: bytes) -> None:
    """``LogFileError`` for a log too large to read (the limits are the format's)."""
    if len(data) > MAX_LOG_BYTES:
        raise LogFileError(
            Deferred(
                N_("the file is {size:.1f} MB; a match log over {limit} MB is refused rather than read"),
                size=len(data) / 1_000_000,
                limit=MAX_LOG_BYTES // 1_000_000,
            )
        )
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    if lines > MAX_LOG_LINES:
        raise LogFileError(
            Deferred(
                N_("the file has {lines:,} lines; a match log over {limit:,} lines is refused"),
                lines=lines,
                limit=MAX_LOG_LINES,
            )
        )


# ---------------------------------------------------------------- the fold


class Reading(Enum):
    """What a visitor's hook answers: read on (``None`` says the same) or stop."""

    GO_ON = "go on"
    STOP = "stop"


class LogVisitor(Generic[ResultT]):
    """What ``read_log`` tells as it folds a log. The ``match`` a hook gets
    is the live state of the fold: read it, copy it to keep it, never change
    it (and never raise ``LineError``: that is a bad line's). Every hook may
    be left out; ``result`` is what ``read_log`` returns."""

    def visit_header(self, header: LogHeader, match: Match) -> Reading | None:
        """The header is valid; ``match`` is the state before any event."""
        return None

    def visit_event(self, event: LogEvent, match: Match) -> Reading | None:
        """A valid event; ``match`` is the state just after it."""
        return None

    def visit_error(self, error: LogError, truncated_last_line: bool) -> None:
        """The first bad line, where reading stops (``truncated_last_line``:
        a last line cut short by an interrupted write)."""

    def visit_end(self, valid_bytes: int) -> None:
        """Reading is over (at the end, at an error, or stopped): the lines
        read and valid span the first ``valid_bytes`` bytes."""

    def result(self) -> ResultT:
        raise NotImplementedError


def read_log(data: bytes, visitor: LogVisitor[ResultT]) -> ResultT:
    """Fold a whole log held in memory into ``visitor``; its result.
    ``LogFileError`` if the log is too large to read."""
    check_limits(data)
    _fold_lines(data, visitor)
    return visitor.result()


def read_log_file(path: Path | str, visitor: LogVisitor[ResultT]) -> ResultT:
    """``read_log`` of a file; ``LogFileError`` if it cannot be read or is too large."""
    data = read_log_bytes(path)
    try:
        return read_log(data, visitor)
    except LogFileError as error:
        raise LogFileError(_located(path, error)) from None


def _located(path: Path | str, error: Exception) -> Deferred:
    """The message of ``error`` after the path it is about."""
    return Deferred("{path}: {message}", path=str(path), message=message_of(error))


def fold_events(
    header: LogHeader | None, events: Iterable[LogEvent], visitor: LogVisitor[ResultT]
) -> ResultT:
    """The fold of events already read and checked (a ``Replay``'s), into
    another visitor; nothing is visited without a header."""
    if header is not None:
        fold = _Fold(visitor, header)
        if fold.reading is not Reading.STOP:
            for event in events:
                if fold.event(event) is Reading.STOP:
                    break
    return visitor.result()


class _Fold:
    """The fold itself: a header starts the match, each event is applied to
    it (``apply_event``), and the visitor is told of each."""

    def __init__(self, visitor: LogVisitor[ResultT], header: LogHeader) -> None:
        self.visitor: LogVisitor[ResultT] = visitor
        self.match = Match(header.rules, header.first_dealer)
        self.reading = visitor.visit_header(header, self.match)
        """What the visitor answered to the header."""

    def event(self, event: LogEvent) -> Reading | None:
        """Apply one event (``LineError`` if it may not happen now) and tell the visitor."""
        apply_event(self.match, event)
        return self.visitor.visit_event(event, self.match)


# A decision line is one of few texts (a card played by a seat, a
# proposal...), met again and again in a log and across logs: one read
# before is not parsed again. Parsing depends on the line's bytes alone, so
# the same bytes give the same event (at another line), which the rules
# then check afresh. Only well-formed lines are kept, and no deal (each deck
# is new).
_DECISIONS_READ: dict[bytes, tuple[EventType, int | None, Action | None, None, None, str | None]] = {}
_DECISIONS_KEPT = 20_000
"""At most this many lines are kept; then the memory starts afresh."""
_DECISION_LINE_KEPT = 200
"""Longest line kept, in bytes (a decision is written in under 100), so that
the memory never holds more than 4 MB of lines, whatever the logs hold."""


def _remember_decision(line: bytes, event: LogEvent) -> None:
    if len(line) > _DECISION_LINE_KEPT:
        return
    if len(_DECISIONS_READ) >= _DECISIONS_KEPT:
        _DECISIONS_READ.clear()
    _DECISIONS_READ[line] = (event.type, event.player, event.action, None, None, event.opponent)


def _fold_lines(data: bytes, visitor: LogVisitor[ResultT]) -> None:
    if not data:
        visitor.visit_error(
            LogError(1, Deferred(N_("the file is empty: a match log starts with a header line"))), False
        )
        visitor.visit_end(0)
        return
    if data.startswith(_BOM):
        visitor.visit_error(
            LogError(
                1,
                Deferred(
                    N_("the file starts with a byte order mark (BOM): a match log is UTF-8 text without one")
                ),
            ),
            False,
        )
        visitor.visit_end(0)
        return
    fold: _Fold | None = None
    valid_bytes = 0  # also where the line being read starts: reading stops at a bad line
    # Only "\n" ends a line ("\r\n" is accepted); a final newline does not
    # start another line.
    lines = data.split(b"\n")
    ends_with_newline = not lines[-1]
    if ends_with_newline:
        lines.pop()
    for number, raw in enumerate(lines, 1):
        has_newline = ends_with_newline or number < len(lines)
        line = raw[:-1] if has_newline and raw.endswith(b"\r") else raw
        try:
            if fold is None:
                fold = _Fold(visitor, parse_header(parse_json_object(line)))
                reading = fold.reading
            else:
                known = _DECISIONS_READ.get(line)
                if known is None:
                    event = parse_event(parse_json_object(line), number)
                    if event.type is not DEAL:
                        _remember_decision(line, event)
                else:
                    event = LogEvent(number, *known)
                reading = fold.event(event)
        except (LineError, RecursionError) as error:
            message = (
                message_of(error)
                if isinstance(error, LineError)
                else Deferred(N_("the JSON is nested too deeply"))
            )
            truncated = not has_newline and _is_cut_short(line)
            if truncated:
                message = Deferred(
                    N_("the last line is cut short (no newline at its end, and not complete JSON): {error}"),
                    error=message,
                )
            visitor.visit_error(LogError(number, message), truncated)
            break
        valid_bytes += len(raw) + has_newline
        if reading is Reading.STOP:
            break
    visitor.visit_end(valid_bytes)


class ReplayBuilder(LogVisitor[Replay]):
    """The whole log as a ``Replay``: header, valid events, final state, error."""

    def __init__(self) -> None:
        self.replay = Replay(header=None)

    def visit_header(self, header: LogHeader, match: Match) -> None:
        self.replay.header = header
        self.replay.match = match

    def visit_event(self, event: LogEvent, match: Match) -> None:
        self.replay.events.append(event)

    def visit_error(self, error: LogError, truncated_last_line: bool) -> None:
        self.replay.error = error
        self.replay.truncated_last_line = truncated_last_line

    def visit_end(self, valid_bytes: int) -> None:
        self.replay.valid_bytes = valid_bytes

    def result(self) -> Replay:
        return self.replay


class LogEnd(Record):
    """Where a log leads, without its events: what resuming needs."""

    # In the constructor's order, not sorted: ``__eq__`` and ``__repr__`` follow it.
    __slots__ = ("header", "match", "events", "error", "truncated_last_line", "valid_bytes", "torn_path")  # noqa: RUF023

    header: LogHeader | None
    match: Match | None
    """The state after the valid events (``None`` without a valid header)."""
    events: int
    """How many valid events there are."""
    error: LogError | None
    truncated_last_line: bool
    valid_bytes: int
    torn_path: Path | None
    """Where ``resume_log`` kept a torn last line it cut off (else ``None``)."""

    def __init__(
        self,
        header: LogHeader | None = None,
        match: Match | None = None,
        events: int = 0,
        error: LogError | None = None,
        truncated_last_line: bool = False,
        valid_bytes: int = 0,
        torn_path: Path | None = None,
    ) -> None:
        self.header = header
        self.match = match
        self.events = events
        self.error = error
        self.truncated_last_line = truncated_last_line
        self.valid_bytes = valid_bytes
        self.torn_path = torn_path

    @property
    def can_continue(self) -> bool:
        """Whether a match could be taken up from this log (``continuable``)."""
        return continuable(self.header, self.error, self.truncated_last_line)


class EndState(LogVisitor[LogEnd]):
    """The state a log ends in (``LogEnd``), keeping no events."""

    def __init__(self) -> None:
        self.end = LogEnd()

    def visit_header(self, header: LogHeader, match: Match) -> None:
        self.end.header = header
        self.end.match = match

    def visit_event(self, event: LogEvent, match: Match) -> None:
        self.end.events += 1

    def visit_error(self, error: LogError, truncated_last_line: bool) -> None:
        self.end.error = error
        self.end.truncated_last_line = truncated_last_line

    def visit_end(self, valid_bytes: int) -> None:
        self.end.valid_bytes = valid_bytes

    def result(self) -> LogEnd:
        return self.end


class EveryState(LogVisitor[list[Match]]):
    """A copy of the state before the first event and after each one: for
    short logs (the replay viewer keeps one per deal instead)."""

    def __init__(self) -> None:
        self.states: list[Match] = []

    def visit_header(self, header: LogHeader, match: Match) -> None:
        self.states.append(match.copy())

    def visit_event(self, event: LogEvent, match: Match) -> None:
        self.states.append(match.copy())

    def result(self) -> list[Match]:
        return self.states


def replay_states(replay: Replay) -> list[Match]:
    """``EveryState`` of a replayed log; empty without a valid header."""
    return fold_events(replay.header, replay.events, EveryState())


def replay_bytes(data: bytes) -> Replay:
    """Replay a whole log held in memory; ``LogFileError`` if it is too large."""
    return read_log(data, ReplayBuilder())


def _is_cut_short(raw: bytes) -> bool:
    """Whether a last line without newline looks like a write cut short: text
    that is not whole JSON (a complete JSON value that breaks the format is
    an ordinary bad line), whose only flaw as UTF-8 is an unfinished
    character at its very end. Bytes that are not UTF-8 elsewhere are not a
    torn write."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return error.end == len(raw) and error.reason == "unexpected end of data"
    return not is_whole_json(text)


def read_log_bytes(path: Path | str) -> bytes:
    """The bytes of a log file, refusing one too large before reading it,
    and anything that is not a regular file (a FIFO, ``/dev/zero``, a
    folder, a link loop) at once, without blocking (``ecarte.safefile``)."""
    try:
        return read_regular_file(path, MAX_LOG_BYTES, what="the file")
    except FileRefused as error:
        reason = error.reason
        if reason.startswith("the file is"):
            reason = Deferred(
                N_("{reason} (a match log over that size is refused rather than read)"), reason=reason
            )
        raise LogFileError(Deferred("{path}: {message}", path=str(path), message=reason)) from None


def replay_file(path: Path | str) -> Replay:
    """Replay a log file; ``LogFileError`` if it cannot be read or is too large."""
    return read_log_file(path, ReplayBuilder())


# ---------------------------------------------------------------- one event


def apply_event(match: Match, event: LogEvent) -> None:
    """Fold one event into the match, or ``LineError`` naming the rule it
    breaks (and leaving the match as it was)."""
    if event.type == DEAL:
        _apply_deal(match, event)
        return
    if match.is_over:
        raise LineError(
            Deferred(
                N_("{event}: the match is over (seat {winner} won it), so the log must end here"),
                event=event.describe(),
                winner=match.winner,
            )
        )
    seat = match.current_player
    if seat is None and not match.deals:
        raise LineError(
            Deferred(
                N_("{event}: no deal has begun; expected a 'deal' event after the header"),
                event=event.describe(),
            )
        )
    if seat is None:
        raise LineError(
            Deferred(
                N_("{event}: the deal is over; expected a 'deal' event for the next deal"),
                event=event.describe(),
            )
        )
    # A king out of turn is left to the engine, which says when the king may
    # be announced; any other decision out of turn is refused here.
    if event.player != seat and event.type != EventType.KING:
        raise LineError(
            Deferred(
                N_("{event}: it is seat {seat}'s turn, not seat {player}'s; {expected}"),
                event=event.describe(),
                seat=seat,
                player=event.player,
                expected=match.expected(),
            )
        )
    assert event.action is not None and event.player is not None
    before_first_card = match.phase == TRICKS and not match.tricks and not match.trick
    try:
        match.apply(event.action, event.player)
    except IllegalActionError as error:
        message = Deferred("{event}: {error}", event=event.describe(), error=message_of(error))
        if before_first_card and event.type in (EventType.PLAY, EventType.PROPOSE):
            message = Deferred(
                N_(
                    "{error} (a step with no choice, such as elder's play once the stock is empty, "
                    "is never written)"
                ),
                error=message,
            )
        raise LineError(message) from None


def _apply_deal(match: Match, event: LogEvent) -> None:
    if match.is_over:
        raise LineError(
            Deferred(
                N_("a new deal: the match is over (seat {winner} won it), so the log must end here"),
                winner=match.winner,
            )
        )
    if match.current_player is not None:
        raise LineError(
            Deferred(
                N_("a new deal while the current deal is in progress; {expected}"), expected=match.expected()
            )
        )
    expected = match.next_dealer
    if event.dealer != expected:
        if not match.deals:
            why = N_("the header's first_dealer")
        elif match.deals[-1].ended_game is not None:
            why = N_("the loser of the last game deals first in the next")
        else:
            why = N_("the deal alternates")
        raise LineError(
            Deferred(
                N_("'dealer' must be seat {expected} ({why}); found seat {found}"),
                expected=expected,
                why=Deferred(why),
                found=event.dealer,
            )
        )
    assert event.deck is not None
    try:
        match.deal(event.deck)
    except DealError as error:
        raise LineError(Deferred(N_("a new deal: {error}"), error=message_of(error))) from None


# ---------------------------------------------------------------- resuming


def resume_log(path: Path) -> tuple[LogEnd, LogWriter]:
    """Reopen a log to continue its match: where it ends, and a writer
    appending to it. A torn last line (a write cut short by a crash) is
    saved to ``<path>.torn`` and cut off; any other problem raises
    ``LogFileError`` and leaves the file untouched."""
    data = read_log_bytes(path)
    try:
        end = read_log(data, EndState())
    except LogFileError as error:
        raise LogFileError(_located(path, error)) from None
    if end.header is None:
        message = end.error.message if end.error else Deferred(N_("no header"))
        raise LogFileError(_cannot_continue(path, 1, message))
    if end.error is not None:
        if not end.truncated_last_line:
            raise LogFileError(_cannot_continue(path, end.error.line, end.error.message))
        end.torn_path = _save_torn(path, data[end.valid_bytes :])
        try:
            os.truncate(path, end.valid_bytes)
        except OSError as error:
            raise _os_failure(N_("{path}: cannot cut off the torn last line: {error}"), path, error) from None
        # What remains is the valid prefix, whose state the fold already holds.
        end.error = None
    try:
        writer = LogWriter.append(path)
    except OSError as error:
        raise _os_failure(N_("{path}: cannot open for writing: {error}"), path, error) from None
    return end, writer


def _os_failure(template: str, path: Path, error: OSError) -> LogFileError:
    """A ``LogFileError`` saying what could not be done to ``path`` and the
    system's reason (``template`` has ``{path}`` and ``{error}``)."""
    return LogFileError(Deferred(template, path=str(path), error=str(error.strerror or error)))


def _cannot_continue(path: Path, line: int, message: str) -> Deferred:
    return Deferred(
        N_("{path}: cannot continue this log: line {line}: {error}"), path=str(path), line=line, error=message
    )


def _save_torn(path: Path, torn: bytes) -> Path:
    """Keep the torn bytes beside the log, never overwriting an earlier save."""
    candidate = path.with_name(path.name + ".torn")
    number = 1
    while True:
        try:
            file = open(candidate, "xb")  # noqa: SIM115 (removed below if the write fails)
        except FileExistsError:
            number += 1
            candidate = path.with_name(f"{path.name}.torn.{number}")
            continue
        except OSError as error:
            raise _os_failure(
                N_("{path}: cannot save the torn last line: {error}"), candidate, error
            ) from None
        try:
            with file:
                file.write(torn)
                file.flush()
                os.fsync(file.fileno())
        except OSError as error:
            # A full disk: no empty .torn left to be mistaken for the save
            # (the next try, with room, wrote .torn.2 beside it).
            with contextlib.suppress(OSError):
                os.unlink(candidate)
            raise _os_failure(
                N_("{path}: cannot save the torn last line: {error}"), candidate, error
            ) from None
        return candidate
