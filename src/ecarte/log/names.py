"""The players' names as a log records them, shown to a person.

The app writes its own two names in English into the log, whatever the
language: ``You``, the player's name while it is the setting's default, and
``Computer`` for the computer (``COMPUTER``). Shown, they
are the player's language's words ("Du", "Ordinateur"), and a sentence about
the player named ``You`` is in the second person ("You win game 1", never
"You wins"), as at the card table (``tui/narration.py``). Any other name is
shown as written; the app's own player under a name of their own is still
spoken to (``SpokenTo``): the name in the score, "you" in the sentences.
"""

from __future__ import annotations

from collections.abc import Mapping

from ecarte.i18n import _
from ecarte.text import printable, short_name

YOU = "You"
"""The player's name as the log keeps it while it is the setting's default."""
COMPUTER = "Computer"
"""The computer's name in a log the app wrote."""


def shown_name(name: str, cells: int | None = None) -> str:
    """A name from a log for a person: ``You`` and ``Computer`` in the
    player's language, any other name as written, made printable (and cut
    to ``cells``, ending in "…", when given: the words for "Computer" too,
    ten letters in French, so that a row of names cut to one width cuts
    them all alike)."""
    if name == YOU:
        # Translators: the human player, as a name (the score, the table).
        shown = _("You")
    elif name == COMPUTER:
        # Translators: the computer opponent, as a name ("Computer deals").
        shown = _("Computer")
    else:
        return printable(short_name(name, cells) if cells is not None else name)
    return short_name(shown, cells) if cells is not None else shown


class SpokenTo(str):
    """The name of the person at the app's table, whatever it is ("Anna"):
    shown as written where a name is shown (the score, a title), while the
    sentences about them speak to them ("You propose"), as for ``You``;
    "Anna proposes" over "accept (a) or refuse (r)" read as if someone else
    played."""

    __slots__ = ()


def spoken_to(name: str) -> bool:
    """Whether sentences about the player ``name`` say "you": the name
    ``You``, or the app's player under a name of their own (``SpokenTo``)."""
    return name == YOU or isinstance(name, SpokenTo)


def the_apps_player(name: str) -> str:
    """``name`` as the name of the person at this app's table (``SpokenTo``)."""
    return name if name == YOU else SpokenTo(name)


def app_players(players: tuple[str, str], extra: Mapping[str, object]) -> tuple[str, str]:
    """A log's players as the app speaks of them: in a log the app wrote
    (its header names the computer's level, ``opponent``), seat 0 is the
    person who played there, spoken to; any other log's names are names."""
    if isinstance(extra.get("opponent"), str):
        return the_apps_player(players[0]), players[1]
    return players


def second_person(players: tuple[str, str]) -> tuple[bool, bool]:
    """Which seats a sentence speaks to as "you": the seat named ``You``,
    or the app's player (``SpokenTo``); neither, if both are ("you" would
    not say which)."""
    first, second = spoken_to(players[0]), spoken_to(players[1])
    return (False, False) if first and second else (first, second)
