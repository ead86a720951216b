"""The table: the opponent's side (card backs) and the middle of the table
(the turned-up card, trump, stock and the trick)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ecarte.engine import Match, View
from ecarte.text import printable
from ecarte.tui.cards_render import card_back, card_face, card_text, empty_slot, suit_text


class OpponentView(Static, can_focus=False):
    """The opponent's hand face down, and what is known about it."""

    _signature: tuple[object, ...] | None = None

    def show(self, cards: int, view: View | None, large: bool = False) -> None:
        """``cards``: how many the opponent holds; ``view``: what the human
        sees of the deal (``Match.view``), ``None`` before the first deal.
        Only these reach this widget, so the opponent's cards cannot show."""
        tricks = sum(1 for trick in view.tricks if trick.winner != view.seat) if view else 0
        discarded = view.their_discards if view else 0
        signature = (cards, tricks, discarded, view is None, large)
        if signature == self._signature:
            return
        self._signature = signature
        row = Table.grid(padding=(0, 1))
        backs = [card_back(large) for _ in range(cards)]
        if backs:
            row.add_row(*backs)
        else:
            row.add_row(Text("\n(no cards)", style="dim"))
        self.update(row, layout=False)
        info = []
        if view is not None:
            info.append(f"tricks {tricks}")
            if discarded:
                info.append(f"discarded {discarded}")
        self.border_subtitle = " · ".join(info)


class TableView(Static, can_focus=False):
    """The turned-up card and trump, the stock, and the trick in progress
    (or the last trick, until the next card is led)."""

    _signature: tuple[object, ...] | None = None

    def show(self, match: Match, names: tuple[str, str], symbols: bool, large: bool = False) -> None:
        signature = (
            len(match.deals),
            match.upcard,
            match.stock_size,
            tuple(match.trick),
            len(match.tricks),
            symbols,
            large,
        )
        if signature == self._signature:
            return
        self._signature = signature
        title = "Table"
        if match.deals:
            title = f"Table · game {len(match.games)}, deal {len(match.deals)}"
            if match.trick:
                title += f", trick {len(match.tricks) + 1}"
            elif match.tricks:
                title += f", trick {len(match.tricks)} taken"
        self.border_title = title
        if not match.deals:
            self.update(Text("Waiting for the first deal…", style="dim"), layout=False)
            return
        upcard = Table.grid()
        upcard.add_column(justify="center")
        upcard.add_row(card_face(match.upcard, symbols, large=large))
        trump = Text("trump ")
        trump.append_text(suit_text(match.trump, symbols))
        upcard.add_row(trump)

        stock = Table.grid()
        stock.add_column(justify="center")
        stock.add_row(card_back(large) if match.stock_size else empty_slot(large=large))
        stock.add_row(Text(f"stock {match.stock_size}"))

        trick = self._trick(match, names, symbols, large)
        grid = Table.grid(padding=(0, 4 if large else 1))
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

    def _trick(self, match: Match, names: tuple[str, str], symbols: bool, large: bool) -> RenderableType:
        grid = Table.grid(padding=(0, 1))
        if match.trick:
            leader = match.leader
            cards = list(match.trick)
            seats = [leader, 1 - leader]
            winner = None
        elif match.tricks:
            last = match.tricks[-1]
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
                faces.append(card_face(cards[position], symbols, frame=frame, large=large))
            else:
                faces.append(empty_slot("?", large))
            label = Text(printable(names[seat]), overflow="ellipsis", no_wrap=True)
            if winner == seat:
                label = Text("✓ ", style="bold green") + label
            labels.append(label)
        for _ in range(2):
            grid.add_column(justify="center", min_width=6, max_width=10)
        grid.add_row(*faces)
        grid.add_row(*labels)
        return grid
