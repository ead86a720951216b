"""A match against the computer, as the app plays it: the engine's ``Match``,
the two players' names, the opponent, and the autosave.

No Textual here. The screen asks the session for the next deal, applies the
human's decisions through it, and asks it (in a worker thread) for the
opponent's decision. Every deal and decision is appended to the match log
as it happens (``ecarte.log.LogWriter``), so a match can be resumed at the
exact decision, with the same cards.

Decks come from ``random.Random(seed)``: the cut for the first dealer, then
one shuffled deck per deal, in that order. The seed is kept in the log's
header, so a resumed match goes on with the decks it would have had.
"""

from __future__ import annotations

import contextlib
import random
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ecarte.ai import Player
from ecarte.engine import Action, Card, Match, Rules, shuffled_deck
from ecarte.engine.match import DEAL
from ecarte.log.format import EventType
from ecarte.play import paths
from ecarte.play.settings import LEVELS, Settings
from ecarte.text import printable

HUMAN = 0
COMPUTER = 1
COMPUTER_NAME = "Computer"
LOG_SUFFIX = ".ecarte.jsonl"
UNFINISHED_SCAN_LIMIT = 200
"""Newest logs examined when looking for a match to continue."""
_UNFINISHED_CACHE: dict[tuple[Path, int, int], bool] = {}
"""Whether a log (by path, mtime and size) holds an unfinished match: a log
is replayed again only when it changed."""
_UNFINISHED_LOCK = threading.Lock()


class SessionError(Exception):
    """A match that cannot start or resume; the message says why."""


class OpponentFault(Exception):
    """The opponent failed to decide (a protocol bot crashed, timed out,
    answered garbage or an illegal action)."""


def _resolve_player(opponent: str, seed: int) -> tuple[Player, str | None]:
    """The opponent's player, and a notice when the level had to fall back."""
    if opponent.startswith("cmd:"):
        try:
            from ecarte.protocol.host import check_command, resolve_player
        except ImportError as error:
            raise SessionError(f"protocol bots are not available in this build: {error}") from None
        try:
            check_command(opponent[4:])
            return resolve_player(opponent, seed), None
        except Exception as error:
            raise SessionError(f"cannot start the bot {opponent[4:]!r}: {error}") from None
    from ecarte.ai import make_player

    if opponent not in (*LEVELS, "random", "classic"):
        raise SessionError(f"unknown opponent {opponent!r}: choose easy, normal, expert or cmd:COMMAND")
    try:
        return make_player(opponent, seed), None
    except ImportError:
        # The level's module is not built yet (or not installed): a random
        # opponent keeps the app playable, and the player is told.
        return make_player("random", seed), f"The {opponent} player is not available: playing a random one."
    except ValueError as error:
        raise SessionError(str(error)) from None


def _trusted_opponent(logged: object, settings: Settings) -> tuple[str, str | None]:
    """The opponent to resume a log with, and a notice when the log's is not
    used. A log can be copied in from anywhere, so the program of a ``cmd:``
    opponent it names is started only if the player's own settings name the
    same one; otherwise the settings' level plays (``normal`` when the
    settings name a bot too)."""
    fallback = settings.opponent if not settings.opponent.startswith("cmd:") else "normal"
    if not isinstance(logged, str) or not logged:
        return settings.opponent, None
    if not logged.startswith("cmd:") or logged == settings.opponent:
        return logged, None
    return fallback, (
        f"This match was saved against the bot {printable(logged[4:])!r}, which is not the opponent in "
        f"your settings, so that program is not started: the {fallback} level plays instead."
    )


def _start_player(player: Player, rules: Rules) -> None:
    try:
        player.start_match(COMPUTER, rules)
    except Exception as error:
        _close_player(player)
        raise SessionError(f"the opponent could not start: {error}") from None


def _new_log_path(directory: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return directory / f"{stamp}{LOG_SUFFIX}"


class MatchSession:
    """One match: seat 0 is the human, seat 1 the computer."""

    def __init__(
        self,
        *,
        match: Match,
        names: tuple[str, str],
        opponent: Player,
        opponent_level: str,
        writer: Any,
        log_path: Path,
        seed: int,
        rng: random.Random,
        decks: Iterable[Sequence[Card]] = (),
        settings: Settings | None = None,
        notice: str | None = None,
    ) -> None:
        self.match = match
        self.names = names
        self.opponent = opponent
        self.opponent_level = opponent_level
        self.log_path = log_path
        self.seed = seed
        self.settings = settings or Settings()
        self.notice = notice
        """Something the player should be told at the start (a fallback opponent)."""
        self.save_error: str | None = None
        """Why the autosave stopped (a full disk...); the match goes on unsaved."""
        self.forfeit: str | None = None
        """Why the opponent forfeited the match, when it did."""
        self._writer = writer
        self._rng = rng
        self._decks = [tuple(deck) for deck in decks]
        self._closed = False
        self._games_told = sum(match.games_won)

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
        from ecarte.log import LogWriter

        level = opponent or settings.opponent
        rules = rules or settings.rules
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        rng = random.Random(seed)
        match = Match.new(rules, rng)
        if first_dealer is not None:
            match = Match(rules, first_dealer=first_dealer)
        player, notice = _resolve_player(level, seed)
        _start_player(player, rules)
        names = (settings.player_name, COMPUTER_NAME)
        extra = {
            "opponent": level,
            "created": datetime.now().astimezone().isoformat(timespec="seconds"),
            "seed": seed,
        }
        folder = directory or paths.matches_dir()
        path = _new_log_path(folder)
        writer = None
        for attempt in range(100):
            candidate = (
                path
                if attempt == 0
                else path.with_name(path.name.replace(LOG_SUFFIX, f"-{attempt}{LOG_SUFFIX}"))
            )
            try:
                writer = LogWriter.create(candidate, names, match.first_dealer, rules, extra)
            except FileExistsError:
                continue
            except OSError as error:
                _close_player(player)
                raise SessionError(f"cannot write the autosave in {folder}: {error}") from None
            path = candidate
            break
        if writer is None:
            _close_player(player)
            raise SessionError(f"cannot find a free file name for the autosave in {folder}")
        return cls(
            match=match,
            names=names,
            opponent=player,
            opponent_level=level,
            writer=writer,
            log_path=path,
            seed=seed,
            rng=rng,
            decks=decks,
            settings=settings,
            notice=notice,
        )

    @classmethod
    def resume(cls, path: Path, settings: Settings | None = None) -> tuple[MatchSession, str | None]:
        """The match of an autosave, at the exact decision where it stopped,
        and a notice when a torn last line was dropped."""
        from ecarte.log import LogFileError, resume_log

        try:
            size_before = path.stat().st_size
            replay, writer = resume_log(path)
            # resume_log cuts a torn last line off (saving it beside the log).
            dropped = path.stat().st_size < size_before
        except LogFileError as error:
            raise SessionError(str(error)) from None
        except OSError as error:
            raise SessionError(f"cannot open {path}: {error}") from None
        header = replay.header
        if header is None:
            writer.close()
            raise SessionError(f"{path} is not a match log")
        match = replay.match if replay.match is not None else Match(header.rules, header.first_dealer)
        extra = header.extra or {}
        level, trust_notice = _trusted_opponent(extra.get("opponent"), settings or Settings())
        seed = extra.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            seed = random.SystemRandom().randrange(2**31)
        # Replay the generator: the cut, then one deck per deal already made.
        rng = random.Random(seed)
        rng.randrange(2)
        for event in replay.events:
            if event.type == EventType.DEAL:
                shuffled_deck(rng)
        try:
            player, notice = _resolve_player(level, seed)
            _start_player(player, match.rules)
        except SessionError:
            writer.close()
            raise
        names = (str(header.players[0]), str(header.players[1]))
        torn = None
        if dropped or replay.truncated_last_line:
            torn = (
                "The last, half-written line of the autosave was dropped (its bytes are kept "
                "beside it in a .torn file); the match goes on from the decision before it."
            )
        notices = [text for text in (trust_notice, notice) if text]
        session = cls(
            match=match,
            names=names,
            opponent=player,
            opponent_level=level,
            writer=writer,
            log_path=path,
            seed=seed,
            rng=rng,
            settings=settings,
            notice=" ".join(notices) or None,
        )
        forfeited = forfeit_path(path)
        if forfeited.exists():
            try:
                session.forfeit = forfeited.read_text(encoding="utf-8", errors="replace").strip() or "forfeit"
            except OSError:
                session.forfeit = "the opponent forfeited this match"
        return session, torn

    @staticmethod
    def unfinished(directory: Path | None = None) -> Path | None:
        """The newest autosave whose match is not decided (for Continue)."""
        from ecarte.log import LogFileError, replay_file

        folder = directory or paths.matches_dir()
        try:
            logs = sorted(folder.glob(f"*{LOG_SUFFIX}"), key=_mtime, reverse=True)
        except OSError:
            return None
        for path in logs[:UNFINISHED_SCAN_LIMIT]:
            if forfeit_path(path).exists():
                continue
            try:
                stamp = path.stat()
            except OSError:
                continue
            key = (path, stamp.st_mtime_ns, stamp.st_size)
            with _UNFINISHED_LOCK:
                known = _UNFINISHED_CACHE.get(key)
            if known is None:
                try:
                    replay = replay_file(path)
                except (LogFileError, OSError):
                    continue
                known = not (
                    replay.header is None
                    or (replay.error is not None and not replay.truncated_last_line)
                    or (replay.match is not None and replay.match.is_over)
                )
                with _UNFINISHED_LOCK:
                    if len(_UNFINISHED_CACHE) > 4 * UNFINISHED_SCAN_LIMIT:
                        _UNFINISHED_CACHE.clear()
                    _UNFINISHED_CACHE[key] = known
            if known:
                return path
        return None

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
    def is_over(self) -> bool:
        return self.match.is_over or self.forfeit is not None

    @property
    def winner(self) -> int | None:
        if self.forfeit is not None:
            return HUMAN
        return self.match.winner

    @property
    def deal_due(self) -> bool:
        return self.match.phase == DEAL and not self.is_over

    @property
    def opponent_hand_size(self) -> int:
        """How many cards the opponent holds: all the screen may know of its hand."""
        return self.match.hands[COMPUTER].bit_count() if self.match.deals else 0

    @property
    def to_move(self) -> int | None:
        """The seat to decide now, or ``None`` (a deal is due or it is over)."""
        return None if self.is_over else self.match.current_player

    # ------------------------------------------------------------ play

    def deal_next(self) -> None:
        """Shuffle (or take the next fixed deck), log the deal, deal it."""
        deck = self._decks.pop(0) if self._decks else shuffled_deck(self._rng)
        dealer = self.match.next_dealer
        self.match.deal(deck)
        self._save(lambda: self._writer.write_deal(dealer, deck))
        self._tell_game_over()

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``seat``'s decision and log it. ``IllegalActionError`` (the
        engine's message) leaves the match and the log untouched."""
        self.match.apply(action, seat)
        self._save(lambda: self._writer.write_action(seat, action))
        self._tell_game_over()

    def _save(self, write: Callable[[], None]) -> None:
        """Append to the log; after a failure, write nothing more, so that
        the log stays a valid (shorter) match that can still be resumed."""
        if self.save_error is not None:
            return
        try:
            write()
        except (OSError, ValueError) as error:
            self.save_error = f"the autosave stopped ({error}); this match is not saved from here on"

    def _tell_game_over(self) -> None:
        """A protocol bot hears each game's result (``result``)."""
        games = sum(self.match.games_won)
        if games == self._games_told:
            return
        self._games_told = games
        listener = getattr(self.opponent, "game_over", None)
        if callable(listener):
            # The bot's answer to a result does not matter; its faults show
            # at its next decision.
            with contextlib.suppress(Exception):
                listener([list(score) for score in self.match.games], self.match.winner)

    def opponent_decision(self) -> Action:
        """Ask the opponent for its decision (may be slow: call it from a
        worker thread). ``OpponentFault`` when it fails or answers an action
        that is not legal."""
        match = self.match
        view = match.view(COMPUTER)
        legal = match.legal_actions()
        return self.decide_for(view, legal)

    def decide_for(self, view: Any, legal: Sequence[Action]) -> Action:
        """``opponent_decision`` on a snapshot taken beforehand, so that the
        worker thread never reads the live match."""
        try:
            action = self.opponent.decide(view, legal)
        except Exception as error:
            raise OpponentFault(_fault_message(error)) from error
        if action not in legal:
            raise OpponentFault(f"the opponent answered {action!s}, which is not a legal action now")
        return action

    def declare_forfeit(self, message: str) -> None:
        """The opponent failed: the human wins the match. The log format has
        no forfeit event, so the result is kept beside the log (``.forfeit``)
        and Continue does not offer the match again."""
        self.forfeit = message
        _close_player(self.opponent)
        with contextlib.suppress(OSError):
            forfeit_path(self.log_path).write_text(message + "\n", encoding="utf-8")

    def close(self) -> None:
        """Close the log and the opponent (a bot process); idempotent."""
        if self._closed:
            return
        self._closed = True
        try:
            self._writer.close()
        finally:
            _close_player(self.opponent)

    def close_in_background(self) -> threading.Thread | None:
        """``close``, with the opponent closed in a thread of its own: a bot
        that ignores ``bye`` may take a second or more to stop, and the
        screen must not wait for it. The log is closed at once. Returns the
        thread (``None`` when already closed)."""
        if self._closed:
            return None
        self._closed = True
        try:
            self._writer.close()
        finally:
            # Not a daemon: at exit Python waits for it, so a bot process is
            # never left running.
            closing = threading.Thread(
                target=_close_player, args=(self.opponent,), name="close-opponent", daemon=False
            )
            closing.start()
        return closing


def forfeit_path(log_path: Path) -> Path:
    """Where the result of a match the opponent forfeited is kept."""
    return log_path.with_name(log_path.name + ".forfeit")


def _fault_message(error: Exception) -> str:
    text = str(error).strip() or type(error).__name__
    return text


def _close_player(player: Player) -> None:
    close = getattr(player, "close", None)
    if callable(close):
        # A bot that fails to stop cleanly must not stop the app.
        with contextlib.suppress(Exception):
            close()


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
