"""Text helpers shared by the app and the command line (no Textual, no Rich).

``printable`` makes any text from a log, a bot or the settings safe to draw
on a terminal: what is not printable (escape codes, line separators, a
non-breaking space) is shown as an escape such as ``\\x1b``, never obeyed.
``short_name`` keeps a name of any length to the room a name has on screen.
``sentence`` makes a reason (the engine's start in lower case) a sentence.
``emit`` prints a command's text; standard output that cannot be written is
an ``OutputError``, which the command line says in one line.
"""

from __future__ import annotations

import sys
import unicodedata

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from typing import IO


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` as typed, except characters that are not printable, shown as
    ``\\xNN``, ``\\uNNNN`` or ``\\UNNNNNNNN`` escapes, so that a name can never
    move the cursor or recolour the terminal. ``keep_newlines`` keeps the
    lines of a longer message."""
    if text.isprintable():
        return text
    return "".join(
        char
        if char.isprintable() or (keep_newlines and char == "\n") or _sets_thousands_apart(text, index)
        else _escape(char)
        for index, char in enumerate(text)
    )


THOUSANDS_SPACES = frozenset("\u00a0\u202f")
"""The spaces that languages set thousands apart with ("5 000"): kept
between two digits, where they cannot pass for anything else."""


def _sets_thousands_apart(text: str, index: int) -> bool:
    return (
        text[index] in THOUSANDS_SPACES
        and 0 < index < len(text) - 1
        and text[index - 1].isdigit()
        and text[index + 1].isdigit()
    )


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


NAME_CELLS = 24
"""The most terminal cells a player's name takes where it is drawn (the
settings allow 24 characters; a log may hold any name)."""


def short_name(name: str, cells: int = NAME_CELLS) -> str:
    """``name`` cut to fit ``cells`` terminal cells once drawn through
    ``printable`` (escapes and wide characters counted as drawn), ending in
    "…" when it was cut; a name that fits is returned as it is. A cut that
    ends on a space drops it ("Marie-Antoinette…", not "Marie-Antoinette …",
    which reads as a second word cut to nothing). At most three characters
    a cell are kept (a letter and two accents written apart): combining
    marks take no cell, and 200,000 of them on one letter were kept whole."""
    if len(name) <= cells and _cells(printable(name)) <= cells:
        return name
    kept: list[str] = []
    used = 0
    for char in name:
        width = _cells(printable(char))
        if used + width > cells - 1 or len(kept) >= 3 * (cells - 1):
            break
        kept.append(char)
        used += width
    return "".join(kept).rstrip() + "…"


def _cells(text: str) -> int:
    """Terminal cells ``text`` takes: two for a wide (East Asian) character,
    none for a combining mark, one for the rest."""
    total = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        total += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return total


SENTENCE_ENDS = ".!?…:"


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop at the
    end unless it ends in one of ``SENTENCE_ENDS`` (the engine's reasons,
    "you must follow suit", are clauses meant to be quoted)."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in SENTENCE_ENDS else text + "."


class OutputError(Exception):
    """Standard output cannot be written (a full disk, or closed from the
    start): the command ends with one line on standard error saying so
    (``cli.main``). ``reason`` is the system's words, or ``None`` when
    standard output is closed; ``program`` names the command when the one
    raising it knows it (``ecarte check`` for ``ecarte check --help``)."""

    def __init__(self, reason: str | None, program: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.program = program


def emit(text: str, stream: IO[str] | None) -> None:
    """Print ``text`` on ``stream``; a terminal that cannot show some
    characters still gets the rest, as escapes.

    Standard output that cannot be written raises ``OutputError`` (a broken
    pipe stays ``BrokenPipeError``: its reader went away, which is no
    error). Standard error that cannot be written, or a stream closed from
    the start (``2>&-``), is let be: there is nowhere left to say so, and the
    exit status still tells (``print`` would have sent it to standard output
    instead, among the command's results)."""
    if stream is None:
        return
    try:
        try:
            print(text, file=stream)
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "ascii"
            print(text.encode(encoding, "backslashreplace").decode(encoding), file=stream)
        # Now, not at exit: a full disk is told here, by the command.
        stream.flush()
    except OSError as error:
        if stream is sys.stderr:
            return
        if isinstance(error, BrokenPipeError):
            raise
        raise OutputError(error.strerror or str(error)) from None
