"""Quick judgements of a hand, for what the expert cannot afford to search.

The expert searches its own decisions, but inside its simulations it needs
a model of the other player's (does the dealer refuse? what does a player
throw away?) and a weighting of the opponent hands it samples by what their
decisions suggest (elder who plays at once holds a strong hand). The model
is the textbook (``docs/ai.md``, "The classic player"): for play, propose, accept
and refuse it asks the textbook player's own rules of a hand reading
(``classic.elder_plays_by_the_book``, ``dealer_refuses_by_the_book``), at
an ordinary score unless the caller gives the score; discards use a quick
keep-value order over hand masks, or, for measurement, the textbook
player's own discard (``textbook_discard_of``, ``textbook_kept_most``).
"""

from __future__ import annotations

from ecarte.engine.cards import ACE, KING, SUIT_MASKS, suit_of, trump_king

from .classic import dealer_refuses_by_the_book, elder_plays_by_the_book, textbook_discard, textbook_keeps
from .classic_hands import QUEEN_ROLE, HandReading


def card_keep_value(card: int, hand: int, trump: int, power: tuple[int, ...]) -> float:
    """How much a card is worth keeping in an exchange: trumps and kings
    first, then guarded queens and knaves, low plain cards last."""
    suit = suit_of(card)
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


_GOOD_CARDS: dict[tuple[int, bool], int] = {}


def good_cards(hand: int, trump: int, power: tuple[int, ...]) -> int:
    """Cards the textbook keeps in an exchange (trumps, kings, guarded
    queens): a count of the hand's shape (``hand_shape``), so kept by it."""
    key = (hand_shape(hand, trump), power[ACE] == 7)  # the ace on top: ace high
    count = _GOOD_CARDS.get(key)
    if count is None:
        count = _GOOD_CARDS[key] = sum(
            1 for card in range(32) if hand >> card & 1 and card_keep_value(card, hand, trump, power) >= 7.0
        )
    return count


_TEXTBOOK_DISCARDS: dict[tuple[int, int, bool, int, int], int] = {}


def textbook_discard_of(hand: int, trump: int, ace_high: bool, fewest: int, most: int) -> int:
    """The textbook player's own discard (``classic.textbook_discard``),
    remembered: the simulated deals ask it of the same hands again and again."""
    key = (hand, trump, ace_high, fewest, most)
    thrown = _TEXTBOOK_DISCARDS.get(key)
    if thrown is None:
        if len(_TEXTBOOK_DISCARDS) > 200_000:
            _TEXTBOOK_DISCARDS.clear()
        thrown = _TEXTBOOK_DISCARDS[key] = textbook_discard(hand, trump, ace_high, fewest, most)
    return thrown


_TEXTBOOK_KEPT: dict[tuple[int, bool], int] = {}


def textbook_kept_most(hand: int, trump: int, ace_high: bool) -> int:
    """The most cards the textbook could have kept at a discard from a hand
    holding these cards: its trumps and plain kings, each guarded queen with
    its guard (``classic.textbook_keeps`` as if not drawing for the vole),
    and each bare queen too (five keepers must give one up, and the first
    to go is a queen's guard). By the hand's shape (``hand_shape``: the
    rule reads no more)."""
    key = (hand_shape(hand, trump), ace_high)
    count = _TEXTBOOK_KEPT.get(key)
    if count is None:
        kept = textbook_keeps(hand, trump, ace_high, drawing_for_vole=False).bit_count()
        reading = HandReading(hand, trump, ace_high)
        bare_queens = sum(
            1 for holding in reading.plain if holding.holds(QUEEN_ROLE) and not holding.guarded(QUEEN_ROLE)
        )
        count = _TEXTBOOK_KEPT[key] = kept + bare_queens
    return count


ORDINARY_SCORE = (2, 2)
"""Points each side needs for the game at an ordinary score: neither is
one point from it, where the book's score adjustments begin."""

_MODEL_CACHE: dict[tuple[int, bool, int, int, int, bool], bool] = {}
_READINGS: dict[tuple[int, bool], HandReading] = {}

_LOW_RANKS = 0b111
"""The seven, eight and nine (rank places 0-2) of a suit, the lowest three
cards under either order of the ranks."""

_PLAIN_HOLDING: tuple[int, ...] = tuple(
    (bits >> 3) << 2 | (bits & _LOW_RANKS).bit_count() for bits in range(256)
)
"""For the cards held in one plain suit (a byte of the hand): the ranks
from the ten up, and how many low cards."""


_last_shape = (-1, -1, 0)
"""The last hand asked (its cards, the trump) and its shape: one tuple, read
and replaced whole, so that threads asking at once never mix two hands."""


def hand_shape(hand: int, trump: int) -> int:
    """The hand as the textbook reads it, as one number: how many trumps and
    whether the king is one, and for each plain suit (in no particular order)
    the cards from the ten up and how many cards below the ten. The book's
    rules name no plain suit and never ask which trump or which low card a
    hand holds (``classic_hands``: a low card only guards), so hands of one
    shape get one answer; a test holds the model to that. Keyed so, the
    model's caches hold a few thousand shapes, not every hand the sampler
    draws (and mostly throws back)."""
    global _last_shape
    last = _last_shape
    if hand == last[0] and trump == last[1]:
        return last[2]  # the sampler asks several models of one hand in turn
    holdings = [_PLAIN_HOLDING[hand >> shift & 0xFF] for shift in (0, 8, 16, 24)]
    trumps = hand >> (8 * trump) & 0xFF
    holdings[trump] = 0
    holdings.sort()
    # The trump's slot, now 0, sorts first and drops out of the number.
    king = trumps >> KING & 1
    shape = (trumps.bit_count() << 1 | king) << 21 | holdings[1] << 14 | holdings[2] << 7 | holdings[3]
    _last_shape = (hand, trump, shape)
    return shape


def textbook_at_score(
    hand: int, trump: int, ace_high: bool, elder: bool, exchanges: int, needs: tuple[int, int], turned: bool
) -> bool:
    """The textbook player's own rule, the score included (``classic``):
    would elder play this hand at once after ``exchanges`` exchanges, or
    the dealer refuse on it? ``needs``: the points (this hand's holder, the
    other) each needs for the game; ``turned``: the trump king is the upcard."""
    key = (hand_shape(hand, trump), ace_high, exchanges if elder else -1, needs[0], needs[1], turned)
    answer = _MODEL_CACHE.get(key)
    if answer is None:
        shape_key = key[:2]
        reading = _READINGS.get(shape_key)
        if reading is None:
            # One reading per shape (under 4,000 of them): the book's rules
            # read only the shape, at any score.
            reading = _READINGS[shape_key] = HandReading(hand, trump, ace_high)
        king_mine_or_turned = turned or bool(hand >> trump_king(trump) & 1)
        if elder:
            answer = elder_plays_by_the_book(reading, exchanges, needs[1], king_mine_or_turned)
        else:
            answer = dealer_refuses_by_the_book(reading, needs[0], needs[1], king_mine_or_turned)
        if len(_MODEL_CACHE) > 200_000:
            _MODEL_CACHE.clear()
        _MODEL_CACHE[key] = answer
    return answer


def dealer_would_refuse(hand: int, trump: int, ace_high: bool) -> bool:
    """The textbook dealer at an ordinary score: the model of what a dealer
    does with a hand."""
    return textbook_at_score(hand, trump, ace_high, False, 0, ORDINARY_SCORE, False)


def elder_would_play(hand: int, trump: int, ace_high: bool, first: bool = True) -> bool:
    """The textbook elder at an ordinary score: at the first decision, play
    on a jeu de règle without the trump king; later, on an even chance."""
    return textbook_at_score(hand, trump, ace_high, True, 0 if first else 1, ORDINARY_SCORE, False)
