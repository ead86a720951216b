"""Words the screens share, in the player's language: the opponents' names
and the footer's key descriptions."""

from __future__ import annotations

from dataclasses import replace
from weakref import WeakSet

from textual.dom import DOMNode

from ecarte.i18n import _, pgettext
from ecarte.text import printable


def level_name(level: str) -> str:
    """An opponent's name for the player: ``Normal``; a bot program is
    ``bot COMMAND``; a player the app does not know is shown as written."""
    if level.startswith("cmd:"):
        return _("bot {command}").format(command=printable(level[4:]))
    names = {
        # Translators: the opponents' levels, as the title screen and the table show them.
        "easy": pgettext("level", "Easy"),
        # Translators: the level between easy and expert (not the play speed).
        "normal": pgettext("level", "Normal"),
        "expert": pgettext("level", "Expert"),
        "master": pgettext("level", "Master"),
        "classic": pgettext("level", "Classic"),
        "random": pgettext("level", "Random"),
    }
    return names.get(level, printable(level).capitalize())


_TRANSLATED: WeakSet[DOMNode] = WeakSet()
"""The nodes whose key descriptions are already in the player's language."""


def translate_bindings(node: DOMNode) -> None:
    """Put ``node``'s key descriptions (marked ``N_`` where the class is
    written, in English) in the player's language, for the footer and the
    key panel. Each screen is made anew when opened, so a change of
    language shows on the next screen opened."""
    if node in _TRANSLATED:
        return  # once: a description translated again could meet another msgid
    _TRANSLATED.add(node)
    bindings = node._bindings.key_to_bindings
    for key, of_key in bindings.items():
        bindings[key] = [
            replace(binding, description=_(binding.description)) if binding.description else binding
            for binding in of_key
        ]
