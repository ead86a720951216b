"""Every string a player reads is in every language's catalog.

The strings are extracted from the source now, with Babel as
``tools/catalogs.py`` does, so a string added to the code and not to the
catalogs fails here. For each of the six languages: no string missing, none
empty or fuzzy, the same ``{placeholders}`` as the English (a missing
``{name}`` would lose a word, an unknown one would raise), plurals as the
language counts, rank letters of one character, and the committed ``.mo``
the compilation of the ``.po`` (the app reads only the ``.mo``)."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import ecarte
from ecarte import i18n
from ecarte.engine.cards import suit_letter, suit_name
from ecarte.i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE

PACKAGE_DIR = Path(ecarte.__file__).parent
LOCALE_DIR = PACKAGE_DIR / "locale"
TRANSLATED = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"\{(\w*)\}")

Key = tuple[str | None, str]
"""(context, msgid); a plural is keyed by its singular."""


def extracted() -> dict[Key, tuple[str, ...]]:
    """Every marked string of the source: key -> (msgid,) or (msgid, msgid_plural)."""
    found: dict[Key, tuple[str, ...]] = {}
    for _filename, _line, message, _comments, context in extract_from_dir(
        str(PACKAGE_DIR), method_map=[("**.py", "python")], comment_tags=("Translators:",)
    ):
        ids = (message,) if isinstance(message, str) else tuple(message)
        found[(context, ids[0])] = ids
    return found


SOURCE = extracted()


def test_the_source_marks_the_strings_players_read() -> None:
    # Guards the tests below against an extraction that finds nothing.
    assert (None, "New match") in SOURCE
    assert ("rank", "K") in SOURCE
    plural = ("at most {count} exchange", "at most {count} exchanges")
    assert SOURCE[(None, plural[0])] == plural


def test_the_template_holds_every_string_of_the_source() -> None:
    with open(LOCALE_DIR / f"{DOMAIN}.pot", "rb") as stream:
        template = read_po(stream)
    keys = {(message.context, _singular(message.id)) for message in template if message.id}
    assert sorted(set(SOURCE) - keys, key=str) == [], "run tools/catalogs.py extract"


def _singular(msgid: str | tuple[str, ...] | list[str]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def _catalog(language: str) -> Catalog:
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    assert path.is_file(), f"{path} is missing: the {language} catalog is not written yet"
    with open(path, "rb") as stream:
        return read_po(stream, locale=language)


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_string_is_translated_with_its_placeholders(language: str) -> None:
    catalog = _catalog(language)
    problems: list[str] = []
    for (context, singular), ids in SOURCE.items():
        where = f"{language}: {f'[{context}] ' if context else ''}{singular!r}"
        message = catalog.get(ids if len(ids) > 1 else singular, context=context)
        if message is None:
            problems.append(f"{where} is missing")
            continue
        if message.fuzzy:
            problems.append(f"{where} is fuzzy")
        forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        if not all(forms):
            problems.append(f"{where} has no translation")
            continue
        if len(ids) == 1:
            if _names(forms[0]) != _names(singular):
                problems.append(f"{where}: placeholders {_names(forms[0])} instead of {_names(singular)}")
        else:
            # A singular form may say "one" instead of {count}; no form may
            # name what the English does not, and the plural names it all.
            allowed = _names(ids[0]) | _names(ids[1])
            if any(not _names(form) <= allowed for form in forms) or _names(forms[-1]) != _names(ids[1]):
                problems.append(
                    f"{where}: placeholders {[sorted(_names(f)) for f in forms]} for {sorted(allowed)}"
                )
    assert problems == []


def test_french_never_agrees_a_participle_with_a_players_name() -> None:
    """A name's gender is unknown (Klara, Leo, "Computer", the player's
    own): "{loser} était engagé" is wrong for Klara and "engagée" for Leo,
    so the French says it with a noun ("pénalité d'engagement pour {loser}")."""
    catalog = _catalog("fr")
    agreeing = re.compile(r"\{(loser|name)\} (était|est|a été) \w+é\b|vous (étiez|êtes) \w+é\b")
    found = []
    for message in catalog:
        forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        found += [form for form in forms if form and agreeing.search(form)]
    assert found == []


def test_french_never_elides_before_a_players_name() -> None:
    """A name may begin with a vowel ("Élodie", "Ordinateur"): "de {name}"
    reads "de Élodie", "d'{name}" reads "d'Klara"; the French says it with
    a word that needs no elision ("pour {name}")."""
    catalog = _catalog("fr")
    before_a_name = re.compile(
        r"\b(de|que|le|la|d'|l'|qu')\s?\{(name|other|player|winner|loser|dealer|elder|liable|scorer)\}"
    )
    found = []
    for message in catalog:
        forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        found += [form for form in forms if form and before_a_name.search(form)]
    assert found == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_rank_letters_are_one_character(language: str) -> None:
    catalog = _catalog(language)
    for rank in ("A", "J", "Q", "K"):
        message = catalog.get(rank, context="rank")
        assert message is not None and isinstance(message.string, str)
        assert len(message.string) == 1, f"{language}: {rank} is {message.string!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_suit_letters_are_four_letters_none_read_as_another_suit(language: str) -> None:
    """A suit's letter, shown after the rank when the terminal has no suit
    symbols, must not be the initial of another suit in the language (an
    English C, clubs, would be a French reader's cœur)."""
    i18n.activate(language)
    try:
        letters = [suit_letter(suit) for suit in range(4)]
        initials = [suit_name(suit)[0].casefold() for suit in range(4)]
    finally:
        i18n.activate(SOURCE_LANGUAGE)
    assert all(len(letter) == 1 and letter.isalpha() and letter.isupper() for letter in letters), letters
    assert len(set(letters)) == 4, letters
    for suit, letter in enumerate(letters):
        others = {initials[other] for other in range(4) if other != suit}
        misleading = letter.casefold() != initials[suit] and letter.casefold() in others
        assert not misleading, (language, suit, letter)


def _plural_rule(catalog: Catalog) -> str:
    found = re.search(r"plural=(.+?);?$", catalog.plural_forms)
    assert found, catalog.plural_forms
    return found.group(1)


@pytest.mark.parametrize("language", TRANSLATED)
def test_plurals_follow_the_language(language: str) -> None:
    # French counts 0 and 1 as one ("0 point"); the others only 1.
    plural = gettext.c2py(_plural_rule(_catalog(language)))
    singular_counts = {0, 1} if language == "fr" else {1}
    for count in (0, 1, 2, 3, 5, 11, 21):
        assert (plural(count) == 0) == (count in singular_counts), (language, count)


def _expected_mo_catalog(catalog: Catalog) -> dict[object, str]:
    expected: dict[object, str] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        prefix = f"{message.context}\x04" if message.context else ""
        if isinstance(message.id, str):
            if message.string:
                expected[prefix + message.id] = str(message.string)
        else:
            for index, form in enumerate(message.string):
                if form:
                    expected[(prefix + message.id[0], index)] = form
    return expected


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalog_is_the_po(language: str) -> None:
    catalog = _catalog(language)
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    assert path.is_file(), f"{path} is missing: run tools/catalogs.py compile"
    with open(path, "rb") as stream:
        compiled = dict(gettext.GNUTranslations(stream)._catalog)  # type: ignore[attr-defined]
    compiled.pop("", None)  # the header
    assert compiled == _expected_mo_catalog(catalog), "run tools/catalogs.py compile"


MARKERS = {"_", "N_", "ngettext", "pgettext", "npgettext"}


def marked_inside_f_strings(source: str) -> list[int]:
    """The lines where a literal is marked inside an f-string."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            lines += [
                inner.lineno
                for inner in ast.walk(node)
                if isinstance(inner, ast.Call)
                and isinstance(inner.func, ast.Name)
                and inner.func.id in MARKERS
                and inner.args
                and isinstance(inner.args[0], ast.Constant)
            ]
    return lines


def test_no_string_is_marked_where_the_extraction_cannot_see_it() -> None:
    # Babel does not look inside f-strings: a _("...") there would be shown
    # untranslated, and no catalog would be found missing it.
    assert marked_inside_f_strings("x = f\"[b]{_('Keys')}[/b]\"\n") == [1]
    hidden = [
        f"{path.relative_to(PACKAGE_DIR)}:{line}"
        for path in sorted(PACKAGE_DIR.rglob("*.py"))
        for line in marked_inside_f_strings(path.read_text(encoding="utf-8"))
    ]
    assert hidden == []
