"""A value from outside (a log line, a bot's answer, a settings file, a
command line) quoted in a message, cut to a readable length: whatever a file
holds, the message that names it must fit on a screen. A log line may hold a
card code of three million letters; the message quotes its first few dozen."""

from __future__ import annotations

import datetime
import functools
import json

from ecarte.i18n import N_, Deferred

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

SHOWN_LENGTH = 60
"""How much of a bad value a message quotes: enough to recognise it."""


def shorten(value: Any, *, ascii_only: bool = True) -> str:
    """A value quoted as JSON (``"KS"``, ``[1, 2]``, ``true``), cut to
    ``SHOWN_LENGTH``: as a log line or a settings file writes it. A TOML
    date or time is written as TOML writes it (``1979-05-27``), not as a
    text; another value JSON cannot write, as Python writes it. With
    ``ascii_only`` off, letters beyond ASCII stay as they are ("Åsa", not
    "\u00c5sa"): the caller then makes the text safe to print."""
    quote = functools.partial(json.dumps, ensure_ascii=ascii_only)
    if isinstance(value, str) and len(value) > SHOWN_LENGTH:
        return _cut_string(value, quote)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    try:
        text = quote(value)
    except RecursionError:
        text = "a deeply nested value"
    except (TypeError, ValueError):
        text = repr(value)
    return _cut(text)


def quoted(value: Any) -> str:
    """A value as Python writes it (``'KS'``, ``None``), cut to ``SHOWN_LENGTH``."""
    if isinstance(value, str) and len(value) > SHOWN_LENGTH:
        return _cut_string(value, repr)
    try:
        text = repr(value)
    except RecursionError:
        return "a deeply nested value"
    return _cut(text)


def cut_word(word: str) -> str:
    """A long word as messages show it: its start, its end and its length."""
    return _start_and_end(word[:24], word[-8:], len(word))


def _cut(text: str) -> str:
    return text if len(text) <= SHOWN_LENGTH else cut_word(text)


def _cut_string(value: str, quote: Callable[[str], str]) -> str:
    """A long string's start and end, each quoted by ``quote`` (repr, JSON),
    and the string's own length (not counting the quotes)."""
    return _start_and_end(quote(value[:24])[:-1], quote(value[-8:])[1:], len(value))


def _start_and_end(start: str, end: str, length: int) -> str:
    return Deferred(N_("{start}...{end} ({count:,} characters)"), start=start, end=end, count=length)
