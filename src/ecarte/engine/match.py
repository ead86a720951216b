"""The state machine of a whole match of écarté.

``Match`` follows ``docs/rules.md`` step by step. At any moment it has a
``phase``, a ``current_player`` (``None`` when chance acts: a new deal is
due, or the match is over), the ``legal_actions`` of that player, and
``apply`` for one of them (``apply(action, seat)`` also checks that it is
that seat's turn). A new deal starts with ``deal(deck)``: chance is explicit
and comes from outside, as a deck order (``cards.shuffled_deck(rng)``, or
``deck_for`` to set up chosen hands).

Steps that offer no choice happen by themselves inside ``apply``: the
exchange ends when the stock is empty or ``max_exchanges`` is reached, the
dealer keeps the hand when the stock is empty at the dealer's discard, the
game ends the moment a player reaches the target.

Each rule is a pure function of ``exchange``, ``king``, ``scoring`` or
``tricks``, which the computer players call too: this class applies them
in order and keeps the state.

``DealRecord`` and ``DealTally`` are plain classes, not dataclasses, and
``typing`` is imported for the type checker only: ``ecarte check`` loads
this module, and importing ``dataclasses`` (which brings ``inspect``) and
``typing``, and making the dataclasses, was a third of its start-up beyond
the bare interpreter's (``python benchmarks/startup.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations

from ecarte.i18n import N_, Deferred, _, ngettext
from ecarte.records import Record

from .actions import (
    ACCEPT,
    ACCEPT_ACTION,
    CARD,
    CARD_ACTIONS,
    DISCARD,
    KING,
    KING_ACTION,
    PLAY,
    PLAY_ACTION,
    PROPOSE,
    PROPOSE_ACTION,
    REFUSE,
    REFUSE_ACTION,
    Action,
)
from .cards import (
    KING as KING_RANK,
)
from .cards import (
    Card,
    beaters,
    card_code,
    card_label,
    cards_in,
    iter_cards,
    parse_card,
    power_table,
    sorted_hand,
    trump_king,
)
from .exchange import dealer_discards, discard_range, exchange_limit_reached, exchange_over, makes_liable
from .king import announce_moment_passed, may_announce_now
from .rules import Rules
from .scoring import (
    after_four_all,
    dealer_of_next_deal,
    dealer_of_next_game,
    four_all_applies,
    game_won,
    match_won,
    trick_points,
    trick_winner,
)
from .tricks import leader_wins, legal_replies, why_not_allowed
from .view import Phase, Trick, View

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    import random

DEAL = Phase.DEAL
EXCHANGE = Phase.EXCHANGE
ANSWER = Phase.ANSWER
DISCARD_PHASE = Phase.DISCARD
TRICKS = Phase.TRICKS
OVER = Phase.OVER


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule."""


class DealError(ValueError):
    """A deck that is not the 32 cards, or a deal when none is due (from
    ``Match.deal``, a ``Deferred`` text: ``message_of`` keeps it)."""


class DealRecord(Record):
    """What a deal did to the score (the ``deals`` of ``ecarte check``)."""

    # In the constructor's order, not sorted: ``__eq__`` and ``__repr__`` follow it.
    __slots__ = (  # noqa: RUF023
        "game",
        "dealer",
        "upcard",
        "trump",
        "points",
        "score",
        "tricks",
        "king_points",
        "turned_king",
        "trick_points",
        "winner",
        "vole",
        "penalty",
        "penalty_points",
        "four_all_reset",
        "ended_game",
    )

    game: int
    """1-based number of the game in the match."""
    dealer: int
    upcard: Card
    trump: int
    points: list[int]
    score: list[int]
    tricks: list[int] | None
    """Tricks each seat took; ``None`` until the five tricks are done."""
    king_points: list[int]
    """King points each seat scored in this deal, the turned-up king's included."""
    turned_king: bool
    """The turned-up card was a king: the dealer's point in ``king_points``."""
    trick_points: int
    """What the tricks were worth to ``winner`` (vole and penalty included)."""
    winner: int | None
    """The seat that took three tricks or more."""
    vole: bool
    penalty: bool
    """The loser of the tricks was liable."""
    penalty_points: int
    """What that added to ``trick_points``: none for a vole, unless the
    rules add the penalty to it (``penalty_adds_to_vole``)."""
    four_all_reset: bool
    ended_game: int | None
    """The seat that won the game in this deal, if one did."""

    def __init__(
        self,
        game: int,
        dealer: int,
        upcard: Card,
        trump: int,
        points: list[int] | None = None,
        score: list[int] | None = None,
        tricks: list[int] | None = None,
        king_points: list[int] | None = None,
        turned_king: bool = False,
        trick_points: int = 0,
        winner: int | None = None,
        vole: bool = False,
        penalty: bool = False,
        four_all_reset: bool = False,
        ended_game: int | None = None,
        penalty_points: int = 0,
    ) -> None:
        self.game = game
        self.dealer = dealer
        self.upcard = upcard
        self.trump = trump
        self.points = [0, 0] if points is None else points
        self.score = [0, 0] if score is None else score
        self.tricks = tricks
        self.king_points = [0, 0] if king_points is None else king_points
        self.turned_king = turned_king
        self.trick_points = trick_points
        self.winner = winner
        self.vole = vole
        self.penalty = penalty
        self.penalty_points = penalty_points
        self.four_all_reset = four_all_reset
        self.ended_game = ended_game


SHARED_DISCARD_SIZE = 3
"""Discards of up to this many cards are made once and shared (5,489 at most);
larger ones, rarely met twice, are made when asked for."""


def _subset_orders() -> dict[tuple[int, int, int], tuple[tuple[int, ...], tuple[int, ...]]]:
    # For a hand of n cards and a discard size range, the subsets in the order
    # the legal actions list them (fewest cards first, then by card), as
    # bitmasks over the hand's positions, split into the shared sizes and the
    # larger ones: computed once, not per decision.
    orders = {}
    for n in range(6):
        for fewest in range(2):
            for most in range(6):
                subsets = [
                    (size, sum(1 << i for i in chosen))
                    for size in range(fewest, most + 1)
                    for chosen in combinations(range(n), size)
                ]
                orders[n, fewest, most] = (
                    tuple(subset for size, subset in subsets if size <= SHARED_DISCARD_SIZE),
                    tuple(subset for size, subset in subsets if size > SHARED_DISCARD_SIZE),
                )
    return orders


_SUBSET_ORDERS = _subset_orders()
_SHARED_DISCARDS: dict[int, Action] = {}
"""Discard actions of up to ``SHARED_DISCARD_SIZE`` cards by mask, filled as they are met."""


def _shared_discard(mask: int) -> Action:
    action = _SHARED_DISCARDS[mask] = Action(DISCARD, -1, mask)
    return action


@lru_cache(maxsize=4096)
def _discard_actions(hand: int, fewest: int, most: int) -> tuple[Action, ...]:
    """Every allowed discard of ``hand``: each set of ``fewest`` to ``most`` cards."""
    masks = [0]
    for card in iter_cards(hand):
        card_bit = 1 << card
        masks += [mask | card_bit for mask in masks]
    shared, larger = _SUBSET_ORDERS[len(masks).bit_length() - 1, fewest, most]
    shared_action = _SHARED_DISCARDS.get
    return (
        *[shared_action(masks[subset]) or _shared_discard(masks[subset]) for subset in shared],
        *[Action(DISCARD, -1, masks[subset]) for subset in larger],
    )


def _card_actions_by_byte(suit: int) -> tuple[tuple[Action, ...], ...]:
    # By doubling: the bytes below 1 << rank, then each of them with that
    # rank added, so entry ``byte`` lists its cards lowest rank first. It is
    # built at import (``ecarte check`` too), in 255 steps, not 2,048.
    table: list[tuple[Action, ...]] = [()]
    for rank in range(8):
        action = CARD_ACTIONS[suit * 8 + rank]
        table += [(*actions, action) for actions in table]
    return tuple(table)


# The card actions of each suit's byte of a hand mask: turning a mask of
# playable cards into actions is four table lookups instead of a loop.
_CARD_ACTIONS_BY_BYTE: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    _card_actions_by_byte(suit) for suit in range(4)
)
_SPADE_ACTIONS, _HEART_ACTIONS, _DIAMOND_ACTIONS, _CLUB_ACTIONS = _CARD_ACTIONS_BY_BYTE
_ALL_CARDS_SET = frozenset(range(32))


class DealTally(Record):
    """What a run of deals added up to, by seat: the totals that a match's
    summary reports (``ecarte simulate``, ``ecarte stats``)."""

    __slots__ = ("points", "king_points", "voles", "penalties_suffered")  # noqa: RUF023 (the constructor's order)

    points: list[int]
    king_points: list[int]
    voles: list[int]
    """Voles taken."""
    penalties_suffered: list[int]
    """Deals lost while liable: the penalty is the loser's."""

    def __init__(
        self,
        points: list[int] | None = None,
        king_points: list[int] | None = None,
        voles: list[int] | None = None,
        penalties_suffered: list[int] | None = None,
    ) -> None:
        self.points = [0, 0] if points is None else points
        self.king_points = [0, 0] if king_points is None else king_points
        self.voles = [0, 0] if voles is None else voles
        self.penalties_suffered = [0, 0] if penalties_suffered is None else penalties_suffered


def tally_deals(records: Iterable[DealRecord]) -> DealTally:
    """The totals of ``records`` (finished or not: an unfinished deal has no
    winner and adds only the king points already scored)."""
    tally = DealTally()
    for record in records:
        for seat in (0, 1):
            tally.points[seat] += record.points[seat]
            tally.king_points[seat] += record.king_points[seat]
        if record.winner is not None:
            if record.vole:
                tally.voles[record.winner] += 1
            if record.penalty:
                tally.penalties_suffered[1 - record.winner] += 1
    return tally


def card_actions(mask: int) -> list[Action]:
    """The ``card`` actions of the cards of a mask, in card order."""
    return [
        *_SPADE_ACTIONS[mask & 255],
        *_HEART_ACTIONS[mask >> 8 & 255],
        *_DIAMOND_ACTIONS[mask >> 16 & 255],
        *_CLUB_ACTIONS[mask >> 24 & 255],
    ]


def _deal_positions(packets: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deck positions (0-based) of elder's and the dealer's cards: packet by
    packet, elder first."""
    elder: list[int] = []
    dealer: list[int] = []
    position = 0
    for packet in packets:
        elder.extend(range(position, position + packet))
        position += packet
        dealer.extend(range(position, position + packet))
        position += packet
    return tuple(elder), tuple(dealer)


def deck_for(
    elder: Iterable[Card | str],
    dealer: Iterable[Card | str],
    upcard: Card | str,
    stock: Iterable[Card | str] = (),
    packets: Sequence[int] = (3, 2),
) -> tuple[Card, ...]:
    """A deck order that deals these hands with the packet pattern: elder's
    and the dealer's five cards, the turned-up card, then the stock starting
    with ``stock`` (drawn first) and the remaining cards in card order.

    For setting up a deal by hand (tests, tutorials); cards may be given as
    codes (``"KS"``) or ints.
    """

    def as_cards(items: Iterable[Card | str]) -> list[Card]:
        return [parse_card(item) if isinstance(item, str) else item for item in items]

    elder_cards, dealer_cards = as_cards(elder), as_cards(dealer)
    (turned,) = as_cards([upcard])
    stock_cards = as_cards(stock)
    if len(elder_cards) != 5 or len(dealer_cards) != 5:
        raise DealError("each hand has 5 cards")
    chosen = [*elder_cards, *dealer_cards, turned, *stock_cards]
    chosen_set = set(chosen)
    if not chosen_set <= _ALL_CARDS_SET:
        raise DealError(f"not cards: {sorted(chosen_set - _ALL_CARDS_SET)}")
    if len(chosen_set) != len(chosen):
        twice = sorted({card_code(card) for card in chosen if chosen.count(card) > 1})
        raise DealError(f"a card is named twice: {', '.join(twice)}")
    elder_positions, dealer_positions = _deal_positions(tuple(packets))
    deck = [-1] * 32
    for position, card in zip(elder_positions, elder_cards, strict=True):
        deck[position] = card
    for position, card in zip(dealer_positions, dealer_cards, strict=True):
        deck[position] = card
    deck[10] = turned
    rest = [card for card in range(32) if card not in chosen_set]
    deck[11:] = [*stock_cards, *rest]
    return tuple(deck)


class Match:
    """A match in progress: every rule of the game is applied here."""

    __slots__ = (
        "_beaters",
        "_must_trump",
        "_positions",
        "_power",
        "announced",
        "current_player",
        "dealer",
        "deals",
        "deck",
        "discards",
        "exchanges",
        "first_dealer",
        "games",
        "games_won",
        "hands",
        "leader",
        "liable",
        "next_dealer",
        "phase",
        "proposals",
        "rules",
        "stock_top",
        "trick",
        "tricks",
        "tricks_won",
        "trump",
        "upcard",
        "winner",
    )

    def __init__(self, rules: Rules | None = None, first_dealer: int = 0) -> None:
        if first_dealer not in (0, 1) or isinstance(first_dealer, bool):
            raise ValueError(f"first_dealer must be 0 or 1, not {first_dealer!r}")
        self.rules = rules or Rules()
        self.first_dealer = first_dealer
        self.phase: Phase = DEAL
        self.current_player: int | None = None
        """The seat to decide now; ``None`` when a deal is due or the match is over."""
        self.games: list[list[int]] = []
        """The score of each game begun, seat 0 first; the last is current."""
        self.games_won = [0, 0]
        self.winner: int | None = None
        self.deals: list[DealRecord] = []
        self.next_dealer = first_dealer
        """The seat that deals the next deal: alternating, the loser of a game first in the next."""
        self.dealer = first_dealer
        self.deck: tuple[Card, ...] = ()
        self.hands = [0, 0]
        """Each seat's hand as a card mask."""
        self.upcard: Card = -1
        self.trump = -1
        self.stock_top = 32
        """Deck index of the next card to draw; the stock is ``deck[stock_top:]``."""
        self.discards = [0, 0]
        """Each seat's discards in this deal, as a card mask."""
        self.proposals = 0
        self.exchanges = 0
        """Exchange rounds finished: accepted proposals whose discards are both done."""
        self.liable: int | None = None
        self.announced: list[int] = []
        self.trick: list[Card] = []
        """The cards of the trick in progress, in the order played."""
        self.leader = 0
        self.tricks: list[Trick] = []
        self.tricks_won = [0, 0]
        self._power = power_table(self.rules.ace_high)
        self._beaters = beaters(self.rules.ace_high)
        self._must_trump = self.rules.must_trump
        self._positions = _deal_positions(self.rules.deal_packets)

    @classmethod
    def new(cls, rules: Rules | None = None, rng: random.Random | None = None) -> Match:
        """A match whose first dealer is chosen by the cut, from ``rng``."""
        import random  # here, not at the top: replaying a log needs no chance

        return cls(rules, first_dealer=(rng or random.Random()).randrange(2))

    # ------------------------------------------------------------ queries

    @property
    def elder(self) -> int:
        return 1 - self.dealer

    @property
    def score(self) -> list[int]:
        """The current game's score (0-0 before the first deal)."""
        return self.games[-1] if self.games else [0, 0]

    @property
    def stock_size(self) -> int:
        return 32 - self.stock_top

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock's cards, top first (hidden from both players)."""
        return self.deck[self.stock_top :]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def trump_king(self) -> Card:
        return trump_king(self.trump)

    def deal_in_game(self, index: int | None = None) -> int:
        """The number of deal ``index`` (default: the current one) within its
        game: numbers start at 1 again with each game, as players count them
        (0 before the first deal)."""
        index = len(self.deals) - 1 if index is None else index
        start = 0
        for position, record in enumerate(self.deals[:index]):
            if record.ended_game is not None:
                start = position + 1
        return index - start + 1

    def hand(self, seat: int) -> list[Card]:
        """A seat's cards, sorted for showing: trumps first, strongest first."""
        return sorted_hand(cards_in(self.hands[seat]), self.trump, self.rules.ace_high)

    def playable_cards(self) -> int:
        """Mask of the cards the player to move may play in the trick phase."""
        seat = self.current_player
        if self.phase != TRICKS or seat is None:
            return 0
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return hand
        return legal_replies(hand, trick[0], self.trump, self._beaters, self._must_trump)

    def can_announce(self) -> bool:
        """Whether the player to move may announce the trump king now: elder
        before leading to the first trick, the dealer after elder's lead and
        before replying to it."""
        seat = self.current_player
        if self.phase != TRICKS or self.tricks or seat is None or seat in self.announced:
            return False
        if not self.hands[seat] >> trump_king(self.trump) & 1:
            return False
        return may_announce_now(seat == self.dealer, 0, len(self.trick))

    def makes_liable(self, action: Action) -> bool:
        """Whether this decision, taken now, makes its player liable: elder
        playing at the first decision of the deal (without proposing), or the
        dealer refusing the deal's first proposal. Later refusals, and playing
        after an exchange, make no one liable."""
        # In the exchange phase every proposal so far was accepted and its
        # discards made; in the answer phase one more is pending.
        kind = action.type
        if kind == PLAY:
            return self.phase == EXCHANGE and makes_liable(kind, self.exchanges)
        if kind == REFUSE:
            return self.phase == ANSWER and makes_liable(kind, self.exchanges)
        return False

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty when no one is to move).
        Its twin from a seat's view is ``legal_in_view`` (below; tested to agree)."""
        phase = self.phase
        if phase == TRICKS:
            seat = self.current_player
            assert seat is not None
            hand = self.hands[seat]
            trick = self.trick
            if trick:
                hand = legal_replies(hand, trick[0], self.trump, self._beaters, self._must_trump)
            actions = card_actions(hand)
            # Only in the first trick (``can_announce`` checks it too; the
            # test here saves the call in the other four).
            if not self.tricks and self.can_announce():
                actions.append(KING_ACTION)
            return actions
        if phase == EXCHANGE:
            return [PROPOSE_ACTION, PLAY_ACTION]
        if phase == ANSWER:
            return [ACCEPT_ACTION, REFUSE_ACTION]
        if phase == DISCARD_PHASE:
            seat = self.current_player
            assert seat is not None
            fewest, most = discard_range(seat == self.dealer, 32 - self.stock_top, self.rules)
            return list(_discard_actions(self.hands[seat], fewest, most))
        return []

    def _discard_range(self, seat: int) -> tuple[int, int]:
        return discard_range(seat == self.dealer, 32 - self.stock_top, self.rules)

    def view(self, seat: int) -> View:
        """What ``seat`` may know now, and nothing more."""
        return View(
            seat=seat,
            dealer=self.dealer,
            phase=self.phase,
            hand=tuple(self.hand(seat)),
            upcard=self.upcard,
            trump=self.trump,
            stock=self.stock_size,
            my_discards=tuple(cards_in(self.discards[seat])),
            their_discards=self.discards[1 - seat].bit_count(),
            exchanges=self.exchanges,
            liable=self.liable,
            announced=tuple(self.announced),
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            score=(self.score[0], self.score[1]),
            games_won=(self.games_won[0], self.games_won[1]),
        )

    # ------------------------------------------------------------ chance

    def deal(self, deck: Sequence[Card]) -> None:
        """Start the next deal from a deck order (top card first), dealt by
        ``next_dealer``."""
        if self.phase != DEAL:
            raise DealError(
                Deferred(
                    N_("the match is over: no more deals")
                    if self.phase == OVER
                    else N_("a new deal is not due: the current deal is not over")
                )
            )
        if len(deck) != 32 or set(deck) != _ALL_CARDS_SET:
            raise DealError(Deferred(N_("a deck is the 32 cards, each exactly once")))
        if not self.games or game_won(max(self.games[-1]), self.rules):
            self.games.append([0, 0])
        dealer = self.next_dealer
        elder = 1 - dealer
        self.dealer = dealer
        self.deck = deck = tuple(deck)
        elder_positions, dealer_positions = self._positions
        elder_hand = dealer_hand = 0
        for position in elder_positions:
            elder_hand |= 1 << deck[position]
        for position in dealer_positions:
            dealer_hand |= 1 << deck[position]
        hands = [0, 0]
        hands[elder] = elder_hand
        hands[dealer] = dealer_hand
        self.hands = hands
        # Card 11 is turned up for trump; the stock is cards 12-32.
        self.upcard = upcard = deck[10]
        self.trump = upcard >> 3
        self.stock_top = 11
        self.discards = [0, 0]
        self.proposals = 0
        self.exchanges = 0
        self.liable = None
        self.announced = []
        self.trick = []
        self.leader = elder
        self.tricks = []
        self.tricks_won = [0, 0]
        self.next_dealer = dealer_of_next_deal(dealer)
        self.deals.append(
            DealRecord(
                game=len(self.games), dealer=dealer, upcard=upcard, trump=upcard >> 3, score=self.games[-1][:]
            )
        )
        self.phase = EXCHANGE
        self.current_player = elder
        if upcard & 7 == KING_RANK:
            # The turned-up king: the dealer's point, at once (it may end the game).
            self.deals[-1].turned_king = True
            self.deals[-1].king_points[dealer] += 1
            self._score(dealer, 1)

    # ------------------------------------------------------------ actions

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply a decision of the player to move; ``IllegalActionError`` says
        which rule forbids it. With ``seat``, the decision is checked to be
        that seat's (a log or a protocol names the player)."""
        current = self.current_player
        if current is None:
            raise IllegalActionError(_("no one is to play now: {expected}").format(expected=self.expected()))
        if seat is not None and seat != current:
            raise IllegalActionError(self._not_your_turn(action.type, seat))
        kind = action.type
        phase = self.phase
        if phase == TRICKS:
            if kind == CARD:
                self._play_card(current, action.card)
                return
            if kind == KING:
                self._announce(current)
                return
        elif phase == EXCHANGE:
            if kind == PROPOSE:
                self.proposals += 1
                self.phase = ANSWER
                self.current_player = self.dealer
                return
            if kind == PLAY:
                if self.makes_liable(action):
                    self.liable = current
                self._start_tricks()
                return
        elif phase == ANSWER:
            if kind == ACCEPT:
                self.phase = DISCARD_PHASE
                self.current_player = self.elder
                return
            if kind == REFUSE:
                if self.makes_liable(action):
                    self.liable = current
                self._start_tricks()
                return
        elif phase == DISCARD_PHASE and kind == DISCARD:
            self._discard(current, action.discards)
            return
        if kind == KING:
            raise IllegalActionError(self._why_no_king(current))
        raise IllegalActionError(self._wrong_moment(kind))

    def expected(self) -> str:
        """What must happen now, in words: what the player to move must do
        (``elder (seat 1) must lead a card or announce the king``), else that
        a new deal is due or that the match is over. The messages of
        ``apply`` and of ``ecarte check`` say it in these words (in the
        player's language, ``ecarte.i18n``)."""
        if self.phase == OVER:
            return _("the match is over: seat {seat} won it").format(seat=self.winner)
        if self.current_player is None:
            return _("a new deal is due, dealt by seat {seat}").format(seat=self.next_dealer)
        if self.can_announce():
            # Translators: {must_do} is what the player must do ("elder (seat 1) must lead a card").
            return _("{must_do} or announce the king").format(must_do=self._must_do())
        return self._must_do()

    def _must_do(self) -> str:
        """What the player to move must do now, in words; a refusal says
        it without the king, which is never what a refused action was for."""
        seat = self.current_player
        assert seat is not None
        dealer = seat == self.dealer
        if self.phase == EXCHANGE:
            text = (
                # Translators: "elder" is the non-dealer, who speaks and leads first.
                _("the dealer (seat {seat}) must play or propose an exchange")
                if dealer
                else _("elder (seat {seat}) must play or propose an exchange")
            )
        elif self.phase == ANSWER:
            text = (
                _("the dealer (seat {seat}) must accept or refuse the proposal")
                if dealer
                else _("elder (seat {seat}) must accept or refuse the proposal")
            )
        elif self.phase == DISCARD_PHASE:
            fewest, most = self._discard_range(seat)
            text = (
                _("the dealer (seat {seat}) must discard {fewest} to {most} cards and draw as many")
                if dealer
                else _("elder (seat {seat}) must discard {fewest} to {most} cards and draw as many")
            )
            return text.format(seat=seat, fewest=fewest, most=most)
        elif self.trick:
            text = (
                _("the dealer (seat {seat}) must play a card to the trick")
                if dealer
                else _("elder (seat {seat}) must play a card to the trick")
            )
        else:
            text = (
                _("the dealer (seat {seat}) must lead a card")
                if dealer
                else _("elder (seat {seat}) must lead a card")
            )
        return text.format(seat=seat)

    def _not_your_turn(self, kind: str, seat: int) -> str:
        if kind == KING:
            return self._why_no_king(seat)
        # Translators: {kind} is an action's name as the protocol writes it (propose, card...): keep it.
        return _("'{kind}' by seat {seat} is not allowed: it is not seat {seat}'s turn; {must_do}").format(
            kind=kind, seat=seat, must_do=self._must_do()
        )

    def _exchange_over_because(self) -> str:
        limit = self.rules.max_exchanges
        if self.stock_top == 32:
            return _("the exchange is over: the stock is empty")
        if limit is not None and exchange_limit_reached(self.exchanges, self.rules):
            return ngettext(
                "the exchange is over: the limit of {count} exchange (max_exchanges) is reached",
                "the exchange is over: the limit of {count} exchanges (max_exchanges) is reached",
                limit,
            ).format(count=limit)
        return _("the exchange is over")

    def _wrong_moment(self, kind: str) -> str:
        phase = self.phase
        values = {"kind": kind, "must_do": self._must_do()}
        if phase == TRICKS:
            if kind in (PROPOSE, PLAY, ACCEPT, REFUSE, DISCARD):
                reason = self._exchange_over_because()
                return _("'{kind}' is not allowed now: {reason}; {must_do}").format(reason=reason, **values)
        elif phase == EXCHANGE:
            if kind in (ACCEPT, REFUSE):
                return _("'{kind}' is not allowed now: there is no proposal to answer; {must_do}").format(
                    **values
                )
            if kind == DISCARD:
                return _("'discard' is not allowed now: no exchange has been agreed; {must_do}").format(
                    **values
                )
        elif phase == ANSWER and kind == DISCARD:
            return _("'discard' is not allowed now: the proposal is not accepted yet; {must_do}").format(
                **values
            )
        if kind == CARD:
            return _("no card can be played yet: the exchange is not over; {must_do}").format(**values)
        return _("'{kind}' is not allowed now: {must_do}").format(**values)

    def _discard(self, seat: int, cards: int) -> None:
        hand = self.hands[seat]
        count = cards.bit_count()
        top = self.stock_top
        fewest, most = discard_range(seat == self.dealer, 32 - top, self.rules)
        if cards & ~hand:
            missing = ", ".join(card_label(card) for card in cards_in(cards & ~hand))
            raise IllegalActionError(_("you cannot discard {cards}: not in your hand").format(cards=missing))
        if not fewest <= count <= most:
            raise IllegalActionError(self._why_not_count(seat, count, fewest, most))
        deck = self.deck
        drawn = 0
        for position in range(top, top + count):
            drawn |= 1 << deck[position]
        self.stock_top = top = top + count
        self.hands[seat] = (hand ^ cards) | drawn
        self.discards[seat] |= cards
        if seat != self.dealer and dealer_discards(32 - top):
            self.current_player = self.dealer
            return
        # The round is over: the dealer has discarded, or keeps the hand
        # because the stock is empty.
        self.exchanges += 1
        if exchange_over(self.exchanges, 32 - top, self.rules):
            self._start_tricks()
        else:
            self.phase = EXCHANGE
            self.current_player = self.elder

    def _why_not_count(self, seat: int, count: int, fewest: int, most: int) -> str:
        stock = self.stock_size
        if count > 5:
            return ngettext(
                "you cannot discard {count} card: 5 at most",
                "you cannot discard {count} cards: 5 at most",
                count,
            ).format(count=count)
        if count > stock:
            return ngettext(
                "you cannot discard {count} card: the stock holds only {stock}",
                "you cannot discard {count} cards: the stock holds only {stock}",
                count,
            ).format(count=count, stock=stock)
        # Said to the player refused (as "you cannot discard ..." above); a bot's
        # host and ecarte check show it after the seat it concerns.
        if seat != self.dealer:
            # Translators: the card table shows this in two lines of 46 columns: at most
            # about 85 characters.
            return _("you must discard at least 1 card: your proposal was accepted")
        # Translators: 'dealer must exchange' is the rule as the table's rules line names it
        # ("dealer must exchange: on"): the same words. At most about 85 characters.
        return _("you must discard at least 1 card: the stock is not empty and 'dealer must exchange' is on")

    def _start_tricks(self) -> None:
        self.phase = TRICKS
        self.current_player = self.leader = 1 - self.dealer

    def _announce(self, seat: int) -> None:
        if not self.can_announce():
            raise IllegalActionError(self._why_no_king(seat))
        self.announced.append(seat)
        self.deals[-1].king_points[seat] += 1
        self._score(seat, 1)

    def _king_moment(self, seat: int) -> str:
        if seat == self.dealer:
            # Translators: completes "too early (or late) to announce the king: ...", shown in at
            # most three lines of 46 columns at the card table: the whole under about 125 characters.
            return _("the dealer announces after elder's first lead, before playing to the first trick")
        # Translators: as above: the whole reason under about 125 characters.
        return _("elder announces once the exchange is over, before leading to the first trick")

    def _why_no_king(self, seat: int) -> str:
        """Why ``seat`` may not announce the trump king now, in words."""
        king = self.trump_king
        if self.upcard == king:
            # First, at any moment: no one will hold it in this deal.
            return _(
                "you cannot announce the king: {card} is the turned-up card (its point went to the dealer)"
            ).format(card=card_label(king))
        # Not holding it comes before the moment: "too early" would let a
        # player believe the king is in the hand.
        if not self.hands[seat] >> king & 1:
            if self._played_by(seat, king):
                # The king left the hand unannounced: the reason is the moment,
                # not the holding ("you do not hold" hid the rule).
                if seat in self.announced:
                    return _("you have already announced the king in this deal")
                # Translators: the card table shows this in two lines of 46 columns: at most
                # about 85 characters.
                return _("too late to announce the king: you played {card} without announcing it").format(
                    card=card_label(king)
                )
            # Translators: the card table shows this in two lines of 46 columns: at most
            # about 85 characters.
            return _("you cannot announce the king: you do not hold {card}").format(card=card_label(king))
        if self.phase in (EXCHANGE, ANSWER, DISCARD_PHASE):
            # Translators: the card table shows this in two lines of 46 columns: at most
            # about 85 characters.
            return _("too early to announce the king: {moment}").format(moment=self._king_moment(seat))
        if seat in self.announced:
            return _("you have already announced the king in this deal")
        if seat == self.dealer and not announce_moment_passed(True, len(self.tricks), len(self.trick)):
            return _(
                "too early to announce the king: the dealer announces after elder's first lead, not before"
            )
        return _("too late to announce the king: {moment}").format(moment=self._king_moment(seat))

    def _played_by(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` has played ``card`` in this deal's tricks."""
        for trick in self.tricks:
            if trick.cards[0 if trick.leader == seat else 1] == card:
                return True
        return bool(self.trick) and self.leader == seat and self.trick[0] == card

    def _play_card(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        if not (0 <= card < 32 and hand >> card & 1):
            shown = card_label(card) if 0 <= card < 32 else repr(card)
            raise IllegalActionError(_("{card} is not in your hand").format(card=shown))
        trick = self.trick
        if not trick:
            self.hands[seat] = hand ^ (1 << card)
            trick.append(card)
            self.current_player = 1 - seat
            return
        led = trick[0]
        trump = self.trump
        if not legal_replies(hand, led, trump, self._beaters, self._must_trump) >> card & 1:
            raise IllegalActionError(why_not_allowed(hand, led, card, trump, self._beaters, self._must_trump))
        self.hands[seat] = hand ^ (1 << card)
        leader = self.leader
        winner = leader if leader_wins(led, card, trump, self._power) else seat
        tricks = self.tricks
        tricks.append(Trick(leader, (led, card), winner))
        self.tricks_won[winner] += 1
        self.trick = []
        if len(tricks) == 5:
            self._score_tricks()
        else:
            self.leader = self.current_player = winner

    def _score_tricks(self) -> None:
        record = self.deals[-1]
        tricks_won = self.tricks_won
        record.tricks = list(tricks_won)
        winner = trick_winner(tricks_won)
        loser_liable = self.liable == 1 - winner
        record.winner = winner
        record.vole = tricks_won[winner] == 5
        record.penalty = loser_liable
        record.trick_points = trick_points(tricks_won[winner], loser_liable, self.rules)
        record.penalty_points = record.trick_points - trick_points(tricks_won[winner], False, self.rules)
        if self._score(winner, record.trick_points):
            return
        score = self.games[-1]
        if four_all_applies(score, self.rules):
            score[:] = after_four_all(score)
            record.four_all_reset = True
            record.score = list(score)
        self._end_deal()

    def _score(self, seat: int, points: int) -> bool:
        """Add points; end the game at once if the target is reached."""
        score = self.games[-1]
        score[seat] += points
        record = self.deals[-1]
        record.points[seat] += points
        record.score = list(score)
        if not game_won(score[seat], self.rules):
            return False
        record.ended_game = seat
        self.games_won[seat] += 1
        self.next_dealer = dealer_of_next_game(seat)
        if match_won(self.games_won[seat], self.rules):
            self.winner = seat
            self.phase = OVER
            self.current_player = None
        else:
            self._end_deal()
        return True

    def _end_deal(self) -> None:
        self.phase = DEAL
        self.current_player = None

    # ------------------------------------------------------------ copies

    def copy(self) -> Match:
        """An independent copy (for the AI's search and the replay viewer)."""
        other = Match.__new__(Match)
        # Immutable values are shared; every list the match changes is copied.
        other.rules = self.rules
        other.first_dealer = self.first_dealer
        other.phase = self.phase
        other.current_player = self.current_player
        other.games = [list(score) for score in self.games]
        other.games_won = self.games_won[:]
        other.winner = self.winner
        deals = self.deals[:]
        if deals:
            # Only the current deal's record changes as play goes on.
            deals[-1] = _copy_record(deals[-1])
        other.deals = deals
        other.next_dealer = self.next_dealer
        other.dealer = self.dealer
        other.deck = self.deck
        other.hands = self.hands[:]
        other.upcard = self.upcard
        other.trump = self.trump
        other.stock_top = self.stock_top
        other.discards = self.discards[:]
        other.proposals = self.proposals
        other.exchanges = self.exchanges
        other.liable = self.liable
        other.announced = self.announced[:]
        other.trick = self.trick[:]
        other.leader = self.leader
        other.tricks = self.tricks[:]
        other.tricks_won = self.tricks_won[:]
        other._power = self._power
        other._beaters = self._beaters
        other._must_trump = self._must_trump
        other._positions = self._positions
        return other


def _copy_record(record: DealRecord) -> DealRecord:
    # The lists change as the deal goes on: the copy gets its own.
    return DealRecord(
        game=record.game,
        dealer=record.dealer,
        upcard=record.upcard,
        trump=record.trump,
        points=record.points[:],
        score=record.score[:],
        tricks=None if record.tricks is None else record.tricks[:],
        king_points=record.king_points[:],
        turned_king=record.turned_king,
        trick_points=record.trick_points,
        winner=record.winner,
        vole=record.vole,
        penalty=record.penalty,
        penalty_points=record.penalty_points,
        four_all_reset=record.four_all_reset,
        ended_game=record.ended_game,
    )


def legal_in_view(view: View, rules: Rules) -> list[Action]:
    """Every action the rules allow the view's seat in the view's position:
    the list ``Match.legal_actions`` gives there, from what the seat sees
    (a protocol bot checks its host's list by it; a test compares the two
    at every decision of whole matches)."""
    if view.phase == EXCHANGE:
        return [PROPOSE_ACTION, PLAY_ACTION]
    if view.phase == ANSWER:
        return [ACCEPT_ACTION, REFUSE_ACTION]
    is_dealer = view.seat == view.dealer
    if view.phase == DISCARD_PHASE:
        fewest, most = discard_range(is_dealer, view.stock, rules)
        return list(_discard_actions(view.hand_mask, fewest, most))
    if view.phase != TRICKS:
        return []
    hand = view.hand_mask
    if view.trick:
        hand = legal_replies(hand, view.trick[0], view.trump, beaters(rules.ace_high), rules.must_trump)
    actions = card_actions(hand)
    if (
        not view.tricks
        and view.seat not in view.announced
        and view.trump_king in view.hand
        and may_announce_now(is_dealer, 0, len(view.trick))
    ):
        actions.append(KING_ACTION)
    return actions


def view_problem(view: View, rules: Rules) -> Deferred | None:
    """What in ``view`` no deal of a match under ``rules`` can show (a
    protocol bot refuses such a view from its host), or ``None``: a hand of
    the wrong size for the point of the deal, a trick or tricks past a
    deal's, a score at or past the target, games won past the match's."""
    full = sum(rules.deal_packets)
    expected = full - len(view.tricks) if view.phase == TRICKS else full
    if len(view.hand) != expected:
        return Deferred(
            N_("the view's hand holds {count} cards; at this point of the deal it holds {expected}"),
            count=len(view.hand),
            expected=expected,
        )
    if len(view.trick) > 1 or len(view.tricks) >= full:
        return Deferred(N_("the view's 'trick' or 'tricks' holds more cards than a deal can"))
    if any(points < 0 or game_won(points, rules) for points in view.score):
        return Deferred(
            N_("the view's 'score' is {score}: in a game to {target}, each is from 0 to {most}"),
            score=str(list(view.score)),
            target=rules.target,
            most=rules.target - 1,
        )
    if any(games < 0 or match_won(games, rules) for games in view.games_won):
        return Deferred(
            N_(
                "the view's 'games_won' is {games}: in a match to {count} games won, each is from 0 to {most}"
            ),
            games=str(list(view.games_won)),
            count=rules.games_to_win,
            most=rules.games_to_win - 1,
        )
    return None
