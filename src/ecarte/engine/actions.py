"""A player's decision: the action shapes of ``docs/bot-protocol.md``.

``Action`` is a plain class, not a dataclass, and ``typing`` is imported for
the type checker only: ``ecarte check`` loads this module, and importing
``dataclasses`` (which brings ``inspect``) and ``typing``, and making the
dataclasses, was a third of its start-up beyond the bare interpreter's
(``python benchmarks/startup.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from ecarte.i18n import N_, Deferred, message_of
from ecarte.records import FrozenRecord

from .cards import Card, CardError, card_code, cards_in, mask_of, parse_card
from .quoting import quoted, shorten

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from typing import Any


class ActionType(StrEnum):
    """The kinds of decision; the values are the protocol's ``type`` strings."""

    PROPOSE = "propose"
    PLAY = "play"
    ACCEPT = "accept"
    REFUSE = "refuse"
    DISCARD = "discard"
    KING = "king"
    CARD = "card"


# Module-level names for the hot paths: an enum member looked up through its
# class costs several times a global read.
PROPOSE = ActionType.PROPOSE
PLAY = ActionType.PLAY
ACCEPT = ActionType.ACCEPT
REFUSE = ActionType.REFUSE
DISCARD = ActionType.DISCARD
KING = ActionType.KING
CARD = ActionType.CARD

ACTION_TYPES: tuple[ActionType, ...] = tuple(ActionType)


class ActionError(ValueError):
    """Text or JSON that is not an action of the protocol; the message is a
    ``Deferred`` text (English in files, translated where shown)."""


class Action(FrozenRecord):
    """One decision: immutable, equal and hashed by its three fields."""

    __slots__ = ("type", "card", "discards")  # noqa: RUF023 (the constructor's order)

    type: ActionType
    card: Card
    """The card played, for ``card`` actions."""
    discards: int
    """The mask of the cards discarded, for ``discard`` actions."""

    def __init__(self, type: ActionType, card: Card = -1, discards: int = 0) -> None:
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "discards", discards)

    def _values(self) -> tuple[Any, ...]:
        # Spelled out: actions are compared and hashed inside the players' searches.
        return (self.type, self.card, self.discards)

    @property
    def cards(self) -> list[Card]:
        """The discarded cards, for ``discard`` actions."""
        return cards_in(self.discards)

    def __str__(self) -> str:
        if self.type == CARD:
            return f"card {card_code(self.card)}"
        if self.type == DISCARD:
            return " ".join([DISCARD, *(card_code(card) for card in self.cards)])
        return self.type

    def to_json(self) -> dict[str, Any]:
        if self.type == CARD:
            return {"type": CARD, "card": card_code(self.card)}
        if self.type == DISCARD:
            return {"type": DISCARD, "cards": [card_code(card) for card in self.cards]}
        return {"type": self.type}

    @staticmethod
    def parse(text: str) -> Action:
        """The inverse of ``str(action)``."""
        words = text.split()
        if not words:
            raise ActionError(Deferred(N_("an empty string is not an action")))
        kind = words[0]
        if kind == CARD:
            if len(words) != 2:
                raise ActionError(
                    Deferred(N_("{text}: 'card' takes one card, e.g. 'card KS'"), text=quoted(text))
                )
            return card_action(_parse(words[1]))
        if kind == DISCARD:
            return discard_action(_parse(word) for word in words[1:])
        if kind in SIMPLE_ACTIONS and len(words) == 1:
            return SIMPLE_ACTIONS[kind]
        raise ActionError(
            Deferred(
                N_("{text} is not an action; actions are: {actions}"),
                text=quoted(text),
                actions=", ".join(ACTION_TYPES),
            )
        )

    @staticmethod
    def from_json(obj: Any, what: str = "action") -> Action:
        """An action from its protocol JSON form, checked field by field: the
        one place where the fields of a decision are checked, for a bot's
        answer and for a log's decision event alike (keys other than
        ``type``, ``card`` and ``cards`` are left to the caller). ``what``
        names the object in the messages: ``action``, or ``event`` for a
        log line (a sentence each, for the translators)."""
        if not isinstance(obj, dict):
            raise ActionError(
                Deferred(
                    # The value as JSON says it (null, a list, "play"), not as Python names its type.
                    N_("an action is a JSON object with a 'type', not {found}"),
                    found=kind_of(obj),
                )
            )
        kind = obj.get("type")
        if kind == CARD:
            code = obj.get("card")
            if not isinstance(code, str):
                raise ActionError(Deferred(_NEEDS_CARD[what == "event"], found=_found(obj, "card")))
            return card_action(_parse(code, kind))
        if kind == DISCARD:
            codes = obj.get("cards")
            if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
                raise ActionError(Deferred(_NEEDS_CARDS[what == "event"], found=_found(obj, "cards")))
            cards = [_parse(code, kind) for code in codes]
            if len(set(cards)) != len(cards):
                raise ActionError(Deferred(_CARD_TWICE[what == "event"]))
            return discard_action(cards)
        if isinstance(kind, str) and kind in SIMPLE_ACTIONS:
            return SIMPLE_ACTIONS[kind]
        raise ActionError(
            Deferred(
                N_("unknown action type {found}; actions are: {actions}"),
                found=kind_of(kind),  # as JSON writes it: "fold", null (not Python's 'fold', None)
                actions=", ".join(ACTION_TYPES),
            )
        )


# Each message for an action, then for a log's event.
_NEEDS_CARD = (
    N_("a 'card' action needs 'card', a card code such as \"KS\"; found {found}"),
    N_("a 'card' event needs 'card', a card code such as \"KS\"; found {found}"),
)
_NEEDS_CARDS = (
    N_("a 'discard' action needs 'cards', a list of card codes; found {found}"),
    N_("a 'discard' event needs 'cards', a list of card codes; found {found}"),
)
_CARD_TWICE = (N_("a 'discard' action names a card twice"), N_("a 'discard' event names a card twice"))


def _found(obj: dict[str, Any], key: str) -> str:
    """What a message says was found in place of a field: ``none`` if it is missing."""
    return kind_of(obj[key]) if key in obj else Deferred(N_("none"))


def _parse(code: str, kind: str | None = None) -> Card:
    try:
        return parse_card(code)
    except CardError as error:
        message = message_of(error)
        raise ActionError(
            Deferred("{kind}: {error}", kind=kind, error=message) if kind else message
        ) from None


def kind_of(value: Any) -> str:
    """How a JSON value is described in a message: ``a list``, ``true``, ``"x"``."""
    if isinstance(value, dict):
        return Deferred(N_("an object"))
    if isinstance(value, list):
        return Deferred(N_("a list"))
    if value is None:
        return "null"
    return shorten(value)


SIMPLE_ACTIONS: dict[str, Action] = {kind: Action(kind) for kind in (PROPOSE, PLAY, ACCEPT, REFUSE, KING)}
PROPOSE_ACTION = SIMPLE_ACTIONS[PROPOSE]
PLAY_ACTION = SIMPLE_ACTIONS[PLAY]
ACCEPT_ACTION = SIMPLE_ACTIONS[ACCEPT]
REFUSE_ACTION = SIMPLE_ACTIONS[REFUSE]
KING_ACTION = SIMPLE_ACTIONS[KING]
CARD_ACTIONS: tuple[Action, ...] = tuple(Action(CARD, card=card) for card in range(32))


def card_action(card: Card) -> Action:
    return CARD_ACTIONS[card]


def discard_action(cards: Iterable[Card]) -> Action:
    return Action(DISCARD, discards=mask_of(cards))
