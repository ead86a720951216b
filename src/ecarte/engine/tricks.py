"""Trick play: which cards may be played, and who wins a trick.

The AI's search calls these millions of times, so they work on hand masks
and precomputed tables (``cards.beaters``, ``cards.power_table``).
"""

from __future__ import annotations

from ecarte.i18n import _

from .cards import SUIT_MASKS, Card, card_label, cards_in, suit_name


def legal_replies(hand: int, led: Card, trump: int, beaters: tuple[int, ...], must_trump: bool) -> int:
    """The mask of the cards the second player may play to the led card.

    In this order: follow suit; when following, beat the led card if able;
    when void, trump if able (unless ``must_trump`` is off); otherwise any.
    """
    follow = hand & SUIT_MASKS[led >> 3]
    if follow:
        return (follow & beaters[led]) or follow
    if must_trump:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            return trumps
    return hand


def ruled_out_by_reply(led: Card, reply: Card, trump: int, beaters: tuple[int, ...], must_trump: bool) -> int:
    """The mask of the cards the second player cannot have held when it
    replied ``reply`` to ``led``: the reply was legal (``legal_replies``).

    A reply off suit shows no card of the led suit, and, under
    ``must_trump``, no trump unless it is one; a reply that follows without
    beating shows no card of the led suit above the led one; a reply that
    beats the led card shows nothing. (A card is ruled out exactly when the
    reply is not legal from the reply and that card: every clause of the
    rule reads "if the hand holds a card of this kind".)"""
    reply_suit = reply >> 3
    if reply_suit == led >> 3:
        above = beaters[led]
        return 0 if above >> reply & 1 else above
    shown = SUIT_MASKS[led >> 3]
    if must_trump and reply_suit != trump:
        shown |= SUIT_MASKS[trump]
    return shown


def leader_wins(led: Card, reply: Card, trump: int, power: tuple[int, ...]) -> bool:
    """Whether the led card takes the trick: the highest trump wins, else
    the higher card of the led suit."""
    if reply >> 3 == led >> 3:
        return power[led] > power[reply]
    return reply >> 3 != trump


def why_not_allowed(
    hand: int,
    led: Card,
    card: Card,
    trump: int,
    beaters: tuple[int, ...],
    must_trump: bool,
    symbols: bool = True,
) -> str:
    """The rule a reply breaks, in words, e.g. "8♠ is not allowed: you must
    beat the led J♠ and you hold Q♠". Only for cards outside
    ``legal_replies``; slow on purpose, it is for people."""

    def names(mask: int) -> str:
        return ", ".join(card_label(c, symbols) for c in cards_in(mask))

    shown = card_label(card, symbols)
    led_shown = card_label(led, symbols)
    follow = hand & SUIT_MASKS[led >> 3]
    if follow:
        if card >> 3 != led >> 3:
            # Translators: {held} is a list of cards. The card table shows this in two lines
            # of 46 columns: at most about 85 characters with the cards filled in.
            return _("{card} is not allowed: you must follow the led {led} and you hold {held}").format(
                card=shown, led=led_shown, held=names(follow)
            )
        higher = names(follow & beaters[led])
        # Translators: {held} is a list of cards. The card table shows this in two lines
        # of 46 columns: at most about 85 characters with the cards filled in.
        return _("{card} is not allowed: you must beat the led {led} and you hold {held}").format(
            card=shown, led=led_shown, held=higher
        )
    trumps = hand & SUIT_MASKS[trump]
    # Translators: {suit} and {trump} are suits in words ("clubs"), {held} a list of cards.
    # The card table shows this in two lines of 46 columns: at most about 85 characters.
    return _(
        "{card} is not allowed: you have no {suit}, so you must trump ({trump}) and you hold {held}"
    ).format(card=shown, suit=suit_name(led >> 3), trump=suit_name(trump), held=names(trumps))
