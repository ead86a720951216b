"""A match against the computer, as the app plays it: the engine's ``Match``
driven by the game loop (``ecarte.play.loop.MatchRunner``), the two
players' names, the opponent, and the autosave.

No Textual here. The screen asks the session for the next deal, applies the
human's decisions through it, and asks it (in a worker thread) for the
opponent's decision. Every deal and decision is appended to the match log
as it happens (``ecarte.log.LogWriter``), so a match can be resumed at the
exact decision, with the same cards.

The cards come from the seed alone (``SeededDecks``), which is kept in the
log's header, so a resumed match goes on with the decks it would have had.
"""

from __future__ import annotations

import errno
import random
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path

from ecarte.ai import Player
from ecarte.engine import Action, Card, Match, Rules, View, shuffled_deck
from ecarte.i18n import N_, Deferred, _, translated, translated_error
from ecarte.log import LogFileError, LogWriter, replay_file
from ecarte.log.names import COMPUTER as COMPUTER_IN_LOG
from ecarte.log.names import the_apps_player
from ecarte.log.opponents import OPPONENT_KEY, header_level, level_now
from ecarte.play import autosave, paths
from ecarte.play.autosave import LOG_SUFFIX, UNFINISHED_SCAN_LIMIT, forfeit_path
from ecarte.play.lock import LogLock, MatchOpenElsewhere
from ecarte.play.loop import Due, FaultPolicy, MatchRunner, PlayerFault
from ecarte.play.settings import Settings, check_opponent
from ecarte.safefile import Skipped, folder_problem
from ecarte.text import printable, short_name

__all__ = [
    "COMPUTER",
    "COMPUTER_NAME",
    "HUMAN",
    "LOG_SUFFIX",
    "UNFINISHED_SCAN_LIMIT",
    "MatchSession",
    "OpponentFault",
    "SeededDecks",
    "SessionError",
    "forfeit_path",
    "illegal_answer",
    "logged_opponent",
    "opponent_to_resume",
]

HUMAN = 0
COMPUTER = 1
COMPUTER_NAME = COMPUTER_IN_LOG


class SessionError(Exception):
    """A match that cannot start or resume; the message says why."""


class OpponentFault(Exception):
    """The opponent failed to decide (a protocol bot crashed, timed out,
    answered garbage or an illegal action). ``message``: English, or a
    ``Deferred`` text (English in the ``.forfeit`` file, translated where
    shown)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SeededDecks:
    """The chance of an app's match, from its seed alone: the cut for the
    first dealer, then one shuffled deck per deal, from ``random.Random(seed)``
    in that order. A new match and a resumed one both start here; a resumed
    one skips the decks of the ``deals_made`` already in its log."""

    def __init__(self, seed: int, deals_made: int = 0) -> None:
        self._rng = random.Random(seed)
        self.first_dealer = self._rng.randrange(2)
        for __ in range(deals_made):
            shuffled_deck(self._rng)

    def __call__(self) -> tuple[Card, ...]:
        return shuffled_deck(self._rng)


class _FixedThenSeeded:
    """Given decks first (tests set up chosen hands), then the seed's."""

    def __init__(self, fixed: Iterable[Sequence[Card]], seeded: SeededDecks) -> None:
        self._fixed = [tuple(deck) for deck in fixed]
        self._seeded = seeded

    def __call__(self) -> tuple[Card, ...]:
        return self._fixed.pop(0) if self._fixed else self._seeded()


class _Autosave:
    """The session's recorder: the log writer, which after a failure writes
    nothing more, so that the log stays a valid (shorter) match that can
    still be resumed."""

    def __init__(self, writer: LogWriter) -> None:
        self.writer = writer
        self.error: str | None = None
        self.notice: str | None = None
        """What became of the log under the match (deleted, replaced), and
        where the match is saved now: for the player, once."""
        self.moved: Callable[[Path], None] = lambda _path: None
        """Called with the log's new path when it had to be written anew."""
        self.hinted = False
        """The player saw a hint for the decision due: its line says so."""
        self.taking_over: str | None = None
        """A level that plays the computer's seat from its next decision on,
        in place of the one the log names (a Continue): that line says so."""

    def keep_in_place(self) -> None:
        """If another program deleted, replaced or changed the log since the
        last line, write it whole again before the next: under its own name
        when that is free, beside it otherwise (what has its name now is not
        the match's, and is left as it is)."""
        if self.error is not None:
            return
        became = self.writer.what_became_of_it()
        if became is None:
            return
        old = self.writer.path
        names = [old] if became == "deleted" else autosave.names_beside(old)
        for path in names:
            try:
                self.writer.move_to(path)
            except FileExistsError:
                continue
            except OSError as error:
                problem = folder_problem(path.parent)  # a file where the folder was, say
                self._failed(error if problem is None else ValueError(problem.translated()))
                return
            self.moved(path)
            self.notice = _moved_notice(became, old, path)
            return
        self._failed(FileExistsError(errno.EEXIST, _("no free name beside it"), str(old)))

    def write_deal(self, dealer: int, deck: Sequence[Card]) -> None:
        self.keep_in_place()
        if self.error is None:
            try:
                self.writer.write_deal(dealer, deck)
            except (OSError, ValueError) as error:
                self._failed(error)

    def write_action(self, player: int, action: Action) -> None:
        extra: dict[str, object] | None = {"hint": True} if self.hinted and player == HUMAN else None
        if player == HUMAN:
            self.hinted = False
        elif self.taking_over is not None:
            extra = {OPPONENT_KEY: self.taking_over}
            self.taking_over = None
        self.keep_in_place()
        if self.error is None:
            try:
                self.writer.write_action(player, action, extra)
            except (OSError, ValueError) as error:
                self._failed(error)

    def _failed(self, error: Exception) -> None:
        # The system's own words and the file, not "[Errno 28] ...".
        reason = (
            f"{self.writer.path}: {error.strerror}"
            if isinstance(error, OSError) and error.strerror
            else error
        )
        self.error = _("the autosave stopped ({error}); this match is not saved from here on").format(
            error=reason
        )


def _moved_notice(became: str, old: Path, new: Path) -> str:
    if became == "deleted":
        return _(
            "The autosave {path} was deleted while the match was played: it is written again, "
            "whole, and the match goes on saved."
        ).format(path=old)
    if became == "replaced":
        text = _(
            "The autosave {path} was replaced by another file while the match was played: that "
            "file is left as it is, and the match is saved whole as {new}."
        )
    else:
        text = _(
            "The autosave {path} was changed by another program while the match was played: it "
            "is left as it is, and the match is saved whole as {new}."
        )
    return text.format(path=old, new=new.name)


def illegal_answer(action: Action) -> str:
    """Why the opponent forfeits when it answers ``action``, which is not
    legal now (a ``Deferred`` text)."""
    # Translators: {action} is the bot protocol's code ("card KS", "king").
    return Deferred(N_("the opponent answered {action}, which is not a legal action now"), action=str(action))


def _not_legal(player: Player, action: Action) -> str:
    return illegal_answer(action)


def _opponent_failed(error: Exception) -> tuple[str, str]:
    """A bot's fault in its own sentence (a ``Deferred`` one); any other
    error of the opponent's player, a bug, keeps its own text inside ours."""
    said = error.args[0] if len(error.args) == 1 else None
    if isinstance(said, Deferred):
        return "error", said
    text = str(error).strip() or type(error).__name__
    # Translators: {error} is the program's own error, in English.
    return "error", Deferred(N_("the opponent's player stopped with an error: {error}"), error=text)


OPPONENT_FAULTS = FaultPolicy(
    faults=(Exception,), describe=_opponent_failed, illegal=_not_legal, results_may_forfeit=False
)
"""Whatever goes wrong in the opponent is its fault (the app must not
crash); a fault when told a game's result shows at its next decision."""


def _resolve_player(opponent: str, seed: int) -> tuple[Player, str | None]:
    """The opponent's player, and a notice when the level had to fall back."""
    try:
        check_opponent(opponent)
    except ValueError as error:
        raise SessionError(str(error)) from None
    if opponent.startswith("cmd:"):
        try:
            from ecarte.protocol.host import check_command, resolve_player
        except ImportError as error:
            raise SessionError(
                _("protocol bots are not available in this build: {error}").format(error=error)
            ) from None
        try:
            check_command(opponent[4:])
        except ValueError as error:
            raise SessionError(str(error)) from None  # it names the command
        try:
            return resolve_player(opponent, seed), None
        except Exception as error:
            raise SessionError(
                _("cannot start the bot {command}: {error}").format(command=repr(opponent[4:]), error=error)
            ) from None
    from ecarte.ai import make_player

    try:
        return make_player(opponent, seed), None
    except ImportError:
        # The level's module is not built yet (or not installed): a random
        # opponent keeps the app playable, and the player is told.
        return make_player("random", seed), _(
            "The {name} player is not available: playing a random one."
        ).format(name=opponent)
    except ValueError as error:
        raise SessionError(str(error)) from None


def opponent_to_resume(
    logged: object, settings: Settings, trusted_bot: str | None = None
) -> tuple[str, str | None]:
    """The opponent to resume a log with, and a notice when the log's is not
    used. A log can be copied in from anywhere, so the program of a ``cmd:``
    opponent it names is started only if the player's own settings name the
    same one, or the player named it on this run's command line
    (``trusted_bot``: ``ecarte play --opponent cmd:…``); otherwise the
    settings' level plays (``normal`` when the settings name a bot too)."""
    fallback = settings.opponent if not settings.opponent.startswith("cmd:") else "normal"
    if not isinstance(logged, str) or not logged:
        return settings.opponent, None
    try:
        check_opponent(logged)
    except ValueError:  # else Continue offers the match and refuses it, forever
        return fallback, _(
            "This match was saved against {opponent}, an opponent ecarte does not know: "
            "the {level} level plays instead."
        ).format(opponent=repr(short_name(printable(logged), 40)), level=fallback)
    if not logged.startswith("cmd:") or logged in (settings.opponent, trusted_bot):
        return logged, None
    return fallback, _(
        "This match was saved against the bot {command}, which is not the opponent in "
        "your settings, so that program is not started: the {level} level plays instead."
    ).format(command=repr(printable(logged[4:])), level=fallback)


def logged_opponent(path: Path, extra: Mapping[str, object]) -> object:
    """The opponent a log says played the computer's last decision: the
    header's ``opponent``, or a level that took over at a Continue
    (``ecarte.log.opponents``); the header's value when the log cannot be
    read again (resuming it then says why)."""
    logged = extra.get(OPPONENT_KEY)
    try:
        replay = replay_file(path)
    except LogFileError:
        return logged
    return level_now(extra, replay.events) or logged


def _start_opponent(
    match: Match, level: str, seed: int, decks: _FixedThenSeeded | SeededDecks
) -> tuple[MatchRunner, str | None]:
    """The game loop of a session, its opponent started, and a notice when
    the opponent fell back; ``SessionError`` when it cannot start."""
    player, notice = _resolve_player(level, seed)
    runner = MatchRunner(match, (None, player), decks, None, OPPONENT_FAULTS)
    runner.start()
    if runner.forfeit is not None:
        runner.close_players()
        raise SessionError(
            _("the opponent could not start: {error}").format(error=translated(runner.forfeit.message))
        )
    return runner, notice


class MatchSession:
    """One match: seat 0 is the human, seat 1 the computer."""

    def __init__(
        self,
        *,
        runner: MatchRunner,
        recorder: _Autosave,
        names: tuple[str, str],
        opponent_level: str,
        log_path: Path,
        seed: int,
        settings: Settings | None = None,
        notice: str | None = None,
    ) -> None:
        self._runner = runner
        self._recorder = recorder
        self.names = names
        self.opponent_level = opponent_level
        self.log_path = log_path
        self.seed = seed
        self.settings = settings or Settings()
        self.notice = notice
        """Something the player should be told at the start (a fallback opponent)."""
        self._closed = False
        self.lock: LogLock | None = None
        """This window's lock on the log (``ecarte.play.lock``), held until ``close``."""
        recorder.moved = self._log_moved

    def _log_moved(self, path: Path) -> None:
        """The log was written anew as ``path``: this window holds it now."""
        self.log_path = path
        if self.lock is not None:
            self.lock.release()
            try:
                self.lock = LogLock.acquire(path)
            except (MatchOpenElsewhere, OSError):
                self.lock = None  # a file made a moment ago: nobody else plays it

    # ------------------------------------------------------------ creating

    @classmethod
    def new(
        cls,
        settings: Settings,
        *,
        opponent: str | None = None,
        rules: Rules | None = None,
        seed: int | None = None,
        decks: Iterable[Sequence[Card]] = (),
        first_dealer: int | None = None,
        directory: Path | None = None,
    ) -> MatchSession:
        """A new match, autosaved to ``directory`` (default: the matches
        directory). ``decks`` and ``first_dealer`` fix the cards (tests);
        otherwise they come from the seed."""
        level = opponent or settings.opponent
        rules = rules or settings.rules
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        seeded = SeededDecks(seed)
        match = Match(rules, seeded.first_dealer if first_dealer is None else first_dealer)
        runner, notice = _start_opponent(match, level, seed, _FixedThenSeeded(decks, seeded))
        # Spoken to at the table whatever the name ("You propose"), named in the score.
        names = (the_apps_player(settings.player_name), COMPUTER_NAME)
        extra = {
            "opponent": level,
            "created": datetime.now().astimezone().isoformat(timespec="seconds"),
            "seed": seed,
        }
        try:
            writer = autosave.create_log(
                directory or paths.matches_dir(), names, match.first_dealer, rules, extra
            )
        except autosave.AutosaveError as error:
            runner.close_players()
            raise SessionError(str(error)) from None
        recorder = runner.recorder = _Autosave(writer)
        session = cls(
            runner=runner,
            recorder=recorder,
            names=names,
            opponent_level=level,
            log_path=writer.path,
            seed=seed,
            settings=settings,
            notice=notice,
        )
        session.lock = LogLock.acquire(writer.path)
        return session

    @classmethod
    def resume(
        cls, path: Path, settings: Settings | None = None, trusted_bot: str | None = None
    ) -> tuple[MatchSession, str | None]:
        """The match of an autosave, at the exact decision where it stopped,
        and a notice when a torn last line was dropped (``trusted_bot``: as
        for ``opponent_to_resume``)."""
        from ecarte.log import resume_log

        try:
            lock = LogLock.acquire(path)  # before the log is read or cut; MatchOpenElsewhere
            end, writer = resume_log(path)
        except LogFileError as error:
            raise SessionError(translated_error(error)) from None
        except OSError as error:
            raise SessionError(_("cannot open {path}: {error}").format(path=path, error=error)) from None
        header = end.header
        assert header is not None and end.match is not None  # resume_log refuses a log without one
        match = end.match
        extra = header.extra or {}
        logged = logged_opponent(path, extra)
        level, trust_notice = opponent_to_resume(logged, settings or Settings(), trusted_bot)
        seed = extra.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            seed = random.SystemRandom().randrange(2**31)
        try:
            runner, notice = _start_opponent(match, level, seed, SeededDecks(seed, len(match.deals)))
        except SessionError:
            writer.close()
            raise
        recorder = runner.recorder = _Autosave(writer)
        if isinstance(logged, str) and level != logged and header_level(extra) is not None:
            recorder.taking_over = level  # the record counts the match against who played it
        names = (the_apps_player(short_name(str(header.players[0]))), short_name(str(header.players[1])))
        torn = None
        if end.truncated_last_line:
            torn = _(
                "The last, half-written line of the autosave {path} was dropped (its bytes are "
                "kept in {torn}); the match goes on from the decision before it."
            ).format(path=path, torn=end.torn_path.name if end.torn_path else "")
        notices = [text for text in (trust_notice, notice) if text]
        forfeited = autosave.read_forfeit(path)
        if forfeited is not None:
            runner.forfeit_match(COMPUTER, "forfeit", forfeited)
        session = cls(
            runner=runner,
            recorder=recorder,
            names=names,
            opponent_level=level,
            log_path=path,
            seed=seed,
            settings=settings,
            notice=" ".join(notices) or None,
        )
        session.lock = lock
        return session, torn

    @staticmethod
    def unfinished(directory: Path | None = None, skipped: list[Skipped] | None = None) -> Path | None:
        """The newest autosave whose match is not decided (for Continue)."""
        return autosave.find_unfinished(directory or paths.matches_dir(), skipped)

    def rematch(self) -> MatchSession:
        """A new match with the same settings, opponent and rules."""
        return MatchSession.new(
            self.settings, opponent=self.opponent_level, rules=self.rules, directory=self.log_path.parent
        )

    # ------------------------------------------------------------ state

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def match(self) -> Match:
        return self._runner.match

    @property
    def opponent(self) -> Player:
        player = self._runner.players[COMPUTER]
        assert player is not None
        return player

    @opponent.setter
    def opponent(self, player: Player) -> None:
        self._runner.players = (None, player)

    @property
    def forfeit(self) -> str | None:
        """Why the opponent forfeited the match, when it did."""
        return None if self._runner.forfeit is None else self._runner.forfeit.message

    @property
    def save_error(self) -> str | None:
        """Why the autosave stopped (a full disk...); the match goes on unsaved."""
        return self._recorder.error

    def take_save_notice(self) -> str | None:
        """What became of the log under the match (another program deleted
        or replaced it) and where it is saved now, once; then ``None``."""
        notice, self._recorder.notice = self._recorder.notice, None
        return notice

    @property
    def is_over(self) -> bool:
        return self._runner.pending() == Due.OVER

    @property
    def winner(self) -> int | None:
        return self._runner.winner

    @property
    def deal_due(self) -> bool:
        return self._runner.pending() == Due.DEAL

    @property
    def opponent_hand_size(self) -> int:
        """How many cards the opponent holds: all the screen may know of its hand."""
        return self.match.hands[COMPUTER].bit_count() if self.match.deals else 0

    @property
    def to_move(self) -> int | None:
        """The seat to decide now, or ``None`` (a deal is due or it is over)."""
        return self._runner.to_move

    # ------------------------------------------------------------ play

    def deal_next(self) -> None:
        """Shuffle (or take the next fixed deck), log the deal, deal it."""
        self._runner.deal()

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``seat``'s decision and log it. ``IllegalActionError`` (the
        engine's message) leaves the match and the log untouched."""
        self._runner.apply(seat, action)

    def opponent_decision(self) -> Action:
        """Ask the opponent for its decision (may be slow: call it from a
        worker thread). ``OpponentFault`` when it fails or answers an action
        that is not legal."""
        match = self.match
        return self.decide_for(match.view(COMPUTER), match.legal_actions())

    def decide_for(self, view: View, legal: Sequence[Action]) -> Action:
        """``opponent_decision`` on a snapshot taken beforehand, so that the
        worker thread never reads the live match."""
        try:
            return self._runner.ask(COMPUTER, view, legal)
        except PlayerFault as fault:
            raise OpponentFault(fault.message) from fault.__cause__

    def note_hint(self) -> None:
        """The player was shown a hint for the decision due: its log line
        carries ``"hint": true`` (``docs/analysis.md``), so the match counts
        as assisted."""
        self._recorder.hinted = True

    def declare_forfeit(self, message: str) -> None:
        """The opponent failed: the human wins the match. The log format has
        no forfeit event, so the result is kept beside the log (``.forfeit``)
        and Continue does not offer the match again."""
        self._runner.forfeit_match(COMPUTER, "fault", message)
        self._runner.close_players()
        autosave.write_forfeit(self.log_path, message)

    def close(self) -> None:
        """Close the log and the opponent (a bot process); idempotent."""
        if self._closed:
            return
        self._closed = True
        try:
            # Deleted since the last line, the log would be lost with its descriptor.
            self._recorder.keep_in_place()
            self._recorder.writer.close()
        finally:
            if self.lock is not None:
                self.lock.release()
            self._runner.close_players()

    def close_in_background(self) -> threading.Thread | None:
        """``close``, with the opponent closed in a thread of its own: a bot
        that ignores ``bye`` may take a second or more to stop, and the
        screen must not wait for it. The log is closed at once. Returns the
        thread (``None`` when already closed)."""
        if self._closed:
            return None
        self._closed = True
        try:
            # Deleted since the last line, the log would be lost with its descriptor.
            self._recorder.keep_in_place()
            self._recorder.writer.close()
        finally:
            if self.lock is not None:
                self.lock.release()
            # Not a daemon: at exit Python waits for it, so a bot process is
            # never left running.
            closing = threading.Thread(target=self._runner.close_players, name="close-opponent", daemon=False)
            closing.start()
        return closing
