"""The ``ecarte`` command: every subcommand and option is declared here.

Each subcommand's work lives in its own module and is imported only when
that subcommand runs, so ``ecarte check`` never loads Textual.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import os
import re
import sys
from collections.abc import Callable, Sequence

from ecarte.i18n import N_, _
from ecarte.text import OutputError, emit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing, which --help does not need
if TYPE_CHECKING:
    from typing import Any

DESCRIPTION = N_("Écarté, the French card game for two, in the terminal against the computer.")
ARGPARSE_WORDS = (
    # Translators: argparse's own words in the help and its errors; keep the %(...)s and %s.
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
)
"""What argparse says itself: looked up in our catalog (``_speak_argparse``)."""


def _terminal_columns() -> int:
    # What shutil.get_terminal_size() answers, without importing shutil (and
    # the compression modules it brings) on every start.
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 80
    except (AttributeError, ValueError, OSError):
        return 80


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, told the width (argparse makes one for each
    option it adds, and would import shutil for the first)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24) -> None:
        super().__init__(prog, indent_increment, max_help_position, width=_terminal_columns() - 2)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def print_help(self, file: Any = None) -> None:
        # argparse drops a failed write without a word (and exits 0); said
        # instead, as for any command's output (``main``).
        if file is not None:
            super().print_help(file)
            return
        try:
            _print_out(self.format_help().removesuffix("\n"))
        except OutputError as error:
            error.program = self.prog
            raise


class _VersionAction(argparse.Action):
    """``--version``: the installed package's version, read only when asked
    (importlib.metadata is not free, and ``ecarte check`` starts fast)."""

    def __init__(
        self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: object
    ) -> None:
        super().__init__(
            option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=_("print the version and exit")
        )

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from importlib.metadata import version

        _print_out(f"ecarte {version('ecarte')}")
        parser.exit()


def _print_out(text: str) -> None:
    """``text`` on standard output, as a command prints it (``emit``)."""
    if sys.stdout is None:
        raise OutputError(None)
    emit(text, sys.stdout)


def _lang_help() -> str:
    from ecarte.i18n import LANGUAGES

    # Translators: the command line's help texts go through argparse: write a percent sign as %%.
    return _("the language of the text: {languages} (default: the settings', else the system's)").format(
        languages=", ".join(LANGUAGES)
    )


def _speak_argparse() -> None:
    """argparse looks its words up with its module's ``_`` at each use;
    pointing it at our catalog makes "usage:" and its errors speak the
    player's language too (they are in ``ARGPARSE_WORDS``)."""
    from ecarte import i18n

    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]


class _PlayersHelp(str):
    """A help text naming the built-in players ("{players}"), looked up only
    when the help is shown: the list is ecarte.ai's, which every command
    would otherwise load (argparse fills a help in with ``%``)."""

    __slots__ = ()

    def __mod__(self, values: object) -> str:
        from ecarte.ai import player_names

        return str.__mod__(str(self).replace("{players}", ", ".join(player_names())), values)


def _plain_integer(text: str) -> tuple[str, str]:
    """A whole number as typed, stripped, and as a message quotes it (cut
    short: argparse echoed all 5,000 digits of one); ``ArgumentTypeError``
    unless it is written in the digits 0 to 9 (int() also reads "٣" and
    "1_000")."""
    value = text.strip()
    shown = repr(value if len(value) <= 30 else f"{value[:16]}…{value[-8:]}")
    if not re.fullmatch(r"[+-]?[0-9]+", value, re.ASCII):
        raise argparse.ArgumentTypeError(_("not a whole number: {value}").format(value=shown))
    return value, shown


def _seed(text: str) -> int:
    """A --seed: a whole number of up to the digits Python reads."""
    from ecarte.i18n import Grouped

    value, shown = _plain_integer(text)
    digits = len(value.lstrip("+-"))
    limit = sys.get_int_max_str_digits()
    if digits > limit:
        raise argparse.ArgumentTypeError(
            # Translators: {value} is the seed as typed, cut short; {limit} a number of digits.
            _("{value} has {count} digits; a seed has at most {limit}").format(
                value=shown, count=f"{Grouped(digits):,}", limit=f"{Grouped(limit):,}"
            )
        )
    return int(value)


def _whole_number(text: str) -> int:
    """--matches, --jobs, --port, --max-games: a whole number; its range is
    the command's to check, and past 18 digits it is far beyond any."""
    value, shown = _plain_integer(text)
    if len(value.lstrip("+-")) > 18:
        # Translators: {value} is the number as typed, cut short.
        raise argparse.ArgumentTypeError(_("{value} is far too large").format(value=shown))
    return int(value)


def _file_name(text: str) -> str:
    """A FILE argument: an empty one (``ecarte check ""``) names nothing, and
    would be read as the current folder."""
    if not text:
        raise argparse.ArgumentTypeError(_("the file name is empty"))
    return text


def build_parser() -> argparse.ArgumentParser:
    """The parser, its help in the language in use (``ecarte.i18n``)."""

    _speak_argparse()
    parser = _Parser(
        prog="ecarte",
        description=_(DESCRIPTION),
        epilog=_("Run without a command to open the game's title screen."),
    )
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument("--lang", metavar="LANG", default=None, help=_lang_help())
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    parser.commands = commands.choices  # type: ignore[attr-defined]  # each command's parser, by name

    play = commands.add_parser(
        "play", help=_("start a match at once"), description=_("Start a match at once.")
    )
    play.add_argument(
        "--opponent",
        metavar="LEVEL",
        help=_(
            "easy, normal or expert (default: the settings' level), a built-in player "
            "(random, classic, master, expert-2026-11), or cmd:COMMAND for a program "
            "speaking the bot protocol"
        ),
    )
    play.add_argument(
        "--seed", type=_seed, metavar="N", help=_("seed for the decks, to replay the same cards")
    )
    play.add_argument(
        "--rules",
        nargs="+",
        action="extend",
        default=[],
        metavar="KEY=VALUE",
        help=_("rule variants for this match, e.g. target=7 ace_high=true (default: the settings')"),
    )

    commands.add_parser(
        "learn",
        help=_("the lesson: three guided deals against Klara, then a match against the Easy level"),
        description=_(
            "Learn écarté by playing: three prepared deals against Klara (a game to 5), then a real "
            "match against the Easy level."
        ),
    )

    replay = commands.add_parser(
        "replay",
        help=_("step through a saved match log"),
        description=_("Open the replay viewer on a match log."),
    )
    replay.add_argument("file", metavar="FILE", type=_file_name, help=_("a match log (.ecarte.jsonl)"))

    check = commands.add_parser(
        "check",
        help=_("check a match log and summarise it"),
        description=_(
            "Replay a match log through the rules and print a summary. "
            "Exit status: 0 valid, 1 invalid, 2 unreadable file or wrong arguments."
        ),
    )
    check.add_argument("--json", action="store_true", help=_("print one JSON object instead of the summary"))
    check.add_argument("file", metavar="FILE", type=_file_name, help=_("a match log (.ecarte.jsonl)"))

    bot = commands.add_parser(
        "bot",
        help=_("run a built-in player as a protocol bot on stdin/stdout"),
        description=_("Speak the bot protocol (spec: docs/bot-protocol.md) on standard input and output."),
    )
    bot.add_argument(
        "name",
        metavar="NAME",
        # Translators: {players} lists the built-in players' names, which stay as typed.
        help=_PlayersHelp(_("a built-in player: {players}")),
    )
    bot.add_argument("--seed", type=_seed, default=0, metavar="S", help=_("the player's seed (default 0)"))

    simulate = commands.add_parser(
        "simulate",
        help=_("play a tournament between two players"),
        description=_(
            "Play N matches between players A and B, each as seat 0 and first dealer equally often."
        ),
    )
    # Translators: {players} lists the built-in players' names, which stay as typed.
    either = _PlayersHelp(_("a built-in player ({players}) or cmd:COMMAND"))
    simulate.add_argument("player_a", metavar="A", help=either)
    simulate.add_argument("player_b", metavar="B", help=either)
    simulate.add_argument(
        "--matches", type=_whole_number, required=True, metavar="N", help=_("number of matches")
    )
    simulate.add_argument("--seed", type=_seed, default=0, metavar="S", help=_("seed for decks and players"))
    simulate.add_argument(
        "--jobs",
        type=_whole_number,
        default=None,
        metavar="J",
        help=_("parallel processes (default: the number of cores)"),
    )
    simulate.add_argument(
        "--rules",
        nargs="+",
        action="extend",
        default=[],
        metavar="KEY=VALUE",
        help=_("rule variants, e.g. games_to_win=2"),
    )
    simulate.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help=_("time limit for a cmd: bot's answer (default 10)"),
    )
    simulate.add_argument("--log-dir", metavar="DIR", help=_("write each match's log into DIR"))
    simulate.add_argument("--json", action="store_true", help=_("print the results as one JSON object"))

    analyse = commands.add_parser(
        "analyse",
        help=_("say what each decision of a match log was worth"),
        description=_(
            "Value every decision with a choice in a match log by the chance of winning the "
            "match, and flag the inaccuracies, mistakes and blunders. "
            "Exit status: 0 valid, 1 invalid (analysed up to the error), "
            "2 unreadable file or wrong arguments."
        ),
    )
    analyse.add_argument("file", metavar="FILE", type=_file_name, help=_("a match log (.ecarte.jsonl)"))
    analyse.add_argument(
        "--seat", type=int, choices=(0, 1), metavar="N", help=_("analyse only seat N (0 or 1)")
    )
    analyse.add_argument("--json", action="store_true", help=_("print one JSON object instead of the report"))
    analyse.add_argument(
        "--seed", type=_seed, default=0, metavar="S", help=_("seed for the sampling (default 0)")
    )

    stats = commands.add_parser(
        "stats",
        help=_("your record, from the saved match logs"),
        description=_(
            "Summarise the saved match logs: matches won per level and rules, points, "
            "voles, penalties, king points, streaks, assisted matches and accuracy."
        ),
    )
    stats.add_argument("--json", action="store_true", help=_("print one JSON object instead of the summary"))
    stats.add_argument("--dir", metavar="DIR", help=_("the folder of logs (default: the saved matches)"))
    serve = commands.add_parser(
        "serve",
        help=_("serve the game to web browsers"),
        description=_(
            "Serve the game to web browsers: each tab that opens the page plays its own match, "
            "saved like a match in the terminal. There is no login: keep the default host unless every "
            "machine that can reach this one may play."
        ),
    )
    serve.add_argument("--host", default="127.0.0.1", help=_("the address to listen on (default 127.0.0.1)"))
    serve.add_argument(
        "--port", type=_whole_number, default=8000, metavar="N", help=_("the port (default 8000)")
    )
    serve.add_argument(
        "--max-games",
        type=_whole_number,
        default=4,
        metavar="N",
        help=_("games at once, one per browser tab (default 4); the next visitor is told to wait"),
    )
    for command in commands.choices.values():
        # --lang after the command's name too; SUPPRESS keeps one given before it.
        command.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS, help=_lang_help())
    return parser


def _asked_language(argv: Sequence[str]) -> str | None:
    """``--lang``'s value, found before the parser is built (its help is in
    that language)."""
    found = None
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(argv):
            found = argv[index + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    return found


def _speaks_to_a_program(argv: Sequence[str]) -> bool:
    """``--json`` or ``ecarte bot``: the output is for a program and stays
    in English whatever the language (JSON, the protocol)."""
    if "--json" in argv:
        return True
    words = iter(argv)
    for word in words:
        if word == "--lang":
            next(words, None)
        elif not word.startswith("-"):
            return word == "bot"
    return False


def _asks_for_help(argv: Sequence[str]) -> bool:
    """``-h`` or ``--help`` before any ``--``: argparse prints a help."""
    for word in argv:
        if word == "--":
            return False
        if word in ("-h", "--help"):
            return True
    return False


def choose_language(argv: Sequence[str]) -> None:
    """Speak ``--lang``'s language, else the settings', else the system's
    (``ecarte.i18n.choose_language``); English for a program's output
    (``--json``; ``ecarte bot`` unless ``--lang`` is given), but a help
    is for a person, in the same language as the rest (``ecarte check
    --json --help`` too). The app chooses again from the settings it
    loads (``tui.launch``)."""
    from ecarte import i18n

    asked = _asked_language(argv)
    # As i18n.choose_language reads it: an empty --lang is no choice at all.
    if asked and asked != "auto" and i18n.normalize(asked) is None:
        # Said, in English (the language it falls back to), rather than
        # leaving the player to wonder why their language was ignored.
        emit(
            _("ecarte: --lang: no language {asked}; the languages are {languages} (English is used)").format(
                asked=repr(asked), languages=", ".join(i18n.LANGUAGES)
            ),
            sys.stderr,
        )
    if _speaks_to_a_program(argv) and not _asks_for_help(argv):
        # ecarte bot's standard output is the protocol, never translated;
        # its errors are for a person, in the language --lang names, never
        # the system's (a host quotes them the same on every machine).
        bot = "--json" not in argv and asked is not None
        i18n.activate(i18n.choose_language(asked, environ={}) if bot else i18n.SOURCE_LANGUAGE)
        return
    setting = None
    # --version prints no words, so it starts without reading the settings.
    # A settings file that cannot be read or is broken gives no language
    # (the environment's, else English) and no error here: the app warns
    # about it when it loads the settings.
    if asked is None and "--version" not in argv:
        from ecarte.play.language import saved_language

        setting = saved_language()
    i18n.activate(i18n.choose_language(asked, setting))


PRINTING_COMMANDS = ("check", "bot", "simulate", "analyse", "stats")
"""The commands whose results go to standard output (the app's, ``serve``'s
included, draw or log in their own way)."""
OUTPUT_FAILED_STATUS = 1
"""The exit status when standard output cannot be written."""


def main(argv: Sequence[str] | None = None) -> int:
    # Start-up allocates many objects and frees almost none, so a garbage
    # collection while the modules load is wasted time (a few ms of a quick
    # `ecarte check`); collection is as it was before the command runs.
    collecting = gc.isenabled()
    gc.disable()
    try:
        choose_language(sys.argv[1:] if argv is None else argv)
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)
        if extra:
            # Said by the command's parser: its usage line and its name
            # ("ecarte check: error: ..."), not the top level's.
            commands = getattr(parser, "commands", {})
            (commands.get(args.command) or parser).error(_("unrecognized arguments: %s") % " ".join(extra))
        # SIGPIPE stays ignored (Python's default): a write to a bot that has
        # gone is an error the host makes that bot's forfeit, not our death.
        # Only our own standard output's reader going (`ecarte check FILE |
        # head -1`) ends us quietly; line buffering makes that show within
        # the command.
        if isinstance(sys.stdout, io.TextIOWrapper):
            sys.stdout.reconfigure(line_buffering=True)
        command = _command(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # --help, --version
        return _reader_gone()
    except OutputError as error:
        return _output_failed(error.program or "ecarte", error)
    finally:
        if collecting:
            gc.enable()
    try:
        if sys.stdout is None and args.command in PRINTING_COMMANDS:
            # Closed from the start (`>&-`): their output would go nowhere,
            # and `ecarte check` would still say 0, valid.
            raise OutputError(None)
        return command()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _reader_gone()
    except OutputError as error:
        return _output_failed(f"ecarte {args.command}", error)


def _command(args: argparse.Namespace) -> Callable[[], int]:
    """The chosen command, its modules imported (only the ones it needs)."""
    if args.command == "check":
        from ecarte.log.check import run_check

        return lambda: run_check(args.file, as_json=args.json)
    if args.command == "bot":
        from ecarte.protocol.bot import run_bot

        return lambda: run_bot(args.name, seed=args.seed)
    if args.command == "simulate":
        from ecarte.tournament import run_simulate

        return lambda: run_simulate(args)
    if args.command == "analyse":
        from ecarte.analysis.cli import run_analyse

        return lambda: run_analyse(args.file, seat=args.seat, as_json=args.json, seed=args.seed)
    if args.command == "stats":
        from ecarte.analysis.cli import run_stats

        return lambda: run_stats(args.dir, as_json=args.json)
    if args.command == "serve":
        from ecarte.web.server import run_serve

        return lambda: run_serve(args)
    from ecarte.tui.launch import launch

    return lambda: launch(args)


def _reader_gone() -> int:
    """Our standard output's reader went away: end quietly with the status
    of a Unix tool ended by SIGPIPE (141)."""
    _standard_output_to_null()
    return 128 + 13


def _output_failed(program: str, error: OutputError) -> int:
    """Standard output cannot be written: one line on standard error (if
    that can be written: the status tells either way)."""
    if error.reason is None:
        # Translators: {program} is the command ("ecarte check"); its standard output was closed.
        said = _("{program}: cannot write to standard output: it is closed").format(program=program)
    else:
        # Translators: {program} is the command ("ecarte check"); {reason} the system's own words
        # ("No space left on device"), left as they are.
        said = _("{program}: cannot write to standard output: {reason}").format(
            program=program, reason=error.reason
        )
    emit(said, sys.stderr)
    _standard_output_to_null()
    return OUTPUT_FAILED_STATUS


def _standard_output_to_null() -> None:
    """Point standard output at the null device, so that the flush at exit
    cannot fail (and print a traceback) over what is left in its buffer."""
    if sys.stdout is None:
        return  # closed from the start: its descriptor may be a file opened since
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


if __name__ == "__main__":
    sys.exit(main())
