"""Reading a five-card hand the way the textbook does (``docs/ai.md``, "The classic player").

The doctrine names cards by rank ("a king", "a guarded queen", "a tierce
major"). Under ``ace_high`` the ace is the top card, so every rank the
doctrine names stands for the card at that place in the order in force: the
"king" of a plain suit is its strongest card (power 7), the "queen" the next
(power 6), and so on. The one exception is the king of trumps, the scoring
card, which is always the king. ``docs/ai.md`` ("The classic player") lists each reading.
"""

from __future__ import annotations

from dataclasses import dataclass

from ecarte.engine.cards import SUIT_MASKS, Card, iter_cards, power_table, trump_king

# The doctrine's ranks as places in the order in force (power 0-7).
KING_ROLE = 7
QUEEN_ROLE = 6
KNAVE_ROLE = 5
ACE_ROLE = 4
TEN_ROLE = 3
COURT_ROLE = KNAVE_ROLE
"""Court cards are the kings, queens and knaves: power 5 and up."""

# The elder's jeux de règle (hands played without proposing).
THREE_TRUMPS = "three trumps or more"
TWO_TRUMPS_LONG_SUIT = "two trumps and three cards of one plain suit"
TWO_TRUMPS_HONOUR = "two trumps with a king, or a queen and a guarded card"
ONE_TRUMP_TIERCE_MAJOR = "one trump with a tierce major"
ONE_TRUMP_FOUR_CARD_SUIT = "one trump with four cards of one plain suit"
ONE_TRUMP_TWO_QUEENS = "one trump with two queens"
ONE_TRUMP_QUEEN_GUARDED_KNAVE = "one trump with a queen and a guarded knave"
ONE_TRUMP_KING_QUEEN = "one trump with a king and a queen in different suits"
FOUR_COURT_CARDS = "four court cards without a trump"
ONLY_TWO_DISCARDS = "only two cards to discard without throwing a trump or a king"


@dataclass(frozen=True, slots=True)
class SuitHolding:
    """The cards held in one plain suit, strongest first."""

    suit: int
    cards: tuple[Card, ...]
    powers: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> int:
        """Power of the strongest card held, -1 when void."""
        return self.powers[0] if self.powers else -1

    def holds(self, role: int) -> bool:
        return role in self.powers

    def guarded(self, role: int) -> bool:
        """The card of ``role`` is held with at least one lower card of its suit."""
        return role in self.powers and self.powers[-1] < role

    def singly_guarded(self, role: int) -> bool:
        """The card of ``role`` is held with exactly one other, lower card."""
        return self.length == 2 and self.guarded(role)

    def has_court(self) -> bool:
        return self.top >= COURT_ROLE

    def stopped(self) -> bool:
        """The dealer is "guarded" in this suit: he holds its king, or its
        queen with a lower card to play under the king."""
        return self.holds(KING_ROLE) or self.guarded(QUEEN_ROLE)


class HandReading:
    """What the doctrine looks at in a hand: trumps, and each plain suit."""

    __slots__ = ("_jeux", "plain", "power", "size", "trump", "trump_king", "trumps")

    def __init__(self, hand: int, trump: int, ace_high: bool) -> None:
        power = power_table(ace_high)
        self.power = power
        self.trump = trump
        self.size = hand.bit_count()
        self.trumps = (hand & SUIT_MASKS[trump]).bit_count()
        self.trump_king = bool(hand >> trump_king(trump) & 1)
        plain = []
        for suit in range(4):
            if suit == trump:
                continue
            cards = sorted(iter_cards(hand & SUIT_MASKS[suit]), key=lambda card: -power[card])
            plain.append(SuitHolding(suit, tuple(cards), tuple(power[card] for card in cards)))
        self.plain: tuple[SuitHolding, ...] = tuple(plain)
        """The three plain suits (void ones included), in suit order."""
        self._jeux: tuple[str, ...] | None = None

    # ------------------------------------------------------------ counts

    def count_role(self, role: int) -> int:
        return sum(1 for holding in self.plain if holding.holds(role))

    @property
    def keepers(self) -> int:
        """Trumps and plain kings: the cards the doctrine never throws."""
        return self.trumps + self.count_role(KING_ROLE)

    @property
    def discardable(self) -> int:
        return self.size - self.keepers

    @property
    def court_cards(self) -> int:
        return sum(1 for holding in self.plain for power in holding.powers if power >= COURT_ROLE)

    @property
    def highest_plain(self) -> int:
        return max(holding.top for holding in self.plain)

    def fourth_suit(self, first: SuitHolding, second: SuitHolding) -> SuitHolding:
        """The plain suit that is neither ``first`` nor ``second``."""
        return next(holding for holding in self.plain if holding.suit not in (first.suit, second.suit))

    # ------------------------------------------------------------ the jeux de règle

    def _queen_guarded_knave_pairs(self) -> list[tuple[SuitHolding, SuitHolding]]:
        # A king serves where a queen is asked for: it is the stronger card.
        return [
            (queens, knaves)
            for queens in self.plain
            if queens.top >= QUEEN_ROLE
            for knaves in self.plain
            if knaves.suit != queens.suit and knaves.guarded(KNAVE_ROLE)
        ]

    def _king_queen_pairs(self) -> list[tuple[SuitHolding, SuitHolding]]:
        return [
            (kings, queens)
            for kings in self.plain
            if kings.holds(KING_ROLE)
            for queens in self.plain
            if queens.suit != kings.suit and queens.holds(QUEEN_ROLE)
        ]

    def jeux_de_regle(self) -> tuple[str, ...]:
        """Every category of the elder's jeux de règle this hand belongs to
        (worked out once: every rule of the book asks it)."""
        if self._jeux is None:
            self._jeux = self._find_jeux()
        return self._jeux

    def _find_jeux(self) -> tuple[str, ...]:
        found = []
        trumps = self.trumps
        plain = self.plain
        if trumps >= 3:
            found.append(THREE_TRUMPS)
        elif trumps == 2:
            if any(holding.length == 3 for holding in plain):
                found.append(TWO_TRUMPS_LONG_SUIT)
            with_king = self.count_role(KING_ROLE) > 0
            # "A queen and a guarded card": a queen, and two of the three
            # plain cards in one suit (the queen's guard or another's).
            with_queen = self.count_role(QUEEN_ROLE) > 0 and any(holding.length >= 2 for holding in plain)
            if with_king or with_queen:
                found.append(TWO_TRUMPS_HONOUR)
        elif trumps == 1:
            if any(holding.powers[:3] == (KING_ROLE, QUEEN_ROLE, KNAVE_ROLE) for holding in plain):
                found.append(ONE_TRUMP_TIERCE_MAJOR)
            if any(holding.length == 4 for holding in plain):
                found.append(ONE_TRUMP_FOUR_CARD_SUIT)
            if self.count_role(QUEEN_ROLE) >= 2:
                found.append(ONE_TRUMP_TWO_QUEENS)
            if self._queen_guarded_knave_pairs():
                found.append(ONE_TRUMP_QUEEN_GUARDED_KNAVE)
            if self._king_queen_pairs():
                found.append(ONE_TRUMP_KING_QUEEN)
        elif self.court_cards >= 4:
            found.append(FOUR_COURT_CARDS)
        if self.discardable <= 2:
            found.append(ONLY_TWO_DISCARDS)
        return tuple(found)

    def too_weak_for_dealer(self, category: str) -> bool:
        """Whether the jeu ``category`` is one of the seven exceptions: too
        weak for the dealer to refuse on, since he leads second."""
        if category == TWO_TRUMPS_LONG_SUIT:
            return all(not holding.has_court() for holding in self.plain if holding.length == 3)
        if category == ONE_TRUMP_TIERCE_MAJOR:
            # The fifth card is the one plain card outside the tierce.
            return self.court_cards <= 3
        if category == ONE_TRUMP_FOUR_CARD_SUIT:
            return True
        if category == ONE_TRUMP_TWO_QUEENS:
            return sum(1 for holding in self.plain if holding.singly_guarded(QUEEN_ROLE)) < 2
        if category == ONE_TRUMP_QUEEN_GUARDED_KNAVE:
            return all(
                not queens.guarded(queens.top) and not self.fourth_suit(queens, knaves).has_court()
                for queens, knaves in self._queen_guarded_knave_pairs()
            )
        if category == ONE_TRUMP_KING_QUEEN:
            return all(
                kings.length == 1 and queens.length == 1 and self.fourth_suit(kings, queens).top < ACE_ROLE
                for kings, queens in self._king_queen_pairs()
            )
        if category == FOUR_COURT_CARDS:
            return sum(1 for holding in self.plain if holding.has_court()) < 3
        return False

    # ------------------------------------------------------------ the dealer's guards

    @property
    def stopped_suits(self) -> int:
        return sum(1 for holding in self.plain if holding.stopped())

    def guarded_to_refuse(self) -> bool:
        """Guarded in three suits, or in two with a trump, or in one with two trumps."""
        stopped = self.stopped_suits
        return stopped >= 3 or (stopped >= 2 and self.trumps >= 1) or (stopped >= 1 and self.trumps >= 2)

    def three_queens_two_singly_guarded(self) -> bool:
        return (
            self.count_role(QUEEN_ROLE) >= 3
            and sum(1 for holding in self.plain if holding.singly_guarded(QUEEN_ROLE)) >= 2
        )

    # ------------------------------------------------------------ an even chance

    def probable_tricks(self) -> int:
        """A count of the cards likely to take a trick: each trump, each plain
        king or queen, and each plain knave, ace or ten held with a lower card
        of its suit (the doctrine's example of an even chance: a queen, a
        guarded knave and a guarded ten, counts three)."""
        count = self.trumps
        for holding in self.plain:
            for place, power in enumerate(holding.powers):
                lower = holding.length - 1 - place
                if power >= QUEEN_ROLE or (power >= TEN_ROLE and lower >= 1):
                    count += 1
        return count

    def even_chance(self) -> bool:
        """An even chance of three tricks: a jeu de règle, or three probable tricks."""
        return bool(self.jeux_de_regle()) or self.probable_tricks() >= 3
