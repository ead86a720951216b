"""Players: each sees one seat's ``View`` and the legal actions, nothing else."""

from .base import Player, make_player, player_names

__all__ = ["Player", "make_player", "player_names"]
