"""What the other player's decisions say about its hand, learned from play.

The expert samples the other hand from the cards it cannot see and weights
each candidate by what the other's decisions suggest (``sampling``). The
textbook weights (``expert_heuristics``: a hand that "fits" the decision
counts 1, one that does not counts ``UNLIKELY``) are assumptions; this
module holds the same knowledge measured from matches played
(``tools/learn_inference.py``, its output in ``inference_table``):

- **The exchange**: for each situation the seat can see (who is elder,
  how many exchanges, who is liable, the phase, how many cards the other
  kept, a late refusal or a late play), how much more or less often each
  class of hand (``hand_class``) is the other's real hand than the sampler
  draws it. The weight is that ratio: it corrects the sampler, which draws
  uniformly from the unseen cards, towards the hands the other really holds
  there (a dealer who refused holds trumps; after an exchange the other's
  hand is stronger than uniform, since it threw its weak cards).
- **The lead** (new): how the other chooses the card it leads, by the class
  of its hand then. A lead of a trump says the hand is long in trumps; a
  low plain card from a hand with a king says something else again. The
  weight of a candidate hand is the chance the other would have led that
  card from it: ``P(category | class) / cards of that category in hand``.

Every function here runs once per candidate hand inside the sampler, so
each is a handful of bit operations and table look-ups.
"""

from __future__ import annotations

from functools import cache

from ecarte.engine.cards import SUIT_MASKS, Card, power_table, suit_of
from ecarte.engine.view import Phase, View

from . import inference_table
from .expert_heuristics import dealer_would_refuse, elder_would_play

HAND_CLASSES = 30
"""``hand_class`` values: trumps (0-4, four or more together) x the trump
king (held or not) x top plain cards (0, 1, two or more)."""
EXCHANGE_CLASSES = 2 * HAND_CLASSES
"""``exchange_class`` values: the hand class, and whether the textbook
would call the hand strong for the other's seat."""
LEAD_CATEGORIES = 4
TRUMP_LEAD, TOP_RANK_LEAD, TOP_OF_SUIT_LEAD, LOW_LEAD = range(LEAD_CATEGORIES)
"""A trump; a plain card of the top rank (the king, or the ace when aces
are high); the highest card the hand holds in a plain suit; any other."""
LEAD_TRICKS = 2
"""Leads are told apart by trick: the first, and any later one."""
LEAD_TRICKS_READ = 3
"""The other's leads read: those of the first three tricks (later, few
hands are left and the replies say more)."""


def top_rank_mask(power: tuple[int, ...]) -> int:
    """Mask of the four cards of the top rank (power 7) under ``power``."""
    mask = 0
    for card in range(32):
        if power[card] == 7:
            mask |= 1 << card
    return mask


def hand_class(hand: int, trump: int, top_ranks: int) -> int:
    """The class of a hand for the tables: how many trumps (four or more
    count as four), whether it holds the trump king, how many plain cards
    of the top rank (two or more count as two)."""
    trumps_mask = SUIT_MASKS[trump]
    trumps = min(4, (hand & trumps_mask).bit_count())
    king = hand >> (trump * 8 + 7) & 1
    tops = min(2, (hand & top_ranks & ~trumps_mask).bit_count())
    return trumps * 6 + king * 3 + tops


def _highest_by_holding(power: tuple[int, ...]) -> tuple[int, ...]:
    """For each holding of one suit (a byte of a hand), the power of its
    highest card (-1 for none); power depends on the rank alone."""
    return tuple(
        max((power[rank] for rank in range(8) if byte >> rank & 1), default=-1) for byte in range(256)
    )


_HIGHEST = (_highest_by_holding(power_table(False)), _highest_by_holding(power_table(True)))
_ACE = 4
"""The ace's rank index: of power 7 only when aces are high."""


def textbook_strong(hand: int, trump: int, ace_high: bool, elder: bool) -> bool:
    """The textbook's judgement of a hand for its seat: elder would play it
    at once, the dealer would refuse on it (``expert_heuristics``)."""
    return elder_would_play(hand, trump, ace_high) if elder else dealer_would_refuse(hand, trump, ace_high)


def exchange_class(hand: int, trump: int, top_ranks: int, strong: bool) -> int:
    """The class of a hand for the exchange table: its ``hand_class``, told
    apart by ``strong`` (``textbook_strong``), which reads the hand's shape
    finer than counts of trumps and kings can."""
    return hand_class(hand, trump, top_ranks) + HAND_CLASSES * strong


def lead_category(card: Card, hand: int, trump: int, power: tuple[int, ...]) -> int:
    """What kind of lead ``card`` is from ``hand`` (the hand before the lead)."""
    suit = suit_of(card)
    if suit == trump:
        return TRUMP_LEAD
    strength = power[card]
    if strength == 7:
        return TOP_RANK_LEAD
    highest = _HIGHEST[power[_ACE] == 7][hand >> (suit * 8) & 0xFF]
    return LOW_LEAD if highest > strength else TOP_OF_SUIT_LEAD


def cards_of_category(category: int, hand: int, trump: int, power: tuple[int, ...], top_ranks: int) -> int:
    """How many cards of ``hand`` would be a lead of ``category``."""
    trumps_mask = SUIT_MASKS[trump]
    if category == TRUMP_LEAD:
        return (hand & trumps_mask).bit_count()
    plain = hand & ~trumps_mask
    of_top_rank = (plain & top_ranks).bit_count()
    if category == TOP_RANK_LEAD:
        return of_top_rank
    # Each plain suit held whose highest card is below the top rank has one
    # top-of-suit card; every other plain card is low.
    highest = _HIGHEST[power[_ACE] == 7]
    tops = 0
    for suit in range(4):
        if suit != trump and 0 <= highest[hand >> (suit * 8) & 0xFF] < 7:
            tops += 1
    if category == TOP_OF_SUIT_LEAD:
        return tops
    return plain.bit_count() - tops - of_top_rank


def exchange_context(view: View, refused_late: bool, played_late: bool, kept: int) -> str:
    """The situation of the exchange as ``view``'s seat sees it, as a key of
    ``inference_table.EXCHANGE``: what the other's exchange decisions were.
    ``refused_late``, ``played_late`` and ``kept`` are what the seat
    remembered of this deal beyond the view (``ExpertPlayer._remember``)."""
    opponent = 1 - view.seat
    role = "elder" if view.elder == opponent else "dealer"
    liable = "none" if view.liable is None else ("them" if view.liable == opponent else "me")
    phase = view.phase.value if view.phase != Phase.OVER else Phase.TRICKS.value
    exchanges = min(view.exchanges, 2)
    return f"{role}|{phase}|x{exchanges}|{liable}|k{kept}|r{int(refused_late)}|p{int(played_late)}"


def exchange_ratios(context: str) -> tuple[float, ...] | None:
    """Each hand class's weight in that situation, the largest 1 (``None``
    when the situation was not seen often enough to say)."""
    return inference_table.EXCHANGE.get(context)


def lead_likelihoods(trick: int) -> tuple[tuple[float, ...], ...]:
    """[hand class][category] -> the chance of a lead of that category, for
    the ``trick``-th trick (0-based), scaled so the most likely class of
    each category has 1."""
    return inference_table.LEAD[min(trick, LEAD_TRICKS - 1)]


def lead_weight(
    card: Card,
    hand: int,
    trump: int,
    power: tuple[int, ...],
    top_ranks: int,
    likelihoods: tuple[tuple[float, ...], ...],
) -> float:
    """The relative chance that a player holding ``hand`` leads ``card``
    (which it holds): that of the lead's category for the hand's class,
    shared among the hand's cards of that category."""
    category = lead_category(card, hand, trump, power)
    count = cards_of_category(category, hand, trump, power, top_ranks)
    return likelihoods[hand_class(hand, trump, top_ranks)][category] / max(1, count)


Lead = tuple[Card, int, tuple[tuple[float, ...], ...], float]
"""A lead of the other's: the card, the cards it had played before it, the
likelihoods of that trick (``lead_likelihoods``), and a scale that brings
the largest weight the lead can give a hand to about 1."""


def _least_held(cls: int, category: int) -> int:
    """The fewest cards of ``category`` a hand of class ``cls`` holds (0:
    it cannot lead one)."""
    trumps, tops = cls // 6, cls % 3
    if category == TRUMP_LEAD:
        return trumps
    if category == TOP_RANK_LEAD:
        return tops
    return 1


@cache
def _lead_bound(trick: int, category: int) -> float:
    likelihoods = lead_likelihoods(trick)
    return max(
        (
            likelihoods[cls][category] / _least_held(cls, category)
            for cls in range(HAND_CLASSES)
            if _least_held(cls, category)
        ),
        default=1.0,
    )


def opponent_leads(view: View, power: tuple[int, ...]) -> list[Lead]:
    """The other's leads to the first ``LEAD_TRICKS_READ`` tricks, from ``view``."""
    opponent = 1 - view.seat
    trump = view.trump
    shown: list[tuple[Card, int, int]] = []
    before = 0
    for index, trick in enumerate(view.tricks[:LEAD_TRICKS_READ]):
        first, second = trick.cards
        if trick.leader == opponent:
            shown.append((first, before, index))
        before |= 1 << (first if trick.leader == opponent else second)
    if view.trick and len(view.tricks) < LEAD_TRICKS_READ:
        # A view is shown to the seat to move: a trick in progress was led by the other.
        shown.append((view.trick[0], before, len(view.tricks)))
    leads: list[Lead] = []
    for card, played, index in shown:
        # The categories this card can be, whatever else the hand holds.
        if suit_of(card) == trump:
            categories: tuple[int, ...] = (TRUMP_LEAD,)
        elif power[card] == 7:
            categories = (TOP_RANK_LEAD,)
        else:
            categories = (TOP_OF_SUIT_LEAD, LOW_LEAD)
        table = min(index, LEAD_TRICKS - 1)
        bound = max(_lead_bound(table, category) for category in categories)
        leads.append((card, played, lead_likelihoods(table), 1.0 / bound if bound > 0 else 1.0))
    return leads
