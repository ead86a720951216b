"""The one game loop: a match between two seats, whoever decides for them.

A ``MatchRunner`` holds the engine's ``Match``, a player per seat (``None``
for a seat decided from outside, as the app's human through keys), where
the decks come from, a recorder (the match log) and a fault policy (which
failures of a player forfeit the match, and how they are told).
``pending()`` says what must happen now and ``step()`` makes it happen;
``run()`` steps until the match is decided. The tournament and the tests
call ``run``; the app steps one decision at a time: ``deal``, ``apply`` for
the human's decision, and ``ask`` for the opponent's in a worker thread (it
reads only the snapshot it is given, never the live match).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from ecarte.ai.base import Player
from ecarte.engine import Action, Card, Match, View
from ecarte.i18n import N_, Deferred


class MatchRecorder(Protocol):
    """Where a match's deals and decisions go (``ecarte.log.LogWriter`` is one)."""

    def write_deal(self, dealer: int, deck: Sequence[Card]) -> None: ...

    def write_action(self, player: int, action: Action) -> None: ...


DeckSource = Callable[[], Sequence[Card]]
"""The deck of the next deal, each time it is called."""


@dataclass(slots=True)
class Forfeit:
    """A seat lost the match by a fault of its player."""

    seat: int
    kind: str
    """What went wrong (the tournament's bots: ``illegal``, ``garbage``, ``timeout``, ``exited``)."""
    message: str


class PlayerFault(Exception):
    """A player failed to decide, by its policy's measure; ``kind`` and the
    message say how."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


def _describe(error: Exception) -> tuple[str, str]:
    return "error", str(error).strip() or type(error).__name__


def _illegal(player: Player, action: Action) -> str:
    # Translators: {player} is the player's name, in quotes; {action} the protocol's code ("card KS").
    return Deferred(
        N_("{player} chose '{action}', which is not a legal action now"),
        player=repr(player.name),
        action=str(action),
    )


@dataclass(frozen=True, slots=True)
class FaultPolicy:
    """Which failures of a player are its fault, forfeiting the match. An
    action that is not legal always is."""

    faults: tuple[type[Exception], ...] = ()
    """Exceptions from a player that forfeit; any other propagates (by
    default every one does: a bug in a built-in player stops the match)."""
    describe: Callable[[Exception], tuple[str, str]] = _describe
    """The kind of fault and its message, for one of ``faults``."""
    illegal: Callable[[Player, Action], str] = _illegal
    """The message when a player answers an action that is not legal now."""
    results_may_forfeit: bool = True
    """A fault when told a game's result forfeits (before the match ends);
    otherwise it is ignored, and the player's faults show at its next decision."""


class Due(StrEnum):
    """What must happen next in a match."""

    DEAL = "deal"
    DECISION = "decision"
    OVER = "over"


@dataclass(slots=True)
class SeatStats:
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    thinking: list[float] = field(default_factory=lambda: [0.0, 0.0])
    """Seconds each seat's player spent deciding."""


class MatchRunner:
    """A match driven step by step; see the module's docstring."""

    def __init__(
        self,
        match: Match,
        players: Sequence[Player | None],
        decks: DeckSource,
        recorder: MatchRecorder | None = None,
        policy: FaultPolicy | None = None,
    ) -> None:
        self.match = match
        self.players = tuple(players)
        self.decks = decks
        self.recorder = recorder
        self.policy = policy or FaultPolicy()
        self.forfeit: Forfeit | None = None
        self.stats = SeatStats()
        self._games_told = sum(match.games_won)

    # ------------------------------------------------------------ state

    def pending(self) -> Due:
        if self.forfeit is not None or self.match.is_over:
            return Due.OVER
        return Due.DEAL if self.match.current_player is None else Due.DECISION

    @property
    def to_move(self) -> int | None:
        """The seat to decide now, or ``None`` (a deal is due or it is over)."""
        return self.match.current_player if self.pending() == Due.DECISION else None

    @property
    def winner(self) -> int | None:
        if self.forfeit is not None:
            return 1 - self.forfeit.seat
        return self.match.winner

    # ------------------------------------------------------------ steps

    def start(self) -> None:
        """Tell each player the match begins; a fault forfeits it."""
        for seat, player in enumerate(self.players):
            if player is None:
                continue
            try:
                player.start_match(seat, self.match.rules)
            except self.policy.faults as error:
                self.forfeit_match(seat, *self.policy.describe(error))
                return

    def step(self) -> None:
        """Make the pending thing happen: a deal, or the decision of the
        seat to move, asked of its player (a fault forfeits the match)."""
        due = self.pending()
        if due == Due.DEAL:
            self.deal()
        elif due == Due.DECISION:
            seat = self.match.current_player
            assert seat is not None
            try:
                action = self.decide(seat)
            except PlayerFault as fault:
                self.forfeit_match(seat, fault.kind, fault.message)
                return
            self.apply(seat, action)

    def run(self) -> None:
        """Step until the match is decided (by play or by a forfeit)."""
        while self.pending() != Due.OVER:
            self.step()

    def deal(self) -> None:
        """The next deck, dealt and recorded."""
        deck = self.decks()
        dealer = self.match.next_dealer
        self.match.deal(deck)
        if self.recorder is not None:
            self.recorder.write_deal(dealer, deck)
        self._tell_results()

    def decide(self, seat: int) -> Action:
        """Ask ``seat``'s player for its decision now (``PlayerFault`` when it fails)."""
        return self.ask(seat, self.match.view(seat), self.match.legal_actions())

    def ask(self, seat: int, view: View, legal: Sequence[Action]) -> Action:
        """Ask ``seat``'s player to choose among ``legal`` from ``view`` (a
        snapshot: safe in another thread). ``PlayerFault`` when the player
        fails by the policy, or answers an action that is not in ``legal``."""
        player = self.players[seat]
        if player is None:
            raise ValueError(f"seat {seat} has no player here: its decisions come through apply()")
        started = time.perf_counter()
        try:
            action = player.decide(view, legal)
        except self.policy.faults as error:
            raise PlayerFault(*self.policy.describe(error)) from error
        self.stats.thinking[seat] += time.perf_counter() - started
        self.stats.decisions[seat] += 1
        if action not in legal:
            raise PlayerFault("illegal", self.policy.illegal(player, action))
        return action

    def apply(self, seat: int, action: Action) -> None:
        """Apply and record ``seat``'s decision. ``IllegalActionError`` (the
        engine's message) leaves the match and the record untouched."""
        self.match.apply(action, seat)
        if self.recorder is not None:
            self.recorder.write_action(seat, action)
        self._tell_results()

    def forfeit_match(self, seat: int, kind: str, message: str) -> None:
        """``seat`` loses the match by a fault (the first one told counts)."""
        if self.forfeit is None:
            self.forfeit = Forfeit(seat, kind, message)

    def close_players(self) -> None:
        """End the players that hold something (a bot's process); a player
        that fails to stop cleanly stops nothing else."""
        for player in self.players:
            close = getattr(player, "close", None)
            if callable(close):
                with contextlib.suppress(Exception):
                    close()

    def _tell_results(self) -> None:
        """Each game's result goes to the players that listen (``game_over``)."""
        games = sum(self.match.games_won)
        if games == self._games_told:
            return
        self._games_told = games
        scores = [list(score) for score in self.match.games]
        for seat, player in enumerate(self.players):
            listener = getattr(player, "game_over", None)
            if not callable(listener):
                continue
            try:
                listener(scores, self.match.winner)
            except self.policy.faults as error:
                if self.policy.results_may_forfeit and not self.match.is_over:
                    self.forfeit_match(seat, *self.policy.describe(error))
                    return
