"""The language setting, read on its own: ``ecarte check``, ``ecarte
stats`` and ``--help`` speak the player's language without loading the
rest of the settings (and the players they name); a missing, unreadable or
broken file gives no language and no error. ``settings.py`` checks
and saves the setting with the others."""

from __future__ import annotations

from pathlib import Path

from ecarte.i18n import LANGUAGES
from ecarte.safefile import FileRefused, read_regular_file

from . import paths

LANGUAGE_AUTO = "auto"
"""The language setting's default: the language the environment asks for
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
LANGUAGE_CHOICES = (LANGUAGE_AUTO, *LANGUAGES)
MAX_SETTINGS_BYTES = 1_000_000
"""A settings file is a few hundred bytes; a larger one is refused unread."""


def saved_language(path: Path | None = None) -> str | None:
    """The settings file's ``language`` when it is one of ``LANGUAGE_CHOICES``,
    else ``None`` (no file, a broken one, no such key: the app's own
    warning about a broken file comes when the settings are loaded)."""
    try:
        data = read_regular_file(path or paths.settings_path(), MAX_SETTINGS_BYTES)
    except (FileRefused, OSError, ValueError):  # ValueError: a path with a NUL in it
        return None
    # Only now: without a settings file (--help on a fresh machine) the
    # TOML parser, and the typing and datetime it imports, are not loaded.
    import tomllib

    try:
        value = tomllib.loads(data.decode("utf-8-sig")).get("language")
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, str) and value in LANGUAGE_CHOICES else None
