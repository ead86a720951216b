"""The player's settings: the rule variants, the opponent, the name, the
pace of play and the card style, kept in a TOML file between runs.

(Loading and saving: see ``load_settings`` and ``save_settings``.)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ecarte.engine import Rules

SPEEDS: dict[str, float] = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
"""Play speed -> seconds the opponent's move stays on screen before the next."""

LEVELS = ("easy", "normal", "expert")
CARD_STYLES = ("symbols", "letters")


@dataclass(frozen=True)
class Settings:
    rules: Rules = field(default_factory=Rules)
    opponent: str = "normal"
    """A level of ``LEVELS``, or ``cmd:COMMAND`` for a protocol bot."""
    player_name: str = "You"
    speed: str = "normal"
    card_style: str = "symbols"

    @property
    def symbols(self) -> bool:
        """Suit symbols (♠♥♦♣), or plain letters for terminals without them."""
        return self.card_style == "symbols"

    @property
    def move_delay(self) -> float:
        return SPEEDS.get(self.speed, SPEEDS["normal"])
