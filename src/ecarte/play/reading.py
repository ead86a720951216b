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
    capped: tuple[tuple[int, Card], ...] = ()
    """Suits its replies showed it holds nothing high in, with the highest
    card of the suit it may still hold."""

    def __bool__(self) -> bool:
        return bool(self.holds or self.void or self.capped)


def reading_of(view: View, rules: Rules) -> Reading:
    """What ``view``'s seat knows for certain of the other hand now."""
    ruled_out = ruled_out_by_replies(view, rules)
    possible = unseen_pool(view) & ~ruled_out
    above = beaters(rules.ace_high)
    void: list[int] = []
    capped: list[tuple[int, Card]] = []
    # Trumps first: the suit a player counts first.
    for suit in sorted(range(4), key=lambda s: s != view.trump):
        if not ruled_out & SUIT_MASKS[suit]:
            continue  # its replies said nothing of this suit
        left = possible & SUIT_MASKS[suit]
        if not left:
            void.append(suit)
        else:
            highest = next(card for card in cards_in(left) if not above[card] & left)
            capped.append((suit, highest))
    return Reading(tuple(cards_in(forced_cards(view))), tuple(void), tuple(capped))


def reading_words(reading: Reading, trump: int, symbols: bool = True) -> list[str]:
    """The facts, each a few words: "holds K♠", "no trump", "no ♥", "no ♣
    above 9♣"."""
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
    for suit, highest in reading.capped:
        card = card_label(highest, symbols)
        if suit == trump:
            # Translators: on the table's last line: no trump higher than the card named.
            words.append(_("no trump above {card}").format(card=card))
        else:
            # Translators: on the table's last line: no card of the suit higher than the card
            # named ("no ♣ above 9♣").
            words.append(_("no {suit} above {card}").format(suit=suit_sign(suit, symbols), card=card))
    return words
