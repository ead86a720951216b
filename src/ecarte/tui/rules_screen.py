"""The rules of écarté (docs/rules.md) shown as Markdown."""

from __future__ import annotations

import re
from importlib import resources
from typing import ClassVar

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ecarte.engine import Rules
from ecarte.i18n import N_, _, current_language
from ecarte.play.names import rules_in_words

from .base import PAGE_BINDINGS, EcarteScreen
from .cards_render import letters
from .key_footer import KeyFooter

MISSING_RULES = N_(
    "# The rules are missing\n\n"
    "This installation of ecarte has no `docs/rules.md`. "
    "Reinstall ecarte, or read the rules in the project's repository."
)


def rules_text(language: str | None = None) -> str | None:
    """The rules guide as the package ships it, in ``language`` (default:
    the one in use): ``ecarte/docs/rules.<language>.md`` where that
    translation exists, else the English ``ecarte/docs/rules.md``; ``None``
    when neither can be read (a damaged installation)."""
    language = language or current_language()
    docs = resources.files("ecarte").joinpath("docs")
    names = [f"rules.{language}.md", "rules.md"] if language != "en" else ["rules.md"]
    for name in names:
        try:
            return docs.joinpath(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return None


def in_force(rules: Rules) -> str:
    """The opening of the page in a match: its rules, and where they change
    what the page says."""
    # Translators: Markdown: keep the ** around the words in bold.
    lines = [_("**In this match:** {rules}.").format(rules=rules_in_words(rules, with_target=True))]
    if rules.ace_high:
        lines.append(
            _(
                "The ace ranks **above the king** here: K Q J 10 9 8 7 below the ace, "
                "not the usual order shown below (K Q J A 10 9 8 7)."
            )
        )
    if not rules.must_trump:
        lines.append(_("Out of the suit led you **need not trump**: any card may be played."))
    return "\n\n".join(lines)


class RulesScreen(EcarteScreen[None]):
    """The rules as one Rich Markdown renderable: a widget per paragraph
    (Textual's Markdown) takes seconds to build for a document this long."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *PAGE_BINDINGS,
        Binding("right", "section(1)", N_("Next section"), key_display="→", priority=True),
        Binding("left", "section(-1)", N_("Previous section"), key_display="←", priority=True),
    ]
    HELP_ABOUT: ClassVar[tuple[str, str]] = (
        # Translators: the help of the rules page: its title, then what the page shows.
        N_("The rules"),
        N_(
            "The rules of écarté in full: the cards and their order, the deal, the exchange, the king, "
            "the tricks, the score, a whole deal card by card, and every variant the settings offer. "
            "Opened from a match (F2), the page begins with that match's rules. "
            "→ and ← go to the next and the previous section; ↑ ↓, PgUp PgDn and Home End scroll the page."
        ),
    )
    """What the page shows, said by the help."""

    def __init__(self, rules: Rules | None = None) -> None:
        """``rules``: a match's; the page then opens with them."""
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            if self.rules is not None:
                yield Static(Markdown(in_force(self.rules), hyperlinks=False), id="rules-in-force")
            text = rules_text() or _(MISSING_RULES)
            if not self.ecarte_app.settings.symbols:
                text = suits_as_letters(text)
            yield Static(Markdown(text, hyperlinks=False), id="rules-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def section_rows(self) -> list[int]:
        """The rows of the page, from its top, where the sections (the
        guide's ``##`` headings) begin as drawn at the page's width."""
        text = rules_text() or ""
        headings = [heading_words(line[3:]) for line in text.splitlines() if line.startswith("## ")]
        page = self.query_one("#rules-text", Static)
        top = page.virtual_region.y
        rows = [strip.text.strip() for strip in page.render_lines(page.region.reset_offset)]
        found: list[int] = []
        start = 0
        for heading in headings:
            # A heading too long for a row wraps: its first row begins it.
            row = next(
                (
                    number
                    for number in range(start, len(rows))
                    if rows[number] and heading.startswith(rows[number])
                ),
                None,
            )
            if row is not None:
                found.append(top + row)
                start = row + 1
        return found

    def action_section(self, step: int) -> None:
        """Scroll to the next (``step`` 1) or previous (-1) section's heading;
        before the first section, back to the top (a match's rules)."""
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        now = round(scroll.scroll_y)
        rows = [0, *self.section_rows()]
        if step > 0:
            target = next((row for row in rows if row > now), None)
        else:
            target = next((row for row in reversed(rows) if row < now), None)
        if target is not None:
            scroll.scroll_to(y=target, animate=False)


LETTER_CARD = re.compile(r"`(?:10|[0-9A-Z])[A-Z]`")
"""A card written in the letters style, in code (`KS`, `10H`)."""


def suits_as_letters(markdown: str) -> str:
    """The guide in the letters card style: every card written as the table
    writes it then (Q♠ as QS, or in the language's letters), the examples
    too; a terminal that cannot show the symbols shows none here either.
    The paragraph that shows both ways of writing a card (the symbols, then
    the letters) is left as it is: in letters it would contradict itself."""
    blocks = re.split(r"(\n(?=- |\n))", markdown)
    return "".join(block if LETTER_CARD.search(block) else letters(block) for block in blocks)


def heading_words(markdown: str) -> str:
    """A heading as Rich draws it: without its inline marks."""
    return markdown.replace("`", "").replace("*", "").strip()
