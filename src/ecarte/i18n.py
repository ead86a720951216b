"""The player's language: the catalog every string a player reads goes through.

The standard library's ``gettext`` at run time (Babel is only a tool for
the developers, ``tools/catalogs.py``). The catalogs are the ``ecarte``
domain under ``locale/<language>/LC_MESSAGES/``. English is the source
text, so English needs no catalog, and any language without one falls
back to English.

The language is chosen once at start (``ecarte --lang`` > the settings'
``language`` > the environment: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, in gettext's order) and may change while the app runs (the
Settings screen): ``_`` looks the text up at each call, so a string must be
translated where it is used, not kept translated at import time; module
constants are marked with ``N_`` and translated where shown.

What a program reads (JSON, the log, the bot protocol, card codes) is never
translated. This module imports only the standard library, so every layer,
the engine included, may use it; it imports gettext only when a catalog
is read.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    import gettext
    from collections.abc import Mapping
    from pathlib import Path

DOMAIN = "ecarte"
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
SOURCE_LANGUAGE = "en"
LANGUAGES = ("en", "fr", "sv", "nb", "de", "fi", "nl")
"""Every language of the app, English (the source) first."""
LANGUAGE_NAMES = {
    "en": "English",
    "fr": "Français",
    "sv": "Svenska",
    "nb": "Norsk bokmål",
    "de": "Deutsch",
    "fi": "Suomi",
    "nl": "Nederlands",
}
"""Each language in its own words: a player looks for the name they read."""
ALIASES = {"no": "nb"}
"""Norwegian without a written form named means Bokmål here."""
ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""gettext's order: the first one set decides."""


class _English:
    """The source text as it is: what ``gettext.NullTranslations`` does,
    without importing gettext when no catalog is read (``ecarte check``
    in English starts as fast as before)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural


_translations: gettext.NullTranslations | _English = _English()
_language = SOURCE_LANGUAGE


def normalize(code: str | None) -> str | None:
    """The app's language for a locale name (``sv_SE.UTF-8`` -> ``sv``,
    ``nb_NO`` -> ``nb``, ``no`` -> ``nb``), or ``None`` for one it lacks."""
    if not code:
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    base = ALIASES.get(base, base)
    return base if base in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for, or ``None`` (none set, ``C``,
    ``POSIX``, or only languages the app lacks). As gettext does, the first
    variable set decides; ``LANGUAGE`` may list several (``sv:de``)."""
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT_VARIABLES:
        value = environ.get(variable)
        if not value:
            continue
        for code in value.split(":"):
            if code in ("C", "POSIX") or code.startswith(("C.", "POSIX.")):
                return None
            found = normalize(code)
            if found is not None:
                return found
        return None
    return None


def choose_language(
    command_line: str | None = None,
    setting: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """``--lang`` > the setting (``auto`` or empty: none) > the
    environment > English. A language the app lacks is English, without
    an error: the text is still readable."""
    for asked in (command_line, setting):
        if asked and asked != "auto":
            return normalize(asked) or SOURCE_LANGUAGE
    return language_from_environment(environ) or SOURCE_LANGUAGE


def activate(language: str, locale_dir: str | Path | None = None) -> str:
    """Use ``language``'s catalog from now on (``locale_dir``: another
    folder of catalogs, for tests); returns the language in use."""
    global _translations, _language
    code = normalize(language) or SOURCE_LANGUAGE
    if code == SOURCE_LANGUAGE:
        _translations = _English()
    else:
        import gettext

        _translations = gettext.translation(
            DOMAIN, str(locale_dir or LOCALE_DIR), languages=[code], fallback=True
        )
    _language = code
    return code


def current_language() -> str:
    return _language


def _(message: str) -> str:
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return _translations.npgettext(context, singular, plural, count)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without translating it now (a
    module constant, translated with ``_`` where it is shown)."""
    return message


class Deferred(str):
    """A text that is English where the words must not change (a file,
    JSON, a log) and in the player's language where a person reads it
    (``translated``): the English template, marked with ``N_``, and the
    values of its placeholders (text, numbers, or other ``Deferred`` texts,
    each translated in turn). It is a ``str``, the English text, so it goes
    unchanged wherever a string does, and it pickles: a tournament's worker
    process, which speaks English, sends it back to be shown. A template
    not in the catalog (a mere joining of parts, ``"{a}\\n{b}"``) stays as
    it is."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, /, **values: object) -> Deferred:
        text = super().__new__(cls, template.format(**values))
        text.template = template
        text.values = values
        return text

    def translated(self) -> str:
        return _(self.template).format(**{key: _shown(value) for key, value in self.values.items()})

    def __reduce__(self) -> tuple[object, ...]:
        return (_deferred, (self.template, self.values))


def _shown(value: object) -> object:
    """A placeholder's value in the player's language: a ``Deferred`` text
    translated, a number written with the language's thousands separator
    and decimal mark."""
    if isinstance(value, Deferred):
        return value.translated()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return Grouped(value)
    return value


def thousands_separator() -> str:
    """What sets a number's thousands apart in the player's language: a
    comma in English; a space where the comma is the decimal mark."""
    # Translators: the separator of thousands in numbers ("339,875"): where a comma is the
    # decimal mark, a space ("339 875").
    return pgettext("thousands", ",")


def decimal_mark() -> str:
    """What sets a number's decimals apart in the player's language: a point
    in English ("52.5%"), a comma in the others ("52,5 %" is French print;
    we keep the "%" close)."""
    # Translators: the decimal mark in numbers shown to the player ("52.5%", "0.375 points per
    # deal"): a comma where the language writes "52,5".
    return pgettext("decimal", ".")


class Grouped:
    """A number formatted as the player's language writes it: the thousands
    set apart (with ``{count:,}``) by the language's separator, "5,000" in
    English and "5 000" in French (a comma there would read as a decimal
    mark), and the decimals after the language's mark, "52.5" in English
    and "52,5" in French."""

    __slots__ = ("number",)

    def __init__(self, number: int | float) -> None:
        self.number = number

    def __format__(self, spec: str) -> str:
        # Both marks at once: a language whose separator were "." must not
        # see its decimal comma turned back.
        marks = str.maketrans({",": thousands_separator(), ".": decimal_mark()})
        return format(self.number, spec).translate(marks)

    def __str__(self) -> str:
        return format(self)


def decimal_text(value: float, places: int = 1, width: int = 0) -> str:
    """``value`` with ``places`` decimals as the player's language writes
    it (``width`` cells at least, on the left): "52.5" or "52,5"."""
    return format(Grouped(value), f"{width or ''}.{places}f")


def number_text(value: float) -> str:
    """``value`` as short as it is ("5", "0.6") as the player's language
    writes it ("0,6")."""
    return format(Grouped(value), "g")


def trimmed(value: float) -> int | float:
    """``value`` as a whole number when it is one (``5``, not ``5.0``): for a
    message's placeholder, which writes it with the player's decimal mark
    ("2.5 s", "2,5 s")."""
    return int(value) if float(value).is_integer() else value


def _deferred(template: str, values: dict[str, object]) -> Deferred:
    return Deferred(template, **values)


def translated(text: str) -> str:
    """A message for a person: a ``Deferred`` one in the player's language,
    any other as it is."""
    return text.translated() if isinstance(text, Deferred) else text


def message_of(error: BaseException) -> str:
    """An exception's message as it was raised: a ``Deferred`` one stays
    ``Deferred`` (``str(error)`` would give its plain English text), to be
    put in another message or shown with ``translated``."""
    args = error.args
    return args[0] if len(args) == 1 and isinstance(args[0], str) else str(error)


def translated_error(error: BaseException) -> str:
    """An exception's message for a person, in the player's language when it
    is a ``Deferred`` text."""
    return translated(message_of(error))
