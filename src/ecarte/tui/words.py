"""The footer's key descriptions in the player's language (the opponents'
names and the rules in words are ``ecarte.play.names``'s)."""

from __future__ import annotations

from dataclasses import replace
from weakref import WeakSet

from textual.dom import DOMNode

from ecarte.i18n import _

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
