"""A placeholder is never glued to the word or the colon before it in a
translation when the English sets it apart ("erreur:%(message)s" printed
"erreur:argument--matches:valeurint invalide")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ecarte import i18n

PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|%[sdr]|\{\w+\}")


def glued(text: str) -> set[str]:
    """The placeholders of ``text`` that come right after a letter or a colon."""
    return {
        found.group()
        for found in PLACEHOLDER.finditer(text)
        if re.match(r"[\w:]", text[found.start() - 1 : found.start()] or " ")
    }


@pytest.mark.parametrize("language", [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE])
def test_placeholders_keep_their_space(language: str) -> None:
    path = Path(i18n.LOCALE_DIR) / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as file:
        catalog = read_po(file)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        allowed = set().union(*(glued(text) for text in ids))
        for text in strings:
            if bad := glued(text) - allowed:
                problems.append(f"{ids[0]!r} -> {text!r}: {sorted(bad)}")
    assert problems == []


@pytest.mark.parametrize("language", [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE])
def test_a_percent_sign_is_written_as_the_screens_write_their_figures(language: str) -> None:
    """The coach, the record and the analysis's options write a chance as
    "62%" in every language (in cells counted for it); a sentence beside
    them wrote "95 %", so one screen showed both."""
    path = Path(i18n.LOCALE_DIR) / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as file:
        catalog = read_po(file)
    spaced = re.compile(r"[0-9}][ \u00a0\u202f]%(?!\()")
    problems = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        problems += [text for text in strings if spaced.search(text)]
    assert problems == []
