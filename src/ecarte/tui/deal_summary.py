"""The results shown between deals: the deal's summary (tricks, points and
why; the game when it ends) and the match's result with a rematch."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ecarte.engine import DealRecord, Match, Rules
from ecarte.i18n import N_, _, ngettext, translated
from ecarte.text import printable
from ecarte.tui.cards_render import card_text, suit_text
from ecarte.tui.narration import describe_deal_end, shown_name, spoken_to
from ecarte.tui.styled import styled

from .base import EcarteModalScreen, ResultT

MODAL_CSS = """
DealSummaryScreen, MatchOverScreen { align: center middle; background: $background 50%; }
#summary-box { width: 66; max-width: 100%; height: auto; border: thick $accent; background: $panel;
  padding: 0 1; }
#summary-title { text-style: bold; width: 100%; content-align: center middle; }
#summary-buttons { height: auto; align: center middle; margin-top: 1; }
#summary-buttons Button { margin: 0 1; }
"""


class SummaryButton(Button, can_focus=False):
    """Buttons of the summaries answer to keys, not focus."""


def deal_table(record: DealRecord, names: tuple[str, str], symbols: bool) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("")
    # Translators: the deal summary's column heads: short words (a table of 64 columns).
    table.add_column(_("tricks"), justify="right")
    table.add_column(_("king"), justify="right")
    table.add_column(_("points"), justify="right")
    table.add_column(_("score"), justify="right")
    for seat in (0, 1):
        table.add_row(
            Text(shown_name(names[seat], 20), style="bold"),
            "-" if record.tricks is None else str(record.tricks[seat]),
            str(record.king_points[seat]),
            f"+{record.points[seat]}",
            str(record.score[seat]),
        )
    return table


SUMMARY_ROOM = 62
"""Columns inside the summary's box (its 66, less the thick border and the
padding of ``MODAL_CSS``)."""


def taker_cells(label: str, columns: list[tuple[int, str]]) -> int:
    """The cells each taker's name may take under its trick, ``columns``
    being each trick's (cells of its two cards, taker's name): every name
    whole when the row fits the box ("Ordinateur" beside "Vous"); else the
    longest names cut to one width, as long as the row allows. Each column
    is as wide as its name or its cards, two apart, after the label."""
    room = SUMMARY_ROOM - cell_len(label) - 2 * len(columns)
    widths = [(pair, cell_len(name)) for pair, name in columns]
    longest = max((name for __, name in widths), default=1)
    for cells in range(longest, 1, -1):
        if sum(max(pair, min(name, cells)) for pair, name in widths) <= room:
            return cells
    return 2  # a letter and "…"


def tricks_line(match: Match, names: tuple[str, str], symbols: bool) -> Table:
    """The deal's five tricks, a column each: its two cards, the player's
    (the first seat's) first whoever led, so that every pair reads the same
    way round (``tricks_caption`` says so); below them who took it (a trick
    is never broken across lines). Two columns apart, so that tricks stand
    apart more than a trick's two cards do."""
    label = _("Tricks")
    pairs: list[Text] = []
    for trick in match.tricks:
        first, second = trick.cards if trick.leader == 0 else (trick.cards[1], trick.cards[0])
        pair = card_text(first, symbols)
        pair.append(" ")
        pair.append_text(card_text(second, symbols))
        pairs.append(pair)
    winners = [shown_name(names[trick.winner]) for trick in match.tricks]
    cells = taker_cells(label, [(pair.cell_len, name) for pair, name in zip(pairs, winners, strict=True)])
    table = Table.grid(padding=(0, 2))
    table.add_column(style="dim", no_wrap=True)
    for __ in match.tricks:
        table.add_column(no_wrap=True)
    takers = [
        Text(shown_name(names[trick.winner], cells), style="bold" if trick.winner == 0 else "")
        for trick in match.tricks
    ]
    table.add_row(Text(label), *pairs)
    table.add_row(Text(""), *takers)
    return table


def tricks_caption(names: tuple[str, str]) -> str:
    """How to read the row of tricks: whose card comes first in each pair."""
    if spoken_to(names[0]):
        # Translators: under the deal's row of tricks, each a pair of cards (62 columns, two
        # lines at most); {name}: the opponent ("Computer").
        caption = _("Your card first, then {name}'s; below, who took the trick.")
        return caption.format(name=shown_name(names[1]))
    # Translators: as "Your card first, then {name}'s; ...", for a player with a name:
    # {name}: the player ("Klara"), {other}: the opponent ("Computer").
    caption = _("{name}'s card first, then {other}'s; below, who took the trick.")
    return caption.format(name=shown_name(names[0]), other=shown_name(names[1]))


WINDOW_BINDINGS: tuple[Binding, ...] = (
    # The table's footer below still offers ? and F2: they answer here too.
    Binding("question_mark,f1", "help", N_("Help"), show=False),
    Binding("f2", "rules", N_("Rules"), show=False),
    # q takes no one away (at the table it is a move's letter too): it says how to leave.
    Binding("q", "how_to_leave", "", show=False),
)
"""The keys of both windows beyond their own choices (each declares them, so
that its help lists them)."""


class ResultWindow(EcarteModalScreen[ResultT]):
    """What the deal's window and the match's share: where leaving goes."""

    @property
    def over_the_title(self) -> bool:
        """Whether the title is below this window's table (the stack's
        bottom screen, the title, the table, then this window); else the
        table was opened alone and leaving it quits."""
        stack = self.app.screen_stack
        return self in stack and stack.index(self) > 2

    def on_key(self, event: events.Key) -> None:
        # A letter no binding takes passed in silence here, where the table
        # and the replay say so.
        character = self.unbound_letter(event)
        if character is not None:
            self.notify_in_passing(self.key_does_nothing(character), title="", timeout=4)

    def action_how_to_leave(self) -> None:
        # Here Esc leaves the match (the menu, as at the table), as the table says.
        self.tell_how_to_leave(
            _("Esc opens the menu and Ctrl+Q quits: the match is saved as it goes."),
            _("Esc or Ctrl+Q quits: the match is saved as it goes."),
        )


class DealSummaryScreen(ResultWindow[str | None]):
    """After each deal: tricks, points and why; and the game's result.

    After the match's last deal it also answers to the match's keys (n for
    a rematch, a to analyse, Esc for the menu), which the line below already
    offers: it returns that choice, and Enter (``None``) goes on to the
    match's result."""

    DEFAULT_CSS = MODAL_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", N_("Continue")),
        Binding("n", "choose('rematch')", N_("Rematch")),
        Binding("a", "choose('analyse')", N_("Analyse")),
        Binding("space", "close", N_("Continue"), show=False),
        Binding("escape", "escape", N_("Continue"), show=False),
        *WINDOW_BINDINGS,
    ]
    HELP_ABOUT: ClassVar[tuple[str, str]] = (
        # Translators: the help of the window after each deal: its title, then what it shows;
        # "tricks", "king", "points", "score" and "Tricks" are worded as the window has them.
        N_("The deal's result"),
        N_(
            "What the deal did to the score, a row for each player. tricks: the tricks taken (3 or 4 "
            "score 1 point, all five, the vole, 2; a liable loser gives 2). king: the point for the king "
            "of trumps, turned up or announced, scored at that moment. points: all the deal added, the "
            "king's point included. score: the points in this game now. Tricks: the five tricks in the "
            "order played, your card first, then the opponent's; below each, who took it. The sentence "
            "under them says why; Enter, Space or Esc goes on."
        ),
    )

    def __init__(self, match: Match, record: DealRecord, names: tuple[str, str], symbols: bool) -> None:
        super().__init__()
        self.match = match
        self.record = record
        self.names = names
        self.symbols = symbols

    def compose(self) -> ComposeResult:
        record = self.record
        index = self.match.deals.index(record) if record in self.match.deals else len(self.match.deals) - 1
        number = self.match.deal_in_game(index)
        title = Text(_("Deal {number} is over").format(number=number))
        you_dealt = spoken_to(self.names[record.dealer])
        heading = styled(
            # Translators: {trump} is a suit's sign and name ("♥ hearts"), {card} a card.
            _("Trump {trump} · turned up {card} · You dealt")
            if you_dealt
            else _("Trump {trump} · turned up {card} · {name} dealt"),
            trump=suit_text(record.trump, self.symbols, name=True),
            card=card_text(record.upcard, self.symbols),
            name=shown_name(self.names[record.dealer]),
        )
        with Vertical(id="summary-box"):
            yield Static(title, id="summary-title")
            yield Static(heading)
            yield Static(deal_table(record, self.names, self.symbols))
            if record.tricks is not None and len(self.match.tricks) == 5:
                yield Static(tricks_line(self.match, self.names, self.symbols), id="summary-tricks")
                yield Static(Text(tricks_caption(self.names), style="dim"), id="summary-tricks-caption")
            yield Static(Text(describe_deal_end(record, self.names)), id="summary-text")
            if record.ended_game is not None and not self.match.is_over:
                won = self.match.games_won
                yield Static(
                    Text(
                        _("Games: {name} {won}, {other} {other_won}.").format(
                            name=shown_name(self.names[0]),
                            won=won[0],
                            other=shown_name(self.names[1]),
                            other_won=won[1],
                        )
                    )
                )
            with Horizontal(id="summary-buttons"):
                yield SummaryButton(_("Continue (Enter)"), id="continue", variant="primary", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            return self.match.is_over
        return True

    def action_close(self) -> None:
        self.dismiss(None)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_escape(self) -> None:
        self.dismiss("menu" if self.match.is_over else None)

    def action_how_to_leave(self) -> None:
        if self.match.is_over:
            super().action_how_to_leave()  # Esc is the menu here, as at the table
            return
        # Esc goes on with the match here: the way out is at the table.
        self.tell_how_to_leave(
            _("Ctrl+Q quits; or Enter, then Esc at the table opens the menu. The match is saved as it goes."),
            _("Ctrl+Q quits; or Enter, then Esc at the table quits too. The match is saved as it goes."),
        )

    def action_help(self) -> None:
        # Between deals: the keys, and the rules of the match (no phase now).
        self.ecarte_app.show_help(table_keys=False, rules=self.match.rules)

    def action_rules(self) -> None:
        self.ecarte_app.show_rules(self.match.rules)


class MatchOverScreen(ResultWindow[str]):
    """The match's result: "rematch", "menu", "analyse" or "stay" (look at the table).

    Its keys are the table's own (n for a rematch, a to analyse, Esc for the menu), so one
    set of keys holds before and after the window is closed."""

    # Buttons as wide as their words: the four fit on one line at 80 columns.
    DEFAULT_CSS = (
        MODAL_CSS
        + "MatchOverScreen #summary-buttons Button { width: auto; min-width: 0; margin: 0 1 0 0; }\n"
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        # In the buttons' order (the footer puts Esc last, as the buttons do).
        Binding("n", "choose('rematch')", N_("Rematch")),
        Binding("a", "choose('analyse')", N_("Analyse")),
        Binding("enter", "choose('stay')", N_("Look at the table")),
        Binding("escape", "choose('menu')", N_("Menu")),
        *WINDOW_BINDINGS,
    ]
    HELP_ABOUT: ClassVar[tuple[str, str]] = (
        # Translators: the help of the window at the end of a match: its title, then what it shows.
        N_("The match's result"),
        N_(
            "Who won the match, the games each won and each game's final points. n starts a rematch "
            "with the same rules, a opens the analysis of the match, Enter closes this window to look "
            "at the table (these keys still work there), and Esc leaves the match."
        ),
    )

    def __init__(
        self,
        winner: int | None,
        names: tuple[str, str],
        games_won: list[int],
        forfeit: str | None,
        games: list[list[int]],
        rules: Rules | None = None,
    ) -> None:
        """``games``: each game's final points, the first seat's first;
        ``rules``: the match's, for its help and the rules page."""
        super().__init__()
        self.winner = winner
        self.names = names
        self.games_won = games_won
        self.forfeit = forfeit
        self.games = games
        self.rules = rules

    def compose(self) -> ComposeResult:
        if self.forfeit and self.winner == 0:
            title = (
                _("You win the match by forfeit.")
                if spoken_to(self.names[0])
                else _("The opponent forfeits.")
            )
        elif self.winner == 0:
            title = (
                _("You win the match!")
                if spoken_to(self.names[0])
                else _("{name} wins the match!").format(name=shown_name(self.names[0]))
            )
        elif self.winner == 1:
            title = _("{name} wins the match.").format(name=shown_name(self.names[1]))
        else:
            title = _("The match is over.")
        with Vertical(id="summary-box"):
            yield Static(Text(title), id="summary-title")
            if self.forfeit:
                yield Static(Text(printable(translated(self.forfeit), keep_newlines=True), style="bold red"))
            else:
                won = self.games_won
                yield Static(
                    Text(
                        _("Games won: {name} {won}, {other} {other_won}.").format(
                            name=shown_name(self.names[0]),
                            won=won[0],
                            other=shown_name(self.names[1]),
                            other_won=won[1],
                        )
                    )
                )
                if self.games:
                    scores = ", ".join(f"{game[0]}-{game[1]}" for game in self.games)
                    # Translators: {scores}: each game's final points, the first player's first ("5-3, 2-5").
                    yield Static(
                        Text(
                            ngettext(
                                "Points: {scores}.", "Points of each game: {scores}.", len(self.games)
                            ).format(scores=scores)
                        ),
                        id="summary-points",
                    )
            with Horizontal(id="summary-buttons"):
                # Translators: four buttons on one line of 60 columns, as wide as their words.
                yield SummaryButton(_("Rematch (n)"), id="rematch", variant="primary", compact=True)
                yield SummaryButton(_("Analyse (a)"), id="analyse", compact=True)
                yield SummaryButton(_("Table (Enter)"), id="stay", compact=True)
                yield SummaryButton(_("Menu (Esc)"), id="menu", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "menu")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_help(self) -> None:
        # This window's keys, and the rule of the match's end.
        self.ecarte_app.show_help("over", table_keys=False, rules=self.rules)

    def action_rules(self) -> None:
        self.ecarte_app.show_rules(self.rules)
