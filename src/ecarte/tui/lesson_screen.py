"""The guided first deal: the lesson of ``ecarte.play.lesson`` at the real
card table (the hand, the table and the score panel of the game screen).

The lesson panel on the right says what to do; the keys are the game's.
A move the step does not teach is answered below the hand (the engine's
own words for an illegal card), never ignored. At the end, Enter starts a
real, autosaved match against the Easy computer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ecarte.engine import Action, ActionType, Match, card_action, discard_action
from ecarte.engine.actions import ACCEPT_ACTION, KING_ACTION, PLAY_ACTION, PROPOSE_ACTION, REFUSE_ACTION
from ecarte.engine.cards import bit, cards_in
from ecarte.engine.match import ANSWER, DISCARD_PHASE, EXCHANGE, TRICKS
from ecarte.engine.view import Phase
from ecarte.i18n import N_, _, ngettext
from ecarte.play.lesson import (
    KLARA,
    YOU,
    Lesson,
    StepKind,
    card_words,
    mark_finished,
    rules_note,
    wants,
)
from ecarte.play.settings import Settings
from ecarte.tui.cards_render import letters
from ecarte.tui.narration import describe_action, describe_deal, describe_deal_end, shown_name
from ecarte.tui.widgets import CardSlot, HandView, OpponentView, ScorePanel, TableView

from .base import CARD_BINDINGS, DECISION_BINDINGS, DECISION_BUTTONS, EcarteScreen, card_keys
from .key_footer import KeyFooter

if TYPE_CHECKING:
    from pathlib import Path

    from ecarte.play.session import MatchSession

LARGE_SIZE = (110, 36)
"""From this terminal size on (columns, rows) the cards are drawn larger, as at the game."""
EASY = "easy"
"""The level of the real game the lesson ends with."""


class LessonButton(Button, can_focus=False):
    """Clicks and keys, never the focus (Enter and the numbers reach the lesson)."""


class LessonScreen(EcarteScreen[None]):
    DEFAULT_CSS = """
    LessonScreen #lesson { height: 1fr; }
    LessonScreen #lesson-main { width: 1fr; min-width: 46; }
    LessonScreen #lesson-side { width: 34; }
    LessonScreen #lesson-opponent { height: 5; border: round $secondary; padding: 0 1;
        content-align: center middle; border-title-color: $text-secondary; }
    LessonScreen #lesson-table { height: 1fr; min-height: 6; border: round $primary; padding: 0 1;
        content-align: center middle; }
    LessonScreen #lesson-you { height: 6; border: round $success; padding: 0 1; align-horizontal: center; }
    LessonScreen #lesson-hand { height: 4; }
    LessonScreen #lesson-said { height: 4; padding: 0 1; }
    LessonScreen #lesson-said.-wrong { color: $warning; text-style: bold; }
    LessonScreen #lesson-actions { height: 1; padding: 0 1; }
    LessonScreen #lesson-actions Button { margin: 0 1 0 0; width: auto; min-width: 0; }
    LessonScreen #lesson-score { height: auto; min-height: 9; border: round $accent; padding: 0 1; }
    LessonScreen #lesson-text { height: 1fr; border: round $warning; padding: 0 1; }
    LessonScreen.-large #lesson-side { width: 52; }
    LessonScreen.-large #lesson-opponent { height: 7; }
    LessonScreen.-large #lesson-you { height: 8; }
    LessonScreen.-large #lesson-table { min-height: 9; }
    LessonScreen.-large #lesson-hand { height: 6; }
    LessonScreen.-large CardSlot { width: 8; height: 6; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *DECISION_BINDINGS,
        *CARD_BINDINGS,
        # The same keys while the step asks for no card (the footer then
        # offers none): pressed anyway, they say what the step wants.
        *(Binding(str(index + 1), f"card_not_asked({index})", "", show=False) for index in range(5)),
        # Translators: pick a card for the discard.
        Binding("space", "choose_card", N_("Pick"), show=False),
        # At the player's discard, Enter discards the cards picked: the footer says so.
        # Translators: the footer's Enter in the lesson's discard (a verb): discard the cards picked.
        Binding("enter", "confirm('discard')", N_("Discard")),
        # At the player's propose, play, accept or refuse, Enter repeats what to press.
        # Translators: the footer's Enter in the lesson when the step is a key to press (e, p...).
        Binding("enter", "confirm('hint')", N_("What to press")),
        # Translators: Enter in the lesson: go on to the next step, or play the card chosen.
        Binding("enter", "confirm", N_("Go on / play")),
        Binding("question_mark,f1", "help", N_("Help"), key_display="?"),
        Binding("f2", "rules", N_("Rules")),
        Binding("escape", "leave", N_("Menu")),
        # The table's hint key, answered rather than ignored (no description:
        # the lesson's help does not offer a coach it has not got).
        Binding("h", "hint", "", show=False),
        # As at the table, q says how to leave rather than nothing (no
        # description: the help must not list q among the keys that quit).
        Binding("q", "how_to_leave", "", show=False),
    ]
    HELP_KEEPS: ClassVar[frozenset[str]] = frozenset({"confirm"})
    """Enter goes on to the next step too: the help lists it as the footer does."""

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self._settings = settings
        self.lesson = Lesson()
        self.cursor = 0
        self.chosen = 0
        """Mask of the cards picked for the discard."""
        self.said = ""
        """What just happened (a move, a deal), under the hand."""
        self.wrong = ""
        """Why the last key was not the step's move, shown in place of ``said``."""
        self.new_cards = 0
        """Mask of the cards the player just drew, marked "+" as at the table."""
        self._keys_shown_for: tuple[str, bool, bool, bool] | None = None
        """The card keys shown and whether the player discards, when
        the footer's keys ("1-5", Enter's "Discard") were last shown."""
        self.game_started = False

    @property
    def settings(self) -> Settings:
        if self._settings is not None:
            return self._settings
        settings = getattr(self.app, "settings", None)
        return settings if isinstance(settings, Settings) else Settings()

    @property
    def symbols(self) -> bool:
        return self.settings.symbols

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Horizontal(id="lesson"):
            with Vertical(id="lesson-main"):
                yield OpponentView(id="lesson-opponent")
                yield TableView(id="lesson-table")
                with Vertical(id="lesson-you"):
                    yield HandView(id="lesson-hand")
                yield Static(id="lesson-said")
                with Horizontal(id="lesson-actions"):
                    for label, name, variant in DECISION_BUTTONS:
                        yield LessonButton(_(label), id=name, compact=True, variant=variant)
                    yield LessonButton(_("Go on (Enter)"), id="go-on", compact=True, variant="primary")
                    yield LessonButton(
                        _("Play a game (Enter)"), id="real-game", compact=True, variant="success"
                    )
                    yield LessonButton(_("Menu (Esc)"), id="leave", compact=True)
            with Vertical(id="lesson-side"):
                yield ScorePanel(id="lesson-score")
                yield Static(id="lesson-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.lesson = Lesson(self.settings.player_name)
        self.query_one("#lesson-score", ScorePanel).border_title = _("Score")
        self.query_one("#lesson-table", TableView).border_title = _("Table")
        self.query_one("#lesson-you").border_title = Text(shown_name(self.lesson.names[YOU]))
        self.query_one("#lesson-opponent").border_title = Text(self.lesson.names[KLARA])
        self.query_one("#lesson-text").border_title = _("Lesson")
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        large = event.size.width >= LARGE_SIZE[0] and event.size.height >= LARGE_SIZE[1]
        if large != self.has_class("-large"):
            self.set_class(large, "-large")
            self.refresh_view()

    # ------------------------------------------------------------ the flow

    @property
    def waiting(self) -> bool:
        """Whether the lesson waits for the player (not for a deal or Klara)."""
        return not self.lesson.automatic

    def advance(self) -> None:
        """Run the deals and Klara's moves up to the player's next step, one
        at a time at the pace of the settings, so that each can be seen."""
        if not self.is_open:
            return
        lesson = self.lesson
        if lesson.automatic:
            before = lesson.match.copy()
            step = lesson.run_automatic()
            if step.kind == StepKind.DEAL:
                self.tell(describe_deal(lesson.match, lesson.names, self.symbols))
                self.chosen = 0
                self.new_cards = 0
            else:
                self.tell_move(before, KLARA, wants(step))
            self.refresh_view()
            if lesson.automatic:
                self.set_timer(max(self.settings.move_delay, 0.01), self.advance)
            else:
                self.call_after_refresh(self.advance)
            return
        if lesson.is_last:
            mark_finished()
        self._cursor_on_expected()
        self.refresh_view()

    def tell(self, text: str) -> None:
        self.said = text
        self.wrong = ""

    def tell_move(self, before: Match, seat: int, action: Action) -> None:
        """The move in words; for the deal's last card, what the deal scored."""
        lesson = self.lesson
        text = describe_action(before, seat, action, lesson.names, self.symbols)
        record = lesson.match.deals[-1]
        if len(lesson.match.deals) == len(before.deals) and before.deals[-1].tricks is None and record.tricks:
            # The deal's result says more than its last card (and fits in the box).
            text = describe_deal_end(record, lesson.names)
        self.tell(text)

    def answer(self, reply: str | None, before: Match | None = None, action: Action | None = None) -> None:
        """Show the outcome of a key: the move made, or why it was not."""
        if reply is None:
            if action is not None and before is not None:
                self.tell_move(before, YOU, action)
                # Cards just drawn stay marked until the player's next move, as at the table.
                drew = action.type == ActionType.DISCARD
                self.new_cards = self.lesson.match.hands[YOU] & ~before.hands[YOU] if drew else 0
                if drew:
                    self.chosen = 0
            else:
                self.wrong = ""
            self.refresh_view()
            self.call_after_refresh(self.advance)
            return
        self.wrong = reply
        self.app.bell()
        # The ▲ goes back to the card the step asks for, so that the hint's
        # "or Enter" holds (at the table a refused card keeps it; here the
        # step's card is the one to play).
        self._cursor_on_expected()
        self.refresh_view()

    def move(self, action: Action) -> None:
        if not self.waiting:
            self.answer(self.lesson.explain(action))
            return
        before = self.lesson.match.copy()
        self.answer(self.lesson.try_move(action), before, action)

    def _cursor_on_expected(self) -> None:
        """The cursor starts on the card the step asks for; at a step of the
        tricks that asks for no card (the king), on the card asked for next,
        never on one the rules forbid."""
        lesson = self.lesson
        step = lesson.step
        if step.kind != StepKind.YOU:
            return
        if lesson.match.phase == DISCARD_PHASE:
            self._cursor_on_next_discard()
            return
        upcoming = step
        if not step.action.startswith("card "):
            if lesson.match.phase != TRICKS:
                return
            later = lesson.steps[lesson.index + 1 :]
            upcoming = next((other for other in later if other.kind != StepKind.SAY), step)
            if upcoming.kind != StepKind.YOU or not upcoming.action.startswith("card "):
                return
        hand = self._hand()
        wanted = wants(upcoming).card
        if wanted in hand:
            self.cursor = hand.index(wanted)

    def _cursor_on_next_discard(self) -> None:
        """At the discard, the cursor goes to the first card the step
        throws away that is not picked yet (Space then picks it)."""
        step = self.lesson.step
        if step.kind != StepKind.YOU or self.lesson.match.phase != DISCARD_PHASE:
            return
        hand = self._hand()
        left = [card for card in cards_in(wants(step).discards & ~self.chosen) if card in hand]
        if left:
            self.cursor = hand.index(left[0])

    def hint_with_keys(self) -> str:
        """What to press now: the step's hint, with the key of the card it
        asks for (the ▲ is on it, so Enter too); at the discard, once every
        card is picked, Enter."""
        lesson = self.lesson
        step = lesson.step
        match = lesson.match
        if step.kind != StepKind.YOU or match.current_player != YOU:
            return lesson.hint
        if match.phase == DISCARD_PHASE and self.chosen == wants(step).discards:
            return _("Press Enter to discard them.")
        hand = self._hand()
        if match.phase == TRICKS and step.action.startswith("card ") and wants(step).card in hand:
            key = hand.index(wants(step).card) + 1
            # Translators: after "Play the K♦." in the lesson: the number key of that card.
            return lesson.hint + " " + _("Press {key}, or Enter.").format(key=key)
        return lesson.hint

    # ------------------------------------------------------------ drawing

    def _hand(self) -> list[int]:
        match = self.lesson.match
        return match.hand(YOU) if match.deals else []

    def key_display_for(self, binding: Binding) -> str | None:
        return self._footer_card_keys() if binding.action == "card(0)" else None

    def _footer_card_keys(self) -> str:
        """The footer's card keys: those of the cards held ("1-3" with
        three), or, where the step plays a card, that card's key alone, as
        its prompt says ("Press 3"): the others are no move of the step's."""
        hand = self._hand()
        step = self.lesson.step
        if self._players_turn_in(TRICKS) and step.action.startswith("card ") and wants(step).card in hand:
            return str(hand.index(wants(step).card) + 1)
        return card_keys(len(hand))

    def _players_turn_in(self, *phases: Phase) -> bool:
        """Whether the lesson waits for the player's own move in one of ``phases``."""
        match = self.lesson.match
        return (
            self.waiting
            and self.lesson.step.kind == StepKind.YOU
            and match.current_player == YOU
            and match.phase in phases
        )

    @property
    def discarding(self) -> bool:
        """Whether the step is the player's discard (Enter discards)."""
        return self._players_turn_in(DISCARD_PHASE)

    @property
    def deciding(self) -> bool:
        """Whether the step is the player's word (propose, play, accept,
        refuse, announce the king): Enter then only says which key makes it."""
        if self._players_turn_in(EXCHANGE, ANSWER):
            return True
        # The king is announced in the tricks, where Enter would play a card.
        return self._players_turn_in(TRICKS) and self.lesson.step.action == "king"

    @property
    def asks_for_cards(self) -> bool:
        """Whether the step is the player's to play or pick a card (the
        tricks, the discard): only then does the footer offer the card keys.
        Not at a step of the tricks that is a word (announce the king with
        k): the footer offered "1-5 Card" where the prompt says "press k"."""
        if not self._hand():
            return False
        if self._players_turn_in(TRICKS):
            return self.lesson.step.action.startswith("card ")
        return self._players_turn_in(DISCARD_PHASE)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The footer's "1-5 Card" only when a card is the player's to press:
        # not while the lesson explains, deals or waits for Klara, nor at a
        # word (the number keys then go to card_not_asked, which says why).
        if action == "card":
            return self.asks_for_cards
        if action == "cursor":
            return bool(self._hand())
        if action == "confirm":
            # One Enter at a time, named for what it does now.
            now = ("discard",) if self.discarding else ("hint",) if self.deciding else ()
            return parameters == now
        return True

    def refresh_view(self) -> None:
        lesson = self.lesson
        match = lesson.match
        symbols = self.symbols
        large = self.has_class("-large")
        hand = self._hand()
        keys_for = (self._footer_card_keys(), self.discarding, self.deciding, self.asks_for_cards)
        if keys_for != self._keys_shown_for:
            # The footer's "1-5" follows the hand as it shrinks and the card
            # the step plays, and its Enter says what it does: "Discard" at
            # the discard, "What to press" at a step made by a key.
            self._keys_shown_for = keys_for
            self.refresh_bindings()
        self.cursor = max(0, min(self.cursor, len(hand) - 1))
        your_turn = self.waiting and match.current_player == YOU
        # Only the count of Klara's cards and the player's view reach the widget.
        view = match.view(YOU) if match.deals else None
        self.query_one("#lesson-opponent", OpponentView).show(match.hands[KLARA].bit_count(), view, large)
        self.query_one("#lesson-table", TableView).show(match, lesson.names, symbols, large)
        playable = match.playable_cards() if your_turn and match.phase == TRICKS else None
        show_cursor = your_turn and match.phase in (TRICKS, DISCARD_PHASE)
        self.query_one("#lesson-hand", HandView).show(
            hand,
            symbols=symbols,
            playable=playable,
            chosen=self.chosen,
            cursor=self.cursor if show_cursor else None,
            large=large,
            new=self.new_cards,
        )
        you = self.query_one("#lesson-you")
        you.border_subtitle = _("tricks {count}").format(count=match.tricks_won[YOU]) if match.deals else ""
        # The score panel reads only a session's match and names: the lesson has both.
        self.query_one("#lesson-score", ScorePanel).show(cast("MatchSession", lesson))
        said = self.query_one("#lesson-said", Static)
        said.set_class(bool(self.wrong), "-wrong")
        said.update(Text(self._shown(self.wrong or self.said)))
        self.query_one("#lesson-text", Static).update(self.lesson_text())
        self._show_buttons()

    def _shown(self, text: str) -> str:
        return text if self.symbols else letters(text)

    def lesson_text(self) -> Text:
        lesson = self.lesson
        step = lesson.step
        number, steps = lesson.progress
        text = Text()
        text.append(lesson.part, style="bold")
        text.append(f"  {number}/{steps}\n", style="dim")
        text.append(self._shown(lesson.text))
        note = rules_note(self.settings.rules) if lesson.is_last else ""
        if note:
            text.append("\n" + note, style="italic")
        if step.kind == StepKind.YOU:
            text.append("\n\n→ " + self._shown(self.hint_with_keys()), style="bold")
        elif step.kind == StepKind.SAY:
            text.append(
                "\n\n→ " + (_("Enter: play. Esc: menu.") if lesson.is_last else _("Enter to go on.")),
                style="bold",
            )
        return text

    def _show_buttons(self) -> None:
        lesson = self.lesson
        step = lesson.step
        your_move = self.waiting and step.kind == StepKind.YOU
        legal = {action.type for action in lesson.match.legal_actions()} if your_move else set()
        wanted = {kind: kind in legal for kind in ("propose", "play", "accept", "refuse", "king", "discard")}
        wanted["go-on"] = step.kind == StepKind.SAY and not lesson.is_last
        wanted["real-game"] = step.kind == StepKind.SAY and lesson.is_last
        for kind, shown in wanted.items():
            button = self.query_one(f"#{kind}", Button)
            if button.display != shown:
                button.display = shown

    # ------------------------------------------------------------ keys

    def action_decide(self, kind: str) -> None:
        action = {
            "propose": PROPOSE_ACTION,
            "play": PLAY_ACTION,
            "accept": ACCEPT_ACTION,
            "refuse": REFUSE_ACTION,
            "king": KING_ACTION,
        }[kind]
        self.move(action)

    def action_card(self, index: int) -> None:
        """A number key: play the card (tricks) or pick it (discard)."""
        match = self.lesson.match
        hand = self._hand()
        if not self.waiting or match.current_player != YOU or match.phase not in (TRICKS, DISCARD_PHASE):
            self.answer(self.lesson.explain(card_action(hand[index]) if index < len(hand) else None))
            return
        if not 0 <= index < len(hand):
            self.answer(
                ngettext(
                    "There is no card {number}: you hold one card: press 1.",
                    "There is no card {number}: you hold {count} cards: press 1 to {count}.",
                    len(hand),
                ).format(number=index + 1, count=len(hand))
            )
            return
        self.cursor = index
        if match.phase == DISCARD_PHASE:
            self.action_choose_card()
        else:
            self.move(card_action(hand[index]))

    def action_card_not_asked(self, index: int) -> None:
        """A number key while the step asks for no card: the lesson says
        what it wants instead (the footer offers no card key then)."""
        self.action_card(index)

    def action_cursor(self, step: int) -> None:
        hand = self._hand()
        if hand:
            self.cursor = (self.cursor + step) % len(hand)
            self.refresh_view()

    def action_choose_card(self) -> None:
        match = self.lesson.match
        hand = self._hand()
        if not self.waiting or match.phase != DISCARD_PHASE or match.current_player != YOU:
            self.answer(self.lesson.explain(None))
            return
        if 0 <= self.cursor < len(hand):
            card = hand[self.cursor]
            step = self.lesson.step
            keeps = step.kind == StepKind.YOU and not wants(step).discards & bit(card)
            if keeps and not self.chosen & bit(card):
                # A card the step keeps is not picked: the reason is told at
                # once, as for any other wrong move, and nothing is to undo.
                self.wrong = card_words(_(step.why))
            else:
                self.chosen ^= bit(card)
                self.wrong = ""
                self._cursor_on_next_discard()
            self.refresh_view()

    def action_confirm(self, step: str = "") -> None:
        """Enter: go on, play the card under the cursor, (``step`` "discard",
        the footer's name for it then) discard the cards picked, or (``step``
        "hint") say which key makes the step's move."""
        lesson = self.lesson
        match = lesson.match
        if not self.waiting:
            self.answer(lesson.explain(None))
            return
        if lesson.step.kind == StepKind.SAY:
            if lesson.is_last:
                self.start_real_game()
                return
            self.answer(lesson.go_on())
            return
        if match.current_player == YOU and match.phase == DISCARD_PHASE:
            wanted = wants(lesson.step).discards if lesson.step.kind == StepKind.YOU else 0
            if self.chosen != wanted and not self.chosen & ~wanted:
                # Some of the cards picked, none wrong: what is left to pick,
                # not why the others are kept.
                self.answer(lesson.hint)
                return
            self.move(discard_action(cards_in(self.chosen)))
        elif match.current_player == YOU and match.phase == TRICKS:
            hand = self._hand()
            self.move(card_action(hand[self.cursor]))
        else:
            self.answer(lesson.explain(None))

    def start_real_game(self) -> None:
        """The lesson's end: a real, autosaved match against the Easy level,
        with the settings' rules, in place of the lesson."""
        if self.game_started:
            return
        self.look_for_unfinished()

    @work(thread=True, exclusive=True, group="unfinished", exit_on_error=False)
    def look_for_unfinished(self) -> None:
        # Up to 200 logs may be replayed, as for the title's Continue: off
        # the event loop (``ecarte learn`` has no title to have looked first).
        self.call_from_worker(self._ask_before_starting, self.ecarte_app.find_unfinished())

    def _ask_before_starting(self, unfinished: Path | None) -> None:
        if self.game_started or self.app.screen is not self:
            return  # Enter pressed twice: asked, or started, once
        if unfinished is None:
            self._start_easy_game()
            return
        from .title_screen import AbandonQuestion

        def answered(choice: str | None) -> None:
            # Asked as New match asks: the unfinished match is never lost.
            if choice == "new":
                self._start_easy_game()
            elif choice == "continue":
                mark_finished()
                self.game_started = True
                if self.over_the_title:
                    self.app.pop_screen()
                self.ecarte_app.open_game(resume=unfinished)

        self.app.push_screen(AbandonQuestion(unfinished), answered)

    def _start_easy_game(self) -> None:
        from ecarte.play.session import MatchSession

        mark_finished()
        try:
            session = MatchSession.new(self.settings, opponent=EASY)
        except Exception as error:  # told to the player; the lesson screen stays usable
            self.answer(_("Cannot start the game: {error}").format(error=error))
            return
        self.game_started = True
        self.ecarte_app.show_game(session, replace=self)

    def action_hint(self) -> None:
        self.notify(
            _(
                "No coach in the lesson: each step says what to do and why. "
                "In a real match, h asks the coach."
            ),
            title=_("Hint"),
            timeout=6,
        )

    def action_help(self) -> None:
        match = self.lesson.match
        self.ecarte_app.show_help(match.phase if match.deals else None)

    def action_rules(self) -> None:
        self.ecarte_app.show_rules()

    def action_how_to_leave(self) -> None:
        self.tell_how_to_leave(
            _("Esc leaves the lesson and Ctrl+Q quits; the lesson then starts again from the beginning."),
            _("Esc or Ctrl+Q quits; the lesson then starts again from the beginning."),
        )

    def action_leave(self) -> None:
        """Back to the title, or quit when the lesson was opened directly."""
        if self.over_the_title:
            self.app.pop_screen()
        else:
            self.app.exit()

    def on_key(self, event: events.Key) -> None:
        # A key the lesson has no use for passed in silence, leaving the
        # words of the key before under the hand: said, as at the table,
        # with what the step asks. (Keys the lesson binds, even those it
        # refuses now, answer for themselves.)
        character = event.character
        if character is None or not character.isprintable() or character.isspace():
            return
        if event.key in self.active_bindings:
            return
        useless = self.key_does_nothing(character)
        self.answer(f"{useless} {self.hint_with_keys()}" if self.waiting else useless)

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
        elif button in ("discard", "go-on", "real-game"):
            self.action_confirm()
        elif button == "leave":
            self.action_leave()
