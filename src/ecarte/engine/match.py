"""The state machine of a whole match of écarté.

``Match`` follows ``spec/rules.md`` step by step. At any moment it has a
``phase``, a ``current_player`` (``None`` when chance acts: a new deal is
due, or the match is over), the ``legal_actions`` of that player, and
``apply`` for one of them. A new deal starts with ``deal(deck)``: chance is
explicit and comes from outside, as a deck order.

Steps that offer no choice happen by themselves inside ``apply``: the
exchange ends when the stock is empty or ``max_exchanges`` is reached, the
dealer keeps the hand when the stock is empty at the dealer's discard, the
game ends the moment a player reaches the target.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations

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
    SUIT_MASKS,
    Card,
    beaters,
    card_code,
    card_label,
    cards_in,
    iter_cards,
    power_table,
    sorted_hand,
)
from .rules import Rules
from .scoring import four_all_applies, trick_points
from .tricks import leader_wins, legal_replies, why_not_allowed
from .view import Trick, View

DEAL = "deal"
"""Phase: a new deal is due (chance acts through ``Match.deal``)."""
EXCHANGE = "exchange"
"""Phase: elder plays or proposes."""
ANSWER = "answer"
"""Phase: the dealer accepts or refuses the proposal."""
DISCARD_PHASE = "discard"
"""Phase: elder, then the dealer, discards and draws."""
TRICKS = "tricks"
"""Phase: the five tricks (and the king announcements)."""
OVER = "over"
"""Phase: the match is decided."""


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule."""


class DealError(ValueError):
    """A deck that is not the 32 cards, or a deal when none is due."""


@dataclass(slots=True)
class DealRecord:
    """What a deal did to the score (the ``deals`` of ``ecarte check``)."""

    game: int
    """1-based number of the game in the match."""
    dealer: int
    upcard: Card
    trump: int
    points: list[int] = field(default_factory=lambda: [0, 0])
    score: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] | None = None
    """Tricks each seat took; ``None`` until the five tricks are done."""
    king_points: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None
    """The seat that took three tricks or more."""
    vole: bool = False
    penalty: bool = False
    four_all_reset: bool = False
    ended_game: int | None = None
    """The seat that won the game in this deal, if one did."""


@lru_cache(maxsize=65536)
def _discard_actions(hand: int, fewest: int, most: int) -> tuple[Action, ...]:
    cards = cards_in(hand)
    actions = []
    for size in range(fewest, most + 1):
        for chosen in combinations(cards, size):
            mask = 0
            for card in chosen:
                mask |= 1 << card
            actions.append(Action(DISCARD, discards=mask))
    return tuple(actions)


class Match:
    """A match in progress: every rule of the game is applied here."""

    __slots__ = (
        "rules",
        "first_dealer",
        "phase",
        "current_player",
        "games",
        "games_won",
        "winner",
        "deals",
        "next_dealer",
        "dealer",
        "deck",
        "hands",
        "upcard",
        "trump",
        "stock_top",
        "discards",
        "proposals",
        "exchanges",
        "liable",
        "announced",
        "trick",
        "leader",
        "tricks",
        "tricks_won",
        "_power",
        "_beaters",
    )

    def __init__(self, rules: Rules | None = None, first_dealer: int = 0) -> None:
        if first_dealer not in (0, 1):
            raise ValueError("first_dealer must be 0 or 1")
        self.rules = rules or Rules()
        self.first_dealer = first_dealer
        self.phase = DEAL
        self.current_player: int | None = None
        self.games: list[list[int]] = []
        """The score of each game begun, seat 0 first; the last is current."""
        self.games_won = [0, 0]
        self.winner: int | None = None
        self.deals: list[DealRecord] = []
        self.next_dealer = first_dealer
        self.dealer = first_dealer
        self.deck: tuple[Card, ...] = ()
        self.hands = [0, 0]
        self.upcard: Card = -1
        self.trump = -1
        self.stock_top = 32
        """Deck index of the next card to draw; the stock is ``deck[stock_top:]``."""
        self.discards = [0, 0]
        self.proposals = 0
        self.exchanges = 0
        self.liable: int | None = None
        self.announced: list[int] = []
        self.trick: list[Card] = []
        self.leader = 0
        self.tricks: list[Trick] = []
        self.tricks_won = [0, 0]
        self._power = power_table(self.rules.ace_high)
        self._beaters = beaters(self.rules.ace_high)

    @classmethod
    def new(cls, rules: Rules | None = None, rng: random.Random | None = None) -> Match:
        """A match whose first dealer is chosen by the cut, from ``rng``."""
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
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def trump_king(self) -> Card:
        return self.trump * 8 + KING_RANK

    def hand(self, seat: int) -> list[Card]:
        return sorted_hand(cards_in(self.hands[seat]), self.trump, self.rules.ace_high)

    def playable_cards(self) -> int:
        """Mask of the cards the player to move may play in the trick phase."""
        if self.phase != TRICKS or self.current_player is None:
            return 0
        hand = self.hands[self.current_player]
        if not self.trick:
            return hand
        return legal_replies(hand, self.trick[0], self.trump, self._beaters, self.rules.must_trump)

    def can_announce(self) -> bool:
        """Whether the player to move may announce the trump king now: elder
        before leading to the first trick, the dealer after elder's lead and
        before replying to it."""
        seat = self.current_player
        if self.phase != TRICKS or self.tricks or seat is None or seat in self.announced:
            return False
        if not self.hands[seat] >> self.trump_king & 1:
            return False
        return len(self.trick) == (0 if seat == self.elder else 1)

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == TRICKS:
            actions = [CARD_ACTIONS[card] for card in iter_cards(self.playable_cards())]
            if not self.tricks and self.can_announce():
                actions.append(KING_ACTION)
            return actions
        if phase == EXCHANGE:
            return [PROPOSE_ACTION, PLAY_ACTION]
        if phase == ANSWER:
            return [ACCEPT_ACTION, REFUSE_ACTION]
        if phase == DISCARD_PHASE:
            assert self.current_player is not None
            fewest, most = self._discard_range(self.current_player)
            return list(_discard_actions(self.hands[self.current_player], fewest, most))
        return []

    def _discard_range(self, seat: int) -> tuple[int, int]:
        most = min(5, self.stock_size)
        if seat == self.elder or self.rules.dealer_must_exchange:
            return 1, most
        return 0, most

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
        """Start the next deal from a deck order (top card first)."""
        if self.phase != DEAL:
            raise DealError("a new deal is not due: the current deal is not over" if self.phase != OVER
                            else "the match is over: no more deals")
        if len(deck) != 32 or set(deck) != set(range(32)):
            raise DealError("a deck is the 32 cards, each exactly once")
        if not self.games or self._game_decided():
            self.games.append([0, 0])
        dealer = self.next_dealer
        elder = 1 - dealer
        self.dealer = dealer
        self.deck = tuple(deck)
        hands = [0, 0]
        position = 0
        for packet in self.rules.deal_packets:
            for seat in (elder, dealer):
                for card in self.deck[position : position + packet]:
                    hands[seat] |= 1 << card
                position += packet
        self.hands = hands
        self.upcard = self.deck[10]
        self.trump = self.upcard >> 3
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
        self.next_dealer = elder
        score = self.games[-1]
        record = DealRecord(game=len(self.games), dealer=dealer, upcard=self.upcard, trump=self.trump)
        record.score = list(score)
        self.deals.append(record)
        self.phase = EXCHANGE
        self.current_player = elder
        if self.upcard & 7 == KING_RANK:
            record.king_points[dealer] += 1
            self._score(dealer, 1)

    def _game_decided(self) -> bool:
        score = self.games[-1]
        return max(score) >= self.rules.target

    # ------------------------------------------------------------ actions

    def apply(self, action: Action) -> None:
        """Apply a decision of the player to move; ``IllegalActionError`` says
        which rule forbids it."""
        seat = self.current_player
        if seat is None:
            raise IllegalActionError(
                "the match is over" if self.phase == OVER else "no one is to play: a new deal is due"
            )
        kind = action.type
        phase = self.phase
        if kind == CARD and phase == TRICKS:
            self._play_card(seat, action.card)
        elif kind == PROPOSE and phase == EXCHANGE:
            self.proposals += 1
            self.phase = ANSWER
            self.current_player = self.dealer
        elif kind == PLAY and phase == EXCHANGE:
            if self.proposals == 0:
                self.liable = seat
            self._start_tricks()
        elif kind == ACCEPT and phase == ANSWER:
            self.phase = DISCARD_PHASE
            self.current_player = self.elder
        elif kind == REFUSE and phase == ANSWER:
            if self.proposals == 1:
                self.liable = seat
            self._start_tricks()
        elif kind == DISCARD and phase == DISCARD_PHASE:
            self._discard(seat, action.discards)
        elif kind == KING and phase == TRICKS:
            self._announce(seat)
        else:
            raise IllegalActionError(self._wrong_moment(kind))

    def _wrong_moment(self, kind: str) -> str:
        expected = {
            EXCHANGE: "elder must play or propose",
            ANSWER: "the dealer must accept or refuse the proposal",
            DISCARD_PHASE: "it is time to discard",
            TRICKS: "it is time to play a card",
        }[self.phase]
        return f"'{kind}' is not allowed now: {expected}"

    def _discard(self, seat: int, cards: int) -> None:
        hand = self.hands[seat]
        count = cards.bit_count()
        fewest, most = self._discard_range(seat)
        if cards & ~hand:
            missing = ", ".join(card_code(card) for card in cards_in(cards & ~hand))
            raise IllegalActionError(f"you cannot discard {missing}: not in your hand")
        if not fewest <= count <= most:
            who = "elder" if seat == self.elder else "the dealer"
            raise IllegalActionError(
                f"{who} may discard {fewest} to {most} cards now (the stock holds {self.stock_size}); not {count}"
            )
        top = self.stock_top
        drawn = 0
        for card in self.deck[top : top + count]:
            drawn |= 1 << card
        self.stock_top = top + count
        self.hands[seat] = (hand & ~cards) | drawn
        self.discards[seat] |= cards
        if seat == self.elder and self.stock_size > 0:
            self.current_player = self.dealer
            return
        # The round is over: the dealer has discarded, or keeps the hand
        # because the stock is empty.
        self.exchanges += 1
        limit = self.rules.max_exchanges
        if self.stock_size == 0 or (limit is not None and self.exchanges >= limit):
            self._start_tricks()
        else:
            self.phase = EXCHANGE
            self.current_player = self.elder

    def _start_tricks(self) -> None:
        self.phase = TRICKS
        self.current_player = self.elder
        self.leader = self.elder

    def _announce(self, seat: int) -> None:
        if not self.can_announce():
            raise IllegalActionError(self._why_no_king(seat))
        self.announced.append(seat)
        self.deals[-1].king_points[seat] += 1
        self._score(seat, 1)

    def _why_no_king(self, seat: int) -> str:
        if not self.hands[seat] >> self.trump_king & 1:
            return f"you cannot announce the king: you do not hold {card_label(self.trump_king)}"
        if seat in self.announced:
            return "you have announced the king already"
        if seat == self.elder:
            return "too late to announce the king: elder announces before leading to the first trick"
        if not self.trick and not self.tricks:
            return "the dealer announces the king after elder's first lead, not before"
        return "too late to announce the king: the dealer announces before playing to the first trick"

    def _play_card(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        if not 0 <= card < 32 or not hand >> card & 1:
            raise IllegalActionError(f"{card_label(card) if 0 <= card < 32 else card} is not in your hand")
        trick = self.trick
        if trick:
            led = trick[0]
            allowed = legal_replies(hand, led, self.trump, self._beaters, self.rules.must_trump)
            if not allowed >> card & 1:
                raise IllegalActionError(
                    why_not_allowed(hand, led, card, self.trump, self._beaters, self.rules.must_trump)
                )
        self.hands[seat] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) == 1:
            self.current_player = 1 - seat
            return
        leader = self.leader
        led = trick[0]
        winner = leader if leader_wins(led, card, self.trump, self._power) else seat
        self.tricks.append(Trick(leader, (led, card), winner))
        self.tricks_won[winner] += 1
        self.trick = []
        if len(self.tricks) == 5:
            self._score_tricks()
        else:
            self.leader = winner
            self.current_player = winner

    def _score_tricks(self) -> None:
        record = self.deals[-1]
        record.tricks = list(self.tricks_won)
        winner = 0 if self.tricks_won[0] >= 3 else 1
        loser_liable = self.liable == 1 - winner
        record.winner = winner
        record.vole = self.tricks_won[winner] == 5
        record.penalty = loser_liable
        if self._score(winner, trick_points(self.tricks_won[winner], loser_liable, self.rules)):
            return
        score = self.games[-1]
        if four_all_applies(score, self.rules):
            score[0] -= 1
            score[1] -= 1
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
        if score[seat] < self.rules.target:
            return False
        record.ended_game = seat
        self.games_won[seat] += 1
        # The loser of a game deals first in the next one.
        self.next_dealer = 1 - seat
        if self.games_won[seat] >= self.rules.games_to_win:
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
        other = Match.__new__(Match)
        for name in Match.__slots__:
            setattr(other, name, getattr(self, name))
        other.games = [list(score) for score in self.games]
        other.games_won = list(self.games_won)
        # The current deal's record changes as play goes on: copy it.
        other.deals = self.deals[:-1] + [_copy_record(record) for record in self.deals[-1:]]
        other.hands = list(self.hands)
        other.discards = list(self.discards)
        other.announced = list(self.announced)
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.tricks_won = list(self.tricks_won)
        return other


def _copy_record(record: DealRecord) -> DealRecord:
    return replace(
        record,
        points=list(record.points),
        score=list(record.score),
        tricks=None if record.tricks is None else list(record.tricks),
        king_points=list(record.king_points),
    )
