"""The player's settings: the rule variants, the opponent, the name, the
pace of play, the card style and the colour theme, kept in a TOML file
between runs.

``load_settings`` never fails: a missing file gives the defaults; a broken,
unreadable or out-of-range file gives a warning, the defaults for what is
wrong, and a backup copy of the file (``settings.toml.bad-<time>``) so that
saving later never loses what the player had written. ``save_settings``
writes a new file next to the old one and swaps it in, so a crash never
leaves half a file; it keeps the player's comments and unknown keys.
``docs/reliability.md`` lists what a hostile settings file cannot do.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import stat
import tempfile
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import tomlkit

from ecarte.ai import player_names
from ecarte.engine import Rules, RulesError
from ecarte.engine.quoting import cut_word
from ecarte.i18n import _, translated
from ecarte.log.names import COMPUTER, shown_name
from ecarte.safefile import FileRefused, folder_problem, not_a_regular_file, read_regular_file

from . import paths
from .language import LANGUAGE_AUTO, LANGUAGE_CHOICES, MAX_SETTINGS_BYTES

SPEEDS: dict[str, float] = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
"""Play speed -> seconds the opponent's move stays on screen before the next."""

LEVELS = ("easy", "normal", "expert")
CARD_STYLES = ("symbols", "letters")
COACH_MODES = ("off", "request", "always")
"""The coach (``docs/analysis.md``): no hints, a hint on ``h``, or the win
chances always beside the options."""
MAX_NAME_LENGTH = 24
DEFAULT_THEME = "ecarte"
HIGH_CONTRAST_THEME = "ecarte-high-contrast"
THEMES = (
    DEFAULT_THEME,
    HIGH_CONTRAST_THEME,
    "textual-dark",
    "textual-light",
    "nord",
    "gruvbox",
    "catppuccin-mocha",
    "catppuccin-latte",
    "catppuccin-frappe",
    "catppuccin-macchiato",
    "dracula",
    "tokyo-night",
    "monokai",
    "flexoki",
    "solarized-light",
    "solarized-dark",
    "rose-pine",
    "rose-pine-moon",
    "rose-pine-dawn",
    "atom-one-dark",
    "atom-one-light",
    "ansi-dark",
    "ansi-light",
)
"""The colour themes the app offers: its own two (the usual table, and
black and white with strong accents) and Textual's. The app registers its
own and offers no other, so that every theme it shows can be saved here
(this layer draws nothing and cannot ask Textual)."""


@dataclass(frozen=True)
class Settings:
    rules: Rules = field(default_factory=Rules)
    opponent: str = "normal"
    """A level of ``LEVELS``, or ``cmd:COMMAND`` for a protocol bot."""
    player_name: str = "You"
    speed: str = "normal"
    card_style: str = "symbols"
    coach: str = "request"
    """One of ``COACH_MODES``."""
    theme: str = DEFAULT_THEME
    """One of ``THEMES``."""
    language: str = LANGUAGE_AUTO
    """One of ``LANGUAGE_CHOICES``: ``auto`` or a language code (``sv``)."""

    @property
    def symbols(self) -> bool:
        """Suit symbols (♠♥♦♣), or plain letters for terminals without them."""
        return self.card_style == "symbols"

    @property
    def move_delay(self) -> float:
        return SPEEDS.get(self.speed, SPEEDS["normal"])


def opponent_names() -> list[str]:
    """Every built-in opponent, the app's levels first."""
    return [*LEVELS, *(name for name in player_names() if name not in LEVELS)]


def check_opponent(value: object) -> str:
    """The opponent setting, or ``ValueError`` saying what is allowed: a
    level, another built-in player (``classic``, ``random``), or
    ``cmd:COMMAND``. The one check of an opponent's name, wherever it comes
    from (the settings file, ``--opponent``, a new match)."""
    names = opponent_names()
    if isinstance(value, str):
        if value in names:
            return value
        if value.startswith("cmd:") and value[4:].strip():
            return value
    raise ValueError(
        _("opponent must be one of {names} or cmd:COMMAND, not {value}").format(
            names=", ".join(names), value=repr(value)
        )
    )


class NameTaken(ValueError):
    """The player's name is the computer's: the table could not say who is who."""


def check_name(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(_("player_name must be a non-empty text, not {value}").format(value=repr(value)))
    if value.strip().casefold() in {COMPUTER.casefold(), shown_name(COMPUTER).casefold()}:
        # "Computer scores 1 point; Computer takes 3 tricks": whose?
        raise NameTaken(
            _("player_name cannot be the computer's name, {name}").format(name=repr(shown_name(COMPUTER)))
        )
    if len(value) > MAX_NAME_LENGTH:
        raise ValueError(
            _("player_name must be at most {most} characters, not {count}").format(
                most=MAX_NAME_LENGTH, count=len(value)
            )
        )
    return value


def _check_choice(key: str, value: object, choices: tuple[str, ...]) -> str:
    if isinstance(value, str) and value in choices:
        return value
    raise ValueError(
        # Translators: {key} is a setting's name in the file (speed, card_style...): keep it.
        _("{key} must be one of {choices}, not {value}").format(
            key=key, choices=", ".join(choices), value=repr(value)
        )
    )


def settings_from_mapping(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a parsed file; each bad value falls back to its default
    and is named in the returned problems."""
    problems: list[str] = []
    defaults = Settings()
    values: dict[str, Any] = {}
    checks: dict[str, Callable[[object], str]] = {
        "opponent": check_opponent,
        "player_name": check_name,
        "speed": lambda value: _check_choice("speed", value, tuple(SPEEDS)),
        "card_style": lambda value: _check_choice("card_style", value, CARD_STYLES),
        "coach": lambda value: _check_choice("coach", value, COACH_MODES),
        "theme": lambda value: _check_choice("theme", value, THEMES),
        "language": lambda value: _check_choice("language", value, LANGUAGE_CHOICES),
    }
    for key, check in checks.items():
        if key in data:
            try:
                values[key] = check(data[key])
            except ValueError as error:
                problems.append(str(error))
    rules = defaults.rules
    raw_rules = data.get("rules", {})
    if not isinstance(raw_rules, dict):
        problems.append(_("[rules] must be a table of rule settings"))
    else:
        # Rule by rule, so that one bad value does not throw away the others.
        for key, value in raw_rules.items():
            if key == "max_exchanges" and isinstance(value, str) and value.lower() in ("none", "no limit"):
                value = None
            try:
                rules = rules.replace(**{key: value})
            except RulesError as error:
                problems.append(str(error))
    unknown = sorted(set(data) - {*checks, "rules"})
    if unknown:
        problems.append(_("unknown settings ignored: {keys}").format(keys=", ".join(unknown)))
    return replace(defaults, rules=rules, **values), problems


def settings_to_toml(settings: Settings) -> str:
    document = tomlkit.document()
    document.add(tomlkit.comment("ecarte settings. Edit in the app (Settings) or here."))
    document.add("player_name", settings.player_name)
    document.add("opponent", settings.opponent)
    document.add("speed", settings.speed)
    document.add("card_style", settings.card_style)
    document.add("coach", settings.coach)
    document.add("theme", settings.theme)
    document.add("language", settings.language)
    rules_table = tomlkit.table()
    for key, value in settings.rules.to_dict().items():
        if value is None:
            # TOML has no null: "no limit" is written as a word.
            rules_table.add(key, "none")
        else:
            rules_table.add(key, value)
    document.add(tomlkit.nl())
    document.add("rules", rules_table)
    return tomlkit.dumps(document)


_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_LONG_WORD = re.compile(r"\S{61,}")


def _existing_backup(path: Path, content: bytes) -> Path | None:
    """A ``.bad-*`` copy already holding exactly ``content`` (the file's
    bytes): while the file stays broken, each launch must not add another."""
    try:
        candidates = sorted(path.parent.glob(f"{glob.escape(path.name)}.bad-*"))
    except OSError:
        return None
    for candidate in candidates:
        try:
            if candidate.stat().st_size != len(content):
                continue
            if read_regular_file(candidate, len(content)) == content:
                return candidate
        except (OSError, FileRefused):
            continue
    return None


def _backup(path: Path, content: bytes | None = None) -> Path | None:
    """Keep the player's broken file beside it before the app may save over
    it. ``content`` is its bytes when they were read; a regular file too
    large to read is kept by a hard link (instant, whatever its size)."""
    if content is not None:
        existing = _existing_backup(path, content)
        if existing is not None:
            return existing
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{number}")
    try:
        if content is None:
            os.link(path, target)
        else:
            with open(target, "xb") as copy:
                copy.write(content)
    except OSError:
        return None
    return target


def _shorten_values(text: str) -> str:
    """A message with every very long word (a value of 4,000 digits, a name
    of 10,000 letters) cut to its start and end, so it fits on a screen."""
    return _LONG_WORD.sub(lambda found: translated(cut_word(found.group())), text)


class NotUtf8(ValueError):
    """The settings file's bytes are not UTF-8 text (the message says why)."""


def _decode_settings(data: bytes) -> str:
    """The file's text; ``NotUtf8`` saying why it is not UTF-8 text. A
    UTF-8 byte order mark (some Windows editors write one) is accepted."""
    if data.startswith(_UTF8_BOM):
        data = data[len(_UTF8_BOM) :]
    elif data.startswith(_UTF16_BOMS):
        raise NotUtf8(_("it is UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8"))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise NotUtf8(_("it is not UTF-8 text")) from None


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a warning for the player (``None`` when all is
    well). Never raises and never blocks: whatever the path is (a FIFO, a
    link to ``/dev/zero``, 1 GB of text), the app can start."""
    path = path or paths.settings_path()
    try:
        data = read_regular_file(path, MAX_SETTINGS_BYTES, what="it")
    except FileRefused as error:
        if error.missing:
            return Settings(), None
        reason = _("it cannot be read ({reason})").format(reason=translated(error.reason))
        backup = None
        if error.reason.startswith("it is"):  # a regular file, only too large
            reason = _("{reason} (a settings file is a few hundred bytes)").format(
                reason=translated(error.reason)
            )
            backup = _backup(path)
        return Settings(), _warning(path, reason, backup)
    try:
        parsed = tomllib.loads(_decode_settings(data))
    except tomllib.TOMLDecodeError as error:
        reason = _("it is not valid TOML ({error})").format(error=_shorten_values(str(error)))
        return Settings(), _warning(path, reason, _backup(path, data))
    except RecursionError:
        # tomllib parses nested arrays and inline tables recursively.
        reason = _("it nests arrays or tables too deeply to be read")
        return Settings(), _warning(path, reason, _backup(path, data))
    except ValueError as error:
        # Not UTF-8, or an integer longer than Python converts (4,300 digits).
        reason = str(error) if isinstance(error, NotUtf8) else _("it holds a number too long to be read")
        return Settings(), _warning(path, reason, _backup(path, data))
    try:
        settings, problems = settings_from_mapping(parsed)
    except Exception as error:  # whatever the values, the app must start
        problems = [_("a value cannot be used ({error})").format(error=type(error).__name__)]
        settings = Settings()
    if problems:
        reason = _shorten_values("; ".join(problems))
        return settings, _warning(path, reason, _backup(path, data), partial=True)
    return settings, None


def _warning(path: Path, reason: str, backup: Path | None, partial: bool = False) -> str:
    values = {"path": path, "reason": reason, "backup": backup}
    if partial:
        if backup:
            text = _(
                "The settings file {path} has a problem: {reason}. Using the defaults for those values; "
                "a copy of it is kept as {backup}."
            )
        else:
            text = _(
                "The settings file {path} has a problem: {reason}. Using the defaults for those values; "
                "the file is left as it is (no copy of it could be made beside it)."
            )
    elif backup:
        text = _(
            "The settings file {path} has a problem: {reason}. Using the default settings; "
            "a copy of it is kept as {backup}."
        )
    else:
        text = _(
            "The settings file {path} has a problem: {reason}. Using the default settings; "
            "the file is left as it is (no copy of it could be made beside it)."
        )
    return text.format(**values)


class SettingsNotSaved(OSError):
    """The settings cannot be written. The message, in the player's
    language, names the path and what is wrong with it (never an OS error's
    raw text, which names the temporary file)."""


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings; ``SettingsNotSaved`` (an ``OSError``) if the file
    cannot be written, the old file then left as it was. Only a regular file
    is replaced: a folder, a FIFO or a device where the file should be is
    named and left alone. The player's comments and any keys the app does
    not know are kept; a settings file that is a symbolic link is written
    through, to the file it points to, and stays a link."""
    path = path or paths.settings_path()
    target = _link_target(path)
    _check_replaceable(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        problem = folder_problem(target.parent)
        raise SettingsNotSaved(translated(problem) if problem else _cannot_write(target, error)) from None
    text = _updated_toml(settings, target)
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as error:
        raise SettingsNotSaved(_cannot_write(target, error)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        with contextlib.suppress(OSError):
            # Keep the file's permissions (mkstemp makes it private).
            os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode))
        # Checked again: what is there may have changed while writing.
        _check_replaceable(target)
        os.replace(temporary, target)
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError) and not isinstance(error, SettingsNotSaved):
            raise SettingsNotSaved(_cannot_write(target, error)) from None
        raise


def _check_replaceable(target: Path) -> None:
    """``SettingsNotSaved`` naming ``target`` if it is there and is not a
    regular file, or cannot be read: replacing it would lose a folder of the
    player's, say, or a file they can no longer see."""
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return  # not there (the file is made), or the writing says why not
    if not stat.S_ISREG(mode):
        raise SettingsNotSaved(not_a_regular_file(target, mode).translated())
    if not os.access(target, os.R_OK):
        # Unreadable, it could not be copied aside when loaded: replacing it
        # would lose the player's file for good.
        raise SettingsNotSaved(_("{path} cannot be read, so it is left as it is").format(path=target))


def _cannot_write(target: Path, error: OSError) -> str:
    # The system's own words (strerror), without the temporary file's name.
    return _("{path} cannot be written: {error}").format(path=target, error=error.strerror or error)


def _link_target(path: Path) -> Path:
    """The file a symbolic link leads to (``path`` itself when it is none);
    a loop raises ``OSError`` naming it."""
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path, strict=False))
    except OSError as error:
        raise SettingsNotSaved(
            _("{path} is a symbolic link that cannot be followed: {error}").format(path=path, error=error)
        ) from None


def _updated_toml(settings: Settings, path: Path) -> str:
    """The TOML text to save: the existing file with only the changed values
    replaced (so its comments, layout and unknown keys stay), or a fresh file
    when there is none or it cannot be read as TOML."""
    try:
        document = tomlkit.parse(_decode_settings(read_regular_file(path, MAX_SETTINGS_BYTES)))
    except Exception:  # unreadable or broken: it was backed up when loaded
        return settings_to_toml(settings)
    fresh = tomlkit.parse(settings_to_toml(settings))
    try:
        for key in ("player_name", "opponent", "speed", "card_style", "coach", "theme", "language"):
            if document.get(key) != fresh[key]:
                document[key] = fresh[key]
        rules = document.get("rules")
        fresh_rules = fresh["rules"]
        assert isinstance(fresh_rules, dict)
        if not isinstance(rules, dict):
            if "rules" in document:
                del document["rules"]
            document.add(tomlkit.nl())
            document["rules"] = fresh_rules
        else:
            for key, value in fresh_rules.items():
                if rules.get(key) != value:
                    rules[key] = value
        return tomlkit.dumps(document)
    except Exception:  # a layout tomlkit cannot update: write afresh
        return settings_to_toml(settings)
