"""What every screen of the app shares: the app itself, typed.

Screens reach one another only through the app (``push_screen("settings")``,
``EcarteApp.open_game``), never by importing each other."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, cast

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets.button import ButtonVariant

from ecarte.i18n import N_

if TYPE_CHECKING:
    from .app import EcarteApp

ResultT = TypeVar("ResultT")

CARD_BINDINGS: tuple[Binding, ...] = (
    # Translators: the footer's key for the cards held ("1-5 Card"): play or pick one.
    Binding("1", "card(0)", N_("Card"), key_display="1-5"),
    Binding("2", "card(1)", N_("Card 2"), show=False),
    Binding("3", "card(2)", N_("Card 3"), show=False),
    Binding("4", "card(3)", N_("Card 4"), show=False),
    Binding("5", "card(4)", N_("Card 5"), show=False),
    Binding("left", "cursor(-1)", N_("Left"), show=False),
    Binding("right", "cursor(1)", N_("Right"), show=False),
)
"""The card keys of every screen with a hand (the table, the lesson): a card
by its number, or the cursor; the footer shows them as one key, "1-5"."""


class EcarteScreen(Screen[ResultT]):
    @property
    def ecarte_app(self) -> EcarteApp:
        return cast("EcarteApp", self.app)

    def key_display_for(self, binding: Binding) -> str | None:
        """What the footer shows for ``binding`` now, when it depends on the
        moment (the card keys as far as the cards held go); ``None``: the
        binding's own."""
        return None


DECISION_BUTTONS: tuple[tuple[str, str, ButtonVariant], ...] = (
    # Translators: the buttons share one line of 80 columns: keep them short;
    # the key in brackets is the key to press, the same in every language.
    (N_("Propose (e)"), "propose", "primary"),
    # Translators: play the hand as it is, without (more) exchanges.
    (N_("Play (p)"), "play", "warning"),
    (N_("Accept (a)"), "accept", "primary"),
    (N_("Refuse (r)"), "refuse", "warning"),
    (N_("Announce king (k)"), "king", "success"),
    (N_("Discard (Enter)"), "discard", "primary"),
)
"""The buttons of the decisions at the table and in the lesson: the label
(translated where shown), the button's id (the action it takes), its
variant."""
