"""The rules of écarté (docs/rules.md) shown as Markdown."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer

MISSING_RULES = (
    "# The rules are missing\n\n"
    "This installation of ecarte has no `docs/rules.md`. "
    "Reinstall ecarte, or read the rules in the project's repository."
)


def rules_text() -> str | None:
    """docs/rules.md: from the installed package (``ecarte/docs/rules.md``),
    else from the source checkout; ``None`` when neither can be read."""
    try:
        return resources.files("ecarte").joinpath("docs/rules.md").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ModuleNotFoundError):
        pass
    try:
        return (Path(__file__).resolve().parents[3] / "docs" / "rules.md").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


class RulesScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("t", "toggle_contents", "Contents"),
    ]

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(rules_text() or MISSING_RULES, show_table_of_contents=False, id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_toggle_contents(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
