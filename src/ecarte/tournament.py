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
from ecarte.i18n import N_, _, ngettext, pgettext, translated
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
LOG_MARK = "tournament_seed"
"""The header key that marks a log written by a tournament."""


def logged_name(side: str, player: str) -> str:
    """A player's name in a tournament's log: its side's letter first, which
    tells the two apart when both are the same player ("B: random")."""
    return f"{side}: {player}"


def player_in_log(name: str, extra: dict[str, Any]) -> str:
    """The player a log's ``players`` entry names: without the side letter
    in a tournament's log (``logged_name``), as written in any other."""
    side, mark, player = name.partition(": ")
    return player if LOG_MARK in extra and mark and side in SIDES else name


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
        (logged_name(sides_by_seat[0], players[0].name), logged_name(sides_by_seat[1], players[1].name)),
        first_dealer,
        spec.rules,
        {LOG_MARK: spec.seed, "match": index + 1},
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


FIGURES = (
    # Translators: the rows of ecarte simulate's table; a label may be longer
    # than the English one (the column widens), the numbers follow it.
    ("matches_won", N_("matches won (95% CI)")),
    ("games_won", N_("games won")),
    ("points_per_deal", N_("points per deal")),
    ("voles", N_("voles")),
    ("penalties_suffered", N_("penalties suffered")),
    ("king_points", N_("king points")),
    ("forfeits", N_("forfeits")),
    ("decisions_per_second", N_("decisions per second")),
)
"""The table's rows: the figure of each side, and its label."""


def format_summary(summary: dict[str, Any]) -> str:
    """The results for a reader (in the player's language), one line per
    figure, side A then side B. The rule keys stay as ``--rules`` takes them."""
    sides = summary["sides"]
    a, b = sides["A"], sides["B"]
    matches = summary["matches"]
    changed = {key: value for key, value in summary["rules"].items() if Rules().to_dict()[key] != value}
    # Translators: ecarte simulate's rules when none was changed by --rules.
    rules_text = " ".join(f"{key}={_show(value)}" for key, value in changed.items()) or _("default")
    speed = summary["speed"]
    width = max(len(a["player"]), len(b["player"]), 24) + 6
    labels = {key: _(label) for key, label in FIGURES}
    label_width = max(22, *(len(label) + 2 for label in labels.values()))

    def row(label: str, left: str, right: str) -> str:
        return f"{label:<{label_width}}{left:<{width}}{right}"

    def wins(side: dict[str, Any]) -> str:
        low, high = side["win_interval"]
        return f"{side['matches_won']} ({100 * side['win_rate']:.1f}%, {100 * low:.1f}-{100 * high:.1f}%)"

    def rate(value: float | None) -> str:
        return "-" if value is None else _grouped(f"{value:,.0f}")

    def figure(side: dict[str, Any], key: str) -> str:
        if key == "matches_won":
            return wins(side)
        if key == "points_per_deal":
            return f"{side[key]:.3f}"
        if key == "decisions_per_second":
            return rate(side[key])
        return str(side[key])

    # Translators: the first line of ecarte simulate's results: "12 matches, seed 0, rules:
    # default; 40 deals" ({matches} and {deals} are the two lines below, {rules} KEY=VALUE as typed).
    heading = _("{matches}, seed {seed}, rules: {rules}; {deals}").format(
        matches=ngettext("{count} match", "{count} matches", matches).format(count=matches),
        seed=summary["seed"],
        rules=rules_text,
        deals=ngettext("{count} deal", "{count} deals", summary["deals"]).format(count=summary["deals"]),
    )
    lines = [
        heading,
        row("", f"A: {a['player']}", f"B: {b['player']}"),
        *(row(labels[key], figure(a, key), figure(b, key)) for key, __ in FIGURES),
        # Translators: the last line of ecarte simulate's results: the time the tournament took
        # and its speed ({matches} and {decisions} are numbers with a decimal point).
        _("{seconds} s in all: {matches} matches and {decisions} decisions per second").format(
            seconds=f"{speed['elapsed_seconds']:.1f}",
            matches=_number(speed["matches_per_second"]),
            decisions=_number(speed["decisions_per_second"]),
        ),
    ]
    shown = summary["forfeits"][:3]
    for forfeit in shown:
        player = sides[forfeit["side"]]["player"]
        # Translators: {side} is A or B, {player} as given on the command line; {message} is
        # the bot's fault ("bot 'cmd:x' forfeits (timeout): ...").
        lines.append(
            _("match {number}: {side} ({player}) forfeited: {message}").format(
                number=forfeit["match"],
                side=forfeit["side"],
                player=player,
                message=translated(forfeit["message"]),
            )
        )
    more = len(summary["forfeits"]) - len(shown)
    if more > 0:
        lines.append(
            ngettext(
                "... and {count} more forfeit (--json lists them all)",
                "... and {count} more forfeits (--json lists them all)",
                more,
            ).format(count=more)
        )
    return "\n".join(lines)


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(item) for item in value)
    return json.dumps(value)


def _number(value: float | None) -> str:
    return "-" if value is None else _grouped(f"{value:,.1f}")


def _grouped(number: str) -> str:
    """``number``'s thousands separated as the player's language does
    (the decimal point stays a point in every language)."""
    # Translators: the separator of thousands in ecarte simulate's numbers ("339,875"): where
    # a comma is the decimal mark, a space ("339 875"). The decimal point stays ".".
    return number.replace(",", pgettext("thousands", ","))


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
    # Translators: ecarte simulate's errors keep the option's name (--matches, --jobs...).
    if args.matches < 1:
        raise ValueError(_("--matches must be at least 1, not {value}").format(value=args.matches))
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise ValueError(_("--jobs must be at least 1, not {value}").format(value=jobs))
    try:
        rules = rules_from_assignments(list(args.rules))
    except RulesError as error:
        raise ValueError(f"--rules: {error}") from None
    timeout = getattr(args, "timeout", None)
    if timeout is None:
        timeout = DEFAULT_TIMEOUT
    elif not 0 < timeout <= MAX_TIMEOUT:  # NaN fails this test too
        raise ValueError(
            _("--timeout must be a number of seconds above 0 and at most {most} (a day), not {value}").format(
                most=f"{MAX_TIMEOUT:g}", value=f"{timeout:g}"
            )
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
    # Translators: {folder} is the directory as typed, in quotes; keep --log-dir.
    folder = repr(str(directory))
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(
            _("--log-dir {folder}: cannot create it: {error}").format(
                folder=folder, error=error.strerror or error
            )
        ) from None
    if not directory.is_dir():
        raise ValueError(_("--log-dir {folder} is not a directory").format(folder=folder))
    clashes = [path for path in _log_paths(spec) if path.exists()]
    if len(clashes) == 1:
        raise ValueError(
            _(
                "--log-dir {folder} already holds {file}; choose another directory so no log is overwritten"
            ).format(folder=folder, file=clashes[0].name)
        )
    if clashes:
        more = len(clashes) - 1
        raise ValueError(
            ngettext(
                "--log-dir {folder} already holds {file} and {count} more match log; "
                "choose another directory so no log is overwritten",
                "--log-dir {folder} already holds {file} and {count} more match logs; "
                "choose another directory so no log is overwritten",
                more,
            ).format(folder=folder, file=clashes[0].name, count=more)
        )
    if not os.access(directory, os.W_OK):
        raise ValueError(_("--log-dir {folder} is not writable").format(folder=folder))


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
            # Translators: beside ecarte simulate's progress bar: "12.5 matches/s".
            return Text("" if speed is None else _("{rate} matches/s").format(rate=f"{speed:.1f}"))

    columns = (
        # Translators: beside ecarte simulate's progress bar: "matches ━━━━ 3/10 1.2 matches/s
        # left 0:00:06".
        TextColumn(_("matches"), markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TextColumn(_("left"), markup=False),
        TimeRemainingColumn(),
    )
    with Progress(*columns, transient=True) as progress:
        task = progress.add_task("matches", total=spec.matches)
        return play_tournament(spec, jobs, on_done=lambda count: progress.advance(task, count))
