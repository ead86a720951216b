"""The players' names as a log records them, shown to a person.

The app writes its own two names in English into the log, whatever the
language: ``You``, the player's name while it is the setting's default, and
``Computer`` for the computer (``COMPUTER``). Shown, they
are the player's language's words ("Du", "Ordinateur"), and a sentence about
the player named ``You`` is in the second person ("You win game 1", never
"You wins"), as at the card table (``tui/narration.py``). Any other name is
shown as written.
"""

from __future__ import annotations

from ecarte.i18n import _
from ecarte.text import printable, short_name

YOU = "You"
"""The player's name as the log keeps it while it is the setting's default."""
COMPUTER = "Computer"
"""The computer's name in a log the app wrote."""


def shown_name(name: str, cells: int | None = None) -> str:
    """A name from a log for a person: ``You`` and ``Computer`` in the
    player's language, any other name as written, made printable (and cut
    to ``cells``, ending in "…", when given)."""
    if name == YOU:
        # Translators: the human player, as a name (the score, the table).
        return _("You")
    if name == COMPUTER:
        # Translators: the computer opponent, as a name ("Computer deals").
        return _("Computer")
    return printable(short_name(name, cells) if cells is not None else name)


def second_person(players: tuple[str, str]) -> tuple[bool, bool]:
    """Which seats a sentence speaks to as "you": the seat named ``You``
    (neither, if both are: "you" would not say which)."""
    first, second = players[0] == YOU, players[1] == YOU
    return (False, False) if first and second else (first, second)
