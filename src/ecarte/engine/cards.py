"""The 32-card piquet deck of écarté.

A card is a plain ``int`` from 0 to 31: ``suit * 8 + rank``. Plain integers
keep the hot paths (legal replies, trick winners, the AI's search) cheap, and
a hand is a 32-bit mask of such cards.

Ranks are numbered in écarté's normal order, low to high:
7 8 9 T A J Q K, so the ace sits between the ten and the jack. The variant
``ace_high`` only changes which card beats which (see ``beaters``); the
numbering never changes, so a card's code is the same under every rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ecarte.i18n import N_, Deferred, pgettext

from .quoting import quoted

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:  # the generator is always the caller's; ``ecarte check`` shuffles nothing
    import random

Card = int
"""A card, 0-31: ``suit * 8 + rank``."""

SUITS = "SHDC"
"""Suit letters by suit index: spades, hearts, diamonds, clubs."""

RANKS = "789TAJQK"
"""Rank letters by rank index, low to high in the normal order."""

SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
"""The suits in English words; ``suit_name`` says them in the player's language."""
RANK_LABELS = ("7", "8", "9", "10", "A", "J", "Q", "K")
"""The ranks as an English reader writes them; ``rank_label`` in the player's language."""

KING = 7
"""Rank index of the king: the trump king is the scoring card in both orders."""
ACE = 4

ALL_CARDS: tuple[Card, ...] = tuple(range(32))
FULL_DECK_MASK = (1 << 32) - 1
SUIT_MASKS: tuple[int, ...] = tuple(0xFF << (8 * suit) for suit in range(4))


class CardError(ValueError):
    """A card code that does not name one of the 32 cards; the message is a
    ``Deferred`` text (English in files, translated where shown)."""


def make_card(rank: int, suit: int) -> Card:
    return suit * 8 + rank


def trump_king(trump: int) -> Card:
    """The king of trumps: the scoring card under every rank order."""
    return trump * 8 + KING


def suit_of(card: Card) -> int:
    return card >> 3


def rank_of(card: Card) -> int:
    return card & 7


def card_code(card: Card) -> str:
    """The two-letter code of the log and the protocol: rank then suit, ``TH``."""
    return RANKS[card & 7] + SUITS[card >> 3]


_CODE_TO_CARD = {card_code(card): card for card in ALL_CARDS}


def parse_card(code: str) -> Card:
    """The card named by a code such as ``KS``; codes are upper case."""
    try:
        return _CODE_TO_CARD[code]
    except (KeyError, TypeError):
        raise CardError(
            Deferred(
                # Translators: K Q J A T 9 8 7 and S H D C are the codes of the log
                # and the bot protocol (English initials, whatever the language):
                # keep them, and 'TH', as they are.
                N_(
                    "{code} is not a card: a card is a rank (K Q J A T 9 8 7) "
                    "then a suit (S H D C), e.g. 'TH'"
                ),
                code=quoted(code),
            )
        ) from None


def rank_label(rank: int) -> str:
    """A rank as the player's language writes it on a card: ``K``, or ``K``
    ``D`` ``B`` in German (König, Dame, Bube); ``10`` stays ``10``."""
    # The letters come from the catalog: one character each (the table
    # has room for no more); the numbers are the same everywhere.
    labels = (
        "7",
        "8",
        "9",
        "10",
        # Translators: the ace on a card: ONE letter.
        pgettext("rank", "A"),
        # Translators: the jack on a card: ONE letter (German B, Finnish S).
        pgettext("rank", "J"),
        # Translators: the queen on a card: ONE letter (German D, Finnish R).
        pgettext("rank", "Q"),
        # Translators: the king on a card: ONE letter.
        pgettext("rank", "K"),
    )
    return labels[rank]


def suit_name(suit: int) -> str:
    """A suit in words, plural, in the player's language: ``hearts``."""
    names = (
        # Translators: the suit in words, plural, lower case where the language
        # allows, as in "spades are trumps".
        pgettext("suit", "spades"),
        # Translators: the suit in words, plural ("hearts are trumps").
        pgettext("suit", "hearts"),
        # Translators: the suit in words, plural ("diamonds are trumps").
        pgettext("suit", "diamonds"),
        # Translators: the suit in words, plural ("clubs are trumps").
        pgettext("suit", "clubs"),
    )
    return names[suit]


def suit_letter(suit: int) -> str:
    """A suit as one letter, for terminals without the suit symbols, in the
    player's language: ``H``, or ``C`` (cœur) in French. Only on screen: the
    log and the protocol always use ``SUITS``."""
    # The letter comes after the rank (10H), so it may repeat a rank letter;
    # what it must not do is read as another suit's initial (an English C,
    # clubs, is a French reader's cœur).
    letters = (
        # Translators: spades as ONE letter, shown after the rank (10S) when
        # the terminal has no suit symbols. The four suit letters must differ;
        # none may be the initial of another suit's name.
        pgettext("suit letter", "S"),
        # Translators: hearts as ONE letter (10H); see spades.
        pgettext("suit letter", "H"),
        # Translators: diamonds as ONE letter (10D); see spades.
        pgettext("suit letter", "D"),
        # Translators: clubs as ONE letter (10C); see spades.
        pgettext("suit letter", "C"),
    )
    return letters[suit]


def suit_sign(suit: int, symbols: bool = True) -> str:
    """The suit as shown on a card: its symbol, or its letter (``suit_letter``)."""
    return SUIT_SYMBOLS[suit] if symbols else suit_letter(suit)


def card_label(card: Card, symbols: bool = True) -> str:
    """How a person reads the card: ``10♥`` (or ``10H`` without symbols),
    with the rank and the suit letter as the player's language writes them.
    Never in a log or the protocol: those use ``card_code``."""
    return rank_label(card & 7) + suit_sign(card >> 3, symbols)


def bit(card: Card) -> int:
    return 1 << card


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: int) -> list[Card]:
    """The cards of a mask, lowest index first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def iter_cards(mask: int) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _power_table(ace_high: bool) -> tuple[int, ...]:
    # With the ace high, the ace jumps from between J and T to the top.
    order = (0, 1, 2, 3, 7, 4, 5, 6) if ace_high else (0, 1, 2, 3, 4, 5, 6, 7)
    return tuple(order[card & 7] for card in ALL_CARDS)


POWER_NORMAL = _power_table(False)
POWER_ACE_HIGH = _power_table(True)


def power_table(ace_high: bool) -> tuple[int, ...]:
    """Strength of each card within its suit (0-7) under a rank order."""
    return POWER_ACE_HIGH if ace_high else POWER_NORMAL


def _beaters_table(ace_high: bool) -> tuple[int, ...]:
    power = power_table(ace_high)
    table = []
    for card in ALL_CARDS:
        suit = card >> 3
        table.append(mask_of(other for other in range(suit * 8, suit * 8 + 8) if power[other] > power[card]))
    return tuple(table)


BEATERS_NORMAL = _beaters_table(False)
BEATERS_ACE_HIGH = _beaters_table(True)


def beaters(ace_high: bool) -> tuple[int, ...]:
    """For each card, the mask of the cards of its suit that beat it."""
    return BEATERS_ACE_HIGH if ace_high else BEATERS_NORMAL


def sort_key(card: Card, trump: int | None = None, ace_high: bool = False) -> tuple[int, int]:
    """Sort hands by suit (trumps first), strongest first within a suit."""
    suit = card >> 3
    suit_rank = -1 if suit == trump else suit
    return (suit_rank, -power_table(ace_high)[card])


def sorted_hand(cards: Iterable[Card], trump: int | None = None, ace_high: bool = False) -> list[Card]:
    return sorted(cards, key=lambda card: sort_key(card, trump, ace_high))


def parse_deck(text: str) -> tuple[Card, ...]:
    """A deck string of the log: 32 codes, single spaces, each card once."""
    codes = text.split(" ")
    if len(codes) != 32:
        found = (
            N_("a deck has 32 cards separated by single spaces; found 1 item")
            if len(codes) == 1
            else N_("a deck has 32 cards separated by single spaces; found {count} items")
        )
        raise CardError(Deferred(found, count=len(codes)))
    deck = tuple(parse_card(code) for code in codes)
    seen: set[Card] = set()
    for card in deck:
        if card in seen:
            raise CardError(Deferred(N_("the deck holds {card} twice"), card=card_code(card)))
        seen.add(card)
    return deck


def deck_string(deck: Sequence[Card]) -> str:
    return " ".join(card_code(card) for card in deck)


def shuffled_deck(rng: random.Random) -> tuple[Card, ...]:
    """A uniformly shuffled deck; chance comes only from the generator passed in.

    Each card gets a random key and the deck is sorted by key: every order is
    equally likely, and it costs half of ``rng.shuffle`` (one C call per card
    instead of Python-level ``randbelow`` calls).
    """
    random_key = rng.random
    keys = [random_key() for _ in ALL_CARDS]
    return tuple(sorted(ALL_CARDS, key=keys.__getitem__))
