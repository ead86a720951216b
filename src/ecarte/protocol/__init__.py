"""The bot protocol (``docs/bot-protocol.md``): ``ecarte bot`` (the bot side,
``bot``) and external programs as players (the host side, ``host``)."""

from .host import DEFAULT_TIMEOUT, BotFault, ExternalPlayer, close_player, game_over, resolve_player

__all__ = ["DEFAULT_TIMEOUT", "BotFault", "ExternalPlayer", "close_player", "game_over", "resolve_player"]
