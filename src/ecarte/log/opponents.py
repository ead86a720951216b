"""Who played the computer's seat of a log the app wrote.

The header's ``opponent`` key names the computer's level when the match
began. A match taken up with Continue may go on against another: a log
copied in names a ``cmd:`` bot whose program is not started, and the
settings' level plays instead (``play.session.opponent_to_resume``). The
first decision of the computer's seat after such a change carries the new
level in the same key (``"opponent": "normal"``, a key the rules ignore),
so that the record, the Replay list and the analysis know who played which
part of the match (``docs/log-format.md``). A log ``ecarte simulate``
wrote is marked in its header (``TOURNAMENT_KEY``): two programs played
it, and it belongs to nobody's record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .format import EventType, LogEvent

OPPONENT_KEY = "opponent"
"""The key of the header, and of a computer's decision, naming its level."""
COMPUTER_SEAT = 1
"""The computer's seat in the app's logs."""
TOURNAMENT_KEY = "tournament_seed"
"""The header key of a log ``ecarte simulate`` wrote: its deck seed."""


def between_programs(extra: Mapping[str, Any]) -> bool:
    """Whether a log's header (``extra``) is of a match ``ecarte simulate``
    played between two programs."""
    return TOURNAMENT_KEY in extra


def header_level(extra: Mapping[str, Any]) -> str | None:
    """The level the header names, or ``None`` (a log from elsewhere)."""
    level = extra.get(OPPONENT_KEY)
    return level if isinstance(level, str) and level else None


def levels_played(extra: Mapping[str, Any], events: Sequence[LogEvent]) -> list[tuple[str, int]]:
    """Each level that played the computer's seat, in the order they
    played, with how many of its decisions each took: the header's level
    (``extra``), then each one a decision of the computer names as taking
    over. Empty when the header names no level (a log from elsewhere)."""
    level = header_level(extra)
    if level is None:
        return []
    played: list[tuple[str, int]] = [(level, 0)]
    for event in events:
        if event.type == EventType.DEAL or event.player != COMPUTER_SEAT:
            continue
        if event.opponent is not None and event.opponent != played[-1][0]:
            played.append((event.opponent, 0))
        name, count = played[-1]
        played[-1] = (name, count + 1)
    return played


def level_of_record(played: Sequence[tuple[str, int]]) -> str | None:
    """The level a match counts against: the one that took most of the
    computer's decisions (the first of them on a tie), ``None`` for none."""
    if not played:
        return None
    most = max(count for _, count in played)
    return next(name for name, count in played if count == most)


def level_now(extra: Mapping[str, Any], events: Sequence[LogEvent]) -> str | None:
    """The level that played the computer's last decision (whom a Continue
    takes the match up against): the header's, or the last to take over."""
    played = levels_played(extra, events)
    return played[-1][0] if played else None
