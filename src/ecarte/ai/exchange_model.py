"""The other player's exchange answers as the computed table of the jeux de
règle shows the expert giving them (``docs/strategy.md``, ``docs/ai.md``).

The expert simulates the rest of a deal for its own exchange decisions, and
weights the hands it samples by the other's earlier decisions. Both need a
model of what the other does with a hand: would elder play at once, would
the dealer refuse? ``expert_heuristics`` answers by the textbook. This module
answers by the table ``tools/jeux_de_regle.py`` computed with the expert on
both sides: for each class of hand (the doctrine's own classes, defined
here) and each score the table singles out, how many of its deals the expert
played (as elder) or refused (as dealer) on. The counts are in the generated
``exchange_table``. The table covers only the first decision of a deal (it is
the one that makes a player liable); later ones stay with the textbook.
"""

from __future__ import annotations

from .classic_hands import ONLY_TWO_DISCARDS, TEN_ROLE, HandReading
from .exchange_table import DEALER_REFUSES, ELDER_PLAYS

SCORES: dict[str, tuple[int, int]] = {
    "0-0": (0, 0),
    "dealer at four": (0, 4),
    "elder at four": (4, 0),
    "four all": (4, 4),
}
"""The table's scores: (elder's score, the dealer's score) in the game to 5."""

# ------------------------------------------------------------------ classes

KING_ALONE = "the king of trumps, no other trump"
KING_AND_ONE = "the king of trumps and one other trump"
KING_AND_MORE = "the king of trumps and two other trumps or more"


def no_jeu(trumps: int, even_chance: bool) -> str:
    chance = "three probable tricks or more" if even_chance else "under three probable tricks"
    return f"no jeu: {min(trumps, 2)} trump{'s' if trumps != 1 else ''}, {chance}"


ELDER_JEUX = (
    "three trumps or more",
    "two trumps and three cards of one plain suit",
    "two trumps with a king, or a queen and a guarded card",
    "one trump with a tierce major",
    "one trump with four cards of one plain suit",
    "one trump with two queens",
    "one trump with a queen and a guarded knave",
    "one trump with a king and a queen in different suits",
    "four court cards without a trump",
    ONLY_TWO_DISCARDS,
)
ELDER_CLASSES = (
    KING_ALONE,
    KING_AND_ONE,
    KING_AND_MORE,
    *ELDER_JEUX,
    *(no_jeu(trumps, even) for trumps in (2, 1, 0) for even in (True, False)),
)


def elder_class(hand: int, trump: int, ace_high: bool = False) -> str:
    """The class of elder's hand: the king of trumps first (the doctrine
    proposes on it), then the first jeu de règle the hand belongs to, in the
    doctrine's order, else its trumps and whether it has an even chance
    (three probable tricks, ``docs/ai.md``)."""
    reading = HandReading(hand, trump, ace_high)
    if reading.trump_king:
        return (KING_ALONE, KING_AND_ONE, KING_AND_MORE)[min(reading.trumps, 3) - 1]
    jeux = reading.jeux_de_regle()
    if jeux:
        return jeux[0]
    return no_jeu(reading.trumps, reading.probable_tricks() >= 3)


THREE_TRUMPS_KING = "three trumps or more, with the king"
THREE_TRUMPS_NO_KING = "three trumps or more, without the king"
TWO_DISCARDS_KING = "at most two cards to discard, with the king of trumps"
TWO_DISCARDS_NO_KING = "at most two cards to discard, without the king of trumps"
ONE_TRUMP_SMALL = "one trump, no other card above a ten"
THREE_QUEENS = "three queens, two of them singly guarded"
REFUSING_JEU = "a jeu de règle, not one of the seven exceptions"
EXCEPTION_JEU = "a jeu de règle of the seven exceptions only"


def guarded(trumps: int) -> str:
    return f"guarded to refuse, {trumps} trump{'s' if trumps != 1 else ''}"


def unguarded(trumps: int) -> str:
    return f"not guarded, no jeu: {trumps} trump{'s' if trumps != 1 else ''}"


DEALER_CLASSES = (
    THREE_TRUMPS_KING,
    THREE_TRUMPS_NO_KING,
    TWO_DISCARDS_KING,
    TWO_DISCARDS_NO_KING,
    ONE_TRUMP_SMALL,
    THREE_QUEENS,
    *(guarded(trumps) for trumps in (0, 1, 2)),
    REFUSING_JEU,
    EXCEPTION_JEU,
    *(unguarded(trumps) for trumps in (0, 1, 2)),
)


def dealer_class(hand: int, trump: int, ace_high: bool = False) -> str:
    """The class of the dealer's hand, by the doctrine's rules in the order
    the textbook player applies them (``docs/ai.md``, "Dealer: accept or
    refuse"): the first that applies."""
    reading = HandReading(hand, trump, ace_high)
    if reading.trumps >= 3:
        return THREE_TRUMPS_KING if reading.trump_king else THREE_TRUMPS_NO_KING
    if reading.discardable <= 2:
        return TWO_DISCARDS_KING if reading.trump_king else TWO_DISCARDS_NO_KING
    if reading.trumps == 1 and reading.highest_plain <= TEN_ROLE:
        return ONE_TRUMP_SMALL
    if reading.three_queens_two_singly_guarded():
        return THREE_QUEENS
    if reading.guarded_to_refuse():
        return guarded(reading.trumps)
    jeux = reading.jeux_de_regle()
    if jeux:
        if any(not reading.too_weak_for_dealer(category) for category in jeux):
            return REFUSING_JEU
        return EXCEPTION_JEU
    return unguarded(reading.trumps)


# ------------------------------------------------------------------ the model


def table_score(elder_points: int, dealer_points: int, target: int) -> str:
    """The table's score nearest the game's: a player one point from the game
    is "at four", any other score is read as 0-0 (the table has no other)."""
    elder_at_four = elder_points == target - 1
    dealer_at_four = dealer_points == target - 1
    if elder_at_four and dealer_at_four:
        return "four all"
    if elder_at_four:
        return "elder at four"
    if dealer_at_four:
        return "dealer at four"
    return "0-0"


def _chance(counts: tuple[int, int]) -> float:
    """The share of the table's deals, smoothed (half a deal each way) so
    that a class the expert never played on in twelve deals is unlikely,
    not impossible."""
    chosen, deals = counts
    return (chosen + 0.5) / (deals + 1.0)


_CACHE: dict[tuple[int, int, bool, str, bool], float] = {}


def _lookup(hand: int, trump: int, ace_high: bool, score: str, elder: bool) -> float:
    key = (hand, trump, ace_high, score, elder)
    chance = _CACHE.get(key)
    if chance is None:
        if elder:
            chance = _chance(ELDER_PLAYS[score, elder_class(hand, trump, ace_high)])
        else:
            chance = _chance(DEALER_REFUSES[score, dealer_class(hand, trump, ace_high)])
        if len(_CACHE) > 200_000:
            _CACHE.clear()
        _CACHE[key] = chance
    return chance


def elder_play_chance(hand: int, trump: int, ace_high: bool, score: str) -> float:
    """How likely the expert elder is to play this hand at once, at ``score``
    (one of ``SCORES``): the share of the table's deals of its class."""
    return _lookup(hand, trump, ace_high, score, True)


def dealer_refuse_chance(hand: int, trump: int, ace_high: bool, score: str) -> float:
    """How likely the expert dealer is to refuse elder's first proposal with
    this hand, at ``score``: the share of the table's deals of its class."""
    return _lookup(hand, trump, ace_high, score, False)
