"""What the player knows for certain of the other hand, read from the
player's own view: the trump king the other announced and has not played
yet, and the cards its replies showed it lacks. A reply had to follow suit,
beat the led card and trump when void, if it could (the engine's
``tricks.ruled_out_by_reply``, gathered by ``sampling.ruled_out_by_replies``
as the expert gathers it), so a heart thrown on a spade lead says "no
spade", and a low spade under a spade lead says "no spade above it".

With the Coach always on, the other's frame at the table says it
(``docs/analysis.md``): it is what an attentive player works out and
remembers, and what a learner has to be shown before learning to."""

from __future__ import annotations

from dataclasses import dataclass

from ecarte.ai.sampling import forced_cards, ruled_out_by_replies, unseen_pool
from ecarte.engine import Card, View, card_label
from ecarte.engine.cards import SUIT_MASKS, beaters, cards_in, suit_sign
from ecarte.engine.rules import Rules
from ecarte.i18n import _


@dataclass(frozen=True)
class Reading:
    """The certain facts, in the order they are said."""

    holds: tuple[Card, ...] = ()
    """Cards the other certainly holds (the trump king it announced)."""
    void: tuple[int, ...] = ()
    """Suits its replies showed it holds none of, trumps first."""
    capped: tuple[tuple[int, Card, tuple[Card, ...]], ...] = ()
    """Suits its replies showed it holds nothing high in: (suit, the card
    it showed nothing above, the cards above it the player cannot see, high
    to low: those it lacks)."""

    def __bool__(self) -> bool:
        return bool(self.holds or self.void or self.capped)


def reading_of(view: View, rules: Rules) -> Reading:
    """What ``view``'s seat knows for certain of the other hand now."""
    ruled_out = ruled_out_by_replies(view, rules)
    possible = unseen_pool(view) & ~ruled_out
    above = beaters(rules.ace_high)
    void: list[int] = []
    capped: list[tuple[int, Card, tuple[Card, ...]]] = []
    # Trumps first: the suit a player counts first.
    for suit in sorted(range(4), key=lambda s: s != view.trump):
        ruled = ruled_out & SUIT_MASKS[suit]
        if not ruled:
            continue  # its replies said nothing of this suit
        if not possible & SUIT_MASKS[suit]:
            void.append(suit)
            continue
        # A reply that did not beat the led card rules out the cards above
        # it, so the cards ruled out are the top of the suit: the reading
        # names the card under them, the one it showed nothing above.
        under = SUIT_MASKS[suit] & ~ruled
        below = next(card for card in cards_in(under) if not above[card] & under)
        lacks = cards_in(ruled & unseen_pool(view))
        if lacks:
            capped.append((suit, below, tuple(sorted(lacks, key=lambda card: above[card].bit_count()))))
    return Reading(tuple(cards_in(forced_cards(view))), tuple(void), tuple(capped))


def reading_words(reading: Reading, trump: int, symbols: bool = True) -> list[str]:
    """The facts, each a few words: "holds K♠", "no trump", "no ♥", "no
    K♠", "no K♣ or J♣", "no ♣ above 10♣" (the cards it lacks are named, up
    to three; more are said by the card they are above, the one it did not
    beat: "above A♠", where the ace ranks below the jack, would puzzle)."""
    words = [
        # Translators: on the table's last line, a card the other is known to hold: "holds K♠".
        _("holds {card}").format(card=card_label(card, symbols))
        for card in reading.holds
    ]
    for suit in reading.void:
        if suit == trump:
            # Translators: on the table's last line: the other's replies showed it has no trump.
            words.append(_("no trump"))
        else:
            # Translators: on the table's last line: no card of that suit, shown by its sign ("no ♥").
            words.append(_("no {suit}").format(suit=suit_sign(suit, symbols)))
    for suit, below, lacks in reading.capped:
        if len(lacks) == 1:
            # Translators: on the table's last line: a card the other's replies showed it lacks ("no K♠").
            words.append(_("no {card}").format(card=card_label(lacks[0], symbols)))
            continue
        if len(lacks) == 2:
            # Translators: on the table's last line: two cards the other lacks ("no K♠ or J♠").
            words.append(
                _("no {card} or {other}").format(
                    card=card_label(lacks[0], symbols), other=card_label(lacks[1], symbols)
                )
            )
            continue
        if len(lacks) == 3:
            # Translators: on the table's last line: three cards the other lacks ("no K♠, Q♠ or J♠").
            words.append(
                _("no {first}, {second} or {third}").format(
                    first=card_label(lacks[0], symbols),
                    second=card_label(lacks[1], symbols),
                    third=card_label(lacks[2], symbols),
                )
            )
            continue
        card = card_label(below, symbols)
        if suit == trump:
            # Translators: on the table's last line: no trump higher than the card named.
            words.append(_("no trump above {card}").format(card=card))
        else:
            # Translators: on the table's last line: no card of the suit higher than the card
            # named ("no ♣ above 9♣").
            words.append(_("no {suit} above {card}").format(suit=suit_sign(suit, symbols), card=card))
    return words
