"""The help screen (? or F1): what the screen it was opened from shows
(where that screen says, in ``HELP_ABOUT``), every key of that screen, and a
reminder of the rule of the current phase of the deal."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static

from ecarte.engine import Rules
from ecarte.i18n import N_, _, ngettext
from ecarte.play.names import rules_in_words

from .base import EcarteModalScreen
from .cards_render import signs_as_letters
from .key_footer import KeyFooter

PHASE_TITLES: dict[str, str] = {
    "deal": N_("A new deal"),
    "exchange": N_("Play or propose"),
    "answer": N_("Accept or refuse"),
    "discard": N_("Discard and draw"),
    "tricks": N_("The tricks"),
    "over": N_("The match is over"),
}
"""The phases' reminders' titles; ``rule_in_force`` says the rule."""


class _PhaseRules(Mapping[str, tuple[str, str]]):
    """Phase -> (title, reminder) in the usual wording, in the language in
    use when read."""

    def __getitem__(self, phase: str) -> tuple[str, str]:
        return rule_in_force(phase, None)

    def __iter__(self) -> Iterator[str]:
        return iter(PHASE_TITLES)

    def __len__(self) -> int:
        return len(PHASE_TITLES)


PHASE_RULES: Mapping[str, tuple[str, str]] = _PhaseRules()


def _phase_text(phase: str, rules: Rules | None) -> str:
    """The reminder of ``phase``; without ``rules`` it names the variants,
    with them it says what this match's rules are."""
    if phase == "deal":
        return _(
            "Each player gets five cards; the eleventh card is turned up and its suit is trump. "
            "A turned-up king scores 1 point for the dealer at once."
        )
    if phase == "exchange":
        return _(
            "The non-dealer (elder) plays with the hand as it is, or proposes an exchange of cards. "
            "Playing at the first decision of the deal, without proposing, makes elder liable: "
            "losing the deal then costs 2 points instead of 1."
        )
    if phase == "answer":
        return _(
            "The dealer accepts the proposal (both may then discard and draw) or refuses it (the "
            "tricks begin). Refusing the first proposal of the deal makes the dealer liable: losing "
            "the deal then costs 2 points instead of 1."
        )
    if phase == "discard":
        if rules is None:
            return _(
                "Elder discards 1 to 5 cards, then the dealer 0 to 5 (at least 1 with the variant "
                "'dealer must exchange'), each drawing as many from the stock; never more than the stock "
                "holds. Discarded cards are out of play for the deal. Then elder plays or proposes again."
            )
        if rules.dealer_must_exchange:
            return _(
                "Elder discards 1 to 5 cards, then the dealer 1 to 5 (the dealer must exchange in this "
                "match), each drawing as many from the stock; never more than the stock "
                "holds. Discarded cards are out of play for the deal. Then elder plays or proposes again."
            )
        return _(
            "Elder discards 1 to 5 cards, then the dealer 0 to 5, each drawing as many from the stock; "
            "never more than the stock holds. Discarded cards are out of play for the deal. Then elder "
            "plays or proposes again."
        )
    if phase == "tricks":
        if rules is None:
            return _(
                "Follow suit if you can, and beat the card led if you can; with none of the suit led, "
                "play a trump if you can (unless the variant 'must trump' is off); otherwise play any card. "
                "The highest trump wins, else the highest card of the suit led. The trump king may be "
                "announced for 1 point: by elder before leading to the first trick, by the dealer before "
                "playing to it. 3 or 4 tricks score 1 point, all 5 (the vole) 2."
            )
        if rules.must_trump:
            return _(
                "Follow suit if you can, and beat the card led if you can; with none of the suit led, "
                "play a trump if you can; otherwise play any card. "
                "The highest trump wins, else the highest card of the suit led. The trump king may be "
                "announced for 1 point: by elder before leading to the first trick, by the dealer before "
                "playing to it. 3 or 4 tricks score 1 point, all 5 (the vole) 2."
            )
        return _(
            "Follow suit if you can, and beat the card led if you can; with none of the suit led, "
            "you need not trump (must trump is off in this match); otherwise play any card. "
            "The highest trump wins, else the highest card of the suit led. The trump king may be "
            "announced for 1 point: by elder before leading to the first trick, by the dealer before "
            "playing to it. 3 or 4 tricks score 1 point, all 5 (the vole) 2."
        )
    return _("The first to reach the target wins the game; the first to win the games needed wins the match.")


def overview() -> tuple[str, str]:
    return (
        _("The game in brief"),
        _(
            "Five cards each and a trump turned up; the non-dealer plays or proposes an exchange; the "
            "dealer accepts or refuses; after exchanges, five tricks. 3 or 4 tricks score 1 point, all "
            "5 score 2; a player who plays without proposing, or refuses the first proposal, and then "
            "loses gives the other 2. The trump king scores 1. First to the target "
            "(5 by default) wins the game."
        ),
    )


KeyRows = list[tuple[str, str]]
"""(keys, what they do) of a list of keys."""


def table_keys() -> list[tuple[str, KeyRows]]:
    """The card table's keys, phase by phase in the order of a deal: (the
    phase, its keys). The key names stay as on the keyboard."""
    # Translators: the help lists the card table's keys, each said in about 50 columns.
    move = _("move along your hand")
    return [
        (
            "exchange",
            [
                ("e", _("propose an exchange of cards")),
                ("p", _("play the hand as it is: no more exchanges")),
            ],
        ),
        (
            "answer",
            [
                ("a", _("accept the proposal: both may discard and draw")),
                ("r", _("refuse the proposal: the tricks begin")),
            ],
        ),
        (
            "discard",
            [
                ("1-5", _("pick that card for the discard, or put it back")),
                ("← →", move),
                (_("Space"), _("pick the card under the cursor for the discard, or put it back")),
                (_("Enter"), _("confirm the discard")),
            ],
        ),
        (
            "tricks",
            [
                ("k", _("announce the king of trumps, when it may be (else k says why not)")),
                ("1-5", _("play that card")),
                ("← →", move),
                (_("Enter"), _("play the card under the cursor")),
            ],
        ),
    ]


TABLE_ACTIONS = frozenset({"decide", "why_no_king", "card", "cursor", "choose_card", "confirm"})
"""The actions of the card table's keys that ``table_keys`` lists by phase
(the others, such as Hint or Menu, are listed as the table's footer has
them)."""


def rule_in_force(phase: str, rules: Rules | None) -> tuple[str, str]:
    """The reminder of ``phase`` as the match's rules have it (the usual
    wording names the variants when no match is in view)."""
    title = _(PHASE_TITLES[phase])
    text = _phase_text(phase, rules)
    if rules is not None and rules.max_exchanges is not None and phase in PHASE_TITLES:
        text += " " + ngettext(
            "This match allows {count} round of exchange.",
            "This match allows {count} rounds of exchange.",
            rules.max_exchanges,
        ).format(count=rules.max_exchanges)
    return title, text


def keys_grid(rows: KeyRows, key_width: int) -> Table:
    """Keys and what they do in two columns: a description too long for its
    line goes on under itself, not under the keys."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(width=key_width + 2, no_wrap=True)  # indented by 2
    grid.add_column(ratio=1)
    for keys, what in rows:
        grid.add_row(Text("  " + keys, style="bold"), Text(what))
    return grid


KeyGroups = Sequence[tuple[str | None, KeyRows]]
"""(title, or ``None`` for none; its keys) of lists of keys."""


def widest_keys(groups: KeyGroups) -> int:
    return max((Text(keys).cell_len for __, rows in groups for keys, ___ in rows), default=0)


def marked_now(title: str) -> str:
    # Translators: in the help, the phase of the deal the player is in: "Discard and draw (now)".
    return _("{phase} (now)").format(phase=title)


def format_keys(
    groups: KeyGroups, heading: str, now: str | None = None, key_width: int | None = None
) -> Group:
    """A heading, then each group of keys under its title, the keys of every
    group in one column (``key_width`` wide, or as wide as their widest);
    the group titled ``now`` is marked as the one of the moment."""
    if key_width is None:
        key_width = widest_keys(groups)
    parts: list[RenderableType] = [Text(heading, style="bold")]
    for title, rows in groups:
        if not rows:
            continue
        if title is not None:
            shown = marked_now(title) if title == now else title
            parts.append(Text(" " + shown, style="bold italic" if title == now else "italic"))
        parts.append(keys_grid(rows, key_width))
    return Group(*parts)


FOOTER_ROWS = 3
"""The most rows a footer takes (``KeyFooter``'s max-height)."""


class HelpScreen(EcarteModalScreen[None]):
    """``phase``: the engine's phase name (``Match.phase``), or ``None`` away
    from a match; the card table's keys are listed along with a phase."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "app.pop_screen", N_("Close help")),
    ]

    def __init__(
        self, phase: str | None = None, *, table_keys: bool | None = None, rules: Rules | None = None
    ) -> None:
        super().__init__()
        self.phase = phase
        self.rules = rules
        """The match's rules: the reminder speaks of them, and names them."""
        self.table_keys = phase is not None if table_keys is None else table_keys
        """Whether to list the card table's keys (not from the replay viewer)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(_("Help"), id="help-title")
            # What the screen below shows, when it says (the rules, the record).
            yield Static(id="help-about")
            if self.table_keys:
                # The table's keys first, phase by phase, as a deal goes.
                yield Static(id="help-table-keys")
            yield Static(id="help-keys")
            if self.phase is not None and self.phase in PHASE_TITLES:
                title, text = rule_in_force(self.phase, self.rules)
                title = _("Rule of the moment: {title}").format(title=title)
            else:
                title, text = overview()
            yield Static(f"[b]{escape(title)}[/b]\n{escape(text)}", id="help-rule")
            if self.rules is not None:
                line = rules_in_words(self.rules, with_target=True)
                heading = escape(_("Rules of this match"))
                yield Static(f"[b]{heading}[/b]\n{escape(line)}", id="help-rules-in-force")
        yield KeyFooter()

    def on_mount(self) -> None:
        about = self.query_one("#help-about", Static)
        shown = self.about_below()
        if shown is None:
            about.display = False
        else:
            title, text = shown
            about.update(f"[b]{escape(title)}[/b]\n{escape(text)}")
        keys = self.query_one("#help-keys", Static)
        if not self.table_keys:
            keys.update(format_keys([(None, self.keys_below())], _("Keys")))
        else:
            by_phase = table_keys()
            phases = [(_(PHASE_TITLES[phase]), rows) for phase, rows in by_phase]
            others: KeyGroups = [
                (
                    None,
                    [
                        *self.keys_below(leave_out=TABLE_ACTIONS - self._kept_by_screen_below()),
                        (_("Mouse"), _("click a card or a button to do the same")),
                    ],
                )
            ]
            # One column of keys for both lists, so that they read as one.
            width = widest_keys([*phases, *others])
            # The phase of the moment, if it has keys of its own (not a deal's start, nor the end).
            now = next((index for index, (phase, __) in enumerate(by_phase) if phase == self.phase), None)
            titles = [title for title, __ in phases]
            table = self.query_one("#help-table-keys", Static)
            table.update(
                format_keys(phases, _("At the card table"), None if now is None else titles[now], width)
            )
            keys.update(format_keys(others, _("Other keys"), key_width=width))
            if now is not None:
                self.call_after_refresh(self.show_the_phase_of_the_moment, now, titles)
        self.query_one("#help-box").focus()

    def show_the_phase_of_the_moment(self, index: int, titles: list[str]) -> None:
        """Scroll, if need be, for the keys of the phase of the moment (the
        ``index``-th of ``titles``) to be in sight whole: the tricks' come
        last, below the fold at 80x24."""
        table = self.query_one("#help-table-keys", Static)
        rows = [strip.text.strip() for strip in table.render_lines(table.region.reset_offset)]
        shown = [marked_now(title) if number == index else title for number, title in enumerate(titles)]
        starts = [rows.index(title) for title in shown if title in rows]
        if len(starts) != len(titles):
            return  # a title wrapped on a very narrow screen: left as it is
        start = starts[index]
        end = starts[index + 1] if index + 1 < len(starts) else len(rows)
        region = Region(0, table.virtual_region.y + start, table.size.width, end - start)
        box = self.query_one("#help-box", VerticalScroll)
        # The footer, laid out after this, may take up to FOOTER_ROWS of the box.
        if region.bottom > box.scroll_y + box.scrollable_content_region.height - FOOTER_ROWS:
            box.scroll_to_region(region, animate=False, immediate=True, top=True)

    def _screen_below(self) -> Screen[Any] | None:
        stack = self.app.screen_stack
        return stack[-2] if len(stack) >= 2 and stack[-1] is self else None

    def _kept_by_screen_below(self) -> frozenset[str]:
        """Table actions the screen below lists as its own all the same
        (``HELP_KEEPS``: the lesson's Enter, "Go on / play", is more than the
        table's Enter)."""
        kept: frozenset[str] = getattr(self._screen_below(), "HELP_KEEPS", frozenset())
        return kept

    def about_below(self) -> tuple[str, str] | None:
        """What the screen under this one shows, as it says in
        ``HELP_ABOUT`` (a title and a paragraph, marked ``N_``), in the
        player's language; ``None`` when it says nothing of it."""
        below = self._screen_below()
        about: tuple[str, str] | None = getattr(below, "HELP_ABOUT", None)
        if about is None:
            return None
        title, text = about
        if getattr(below, "symbols", True) is False:
            # In the letter style the help names the cards and marks as the
            # screen draws them (10T, *), not as the symbols it does not show.
            return _(title), signs_as_letters(_(text))
        return _(title), _(text)

    def keys_below(self, leave_out: frozenset[str] = frozenset()) -> KeyRows:
        """The keys of the screen under this one, as its footer shows them
        plus the hidden ones that have a description; none of the actions
        named in ``leave_out``."""
        below = self._screen_below()
        pairs: dict[str, list[str]] = {}
        if below is not None:
            # Each action the screen declares, by its place in the declaration.
            own_actions: dict[str, int] = {}
            for binding in type(below).__dict__.get("BINDINGS", []):
                own_actions.setdefault(
                    binding.action if isinstance(binding, Binding) else binding[1], len(own_actions)
                )
            # In the order the screen declares its keys (its footer's and its
            # buttons'), not the order the keys were first bound: the table's
            # "a" accepts a proposal before it opens a finished match's analysis.
            active_bindings = sorted(
                below.active_bindings.values(),
                key=lambda active: own_actions.get(active.binding.action, len(own_actions)),
            )
            shown_actions = {
                active.binding.action.partition("(")[0] for active in active_bindings if active.binding.show
            }
            for active in active_bindings:
                binding = active.binding
                if not binding.description or not active.enabled or binding.system:
                    continue
                if binding.action.partition("(")[0] in leave_out:
                    continue
                # Hidden keys only when the screen itself declares them: not
                # Textual's generic ones (focus cycling, copy, list scrolling).
                if not binding.show and binding.action not in own_actions:
                    continue
                # "1-5 Card" says it all: not "2 Card 2", "3 Card 3"...
                if not binding.show and binding.action.partition("(")[0] in shown_actions:
                    continue
                shown = binding.key_display or self.app.get_key_display(binding)
                keys = pairs.setdefault(binding.description, [])
                if shown not in keys:
                    keys.append(shown)
        pairs.setdefault(_("Help"), ["?", "F1"])
        # Ctrl+Q quits from every screen (a hidden app key).
        quit_keys = pairs.setdefault(_("Quit"), [])
        if "Ctrl+Q" not in quit_keys:
            quit_keys.append("Ctrl+Q")
        return [(", ".join(keys), description) for description, keys in pairs.items()]
