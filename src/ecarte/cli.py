"""The ``ecarte`` command: every subcommand and option is declared here.

Each subcommand's work lives in its own module and is imported only when
that subcommand runs, so ``ecarte check`` never loads Textual.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing, which --help does not need
if TYPE_CHECKING:
    from typing import Any

DESCRIPTION = "Écarté, the French card game for two, in the terminal against the computer."


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


class _VersionAction(argparse.Action):
    """``--version``: the installed package's version, read only when asked
    (importlib.metadata is not free, and ``ecarte check`` starts fast)."""

    def __init__(
        self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: object
    ) -> None:
        super().__init__(
            option_strings, dest, nargs=0, default=argparse.SUPPRESS, help="print the version and exit"
        )

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from importlib.metadata import version

        print(f"ecarte {version('ecarte')}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ecarte",
        description=DESCRIPTION,
        epilog="Run without a command to open the game's title screen.",
    )
    parser.add_argument("--version", action=_VersionAction)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="start a match at once", description="Start a match at once.")
    play.add_argument(
        "--opponent",
        metavar="LEVEL",
        help="easy, normal or expert (default: the settings' level), a built-in player "
        "(random, classic), or cmd:COMMAND for a program speaking the bot protocol",
    )
    play.add_argument("--seed", type=int, metavar="N", help="seed for the decks, to replay the same cards")
    play.add_argument(
        "--rules",
        nargs="+",
        default=[],
        metavar="KEY=VALUE",
        help="rule variants for this match, e.g. target=7 ace_high=true (default: the settings')",
    )

    commands.add_parser(
        "learn",
        help="a guided first deal, then a game against the Easy level",
        description="Learn écarté by playing: three prepared deals, then a real game against the Easy level.",
    )

    replay = commands.add_parser(
        "replay", help="step through a saved match log", description="Open the replay viewer on a match log."
    )
    replay.add_argument("file", metavar="FILE", help="a match log (.ecarte.jsonl)")

    check = commands.add_parser(
        "check",
        help="check a match log and summarise it",
        description="Replay a match log through the rules and print a summary. "
        "Exit status: 0 valid, 1 invalid, 2 unreadable file or wrong arguments.",
    )
    check.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")
    check.add_argument("file", metavar="FILE", help="a match log (.ecarte.jsonl)")

    bot = commands.add_parser(
        "bot",
        help="run a built-in player as a protocol bot on stdin/stdout",
        description="Speak the bot protocol (spec: docs/bot-protocol.md) on standard input and output.",
    )
    bot.add_argument("name", metavar="NAME", help="a built-in player: random, classic, expert, ...")
    bot.add_argument("--seed", type=int, default=0, metavar="S", help="the player's seed (default 0)")

    simulate = commands.add_parser(
        "simulate",
        help="play a tournament between two players",
        description="Play N matches between players A and B, each as seat 0 and first dealer equally often.",
    )
    simulate.add_argument("player_a", metavar="A", help="a built-in player or cmd:COMMAND")
    simulate.add_argument("player_b", metavar="B", help="a built-in player or cmd:COMMAND")
    simulate.add_argument("--matches", type=int, required=True, metavar="N", help="number of matches")
    simulate.add_argument("--seed", type=int, default=0, metavar="S", help="seed for decks and players")
    simulate.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="J",
        help="parallel processes (default: the number of cores)",
    )
    simulate.add_argument(
        "--rules", nargs="+", default=[], metavar="KEY=VALUE", help="rule variants, e.g. games_to_win=2"
    )
    simulate.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="time limit for a cmd: bot's answer (default 10)",
    )
    simulate.add_argument("--log-dir", metavar="DIR", help="write each match's log into DIR")
    simulate.add_argument("--json", action="store_true", help="print the results as one JSON object")

    analyse = commands.add_parser(
        "analyse",
        help="say what each decision of a match log was worth",
        description="Value every decision with a choice in a match log by the chance of winning the "
        "match, and flag the inaccuracies, mistakes and blunders. "
        "Exit status: 0 valid, 1 invalid (analysed up to the error), 2 unreadable file or wrong arguments.",
    )
    analyse.add_argument("file", metavar="FILE", help="a match log (.ecarte.jsonl)")
    analyse.add_argument("--seat", type=int, choices=(0, 1), metavar="N", help="analyse only seat N (0 or 1)")
    analyse.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    analyse.add_argument("--seed", type=int, default=0, metavar="S", help="seed for the sampling (default 0)")

    stats = commands.add_parser(
        "stats",
        help="your record, from the saved match logs",
        description="Summarise the saved match logs: matches won per level and rules, points, "
        "voles, penalties, king points, streaks, assisted matches and accuracy.",
    )
    stats.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")
    stats.add_argument("--dir", metavar="DIR", help="the folder of logs (default: the saved matches)")
    serve = commands.add_parser(
        "serve",
        help="serve the game to web browsers",
        description="Serve the game to web browsers: each tab that opens the page plays its own match, "
        "saved like a match in the terminal. There is no login: keep the default host unless every "
        "machine that can reach this one may play.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, metavar="N", help="the port (default 8000)")
    serve.add_argument(
        "--max-games",
        type=int,
        default=4,
        metavar="N",
        help="games at once, one per browser tab (default 4); the next visitor is told to wait",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if hasattr(signal, "SIGPIPE"):
        # A reader that goes away (`ecarte check FILE | head -1`) ends us quietly,
        # as it ends any Unix tool, instead of a BrokenPipeError traceback.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        if args.command == "check":
            from ecarte.log.check import run_check

            return run_check(args.file, as_json=args.json)
        if args.command == "bot":
            from ecarte.protocol.bot import run_bot

            return run_bot(args.name, seed=args.seed)
        if args.command == "simulate":
            from ecarte.tournament import run_simulate

            return run_simulate(args)
        if args.command == "analyse":
            from ecarte.analysis.cli import run_analyse

            return run_analyse(args.file, seat=args.seat, as_json=args.json, seed=args.seed)
        if args.command == "stats":
            from ecarte.analysis.cli import run_stats

            return run_stats(args.dir, as_json=args.json)
        if args.command == "serve":
            from ecarte.web.server import run_serve

            return run_serve(args)
        from ecarte.tui.launch import launch

        return launch(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
