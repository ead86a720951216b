"""The opponent hands a seat cannot rule out, from its view alone.

Everything here is computed from the ``View`` (``docs/bot-protocol.md``):
the cards the seat has seen (its hand, its discards, the upcard, every card
played) are never in the other hand; the other hand holds five cards less
those it has played; a seat that announced the trump king holds it until it
plays it. What the other's decisions suggest enters as a weight between 0
and 1 on each candidate hand (rejection sampling), never as certainty.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from math import comb

from ecarte.engine.cards import FULL_DECK_MASK, beaters, cards_in
from ecarte.engine.rules import Rules
from ecarte.engine.tricks import ruled_out_by_reply
from ecarte.engine.view import View

HandWeight = Callable[[int], float]
"""Weight in [0, 1] of a candidate opponent hand (a mask)."""


def played_by(view: View, seat: int) -> int:
    """Mask of the cards ``seat`` has played in this deal's tricks so far."""
    mask = 0
    for trick in view.tricks:
        first, second = trick.cards
        mask |= 1 << (first if trick.leader == seat else second)
    # A view is shown to the player to move, so a trick in progress holds
    # the other seat's lead.
    if view.trick and seat != view.seat:
        mask |= 1 << view.trick[0]
    return mask


def seen_mask(view: View) -> int:
    """Every card this seat knows is not in the other hand now."""
    mask = view.hand_mask | (1 << view.upcard)
    for card in view.my_discards:
        mask |= 1 << card
    for trick in view.tricks:
        mask |= 1 << trick.cards[0] | 1 << trick.cards[1]
    for card in view.trick:
        mask |= 1 << card
    return mask


def unseen_pool(view: View) -> int:
    """The cards that may be in the other hand, in the stock or among the
    other's discards."""
    return FULL_DECK_MASK & ~seen_mask(view)


def ruled_out_by_replies(view: View, rules: Rules) -> int:
    """Cards the other hand cannot hold, by the rules of its replies.

    Each reply it made was legal: it followed suit if able, beat the led
    card if able, trumped if void and able. What each reply rules out is
    the engine's (``tricks.ruled_out_by_reply``); here only the cards this
    seat has not seen are kept."""
    opponent = 1 - view.seat
    order = beaters(rules.ace_high)
    ruled_out = 0
    for trick in view.tricks:
        if trick.leader == opponent:
            continue
        led, reply = trick.cards
        ruled_out |= ruled_out_by_reply(led, reply, view.trump, order, rules.must_trump)
    return ruled_out & unseen_pool(view)


def opponent_hand_size(view: View) -> int:
    return 5 - played_by(view, 1 - view.seat).bit_count()


def forced_cards(view: View) -> int:
    """Cards the other hand certainly holds: the trump king it announced and
    has not played yet."""
    opponent = 1 - view.seat
    king = view.trump_king
    if opponent in view.announced and not seen_mask(view) >> king & 1:
        return 1 << king
    return 0


def opponent_hands(
    view: View,
    rng: random.Random,
    count: int,
    weight: HandWeight | None = None,
    enumerate_limit: int = 0,
    ruled_out: int = 0,
) -> list[tuple[int, float]]:
    """Candidate opponent hands with their weights.

    When the hands consistent with the view number at most
    ``enumerate_limit``, all of them are returned, each with its weight;
    otherwise ``count`` hands drawn at random and accepted with probability
    ``weight`` (weight 1 each). No hand holds a card of ``ruled_out``
    (see ``ruled_out_by_replies``).
    """
    forced = forced_cards(view)
    pool = unseen_pool(view) & ~forced & ~ruled_out
    size = opponent_hand_size(view) - forced.bit_count()
    free = cards_in(pool)
    if size < 0 or size > len(free):
        # The view contradicts itself (a bot host's bug): fall back on
        # whatever can be dealt rather than fail.
        size = max(0, min(size, len(free)))
    if comb(len(free), size) <= enumerate_limit:
        hands = []
        for chosen in combinations(free, size):
            hand = forced
            for card in chosen:
                hand |= 1 << card
            hands.append((hand, 1.0 if weight is None else weight(hand)))
        if sum(w for _, w in hands) > 0:
            return [(hand, w) for hand, w in hands if w > 0]
        return [(hand, 1.0) for hand, _ in hands]
    result: list[tuple[int, float]] = []
    attempts = 0
    limit = count * 30
    # The cards as bits: the same draws as sampling the cards themselves.
    bits = [1 << card for card in free]
    while len(result) < count:
        hand = forced
        for card_bit in rng.sample(bits, size):
            hand |= card_bit
        attempts += 1
        if weight is None or attempts > limit or rng.random() < weight(hand):
            result.append((hand, 1.0))
    return result
