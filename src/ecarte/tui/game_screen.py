"""The game screen: a match against the computer at a card table.

The screen shows the match (``MatchSession.match``) and offers only the
actions legal now (``Match.legal_actions``), each with its key and, for the
mouse, a button or a clickable card. The opponent decides in a thread worker
and its moves are shown at the pace of ``Settings.move_delay``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Static

from ecarte.engine import Action, ActionType, IllegalActionError, Match, Phase, card_action, discard_action
from ecarte.engine.actions import ACCEPT_ACTION, KING_ACTION, PLAY_ACTION, PROPOSE_ACTION, REFUSE_ACTION
from ecarte.engine.cards import bit, cards_in, sorted_hand
from ecarte.engine.match import ANSWER, DISCARD_PHASE, EXCHANGE, TRICKS
from ecarte.i18n import N_, _, ngettext, translated
from ecarte.log import EventType, LogEvent, LogHeader, LogVisitor
from ecarte.play.names import level_name
from ecarte.play.not_now import not_now
from ecarte.play.reading import reading_of, reading_words
from ecarte.play.session import COMPUTER, HUMAN, MatchSession, OpponentFault, illegal_answer
from ecarte.play.settings import Settings
from ecarte.text import printable, sentence

from .base import (
    CARD_BINDINGS,
    DECISION_BINDINGS,
    DECISION_BUTTONS,
    EcarteScreen,
    card_keys,
    key_runs,
    while_open,
)
from .cards_render import card_text, letters
from .deal_summary import DealSummaryScreen, MatchOverScreen
from .hint_panel import HintPanel
from .key_footer import KeyFooter
from .narration import (
    describe_action,
    describe_cut,
    describe_deal,
    describe_deal_end,
    describe_exchange_over,
    describe_match_won,
    shown_name,
)
from .styled import styled
from .widgets import CardSlot, HandView, HistoryLog, OpponentView, ScorePanel, TableView

OPPONENT_WORKER = "opponent"
LARGE_SIZE = (110, 36)
"""From this terminal size on (columns, rows) the cards are drawn larger."""


def _set_text(widget: Static, text: Text) -> None:
    """Update a line of text only when it changed (a redraw costs)."""
    if widget.content != text:
        widget.update(text, layout=False)


class ActionButton(Button, can_focus=False):
    """The decision buttons answer to clicks and to their keys, never take
    the focus (so that Enter and the number keys always reach the table)."""


class OpponentDecided(Message):
    """The opponent's worker has its decision."""

    def __init__(self, action: Action) -> None:
        self.action = action
        super().__init__()


class OpponentFailed(Message):
    """The opponent's worker has no decision: the bot broke, vanished or erred."""

    def __init__(self, fault: OpponentFault) -> None:
        self.fault = fault
        super().__init__()


class HistoryOfTheLog(LogVisitor[list[Text | str]]):
    """The History's entries for a log, as the game screen wrote them when
    the moves were made (for a resumed match)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.entries: list[Text | str] = []
        self.before: Match | None = None
        self.new_cards = 0
        """The cards the human drew at their last decision, if a discard
        (marked until their next one, as when the move was made)."""

    def visit_header(self, header: LogHeader, match: Match) -> None:
        self.entries.append(describe_cut(match.first_dealer, self.screen.session.names))
        self.before = match.copy()

    def visit_event(self, event: LogEvent, match: Match) -> None:
        screen, before = self.screen, self.before
        assert before is not None
        if event.type == EventType.DEAL:
            self.new_cards = 0
            self.entries.append(screen.deal_heading(match))
            self.entries.append(describe_deal(match, screen.session.names, screen.symbols, with_game=False))
            self.entries += screen.history_of_deal(match)
        else:
            assert event.action is not None and event.player is not None
            names, symbols = screen.session.names, screen.symbols
            self.entries.append(describe_action(before, event.player, event.action, names, symbols))
            self.entries += screen.history_of_move(before, event.player, event.action, match)
            if event.player == HUMAN:
                drew = event.action.type == ActionType.DISCARD
                self.new_cards = match.hands[HUMAN] & ~before.hands[HUMAN] if drew else 0
        self.before = match.copy()

    def result(self) -> list[Text | str]:
        return self.entries


class GameScreen(EcarteScreen[None]):
    CSS_PATH = "game.tcss"

    # The keys of the buttons under the prompt ("Propose (e)", "Menu (Esc)")
    # are read there: the footer shows the others, on one line at 80 columns
    # in every language.
    BINDINGS: ClassVar[list[BindingType]] = [
        *DECISION_BINDINGS,
        # When the king may not be announced, k says why instead of nothing.
        Binding("k", "why_no_king", N_("Announce king"), show=False),
        *CARD_BINDINGS,
        # Translators: pick the card under the cursor for the discard (or put it back).
        Binding("space", "choose_card", N_("Choose card")),
        Binding("enter", "confirm", N_("Confirm")),
        Binding("n", "rematch", N_("Rematch"), show=False),
        # After the match, a (accept in a deal) opens the match's analysis.
        Binding("a", "analyse", N_("Analyse"), show=False),
        Binding("h", "hint", N_("Hint")),
        Binding("question_mark,f1", "help", N_("Help"), key_display="?"),
        Binding("f2", "rules", N_("Rules")),
        Binding("escape", "leave", N_("Menu"), show=False),
        # Elsewhere q goes back (on the title, it quits); here the letters
        # are moves, and one slip must not take the player from the table:
        # q says how to leave instead of nothing. (No description: the help
        # must not list q among the keys that quit.)
        Binding("q", "how_to_leave", "", show=False),
        # A decision or a card at the wrong moment (a card during the
        # exchange, accept with no proposal) says why, in the player's
        # words, rather than nothing: the keys above take it when allowed.
        Binding("e", "refused('propose')", "", show=False),
        Binding("p", "refused('play')", "", show=False),
        Binding("a", "refused('accept')", "", show=False),
        Binding("r", "refused('refuse')", "", show=False),
        Binding("1,2,3,4,5,enter,left,right", "refused('card')", "", show=False),
    ]

    HELP_ABOUT: ClassVar[tuple[str, str]] = (
        # Translators: the help of the card table: its title, then what its boxes show; "pts" and
        # "trk" are the Score box's column heads, written as they are translated there.
        N_("The card table"),
        N_(
            "Your hand is at the bottom, the computer's, face down, at the top, and between them the "
            "table: the trump, the stock, the trick being played and the last one (✓ beside the name of "
            "who took it). The cards with heavy frames may be played; ▲ is the cursor (Enter plays that "
            "card), ✗ a card picked to discard, + a card you have just drawn; under your hand, your "
            "tricks and your discards. With the Coach always on, the last line says what the "
            'computer\'s replies proved it lacks ("no trump", "no K♠", "no ♣ above 10♣": it did not '
            "beat that card). The Score box gives each player's points in the game (pts) and tricks in "
            "this deal (trk), and warns when a player is liable (a refusal of the first proposal, or "
            "play without proposing: losing the deal then gives the other 2 points). The History lists "
            "every move. The Coach (h) shows each option's chance of winning the match against this "
            "opponent: ★ marks the best, ≈ one its samples cannot tell from the best (each chance is "
            "an estimate from sampled hands, known to a point or two, or to several when few were "
            "sampled: one point behind may be clearly worse, five behind still too close to call); a "
            "discard is shown by the cards it throws away."
        ),
    )

    keys_of_the_moment: reactive[tuple[object, ...]] = reactive((), init=False)
    """What decides the footer's keys: it is rebuilt only when this changes."""

    def __init__(self, session: MatchSession, settings: Settings | None = None) -> None:
        super().__init__()
        self.session = session
        self.settings = settings or session.settings
        self.symbols = self.settings.symbols
        self.cursor = 0
        self.chosen = 0
        """Mask of the cards picked for the discard."""
        self.thinking = False
        self.summary_due = False
        self._advance_on_resume = False
        """A summary or the match's end waits for the screens over the table to close."""
        self._opponent_started = 0.0
        self._save_error_told = False
        self.new_cards = 0
        """Mask of the cards the human just drew, marked until the next decision."""
        self.history_entries: list[Text] = []
        """Everything the History shows (the panel keeps them too, to wrap
        them anew when its width changes)."""

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Horizontal(id="game"):
            with Vertical(id="main"):
                yield OpponentView(id="opponent")
                yield TableView(id="table")
                with Vertical(id="you"):
                    yield HandView(id="hand")
                yield Static(id="narration")
                yield Static(id="prompt")
                yield Static(id="message")
                with Horizontal(id="actions"):
                    for label, name, variant in DECISION_BUTTONS:
                        yield ActionButton(_(label), id=name, compact=True, variant=variant)
                    yield ActionButton(_("Rematch (n)"), id="rematch", compact=True, variant="primary")
                    yield ActionButton(_("Analyse (a)"), id="analyse", compact=True)
                    yield ActionButton(_("Menu (Esc)"), id="leave", compact=True)
            with Vertical(id="side"):
                yield ScorePanel(id="score")
                yield HintPanel(self.session, self.settings.coach, self.symbols, id="hint")
                yield HistoryLog(id="history", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield KeyFooter()

    def on_mount(self) -> None:
        history = self.query_one("#history", HistoryLog)
        history.can_focus = False
        # Translators: the frames' titles, short: the moves so far, the score, the table.
        history.border_title = _("History")
        self.query_one("#score", ScorePanel).border_title = _("Score")
        self.query_one("#table", TableView).border_title = _("Table")
        you = self.query_one("#you")
        you.border_title = Text(shown_name(self.session.names[HUMAN]))
        level = self.session.opponent_level
        self.query_one("#opponent", OpponentView).border_title = Text(
            f"{shown_name(self.session.names[COMPUTER])} · {level_name(level)}"
        )
        if self.session.notice:
            self.notify(self.session.notice, severity="warning", markup=False)
        match = self.session.match
        if match.deals:
            self.rebuild_history()
            score = f"{match.score[0]}-{match.score[1]}"
            # Stopped between two deals, it goes on with the next one, dealt now.
            template = (
                _("Match resumed after game {game}, deal {deal}, {score}: the next deal follows.")
                if match.phase == Phase.DEAL
                else _("Match resumed where it stopped: game {game}, deal {deal}, {score}.")
            )
            resumed = template.format(game=len(match.games), deal=match.deal_in_game(), score=score)
            self.add_history(resumed, style="dim")
            # The narration line says so too (until the next move), rather
            # than nothing; the prompt under it says what is expected.
            _set_text(self.query_one("#narration", Static), Text(resumed, style="bold"))
        else:
            self.add_history(describe_cut(match.first_dealer, self.session.names))
        self.refresh_view()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_cards(event.size.width, event.size.height)

    def _fit_cards(self, width: int, height: int) -> None:
        # Larger cards and a wider history when the terminal has room. (The
        # History wraps itself anew at its width, whenever that changes.)
        large = width >= LARGE_SIZE[0] and height >= LARGE_SIZE[1]
        if large != self.has_class("-large"):
            self.set_class(large, "-large")
            self.refresh_view()

    # ------------------------------------------------------------ state

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def awaiting_human(self) -> bool:
        """Whether the screen waits for the human's decision."""
        return not self.thinking and not self.session.is_over and self.session.to_move == HUMAN

    def _hand(self) -> list[int]:
        return self.match.hand(HUMAN) if self.match.deals else []

    def _discard_range(self) -> tuple[int, int]:
        counts = [action.discards.bit_count() for action in self.match.legal_actions()]
        return (min(counts), max(counts)) if counts else (0, 0)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("help", "rules", "leave", "how_to_leave"):
            return True
        if action in ("rematch", "analyse"):
            return self.session.is_over
        if not self.awaiting_human:
            return False
        phase = self.match.phase
        if action == "decide":
            kind = parameters[0] if parameters else None
            return any(legal.type == kind for legal in self.match.legal_actions())
        if action in ("why_no_king", "refused"):
            return True
        if action in ("card", "cursor"):
            return phase in (TRICKS, DISCARD_PHASE)
        if action == "choose_card":
            return phase == DISCARD_PHASE
        if action == "confirm":
            return phase in (TRICKS, DISCARD_PHASE)
        return True

    # ------------------------------------------------------------ drawing

    def refresh_view(self) -> None:
        match = self.match
        session = self.session
        hand = self._hand()
        self.cursor = max(0, min(self.cursor, len(hand) - 1))
        large = self.has_class("-large")
        view = match.view(HUMAN) if match.deals else None
        # With the Coach always on, the table says what the other's replies
        # showed of its hand ("no ♥"): the card play's reading, for a learner.
        facts: list[str] = []
        if view is not None and match.phase == TRICKS and self.settings.coach == "always":
            facts = reading_words(reading_of(view, match.rules), match.trump, self.symbols)
        self.query_one("#opponent", OpponentView).show(session.opponent_hand_size, view, large)
        table = self.query_one("#table", TableView)
        table.show(match, session.names, self.symbols, large, facts)
        # At the human's turn in the tricks, the cards that may be played
        # stand out and the others are dimmed; otherwise all look alike.
        playable = match.playable_cards() if self.awaiting_human and match.phase == TRICKS else None
        show_cursor = self.awaiting_human and match.phase in (TRICKS, DISCARD_PHASE)
        self.query_one("#hand", HandView).show(
            hand,
            symbols=self.symbols,
            playable=playable,
            chosen=self.chosen,
            new=self.new_cards,
            cursor=self.cursor if show_cursor else None,
            large=large,
        )
        you = self.query_one("#you")
        # Translators: under the player's hand, with little room: "tricks 2 · discarded K♠ 7♥".
        info = [_("tricks {count}").format(count=match.tricks_won[HUMAN])] if match.deals else []
        if match.discards[HUMAN]:
            shown = " ".join(str(card_text(c, self.symbols)) for c in self._discards())
            info.append(_("discarded {cards}").format(cards=shown))
        subtitle = Text(" · ".join(info))
        if you.border_subtitle != subtitle:
            you.border_subtitle = subtitle
        self.query_one("#score", ScorePanel).show(session)
        _set_text(self.query_one("#prompt", Static), self._prompt())
        self._show_buttons()
        self.keys_of_the_moment = (
            self.awaiting_human,
            match.phase,
            self.session.is_over,
            tuple(sorted(self._legal_types())),
            self._footer_card_keys(),
        )
        self.query_one(HintPanel).follow(self.awaiting_human)

    def watch_keys_of_the_moment(self) -> None:
        # The footer rebuilds itself on each refresh_bindings: only when needed.
        self.refresh_bindings()

    def _discards(self) -> list[int]:
        """The human's discards in the order of the hand on screen (trumps
        first, strongest first), as the History names them."""
        match = self.match
        return sorted_hand(cards_in(match.discards[HUMAN]), match.trump, match.rules.ace_high)

    def _legal_types(self) -> set[str]:
        if not self.awaiting_human:
            return set()
        return {action.type for action in self.match.legal_actions()}

    def _show_buttons(self) -> None:
        legal_types = self._legal_types()
        wanted = {
            kind: kind in legal_types for kind in ("propose", "play", "accept", "refuse", "king", "discard")
        }
        wanted["rematch"] = wanted["analyse"] = self.session.is_over
        for kind, shown in wanted.items():
            button = self.query_one(f"#{kind}", Button)
            if button.display != shown:
                button.display = shown
        if wanted["discard"]:
            # Nothing picked where none need be: Enter keeps the hand, as the
            # prompt says; the button says so too.
            may_keep = self._discard_range()[0] == 0
            keeping = self.chosen == 0 and may_keep
            # Translators: the discard's button with no card picked (the dealer may take none).
            keep, throw = _("Keep hand (Enter)"), _("Discard (Enter)")
            label = keep if keeping else throw
            discard = self.query_one("#discard", Button)
            if str(discard.label) != label:
                discard.label = label
            # Where the label can change, as wide for either (and its
            # padding): the Menu button beside it no longer jumps as the
            # first card is picked.
            discard.styles.min_width = max(cell_len(keep), cell_len(throw)) + 2 if may_keep else 0

    def _prompt(self) -> Text:
        session = self.session
        match = self.match
        other = shown_name(session.names[COMPUTER])
        if session.is_over:
            return Text(
                _("The match is over: n for a rematch, a for its analysis, Esc for the menu."), style="bold"
            )
        if self.thinking:
            return Text(_("{name} is thinking…").format(name=other), style="italic")
        if session.to_move != HUMAN:
            return Text("")
        phase = match.phase
        if phase == EXCHANGE:
            if match.makes_liable(PLAY_ACTION):
                return Text(
                    # Translators: the prompts fit on one line of 78 columns where they can.
                    _("Propose an exchange (e) or play (p): playing without proposing makes you liable.")
                )
            return Text(_("Propose another exchange (e), or play (p)."))
        if phase == ANSWER:
            if match.makes_liable(REFUSE_ACTION):
                return Text(
                    _("{name} proposes: accept (a) or refuse (r); refusing makes you liable.").format(
                        name=other
                    )
                )
            return Text(_("{name} proposes another exchange: accept (a) or refuse (r).").format(name=other))
        keys = self._card_keys()
        if phase == DISCARD_PHASE:
            fewest, most = self._discard_range()
            chosen = self.chosen.bit_count()
            if fewest == 0 and chosen == 0:
                return Text(
                    ngettext(
                        "Pick up to {most} card to discard ({keys} or ←→ Space), or Enter to keep your hand.",
                        "Pick up to {most} cards to discard ({keys} or ←→ Space), "
                        "or Enter to keep your hand.",
                        most,
                    ).format(most=most, keys=keys)
                )
            if fewest == 0:
                # Not "Pick 0 to 5": the dealer, who may keep the hand, has picked some.
                pick = ngettext(
                    "Pick up to {most} card to discard ({keys} or ←→ Space), then Enter.",
                    "Pick up to {most} cards to discard ({keys} or ←→ Space), then Enter.",
                    most,
                )
            elif fewest != most:
                pick = _("Pick {fewest} to {most} cards to discard ({keys} or ←→ Space), then Enter.")
            else:
                pick = ngettext(
                    "Pick {most} card to discard ({keys} or ←→ Space), then Enter.",
                    "Pick {most} cards to discard ({keys} or ←→ Space), then Enter.",
                    most,
                )
            text = Text(pick.format(fewest=fewest, most=most, keys=keys) + " ")
            text.append(_("Chosen: {count}.").format(count=chosen), style="bold")
            return text
        if phase == TRICKS:
            if match.can_announce():
                king = card_text(match.trump_king, self.symbols)
                if match.trick:
                    text = styled(
                        _("k announces your king {king} (1 point), or play to {card}: {keys} or ←→ Enter."),
                        king=king,
                        card=card_text(match.trick[0], self.symbols),
                        keys=self._playable_keys(),
                    )
                else:
                    text = styled(
                        _("k announces your king {king} (1 point), or lead a card: {keys} or ←→ Enter."),
                        king=king,
                        keys=keys,
                    )
                text.stylize("bold")
                return text
            if match.trick:
                return styled(
                    _("Play to {card}: the heavy-framed cards may be played ({keys} or ←→ Enter)."),
                    card=card_text(match.trick[0], self.symbols),
                    keys=self._playable_keys(),
                )
            return Text(_("Your lead: play a card ({keys} or ←→ Enter).").format(keys=keys))
        return Text("")

    def key_display_for(self, binding: Binding) -> str | None:
        return self._footer_card_keys() if binding.action == "card(0)" else None

    def _footer_card_keys(self) -> str:
        """The footer's card keys: those of the cards held ("1-3" with
        three), or, following to a trick, of the cards that may be played,
        as the prompt names them ("1-2"), not every card held."""
        match = self.match
        if self.awaiting_human and match.phase == TRICKS and match.trick:
            return self._playable_keys()
        return self._card_keys()

    def _card_keys(self) -> str:
        return card_keys(len(self._hand()))

    def _playable_keys(self) -> str:
        """The number keys of the cards that may be played to the trick
        ("2", "1-3", "1, 4"): the prompt names only those, not "1-5"."""
        playable = self.match.playable_cards()
        numbers = [i + 1 for i, card in enumerate(self._hand()) if playable & bit(card)]
        return key_runs(numbers)

    def add_history(self, text: str | Text, style: str = "") -> None:
        entry = text if isinstance(text, Text) else Text(text, style=style)
        self.history_entries.append(entry)
        self.query_one("#history", HistoryLog).add(entry)

    def deal_heading(self, match: Match) -> Text:
        heading = _("Game {game}, deal {deal}").format(game=len(match.games), deal=match.deal_in_game())
        return Text(f"── {heading} ──", style="dim")

    def history_of_move(self, before: Match, seat: int, action: Action, after: Match) -> list[str]:
        """What the History adds after a move, besides the move itself: the
        end of the exchange, the deal's result (its last trick, or a king
        announced that won the game), the match's end."""
        lines = []
        names = self.session.names
        if before.phase == DISCARD_PHASE and after.phase == TRICKS:
            lines.append(describe_exchange_over(after))
        record = after.deals[-1] if after.deals and len(after.deals) == len(before.deals) else None
        if record is not None:
            was = before.deals[-1]
            played_out = record.tricks is not None and was.tricks is None
            game_ended = record.ended_game is not None and was.ended_game is None
            if played_out or game_ended:
                lines.append(describe_deal_end(record, names))
        if after.winner is not None and before.winner is None:
            lines.append(describe_match_won(after, names))
        return lines

    def history_of_deal(self, after: Match) -> list[str]:
        """What the History adds after a deal beyond its narration: a game
        won on the turned-up king."""
        record = after.deals[-1]
        lines = []
        if record.ended_game is not None:
            lines.append(describe_deal_end(record, self.session.names))
        if after.winner is not None:
            lines.append(describe_match_won(after, self.session.names))
        return lines

    def rebuild_history(self) -> None:
        """The History of a resumed match, from its log: every deal and move
        so far, in the words they had when they were played."""
        from ecarte.log import LogFileError, read_log_file

        history = HistoryOfTheLog(self)
        try:
            entries = read_log_file(self.session.log_path, history)
        except LogFileError:
            return  # the session read this log a moment ago; without it, an empty History
        self.new_cards = history.new_cards
        for entry in entries:
            self.add_history(entry)

    def narrate(self, text: str) -> None:
        _set_text(self.query_one("#narration", Static), Text(text, style="bold"))
        self.add_history(text)

    def show_error(self, text: str) -> None:
        shown = sentence(text if self.symbols else letters(text))  # the engine's reasons are clauses
        message = self.query_one("#message", Static)
        words = Text(shown, style="bold red")
        if message.content != words:
            message.update(words)  # with layout: as many lines as it needs
        # The message takes the narration's place (the history keeps it).
        self.query_one("#narration").display = False
        message.display = True
        self.app.bell()

    def clear_error(self) -> None:
        _set_text(self.query_one("#message", Static), Text(""))
        if not self.query_one("#narration").display:
            self.query_one("#message").display = False
            self.query_one("#narration").display = True

    # ------------------------------------------------------------ the flow

    def advance(self) -> None:
        """Move the match on to the next decision: a summary, a deal, the
        opponent's turn, or wait for the human."""
        if not self.is_open:
            return
        session = self.session
        if (self.summary_due or session.is_over) and self.app.screen is not self:
            # Help or the rules are open over the table (the opponent moved,
            # or forfeited, meanwhile): the window waits until they close,
            # rather than open over them and answer to their keys.
            self._advance_on_resume = True
            return
        if self.summary_due:
            self.summary_due = False
            record = self.match.deals[-1]
            self._buttons_under_window(hidden=True)
            self.app.push_screen(
                DealSummaryScreen(self.match, record, session.names, self.symbols), self._after_summary
            )
            return
        if session.is_over:
            self.refresh_view()
            self._show_match_over()
            return
        if session.deal_due:
            session.deal_next()
            self._check_autosave()
            match = self.match
            self.add_history(self.deal_heading(match))
            self.narrate(describe_deal(match, session.names, self.symbols, with_game=False))
            for line in self.history_of_deal(match):
                self.add_history(line)
            self.summary_due = self.match.deals[-1].ended_game is not None
            self.chosen = 0
            self.new_cards = 0  # a new hand: nothing drawn yet (as Continue reads it)
            self.cursor = 0
            self.refresh_view()
            self.call_after_refresh(self.advance)
            return
        if session.to_move == COMPUTER:
            self._start_opponent()
            return
        self._cursor_on_playable()
        self.refresh_view()

    def on_screen_resume(self) -> None:
        # A resize while a window was over the table may not have reached
        # on_resize: the cards follow the terminal's size as it is now.
        self._fit_cards(self.app.size.width, self.app.size.height)
        if self._advance_on_resume:
            self._advance_on_resume = False
            self.call_after_refresh(self.advance)

    def _cursor_on_playable(self) -> None:
        """At the human's turn to play, the cursor starts on a card that may
        be played."""
        if self.match.phase != TRICKS:
            return
        hand = self._hand()
        playable = self.match.playable_cards()
        if 0 <= self.cursor < len(hand) and playable >> hand[self.cursor] & 1:
            return
        self.cursor = next((i for i, card in enumerate(hand) if playable & bit(card)), 0)

    def _start_opponent(self) -> None:
        if self.thinking:
            return
        self.thinking = True
        self.refresh_view()
        match = self.match
        # The worker gets a snapshot: it never reads the live match.
        view = match.view(COMPUTER)
        legal = match.legal_actions()
        session = self.session
        self._opponent_started = time.monotonic()

        def decide() -> None:
            # In a thread: the answer comes back as a message to this screen.
            try:
                self.post_message(OpponentDecided(session.decide_for(view, legal)))
            except OpponentFault as fault:
                self.post_message(OpponentFailed(fault))
            except Exception as error:  # a player's bug must not crash the app
                self.post_message(OpponentFailed(OpponentFault(f"{type(error).__name__}: {error}")))

        self.run_worker(decide, name=OPPONENT_WORKER, group=OPPONENT_WORKER, thread=True, exit_on_error=False)

    @on(OpponentDecided)
    @while_open
    def opponent_decided(self, message: OpponentDecided) -> None:
        self._after_the_delay(lambda: self._opponent_moves(message.action))

    @on(OpponentFailed)
    @while_open
    def opponent_failed(self, message: OpponentFailed) -> None:
        self._after_the_delay(lambda: self._opponent_forfeits(message.fault))

    def _after_the_delay(self, then: Callable[[], None]) -> None:
        """Show the opponent's move no sooner than ``move_delay`` after it began to think."""
        elapsed = time.monotonic() - self._opponent_started
        wait = max(0.0, self.settings.move_delay - elapsed)
        if wait > 0:
            self.set_timer(wait, then)
        else:
            then()

    def _opponent_moves(self, action: Action) -> None:
        self.thinking = False
        if not self.is_open or self.session.is_over:
            return
        self._apply(COMPUTER, action)

    def _opponent_forfeits(self, fault: OpponentFault, shown: str | None = None) -> None:
        """The opponent loses the match by ``fault``, whose message is kept
        beside the log (the ``.forfeit`` file: the same words in every
        language); ``shown``: what the History says of it instead, in the
        player's language."""
        self.thinking = False
        if not self.is_open or self.session.is_over:
            return
        self.session.declare_forfeit(fault.message)
        self.clear_error()  # "wait for its move": there is none to wait for now
        self.narrate(_("{name} forfeits the match.").format(name=shown_name(self.session.names[COMPUTER])))
        self.add_history(printable(shown or translated(fault.message), keep_newlines=True))
        self.advance()

    def _apply(self, seat: int, action: Action) -> bool:
        before = self.match.copy()
        deals_before = len(self.match.deals)
        try:
            self.session.apply(seat, action)
        except IllegalActionError as error:
            if seat == COMPUTER:
                # The engine's reason is in the player's language: the History
                # shows it, the .forfeit file keeps words of its own.
                fault = OpponentFault(illegal_answer(action))
                # Translators: {action} is the bot protocol's code ("card KS"), {reason} the
                # rules' reason for refusing it.
                shown = _("{name} answered {action}: {reason}").format(
                    name=shown_name(self.session.names[COMPUTER]), action=action, reason=error
                )
                self._opponent_forfeits(fault, shown=shown)
            else:
                self.show_error(str(error))
            return False
        self._check_autosave()
        self.clear_error()
        match = self.match
        self.narrate(describe_action(before, seat, action, self.session.names, self.symbols))
        for line in self.history_of_move(before, seat, action, match):
            self.add_history(line)
        if seat == HUMAN:
            # Cards just drawn stay marked until the human's next decision.
            self.new_cards = (
                match.hands[HUMAN] & ~before.hands[HUMAN] if action.type == ActionType.DISCARD else 0
            )
        record = match.deals[-1] if match.deals and len(match.deals) == deals_before else None
        deal_finished = record is not None and (record.tricks is not None or record.ended_game is not None)
        if deal_finished and match.phase in (Phase.DEAL, Phase.OVER):
            self.summary_due = True
        if action.type == ActionType.DISCARD:
            self.chosen = 0
        self.refresh_view()
        self.call_after_refresh(self.advance)
        return True

    def _check_autosave(self) -> None:
        moved = self.session.take_save_notice()
        if moved:
            self.notify(printable(moved), title=_("Autosave"), severity="warning", timeout=15, markup=False)
        error = self.session.save_error
        if error and not self._save_error_told:
            self._save_error_told = True
            self.notify(printable(error), title=_("Autosave"), severity="error", timeout=15, markup=False)

    def on_unmount(self) -> None:
        # However the screen goes (menu, rematch, quitting the app), the log
        # and a bot process are closed.
        self.session.close_in_background()

    def _after_summary(self, choice: str | None) -> None:
        """The deal's summary closed: the match's keys there (after its last
        deal) act at once; otherwise the match goes on."""
        self._buttons_under_window(hidden=False)
        if choice is None:
            self.advance()
        else:
            self._chosen_after_match(choice)

    def _chosen_after_match(self, choice: str | None) -> None:
        self._buttons_under_window(hidden=False)
        if choice == "rematch":
            self.action_rematch()
        elif choice == "menu":
            self.action_leave()
        elif choice == "analyse":
            self.action_analyse()

    def _buttons_under_window(self, hidden: bool) -> None:
        """The table's buttons ("Menu (Esc)") go while a deal's or the
        match's window is over it: there Esc and Enter are the window's."""
        self.query_one("#actions").visible = not hidden  # its row stays: nothing moves

    def _show_match_over(self) -> None:
        session = self.session
        self._buttons_under_window(hidden=True)
        self.app.push_screen(
            MatchOverScreen(
                session.winner,
                session.names,
                list(self.match.games_won),
                session.forfeit,
                [list(game) for game in self.match.games],
                rules=self.match.rules,
            ),
            self._chosen_after_match,
        )

    # ------------------------------------------------------------ keys

    def action_decide(self, kind: str) -> None:
        if not self.awaiting_human:
            return
        action = {
            "propose": PROPOSE_ACTION,
            "play": PLAY_ACTION,
            "accept": ACCEPT_ACTION,
            "refuse": REFUSE_ACTION,
            "king": KING_ACTION,
        }.get(kind)
        if action is not None:
            self._apply(HUMAN, action)

    def action_why_no_king(self) -> None:
        """k while the king may not be announced: the engine's reason."""
        if self.awaiting_human:
            self._apply(HUMAN, KING_ACTION)

    def action_refused(self, kind: str) -> None:
        """A key whose move is not allowed now: why, in the player's words."""
        if not self.awaiting_human or (kind == "card" and not self._hand()):
            return
        other = shown_name(self.session.names[COMPUTER])
        self.show_error(not_now(self.match.phase, ActionType(kind), other))

    def action_card(self, index: int) -> None:
        """A number key: play the card (tricks) or choose it (discard)."""
        if not self.awaiting_human:
            return
        hand = self._hand()
        if not 0 <= index < len(hand):
            self.show_error(
                ngettext(
                    "There is no card {number}: you hold {count}.",
                    "There is no card {number}: you hold {count}.",
                    len(hand),
                ).format(number=index + 1, count=len(hand))
            )
            return
        self.cursor = index
        if self.match.phase == DISCARD_PHASE:
            self.action_choose_card()
        elif self.match.phase == TRICKS:
            if not self._apply(HUMAN, card_action(hand[index])):
                # Refused: the ▲ moves to the card named, which Enter now plays.
                self.refresh_view()
        else:
            self.refresh_view()

    def action_cursor(self, step: int) -> None:
        hand = self._hand()
        if hand:
            self.cursor = (self.cursor + step) % len(hand)
            self.clear_error()
            self.refresh_view()

    def action_choose_card(self) -> None:
        if not self.awaiting_human or self.match.phase != DISCARD_PHASE:
            return
        hand = self._hand()
        if 0 <= self.cursor < len(hand):
            card = hand[self.cursor]
            chosen = self.chosen ^ bit(card)
            most = self._discard_range()[1]
            if chosen.bit_count() > most:
                self.show_error(
                    ngettext(
                        "You may discard at most {most} card (the stock holds {stock}).",
                        "You may discard at most {most} cards (the stock holds {stock}).",
                        most,
                    ).format(most=most, stock=self.match.stock_size)
                )
                return
            self.chosen = chosen
            self.clear_error()
            self.refresh_view()

    def action_confirm(self) -> None:
        if not self.awaiting_human:
            return
        if self.match.phase == DISCARD_PHASE:
            self._apply(HUMAN, discard_action(cards_in(self.chosen)))
        elif self.match.phase == TRICKS:
            hand = self._hand()
            if 0 <= self.cursor < len(hand):
                self._apply(HUMAN, card_action(hand[self.cursor]))

    def action_hint(self) -> None:
        # A new request: the line about an earlier key goes (it pushed the
        # narration off at 80x24).
        self.clear_error()
        self.query_one(HintPanel).request()

    def action_help(self) -> None:
        phase = self.match.phase if self.match.deals else None
        self.ecarte_app.show_help(phase, rules=self.match.rules)

    def action_rules(self) -> None:
        self.ecarte_app.show_rules(self.match.rules)

    def action_rematch(self) -> None:
        if not self.session.is_over:
            return
        from ecarte.play.session import SessionError

        self.session.close_in_background()
        try:
            session = self.session.rematch()
        except SessionError as error:
            self.show_error(str(error))
            return
        self.app.switch_screen(GameScreen(session, self.settings))

    def action_analyse(self) -> None:
        """The finished match's replay with its analysis (as the match-over
        box's Analyse, for a player who closed the box to look at the table)."""
        if self.session.is_over:
            self.ecarte_app.analyse_match(self.session.log_path)

    def action_how_to_leave(self) -> None:
        self.tell_how_to_leave(
            _("Esc opens the menu and Ctrl+Q quits: the match is saved as it goes."),
            _("Esc or Ctrl+Q quits: the match is saved as it goes."),
        )

    def action_leave(self) -> None:
        """Back to the title (the match is saved as it goes), or quit when
        the game screen was opened directly."""
        self.session.close_in_background()
        if self.over_the_title:
            self.app.pop_screen()
        else:
            self.app.exit()

    def on_key(self, event: events.Key) -> None:
        # A key no binding takes now would pass in silence: a letter that is
        # no key of the table, or a move's key while the other thinks. (The
        # bindings run after this handler: it asks which of them are live.)
        character = self.unbound_letter(event)
        if character is None:
            return
        if self.thinking:
            name = shown_name(self.session.names[COMPUTER])
            self.show_error(_("{name} is thinking: wait for its move.").format(name=name))
        else:
            self.show_error(self.key_does_nothing(character))

    # ------------------------------------------------------------ mouse

    @on(CardSlot.Clicked)
    def card_clicked(self, event: CardSlot.Clicked) -> None:
        self.action_card(event.index)

    @on(Button.Pressed)
    def button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button.id or ""
        if button in ("propose", "play", "accept", "refuse", "king"):
            self.action_decide(button)
        elif button == "discard":
            self.action_confirm()
        elif button == "rematch":
            self.action_rematch()
        elif button == "analyse":
            self.action_analyse()
        elif button == "leave":
            self.action_leave()
