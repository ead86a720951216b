"""What the other's choices of card say about its hand, read by the textbook.

The textbook's play of the cards (``classic.ClassicPlayer.lead`` and
``reply``) is a deterministic function of what its seat sees. For a
candidate hand of the other, each card it chose (a lead, or a reply with
more than one legal card) either is the card the textbook would have
chosen from that hand at that moment, or it is not. A hand that explains
the other's choices fits; one that does not is weighed down.

What the other saw is rebuilt from our view: the tricks before its choice,
the upcard, and its hand then (the candidate hand now, with the cards it
played since). Its own discards are not known to us and are left out, so a
fit is a likelihood, never a certainty.

Measured in duplicate matches it gains nothing, even against the textbook
itself, whose cards it reads without error (docs/ai.md, "The other's cards
read by the textbook's own play"): ``ExpertPlayer.card_model`` is off.
"""

from __future__ import annotations

from collections.abc import Callable

from ecarte.engine.cards import cards_in
from ecarte.engine.rules import Rules
from ecarte.engine.tricks import legal_replies
from ecarte.engine.view import Phase, View

from .classic import ClassicPlayer


def card_choices(view: View) -> list[tuple[int, int, int | None, int]]:
    """The other's choices of card in this deal so far, as
    (trick index, card chosen, card it replied to or None, mask of the
    cards it played from that trick on)."""
    opponent = 1 - view.seat
    choices: list[tuple[int, int, int | None]] = []
    for index, trick in enumerate(view.tricks):
        first, second = trick.cards
        choices.append((index, first, None) if trick.leader == opponent else (index, second, first))
    if view.trick:
        choices.append((len(view.tricks), view.trick[0], None))
    # Each choice's hand then: the hand now and every card played since.
    later = 0
    result: list[tuple[int, int, int | None, int]] = []
    for index, card, led in reversed(choices):
        later |= 1 << card
        result.append((index, card, led, later))
    result.reverse()
    return result


def textbook_card_fit(view: View, rules: Rules, counted: list[int] | None = None) -> Callable[[int], int]:
    """For a candidate hand of the other (its cards now), how many of its
    choices of card the textbook would not have made from it. With
    ``counted``, each call also adds the choices it judged (those with more
    than one legal card) to ``counted[0]``."""
    opponent = 1 - view.seat
    choices = card_choices(view)
    if not choices:
        return lambda hand: 0
    textbook = ClassicPlayer()
    textbook.start_match(opponent, rules)
    beaters = textbook.beaters
    base = view.replace(
        seat=opponent,
        phase=Phase.TRICKS,
        my_discards=(),
        their_discards=len(view.my_discards),
    )
    views = [
        base.replace(tricks=view.tricks[:index], trick=() if led is None else (led,))
        for index, _, led, _ in choices
    ]
    cache: dict[tuple[int, int], bool | None] = {}

    def misfits(hand: int) -> int:
        count = 0
        for (index, card, led, later), seen_then in zip(choices, views, strict=True):
            then = hand | later
            if led is None and then & (then - 1) == 0:
                continue  # a last card: no choice
            key = (index, then)
            fits = cache.get(key)
            if fits is None:
                if led is None:
                    fits = textbook.lead(seen_then.replace(hand=tuple(cards_in(then))), then) == card
                else:
                    playable = legal_replies(then, led, view.trump, beaters, rules.must_trump)
                    if playable & (playable - 1) == 0:
                        fits = None
                    else:
                        fits = textbook.reply(seen_then.replace(hand=tuple(cards_in(then))), playable) == card
                cache[key] = fits
            if fits is None:
                continue
            if counted is not None:
                counted[0] += 1
            count += not fits
        return count

    return misfits
