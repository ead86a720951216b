"""The table: the opponent's side (card backs) and the middle of the table
(the turned-up card, trump, stock and the trick).

Each widget keeps what it shows in a reactive ``look`` and redraws only
when that changes; a screen (the game, or any screen hosting a prepared
match) calls ``show`` as often as it likes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.align import Align
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ecarte.engine import Card, Match, View
from ecarte.engine.view import Trick
from ecarte.i18n import _
from ecarte.text import NAME_CELLS
from ecarte.tui.cards_render import card_back, card_face, card_text, empty_slot, suit_text
from ecarte.tui.narration import shown_name
from ecarte.tui.styled import styled

LABEL_CELLS = 12
"""The most a name takes under a card of the trick before the table knows
its width ("✓ Ordinateur"), and the room the last trick's taker is sure of
beside the trick."""


def card_cells(large: bool) -> int:
    """A card's width, the least a name under a card of the trick takes:
    "Maxi…" still says whose card it is."""
    return max(cell_len(line) for line in card_back(large).plain.splitlines())


@dataclass(frozen=True)
class OpponentLook:
    cards: int
    tricks: int
    discarded: int
    known: bool
    """Whether a deal has begun (the counts below the backs are shown)."""
    large: bool


class OpponentView(Static, can_focus=False):
    """The opponent's hand face down, and what is known about it."""

    look: reactive[OpponentLook | None] = reactive(None, init=False)

    def show(self, cards: int, view: View | None, large: bool = False) -> None:
        """``cards``: how many the opponent holds; ``view``: what the human
        sees of the deal (``Match.view``), ``None`` before the first deal.
        Only these reach this widget, so the opponent's cards cannot show."""
        tricks = sum(1 for trick in view.tricks if trick.winner != view.seat) if view else 0
        discarded = view.their_discards if view else 0
        self.look = OpponentLook(cards, tricks, discarded, view is not None, large)

    def watch_look(self, look: OpponentLook | None) -> None:
        if look is None:
            return
        row = Table.grid(padding=(0, 1))
        backs = [card_back(look.large) for _ in range(look.cards)]
        if backs:
            row.add_row(*backs)
        else:
            row.add_row(Text("\n" + _("(no cards)"), style="dim"))
        self.update(row, layout=False)
        info = []
        if look.known:
            info.append(_("tricks {count}").format(count=look.tricks))
            if look.discarded:
                # Translators: under the opponent's cards: how many they discarded in this deal.
                info.append(_("discarded {count}").format(count=look.discarded))
        self.border_subtitle = " · ".join(info)


@dataclass(frozen=True)
class TableLook:
    """The middle of the table as the human may see it."""

    games: int
    deals: int
    """The deal's number in its game; ``0``: before the first deal (nothing else is read)."""
    upcard: Card
    trump: int
    stock_size: int
    trick: tuple[Card, ...]
    """The cards of the trick in progress, the leader's first."""
    leader: int
    tricks: tuple[Trick, ...]
    names: tuple[str, str]
    symbols: bool
    large: bool
    facts: tuple[str, ...] = ()
    """What the player knows for certain of the other hand ("no ♥"), when
    the Coach says it (``play.reading``)."""

    @classmethod
    def of(
        cls, match: Match, names: tuple[str, str], symbols: bool, large: bool, facts: Sequence[str] = ()
    ) -> TableLook:
        if not match.deals:
            return cls(0, 0, 0, 0, 0, (), 0, (), names, symbols, large)
        return cls(
            games=len(match.games),
            deals=match.deal_in_game(),
            upcard=match.upcard,
            trump=match.trump,
            stock_size=match.stock_size,
            trick=tuple(match.trick),
            leader=match.leader if match.trick else 0,
            tricks=tuple(match.tricks),
            names=names,
            symbols=symbols,
            large=large,
            facts=tuple(facts),
        )


class TableView(Static, can_focus=False):
    """The turned-up card and trump, the stock, and the trick in progress
    (or the last trick, until the next card is led)."""

    look: reactive[TableLook | None] = reactive(None, init=False)
    _where = ""
    """Where the match is ("game 1, deal 1, trick 2"), for the frame's title."""

    def show(
        self,
        match: Match,
        names: tuple[str, str],
        symbols: bool,
        large: bool = False,
        facts: Sequence[str] = (),
    ) -> None:
        """``facts``: what the human's view shows for certain of the other
        hand, in words, said on the table's last line."""
        self.look = TableLook.of(match, names, symbols, large, facts)

    def watch_look(self, look: TableLook | None) -> None:
        if look is None:
            return
        where = ""
        if look.deals:
            values = {"game": look.games, "deal": look.deals, "trick": len(look.tricks) + 1}
            if look.trick:
                # Translators: the table's title, after "Table · ", in its frame (about 40 columns).
                where = _("game {game}, deal {deal}, trick {trick}").format(**values)
            elif look.tricks:
                values["trick"] = len(look.tricks)
                where = _("game {game}, deal {deal}, trick {trick} taken").format(**values)
            else:
                where = _("game {game}, deal {deal}").format(**values)
        self._where = where
        self.fit_title()
        self._draw(look)

    def on_resize(self) -> None:
        self.fit_title()
        if self.look is not None:  # the names' room depends on the width
            self._draw(self.look)

    def fit_title(self) -> None:
        """The frame's title, "Table · game 1, deal 1, trick 1 taken", or
        only where the match is when that is too long for the frame (the
        lesson's table at 80 columns in German): the moment matters more
        than the word."""
        title = _("Table")
        if self._where:
            title = f"{title} · {self._where}"
            room = self.outer_size.width - 6  # the corners, a line and a space each side
            if 0 < room < cell_len(title):
                title = self._where
        self.border_title = title

    def _draw(self, look: TableLook) -> None:
        if not look.deals:
            self.update(Text(_("Waiting for the first deal…"), style="dim"), layout=False)
            return
        symbols, large = look.symbols, look.large
        upcard = Table.grid()
        upcard.add_column(justify="center")
        upcard.add_row(card_face(look.upcard, symbols, large=large))
        # Translators: under the turned-up card, {suit} is the trump suit's sign.
        upcard.add_row(styled(_("trump {suit}"), suit=suit_text(look.trump, symbols)))

        stock = Table.grid()
        # As wide as "stock 21" whatever the count: the cards beside it do
        # not shift a column when the stock goes below ten.
        stock.add_column(justify="center", min_width=cell_len(_("stock {count}").format(count=88)))
        stock.add_row(card_back(large) if look.stock_size else empty_slot(large=large))
        # Translators: under the stock's card back: how many cards it holds.
        stock.add_row(Text(_("stock {count}").format(count=look.stock_size)))

        gap = 4 if large else 1
        grid = Table.grid(padding=(0, gap))
        for __ in range(3):
            grid.add_column(no_wrap=True)
        labels, winner = self._fit_names(look, upcard, stock, gap)
        if look.trick and look.tricks:
            grid.add_column()
            grid.add_row(upcard, stock, self._trick(look, labels), self._last_trick(look, winner))
        else:
            grid.add_row(upcard, stock, self._trick(look, labels))
        if not look.facts:
            self.update(grid, layout=False)
            return
        # One line under the cards, where the table has a row to spare at
        # 80x24: cut rather than wrapped, so the cards above never move.
        # Translators: the table's last line: what the other's replies showed of its hand,
        # "Klara: no trump · no ♠ above 10♠".
        # The other is seat 1: the human is seat 0 wherever a table is shown.
        other = shown_name(look.names[1], 12)
        known = Text(_("{name}: {facts}").format(name=other, facts=" · ".join(look.facts)))
        known.no_wrap, known.overflow = True, "ellipsis"
        known.stylize("italic")
        self.update(Group(Align.center(grid), Align.center(known)), layout=False)

    def _fit_names(
        self, look: TableLook, upcard: RenderableType, stock: RenderableType, gap: int
    ) -> tuple[tuple[int, int], int]:
        """How many cells each seat's name under the trick's cards may take,
        and the name of the last trick's taker when the last trick stands
        beside the trick: each as long as it is, where the table has the
        room (at 120 columns a long name is whole). At 80 columns there is
        little: the last trick's heading ("Dernière levée") and taker are
        still said whole, each on its one line, as the trick's names are;
        those are cut first, the longer one first, down to a card's width,
        and only then the taker's name. Before the table is laid out (no
        width yet) each is cut at ``LABEL_CELLS``."""
        room = self.content_size.width
        if room <= 0:
            return (LABEL_CELLS, LABEL_CELLS), LABEL_CELLS
        beside = bool(look.trick and look.tricks)
        options = self.app.console.options.update_width(room)
        fixed = sum(Measurement.get(self.app.console, options, part).maximum for part in (upcard, stock))
        fixed += (3 if beside else 2) * gap
        # The taker of a trick on the table is ticked beside its name: "✓ ".
        taker = look.tricks[-1].winner if look.tricks and not look.trick else None
        full = [cell_len(shown_name(name)) + 2 * (seat == taker) for seat, name in enumerate(look.names)]
        least = card_cells(look.large)
        labels = [min(NAME_CELLS + 2, max(least, cells)) for cells in full]
        needed = 0
        if beside:
            cards = self._last_cards(look)
            # The heading's whole width, not its longest word's: wrapped
            # ("Dernière" over "levée") it took a fourth line, pushing the
            # taker into the line of the trump and the stock.
            heading = self._heading().cell_len
            needed = max(heading, cards.cell_len, self._winner_line(look, LABEL_CELLS).cell_len)
        # The longer name is cut first, as far as it must, so that the
        # other may stay whole ("Computer Maxi…", not "Compu… Maxim…").
        for seat in sorted((0, 1), key=lambda seat: -full[seat]):
            while sum(labels) + 1 > room - fixed - needed and labels[seat] > least:
                labels[seat] -= 1
        winner = NAME_CELLS
        if beside:
            # What the names under the trick leave, or the column's own width.
            left = max(room - fixed - (sum(labels) + 1), heading, cards.cell_len)
            while winner > 1 and self._winner_line(look, winner).cell_len > left:
                winner -= 1
        return (labels[0], labels[1]), winner

    @staticmethod
    def _last_cards(look: TableLook) -> Text:
        """The last trick's two cards, the leader's first: "A♠ J♠"."""
        return Text(" ").join(card_text(card, look.symbols) for card in look.tricks[-1].cards)

    @staticmethod
    def _winner_line(look: TableLook, cells: int) -> Text:
        """Who took the last trick, the name cut to ``cells``: "to Leo"."""
        name = shown_name(look.names[look.tricks[-1].winner], cells)
        # Translators: who took the last trick, in a narrow column: "to Leo".
        return styled(_("to {name}"), "dim", name=Text(name))

    @staticmethod
    def _heading() -> Text:
        """The last trick's heading, on one line over its cards."""
        # Translators: the previous trick, on one line of a narrow column beside the trick
        # (at 80 columns about 12 cells: longer, the players' names under the trick are cut).
        return Text(_("Last trick"))

    @classmethod
    def _last_trick(cls, look: TableLook, winner_cells: int = LABEL_CELLS) -> RenderableType:
        """The trick before, in words, while the next one is played: three
        lines beside the cards (heading, cards, taker), each cut rather than
        wrapped, so that none falls into the line under the cards."""
        parts = (cls._heading(), cls._last_cards(look), cls._winner_line(look, winner_cells))
        text = Text("\n", style="dim").join(parts)  # dim throughout, the cards too, as it was
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    @staticmethod
    def _trick(look: TableLook, label_cells: tuple[int, int] = (LABEL_CELLS, LABEL_CELLS)) -> RenderableType:
        """The trick's two cards, the leader's first, each over its player's
        name (cut to ``label_cells``, by seat)."""
        grid = Table.grid(padding=(0, 1))
        if look.trick:
            cards = list(look.trick)
            seats = [look.leader, 1 - look.leader]
            winner = None
        elif look.tricks:
            last = look.tricks[-1]
            cards = list(last.cards)
            seats = [last.leader, 1 - last.leader]
            winner = last.winner
        else:
            return Text("\n" + _("No trick yet"), style="dim")
        least = card_cells(look.large)
        faces: list[RenderableType] = []
        labels: list[RenderableType] = []
        for position in range(2):
            seat = seats[position]
            if position < len(cards):
                frame = "bold green" if winner == seat else ""
                faces.append(card_face(cards[position], look.symbols, frame=frame, large=look.large))
            else:
                faces.append(empty_slot("?", look.large))
            cells = max(least, label_cells[seat])
            if winner == seat:
                # On the outer side of the pair: "✓ Klara  You" and "Klara  You ✓",
                # never "Klara ✓ You", which reads as either. The name is cut
                # to leave the tick its room: "Konstantin-… ✓" lost the
                # tick, the one mark of the taker without colours.
                label = Text(shown_name(look.names[seat], max(1, cells - 2)))
                tick = Text("✓", style="bold green")
                label = tick + " " + label if position == 0 else label + " " + tick
            else:
                label = Text(shown_name(look.names[seat], cells))
            # Cut on its one line (a joined Text forgets these): a long name
            # must not wrap out of line under the card.
            label.no_wrap, label.overflow = True, "ellipsis"
            labels.append(label)
        for seat in seats:
            grid.add_column(justify="center", min_width=least, max_width=max(least, label_cells[seat]))
        grid.add_row(*faces)
        grid.add_row(*labels)
        return grid
