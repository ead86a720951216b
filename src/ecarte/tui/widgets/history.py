"""The History panel: the match's moves, newest at the bottom.

A ``RichLog`` scrolls to its end when a line is written, but not when it
is made shorter afterwards: the score panel's liability warning or the
coach's options appear a moment after the move is written, the panels
above grow, and the newest lines slipped out of sight below the panel's
edge. This one keeps its end in sight whenever its size changes, unless
the player had scrolled up to read an earlier move.

A ``RichLog`` also wraps a line once, when it is written: this one keeps
its entries and writes them all again whenever its width is not the one
they were wrapped at. It answers to its own size, not the screen's: a
terminal resized while a window (the help, a deal's summary) is over the
table never reaches the game screen's ``on_resize``, but the panel is laid
out anew at its real width all the same, and lines wrapped at the old
width were cut at the panel's edge with no way to scroll to their end."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog


class HistoryLog(RichLog):
    def __init__(self, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.following = True
        """Whether the end is in sight (False once the player scrolls up)."""
        self.entries: list[Text] = []
        """Every entry written, to wrap them anew when the width changes."""
        self.wrapped_width = 0
        """The width the lines shown were wrapped at (0: none written yet)."""

    def add(self, entry: Text) -> None:
        """Write ``entry`` at the panel's width (and the earlier ones anew,
        when they were wrapped at another)."""
        self.entries.append(entry)
        if not self.rewrap():
            self.write(entry)

    def rewrap(self) -> bool:
        """Write every entry again if the panel's width is not the one they
        were wrapped at; whether it did."""
        width = self.scrollable_content_region.width
        if not width or width == self.wrapped_width:
            return False
        self.wrapped_width = width
        self.clear()
        for entry in self.entries:
            self.write(entry)
        return True

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.following = new_value >= self.max_scroll_y
        # The whole panel drawn again, border and all: a play-tester once saw
        # a line missing in the middle after the panel shrank and scrolled,
        # until a resize redrew it (not reproduced on demand since).
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.rewrap)
        if self.following:
            self.call_after_refresh(self._keep_end_in_sight)

    def _keep_end_in_sight(self) -> None:
        if self.following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
