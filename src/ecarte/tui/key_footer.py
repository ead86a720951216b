"""The footer of every screen: each key the screen shows there, whole.

Textual's ``Footer`` keeps its keys on one line and lets those that do not
fit run off the right edge, behind its command palette key: at 80 columns
the title's Rules and Quit, the table's Menu and the replay's Help were cut
(``s Settings  r▏^p palette``), and more so in the longer languages. This
one puts the keys that do not fit on a second line, and leaves out the
palette's key (Ctrl+P still opens the palette; the Settings offer the
themes it is there for)."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # not exported by textual.widgets; its width is needed


def key_cells(key: FooterKey) -> int:
    """The columns a key takes: " k " and "Description " (the footer's padding)."""
    from rich.cells import cell_len

    return cell_len(key.key_display) + 2 + (cell_len(key.description) + 1 if key.description else 0)


class KeyFooter(Footer):
    class HeightChanged(Message):
        """The footer takes a new number of rows (its keys arrived, or went
        to a second line): a screen fitting its content above it looks again."""

    DEFAULT_CSS = """
    KeyFooter { layout: vertical; height: auto; max-height: 3; }
    KeyFooter > .key-row { height: 1; width: 100%; }
    """

    def __init__(self) -> None:
        super().__init__(show_command_palette=False)
        self._laid_out_for = 0
        """The width the keys were put in rows for."""
        self._height = 0

    def compose(self) -> ComposeResult:
        width = self._laid_out_for = self.size.width
        rows: list[list[Widget]] = [[]]
        used = 0
        for widget in super().compose():
            cells = key_cells(widget) if isinstance(widget, FooterKey) else 0
            if rows[-1] and width and used + cells > width:
                rows.append([])
                used = 0
            rows[-1].append(widget)
            used += cells
        for row in rows:
            if row:
                with HorizontalGroup(classes="key-row"):
                    yield from row

    def on_resize(self, event: events.Resize) -> None:
        # Laid out again for a new width (not for the height its rows take).
        if event.size.width != self._laid_out_for:
            self.call_after_refresh(self.recompose)
        if event.size.height != self._height:
            # A screen opened in the background (after a change of language)
            # gets its keys only once shown: until then the footer has no rows.
            self._height = event.size.height
            self.post_message(self.HeightChanged())
