"""What a deal's tricks are worth (``docs/rules.md``, "Scoring")."""

from __future__ import annotations

from .rules import Rules


def trick_points(winner_tricks: int, loser_liable: bool, rules: Rules) -> int:
    """Points for the player who took three or more of the five tricks.

    3 or 4 tricks score 1 and the vole (all 5) scores 2. When the loser was
    liable (elder played without proposing, or the dealer refused the first
    proposal) the winner scores 2 instead of 1; with a vole that stays 2,
    or becomes 3 under ``penalty_adds_to_vole``.
    """
    if winner_tricks == 5:
        return 3 if loser_liable and rules.penalty_adds_to_vole else 2
    return 2 if loser_liable else 1


def four_all_applies(score: list[int], rules: Rules) -> bool:
    """``four_all_reset``: a deal that ends with both at target - 1 takes one
    point from each (4-4 becomes 3-3)."""
    return rules.four_all_reset and score[0] == score[1] == rules.target - 1
