"""What a second window shows when the match it would continue is being
played in another window (``ecarte.play.lock``): it may watch the match in
the replay viewer, or leave it to the other window."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ecarte.i18n import N_, _
from ecarte.text import printable

from .base import EcarteModalScreen
from .deal_summary import MODAL_CSS, SummaryButton

TITLE = N_("This match is open in another window.")
EXPLANATION = N_(
    "Only one window plays a match at a time, so that its autosave stays whole. "
    "You can watch it in the replay viewer (as far as it has been played), or leave it to that window."
)


class OpenElsewhereScreen(EcarteModalScreen[str]):
    """Dismissed with "watch" (the replay viewer is then opened) or "leave"."""

    # Centred over the title, as the other windows of its kind.
    DEFAULT_CSS = MODAL_CSS + "OpenElsewhereScreen { align: center middle; background: $background 50%; }\n"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "choose('watch')", N_("Watch")),
        Binding("l,escape", "choose('leave')", N_("Leave")),
    ]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="summary-box"):
            yield Static(Text(_(TITLE)), id="summary-title")
            yield Static(Text(f"{_(EXPLANATION)}\n{printable(self.path.name)}"))
            with Horizontal(id="summary-buttons"):
                yield SummaryButton(_("Watch (w)"), id="watch", variant="primary", compact=True)
                yield SummaryButton(_("Leave (l)"), id="leave", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_choose(event.button.id or "leave")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
        if choice == "watch":
            from .replay_screen import ReplayViewerScreen

            # At the last move: where the match being watched has got to.
            self.app.push_screen(ReplayViewerScreen(self.path, at_end=True))
