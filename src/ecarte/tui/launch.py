"""Starting the app from the command line: the title screen (no command),
a match at once (``play``), the lesson (``learn``), or the replay viewer
(``replay FILE``).

Bad arguments are told on standard error with exit status 2, before the
screen is taken over; never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from textual.screen import Screen

from ecarte.engine import RulesError
from ecarte.engine.rules import rules_from_assignments
from ecarte.i18n import _, activate, choose_language, translated_error
from ecarte.play.settings import Settings, check_opponent, load_settings

USAGE_ERROR = 2


def _fail(message: str) -> int:
    print(f"ecarte: {message}", file=sys.stderr)
    return USAGE_ERROR


def terminal_problem() -> str | None:
    """Why the app cannot take the screen here, or ``None``. Without a
    terminal (input from /dev/null, output to a file or a pipe: a script,
    cron, ssh without -t) the app drew to nowhere until killed, and ``play``
    left the autosave of a match no one saw."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return None  # a driver of its own: ecarte serve's page in a browser
    if not _is_terminal(sys.stdin):
        problem = _("the game needs a terminal, and its standard input is not one")
    elif not _is_terminal(sys.stdout):
        problem = _("the game needs a terminal, and its standard output is not one")
    elif not _shows_the_table(sys.stdout):
        # A Latin-1 locale, say: every frame and suit was drawn as "\u256d".
        return _(
            "the terminal's character set ({encoding}) cannot show the game's frames and suits: "
            "run it in a UTF-8 locale (LANG=C.UTF-8, for example)"
        ).format(encoding=sys.stdout.encoding)
    else:
        return None
    return problem + " " + _("(ecarte check, analyse, stats and simulate run without one)")


def _shows_the_table(stream: TextIO) -> bool:
    """Whether ``stream``'s encoding has the table's frames and the suits
    (the letter style still draws frames)."""
    try:
        "╭─╮│╰╯▒♠♥♦♣★".encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):  # closed
        return False


def launch(args: argparse.Namespace) -> int:
    settings, warning = load_settings()
    activate(choose_language(getattr(args, "lang", None), settings.language))
    problem = terminal_problem()
    if problem is not None:
        return _fail(problem)
    command = getattr(args, "command", None)
    first_screen: Callable[[], Screen[Any]] | None = None
    if command == "play":
        try:
            first_screen = _prepare_match(args, settings)
        except RulesError as error:
            return _fail(_("--rules: {error}").format(error=error))
        except ValueError as error:
            return _fail(str(error))
    elif command == "learn":
        from .lesson_screen import LessonScreen

        first_screen = LessonScreen
    elif command == "replay":
        try:
            first_screen = _prepare_replay(Path(args.file))
        except ValueError as error:
            return _fail(str(error))
    from .app import EcarteApp

    # The player's own command line: the bot it names may be started again by a Continue.
    named = getattr(args, "opponent", None) if command == "play" else None
    trusted_bot = named if isinstance(named, str) and named.startswith("cmd:") else None
    app = EcarteApp(settings, settings_warning=warning, first_screen=first_screen, trusted_bot=trusted_bot)
    result = app.run()
    return result if isinstance(result, int) else (app.return_code or 0)


def _prepare_match(args: argparse.Namespace, settings: Settings) -> Callable[[], Screen[Any]]:
    rules = rules_from_assignments(list(args.rules or []), settings.rules)
    try:
        opponent = check_opponent(args.opponent) if args.opponent is not None else settings.opponent
    except ValueError as error:
        raise ValueError(_("--opponent: {error}").format(error=error)) from None
    from ecarte.play.session import MatchSession

    from .game_screen import GameScreen

    try:
        session = MatchSession.new(settings, opponent=opponent, rules=rules, seed=args.seed)
    except Exception as error:  # a bot that cannot start, an unwritable data dir: told, not a traceback
        raise ValueError(_("cannot start the match: {error}").format(error=error)) from None
    match_settings = replace(settings, rules=rules, opponent=opponent)
    return lambda: GameScreen(session, match_settings)


def _prepare_replay(path: Path) -> Callable[[], Screen[Any]]:
    from ecarte.log import LogFileError, replay_file

    from .replay_screen import ReplayViewerScreen

    try:
        # A missing file, a folder, a FIFO: named in ecarte check's words.
        replay = replay_file(path)
    except LogFileError as error:
        raise ValueError(translated_error(error)) from None
    return lambda: ReplayViewerScreen(path, replay)
