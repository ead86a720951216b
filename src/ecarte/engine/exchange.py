"""The rules of the exchange: how many cards may be discarded, when the
exchange ends, and who becomes liable (``docs/rules.md``, "The exchange"
and "The risk: liability and the penalty").

Pure functions of the rules and of what both players can see (the stock's
size, the exchanges made): ``Match`` calls them, and so do the computer
players when they look ahead, so a change to a rule is a change here.
"""

from __future__ import annotations

from .actions import PLAY, REFUSE, ActionType
from .rules import Rules

MOST_DISCARDS = 5
"""A player discards at most the whole hand."""


def discard_range(is_dealer: bool, stock: int, rules: Rules) -> tuple[int, int]:
    """The fewest and the most cards a player may discard when ``stock``
    cards are left to draw from.

    Never more than the stock holds; elder discards at least one; the dealer
    may keep the hand unless ``dealer_must_exchange``. (With an empty stock
    the dealer is not asked at all: see ``dealer_discards``.)"""
    most = min(MOST_DISCARDS, stock)
    if not is_dealer or rules.dealer_must_exchange:
        return 1, most
    return 0, most


def dealer_discards(stock: int) -> bool:
    """Whether the dealer is asked to discard once elder has drawn: only
    while the stock holds a card (else the dealer keeps the hand)."""
    return stock > 0


def exchange_limit_reached(exchanges: int, rules: Rules) -> bool:
    """Whether ``max_exchanges`` rounds of discards have been made."""
    limit = rules.max_exchanges
    return limit is not None and exchanges >= limit


def exchange_over(exchanges: int, stock: int, rules: Rules) -> bool:
    """Whether the exchange ends by itself after a round of discards: the
    stock is empty, or ``max_exchanges`` rounds have been made."""
    return stock <= 0 or exchange_limit_reached(exchanges, rules)


def makes_liable(decision: ActionType, exchanges: int) -> bool:
    """Whether a decision makes its player liable: elder playing (``play``)
    or the dealer refusing (``refuse``) before any exchange has been made in
    the deal. Later refusals, and playing after an exchange, do not."""
    return (decision is PLAY or decision is REFUSE) and exchanges == 0


def liable_after(liable: int | None, seat: int, decision: ActionType, exchanges: int) -> int | None:
    """Who is liable once ``seat`` has taken ``decision`` (``liable`` is who
    was before)."""
    return seat if makes_liable(decision, exchanges) else liable
