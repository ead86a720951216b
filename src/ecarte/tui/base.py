"""What every screen of the app shares: the app itself, typed, and a safe
end when it is closed the instant it opens.

Screens reach one another only through the app (``push_screen("settings")``,
``EcarteApp.open_game``), never by importing each other."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Concatenate, ParamSpec, TypeVar, cast

from textual import events
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.timer import Timer, TimerCallback
from textual.widgets.button import ButtonVariant

from ecarte.i18n import N_, _

if TYPE_CHECKING:
    from .app import EcarteApp

ResultT = TypeVar("ResultT")
NodeT = TypeVar("NodeT", bound=DOMNode)
P = ParamSpec("P")


def is_open(node: DOMNode) -> bool:
    """Whether ``node`` (a screen, a widget) is still up: neither removed nor
    being removed (its screen closed, the app quitting).

    A screen can close in the very instant it opens: the key that opens it
    and Esc or Ctrl+Q come in one burst of input (a paste, a held key, a
    quick player). Textual still delivers what was queued for it (its mount,
    a resize, the callbacks and worker results it asked for) while or after
    its widgets go; a handler that looked them up would raise and end the
    app with a traceback. Textual marks a subtree being removed with
    ``_pruning`` (and checks it the same way itself) before it unlinks it."""
    return node.is_attached and not node._pruning


def while_open(
    handler: Callable[Concatenate[NodeT, P], None],
) -> Callable[Concatenate[NodeT, P], None]:
    """``handler`` (a method) does nothing once its node is closing: for the
    handlers of messages a worker posts, which may arrive after the screen
    was closed."""

    @functools.wraps(handler)
    def guarded(node: NodeT, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if is_open(node):
            handler(node, *args, **kwargs)

    return guarded


def key_runs(numbers: Iterable[int]) -> str:
    """Card numbers as keys, runs joined: [1, 2, 3, 5] is "1-3, 5"."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def card_keys(held: int) -> str:
    """The number keys of the cards held, as the footer shows them: ``1-5``,
    ``1-2``, ``1`` (with no card, the key of the first)."""
    return key_runs(range(1, max(held, 1) + 1))


PAGE_BINDINGS: tuple[Binding, ...] = (
    Binding("escape,q", "app.pop_screen", N_("Back")),
    Binding("question_mark,f1", "help", N_("Help")),
)
"""The keys of a page to read (the rules, the statistics): back, and its help."""


RULES_BINDING = Binding("f2", "rules", N_("Rules"))
"""F2, the rules, on every screen but the rules page itself."""


DECISION_BINDINGS: tuple[Binding, ...] = (
    Binding("e", "decide('propose')", N_("Propose"), show=False),
    # Translators: the footer's "play": play the hand as it is, no (more) exchange.
    Binding("p", "decide('play')", N_("Play"), show=False),
    Binding("a", "decide('accept')", N_("Accept"), show=False),
    Binding("r", "decide('refuse')", N_("Refuse"), show=False),
    # Translators: the footer's descriptions are short: a word or two.
    Binding("k", "decide('king')", N_("Announce king"), show=False),
)
"""The keys of the deal's decisions on every screen with a table (the
match, the lesson): each calls the screen's ``action_decide``."""


LEAVE_NOTICE_SECONDS = 6.0
"""How long the notice of how to leave (``q`` at the table) stays up."""

CARD_BINDINGS: tuple[Binding, ...] = (
    # Translators: the footer's key for the cards held ("1-5 Card"): play or pick one.
    Binding("1", "card(0)", N_("Card"), key_display="1-5"),
    Binding("2", "card(1)", N_("Card 2"), show=False),
    Binding("3", "card(2)", N_("Card 3"), show=False),
    Binding("4", "card(3)", N_("Card 4"), show=False),
    Binding("5", "card(4)", N_("Card 5"), show=False),
    Binding("left", "cursor(-1)", N_("Left"), show=False),
    Binding("right", "cursor(1)", N_("Right"), show=False),
)
"""The card keys of every screen with a hand (the table, the lesson): a card
by its number, or the cursor; the footer shows them as one key, "1-5"."""


class EcarteScreen(Screen[ResultT]):
    """A screen of the app: its mount, resume and resize, and what it asked
    to run later (``call_after_refresh``, ``set_timer``, ``call_from_worker``)
    are dropped once it is closing (see ``is_open``), so that none of its
    handlers runs without its widgets. (Screens use no other way to run
    later; the handlers of worker messages check ``is_open`` themselves.)"""

    CLOSED_EVENTS: ClassVar[tuple[type[events.Event], ...]] = (
        events.Mount,
        events.ScreenResume,
        events.Resize,
    )
    """The events whose handlers set up or redraw the screen's widgets."""

    _passing_notices: tuple[str, ...] = ()
    """The words of its notices in passing since it was last left."""

    @property
    def ecarte_app(self) -> EcarteApp:
        return cast("EcarteApp", self.app)

    def action_help(self) -> None:
        """The help of this screen (a screen with more to say, such as the
        table's phase, says it in its own)."""
        self.app.push_screen("help")

    def action_rules(self) -> None:
        """F2: the rules page (a screen of a match opens it with that
        match's rules)."""
        self.ecarte_app.show_rules()

    def unbound_letter(self, event: events.Key) -> str | None:
        """The character of a key that would pass in silence (a letter or a
        sign no live binding takes now), to say so; ``None`` for any other
        key. (Bindings run after ``on_key``: this asks which are live.)"""
        character = event.character
        if character is None or not character.isprintable() or character.isspace():
            return None
        live = self.active_bindings.get(event.key)
        return None if live is not None and live.enabled else character

    def key_does_nothing(self, character: str) -> str:
        """What a key that does nothing here is said to do."""
        return _("The key {key} does nothing here: ? lists the keys.").format(key=character)

    @property
    def over_the_title(self) -> bool:
        """Whether the title screen is below this one; else it was opened
        alone (``ecarte play``, ``ecarte learn``) and leaving it quits."""
        return len(self.app.screen_stack) > 2

    def tell_how_to_leave(self, over_the_title: str, alone: str) -> None:
        """q where the letters are moves (the table, the lesson): how to
        leave, in the words for where leaving goes, rather than nothing."""
        text = over_the_title if self.over_the_title else alone
        self.notify_in_passing(text, title=_("Quit"), timeout=LEAVE_NOTICE_SECONDS)

    def notify_in_passing(self, text: str, *, title: str, timeout: float) -> None:
        """A notice about this screen of the moment (how to leave it, a key
        that does nothing here): it goes when the screen is left or covered
        (``withdraw_passing_notices``), where it lingered over the next."""
        self.notify(text, title=title, timeout=timeout, markup=False)
        self._passing_notices = (*self._passing_notices, text)

    def withdraw_passing_notices(self) -> None:
        """The screen is left or covered: its notices in passing, if still
        shown, go with it; the app's other notices stay."""
        for text in set(self._passing_notices):
            self.ecarte_app.withdraw_toast(text)
        self._passing_notices = ()

    def holds_the_quit(self) -> bool:
        """Ctrl+Q is about to quit the app with this screen open: whether it
        should not, this once (the screen says why: unsaved changes)."""
        return False

    @property
    def is_open(self) -> bool:
        return is_open(self)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, self.CLOSED_EVENTS) and not is_open(self):
            return
        await super().on_event(event)

    def if_open(self, callback: Callable[P, Any]) -> Callable[P, Any]:
        """``callback``, run only if the screen is still open by then (what
        it returns is passed on: Textual awaits a coroutine's)."""

        @functools.wraps(callback)
        def guarded(*args: P.args, **kwargs: P.kwargs) -> Any:
            return callback(*args, **kwargs) if is_open(self) else None

        return guarded

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        return super().call_after_refresh(self.if_open(callback), *args, **kwargs)

    def set_timer(
        self,
        delay: float,
        callback: TimerCallback | None = None,
        *,
        name: str | None = None,
        pause: bool = False,
    ) -> Timer:
        guarded = self.if_open(callback) if callback is not None else None
        return super().set_timer(delay, guarded, name=name, pause=pause)

    def call_from_worker(self, callback: Callable[P, Any], *args: P.args, **kwargs: P.kwargs) -> None:
        """From a worker's thread: ``callback(*args)`` on the app's loop, if
        the screen is still open by then."""
        self.app.call_from_thread(self.if_open(callback), *args, **kwargs)

    def key_display_for(self, binding: Binding) -> str | None:
        """What the footer shows for ``binding`` now, when it depends on the
        moment (the card keys as far as the cards held go); ``None``: the
        binding's own."""
        return None


class EcarteModalScreen(EcarteScreen[ResultT], ModalScreen[ResultT]):
    """A screen over another (a dialog), with the same safe end."""


DECISION_BUTTONS: tuple[tuple[str, str, ButtonVariant], ...] = (
    # Translators: the buttons share one line of 80 columns: keep them short;
    # the key in brackets is the key to press, the same in every language.
    (N_("Propose (e)"), "propose", "primary"),
    # Translators: play the hand as it is, without (more) exchanges.
    (N_("Play (p)"), "play", "warning"),
    (N_("Accept (a)"), "accept", "primary"),
    (N_("Refuse (r)"), "refuse", "warning"),
    (N_("Announce king (k)"), "king", "success"),
    (N_("Discard (Enter)"), "discard", "primary"),
)
"""The buttons of the decisions at the table and in the lesson: the label
(translated where shown), the button's id (the action it takes), its
variant."""
