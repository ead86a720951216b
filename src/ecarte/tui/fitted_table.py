"""A table that fits its width: while its content is wider than the table,
the columns named as wrapping share the room the others leave, and their
cells wrap onto more lines instead of running off the edge (a card or a
word is never split). Fitted again whenever the table's width changes.

Used by the analysis (its Chosen and Best columns), the statistics (the
rows' names) and the saved matches' list (the players and the result),
whose words are longest in the languages with the longest words; 80
columns must hold them all."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import DataTable


def natural_widths(headings: Sequence[Text], rows: Sequence[Sequence[Text]]) -> list[int]:
    """Each column's width with nothing wrapped: its widest cell or heading."""
    return [max([headings[i].cell_len, *(row[i].cell_len for row in rows)]) for i in range(len(headings))]


def fitted_widths(
    headings: Sequence[Text], rows: Sequence[Sequence[Text]], room: int | None, wrapped: Sequence[int]
) -> list[int]:
    """The width of each column of a table that should fit ``room`` cells
    (padding aside), each row having one cell per heading: its natural
    width while everything fits; otherwise the ``wrapped`` columns share
    what the others leave, the narrower content first, each at least as
    wide as its heading and its longest word (so a card is never split),
    and their cells wrap."""
    natural = natural_widths(headings, rows)
    if room is None or sum(natural) <= room:
        return natural
    left = room - sum(width for i, width in enumerate(natural) if i not in wrapped)
    widths = list(natural)
    order = sorted(wrapped, key=lambda i: natural[i])
    for done, column in enumerate(order):
        words = [word for row in rows for word in row[column].plain.split()]
        share = left // (len(order) - done)
        # A word longer than the column's share (a program's path, as
        # ecarte simulate names a bot) is broken rather than pushing the
        # columns after it off the edge; a card or a word is never that long.
        # At least one cell: a terminal shrunk to nothing leaves no share.
        least = max([1, headings[column].cell_len, *(min(cell_len(word), share) for word in words)])
        width = max(least, min(natural[column], share))
        widths[column] = width
        left -= width
    return widths


class FittedTable(DataTable[Text]):
    """A ``DataTable`` filled with ``show``, whose ``wrapped`` columns wrap
    when the whole would not fit its width."""

    def __init__(self, *, wrapped: Sequence[int], scrolls: bool = True, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.wrapped = tuple(wrapped)
        self.scrolls = scrolls
        """Whether the rows may outgrow the table's height (room is kept for
        the scrollbar); not for a table as tall as its rows."""
        self._headings: list[Text] = []
        self._cells: list[list[Text]] = []
        self._keys: list[str | None] = []
        self.fitted_width = 0
        """The table's width when its columns were last fitted (0: not yet laid out)."""

    def show(
        self,
        headings: Sequence[Text],
        rows: Sequence[Sequence[Text]],
        keys: Sequence[str | None] | None = None,
    ) -> None:
        """Fill the table anew, the cursor on the first row."""
        self._headings = list(headings)
        self._cells = [list(row) for row in rows]
        self._keys = list(keys) if keys is not None else [None] * len(self._cells)
        self._fit(keep_cursor=False)

    def laid_out(self, room: int | None) -> tuple[list[list[Text]], list[int]]:
        """The cells to show on ``room`` cells (``None``: not yet laid out)
        and each column's width: the ``wrapped`` columns share what the
        others leave (``fitted_widths``)."""
        return self._cells, fitted_widths(self._headings, self._cells, room, self.wrapped)

    def on_resize(self, event: events.Resize) -> None:
        if self._headings and event.size.width != self.fitted_width:
            self._fit(keep_cursor=True)

    def _fit(self, *, keep_cursor: bool) -> None:
        cursor = self.cursor_row
        room = None  # not yet laid out: fitted when it is (on_resize)
        if self.size.width:
            padding = 2 * self.cell_padding * len(self._headings)
            scrollbar = self.styles.scrollbar_size_vertical if self.scrolls else 0
            room = self.size.width - scrollbar - padding
        cells, widths = self.laid_out(room)
        self.fitted_width = self.size.width
        self.clear(columns=True)
        # Two lines when a heading is narrower than its words ("Taux de"
        # over "victoire"; only a subclass's ``laid_out`` makes one so).
        wraps = any(heading.cell_len > width for heading, width in zip(self._headings, widths, strict=True))
        self.header_height = 2 if wraps else 1
        # Every width given, none measured by the DataTable: it measures
        # when idle, after a frame may already have cached its rows drawn
        # at the headings' widths (seen in the app: the analysis's columns
        # cut to "Dea", "excha" until the terminal was resized).
        for heading, width in zip(self._headings, widths, strict=True):
            self.add_column(heading, width=width)
        # Rows as tall as their wrapped cells need, only when some wrap.
        height = None if widths != natural_widths(self._headings, cells) else 1
        for row, key in zip(cells, self._keys, strict=True):
            self.add_row(*row, height=height, key=key)
        if keep_cursor and 0 <= cursor < len(self._cells):
            self.move_cursor(row=cursor)
