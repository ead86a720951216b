"""What one seat may know: the view of ``docs/bot-protocol.md``.

A ``View`` holds exactly the protocol's keys and nothing more, so no player
built on it can see the other hand, the stock's order or the other seat's
discards. ``to_json``/``from_json`` are the protocol's form; ``from_json``
checks what a host sends before a player trusts it.

``Trick`` and ``View`` are plain classes, not dataclasses, and ``typing`` is
imported for the type checker only: ``ecarte check`` loads this module, and
importing ``dataclasses`` (which brings ``inspect``) and ``typing``, and
making the dataclasses, was a third of its start-up beyond the bare
interpreter's (``python benchmarks/startup.py``).
"""

from __future__ import annotations

from enum import StrEnum

from ecarte.i18n import N_, Deferred, message_of
from ecarte.records import FrozenRecord

from .cards import SUITS, Card, CardError, card_code, mask_of, parse_card, trump_king

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from typing import Any


class Phase(StrEnum):
    """Where a match stands. The values are the protocol's ``phase`` strings;
    a view is only ever sent in the four decision phases (``VIEW_PHASES``)."""

    DEAL = "deal"
    """A new deal is due (chance acts through ``Match.deal``)."""
    EXCHANGE = "exchange"
    """Elder plays or proposes."""
    ANSWER = "answer"
    """The dealer accepts or refuses the proposal."""
    DISCARD = "discard"
    """Elder, then the dealer, discards and draws."""
    TRICKS = "tricks"
    """The five tricks (and the king announcements)."""
    OVER = "over"
    """The match is decided."""


VIEW_PHASES: tuple[Phase, ...] = (Phase.EXCHANGE, Phase.ANSWER, Phase.DISCARD, Phase.TRICKS)


class ViewError(ValueError):
    """JSON that is not a view of the protocol."""


class Trick(FrozenRecord):
    """A finished trick: who led, the two cards in the order played, who won.
    Immutable, equal and hashed by its fields."""

    __slots__ = ("leader", "cards", "winner")  # noqa: RUF023 (the constructor's order)

    leader: int
    cards: tuple[Card, Card]
    winner: int

    def __init__(self, leader: int, cards: tuple[Card, Card], winner: int) -> None:
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "winner", winner)

    def _values(self) -> tuple[Any, ...]:
        return (self.leader, self.cards, self.winner)

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [card_code(card) for card in self.cards],
            "winner": self.winner,
        }


VIEW_FIELDS: tuple[str, ...] = (
    "seat",
    "dealer",
    "phase",
    "hand",
    "upcard",
    "trump",
    "stock",
    "my_discards",
    "their_discards",
    "exchanges",
    "liable",
    "announced",
    "trick",
    "tricks",
    "score",
    "games_won",
)
"""The fields of a ``View``, in the order of its constructor: the protocol's keys."""


class View(FrozenRecord):
    """What one seat may know. Immutable, equal and hashed by its fields;
    ``replace`` makes a copy with some of them changed."""

    __slots__ = VIEW_FIELDS

    seat: int
    dealer: int
    phase: Phase
    hand: tuple[Card, ...]
    upcard: Card
    trump: int
    stock: int
    my_discards: tuple[Card, ...]
    their_discards: int
    exchanges: int
    """Exchange rounds finished in this deal (both discards done), as the
    engine counts them. The protocol's ``exchanges`` counts accepted
    proposals, one more while a round's discards are under way: ``to_json``
    and ``from_json`` convert."""
    liable: int | None
    announced: tuple[int, ...]
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    score: tuple[int, int]
    games_won: tuple[int, int]

    def __init__(
        self,
        seat: int,
        dealer: int,
        phase: Phase,
        hand: tuple[Card, ...],
        upcard: Card,
        trump: int,
        stock: int,
        my_discards: tuple[Card, ...],
        their_discards: int,
        exchanges: int,
        liable: int | None,
        announced: tuple[int, ...],
        trick: tuple[Card, ...],
        tricks: tuple[Trick, ...],
        score: tuple[int, int],
        games_won: tuple[int, int],
    ) -> None:
        set_field = object.__setattr__
        set_field(self, "seat", seat)
        set_field(self, "dealer", dealer)
        set_field(self, "phase", phase)
        set_field(self, "hand", hand)
        set_field(self, "upcard", upcard)
        set_field(self, "trump", trump)
        set_field(self, "stock", stock)
        set_field(self, "my_discards", my_discards)
        set_field(self, "their_discards", their_discards)
        set_field(self, "exchanges", exchanges)
        set_field(self, "liable", liable)
        set_field(self, "announced", announced)
        set_field(self, "trick", trick)
        set_field(self, "tricks", tricks)
        set_field(self, "score", score)
        set_field(self, "games_won", games_won)

    def _values(self) -> tuple[Any, ...]:
        return (
            self.seat,
            self.dealer,
            self.phase,
            self.hand,
            self.upcard,
            self.trump,
            self.stock,
            self.my_discards,
            self.their_discards,
            self.exchanges,
            self.liable,
            self.announced,
            self.trick,
            self.tricks,
            self.score,
            self.games_won,
        )

    def replace(self, **changes: Any) -> View:
        """A copy with the fields named in ``changes`` changed."""
        values = dict(zip(VIEW_FIELDS, self._values(), strict=True))
        values.update(changes)
        return View(**values)

    @property
    def elder(self) -> int:
        return 1 - self.dealer

    @property
    def deciding(self) -> int:
        """The seat whose decision the position waits for: elder proposes or
        plays, the dealer answers, in the tricks the leader (elder first,
        then each trick's winner) and then the other. In the discard each
        seat discards in turn and the view cannot tell whose turn it is: the
        view's own seat."""
        if self.phase == Phase.EXCHANGE:
            return self.elder
        if self.phase == Phase.ANSWER:
            return self.dealer
        if self.phase == Phase.TRICKS:
            leader = self.tricks[-1].winner if self.tricks else self.elder
            return leader if not self.trick else 1 - leader
        return self.seat

    @property
    def trump_king(self) -> Card:
        return trump_king(self.trump)

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase,
            "hand": [card_code(card) for card in self.hand],
            "upcard": card_code(self.upcard),
            "trump": SUITS[self.trump],
            "stock": self.stock,
            "my_discards": [card_code(card) for card in self.my_discards],
            "their_discards": self.their_discards,
            "exchanges": self.exchanges + (self.phase is Phase.DISCARD),
            "liable": self.liable,
            "announced": list(self.announced),
            "trick": [card_code(card) for card in self.trick],
            "tricks": [trick.to_json() for trick in self.tricks],
            "score": list(self.score),
            "games_won": list(self.games_won),
        }

    @staticmethod
    def from_json(obj: Any) -> View:
        if not isinstance(obj, dict):
            raise ViewError(Deferred(N_("a view is a JSON object")))
        try:
            return View(
                seat=_seat(obj, "seat"),
                dealer=_seat(obj, "dealer"),
                phase=_phase(obj),
                hand=_cards(obj, "hand"),
                upcard=_card(obj.get("upcard"), "upcard"),
                trump=_suit(obj),
                stock=_int(obj, "stock"),
                my_discards=_cards(obj, "my_discards"),
                their_discards=_int(obj, "their_discards"),
                exchanges=_exchanges(obj),
                liable=None if obj.get("liable") is None else _seat(obj, "liable"),
                announced=_seats(obj, "announced"),
                trick=_cards(obj, "trick"),
                tricks=tuple(_trick(item) for item in _list(obj, "tricks")),
                score=_pair(obj, "score"),
                games_won=_pair(obj, "games_won"),
            )
        except CardError as error:
            raise ViewError(message_of(error)) from None


def _int(obj: dict[str, Any], key: str) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ViewError(Deferred(N_("view key {key} must be a non-negative integer"), key=repr(key)))
    return value


def _exchanges(obj: dict[str, Any]) -> int:
    # The protocol counts the accepted proposal whose discards are under way.
    accepted = _int(obj, "exchanges")
    if obj.get("phase") == Phase.DISCARD:
        if accepted == 0:
            raise ViewError(
                Deferred(
                    N_(
                        "view key 'exchanges' must be at least 1 in the discard phase "
                        "(a proposal was accepted)"
                    )
                )
            )
        return accepted - 1
    return accepted


def _seat(obj: dict[str, Any], key: str) -> int:
    value = _int(obj, key)
    if value not in (0, 1):
        raise ViewError(Deferred(N_("view key {key} must be 0 or 1"), key=repr(key)))
    return value


def _seats(obj: dict[str, Any], key: str) -> tuple[int, ...]:
    items = _list(obj, key)
    if any(type(item) is not int or item not in (0, 1) for item in items):
        raise ViewError(Deferred(N_("view key {key} must be a list of seats, 0 or 1"), key=repr(key)))
    return tuple(items)


def _list(obj: dict[str, Any], key: str) -> list[Any]:
    value = obj.get(key)
    if not isinstance(value, list):
        raise ViewError(Deferred(N_("view key {key} must be a list"), key=repr(key)))
    return value


def _card(code: Any, key: str) -> Card:
    if not isinstance(code, str):
        raise ViewError(Deferred(N_("view key {key} must hold card codes"), key=repr(key)))
    return parse_card(code)


def _cards(obj: dict[str, Any], key: str) -> tuple[Card, ...]:
    return tuple(_card(code, key) for code in _list(obj, key))


def _phase(obj: dict[str, Any]) -> Phase:
    phase = obj.get("phase")
    if not isinstance(phase, str) or phase not in VIEW_PHASES:
        raise ViewError(
            Deferred(N_("view key 'phase' must be one of {phases}"), phases=", ".join(VIEW_PHASES))
        )
    return Phase(phase)


def _suit(obj: dict[str, Any]) -> int:
    trump = obj.get("trump")
    if not isinstance(trump, str) or len(trump) != 1 or trump not in SUITS:
        raise ViewError(Deferred(N_("view key 'trump' must be a suit letter: S, H, D or C")))
    return SUITS.index(trump)


def _pair(obj: dict[str, Any], key: str) -> tuple[int, int]:
    value = _list(obj, key)
    if len(value) != 2 or not all(isinstance(item, int) and not isinstance(item, bool) for item in value):
        raise ViewError(Deferred(N_("view key {key} must be two integers"), key=repr(key)))
    return (value[0], value[1])


def _trick(item: Any) -> Trick:
    if not isinstance(item, dict):
        raise ViewError(Deferred(N_("each of 'tricks' must be an object")))
    cards = _cards(item, "cards")
    if len(cards) != 2:
        raise ViewError(Deferred(N_("a finished trick has two cards")))
    return Trick(leader=_seat(item, "leader"), cards=(cards[0], cards[1]), winner=_seat(item, "winner"))
