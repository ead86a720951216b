"""What every screen of the app shares: the app itself, typed.

Screens reach one another only through the app (``push_screen("settings")``,
``EcarteApp.open_game``), never by importing each other."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, cast

from textual.binding import Binding
from textual.screen import Screen

if TYPE_CHECKING:
    from .app import EcarteApp

ResultT = TypeVar("ResultT")


class EcarteScreen(Screen[ResultT]):
    @property
    def ecarte_app(self) -> EcarteApp:
        return cast("EcarteApp", self.app)

    def key_display_for(self, binding: Binding) -> str | None:
        """What the footer shows for ``binding`` now, when it depends on the
        moment (the card keys as far as the cards held go); ``None``: the
        binding's own."""
        return None
