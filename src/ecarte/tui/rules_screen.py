"""The rules of écarté (docs/rules.md) shown as Markdown."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

MISSING_RULES = (
    "# The rules are missing\n\n"
    "This installation of ecarte has no `docs/rules.md`. "
    "Reinstall ecarte, or read the rules in the project's repository."
)


def rules_text() -> str | None:
    """docs/rules.md as the package ships it (``ecarte/docs/rules.md``);
    ``None`` when it cannot be read (a damaged installation)."""
    try:
        return resources.files("ecarte").joinpath("docs/rules.md").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


class RulesScreen(Screen[None]):
    """The rules as one Rich Markdown renderable: a widget per paragraph
    (Textual's Markdown) takes seconds to build for a document this long."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Static(Markdown(rules_text() or MISSING_RULES, hyperlinks=False), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()
