"""Throwaway catalogs for the tests: a language's few translations written
as a ``.po`` and compiled to a ``.mo`` in a temporary folder, so that the
language machinery is tested without the translators' catalogs."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from ecarte.i18n import DOMAIN

Translation = str | tuple[str, ...]
"""One text, or a plural's forms."""


def write_catalog(
    folder: Path,
    language: str,
    messages: dict[str | tuple[str, str] | tuple[str, str, str], Translation],
) -> Path:
    """``folder/<language>/LC_MESSAGES/ecarte.{po,mo}`` holding ``messages``:
    ``msgid``, ``(msgid, msgid_plural)`` or ``(context, msgid, "")`` for a
    context (``("rank", "K", "")``) -> the translation. Returns ``folder``."""
    catalog = Catalog(locale=language, domain=DOMAIN, fuzzy=False)
    for key, translation in messages.items():
        context = None
        msgid: str | tuple[str, str]
        if isinstance(key, tuple) and len(key) == 3:
            context, msgid = key[0], key[1]
        elif isinstance(key, tuple):
            msgid = (key[0], key[1])
        else:
            msgid = key
        catalog.add(msgid, translation, context=context)
    target = folder / language / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with open(target / f"{DOMAIN}.po", "wb") as po:
        write_po(po, catalog)
    with open(target / f"{DOMAIN}.mo", "wb") as mo:
        write_mo(mo, catalog)
    return folder
