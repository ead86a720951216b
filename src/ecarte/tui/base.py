"""What every screen of the app shares: the app itself, typed.

Screens reach one another only through the app (``push_screen("settings")``,
``EcarteApp.open_game``), never by importing each other."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from .app import EcarteApp

ResultT = TypeVar("ResultT")


class EcarteScreen(Screen[ResultT]):
    @property
    def ecarte_app(self) -> EcarteApp:
        return cast("EcarteApp", self.app)
