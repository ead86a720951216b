"""The human's hand: five card slots, numbered 1-5, clickable.

The slots only draw what they are told (cards, which are playable, which are
chosen for the discard, where the cursor is); the game screen decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ecarte.engine import Card
from ecarte.engine.cards import bit
from ecarte.i18n import _
from ecarte.tui.cards_render import card_face, dim_style, tint

HAND_SIZE = 5


@dataclass(frozen=True)
class SlotLook:
    """What a slot shows; it is redrawn when this changes."""

    card: Card | None
    symbols: bool
    playable: bool
    chosen: bool
    cursor: bool
    dim: bool
    large: bool
    new: bool = False
    """Just drawn: marked ``+`` beside the number."""


class CardSlot(Static, can_focus=False):
    """One card of the hand with its number (and marks) below it."""

    DEFAULT_CSS = """
    CardSlot { width: 6; height: 4; }
    """

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    look: reactive[SlotLook | None] = reactive(None, init=False)

    def __init__(self, index: int) -> None:
        super().__init__(id=f"card-{index + 1}")
        self.index = index

    @property
    def card(self) -> Card | None:
        return self.look.card if self.look is not None else None

    def show(
        self,
        card: Card | None,
        *,
        symbols: bool,
        playable: bool,
        chosen: bool,
        cursor: bool,
        dim: bool,
        large: bool = False,
        new: bool = False,
    ) -> None:
        self.look = SlotLook(card, symbols, playable, chosen, cursor, dim, large, new)

    def watch_look(self, look: SlotLook | None) -> None:
        card = look.card if look is not None else None
        if look is None or card is None:
            self.update(Text(""), layout=False)
            return
        frame = ""
        if look.chosen:
            frame = "bold yellow"
        elif look.cursor:
            frame = "bold cyan"
        elif look.playable:
            frame = "green"
        large = look.large
        face = card_face(card, look.symbols, dim=look.dim, frame=frame, large=large, heavy=look.playable)
        mark = Text()
        number = ("+" if look.new else "") + str(self.index + 1)
        if look.chosen:
            # The cursor on a picked card shows too: Space there puts it back.
            picked = ("▲✗" if look.cursor else "✗") + number
            mark.append(f"{picked:^{7 if large else 4}}", style=tint("bold yellow"))
        elif look.cursor:
            mark.append(f"{'▲' + number:^{7 if large else 4}}", style=tint("bold cyan"))
        else:
            mark.append(f"{number:^{7 if large else 4}}", style=dim_style(look.dim))
        face.append("\n")
        face.append_text(mark)
        self.update(face, layout=False)

    def on_click(self, event: events.Click) -> None:
        if self.card is not None:
            event.stop()
            self.post_message(self.Clicked(self.index))


class HandView(Horizontal, can_focus=False):
    DEFAULT_CSS = """
    HandView { height: 4; width: auto; }
    HandView > .empty-hand { width: auto; height: 100%; display: none; }
    """

    def compose(self) -> ComposeResult:
        for index in range(HAND_SIZE):
            yield CardSlot(index)
        # An empty hand says so, as the opponent's does (a blank would look
        # like a drawing fault).
        yield Static(classes="empty-hand")

    def show(
        self,
        cards: Sequence[Card],
        *,
        symbols: bool,
        playable: int | None,
        chosen: int,
        cursor: int | None,
        large: bool = False,
        new: int = 0,
    ) -> None:
        """``playable``: mask of the cards that stand out (``None``: all do);
        ``chosen``: mask of the cards picked for the discard; ``new``: mask
        of the cards just drawn."""
        empty = self.query_one(".empty-hand", Static)
        empty.display = not cards
        if not cards:
            empty.update(Text("\n" + _("(no cards)"), style="dim"))
        for slot in self.query(CardSlot):
            slot.display = bool(cards)
            index = slot.index
            card = cards[index] if index < len(cards) else None
            is_playable = card is not None and (playable is None or bool(playable & bit(card)))
            slot.show(
                card,
                symbols=symbols,
                playable=is_playable and playable is not None,
                chosen=card is not None and bool(chosen & bit(card)),
                cursor=cursor == index,
                dim=not is_playable,
                large=large,
                new=card is not None and bool(new & bit(card)),
            )
