"""The player's settings: the rule variants, the opponent, the name, the
pace of play and the card style, kept in a TOML file between runs.

``load_settings`` never fails: a missing file gives the defaults; a broken,
unreadable or out-of-range file gives a warning, the defaults for what is
wrong, and a backup copy of the file (``settings.toml.bad-<time>``) so that
saving later never loses what the player had written. ``save_settings``
writes a new file next to the old one and swaps it in, so a crash never
leaves half a file.
"""

from __future__ import annotations

import glob
import os
import shutil
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

from . import paths

SPEEDS: dict[str, float] = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
"""Play speed -> seconds the opponent's move stays on screen before the next."""

LEVELS = ("easy", "normal", "expert")
CARD_STYLES = ("symbols", "letters")
COACH_MODES = ("off", "request", "always")
"""The coach (``docs/analysis.md``): no hints, a hint on ``h``, or the win
chances always beside the options."""
MAX_NAME_LENGTH = 24


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
    raise ValueError(f"opponent must be one of {', '.join(names)} or cmd:COMMAND, not {value!r}")


def check_name(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"player_name must be a non-empty text, not {value!r}")
    if len(value) > MAX_NAME_LENGTH:
        raise ValueError(f"player_name must be at most {MAX_NAME_LENGTH} characters, not {len(value)}")
    return value


def _check_choice(key: str, value: object, choices: tuple[str, ...]) -> str:
    if isinstance(value, str) and value in choices:
        return value
    raise ValueError(f"{key} must be one of {', '.join(choices)}, not {value!r}")


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
        problems.append("[rules] must be a table of rule settings")
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
        problems.append(f"unknown settings ignored: {', '.join(unknown)}")
    return replace(defaults, rules=rules, **values), problems


def settings_to_toml(settings: Settings) -> str:
    document = tomlkit.document()
    document.add(tomlkit.comment("ecarte settings. Edit in the app (Settings) or here."))
    document.add("player_name", settings.player_name)
    document.add("opponent", settings.opponent)
    document.add("speed", settings.speed)
    document.add("card_style", settings.card_style)
    document.add("coach", settings.coach)
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


def _existing_backup(path: Path) -> Path | None:
    """A ``.bad-*`` copy already holding exactly the file's bytes: while the
    file stays broken, each launch must not add another copy."""
    try:
        content = path.read_bytes()
        candidates = sorted(path.parent.glob(f"{glob.escape(path.name)}.bad-*"))
    except OSError:
        return None
    for candidate in candidates:
        try:
            if (
                candidate.is_file()
                and candidate.stat().st_size == len(content)
                and candidate.read_bytes() == content
            ):
                return candidate
        except OSError:
            continue
    return None


def _backup(path: Path) -> Path | None:
    existing = _existing_backup(path)
    if existing is not None:
        return existing
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{number}")
    try:
        shutil.copy2(path, target)
    except OSError:
        return None
    return target


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a warning for the player (``None`` when all is
    well). Never raises: whatever the file holds, the app can start."""
    path = path or paths.settings_path()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        reason = error.strerror or str(error)
        backup = _backup(path) if path.is_file() else None
        return Settings(), _warning(path, f"it cannot be read ({reason})", backup)
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        return Settings(), _warning(path, "it is not UTF-8 text", _backup(path))
    except tomllib.TOMLDecodeError as error:
        return Settings(), _warning(path, f"it is not valid TOML ({error})", _backup(path))
    except RecursionError:
        # tomllib parses nested arrays and inline tables recursively.
        return Settings(), _warning(path, "it nests arrays or tables too deeply to be read", _backup(path))
    settings, problems = settings_from_mapping(parsed)
    if problems:
        return settings, _warning(path, "; ".join(problems), _backup(path), partial=True)
    return settings, None


def _warning(path: Path, reason: str, backup: Path | None, partial: bool = False) -> str:
    used = "the defaults for those values" if partial else "the default settings"
    kept = f"a copy of it is kept as {backup}" if backup else "it could not be copied"
    return f"The settings file {path} has a problem: {reason}. Using {used}; {kept}."


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings; ``OSError`` if the file cannot be written (the old
    file is then left as it was)."""
    path = path or paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = settings_to_toml(settings)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
