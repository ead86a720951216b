"""One line of a match log: parse it, check its shape, say what is wrong.

This module knows the *shape* of the format (``docs/log-format.md``): JSON
Lines, a header, events with typed fields. Whether an event is allowed at
its moment is the engine's business (``reader`` folds events through
``Match``). Every problem is a ``LineError`` whose message says what was
expected and what was found, for a player to read.

``LogHeader``, ``LogEvent`` and ``LogError`` are plain classes, not
dataclasses, and ``typing`` is imported for the type checker only: ``ecarte
check`` loads this module, and importing ``dataclasses`` (which brings
``inspect``) and ``typing``, and making the dataclasses, was a third of its
start-up beyond the bare interpreter's (``python benchmarks/startup.py``).
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum

from ecarte.engine import Action, ActionError, Card, CardError, Rules, RulesError, deck_string, parse_deck
from ecarte.engine.actions import kind_of
from ecarte.engine.quoting import shorten
from ecarte.i18n import N_, Deferred, message_of
from ecarte.records import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from typing import Any

FORMAT_NAME = "ecarte-log"
FORMAT_VERSION = 1

MAX_LOG_BYTES = 10_000_000
"""Logs larger than this (10 MB) are refused rather than read."""
MAX_LOG_LINES = 100_000

HEADER_KEYS = ("format", "version", "players", "first_dealer", "rules")


class EventType(StrEnum):
    """The ``type`` of a log line after the header: a deal (chance) or one of
    the decisions, spelled as the action it records. Not the engine's
    ``Phase``, though ``deal`` is spelled alike in both."""

    DEAL = "deal"
    PROPOSE = "propose"
    PLAY = "play"
    ACCEPT = "accept"
    REFUSE = "refuse"
    DISCARD = "discard"
    KING = "king"
    CARD = "card"


DEAL = EventType.DEAL
EVENT_TYPES: tuple[EventType, ...] = tuple(EventType)
_EVENT_TYPE_NAMED: dict[str, EventType] = {str(kind): kind for kind in EventType}

MAX_NESTING = 100
"""Deepest JSON nesting accepted in a line. Real lines nest 3 deep; a limit
far below Python's recursion limit keeps every later step (messages,
``json.dumps`` of header extras) safe."""
TOO_DEEP = Deferred(N_("the JSON is nested too deeply (more than {count} levels)"), count=MAX_NESTING)

MAX_INT_DIGITS = 4300
"""Longest integer read: Python's own default limit for reading integers."""

# PYTHONINTMAXSTRDIGITS (or -X int_max_str_digits) may set Python's limit
# lower, which would refuse a log this reader promises to read; a higher
# limit, or none (0), is left alone: MAX_INT_DIGITS is checked here.
if 0 < sys.get_int_max_str_digits() < MAX_INT_DIGITS:
    sys.set_int_max_str_digits(MAX_INT_DIGITS)

_JSON_WHITESPACE = " \t\r\n"
"""The only characters JSON counts as blank (not U+00A0, not U+001C)."""


class LineError(ValueError):
    """A line that is not what the format allows; the message says why (a
    ``Deferred`` text: ``message_of`` keeps it, to be shown translated)."""


class LogHeader(Record):
    """A valid header line: who plays, who deals first, the rules."""

    __slots__ = ("players", "first_dealer", "rules", "extra")  # noqa: RUF023 (the constructor's order)

    players: tuple[str, str]
    first_dealer: int
    rules: Rules
    extra: dict[str, Any]
    """Header keys the format does not name (the AI's levels, a time...)."""

    def __init__(
        self,
        players: tuple[str, str],
        first_dealer: int,
        rules: Rules,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.players = players
        self.first_dealer = first_dealer
        self.rules = rules
        self.extra = {} if extra is None else extra

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "rules": self.rules.to_dict(),
            **self.extra,
        }


class LogEvent(Record):
    """A valid event line: a deal (``dealer``, ``deck``) or a decision
    (``player``, ``action``)."""

    # In the constructor's order, not sorted: ``__eq__`` and ``__repr__`` follow it.
    __slots__ = ("line", "type", "player", "action", "dealer", "deck", "opponent")  # noqa: RUF023

    line: int
    type: EventType
    player: int | None
    action: Action | None
    dealer: int | None
    deck: tuple[Card, ...] | None
    opponent: str | None
    """A decision's ``opponent`` key, a key the rules ignore: the app's
    level that plays this seat from this decision on (``log.opponents``)."""

    def __init__(
        self,
        line: int,
        type: EventType,
        player: int | None = None,
        action: Action | None = None,
        dealer: int | None = None,
        deck: tuple[Card, ...] | None = None,
        opponent: str | None = None,
    ) -> None:
        self.line = line
        self.type = type
        self.player = player
        self.action = action
        self.dealer = dealer
        self.deck = deck
        self.opponent = opponent

    def to_json(self) -> dict[str, Any]:
        if self.type == DEAL:
            assert self.deck is not None
            return {"type": DEAL, "dealer": self.dealer, "deck": deck_string(self.deck)}
        assert self.action is not None
        obj = decision_json(self.player, self.action)
        if self.opponent is not None:
            obj["opponent"] = self.opponent
        return obj

    def describe(self) -> str:
        """The event in a few words, to prefix an error: ``card 8S by seat 0``."""
        if self.type == DEAL:
            return Deferred(N_("deal by seat {seat}"), seat=self.dealer)
        return Deferred(N_("{action} by seat {seat}"), action=str(self.action), seat=self.player)


class LogError(Record):
    """The first bad line of a log, and what is wrong with it."""

    __slots__ = ("line", "message")

    line: int
    """1-based number of the first bad line."""
    message: str

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message


def decision_json(player: int | None, action: Action) -> dict[str, Any]:
    """A decision event: the protocol's action with the deciding seat."""
    shape = action.to_json()
    return {"type": shape.pop("type"), "player": player, **shape}


# ---------------------------------------------------------------- JSON text


class JsonTextError(ValueError):
    """Text that is not acceptable JSON; the message says why, for a person."""


class _RefusedValue(ValueError):
    # Raised by the parser's hooks; never confused with other ValueErrors.
    pass


def _reject_constant(name: str) -> Any:
    raise _RefusedValue(Deferred(N_("not valid JSON: {name} is not a JSON number"), name=name))


def _bounded_int(text: str) -> int:
    # Python refuses to read longer integers, with advice meant for programmers.
    digits = len(text) - text.startswith("-")
    if digits > MAX_INT_DIGITS:
        raise _RefusedValue(
            Deferred(
                N_("not valid JSON: an integer of {digits:,} digits (at most {count:,} are read)"),
                digits=digits,
                count=MAX_INT_DIGITS,
            )
        )
    return int(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # A key given twice is ambiguous (which one counts?), so it is refused.
    # dict() does the work in C; the loop only runs to name the repeated key.
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RefusedValue(
                    Deferred(N_("the key {key} appears twice in one object"), key=shorten(key))
                )
            seen.add(key)
    return result


# Made once: json.loads with hooks builds a decoder on every call. A text of
# at most MAX_INT_DIGITS characters cannot hold a longer integer, so it is
# read with the C parser's own int (no Python call per integer); a longer
# text has the length of every integer checked.
_DECODER = json.JSONDecoder(parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
_LONG_TEXT_DECODER = json.JSONDecoder(
    parse_constant=_reject_constant, parse_int=_bounded_int, object_pairs_hook=_unique_keys
)


_JSON_FAULTS = {
    "Expecting value": N_("not valid JSON: a value was expected at column {column}"),
    "Expecting property name enclosed in double quotes": N_(
        "not valid JSON: a key in double quotes was expected at column {column}"
    ),
    "Expecting ':' delimiter": N_("not valid JSON: ':' was expected at column {column}"),
    "Expecting ',' delimiter": N_("not valid JSON: ',' was expected at column {column}"),
    "Invalid control character at": N_(
        "not valid JSON: a control character inside a string at column {column}"
    ),
    "Invalid \\escape": N_("not valid JSON: a backslash that escapes nothing known at column {column}"),
    "Invalid \\uXXXX escape": N_(
        "not valid JSON: a unicode escape without four hex digits at column {column}"
    ),
    "Unterminated string starting at": N_("not valid JSON: a string that never ends, from column {column}"),
    "Extra data": N_("not valid JSON: more after the value, at column {column}"),
    # Python 3.13's words for a comma before a closing bracket:
    "Illegal trailing comma before end of object": N_(
        "not valid JSON: a comma before '}' at column {column}"
    ),
    "Illegal trailing comma before end of array": N_("not valid JSON: a comma before ']' at column {column}"),
}
"""Python's JSON parser's messages in our words, so that they can be
translated; a message not listed here is quoted as Python gives it."""


def _json_fault(error: json.JSONDecodeError) -> Deferred:
    template = _JSON_FAULTS.get(error.msg)
    if template is not None:
        return Deferred(template, column=error.colno)
    # Some messages already end in "at" ("Unterminated string starting at").
    where = (
        N_("not valid JSON: {error} column {column}")
        if error.msg.endswith(" at")
        else N_("not valid JSON: {error} at column {column}")
    )
    return Deferred(where, error=error.msg, column=error.colno)


def load_json(text: str) -> Any:
    """``json.loads`` for text from outside (a log line, a bot's answer, a
    host's message): never a ``RecursionError`` or a message meant for
    programmers, only ``JsonTextError``. Refuses NaN and Infinity, a key
    given twice in one object, an integer of more than ``MAX_INT_DIGITS``
    digits, and nesting deeper than ``MAX_NESTING``."""
    if text.startswith("\ufeff"):
        raise JsonTextError(Deferred(N_("not valid JSON: a byte order mark (U+FEFF) at column 1")))
    decoder = _DECODER if len(text) <= MAX_INT_DIGITS else _LONG_TEXT_DECODER
    try:
        value = decoder.decode(text)
    except json.JSONDecodeError as error:
        raise JsonTextError(_json_fault(error)) from None
    except _RefusedValue as error:
        raise JsonTextError(message_of(error)) from None
    except RecursionError:
        raise JsonTextError(TOO_DEEP) from None
    except ValueError as error:
        raise JsonTextError(Deferred(N_("not valid JSON: {error}"), error=str(error))) from None
    # Each level opens with a bracket, so a text with at most MAX_NESTING
    # opening brackets (those inside strings count too: never too few)
    # cannot be too deep, and is not walked.
    if text.count("[") + text.count("{") > MAX_NESTING and _too_deep(value):
        raise JsonTextError(TOO_DEEP)
    return value


def _any_value(_: Any) -> None:
    return None


# Syntax only: reads any integer, any key twice, without building anything.
_SYNTAX_DECODER = json.JSONDecoder(
    parse_constant=_reject_constant, parse_int=_any_value, object_pairs_hook=_any_value
)


def is_whole_json(text: str) -> bool:
    """Whether the text is one complete JSON value, whatever this reader's
    limits (nesting, digits, a key twice): a write cut short never is. Too
    deep for Python's parser, only its brackets are matched: such a line is
    invalid anyway, and whether it is whole only chooses the message."""
    try:
        _SYNTAX_DECODER.decode(text)
    except RecursionError:
        return _brackets_close(text)
    except ValueError:  # not JSON, NaN or Infinity
        return False
    return True


def _brackets_close(text: str) -> bool:
    # Iterative: counts brackets outside strings, as a parser would nest them.
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    return depth == 0 and not in_string and text.strip(_JSON_WHITESPACE)[-1:] in ("]", "}")


def parse_json_object(raw: bytes) -> dict[str, Any]:
    """One line's bytes (without its ``\\n``) as a JSON object, or ``LineError``."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LineError(
            Deferred(
                N_("not UTF-8 text: byte 0x{byte:02x} at column {column} (a match log is UTF-8 text)"),
                byte=raw[error.start],
                column=error.start + 1,
            )
        ) from None
    if not text.strip(_JSON_WHITESPACE):
        raise LineError(
            Deferred(
                N_("a blank line: every line must be one JSON object (only the file's end may be a newline)")
            )
        )
    try:
        value = load_json(text)
    except JsonTextError as error:
        message = message_of(error)
        raise LineError(
            Deferred(N_("not a match log line: {error}"), error=message) if message == TOO_DEEP else message
        ) from None
    if not isinstance(value, dict):
        raise LineError(
            Deferred(N_("each line must be a JSON object {{...}}; found {found}"), found=kind_of(value))
        )
    return value


def _too_deep(value: Any) -> bool:
    # Iterative, so that checking cannot itself recurse too deeply.
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_NESTING:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def is_int(value: Any) -> bool:
    """A JSON integer: not ``true``, not ``1.0``."""
    return type(value) is int


# ---------------------------------------------------------------- header


def parse_header(obj: dict[str, Any]) -> LogHeader:
    found_format = obj.get("format", _MISSING)
    if found_format != FORMAT_NAME or not isinstance(found_format, str):
        found = (
            Deferred(N_("no 'format'"))
            if found_format is _MISSING
            else Deferred(N_("'format' {value}"), value=kind_of(found_format))
        )
        raise LineError(
            Deferred(
                N_('line 1 must be a match log header with "format": "{name}"; found {found}'),
                name=FORMAT_NAME,
                found=found,
            )
        )
    version = obj.get("version", _MISSING)
    if version is _MISSING:
        raise LineError(
            Deferred(N_("the header needs 'version' ({version}); found none"), version=FORMAT_VERSION)
        )
    if not is_int(version):
        raise LineError(
            Deferred(
                N_("the header's 'version' must be the integer {version}; found {found}"),
                version=FORMAT_VERSION,
                found=kind_of(version),
            )
        )
    if version != FORMAT_VERSION:
        raise LineError(
            Deferred(
                N_("this is a version {found} log; this ecarte reads version {version}"),
                found=shorten(version),
                version=FORMAT_VERSION,
            )
        )
    players = obj.get("players", _MISSING)
    if players is _MISSING:
        raise LineError(Deferred(N_("the header needs 'players', the two players' names; found none")))
    if not isinstance(players, list):
        raise LineError(_players_error(Deferred(N_("found {found}"), found=kind_of(players))))
    if len(players) != 2:
        found = Deferred(
            N_("found 1 name") if len(players) == 1 else N_("found {count} names"), count=len(players)
        )
        raise LineError(_players_error(found))
    for seat, name in enumerate(players):
        if not isinstance(name, str):
            raise LineError(
                _players_error(Deferred(N_("found {found} for seat {seat}"), found=kind_of(name), seat=seat))
            )
        if not name:
            raise LineError(_players_error(Deferred(N_("the name of seat {seat} is empty"), seat=seat)))
    first_dealer = obj.get("first_dealer", _MISSING)
    if first_dealer is _MISSING:
        raise LineError(
            Deferred(N_("the header needs 'first_dealer', the seat (0 or 1) of the first dealer; found none"))
        )
    if not is_int(first_dealer) or first_dealer not in (0, 1):
        raise LineError(
            Deferred(
                N_("the header's 'first_dealer' must be 0 or 1; found {found}"), found=kind_of(first_dealer)
            )
        )
    rules_value = obj.get("rules", _MISSING)
    if rules_value is _MISSING:
        raise LineError(
            Deferred(N_("the header needs 'rules', an object of variant settings ({{}} for the defaults)"))
        )
    if not isinstance(rules_value, dict):
        raise LineError(
            Deferred(
                N_("the header's 'rules' must be an object of settings; found {found}"),
                found=kind_of(rules_value),
            )
        )
    try:
        rules = Rules.from_mapping(rules_value)
    except RulesError as error:
        raise LineError(Deferred(N_("the header's rules: {error}"), error=message_of(error))) from None
    extra = {key: value for key, value in obj.items() if key not in HEADER_KEYS}
    return LogHeader(players=(players[0], players[1]), first_dealer=first_dealer, rules=rules, extra=extra)


def _players_error(found: Deferred) -> Deferred:
    return Deferred(
        N_("the header's 'players' must be two non-empty names, seat 0 then seat 1; {found}"), found=found
    )


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING: Any = _Missing()


# ---------------------------------------------------------------- events


def parse_event(obj: dict[str, Any], line: int) -> LogEvent:
    """An event's shape: its type and its fields' types, not its moment."""
    kind = obj.get("type", _MISSING)
    if kind is _MISSING:
        raise LineError(
            Deferred(N_("an event needs 'type', one of: {types}; found none"), types=", ".join(EVENT_TYPES))
        )
    event_type = _EVENT_TYPE_NAMED.get(kind) if isinstance(kind, str) else None
    if event_type is None:
        raise LineError(
            Deferred(
                N_("unknown event type {found}; the types are: {types}"),
                found=kind_of(kind),
                types=", ".join(EVENT_TYPES),
            )
        )
    if event_type is DEAL:
        dealer = _seat_field(obj, "dealer", N_("the dealer's seat"))
        deck_text = obj.get("deck", _MISSING)
        if not isinstance(deck_text, str):
            found = Deferred(N_("none")) if deck_text is _MISSING else kind_of(deck_text)
            raise LineError(
                Deferred(
                    N_("a 'deal' needs 'deck', a string of the 32 card codes; found {found}"), found=found
                )
            )
        try:
            deck = parse_deck(deck_text)
        except CardError as error:
            raise LineError(Deferred(N_("the deal's deck: {error}"), error=message_of(error))) from None
        return LogEvent(line=line, type=DEAL, dealer=dealer, deck=deck)
    player = _seat_field(obj, "player", N_("the seat making the decision"))
    try:
        # The action's fields are checked where a bot's answer is checked.
        action = Action.from_json(obj, what="event")
    except ActionError as error:
        raise LineError(message_of(error)) from None
    # The app's own key, which the rules ignore: any other value is ignored too.
    opponent = obj.get("opponent")
    taking_over = opponent if isinstance(opponent, str) and opponent else None
    return LogEvent(line=line, type=event_type, player=player, action=action, opponent=taking_over)


def _seat_field(obj: dict[str, Any], key: str, meaning: str) -> int:
    value = obj.get(key, _MISSING)
    if value is _MISSING:
        raise LineError(
            Deferred(
                N_("a {type} event needs {key}, {meaning} (0 or 1); found none"),
                type=repr(obj["type"]),
                key=repr(key),
                meaning=Deferred(meaning),
            )
        )
    if not is_int(value) or value not in (0, 1):
        raise LineError(
            Deferred(N_("{key} must be a seat, 0 or 1; found {found}"), key=repr(key), found=kind_of(value))
        )
    seat: int = value
    return seat
