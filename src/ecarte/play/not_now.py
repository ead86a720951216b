"""Why a kind of move has no place at this moment of the deal, in the
player's words: the lesson says it for a key that is not the step's move,
the card table for a key whose move is not allowed now (rather than
nothing, and rather than the rules' own words, written for a log checker:
"'accept' is not allowed now: ... elder (seat 0) must ...")."""

from __future__ import annotations

from ecarte.engine import ActionType, Phase
from ecarte.i18n import _


def not_now(phase: Phase, kind: ActionType, other: str) -> str:
    """Why ``kind`` has no place in ``phase``, said to the player, whose
    opponent is named ``other``."""
    if phase == Phase.TRICKS:
        if kind == ActionType.CARD:
            return _("Not this card.")
        return _("The exchange is over: now the cards are played.")
    if kind == ActionType.CARD:
        return _("No card is played before the exchange is over.")
    if phase == Phase.EXCHANGE:
        if kind in (ActionType.ACCEPT, ActionType.REFUSE):
            return _("There is no proposal to answer: you speak first.")
        return _("Nothing to discard: no exchange has been agreed.")
    if phase == Phase.ANSWER:
        if kind == ActionType.DISCARD:
            return _("The proposal is not answered yet.")
        return _("{name} has proposed: the dealer answers.").format(name=other)
    return _("First choose the cards to discard.")
