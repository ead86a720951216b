"""Quick judgements of a hand, for what the expert cannot afford to search.

The expert searches its own decisions, but inside its simulations it needs
a model of the other player's (does the dealer refuse? what does a player
throw away?) and a weighting of the opponent hands it samples by what their
decisions suggest (elder who plays at once holds a strong hand). These are
the cheap rules of thumb of the textbook (``spec/classic-strategy.md``)
over hand masks.
"""

from __future__ import annotations

from ecarte.engine.cards import KING, SUIT_MASKS

QUEEN = 6
KNAVE = 5


def _rank_in(hand: int, suit: int, rank: int) -> bool:
    return bool(hand >> (suit * 8 + rank) & 1)


def card_keep_value(card: int, hand: int, trump: int, power: tuple[int, ...]) -> float:
    """How much a card is worth keeping in an exchange: trumps and kings
    first, then guarded queens and knaves, low plain cards last."""
    suit = card >> 3
    if suit == trump:
        return 20.0 + power[card]
    strength = power[card]
    guarded = (hand & SUIT_MASKS[suit]).bit_count() >= 2
    if strength == 7:
        return 12.0
    if strength == 6:
        return 8.0 if guarded else 6.0
    if strength == 5:
        return 4.5 if guarded else 3.0
    return strength * 0.5


def discard_order(hand: int, trump: int, power: tuple[int, ...]) -> list[int]:
    """The hand's cards, the first to throw away first."""
    cards = [card for card in range(32) if hand >> card & 1]
    return sorted(cards, key=lambda card: (card_keep_value(card, hand, trump, power), card))


def quick_discard(hand: int, trump: int, power: tuple[int, ...], fewest: int, most: int) -> int:
    """The textbook discard, as a model of the other player: throw every card
    below a guarded queen, within the allowed count."""
    order = discard_order(hand, trump, power)
    count = sum(1 for card in order if card_keep_value(card, hand, trump, power) < 7.0)
    count = max(fewest, min(most, count))
    mask = 0
    for card in order[:count]:
        mask |= 1 << card
    return mask


def good_cards(hand: int, trump: int, power: tuple[int, ...]) -> int:
    """Cards the textbook keeps in an exchange (trumps, kings, guarded queens)."""
    return sum(
        1 for card in range(32) if hand >> card & 1 and card_keep_value(card, hand, trump, power) >= 7.0
    )


def _plain_guards(hand: int, trump: int) -> int:
    """Plain suits guarded by a king or a queen."""
    guards = 0
    for suit in range(4):
        if suit != trump and (_rank_in(hand, suit, KING) or _rank_in(hand, suit, QUEEN)):
            guards += 1
    return guards


def dealer_would_refuse(hand: int, trump: int) -> bool:
    """The textbook dealer: refuse when guarded in three suits, or in two
    with a trump, or in one with two trumps (a queen is a guard)."""
    trumps = (hand & SUIT_MASKS[trump]).bit_count()
    return trumps + _plain_guards(hand, trump) >= 3


def elder_would_play(hand: int, trump: int) -> bool:
    """The textbook elder's jeux de règle, roughly: play on a hand likely to
    take three tricks."""
    trumps = (hand & SUIT_MASKS[trump]).bit_count()
    if trumps >= 3:
        return True
    courts = 0
    kings_queens = 0
    longest = 0
    for suit in range(4):
        if suit == trump:
            continue
        held = hand & SUIT_MASKS[suit]
        longest = max(longest, held.bit_count())
        for rank in (KING, QUEEN):
            if _rank_in(hand, suit, rank):
                kings_queens += 1
                courts += 1
        if _rank_in(hand, suit, KNAVE):
            courts += 1
    if trumps == 2:
        return kings_queens >= 1 or longest >= 3
    if trumps == 1:
        return kings_queens >= 2 or longest >= 4
    return courts >= 4


def strength(hand: int, trump: int, power: tuple[int, ...]) -> float:
    """A rough count of a hand's worth, for weighting sampled hands."""
    return sum(card_keep_value(card, hand, trump, power) for card in range(32) if hand >> card & 1)
