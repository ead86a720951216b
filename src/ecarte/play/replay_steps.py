"""Stepping through a match log without keeping a match per event.

A log may hold 100 000 lines; a full ``Match`` copy per event costs seconds
and hundreds of megabytes. ``ReplaySteps`` keeps one copy per deal (the state
just before each deal event) and replays from the nearest one on each step:
at most one deal's few decisions. The kept states are taken by a visitor of
the log's one fold (``ecarte.log.read_log``), and a step replays events with
that fold's ``apply_event``. No Textual here.
"""

from __future__ import annotations

from bisect import bisect_right

from ecarte.engine import Match, Phase
from ecarte.log import LogEvent, LogHeader, LogVisitor, Replay, apply_event, fold_events
from ecarte.log.format import EventType


class StepsBuilder(LogVisitor["ReplaySteps"]):
    """Keeps the events and the state before each deal, as the log is folded."""

    def __init__(self, steps: ReplaySteps | None = None) -> None:
        self.steps = steps if steps is not None else ReplaySteps()
        """Filled as the log is folded (a new, empty one by default)."""
        self._before_deal: Match | None = None
        """The state once a deal is over, kept if a deal event follows."""

    def visit_header(self, header: LogHeader, match: Match) -> None:
        self.steps._keep(0, match.copy())

    def visit_event(self, event: LogEvent, match: Match) -> None:
        events = self.steps.events
        if event.type == EventType.DEAL and self._before_deal is not None:
            self.steps._keep(len(events), self._before_deal)
        self._before_deal = match.copy() if match.phase == Phase.DEAL else None
        events.append(event)

    def result(self) -> ReplaySteps:
        return self.steps


class ReplaySteps:
    """The states of a replayed log: position 0 is the start, position ``k``
    the state after the ``k``-th valid event. Building it from a ``Replay``
    folds the log's events once more (call it off the UI thread for a long
    log); ``read_log_file(path, StepsBuilder())`` builds it in the one read.
    Without ``replay``, it is empty until a ``StepsBuilder`` fills it."""

    def __init__(self, replay: Replay | None = None) -> None:
        self.events: list[LogEvent] = []
        self._checkpoints: list[int] = []
        """Positions with a kept state: the start and just before each deal."""
        self._states: list[Match] = []
        self._recent: dict[int, Match] = {}
        """The last few states asked for (the screen asks for a step's before and after)."""
        if replay is not None:
            fold_events(replay.header, replay.events, StepsBuilder(self))

    def _keep(self, position: int, match: Match) -> None:
        self._checkpoints.append(position)
        self._states.append(match)

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
            apply_event(match, self.events[position - 1])
        else:
            slot = bisect_right(self._checkpoints, position) - 1
            match = self._states[slot].copy()
            for event in self.events[self._checkpoints[slot] : position]:
                apply_event(match, event)
        if len(self._recent) >= 4:
            self._recent.pop(next(iter(self._recent)))
        self._recent[position] = match
        return match

    @property
    def checkpoint_count(self) -> int:
        return len(self._states)
