"""What a player is, and the registry of the built-in players by name.

A player is asked for a decision with the view of its seat and the list of
legal actions (``docs/bot-protocol.md``) and returns one of those actions.
It never sees the engine's ``Match``. A player object plays one match at a
time and may remember what it saw between decisions (as a protocol bot
does); ``start_match`` tells it a new match begins.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Protocol

from ecarte.engine import Action, Rules, View
from ecarte.i18n import _


class Player(Protocol):
    name: str

    def start_match(self, seat: int, rules: Rules) -> None:
        """A new match begins; this player sits at ``seat``."""

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from what ``view`` shows."""
        ...


PlayerFactory = Callable[[int], Player]
"""Makes a player from a seed (its decisions are deterministic for a seed)."""

# Name -> "module:function"; imported on demand so that naming one player
# does not load the others (the expert's tables, say).
_BUILT_IN: dict[str, str] = {
    "random": "ecarte.ai.random_player:RandomPlayer",
    "classic": "ecarte.ai.classic:ClassicPlayer",
    "expert": "ecarte.ai.expert:ExpertPlayer",
    # The expert of November 2026, frozen as the baseline (docs/ai.md).
    "expert-2026-11": "ecarte.ai.frozen.expert_2026_11.expert:ExpertPlayer",
    # The expert with a larger sample budget (docs/ai.md, "The master level").
    "master": "ecarte.ai.master:MasterPlayer",
    # The app's levels (docs/ai.md says what each is).
    "easy": "ecarte.ai.levels:EasyPlayer",
    "normal": "ecarte.ai.levels:NormalPlayer",
}


def player_names() -> list[str]:
    return sorted(_BUILT_IN)


def make_player(name: str, seed: int = 0) -> Player:
    """A built-in player by name: ``random``, ``classic``, ``expert``..."""
    try:
        target = _BUILT_IN[name]
    except KeyError:
        # Translators: {name} is the name as typed, in quotes; the players' names stay as typed.
        raise ValueError(
            _("unknown player {name}; the players are: {players}").format(
                name=repr(name), players=", ".join(player_names())
            )
        ) from None
    module_name, __, attribute = target.partition(":")
    factory: PlayerFactory = getattr(importlib.import_module(module_name), attribute)
    return factory(seed)
