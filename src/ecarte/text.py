"""Text helpers shared by the app and the command line (no Textual, no Rich).

``printable`` makes any text from a log, a bot or the settings safe to draw
on a terminal: what is not printable (escape codes, line separators, a
non-breaking space) is shown as an escape such as ``\\x1b``, never obeyed.
"""

from __future__ import annotations


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` as typed, except characters that are not printable, shown as
    ``\\xNN``, ``\\uNNNN`` or ``\\UNNNNNNNN`` escapes, so that a name can never
    move the cursor or recolour the terminal. ``keep_newlines`` keeps the
    lines of a longer message."""
    if text.isprintable():
        return text
    return "".join(
        char if char.isprintable() or (keep_newlines and char == "\n") else _escape(char) for char in text
    )


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"
