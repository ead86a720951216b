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
import contextlib
import json
import math
import multiprocessing
import os
import random
import signal
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ecarte.ai.base import Player
from ecarte.engine import Match, Phase, Rules, RulesError, shuffled_deck
from ecarte.engine.match import tally_deals
from ecarte.engine.quoting import cut_word
from ecarte.engine.rules import rules_from_assignments
from ecarte.i18n import N_, Deferred, Grouped, _, decimal_text, ngettext, translated
from ecarte.log.opponents import TOURNAMENT_KEY
from ecarte.play.autosave import forfeit_path, write_forfeit
from ecarte.play.loop import FaultPolicy, Forfeit, MatchRecorder, MatchRunner
from ecarte.protocol.host import (
    COMMAND_PREFIX,
    DEFAULT_TIMEOUT,
    BotFault,
    ExternalPlayer,
    check_command,
    last_words,
    resolve_player,
)
from ecarte.safefile import folder_problem, not_a_folder
from ecarte.text import emit, printable, short_name

__all__ = [
    "Forfeit",
    "LogNotWritten",
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
LOG_MARK = TOURNAMENT_KEY
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
# Each match's outcome is kept until the report, about 1 KB of it: a million
# matches is a gigabyte. The largest measurement in docs/ai.md is 16,000.
MAX_MATCHES = 1_000_000
JOBS_PER_CORE = 4
"""``--jobs`` is cut to this many worker processes a core: the matches keep
a core busy, so more only wait for one and each costs the memory of a
process (``--jobs 100000`` was tried); a few a core leave room for bots that
wait on something else."""
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
    """Who forfeited and why: its ``message`` is the whole of it, where the
    match stood included (the words of a ``.forfeit`` file)."""
    forfeit_details: dict[str, Any] | None = None
    """The parts of a forfeit's message (``forfeit_details``): what went
    wrong, the bot's last lines, and the decision it failed at."""


def _bot_fault(error: Exception) -> tuple[str, str]:
    assert isinstance(error, BotFault)
    return error.kind, error.message


BOT_FAULTS = FaultPolicy(faults=(BotFault,), describe=_bot_fault)
"""A bot's fault (``BotFault``) or an illegal action forfeits its match; a
built-in player's exception is a bug, and stops the tournament."""


def forfeit_place(match: Match) -> dict[str, Any]:
    """Where ``match`` stands, as the decision a player failed at: the game
    and the deal (counted within the game, from 1), the phase, and the
    trick (from 1) in the tricks phase, else ``None``. Before the first deal
    the game and the deal are 0; between deals (a fault on being told a
    game's result) the phase is ``deal``."""
    game = len(match.games)
    deal = match.deal_in_game() if match.deals else 0
    trick = len(match.tricks) + 1 if match.phase == Phase.TRICKS else None
    return {"game": game, "deal": deal, "phase": str(match.phase), "trick": trick}


_PHASE_PLACES = {
    # Translators: where a bot failed, in "bot 'cmd:x' forfeits (timeout) at game 1, deal 2,
    # the exchange: ...": elder proposing or playing, the dealer answering a proposal, a discard.
    Phase.EXCHANGE: N_("game {game}, deal {deal}, the exchange"),
    Phase.ANSWER: N_("game {game}, deal {deal}, the answer to a proposal"),
    Phase.DISCARD: N_("game {game}, deal {deal}, a discard"),
}


def place_text(place: dict[str, Any]) -> Deferred:
    """``forfeit_place`` in words (a ``Deferred`` text): "game 1, deal 2, trick 3"."""
    game, deal, phase = place["game"], place["deal"], place["phase"]
    if not deal:
        # Translators: where a bot failed: at its start, before any card was dealt.
        return Deferred(N_("the start of the match"))
    if phase == Phase.TRICKS:
        return Deferred(
            N_("game {game}, deal {deal}, trick {trick}"), game=game, deal=deal, trick=place["trick"]
        )
    template = _PHASE_PLACES.get(Phase(phase))
    if template is None:
        # Translators: where a bot failed: when told a game's result, once the deal was over.
        return Deferred(N_("game {game}, after deal {deal}"), game=game, deal=deal)
    return Deferred(template, game=game, deal=deal)


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
    faults: list[BotFault] = []

    def bot_fault(error: Exception) -> tuple[str, str]:
        assert isinstance(error, BotFault)
        faults.append(error)
        return _bot_fault(error)

    policy = FaultPolicy(faults=BOT_FAULTS.faults, describe=bot_fault)
    runner = MatchRunner(
        Match(rules, first_dealer), players, lambda: shuffled_deck(deck_rng), recorder, policy
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
    )
    if runner.forfeit is not None:
        # The match stands where the failed decision was asked: nothing of
        # it was applied.
        outcome.forfeit, outcome.forfeit_details = _placed(runner.forfeit, faults, forfeit_place(match))
    tally = tally_deals(match.deals)
    outcome.deals = len(match.deals)
    outcome.points = tally.points
    outcome.king_points = tally.king_points
    outcome.voles = tally.voles
    outcome.penalties_suffered = tally.penalties_suffered
    return outcome


def _placed(
    forfeit: Forfeit, faults: Sequence[BotFault], place: dict[str, Any]
) -> tuple[Forfeit, dict[str, Any]]:
    """The forfeit, its message saying where it happened, and its parts."""
    where = place_text(place)
    # The runner keeps the first fault told, and the match stops there.
    fault = faults[0] if faults else None
    if fault is not None:
        placed = fault.at(where)
        details = {"problem": fault.problem, "stderr": fault.stderr, **place}
        return Forfeit(forfeit.seat, forfeit.kind, placed.message), details
    # An in-process player's illegal action: its message says who and what.
    message = Deferred(
        # Translators: {where} is the decision ("game 1, deal 2, trick 3"); {problem} what
        # the player did ("'cheat' chose 'king', which is not a legal action now").
        N_("at {where}: {problem}"),
        where=where,
        problem=forfeit.message,
    )
    return Forfeit(forfeit.seat, forfeit.kind, message), {"problem": forfeit.message, "stderr": None, **place}


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

    path = log_path(spec, index)
    try:
        writer = LogWriter.create(
            path,
            (logged_name(sides_by_seat[0], players[0].name), logged_name(sides_by_seat[1], players[1].name)),
            first_dealer,
            spec.rules,
            {LOG_MARK: spec.seed, "match": index + 1},
            # An fsync per line would make logging cost far more than playing.
            durable=False,
        )
    except OSError as error:
        for player in players:  # none was started, but a bot must never be left
            close = getattr(player, "close", None)
            if callable(close):
                with contextlib.suppress(Exception):
                    close()
        # The start-up check found no log of this name: another program
        # (another ``simulate`` into the same folder) made it since.
        raise LogNotWritten(str(path), error, taken=isinstance(error, FileExistsError)) from None
    try:
        outcome = play_match(players, spec.rules, first_dealer, deck_rng, _Recorder(writer, path))
    finally:
        try:
            writer.close()
        except OSError as error:  # its last flush or fsync (a full disk)
            raise LogNotWritten(str(path), error) from None
    if outcome.forfeit is not None:
        # As the app does: the log has no forfeit event, so the reason is
        # kept beside it, and the log does not look merely interrupted.
        try:
            write_forfeit(writer.path, outcome.forfeit.message)
        except OSError as error:
            raise LogNotWritten(str(forfeit_path(writer.path)), error) from None
    return outcome


class LogNotWritten(Exception):
    """A match log (or its ``.forfeit`` file) could not be written: the
    tournament stops, and says which file and why. ``taken``: the log's
    name was taken meanwhile (another run writing into the same folder).
    Made of plain strings, so that it comes back whole from a worker."""

    def __init__(self, path: str, error: OSError | str, taken: bool = False) -> None:
        reason = error if isinstance(error, str) else str(error.strerror or error)
        super().__init__(path, reason, taken)
        self.path = path
        self.reason = reason
        """The system's words ("No space left on device"), not "[Errno 28] ..."."""
        self.taken = taken

    def text(self) -> str:
        """What went wrong, in the player's language."""
        if self.taken:
            folder = os.path.dirname(self.path) or "."
            # Translators: ecarte simulate --log-dir: a match log's name was taken while the
            # tournament ran: {path} is that log, {folder} the --log-dir folder.
            return _("{path} already exists: another run is writing into {folder}").format(
                path=self.path, folder=folder
            )
        return _("{path} cannot be written: {error}").format(path=self.path, error=self.reason)


class WorkerLost(Exception):
    """A worker process of ``--jobs`` ended while it played (killed from
    outside: ``kill -9``, the system out of memory): the tournament stops,
    and says so rather than calling it interrupted."""


class _Recorder:
    """The match's log writer, a write that fails raising ``LogNotWritten``
    (an ``OSError`` from a match could be anything's; this one is the log's)."""

    def __init__(self, writer: MatchRecorder, path: Path) -> None:
        self.writer = writer
        self.path = str(path)

    def write_deal(self, dealer: int, deck: Any) -> None:
        try:
            self.writer.write_deal(dealer, deck)
        except OSError as error:
            raise LogNotWritten(self.path, error) from None

    def write_action(self, player: int, action: Any) -> None:
        try:
            self.writer.write_action(player, action)
        except OSError as error:
            raise LogNotWritten(self.path, error) from None


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a tournament: Ctrl+C, and SIGTERM (``kill``,
``timeout``, a service manager), either of them to the main process alone or
to the whole process group."""

_batch_running = False
"""In a worker process: whether a batch of matches is being played (an
interrupt then ends it, its bots closed)."""
_stopping = False
"""In a worker process: a stop signal came, so no further match starts (a
worker idle at the signal plays none of the batch it is given next)."""


@contextlib.contextmanager
def _stop_signals_held() -> Iterator[None]:
    """Hold the stop signals in this thread (they wait, none is lost) while
    it may start processes: the pool's workers, and the forkserver they are
    forked from, start with them held and cannot be killed by one sent to
    the whole group before they can handle it (a worker or the forkserver
    killed so was a broken pool, with a traceback, and a hang at times)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _worker_start() -> None:
    """A worker's signals: Ctrl+C (SIGINT, which a terminal sends to every
    process of the command) or SIGTERM (to the whole process group, as
    ``timeout`` and service managers send it) interrupts the batch under
    way once, so its matches end their bots; the host process says what
    happened. The worker itself is never killed by one."""
    for number in STOP_SIGNALS:
        signal.signal(number, _worker_interrupt)
    if hasattr(signal, "pthread_sigmask"):
        # Held since the worker started (``_stop_signals_held``): one that
        # came meanwhile is handled now.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def _worker_interrupt(signum: int, frame: object) -> None:
    global _batch_running, _stopping
    _stopping = True
    if _batch_running:
        _batch_running = False  # once: a second one must not cut the bots' cleanup short
        raise KeyboardInterrupt


Played = tuple[list[tuple[int, MatchOutcome]], bool, "LogNotWritten | None"]
"""A batch's matches played (each with its number), whether it was
interrupted, and the log that could not be written, if one stopped it."""


def _play_batch(spec: TournamentSpec, indexes: Sequence[int]) -> Played:
    """The outcomes of the matches of ``indexes`` played, and whether the
    batch was interrupted: then the matches finished before the interrupt,
    so that the count told is of every match finished, none thrown away."""
    global _batch_running
    results: list[tuple[int, MatchOutcome]] = []
    try:
        # An interrupt in the inner ``finally`` is still caught below.
        _batch_running = True
        try:
            for index in indexes:
                if _stopping:
                    return results, True, None
                results.append((index, play_one(spec, index)))
        finally:
            _batch_running = False
    except KeyboardInterrupt:
        return results, True, None
    except LogNotWritten as error:
        return results, False, error
    return results, False, None


WAIT_STEP = 0.2
"""Seconds between looks at whether the tournament was interrupted."""
BATCHES_PER_WORKER = 4
"""Batches submitted ahead for each worker: enough that none waits for
work, few enough that a tournament of a hundred million matches is not a
few million futures made before the first one is played (they took minutes,
and an interrupt meanwhile was told as "after 0 matches")."""
NO_WORKER_LOOKS = 25
"""Looks (``WAIT_STEP`` apart) with batches still pending and no worker
left alive before a stopped tournament gives up waiting for them."""


def play_tournament(
    spec: TournamentSpec, jobs: int = 1, on_done: Callable[[int], None] | None = None
) -> list[MatchOutcome]:
    """Every match's outcome, in match order; ``on_done(n)`` after each batch
    of ``n`` matches. With ``jobs`` > 1 the matches run in worker processes.
    ``KeyboardInterrupt`` when interrupted (Ctrl+C or SIGTERM, to this
    process or its whole group, while ``run_simulate`` runs): every match
    under way is ended, its bots too.
    ``LogNotWritten`` when a match log cannot be written, ``WorkerLost`` when
    a worker was killed from outside: the tournament stops as an interrupt
    does, ``on_done`` told of every match finished."""
    outcomes: dict[int, MatchOutcome] = {}
    if jobs <= 1 or spec.matches == 1:
        for index in range(spec.matches):
            outcomes[index] = play_one(spec, index)
            if on_done is not None:
                on_done(1)
        return [outcomes[index] for index in range(spec.matches)]
    batch = max(1, min(25, spec.matches // (jobs * 8)))
    # Made as they are submitted: the matches of each batch, in order.
    batches = (range(start, min(start + batch, spec.matches)) for start in range(0, spec.matches, batch))
    # Fresh interpreters for the workers: forking a process that runs a
    # progress-bar thread can deadlock.
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    # An interrupt raised anywhere in this thread may strike inside the
    # pool's own locks and leave it hanging: here it only sets a flag, and
    # the loop below stops at a point of its choosing.
    stop = threading.Event()
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = (
        {number: signal.signal(number, lambda *__: stop.set()) for number in STOP_SIGNALS}
        if in_main_thread
        else {}
    )
    pool = ProcessPoolExecutor(
        max_workers=jobs, mp_context=multiprocessing.get_context(method), initializer=_worker_start
    )
    pending: set[Future[Played]] = set()
    failed: list[LogNotWritten] = []
    lost = threading.Event()
    """A worker died: the pool is broken."""

    def take(future: Future[Played]) -> None:
        """Count a finished batch's matches (those played before an
        interrupt too); a worker interrupted, a worker gone (killed: the
        pool is broken) or a log not written stops the tournament."""
        if future.cancelled():
            return
        error = future.exception()
        if isinstance(error, BrokenProcessPool):
            lost.set()
        if isinstance(error, (KeyboardInterrupt, BrokenProcessPool)):
            stop.set()
            return
        results, interrupted, not_written = future.result()  # another exception is a bug: raised here
        if interrupted:
            stop.set()
        if not_written is not None:
            failed.append(not_written)
            stop.set()
        outcomes.update(results)
        if on_done is not None and results:
            on_done(len(results))

    try:
        while not stop.is_set():
            # Keep a few batches per worker submitted, no more.
            while len(pending) < jobs * BATCHES_PER_WORKER and not stop.is_set():
                indexes = next(batches, None)
                if indexes is None:
                    break
                with _stop_signals_held():  # a submit may start a worker
                    try:
                        pending.add(pool.submit(_play_batch, spec, list(indexes)))
                    except BrokenProcessPool:  # a worker was killed: told by its batch
                        lost.set()
                        stop.set()
            if not pending:
                break
            done, pending = wait(pending, timeout=WAIT_STEP, return_when=FIRST_COMPLETED)
            for future in done:
                take(future)
        if len(outcomes) < spec.matches:
            # Stopped: no new batch starts (the pool cancels those not
            # begun: a future cancelled here, while the pool marks it broken,
            # killed the pool's own thread and left the rest waiting
            # forever), and the batches under way end now (a worker
            # interrupted twice would not end its bots).
            pool.shutdown(wait=False, cancel_futures=True)
            _interrupt_workers()
            # What each batch under way played before the stop is counted:
            # the line that says how many matches were played is exact.
            # Never a wait without end: a batch whose worker is gone is
            # given up.
            looks = 0
            while pending and looks < NO_WORKER_LOOKS:
                # A batch the pool cancelled is never told done to a wait.
                pending = {future for future in pending if not future.cancelled()}
                done, pending = wait(pending, timeout=WAIT_STEP)
                for future in done:
                    if not future.cancelled() and future.exception() is None:
                        take(future)
                looks = looks + 1 if not multiprocessing.active_children() else 0
            if failed:
                raise failed[0]
            if lost.is_set():
                raise WorkerLost
            raise KeyboardInterrupt
    except BaseException:
        _interrupt_workers()  # a bug: the batches under way still end their bots
        raise
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        _end_workers()
        pool.shutdown(wait=True, cancel_futures=True)
        for number, handler in previous.items():
            signal.signal(number, handler)
    return [outcomes[index] for index in range(spec.matches)]


WORKERS_END_WITHIN = 5.0
"""Seconds the workers have to exit once told (each batch under way has
ended by then, its bots closed) before they are killed."""


def _interrupt_workers() -> None:
    """Interrupt the batch each worker plays (it ends its bots and says what
    it played); an idle worker plays no more."""
    for worker in multiprocessing.active_children():
        if worker.pid is not None:
            with contextlib.suppress(OSError):
                os.kill(worker.pid, signal.SIGINT)


def _end_workers() -> None:
    """Wait for the workers to exit, and kill those left after
    ``WORKERS_END_WITHIN`` seconds. A pool broken by a worker killed from
    outside ends the others with SIGTERM, which a worker outlives (it is a
    stop signal to it, not its end): one left waiting on the queue the dead
    one held kept ecarte from ever exiting."""
    deadline = time.monotonic() + WORKERS_END_WITHIN
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    for worker in multiprocessing.active_children():
        with contextlib.suppress(OSError):
            worker.kill()
        worker.join(timeout=WORKERS_END_WITHIN)


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
                forfeits.append(
                    {
                        "match": index + 1,
                        "side": side,
                        "seat": seat,
                        **asdict(outcome.forfeit),
                        **(outcome.forfeit_details or {}),
                    }
                )
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


TABLE_COLUMNS = 80
"""The table of ``format_summary`` fits this many columns: a long player's
name is cut (``short_name``) rather than wrapping the rows."""
COLUMN_GAP = 3
MIN_NAME_CELLS = 12
SHOWN_SEED_LENGTH = 40
"""A longer seed is shown by its start, end and length (``--json`` has it whole)."""
FORFEITS_SHOWN = 3


def format_summary(summary: dict[str, Any]) -> str:
    """The results for a reader (in the player's language), one line per
    figure, side A then side B. The rule keys stay as ``--rules`` takes them.
    What comes from the command line or a bot (the players' names, a bot's
    last words) is drawn through ``printable``: it can never move the
    cursor or recolour the terminal."""
    sides = summary["sides"]
    a, b = sides["A"], sides["B"]
    matches = summary["matches"]
    changed = {key: value for key, value in summary["rules"].items() if Rules().to_dict()[key] != value}
    # Translators: ecarte simulate's rules when none was changed by --rules.
    rules_text = " ".join(f"{key}={_show(value)}" for key, value in changed.items()) or _("default")
    speed = summary["speed"]
    labels = {key: _(label) for key, label in FIGURES}
    label_width = max(22, *(len(label) + 2 for label in labels.values()))

    def wins(side: dict[str, Any]) -> str:
        low, high = side["win_interval"]
        won = _count(side["matches_won"])
        rate, low_text, high_text = (decimal_text(100 * value) for value in (side["win_rate"], low, high))
        return f"{won} ({rate}%, {low_text}-{high_text}%)"

    def rate(value: float | None) -> str:
        return "-" if value is None else f"{Grouped(value):,.0f}"

    def figure(side: dict[str, Any], key: str) -> str:
        if key == "matches_won":
            return wins(side)
        if key == "points_per_deal":
            return decimal_text(side[key], 3)
        if key == "decisions_per_second":
            return rate(side[key])
        return _count(side[key])

    # The names as typed when they fit the row, else cut: A's to what B's
    # column leaves (its name or its figures, whichever is wider; half the
    # room at least), then B's to what is left.
    room = TABLE_COLUMNS - label_width - COLUMN_GAP - 2 * len("A: ")
    b_least = max(len(printable(b["player"])), *(len(figure(b, key)) - len("B: ") for key, __ in FIGURES))
    a_cells = min(len(printable(a["player"])), max(room // 2, room - b_least))
    left_name = f"A: {printable(short_name(a['player'], max(MIN_NAME_CELLS, a_cells)))}"
    width = max(len(text) for text in [left_name, *(figure(a, key) for key, __ in FIGURES)]) + COLUMN_GAP
    b_cells = max(MIN_NAME_CELLS, TABLE_COLUMNS - label_width - width - len("B: "))
    header = (left_name, f"B: {printable(short_name(b['player'], b_cells))}")
    names = {"A": header[0][3:], "B": header[1][3:]}

    def row(label: str, left: str, right: str) -> str:
        return f"{label:<{label_width}}{left:<{width}}{right}".rstrip()

    # Translators: the first line of ecarte simulate's results: "12 matches, seed 0, rules:
    # default; 40 deals" ({matches} and {deals} are the two lines below, {rules} KEY=VALUE as typed).
    heading = _("{matches}, seed {seed}, rules: {rules}; {deals}").format(
        matches=ngettext("{count} match", "{count} matches", matches).format(count=_count(matches)),
        seed=_seed_text(summary["seed"]),
        rules=rules_text,
        deals=ngettext("{count} deal", "{count} deals", summary["deals"]).format(
            count=_count(summary["deals"])
        ),
    )
    lines = [
        heading,
        row("", *header),
        *(row(labels[key], figure(a, key), figure(b, key)) for key, __ in FIGURES),
        # Translators: the last line of ecarte simulate's results: the time the tournament took
        # and its speed ({seconds}, {matches} and {decisions} are numbers with one decimal).
        _("{seconds} s in all: {matches} matches and {decisions} decisions per second").format(
            seconds=decimal_text(speed["elapsed_seconds"]),
            matches=_number(speed["matches_per_second"]),
            decisions=_number(speed["decisions_per_second"]),
        ),
    ]
    shown_forfeits = summary["forfeits"][:FORFEITS_SHOWN]
    for forfeit in shown_forfeits:
        lines.append(printable(_forfeit_text(forfeit, names[forfeit["side"]]), keep_newlines=True))
    more = len(summary["forfeits"]) - len(shown_forfeits)
    if more > 0:
        lines.append(
            ngettext(
                "... and {count} more forfeit (--json lists them all)",
                "... and {count} more forfeits (--json lists them all)",
                more,
            ).format(count=_count(more))
        )
    return "\n".join(lines)


def _forfeit_text(forfeit: dict[str, Any], player: str) -> str:
    """One forfeit for a reader: the match, where it stood, who forfeited,
    the fault and what happened, said once; then the bot's last lines."""
    # Translators: one forfeit in ecarte simulate's results: "match 3, game 1, deal 2, trick 4: A
    # (cmd:mybot) forfeits (timeout): no answer within 10 s ..."; {where} is the decision it failed
    # at, {side} A or B, {player} as given on the command line, {kind} the kind of fault (illegal,
    # garbage, timeout, exited), {problem} what happened.
    text = _("match {number}, {where}: {side} ({player}) forfeits ({kind}): {problem}").format(
        number=forfeit["match"],
        where=place_text(forfeit).translated(),
        side=forfeit["side"],
        player=player,
        kind=Deferred(forfeit["kind"]).translated(),
        problem=translated(forfeit["problem"]),
    )
    stderr = forfeit["stderr"]
    if stderr is None:  # not a bot: no standard error of its own
        return text
    return text + "\n" + last_words(stderr).translated()


def _count(value: int) -> str:
    """A count with its thousands grouped, as the other figures are."""
    return f"{Grouped(value):,}"


def _seed_text(seed: int) -> str:
    text = str(seed)
    return text if len(text) <= SHOWN_SEED_LENGTH else cut_word(text)


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(item) for item in value)
    return json.dumps(value)


def _number(value: float | None) -> str:
    return "-" if value is None else f"{Grouped(value):,.1f}"


# ------------------------------------------------------------ the command


INTERRUPTED_STATUS = 130
"""``ecarte simulate``'s exit status when Ctrl+C (or SIGTERM) stops it, as a
shell gives for SIGINT."""
WORKER_LOST_STATUS = 1
"""``ecarte simulate``'s exit status when a worker process was killed from
outside."""
USAGE_STATUS = 2
"""``ecarte simulate``'s exit status for wrong arguments, or a match log
that cannot be written (``--log-dir`` on a full disk, say)."""


def run_simulate(args: argparse.Namespace) -> int:
    """``ecarte simulate``: the exit status (2 for wrong arguments or a log
    that cannot be written, 130 when interrupted)."""
    try:
        spec, jobs = _spec_from_args(args)
    except ValueError as error:
        emit(printable(f"ecarte simulate: {error}"), sys.stderr)
        return USAGE_STATUS
    started = time.perf_counter()
    show_progress = not args.json and sys.stdout.isatty()
    done = [0]

    def count(finished: int) -> None:
        done[0] += finished

    # Stopped by SIGTERM, still end the bots: KeyboardInterrupt unwinds
    # through the cleanup of every match in progress.
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupt) if in_main_thread else None
    try:
        if show_progress:
            outcomes = _with_progress(spec, jobs, count)
        else:
            outcomes = play_tournament(spec, jobs, on_done=count)
    except KeyboardInterrupt:
        emit(
            # Translators: ecarte simulate stopped by Ctrl+C: "interrupted after 12 of 100 matches".
            ngettext(
                "ecarte simulate: interrupted after {done} of {total} match; no results are printed",
                "ecarte simulate: interrupted after {done} of {total} matches; no results are printed",
                spec.matches,
            ).format(done=_count(done[0]), total=_count(spec.matches)),
            sys.stderr,
        )
        return INTERRUPTED_STATUS
    except WorkerLost:
        emit(
            # Translators: ecarte simulate --jobs: one of its worker processes was killed from
            # outside (kill -9, the system out of memory); "stopped after 12 of 100 matches".
            ngettext(
                "ecarte simulate: a worker process ended unexpectedly (killed from outside?); "
                "stopped after {done} of {total} match; no results are printed",
                "ecarte simulate: a worker process ended unexpectedly (killed from outside?); "
                "stopped after {done} of {total} matches; no results are printed",
                spec.matches,
            ).format(done=_count(done[0]), total=_count(spec.matches)),
            sys.stderr,
        )
        return WORKER_LOST_STATUS
    except LogNotWritten as error:
        emit(
            printable(
                # Translators: ecarte simulate --log-dir stopped because a match log could not be
                # written: {problem} says which and why ("match-0012.ecarte.jsonl cannot be
                # written: No space left on device"); "stopped after 12 of 100 matches".
                ngettext(
                    "ecarte simulate: {problem}; stopped after {done} of {total} match; "
                    "no results are printed",
                    "ecarte simulate: {problem}; stopped after {done} of {total} matches; "
                    "no results are printed",
                    spec.matches,
                ).format(problem=error.text(), done=_count(done[0]), total=_count(spec.matches))
            ),
            sys.stderr,
        )
        return USAGE_STATUS
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)
    summary = summarize(spec, outcomes, time.perf_counter() - started)
    summary["jobs"] = jobs
    emit(json.dumps(summary, indent=2) if args.json else format_summary(summary), sys.stdout)
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _spec_from_args(args: argparse.Namespace) -> tuple[TournamentSpec, int]:
    # Translators: ecarte simulate's errors keep the option's name (--matches, --jobs...).
    if not 1 <= args.matches <= MAX_MATCHES:
        raise ValueError(
            _("--matches must be from 1 to {most}, not {value}").format(
                most=f"{Grouped(MAX_MATCHES):,}", value=f"{Grouped(args.matches):,}"
            )
        )
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
    if log_dir is not None and not log_dir.strip():
        # It wrote the logs into the current folder without a word.
        raise ValueError(_("--log-dir must name a folder (. for the current one)"))
    spec = TournamentSpec(args.player_a, args.player_b, args.matches, args.seed, rules, log_dir, timeout)
    if log_dir is not None:
        _prepare_log_dir(spec)
    return spec, _jobs_used(jobs, args.matches)


def _jobs_used(asked: int, matches: int) -> int:
    """The worker processes for ``asked`` jobs: no more than the matches,
    and at most ``JOBS_PER_CORE`` a core, with a note on standard error when
    that is fewer than asked (the results do not depend on it, only the time)."""
    cores = os.cpu_count() or 1
    most = JOBS_PER_CORE * cores
    if min(asked, matches) <= most:
        return min(asked, matches)
    emit(
        # Translators: ecarte simulate --jobs asked for more worker processes than the machine's
        # cores can run: "--jobs 100 is more than 2 cores can use; 8 worker processes are used".
        ngettext(
            "ecarte simulate: --jobs {asked} is more than {cores} core can use; "
            "{most} worker processes are used ({per_core} a core)",
            "ecarte simulate: --jobs {asked} is more than {cores} cores can use; "
            "{most} worker processes are used ({per_core} a core)",
            cores,
        ).format(asked=_count(asked), cores=_count(cores), most=_count(most), per_core=JOBS_PER_CORE),
        sys.stderr,
    )
    return most


def _prepare_log_dir(spec: TournamentSpec) -> None:
    """Create the directory; refuse to overwrite any match log already there."""
    directory = Path(spec.log_dir or ".")
    # Translators: {folder} is the directory as typed, in quotes; keep --log-dir.
    folder = repr(str(directory))
    try:
        mode: int | None = os.stat(directory).st_mode
    except OSError:
        mode = None  # not there yet (it is made), or making it says why not
    if mode is not None and stat.S_ISREG(mode):
        raise ValueError(_("--log-dir {folder} is a file, not a directory").format(folder=folder))
    if mode is not None and not stat.S_ISDIR(mode):
        # "--log-dir '/dev/full' is not a folder but a character device", not "File exists".
        raise ValueError(not_a_folder(f"--log-dir {folder}", mode).translated())
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        # A link to nothing, a file above it: named as it is, where the
        # system's own words would be "File exists" or "Not a directory".
        problem = folder_problem(directory)
        raise ValueError(
            _("--log-dir {folder}: cannot create it: {error}").format(
                folder=folder, error=problem.translated() if problem is not None else error.strerror or error
            )
        ) from None
    if not directory.is_dir():
        raise ValueError(_("--log-dir {folder} is not a directory").format(folder=folder))
    clashes = _logs_there(spec, directory)
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


def _logs_there(spec: TournamentSpec, directory: Path) -> list[Path]:
    """The logs of this tournament's matches already in ``directory``, in
    match order: found by reading the directory once, not by a look for each
    match (a hundred million matches took minutes before the first was played)."""
    prefix, suffix = "match-", log_path(spec, 0).name.partition(".")[2]
    found: list[int] = []
    with os.scandir(directory) as entries:
        for entry in entries:
            number = entry.name.removeprefix(prefix).removesuffix("." + suffix)
            if not (number.isascii() and number.isdigit()) or not 0 < int(number) <= spec.matches:
                continue
            # Any entry of a log's name is one: a link to nothing as well
            # (the log could not be made through it).
            if log_path(spec, int(number) - 1).name == entry.name:
                found.append(int(number) - 1)
    return [log_path(spec, index) for index in sorted(found)]


def _with_progress(spec: TournamentSpec, jobs: int, on_done: Callable[[int], None]) -> list[MatchOutcome]:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = _rate(task.completed, task.elapsed)
            # Translators: beside ecarte simulate's progress bar: "12.5 matches/s".
            return Text("" if speed is None else _("{rate} matches/s").format(rate=_number(speed)))

    class LeftColumn(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = _rate(task.completed, task.elapsed)
            if speed is None or task.total is None:
                return Text("-:--:--")
            seconds = int((task.total - task.completed) / speed)
            return Text(f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}")

    columns = (
        # Translators: beside ecarte simulate's progress bar: "matches ━━━━ 3/10 1.2 matches/s
        # left 0:00:06".
        TextColumn(_("matches"), markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TextColumn(_("left"), markup=False),
        LeftColumn(),
    )

    def advance(count: int) -> None:
        on_done(count)
        progress.advance(task, count)

    with Progress(*columns, transient=True) as progress:
        task = progress.add_task("matches", total=spec.matches)
        return play_tournament(spec, jobs, on_done=advance)


RATE_SETTLES = 1.0
"""Seconds of play before the progress bar shows a rate: matches that end
together (a batch from a worker) over a moment would be a rate far off."""


def _rate(completed: float, elapsed: float | None) -> float | None:
    """Matches per second since the start: every match finished over all the
    time taken, not a recent moment's (``None`` before one second or one match)."""
    if elapsed is None or elapsed < RATE_SETTLES or completed <= 0:
        return None
    return completed / elapsed
