"""Reading a match log: stream its lines, fold the events through the engine.

Replay stops at the first bad line and keeps everything before it: the
valid events, the match state they lead to, and the byte length of that
valid prefix (so a log torn by a crash can be cut back and continued).
The rules themselves are the engine's: a decision is checked by
``Match.apply``, whose message names the rule a bad decision breaks.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ecarte.engine import (
    ANSWER,
    DISCARD_PHASE,
    EXCHANGE,
    TRICKS,
    DealError,
    IllegalActionError,
    Match,
)
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
    parse_event,
    parse_header,
    parse_json_object,
)
from .writer import LogWriter

_BOM = b"\xef\xbb\xbf"


class LogFileError(Exception):
    """A log that cannot be read at all: missing, unreadable, too large, or
    (for ``resume_log``) not a log that can be continued."""


@dataclass(slots=True)
class Replay:
    header: LogHeader | None
    events: list[LogEvent] = field(default_factory=list)
    """The valid events, in order."""
    match: Match | None = None
    """The state after the valid events (``None`` without a valid header)."""
    error: LogError | None = None
    truncated_last_line: bool = False
    """The error is a last line cut short (no newline, not parseable)."""
    valid_bytes: int = 0
    """Byte length of the valid prefix of the file."""

    @property
    def valid(self) -> bool:
        return self.error is None


@dataclass(slots=True)
class RawLine:
    number: int
    """1-based line number."""
    data: bytes
    """The line without its ``\\n`` (and without a ``\\r`` before it)."""
    end: int
    """Byte offset just past this line, its ``\\n`` included."""
    has_newline: bool


def iter_lines(data: bytes) -> Iterator[RawLine]:
    """The lines of a log. Only ``\\n`` ends a line (``\\r\\n`` is accepted);
    a final newline does not start another line."""
    start = 0
    number = 0
    size = len(data)
    while start < size:
        number += 1
        newline = data.find(b"\n", start)
        if newline < 0:
            yield RawLine(number, data[start:], size, False)
            return
        raw = data[start:newline]
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        yield RawLine(number, raw, newline + 1, True)
        start = newline + 1


def check_limits(data: bytes) -> None:
    """``LogFileError`` for a log too large to read (the limits are the format's)."""
    if len(data) > MAX_LOG_BYTES:
        raise LogFileError(
            f"the file is {len(data) / 1_000_000:.1f} MB; a match log over "
            f"{MAX_LOG_BYTES // 1_000_000} MB is refused rather than read"
        )
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    if lines > MAX_LOG_LINES:
        raise LogFileError(
            f"the file has {lines:,} lines; a match log over {MAX_LOG_LINES:,} lines is refused"
        )


def replay_bytes(data: bytes) -> Replay:
    """Replay a whole log held in memory; ``LogFileError`` if it is too large."""
    check_limits(data)
    replay = Replay(header=None)
    if not data:
        replay.error = LogError(1, "the file is empty: a match log starts with a header line")
        return replay
    if data.startswith(_BOM):
        replay.error = LogError(
            1, "the file starts with a byte order mark (BOM): a match log is UTF-8 text without one"
        )
        return replay
    match: Match | None = None
    for raw in iter_lines(data):
        try:
            obj = parse_json_object(raw.data)
            if match is None:
                header = parse_header(obj)
                replay.header = header
                match = Match(header.rules, header.first_dealer)
                replay.match = match
            else:
                event = parse_event(obj, raw.number)
                apply_event(match, event)
                replay.events.append(event)
        except (LineError, RecursionError) as error:
            message = str(error) if isinstance(error, LineError) else "the JSON is nested too deeply"
            if not raw.has_newline and _is_cut_short(raw.data):
                replay.truncated_last_line = True
                message = (
                    f"the last line is cut short (no newline at its end, and not complete JSON): {message}"
                )
            replay.error = LogError(raw.number, message)
            return replay
        replay.valid_bytes = raw.end
    return replay


def _is_cut_short(raw: bytes) -> bool:
    """Whether a last line without newline looks like a write cut short: text
    that does not parse, whose only flaw as UTF-8 is an unfinished character
    at its very end. Bytes that are not UTF-8 elsewhere are not a torn write."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.end != len(raw) or error.reason != "unexpected end of data":
            return False
    return _is_parse_error(raw)


def _is_parse_error(raw: bytes) -> bool:
    try:
        parse_json_object(raw)
    except LineError:
        return True
    return False


def read_log_bytes(path: Path) -> bytes:
    """The bytes of a log file, refusing one too large before reading it,
    and anything that is not a regular file (a FIFO, ``/dev/zero``, a
    folder, a link loop) at once, without blocking (``ecarte.safefile``)."""
    try:
        return read_regular_file(path, MAX_LOG_BYTES, what="the file")
    except FileRefused as error:
        reason = error.reason
        if reason.startswith("the file is"):
            reason += " (a match log over that size is refused rather than read)"
        raise LogFileError(f"{path}: {reason}") from None


def replay_file(path: Path) -> Replay:
    """Replay a log file; ``LogFileError`` if it cannot be read or is too large."""
    data = read_log_bytes(path)
    try:
        return replay_bytes(data)
    except LogFileError as error:
        raise LogFileError(f"{path}: {error}") from None


# ---------------------------------------------------------------- the fold

_EXPECTED = {
    EXCHANGE: "elder to play or propose",
    ANSWER: "the dealer to accept or refuse the proposal",
    DISCARD_PHASE: "a discard",
    TRICKS: "a card",
}


def apply_event(match: Match, event: LogEvent) -> None:
    """Fold one event into the match, or ``LineError`` naming the rule it breaks."""
    if event.type == DEAL:
        _apply_deal(match, event)
        return
    what = event.describe()
    if match.is_over:
        raise LineError(f"{what}: the match is over (seat {match.winner} won it), so the log must end here")
    seat = match.current_player
    if seat is None:
        raise LineError(f"{what}: the deal is over; expected a 'deal' event for the next deal")
    # A king out of turn is left to the engine, which says when the king may
    # be announced; any other decision out of turn is refused here.
    if event.player != seat and event.type != EventType.KING:
        raise LineError(f"{what}: it is seat {seat}'s turn ({_expecting(match)}), not seat {event.player}'s")
    assert event.action is not None and event.player is not None
    before_first_card = match.phase == TRICKS and not match.tricks and not match.trick
    try:
        match.apply(event.action, event.player)
    except IllegalActionError as error:
        message = f"{what}: {error}"
        if before_first_card and event.type in (EventType.PLAY, EventType.PROPOSE):
            message += (
                " (a step with no choice, such as elder's play once the stock is empty, is never written)"
            )
        raise LineError(message) from None


def _apply_deal(match: Match, event: LogEvent) -> None:
    if match.is_over:
        raise LineError(
            f"a new deal: the match is over (seat {match.winner} won it), so the log must end here"
        )
    if match.current_player is not None:
        raise LineError(f"a new deal while the current deal is in progress; expected {_expecting(match)}")
    expected = match.next_dealer
    if event.dealer != expected:
        if not match.deals:
            why = "the header's first_dealer"
        elif match.deals[-1].ended_game is not None:
            why = "the loser of the last game deals first in the next"
        else:
            why = "the deal alternates"
        raise LineError(f"'dealer' must be seat {expected} ({why}); found seat {event.dealer}")
    assert event.deck is not None
    try:
        match.deal(event.deck)
    except DealError as error:
        raise LineError(f"a new deal: {error}") from None


def _expecting(match: Match) -> str:
    seat = match.current_player
    if match.phase == TRICKS and match.can_announce():
        return f"seat {seat} to play a card or announce the king"
    if match.phase == TRICKS:
        return f"seat {seat} to play a card"
    return _EXPECTED.get(match.phase, match.phase)


# ---------------------------------------------------------------- uses


def replay_states(replay: Replay) -> list[Match]:
    """The state before the first event and after each valid event, for
    stepping through a match; empty without a valid header."""
    if replay.header is None:
        return []
    match = Match(replay.header.rules, replay.header.first_dealer)
    states = [match.copy()]
    for event in replay.events:
        apply_event(match, event)
        states.append(match.copy())
    return states


def resume_log(path: Path) -> tuple[Replay, LogWriter]:
    """Reopen a log to continue its match. A torn last line (a write cut
    short by a crash) is saved to ``<path>.torn`` and cut off; any other
    problem raises ``LogFileError`` and leaves the file untouched."""
    replay = replay_file(path)
    if replay.header is None:
        message = replay.error.message if replay.error else "no header"
        raise LogFileError(f"{path}: cannot continue this log: line 1: {message}")
    if replay.error is not None:
        if not replay.truncated_last_line:
            raise LogFileError(
                f"{path}: cannot continue this log: line {replay.error.line}: {replay.error.message}"
            )
        data = read_log_bytes(path)
        _save_torn(path, data[replay.valid_bytes :])
        try:
            os.truncate(path, replay.valid_bytes)
        except OSError as error:
            raise LogFileError(
                f"{path}: cannot cut off the torn last line: {error.strerror or error}"
            ) from None
        replay = replay_file(path)
        if replay.error is not None:  # pragma: no cover - the valid prefix replays as before
            raise LogFileError(f"{path}: line {replay.error.line}: {replay.error.message}")
    try:
        writer = LogWriter.append(path)
    except OSError as error:
        raise LogFileError(f"{path}: cannot open for writing: {error.strerror or error}") from None
    return replay, writer


def _save_torn(path: Path, torn: bytes) -> Path:
    """Keep the torn bytes beside the log, never overwriting an earlier save."""
    candidate = path.with_name(path.name + ".torn")
    number = 1
    while True:
        try:
            with open(candidate, "xb") as file:
                file.write(torn)
                file.flush()
                os.fsync(file.fileno())
            return candidate
        except FileExistsError:
            number += 1
            candidate = path.with_name(f"{path.name}.torn.{number}")
        except OSError as error:
            raise LogFileError(
                f"{candidate}: cannot save the torn last line: {error.strerror or error}"
            ) from None
