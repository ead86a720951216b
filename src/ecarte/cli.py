"""The ``ecarte`` command: every subcommand and option is declared here.

Each subcommand's work lives in its own module and is imported only when
that subcommand runs, so ``ecarte check`` never loads Textual.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Sequence

DESCRIPTION = "Écarté, the French card game for two, in the terminal against the computer."


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte",
        description=DESCRIPTION,
        epilog="Run without a command to open the game's title screen.",
    )
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    # SIGPIPE stays ignored (Python's default): a write to a bot that has gone
    # is an error the host makes that bot's forfeit, not our death. Only our
    # own standard output's reader going (`ecarte check FILE | head -1`) ends
    # us quietly; line buffering makes that show within the command.
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
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
        from ecarte.tui.launch import launch

        return launch(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _reader_gone()


def _reader_gone() -> int:
    """Our standard output's reader went away: end quietly with the status
    of a Unix tool ended by SIGPIPE (141). Standard output is pointed at the
    null device so that the flush at exit cannot fail."""
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    return 128 + 13


if __name__ == "__main__":
    sys.exit(main())
