"""The bot side of the protocol: ``ecarte bot NAME`` runs a built-in player
on standard input and output (``docs/bot-protocol.md``).

Anything from the host that is not the protocol ends the bot with a message
on standard error naming the line and what was wrong, and exit status 2.
Those messages are for a person (the one who runs the bot or writes the
host): in the language ``ecarte --lang`` asks for, else English; what goes
to standard output is the protocol, always the same.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from ecarte.ai.base import Player, make_player
from ecarte.engine import Action, ActionError, Rules, RulesError, View, ViewError
from ecarte.engine.quoting import quoted
from ecarte.engine.rules import RULE_NAMES
from ecarte.i18n import _, translated_error
from ecarte.log.format import JsonTextError, is_int, load_json

PROTOCOL_VERSION = 1


class ProtocolError(ValueError):
    """A message from the host that the protocol does not allow."""


def run_bot(name: str, seed: int = 0) -> int:
    """Play as the built-in player ``name``; the exit status (0 after ``bye``)."""
    try:
        player = make_player(name, seed)
    except (ValueError, ImportError) as error:
        print(f"ecarte bot: {error}", file=sys.stderr)
        return 2
    try:
        return serve(player, sys.stdin.buffer, sys.stdout)
    except BrokenPipeError:
        # The host went away; there is no one left to answer.
        return 0


def serve(player: Player, source: IO[bytes], sink: IO[str]) -> int:
    """Answer the host's messages from ``source`` on ``sink`` until ``bye``."""
    started = False
    for number, raw in enumerate(source, start=1):
        try:
            message = _message(raw)
            if message is None:
                continue
            kind = message.get("type")
            if kind == "hello":
                _hello(player, message)
                started = True
            elif kind == "decide":
                if not started:
                    # Translators: 'decide', 'hello' and the other message types are the protocol's words.
                    raise ProtocolError(_("'decide' before 'hello'"))
                action = _decide(player, message)
                sink.write(json.dumps(action.to_json()) + "\n")
                sink.flush()
            elif kind == "result":
                pass
            elif kind == "bye":
                return 0
            else:
                raise ProtocolError(
                    _("unknown message type {kind}; the host sends hello, decide, result and bye").format(
                        kind=quoted(kind)
                    )
                )
        except (ProtocolError, ViewError, ActionError, RulesError) as error:
            # Translators: {error} says what was wrong with the host's line.
            print(
                _("ecarte bot: line {number} from the host: {error}").format(
                    number=number, error=translated_error(error)
                ),
                file=sys.stderr,
            )
            return 2
    print(_("ecarte bot: the host closed the input without saying 'bye'"), file=sys.stderr)
    return 2


def _message(raw: bytes) -> dict[str, Any] | None:
    """The JSON object on a line; ``None`` for a blank line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(_("not UTF-8 text")) from None
    if not text.strip():
        return None
    try:
        message = load_json(text)
    except JsonTextError as error:
        raise ProtocolError(f"{error}: {quoted(text.strip())}") from None
    if not isinstance(message, dict):
        raise ProtocolError(_("not a JSON object with a 'type'"))
    return message


def _hello(player: Player, message: dict[str, Any]) -> None:
    version = message.get("protocol")
    if not is_int(version) or version != PROTOCOL_VERSION:
        raise ProtocolError(
            _("protocol version {version}; this bot speaks version {ours}").format(
                version=quoted(version), ours=PROTOCOL_VERSION
            )
        )
    seat = message.get("seat")
    if not is_int(seat) or seat not in (0, 1):
        raise ProtocolError(_("'hello' needs 'seat', 0 or 1"))
    rules = message.get("rules")
    if not isinstance(rules, dict):
        raise ProtocolError(_("'hello' needs 'rules', an object holding every rule in force"))
    # Every rule, not the defaults for those left out: a bot playing by other
    # rules than the host's would be refused moves it believes legal.
    missing = [name for name in RULE_NAMES if name not in rules]
    if missing:
        raise ProtocolError(
            _("'hello' needs every rule in 'rules'; missing: {names}").format(names=", ".join(missing))
        )
    player.start_match(seat, Rules.from_mapping(rules))


def _decide(player: Player, message: dict[str, Any]) -> Action:
    view = View.from_json(message.get("view"))
    legal_json = message.get("legal")
    if not isinstance(legal_json, list) or not legal_json:
        raise ProtocolError(_("'decide' needs 'legal', a non-empty list of actions"))
    legal = [Action.from_json(item) for item in legal_json]
    # Each part of the message is well formed, but the host may still send a
    # view and legal actions of two different positions (cards to play while
    # the view says it is the exchange): the built-in players trust that they
    # agree, so what they do then is the host's fault, told as such.
    try:
        action = player.decide(view, legal)
    except Exception as error:
        raise ProtocolError(
            # Translators: {error} is Python's own description of what went wrong, left as it is.
            _(
                "the player could not decide on this view and these legal actions ({error}): "
                "do they describe the same position?"
            ).format(error=f"{type(error).__name__}: {error}")
        ) from None
    if action not in legal:
        raise ProtocolError(
            _(
                "the player chose {action}, which is not among the legal actions sent: "
                "do the view and the legal actions describe the same position?"
            ).format(action=json.dumps(action.to_json()))
        )
    return action
