"""The tournament runner: ``ecarte simulate A B --matches N``.

Matches come in pairs on the same decks with the sides swapped (A at seat 0
in the first, B in the second, the same seat dealing first), so the luck of
the cards cancels; the seat that deals first alternates from pair to pair.
Decks and player seeds derive from (seed, match number) alone, so the
results do not depend on ``--jobs``. A bot's fault forfeits its match and
the tournament goes on.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ecarte.ai.base import Player
from ecarte.engine import Match, Rules, RulesError, shuffled_deck
from ecarte.engine.match import tally_deals
from ecarte.engine.rules import rules_from_assignments
from ecarte.play.loop import FaultPolicy, Forfeit, MatchRecorder, MatchRunner
from ecarte.protocol.host import (
    COMMAND_PREFIX,
    DEFAULT_TIMEOUT,
    BotFault,
    ExternalPlayer,
    check_command,
    resolve_player,
)

__all__ = [
    "Forfeit",
    "MatchOutcome",
    "MatchRecorder",
    "TournamentSpec",
    "format_summary",
    "log_path",
    "match_plan",
    "play_match",
    "play_one",
    "play_tournament",
    "player_seed",
    "run_simulate",
    "summarize",
    "wilson_interval",
]

SIDES = ("A", "B")
MAX_TIMEOUT = 86_400.0
"""Longest time limit for a bot's answer, in seconds: a day (longer ones
overflow the system's timers, and no match waits that long)."""
Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


@dataclass(slots=True)
class MatchOutcome:
    """What one match did, seat by seat (seat 0 first in every pair)."""

    winner: int
    games: list[list[int]]
    games_won: list[int]
    deals: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    voles: list[int] = field(default_factory=lambda: [0, 0])
    penalties_suffered: list[int] = field(default_factory=lambda: [0, 0])
    king_points: list[int] = field(default_factory=lambda: [0, 0])
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    thinking: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """Seconds each seat spent deciding."""
    forfeit: Forfeit | None = None


def _bot_fault(error: Exception) -> tuple[str, str]:
    assert isinstance(error, BotFault)
    return error.kind, error.message


BOT_FAULTS = FaultPolicy(faults=(BotFault,), describe=_bot_fault)
"""A bot's fault (``BotFault``) or an illegal action forfeits its match; a
built-in player's exception is a bug, and stops the tournament."""


def play_match(
    players: Sequence[Player],
    rules: Rules,
    first_dealer: int,
    deck_rng: random.Random,
    recorder: MatchRecorder | None = None,
) -> MatchOutcome:
    """Play one match between ``players`` (seat 0, seat 1) through the game
    loop. Each deal's deck is the next shuffle of ``deck_rng``. A
    ``BotFault`` (or any illegal action) forfeits the match to the other
    seat. The players are closed (bots end) whatever happens."""
    for player in players:
        _set_player_names(player, players)
    runner = MatchRunner(
        Match(rules, first_dealer), players, lambda: shuffled_deck(deck_rng), recorder, BOT_FAULTS
    )
    try:
        runner.start()
        runner.run()
    finally:
        runner.close_players()
    match = runner.match
    winner = runner.winner
    assert winner is not None
    outcome = MatchOutcome(
        winner=winner,
        games=[list(score) for score in match.games],
        games_won=list(match.games_won),
        decisions=runner.stats.decisions,
        thinking=runner.stats.thinking,
        forfeit=runner.forfeit,
    )
    tally = tally_deals(match.deals)
    outcome.deals = len(match.deals)
    outcome.points = tally.points
    outcome.king_points = tally.king_points
    outcome.voles = tally.voles
    outcome.penalties_suffered = tally.penalties_suffered
    return outcome


def _set_player_names(player: Player, players: Sequence[Player]) -> None:
    # A bot's hello names both players.
    if isinstance(player, ExternalPlayer):
        player.players = (players[0].name, players[1].name)


# ------------------------------------------------------------ the schedule


def match_plan(seed: int, index: int) -> tuple[int, int, random.Random]:
    """For match ``index`` (0-based): the seat of side A, the first dealer,
    and the deck generator. A pair (2k, 2k+1) shares its decks and first
    dealer, with the sides swapped; the first dealer alternates by pair."""
    pair = index // 2
    seat_of_a = index % 2
    first_dealer = pair % 2
    return seat_of_a, first_dealer, random.Random(f"ecarte-decks:{seed}:{pair}")


def player_seed(seed: int, index: int, side: str) -> int:
    return random.Random(f"ecarte-player:{seed}:{index}:{side}").getrandbits(32)


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    player_a: str
    player_b: str
    matches: int
    seed: int
    rules: Rules
    log_dir: str | None = None
    timeout: float = DEFAULT_TIMEOUT


def log_path(spec: TournamentSpec, index: int) -> Path:
    assert spec.log_dir is not None
    width = max(4, len(str(spec.matches)))
    return Path(spec.log_dir) / f"match-{index + 1:0{width}d}.ecarte.jsonl"


def play_one(spec: TournamentSpec, index: int) -> MatchOutcome:
    """Match ``index`` of the tournament; its outcome seat by seat."""
    seat_of_a, first_dealer, deck_rng = match_plan(spec.seed, index)
    names = (spec.player_a, spec.player_b)
    by_seat = (names[0], names[1]) if seat_of_a == 0 else (names[1], names[0])
    sides_by_seat = ("A", "B") if seat_of_a == 0 else ("B", "A")
    players = [
        resolve_player(by_seat[seat], player_seed(spec.seed, index, sides_by_seat[seat]), spec.timeout)
        for seat in (0, 1)
    ]
    if spec.log_dir is None:
        return play_match(players, spec.rules, first_dealer, deck_rng)
    from ecarte.log import LogWriter

    writer = LogWriter.create(
        log_path(spec, index),
        # Side letters tell the two apart when both are the same player.
        (f"{sides_by_seat[0]}: {players[0].name}", f"{sides_by_seat[1]}: {players[1].name}"),
        first_dealer,
        spec.rules,
        {"tournament_seed": spec.seed, "match": index + 1},
        # An fsync per line would make logging cost far more than playing.
        durable=False,
    )
    try:
        return play_match(players, spec.rules, first_dealer, deck_rng, writer)
    finally:
        writer.close()


def _play_batch(spec: TournamentSpec, indexes: Sequence[int]) -> list[tuple[int, MatchOutcome]]:
    return [(index, play_one(spec, index)) for index in indexes]


def play_tournament(
    spec: TournamentSpec, jobs: int = 1, on_done: Callable[[int], None] | None = None
) -> list[MatchOutcome]:
    """Every match's outcome, in match order; ``on_done(n)`` after each batch
    of ``n`` matches. With ``jobs`` > 1 the matches run in worker processes."""
    outcomes: dict[int, MatchOutcome] = {}
    if jobs <= 1 or spec.matches == 1:
        for index in range(spec.matches):
            outcomes[index] = play_one(spec, index)
            if on_done is not None:
                on_done(1)
        return [outcomes[index] for index in range(spec.matches)]
    batch = max(1, min(25, spec.matches // (jobs * 8)))
    batches = [range(start, min(start + batch, spec.matches)) for start in range(0, spec.matches, batch)]
    # Fresh interpreters for the workers: forking a process that runs a
    # progress-bar thread can deadlock.
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(method)) as pool:
        pending: set[Future[list[tuple[int, MatchOutcome]]]] = {
            pool.submit(_play_batch, spec, list(indexes)) for indexes in batches
        }
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    results = future.result()
                    outcomes.update(results)
                    if on_done is not None:
                        on_done(len(results))
        finally:
            for future in pending:
                future.cancel()
    return [outcomes[index] for index in range(spec.matches)]


# ------------------------------------------------------------ statistics


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    proportion = successes / trials
    factor = z * z / trials
    centre = (proportion + factor / 2) / (1 + factor)
    half = z / (1 + factor) * math.sqrt(proportion * (1 - proportion) / trials + factor / (4 * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(spec: TournamentSpec, outcomes: Sequence[MatchOutcome], elapsed: float) -> dict[str, Any]:
    """The results as one JSON-ready object (what ``--json`` prints)."""
    names = {"A": spec.player_a, "B": spec.player_b}
    sides: dict[str, dict[str, Any]] = {}
    total_deals = sum(outcome.deals for outcome in outcomes)
    forfeits: list[dict[str, Any]] = []
    for side in SIDES:
        totals: dict[str, Any] = {
            "player": names[side],
            "matches_won": 0,
            "games_won": 0,
            "points": 0,
            "voles": 0,
            "penalties_suffered": 0,
            "king_points": 0,
            "forfeits": 0,
            "decisions": 0,
        }
        thinking = 0.0
        for index, outcome in enumerate(outcomes):
            seat = _seat_of(side, index)
            totals["matches_won"] += outcome.winner == seat
            totals["games_won"] += outcome.games_won[seat]
            totals["points"] += outcome.points[seat]
            totals["voles"] += outcome.voles[seat]
            totals["penalties_suffered"] += outcome.penalties_suffered[seat]
            totals["king_points"] += outcome.king_points[seat]
            totals["decisions"] += outcome.decisions[seat]
            thinking += outcome.thinking[seat]
            if outcome.forfeit is not None and outcome.forfeit.seat == seat:
                totals["forfeits"] += 1
                forfeits.append({"match": index + 1, "side": side, "seat": seat, **asdict(outcome.forfeit)})
        low, high = wilson_interval(totals["matches_won"], len(outcomes))
        totals["win_rate"] = totals["matches_won"] / len(outcomes) if outcomes else 0.0
        totals["win_interval"] = [round(low, 4), round(high, 4)]
        totals["points_per_deal"] = round(totals["points"] / total_deals, 4) if total_deals else 0.0
        totals["thinking_seconds"] = round(thinking, 3)
        totals["decisions_per_second"] = round(totals["decisions"] / thinking, 1) if thinking > 0 else None
        sides[side] = totals
    forfeits.sort(key=lambda item: item["match"])
    decisions = sides["A"]["decisions"] + sides["B"]["decisions"]
    return {
        "players": names,
        "matches": len(outcomes),
        "seed": spec.seed,
        "rules": spec.rules.to_dict(),
        "deals": total_deals,
        "sides": sides,
        "forfeits": forfeits,
        "speed": {
            "elapsed_seconds": round(elapsed, 3),
            "matches_per_second": round(len(outcomes) / elapsed, 2) if elapsed > 0 else None,
            "decisions_per_second": round(decisions / elapsed, 1) if elapsed > 0 else None,
        },
    }


def _seat_of(side: str, index: int) -> int:
    seat_of_a = index % 2
    return seat_of_a if side == "A" else 1 - seat_of_a


def format_summary(summary: dict[str, Any]) -> str:
    """The results for a reader, one line per figure, side A then side B."""
    sides = summary["sides"]
    a, b = sides["A"], sides["B"]
    matches = summary["matches"]
    changed = {key: value for key, value in summary["rules"].items() if Rules().to_dict()[key] != value}
    rules_text = " ".join(f"{key}={_show(value)}" for key, value in changed.items()) or "default"
    speed = summary["speed"]
    width = max(len(a["player"]), len(b["player"]), 24) + 6

    def row(label: str, left: str, right: str) -> str:
        return f"{label:<22}{left:<{width}}{right}"

    def wins(side: dict[str, Any]) -> str:
        low, high = side["win_interval"]
        return f"{side['matches_won']} ({100 * side['win_rate']:.1f}%, {100 * low:.1f}-{100 * high:.1f}%)"

    def rate(value: float | None) -> str:
        return "-" if value is None else f"{value:,.0f}"

    lines = [
        f"{matches} matches, seed {summary['seed']}, rules: {rules_text}; {summary['deals']} deals",
        row("", f"A: {a['player']}", f"B: {b['player']}"),
        row("matches won (95% CI)", wins(a), wins(b)),
        row("games won", str(a["games_won"]), str(b["games_won"])),
        row("points per deal", f"{a['points_per_deal']:.3f}", f"{b['points_per_deal']:.3f}"),
        row("voles", str(a["voles"]), str(b["voles"])),
        row("penalties suffered", str(a["penalties_suffered"]), str(b["penalties_suffered"])),
        row("king points", str(a["king_points"]), str(b["king_points"])),
        row("forfeits", str(a["forfeits"]), str(b["forfeits"])),
        row("decisions per second", rate(a["decisions_per_second"]), rate(b["decisions_per_second"])),
        f"{speed['elapsed_seconds']:.1f} s in all: {_number(speed['matches_per_second'])} matches "
        f"and {_number(speed['decisions_per_second'])} decisions per second",
    ]
    shown = summary["forfeits"][:3]
    for forfeit in shown:
        player = sides[forfeit["side"]]["player"]
        lines.append(
            f"match {forfeit['match']}: {forfeit['side']} ({player}) forfeited: {forfeit['message']}"
        )
    if len(summary["forfeits"]) > len(shown):
        lines.append(f"... and {len(summary['forfeits']) - len(shown)} more forfeits (--json lists them all)")
    return "\n".join(lines)


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(item) for item in value)
    return json.dumps(value)


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:,.1f}"


# ------------------------------------------------------------ the command


def run_simulate(args: argparse.Namespace) -> int:
    """``ecarte simulate``: the exit status (2 for wrong arguments)."""
    try:
        spec, jobs = _spec_from_args(args)
    except ValueError as error:
        print(f"ecarte simulate: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    show_progress = not args.json and sys.stdout.isatty()
    # Stopped by SIGTERM, still end the bots: KeyboardInterrupt unwinds
    # through the cleanup of every match in progress.
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupt) if in_main_thread else None
    try:
        outcomes = _with_progress(spec, jobs) if show_progress else play_tournament(spec, jobs)
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)
    summary = summarize(spec, outcomes, time.perf_counter() - started)
    summary["jobs"] = jobs
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_summary(summary))
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _spec_from_args(args: argparse.Namespace) -> tuple[TournamentSpec, int]:
    if args.matches < 1:
        raise ValueError(f"--matches must be at least 1, not {args.matches}")
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise ValueError(f"--jobs must be at least 1, not {jobs}")
    try:
        rules = rules_from_assignments(list(args.rules))
    except RulesError as error:
        raise ValueError(f"--rules: {error}") from None
    timeout = getattr(args, "timeout", None)
    if timeout is None:
        timeout = DEFAULT_TIMEOUT
    elif not 0 < timeout <= MAX_TIMEOUT:  # NaN fails this test too
        raise ValueError(
            f"--timeout must be a number of seconds above 0 and at most {MAX_TIMEOUT:g} "
            f"(a day), not {timeout:g}"
        )
    for name in (args.player_a, args.player_b):
        if name.startswith(COMMAND_PREFIX):
            check_command(name[len(COMMAND_PREFIX) :])
        else:
            resolve_player(name, 0)
    log_dir = getattr(args, "log_dir", None)
    spec = TournamentSpec(args.player_a, args.player_b, args.matches, args.seed, rules, log_dir, timeout)
    if log_dir is not None:
        _prepare_log_dir(spec)
    return spec, min(jobs, args.matches)


def _prepare_log_dir(spec: TournamentSpec) -> None:
    """Create the directory; refuse to overwrite any match log already there."""
    directory = Path(spec.log_dir or ".")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(
            f"--log-dir {str(directory)!r}: cannot create it: {error.strerror or error}"
        ) from None
    if not directory.is_dir():
        raise ValueError(f"--log-dir {str(directory)!r} is not a directory")
    clashes = [path for path in _log_paths(spec) if path.exists()]
    if clashes:
        raise ValueError(
            f"--log-dir {str(directory)!r} already holds {clashes[0].name}"
            + (f" and {len(clashes) - 1} more match logs" if len(clashes) > 1 else "")
            + "; choose another directory so no log is overwritten"
        )
    if not os.access(directory, os.W_OK):
        raise ValueError(f"--log-dir {str(directory)!r} is not writable")


def _log_paths(spec: TournamentSpec) -> Iterator[Path]:
    for index in range(spec.matches):
        yield log_path(spec, index)


def _with_progress(spec: TournamentSpec, jobs: int) -> list[MatchOutcome]:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:.1f} matches/s")

    columns = (
        TextColumn("matches"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, transient=True) as progress:
        task = progress.add_task("matches", total=spec.matches)
        return play_tournament(spec, jobs, on_done=lambda count: progress.advance(task, count))
