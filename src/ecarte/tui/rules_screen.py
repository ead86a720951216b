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

from ecarte.engine import Rules

from .narration import rules_in_words

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


def in_force(rules: Rules) -> str:
    """The opening of the page in a match: its rules, and where they change
    what the page says."""
    lines = [f"**In this match:** {rules_in_words(rules, with_target=True)}."]
    if rules.ace_high:
        lines.append(
            "The ace ranks **above the king** here: K Q J 10 9 8 7 below the ace, "
            "not the usual order shown below (K Q J A 10 9 8 7)."
        )
    if not rules.must_trump:
        lines.append("Out of the suit led you **need not trump**: any card may be played.")
    return "\n\n".join(lines)


class RulesScreen(Screen[None]):
    """The rules as one Rich Markdown renderable: a widget per paragraph
    (Textual's Markdown) takes seconds to build for a document this long."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "app.pop_screen", "Back")]

    def __init__(self, rules: Rules | None = None) -> None:
        """``rules``: a match's; the page then opens with them."""
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            if self.rules is not None:
                yield Static(Markdown(in_force(self.rules), hyperlinks=False), id="rules-in-force")
            yield Static(Markdown(rules_text() or MISSING_RULES, hyperlinks=False), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()
