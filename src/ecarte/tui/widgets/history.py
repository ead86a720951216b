"""The History panel: the match's moves, newest at the bottom.

A ``RichLog`` scrolls to its end when a line is written, but not when it
is made shorter afterwards: the score panel's liability warning or the
coach's options appear a moment after the move is written, the panels
above grow, and the newest lines slipped out of sight below the panel's
edge. This one keeps its end in sight whenever its size changes, unless
the player had scrolled up to read an earlier move."""

from __future__ import annotations

from textual import events
from textual.widgets import RichLog


class HistoryLog(RichLog):
    def __init__(self, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.following = True
        """Whether the end is in sight (False once the player scrolls up)."""

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.following = new_value >= self.max_scroll_y
        # The whole panel drawn again, border and all: a play-tester once saw
        # a line missing in the middle after the panel shrank and scrolled,
        # until a resize redrew it (not reproduced on demand since).
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        if self.following:
            self.call_after_refresh(self._keep_end_in_sight)

    def _keep_end_in_sight(self) -> None:
        if self.following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
