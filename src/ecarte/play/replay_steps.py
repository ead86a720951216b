"""Stepping through a match log without keeping a match per event.

A log may hold 100 000 lines; a full ``Match`` copy per event costs seconds
and hundreds of megabytes. ``ReplaySteps`` keeps one copy per deal (the state
just before each deal event) and replays from the nearest one on each step:
at most one deal's few decisions. No Textual here.
"""

from __future__ import annotations

from bisect import bisect_right

from ecarte.engine import Match
from ecarte.log import LogEvent, Replay
from ecarte.log.format import EventType


def apply_logged(match: Match, event: LogEvent) -> None:
    """Fold a valid event of a log (checked when it was read) into ``match``."""
    if event.type == EventType.DEAL:
        assert event.deck is not None
        match.deal(event.deck)
    else:
        assert event.action is not None and event.player is not None
        match.apply(event.action, event.player)


class ReplaySteps:
    """The states of a replayed log: position 0 is the start, position ``k``
    the state after the ``k``-th valid event. Building it replays the log
    once (call it off the UI thread for a long log)."""

    def __init__(self, replay: Replay) -> None:
        self.events: list[LogEvent] = replay.events
        self._checkpoints: list[int] = []
        """Positions with a kept state: the start and just before each deal."""
        self._states: list[Match] = []
        self._recent: dict[int, Match] = {}
        """The last few states asked for (the screen asks for a step's before and after)."""
        if replay.header is None:
            return
        match = Match(replay.header.rules, replay.header.first_dealer)
        self._keep(0, match)
        for index, event in enumerate(self.events):
            if event.type == EventType.DEAL and index > 0:
                self._keep(index, match)
            apply_logged(match, event)

    def _keep(self, position: int, match: Match) -> None:
        self._checkpoints.append(position)
        self._states.append(match.copy())

    @property
    def empty(self) -> bool:
        """No valid header: nothing to step through."""
        return not self._states

    @property
    def last_position(self) -> int:
        return len(self.events) if self._states else 0

    @property
    def deal_positions(self) -> list[int]:
        """The positions just after each deal event."""
        return [index + 1 for index, event in enumerate(self.events) if event.type == EventType.DEAL]

    def state(self, position: int) -> Match:
        """The state at ``position``; shared with later calls, so read it, never change it."""
        if self.empty:
            raise IndexError("no valid header: there are no states")
        if not 0 <= position <= self.last_position:
            raise IndexError(f"position {position} is outside 0..{self.last_position}")
        known = self._recent.get(position)
        if known is not None:
            return known
        previous = self._recent.get(position - 1)
        if previous is not None:
            match = previous.copy()
            apply_logged(match, self.events[position - 1])
        else:
            slot = bisect_right(self._checkpoints, position) - 1
            match = self._states[slot].copy()
            for event in self.events[self._checkpoints[slot] : position]:
                apply_logged(match, event)
        if len(self._recent) >= 4:
            self._recent.pop(next(iter(self._recent)))
        self._recent[position] = match
        return match

    @property
    def checkpoint_count(self) -> int:
        return len(self._states)
