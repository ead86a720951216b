"""The player's settings: the rule variants, the opponent, the name, the
pace of play, the card style and the colour theme, kept in a TOML file
between runs.

``load_settings`` never fails: a missing file gives the defaults; a broken,
unreadable or out-of-range file gives a warning, the defaults for what is
wrong, and a backup copy of the file (``settings.toml.bad-<time>``) so that
saving later never loses what the player had written; the file itself is
left as it is until the player saves. The warning (``SettingsWarning``)
says it all in one text, and in parts for the app to say in the player's
language: a summary for a toast, and every problem for the Settings screen. ``save_settings``
writes a new file next to the old one and swaps it in, so a crash never
leaves half a file; it keeps the player's comments and unknown keys, and
what another window saved meanwhile.
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
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import tomlkit

from ecarte.ai import player_names
from ecarte.engine import Rules, RulesError
from ecarte.engine.quoting import cut_word, shorten
from ecarte.engine.rules import RULE_NAMES
from ecarte.i18n import _, ngettext, translated
from ecarte.log.names import COMPUTER, shown_name
from ecarte.safefile import FileRefused, folder_problem, not_a_regular_file, read_regular_file
from ecarte.text import printable

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


def _as_written(value: object) -> str:
    """A value as the settings file writes it, in a message: ``"normal"``,
    ``5``, ``true``, ``[3, 2]``, ``1979-05-27``, ``none`` (the rule without
    a limit), cut short; letters as typed, anything unprintable escaped."""
    if value is None:
        return "none"
    return printable(translated(shorten(value, ascii_only=False)))


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
            names=", ".join(names), value=_as_written(value)
        )
    )


class NameTaken(ValueError):
    """The player's name is the computer's: the table could not say who is who."""


def check_name(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(
            _("player_name must be a non-empty text, not {value}").format(value=_as_written(value))
        )
    if value.strip().casefold() in {COMPUTER.casefold(), shown_name(COMPUTER).casefold()}:
        # "Computer scores 1 point; Computer takes 3 tricks": whose?
        raise NameTaken(
            _("player_name cannot be the computer's name, {name}").format(
                name=_as_written(shown_name(COMPUTER))
            )
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
            key=key, choices=", ".join(choices), value=_as_written(value)
        )
    )


@dataclass(frozen=True)
class SettingsProblem:
    """One thing wrong in the settings file."""

    settings: tuple[str, ...]
    """The settings it is about, as the file names them (``speed``,
    ``rules.target``); none when it is about the whole file."""
    message: str
    """What is wrong, naming the setting and its bad value."""
    used: str | None = None
    """The value used instead, as the file writes it (``"normal"``, ``5``,
    ``true``); ``None`` when the setting is ignored or the whole file is."""
    unknown: bool = False
    """A setting the app does not know (a typo, or one of a newer version):
    ignored, and kept in the file by a save, so no copy of the file is
    needed for it."""

    def described(self) -> str:
        """The problem and, when there is one, the value used instead."""
        if self.used is None:
            return self.message
        # Translators: one problem of the settings file: {problem} says what is
        # wrong ('speed must be one of slow, normal, fast, instant, not "x"'),
        # {value} is the value used instead, as the file writes it ("normal", 5, true).
        return _("{problem}; using the default, {value}").format(problem=self.message, value=self.used)


def _check_mapping(data: dict[str, Any]) -> tuple[Settings, list[SettingsProblem]]:
    problems: list[SettingsProblem] = []
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
                default = getattr(defaults, key)
                # The default name as the screens show it ("You" in the player's language).
                used = shown_name(default) if key == "player_name" else default
                problems.append(SettingsProblem((key,), str(error), _as_written(used)))
    rules = defaults.rules
    raw_rules = data.get("rules", {})
    if not isinstance(raw_rules, dict):
        problems.append(SettingsProblem(("rules",), _("[rules] must be a table of rule settings")))
    else:
        default_rules = defaults.rules.to_dict()
        # Rule by rule, so that one bad value does not throw away the others.
        for key, value in raw_rules.items():
            if key == "max_exchanges" and isinstance(value, str) and value.lower() in ("none", "no limit"):
                value = None
            try:
                rules = rules.replace(**{key: value})
            except RulesError as error:
                known = key in default_rules
                used = _as_written(default_rules[key]) if known else None
                problems.append(SettingsProblem((f"rules.{key}",), str(error), used, unknown=not known))
    unknown = sorted(set(data) - {*checks, "rules"})
    if unknown:
        problems.append(
            SettingsProblem(
                tuple(unknown),
                _("unknown settings ignored: {keys}").format(keys=", ".join(unknown)),
                unknown=True,
            )
        )
    return replace(defaults, rules=rules, **values), problems


def settings_from_mapping(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a parsed file; each bad value falls back to its default
    and is named in the returned problems."""
    settings, problems = _check_mapping(data)
    return settings, [problem.message for problem in problems]


SUMMARY_NAMES = 4
"""How many of the wrong settings the toast names (then "…")."""
SUMMARY_PATH = 48
"""How much of the file's path the toast shows (its end, after "…")."""


class SettingsWarning(str):
    """``load_settings``'s warning. As a ``str``, the whole of it, in the
    language in use when the file was read (before the player's language is
    chosen: the setting is in the file); in parts, each in the language in
    use when asked: ``summary`` for a toast, short whatever the file holds,
    and ``heading``, ``problems`` and ``copy_note`` for the Settings screen,
    every problem with its setting, its bad value and what is used instead."""

    path: Path
    backup: Path | None
    """The copy of the file kept beside it, if one could be made."""
    _data: dict[str, Any] | None
    """The file's values, checked again for ``problems``; ``None`` when
    the whole file cannot be used."""
    _reason: Callable[[], str]
    """Why the whole file cannot be used."""
    unreadable: bool
    """The file cannot be read at all (a folder, a FIFO, no permission): a
    save will not replace what it does not know, so the player must move
    it away or mend it first."""

    def __new__(
        cls,
        text: str,
        /,
        *,
        path: Path,
        backup: Path | None,
        data: dict[str, Any] | None = None,
        reason: Callable[[], str] | None = None,
        unreadable: bool = False,
    ) -> SettingsWarning:
        warning = super().__new__(cls, text)
        warning.path = path
        warning.backup = backup
        warning._data = data
        warning._reason = reason or (lambda: text)
        warning.unreadable = unreadable
        return warning

    @property
    def partial(self) -> bool:
        """Some values are wrong (their defaults are used), not the whole file."""
        return self._data is not None

    @property
    def has_bad_values(self) -> bool:
        """Whether a save would replace something of the player's file: a
        value with a default, or a whole file that cannot be used (not one
        that cannot be read: a save refuses it). A key the app does not know
        is no bad value: it is ignored, and a save keeps it."""
        return not self.unreadable and not all(problem.unknown for problem in self.problems())

    def problems(self) -> list[SettingsProblem]:
        """Every problem, in the language in use now."""
        if self._data is None:
            return [SettingsProblem((), self._reason())]
        try:
            problems = _check_mapping(self._data)[1]
        except Exception as error:  # as load_settings: whatever the values
            message = _("a value cannot be used ({error})").format(error=type(error).__name__)
            return [SettingsProblem((), message)]
        return [replace(problem, message=_shorten_values(problem.message)) for problem in problems]

    def summary(self) -> str:
        """The file, how many problems, which settings, and that defaults
        are used: a few lines of a toast at 80 columns, whatever the file
        holds (its path and the names cut short)."""
        path = _short_path(self.path)
        problems = self.problems()

        def named(among: list[SettingsProblem]) -> tuple[int, str]:
            names = list(dict.fromkeys(_short_name(name) for problem in among for name in problem.settings))
            more = ", …" if len(names) > SUMMARY_NAMES else ""
            return len(names), ", ".join(names[:SUMMARY_NAMES]) + more

        if not self.partial or not named(problems)[0]:
            # Translators: a toast at 80x24, 36 columns wide: keep it short.
            # {path} is the settings file.
            return _("The settings file {path} cannot be used; the default settings are used.").format(
                path=path
            )
        # A key the app does not know is ignored, not replaced by a default:
        # it is not counted among the problems (the Settings screen lists it).
        bad = [problem for problem in problems if not problem.unknown]
        if not bad:
            # Nothing is replaced by a default: the keys are ignored, and a
            # save keeps them (a newer version's, a typo the player may fix).
            count, shown = named(problems)
            # Translators: a toast at 80x24, 36 columns wide: keep it short.
            # {settings} names the keys the app does not know ("colour, foo").
            return ngettext(
                "The settings file {path} has a setting ecarte does not know ({settings}): "
                "it is ignored, and kept by a save.",
                "The settings file {path} has {count} settings ecarte does not know ({settings}): "
                "they are ignored, and kept by a save.",
                count,
            ).format(path=path, count=count, settings=shown)
        shown = named(bad)[1]
        # Translators: a toast at 80x24, 36 columns wide: keep it short.
        # {path} is the settings file; {settings} names the settings that are
        # wrong, as the file writes them ("speed, theme").
        text = ngettext(
            "The settings file {path} has {count} problem ({settings}); the default is used instead.",
            "The settings file {path} has {count} problems ({settings}); the defaults are used instead.",
            len(bad),
        )
        return text.format(path=path, count=len(bad), settings=shown)

    def heading(self) -> str:
        """What comes before the list of problems: the file, in full, and
        what the app does about them."""
        path = printable(str(self.path))
        if self.partial:
            # Translators: above the list of the settings file's problems, on the Settings screen.
            text = _(
                "The settings file {path} has these problems; until you save, the file is left as it is "
                "and the defaults are used for its bad values:"
            )
        elif self.unreadable:
            # Translators: above why the settings file cannot be read (a folder, a FIFO), on
            # the Settings screen: a save is refused while it is there.
            text = _(
                "The settings file {path} cannot be read, so the default settings are used; it is "
                "left as it is, and the settings cannot be saved until it is moved away or mended:"
            )
        else:
            # Translators: above why the settings file cannot be used, on the Settings screen.
            text = _(
                "The settings file {path} cannot be used, so the default settings are used; "
                "the file is left as it is until you save:"
            )
        return text.format(path=path)

    def copy_note(self) -> str:
        """Where the copy of the file as it was is kept, or that there is
        none; nothing when no copy was needed (unknown settings only, which a
        save keeps)."""
        if self.backup is None and self.partial and all(problem.unknown for problem in self.problems()):
            return ""
        if self.unreadable:
            return ""  # nothing of it could be read to copy
        if self.backup is None:
            return _("No copy of the file could be made beside it.")
        return _("A copy of the file as it was is kept as {backup}.").format(
            backup=printable(str(self.backup))
        )


def _short_path(path: Path) -> str:
    """The path for a toast: the home folder as ``~``, and only its end when long."""
    text = str(path)
    home = os.path.expanduser("~")
    if home.rstrip(os.sep) and text.startswith(home.rstrip(os.sep) + os.sep):
        text = "~" + text[len(home.rstrip(os.sep)) :]
    text = printable(text)
    return text if len(text) <= SUMMARY_PATH else "…" + text[-(SUMMARY_PATH - 1) :]


def _short_name(name: str) -> str:
    """A setting's name for a toast: printable, and cut when long (a key the app does not know)."""
    text = printable(name)
    return text if len(text) <= 24 else text[:23] + "…"


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


def _existing_backup(path: Path, content: bytes | None) -> Path | None:
    """A ``.bad-*`` copy already holding exactly ``content`` (the file's
    bytes) or, for a file too large to read (``None``), the hard link to it
    made earlier: while the file stays broken, each launch must not add
    another."""
    try:
        candidates = sorted(path.parent.glob(f"{glob.escape(path.name)}.bad-*"))
    except OSError:
        return None
    for candidate in candidates:
        try:
            if content is None:
                if os.path.samefile(candidate, path):
                    return candidate
                continue
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
            _write_new(target, content)
    except OSError:
        return None
    return target


def _write_new(target: Path, content: bytes) -> None:
    """A new file holding ``content``; on failure (a full disk) none at all,
    not an empty or half copy that would pass for a backup."""
    with open(target, "xb") as copy:
        try:
            copy.write(content)
            copy.flush()
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(target)
            raise


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


# Strings and comments, where a dot is text, not a key's separator.
_TOML_TEXT = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\'|#[^\n]*')
# A settings file's keys are two deep at most ([rules] target); the TOML
# readers' time and memory grow with the square of a dotted key's length (a
# 40 KB key of 20,000 parts took 1.5 GB), so a line of more dots is refused.
_DOTS_PER_LINE_AT_MOST = 100


def _keys_too_deep(text: str) -> bool:
    """Whether a line of ``text`` has more dots, outside its strings and
    comments, than any settings key has reason to."""
    if text.count(".") <= _DOTS_PER_LINE_AT_MOST:
        return False
    bare = _TOML_TEXT.sub("", text)
    return any(line.count(".") > _DOTS_PER_LINE_AT_MOST for line in bare.splitlines())


def load_settings(path: Path | None = None) -> tuple[Settings, SettingsWarning | None]:
    """The saved settings and a warning for the player (``None`` when all is
    well). Never raises and never blocks: whatever the path is (a FIFO, a
    link to ``/dev/zero``, 1 GB of text), the app can start. A file with a
    problem is copied beside it; the file itself is left as it is."""
    return _load(path or paths.settings_path(), _backup)


def peek_settings(path: Path | None = None) -> tuple[Settings, SettingsWarning | None]:
    """``load_settings`` making no copy of a file with a problem: for a look
    at the file while the app runs (the copy is made at start and before a
    save replaces the file)."""
    return _load(path or paths.settings_path(), lambda _path, _content: None)


def check_saved_settings(path: Path | None = None, backup: Path | None = None) -> SettingsWarning | None:
    """The warning for the settings file as it is after a save: what it
    still holds that is not used (a key the app does not know, which saving
    keeps), or ``None``. No copy is made: ``backup`` is the one made when the
    app started, if any."""
    return _load(path or paths.settings_path(), lambda _path, _content: backup, copy_made=True)[1]


def _load(
    path: Path, keep: Callable[[Path, bytes | None], Path | None], copy_made: bool = False
) -> tuple[Settings, SettingsWarning | None]:
    """``load_settings``, with ``keep`` making (or, ``copy_made``, naming)
    the copy of a file with a problem: its path and its bytes (``None``: too
    large to read)."""
    try:
        data = read_regular_file(path, MAX_SETTINGS_BYTES, what="it")
    except FileRefused as error:
        if error.missing:
            return Settings(), None
        refused = error.reason
        if refused.startswith("it is"):  # a regular file, only too large
            return Settings(), _warning(
                path,
                lambda: _("{reason} (a settings file is a few hundred bytes)").format(
                    reason=translated(refused)
                ),
                keep(path, None),
            )
        return Settings(), _warning(
            path,
            lambda: _("it cannot be read ({reason})").format(reason=translated(refused)),
            None,
            unreadable=True,
        )
    # Each reason is a function: said again, in the player's language, when shown.
    try:
        text = _decode_settings(data)
        if _keys_too_deep(text):
            raise RecursionError
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        decoding = _shorten_values(str(error))
        return Settings(), _warning(
            path, lambda: _("it is not valid TOML ({error})").format(error=decoding), keep(path, data)
        )
    except RecursionError:
        # tomllib parses nested arrays and inline tables recursively; a
        # dotted key too long to read is refused in the same words.
        return Settings(), _warning(
            path, lambda: _("it nests arrays or tables too deeply to be read"), keep(path, data)
        )
    except NotUtf8:
        return Settings(), _warning(path, lambda: _reason_not_utf8(data), keep(path, data))
    except ValueError:
        # An integer longer than Python converts (4,300 digits).
        return Settings(), _warning(
            path, lambda: _("it holds a number too long to be read"), keep(path, data)
        )
    try:
        settings, problems = _check_mapping(parsed)
    except Exception as error:  # whatever the values, the app must start
        name = type(error).__name__
        return Settings(), _warning(
            path, lambda: _("a value cannot be used ({error})").format(error=name), keep(path, data), True
        )
    if problems:
        text = "; ".join(problem.message for problem in problems)
        # Unknown settings only: a save keeps them, so nothing is lost and no
        # copy is made (one at every start piled up while the key stayed).
        unknown_only = all(problem.unknown for problem in problems)
        backup = None if unknown_only and not copy_made else keep(path, data)
        return settings, _warning(path, lambda: _shorten_values(text), backup, data=parsed)
    return settings, None


def _reason_not_utf8(data: bytes) -> str:
    try:
        _decode_settings(data)
    except NotUtf8 as error:
        return str(error)
    return _("it is not UTF-8 text")


def _warning(
    path: Path,
    reason: Callable[[], str],
    backup: Path | None,
    partial: bool = False,
    *,
    data: dict[str, Any] | None = None,
    unreadable: bool = False,
) -> SettingsWarning:
    """The warning: its whole text, and its parts (``SettingsWarning``).
    ``data``: the file's values, some of them wrong (``partial``, then);
    without them, its parts speak of the whole file, its defaults used;
    ``unreadable``: nothing of it could be read, and a save is refused."""
    partial = partial or data is not None
    values = {"path": path, "reason": reason(), "backup": backup}
    if unreadable:
        text = _(
            "The settings file {path} has a problem: {reason}. Using the default settings; "
            "it is left as it is, and the settings cannot be saved until it is moved away or mended."
        )
    elif partial:
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
    return SettingsWarning(
        text.format(**values), path=path, backup=backup, data=data, reason=reason, unreadable=unreadable
    )


class SettingsNotSaved(OSError):
    """The settings cannot be written. The message, in the player's
    language, names the path and what is wrong with it (never an OS error's
    raw text, which names the temporary file)."""


@dataclass(frozen=True)
class SavedSettings:
    """What ``save_settings`` wrote."""

    path: Path
    """The file written."""
    settings: Settings
    """The settings the file now holds: those saved, with what another
    window saved meanwhile where this one changed nothing."""
    backup: Path | None
    """The copy of the file as it was, kept because it had a problem (it may
    be the copy made when the app started, if the file is still as it was)."""


def save_settings(
    settings: Settings, path: Path | None = None, *, since: Settings | None = None
) -> SavedSettings:
    """Write the settings; ``SettingsNotSaved`` (an ``OSError``) if the file
    cannot be written, the old file then left as it was. Only a regular file
    is replaced: a folder, a FIFO or a device where the file should be is
    named and left alone. The player's comments and any keys the app does
    not know are kept; a settings file that is a symbolic link is written
    through, to the file it points to, and stays a link.

    The file is read again first, since another window (or an editor) may
    have changed it since this one read it: with ``since`` (the settings
    as this window last had them), a value this window did not change keeps
    the file's, so a second window's save is not undone; and a file that
    has come to have a problem is copied beside it before it is replaced,
    as at start (``SavedSettings.backup``)."""
    path = path or paths.settings_path()
    target = _link_target(path)
    _check_replaceable(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        problem = folder_problem(target.parent)
        raise SettingsNotSaved(translated(problem) if problem else _cannot_write(target, error)) from None
    backup = None
    if os.path.lexists(target):
        current, warning = _load(target, _backup)
        backup = warning.backup if warning is not None else None
        if since is not None and (warning is None or warning.partial):
            settings = _merged(settings, since, current)
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
    return SavedSettings(target, settings, backup)


def _merged(mine: Settings, since: Settings, theirs: Settings) -> Settings:
    """``mine`` where it differs from ``since`` (what this window changed),
    ``theirs`` (the file as it is now) elsewhere: value by value, the rules
    too."""
    values = {
        key: getattr(mine if getattr(mine, key) != getattr(since, key) else theirs, key)
        for key in (field.name for field in fields(Settings) if field.name != "rules")
    }
    rules = {
        name: getattr(mine.rules, name)
        if getattr(mine.rules, name) != getattr(since.rules, name)
        else getattr(theirs.rules, name)
        for name in RULE_NAMES
    }
    try:
        merged_rules = Rules(**rules)
    except RulesError:  # the two sets of changes do not go together: this window's wins
        merged_rules = mine.rules
    return Settings(rules=merged_rules, **values)


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
        text = _decode_settings(read_regular_file(path, MAX_SETTINGS_BYTES))
        if _keys_too_deep(text):
            return settings_to_toml(settings)
        document = tomlkit.parse(text)
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
