"""When the trump king may be announced (``docs/rules.md``, "The king of trumps").

Elder announces once the exchange is over, before leading to the first
trick; the dealer after elder's first lead, before replying to it. Each
moment is a count of cards on the table in the first trick: ``Match``
allows the announcement by it, and the players read a silence by it.
"""

from __future__ import annotations


def announce_moment(is_dealer: bool) -> int:
    """How many cards of the first trick are on the table at the player's
    moment to announce: none for elder, elder's lead for the dealer."""
    return 1 if is_dealer else 0


def may_announce_now(is_dealer: bool, tricks_done: int, cards_in_trick: int) -> bool:
    """Whether it is the player's moment to announce (holding the king and
    not having announced it are checked apart)."""
    return tricks_done == 0 and cards_in_trick == announce_moment(is_dealer)


def announce_moment_passed(is_dealer: bool, tricks_done: int, cards_in_trick: int) -> bool:
    """Whether the player's moment to announce is over in this deal."""
    return tricks_done > 0 or cards_in_trick > announce_moment(is_dealer)
