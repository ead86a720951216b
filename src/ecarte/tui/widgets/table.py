"""The table: the opponent's side (card backs) and the middle of the table
(the turned-up card, trump, stock and the trick)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ecarte.engine import Match
from ecarte.tui.cards_render import card_back, card_face, card_text, empty_slot, suit_text
from ecarte.tui.narration import printable


class OpponentView(Static, can_focus=False):
    """The opponent's hand face down, and what is known about it."""

    _signature: tuple[object, ...] | None = None

    def show(self, match: Match, seat: int, name: str) -> None:
        count = match.hands[seat].bit_count() if match.deals else 0
        signature = (count, match.tricks_won[seat], match.discards[seat], len(match.deals))
        if signature == self._signature:
            return
        self._signature = signature
        row = Table.grid(padding=(0, 1))
        backs = [card_back() for _ in range(count)]
        if backs:
            row.add_row(*backs)
        else:
            row.add_row(Text("\n(no cards)", style="dim"))
        self.update(row, layout=False)
        info = []
        if match.deals:
            info.append(f"tricks {match.tricks_won[seat]}")
            discarded = match.discards[seat].bit_count()
            if discarded:
                info.append(f"discarded {discarded}")
        self.border_subtitle = " · ".join(info)


class TableView(Static, can_focus=False):
    """The turned-up card and trump, the stock, and the trick in progress
    (or the last trick, until the next card is led)."""

    _signature: tuple[object, ...] | None = None

    def show(self, match: Match, names: tuple[str, str], symbols: bool) -> None:
        signature = (
            len(match.deals),
            match.upcard,
            match.stock_size,
            tuple(match.trick),
            len(match.tricks),
            symbols,
        )
        if signature == self._signature:
            return
        self._signature = signature
        if not match.deals:
            self.update(Text("Waiting for the first deal…", style="dim"), layout=False)
            return
        upcard = Table.grid()
        upcard.add_column(justify="center")
        upcard.add_row(card_face(match.upcard, symbols))
        trump = Text("trump ")
        trump.append_text(suit_text(match.trump, symbols))
        upcard.add_row(trump)

        stock = Table.grid()
        stock.add_column(justify="center")
        stock.add_row(card_back() if match.stock_size else empty_slot())
        stock.add_row(Text(f"stock {match.stock_size}"))

        trick = self._trick(match, names, symbols)
        grid = Table.grid(padding=(0, 2))
        if match.trick and match.tricks:
            grid.add_row(upcard, stock, trick, self._last_trick(match, names, symbols))
        else:
            grid.add_row(upcard, stock, trick)
        self.update(grid, layout=False)

    def _last_trick(self, match: Match, names: tuple[str, str], symbols: bool) -> RenderableType:
        """The trick before, in words, while the next one is played."""
        last = match.tricks[-1]
        text = Text("Last trick\n", style="dim")
        text.append_text(card_text(last.cards[0], symbols))
        text.append(" ")
        text.append_text(card_text(last.cards[1], symbols))
        text.append("\nto ", style="dim")
        text.append(printable(names[last.winner])[:12])
        return text

    def _trick(self, match: Match, names: tuple[str, str], symbols: bool) -> RenderableType:
        grid = Table.grid(padding=(0, 1))
        if match.trick:
            leader = match.leader
            title = Text("Trick ") + Text(str(len(match.tricks) + 1))
            cards = list(match.trick)
            seats = [leader, 1 - leader]
            winner = None
        elif match.tricks:
            last = match.tricks[-1]
            title = Text(f"Trick {len(match.tricks)}, taken by ") + Text(printable(names[last.winner]))
            cards = list(last.cards)
            seats = [last.leader, 1 - last.leader]
            winner = last.winner
        else:
            return Text("\nNo trick yet", style="dim")
        faces: list[RenderableType] = []
        labels: list[RenderableType] = []
        for position in range(2):
            seat = seats[position]
            if position < len(cards):
                frame = "bold green" if winner == seat else ""
                faces.append(card_face(cards[position], symbols, frame=frame))
            else:
                faces.append(empty_slot("?"))
            label = Text(printable(names[seat])[:10], style="bold" if winner == seat else "")
            labels.append(label)
        for _ in range(2):
            grid.add_column(justify="center", min_width=6)
        grid.add_row(*faces)
        grid.add_row(*labels)
        return Group(title, grid)
