"""The textbook player: the classical doctrine, as ``docs/ai.md`` ("The
classic player: how the textbook was read") sets it out rule by rule.

It is the human benchmark the expert is measured against, so it follows the
19th-century authorities and nothing more: the elder's jeux de règle, the
dealer's refusals with their seven exceptions, the discards, the score
adjustments and the play of the cards. The player is deterministic and
remembers nothing between decisions: everything it uses is in the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from itertools import combinations
from operator import or_

from ecarte.engine import Action, Rules, View
from ecarte.engine.actions import (
    ACCEPT_ACTION,
    CARD,
    DISCARD,
    KING,
    KING_ACTION,
    PLAY,
    PLAY_ACTION,
    PROPOSE_ACTION,
    REFUSE_ACTION,
    card_action,
)
from ecarte.engine.cards import (
    FULL_DECK_MASK,
    SUIT_MASKS,
    Card,
    beaters,
    iter_cards,
    mask_of,
    power_table,
    suit_of,
)
from ecarte.engine.exchange import makes_liable
from ecarte.engine.match import ANSWER, DISCARD_PHASE, EXCHANGE, TRICKS
from ecarte.engine.scoring import points_needed
from ecarte.engine.tricks import ruled_out_by_reply

from .classic_hands import KING_ROLE, QUEEN_ROLE, TEN_ROLE, HandReading


def elder_plays_by_the_book(
    hand: HandReading, exchanges: int, their_need: int, king_mine_or_turned: bool
) -> bool:
    """Elder's rule, the score included: play without proposing (True) or
    propose (False), after ``exchanges`` exchanges, the dealer ``their_need``
    points from the game, the trump king in this hand or turned up or not.
    ``ClassicPlayer`` decides by it, and the expert's model of a textbook
    elder can ask it of a hand it only imagines."""
    playing_makes_liable = makes_liable(PLAY, exchanges)
    # With the trump king the point is safe: propose, hoping for the vole.
    if playing_makes_liable and hand.trump_king:
        return False
    if hand.jeux_de_regle():
        return True
    if their_need == 1:
        # The dealer at four: play on an even chance; and, the king being
        # neither here nor turned up, on any hand with a trump, since an
        # exchange could give the dealer the king and the game.
        if hand.even_chance():
            return True
        if hand.trumps >= 1 and not king_mine_or_turned:
            return True
    # After an exchange, playing carries no penalty: an even chance will do.
    return not playing_makes_liable and hand.even_chance()


def dealer_refuses_by_the_book(
    hand: HandReading, my_need: int, their_need: int, king_mine_or_turned: bool
) -> bool:
    """The dealer's rule, the score included (points each side needs for
    the game): refuse (True) or accept (False)."""
    if my_need == their_need == 1:
        return True  # four all: refusing stops elder drawing the king
    if my_need == 1 and hand.even_chance():
        return True
    if their_need == 1 and hand.trumps >= 1 and not king_mine_or_turned:
        return True
    return ClassicPlayer.refuses_by_doctrine(hand)


class ClassicPlayer:
    """Plays by the book. ``seed`` is accepted for the registry; the doctrine
    leaves nothing to chance."""

    name = "classic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.seat = 0
        self.rules = Rules()
        self.power = power_table(False)
        self.beaters = beaters(False)

    def start_match(self, seat: int, rules: Rules) -> None:
        self.seat = seat
        self.rules = rules
        self.power = power_table(rules.ace_high)
        self.beaters = beaters(rules.ace_high)

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        chosen: Action
        if phase == EXCHANGE:
            chosen = PLAY_ACTION if self.elder_plays(view) else PROPOSE_ACTION
        elif phase == ANSWER:
            chosen = REFUSE_ACTION if self.dealer_refuses(view) else ACCEPT_ACTION
        elif phase == DISCARD_PHASE:
            chosen = self._discard(view, legal)
        elif phase == TRICKS:
            chosen = self._trick_decision(view, legal)
        else:
            chosen = legal[0]
        return chosen if chosen in legal else legal[0]

    # ------------------------------------------------------------ the score

    def _scores(self, view: View) -> tuple[int, int]:
        """(mine, the other's) in the current game."""
        return view.score[view.seat], view.score[1 - view.seat]

    def _king_is_mine_or_turned(self, view: View) -> bool:
        king = view.trump_king
        return king in view.hand or view.upcard == king

    def reading(self, view: View) -> HandReading:
        return HandReading(view.hand_mask, view.trump, self.rules.ace_high)

    # ------------------------------------------------------------ elder: play or propose

    def elder_plays(self, view: View) -> bool:
        """Play without proposing (True) or propose (False)."""
        their_need = points_needed(self._scores(view)[1], self.rules)
        return elder_plays_by_the_book(
            self.reading(view), view.exchanges, their_need, self._king_is_mine_or_turned(view)
        )

    # ------------------------------------------------------------ dealer: accept or refuse

    def dealer_refuses(self, view: View) -> bool:
        mine, theirs = self._scores(view)
        return dealer_refuses_by_the_book(
            self.reading(view),
            points_needed(mine, self.rules),
            points_needed(theirs, self.rules),
            self._king_is_mine_or_turned(view),
        )

    @staticmethod
    def refuses_by_doctrine(hand: HandReading) -> bool:
        """The dealer's rule at an ordinary score."""
        if hand.discardable <= 2:
            # Three trumps (or three trumps and kings): refuse, unless the
            # trump king is among them and the point is safe anyway.
            return not hand.trump_king
        if hand.trumps == 1 and hand.highest_plain <= TEN_ROLE:
            return False  # one trump and nothing above a ten: accept
        if hand.three_queens_two_singly_guarded():
            return True
        if hand.guarded_to_refuse():
            return True
        return any(not hand.too_weak_for_dealer(category) for category in hand.jeux_de_regle())

    # ------------------------------------------------------------ discards

    def _discard(self, view: View, legal: Sequence[Action]) -> Action:
        sizes = [action.discards.bit_count() for action in legal if action.type == DISCARD]
        mask = self.choose_discards(view, min(sizes), max(sizes))
        for action in legal:
            if action.type == DISCARD and action.discards == mask:
                return action
        return legal[0]

    def choose_discards(self, view: View, fewest: int, most: int) -> int:
        """The mask of cards to throw (``textbook_discard``)."""
        return textbook_discard(view.hand_mask, view.trump, self.rules.ace_high, fewest, most)

    # ------------------------------------------------------------ the king and the tricks

    def keeps_king_quiet(self, view: View) -> bool:
        """At three against four, when elder played without proposing, the
        dealer does not announce: the point does not save the game, and
        silence hides what elder faces."""
        elder = view.elder
        return (
            view.seat == view.dealer
            and view.liable == elder
            and points_needed(view.score[view.seat], self.rules) == 2
            and points_needed(view.score[elder], self.rules) == 1
        )

    def _trick_decision(self, view: View, legal: Sequence[Action]) -> Action:
        playable = 0
        may_announce = False
        for action in legal:
            if action.type == CARD:
                playable |= 1 << action.card
            elif action.type == KING:
                may_announce = True
        if may_announce and not self.keeps_king_quiet(view):
            return KING_ACTION
        if view.trick:
            return card_action(self.reply(view, playable))
        return card_action(self.lead(view, playable))

    def _unseen(self, view: View) -> int:
        seen = view.hand_mask | 1 << view.upcard | mask_of(view.my_discards) | mask_of(view.trick)
        for trick in view.tricks:
            seen |= mask_of(trick.cards)
        return FULL_DECK_MASK & ~seen

    def _voids(self, view: View) -> list[bool]:
        """Suits the other seat has shown it holds none of: its replies were
        legal, so each rules out cards (``tricks.ruled_out_by_reply``), and a
        suit is void when a reply ruled out the whole of it."""
        other = 1 - view.seat
        shown = [0] * len(view.tricks)
        for index, trick in enumerate(view.tricks):
            if trick.leader == other:
                continue
            led, reply = trick.cards
            shown[index] = ruled_out_by_reply(led, reply, view.trump, self.beaters, self.rules.must_trump)
        return [any(mask & suit == suit for mask in shown) for suit in SUIT_MASKS]

    def _highest(self, mask: int) -> Card:
        power = self.power
        return max(iter_cards(mask), key=lambda card: power[card])

    def _lowest(self, mask: int) -> Card:
        power = self.power
        return min(iter_cards(mask), key=lambda card: power[card])

    def _is_master(self, card: Card, unseen: int) -> bool:
        """No card still unseen beats ``card`` in its suit."""
        return not unseen & self.beaters[card]

    def lead(self, view: View, hand: int) -> Card:
        """Lead from strength; lead trumps with the majority of them; with
        trumps, lead a singleton to get void and trump later."""
        trump = view.trump
        trump_mask = SUIT_MASKS[trump]
        unseen = self._unseen(view)
        void = self._voids(view)
        my_trumps = hand & trump_mask
        their_trumps = 0 if void[trump] else unseen & trump_mask
        if my_trumps and their_trumps and my_trumps.bit_count() > their_trumps.bit_count():
            return self._highest(my_trumps)
        plain_suits = [
            hand & SUIT_MASKS[suit] for suit in range(4) if suit != trump and hand & SUIT_MASKS[suit]
        ]
        # A master card in a suit the other cannot trump: the longest such suit.
        masters = [
            suit_cards
            for suit_cards in plain_suits
            if self._is_master(self._highest(suit_cards), unseen)
            and not (void[suit_of(self._highest(suit_cards))] and their_trumps)
        ]
        if masters:
            best = max(masters, key=lambda suit_cards: suit_cards.bit_count())
            return self._highest(best)
        if my_trumps and not their_trumps:
            return self._highest(my_trumps)  # the other holds no trump: each of mine wins
        if my_trumps:
            singletons = [suit_cards for suit_cards in plain_suits if suit_cards.bit_count() == 1]
            if singletons:
                return self._highest(reduce(or_, singletons))
        guarded = [suit_cards for suit_cards in plain_suits if suit_cards.bit_count() >= 2]
        if guarded:
            best = max(guarded, key=lambda suit_cards: self.power[self._highest(suit_cards)])
            return self._highest(best)
        if plain_suits:
            return self._highest(hand & ~trump_mask)  # every plain card held
        top = self._highest(my_trumps)
        return top if self._is_master(top, unseen) else self._lowest(my_trumps)

    def reply(self, view: View, playable: int) -> Card:
        """The cheapest card that wins the trick, or else the lowest loser."""
        return textbook_reply(view.hand_mask, playable, view.trick[0], view.trump, self.power, self.beaters)


def textbook_reply(
    hand: int, playable: int, led: Card, trump: int, power: Sequence[int], beaters: Sequence[int]
) -> Card:
    """The textbook's reply to ``led`` from ``hand`` (``playable``: its legal
    replies): the cheapest card that wins the trick (the lowest of the led
    suit that beats it, else the lowest trump, played even when trumping is
    not compulsory), or else the lowest loser, a plain card before a trump
    and, among equals, from the shortest suit, to get void in it. The expert
    models a textbook opponent's replies by it (``reply_model``)."""
    follows = playable & beaters[led]
    if follows:
        return min(iter_cards(follows), key=power.__getitem__)
    trumps = playable & SUIT_MASKS[trump]
    if suit_of(led) != trump and trumps:
        return min(iter_cards(trumps), key=power.__getitem__)

    def cost(card: Card) -> tuple[int, int, int]:
        # Trumps are worth more than any plain card; among equals, throw
        # from the shortest suit, to get void in it.
        suit = suit_of(card)
        return (int(suit == trump), power[card], (hand & SUIT_MASKS[suit]).bit_count())

    return min(iter_cards(playable), key=cost)


def textbook_keeps(hand: int, trump: int, ace_high: bool, drawing_for_vole: bool | None = None) -> int:
    """The cards the textbook keeps in an exchange, as a mask: every trump
    and plain king, and a guarded queen with the next card below it, unless
    the hand draws for the vole (trumps and kings number three or more:
    ``drawing_for_vole=None`` decides by the hand; ``False`` keeps the
    queens whatever the count, the most a hand of these cards could have
    kept)."""
    reading = HandReading(hand, trump, ace_high)
    keep = hand & SUIT_MASKS[trump]
    if drawing_for_vole is None:
        drawing_for_vole = reading.keepers >= 3
    for holding in reading.plain:
        if holding.holds(KING_ROLE):
            keep |= 1 << holding.cards[0]
        if not drawing_for_vole and holding.guarded(QUEEN_ROLE):
            place = holding.powers.index(QUEEN_ROLE)
            keep |= 1 << holding.cards[place] | 1 << holding.cards[place + 1]
    return keep


def textbook_discard(hand: int, trump: int, ace_high: bool, fewest: int, most: int) -> int:
    """The mask of cards the textbook throws, between ``fewest`` and ``most``:
    every card ``textbook_keeps`` does not keep; when more must go, a
    queen's guard, then the queen, then a plain king, then the lowest trump;
    when the stock allows fewer, whole weak suits first (``ClassicPlayer``
    discards by it, and the expert's model of a textbook player can ask it
    of a hand it only imagines)."""
    power = power_table(ace_high)
    keep = textbook_keeps(hand, trump, ace_high)
    # Kept cards, weakest first: what goes if more must be thrown.
    sacrifice: list[Card] = []
    for suit in range(4):
        if suit == trump:
            continue
        held = sorted(iter_cards(keep & SUIT_MASKS[suit]), key=lambda card: -power[card])
        queens = [place for place, card in enumerate(held) if power[card] == QUEEN_ROLE]
        if queens:
            place = queens[0]
            sacrifice += [held[place + 1], held[place]]
    kings = [card for card in iter_cards(keep & ~SUIT_MASKS[trump]) if power[card] == KING_ROLE]
    trumps = sorted(iter_cards(hand & SUIT_MASKS[trump]), key=lambda card: power[card])
    sacrifice += kings + trumps
    throw = hand & ~keep
    count = throw.bit_count()
    for card in sacrifice:
        if count >= fewest:
            break
        throw |= 1 << card
        count += 1
    if count > most:
        throw = _whole_suits_first(throw, most, power)
    return throw


def _whole_suits_first(throw: int, most: int, power: tuple[int, ...]) -> int:
    """``most`` of the cards in ``throw``: split as few suits as possible
    (a whole weak suit rather than half of one), then throw the lowest."""

    def split_suits_then_strength(chosen: tuple[Card, ...]) -> tuple[int, int]:
        mask = mask_of(chosen)
        split = sum(1 for suit in range(4) if mask & SUIT_MASKS[suit] and throw & SUIT_MASKS[suit] & ~mask)
        return split, sum(power[card] for card in chosen)

    best = min(combinations(iter_cards(throw), most), key=split_suits_then_strength)
    return mask_of(best)
