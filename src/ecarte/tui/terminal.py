"""Noticing that the terminal has gone (its window closed, the ssh link
dropped), so that the app ends instead of running on with nobody to see it.

The kernel tells a closed terminal only to the session's leader, with
SIGHUP. When ecarte is that leader (started from a shell) it ends by that
signal. When another program leads and waits for it (``make play``: make
passes a hangup on to nobody, it waits for its child to end), ecarte gets no
signal at all, and Textual's input thread reads nothing over and over at full
speed. So the app asks, a few times a second, whether its terminal has hung
up, and quits if it has (every move is already in the match's log).
"""

from __future__ import annotations

import select

CHECK_EVERY = 0.5
"""Seconds between two looks at the terminal."""

CAN_TELL = hasattr(select, "poll")
"""Whether this system can tell (not Windows, which has no ``poll``)."""


def hung_up(fd: int) -> bool:
    """Whether the terminal open as ``fd`` has hung up (or ``fd`` is closed);
    never waits."""
    hung_up_events = select.POLLHUP | select.POLLERR | select.POLLNVAL
    poller = select.poll()
    poller.register(fd, hung_up_events)
    return any(events & hung_up_events for _, events in poller.poll(0))
