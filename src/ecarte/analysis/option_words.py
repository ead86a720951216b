"""A decision's option in words, as the player knows it: a card, a discard,
a word ("Propose"). Plain text for ``ecarte analyse``; the coach's panel and
the Analysis view draw the same words with coloured cards
(``tui.hint_panel.option_text``), from the same table and sentences."""

from __future__ import annotations

from ecarte.engine import Action
from ecarte.engine.actions import ACCEPT, CARD, DISCARD, KING, PLAY, PROPOSE, REFUSE
from ecarte.engine.cards import Card, card_label, cards_in, sorted_hand
from ecarte.i18n import N_, _

OPTION_WORDS = {
    # Translators: the coach's options, in a narrow panel: one short word each.
    PROPOSE: N_("Propose"),
    PLAY: N_("Play"),
    ACCEPT: N_("Accept"),
    REFUSE: N_("Refuse"),
    KING: N_("Announce"),
}
"""The options that are a word, untranslated (``_`` at the moment of use)."""


def option_word(action: Action) -> str:
    """The word of an option that is neither a card nor a discard."""
    word = OPTION_WORDS.get(action.type)
    return _(word) if word else str(action.type)


def discarded_cards(action: Action, trump: int | None = None, ace_high: bool = False) -> list[Card]:
    """A discard's cards in the order of the hand (``trump``: trumps first,
    strongest first), as the History and the hand box name them."""
    return sorted_hand(cards_in(action.discards), trump, ace_high)


def keep_the_hand() -> str:
    # Translators: the coach's option of discarding nothing (the dealer may keep the hand).
    return _("Keep the hand")


def option_label(
    action: Action, symbols: bool = True, *, trump: int | None = None, ace_high: bool = False
) -> str:
    """The option in plain words: ``K♠``, ``Discard 7♦ 8♣``, ``Keep the hand``, ``Propose``."""
    if action.type == CARD:
        return card_label(action.card, symbols)
    if action.type == DISCARD:
        cards = discarded_cards(action, trump, ace_high)
        if not cards:
            return keep_the_hand()
        # Translators: {cards} is the list of cards to discard, in the coach's narrow panel.
        return _("Discard {cards}").format(cards=" ".join(card_label(card, symbols) for card in cards))
    return option_word(action)
