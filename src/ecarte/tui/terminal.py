"""Noticing that the terminal has gone (its window closed, the ssh link
dropped), so that the app ends instead of running on with nobody to see it.

The kernel tells a closed terminal only to the leader of its session, with
SIGHUP. A shell that leads passes the hangup on to the programs it started,
and ecarte ends by it. But when make leads the session (a terminal, tmux or
``ssh -t`` started on ``make play``), make takes the hangup and waits for its
child to end, and ecarte gets no signal at all: Textual's input thread then
reads nothing from the dead terminal over and over, at full speed, for ever.
So the app asks, a few times a second, whether its terminal has hung up,
and quits if it has (every move is already in the match's log).
"""

from __future__ import annotations

import select
import sys

CHECK_EVERY = 0.5
"""Seconds between two looks at the terminal."""

CAN_TELL = sys.platform.startswith("linux")
"""Whether ``poll`` tells a hung-up terminal here: Linux. (Windows has no
``poll``; macOS's answers POLLNVAL for every terminal, open or not.)"""


def hung_up(fd: int) -> bool:
    """Whether the terminal open as ``fd`` has hung up (or ``fd`` is closed);
    never waits. Linux only (``CAN_TELL``)."""
    hung_up_events = select.POLLHUP | select.POLLERR | select.POLLNVAL
    poller = select.poll()
    poller.register(fd, hung_up_events)
    return any(events & hung_up_events for _, events in poller.poll(0))
