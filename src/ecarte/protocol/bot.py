"""The bot side of the protocol: ``ecarte bot NAME`` runs a built-in player
on standard input and output (``docs/bot-protocol.md``).

Anything from the host that is not the protocol ends the bot with a message
on standard error naming the line and what was wrong, and exit status 2:
a message out of its place (a second ``hello``), a view that no deal can
show (a card twice, a score past the target, a seat not the bot's), and
legal actions that are not exactly those of the view's position, found by
the engine's own rules (``legal_in_view``), so the built-in player is never asked to choose
among actions the view does not allow. A line is read up to the host's own
limit for a bot's line (``MAX_LINE_BYTES``, 1 MiB): a longer one ends the bot
the same way, in bounded memory.
Those messages are for a person (the one who runs the bot or writes the
host): in the language ``ecarte --lang`` asks for, else English; what goes
to standard output is the protocol, always the same.
"""

from __future__ import annotations

import functools
import json
import sys
from typing import IO, Any

from ecarte.ai.base import Player, make_player
from ecarte.engine import (
    Action,
    ActionError,
    Rules,
    RulesError,
    View,
    ViewError,
    card_code,
    legal_in_view,
    view_problem,
)
from ecarte.engine.quoting import quoted, shorten
from ecarte.engine.rules import RULE_NAMES
from ecarte.i18n import Deferred, Grouped, _, message_of, translated_error
from ecarte.log.format import JsonTextError, is_int, load_json
from ecarte.text import emit

from .host import MAX_LINE_BYTES

PROTOCOL_VERSION = 1


class ProtocolError(ValueError):
    """A message from the host that the protocol does not allow."""


def run_bot(name: str, seed: int = 0) -> int:
    """Play as the built-in player ``name``; the exit status (0 after ``bye``)."""
    try:
        player = make_player(name, seed)
    except (ValueError, ImportError) as error:
        emit(f"ecarte bot: {error}", sys.stderr)
        return 2
    if sys.stdin is None:  # closed from the start (`<&-`)
        emit(_("ecarte bot: cannot read standard input: it is closed"), sys.stderr)
        return 2
    try:
        return serve(player, sys.stdin.buffer, sys.stdout)
    except BrokenPipeError:
        # The host went away; there is no one left to answer.
        return 0


def serve(player: Player, source: IO[bytes], sink: IO[str]) -> int:
    """Answer the host's messages from ``source`` on ``sink`` until ``bye``."""
    match: tuple[int, Rules] | None = None
    """The seat and the rules ``hello`` gave."""
    # One byte over the limit is enough to know a line is too long, and no
    # line, however long (`< /dev/zero`), is held whole.
    lines = iter(functools.partial(source.readline, MAX_LINE_BYTES + 1), b"")
    for number, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            # Translators: {count} is the protocol's limit, a number of bytes (1 MiB).
            emit(
                _(
                    "ecarte bot: line {number} from the host is longer than {count} bytes, the most allowed"
                ).format(number=number, count=f"{Grouped(MAX_LINE_BYTES):,}"),
                sys.stderr,
            )
            return 2
        try:
            message = _message(raw)
            if message is None:
                continue
            kind = message.get("type")
            if kind == "hello":
                if match is not None:
                    raise ProtocolError(
                        _("a second 'hello': the host sends it once, at the start of the match")
                    )
                match = _hello(player, message)
            elif kind == "decide":
                if match is None:
                    # Translators: 'decide', 'hello' and the other message types are the protocol's words.
                    raise ProtocolError(_("'decide' before 'hello'"))
                action = _decide(player, message, *match)
                # A failed write is an OutputError (said by ecarte's main), a broken pipe the host gone.
                emit(json.dumps(action.to_json()), sink)
            elif kind == "result":
                if match is None:
                    raise ProtocolError(_("'result' before 'hello'"))
                _result(message)
            elif kind == "bye":
                return 0
            else:
                raise ProtocolError(
                    _("unknown message type {kind}; the host sends hello, decide, result and bye").format(
                        kind=shorten(kind)
                    )
                )
        except (ProtocolError, ViewError, ActionError, RulesError) as error:
            # Translators: {error} says what was wrong with the host's line.
            emit(
                _("ecarte bot: line {number} from the host: {error}").format(
                    number=number, error=translated_error(error)
                ),
                sys.stderr,
            )
            return 2
    emit(_("ecarte bot: the host closed the input without saying 'bye'"), sys.stderr)
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
        # Without the line's end: a column past the last character is the
        # line's, not column 1 of a line after it.
        message = load_json(text.removesuffix("\n").removesuffix("\r"))
    except JsonTextError as error:
        # The JSON reader's words as ecarte check gives them, translated alike.
        raise ProtocolError(
            Deferred("{error}: {line}", error=message_of(error), line=quoted(text.strip()))
        ) from None
    if not isinstance(message, dict):
        raise ProtocolError(_("not a JSON object with a 'type'"))
    return message


def _hello(player: Player, message: dict[str, Any]) -> tuple[int, Rules]:
    version = message.get("protocol")
    if not is_int(version) or version != PROTOCOL_VERSION:
        raise ProtocolError(
            _("protocol version {version}; this bot speaks version {ours}").format(
                version=shorten(version), ours=PROTOCOL_VERSION
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
    in_force = Rules.from_mapping(rules)
    player.start_match(seat, in_force)
    return seat, in_force


def _result(message: dict[str, Any]) -> None:
    games = message.get("games")
    if not isinstance(games, list) or not all(
        isinstance(game, list) and len(game) == 2 and all(is_int(points) and points >= 0 for points in game)
        for game in games
    ):
        raise ProtocolError(
            _(
                "'result' needs 'games', the score of each game so far: "
                "a list of pairs of points, e.g. [[5, 3]]"
            )
        )
    winner = message.get("winner")
    if winner is not None and not (is_int(winner) and winner in (0, 1)):
        raise ProtocolError(_("'result' needs 'winner', the seat that won the match (0 or 1), or null"))


def _decide(player: Player, message: dict[str, Any], seat: int, rules: Rules) -> Action:
    view = View.from_json(message.get("view"))
    _check_view(view, seat, rules)
    legal_json = message.get("legal")
    if not isinstance(legal_json, list) or not legal_json:
        raise ProtocolError(_("'decide' needs 'legal', a non-empty list of actions"))
    legal = [Action.from_json(item) for item in legal_json]
    _check_legal(view, legal, rules)
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


def _check_view(view: View, seat: int, rules: Rules) -> None:
    """``ProtocolError`` for a view no deal of this match can show."""
    if view.seat != seat:
        raise ProtocolError(
            _("the view's 'seat' is {seat}, but 'hello' gave this bot seat {hello}").format(
                seat=view.seat, hello=seat
            )
        )
    shown = [
        *view.hand,
        *view.my_discards,
        *view.trick,
        *(card for trick in view.tricks for card in trick.cards),
        view.upcard,
    ]
    if len(set(shown)) != len(shown):
        twice = next(card for index, card in enumerate(shown) if card in shown[:index])
        # Translators: the view's keys (hand, my_discards, trick, tricks, upcard) stay as they are.
        raise ProtocolError(
            _(
                "the view shows the card {card} twice (each card is in one place: "
                "hand, my_discards, trick, tricks or upcard)"
            ).format(card=card_code(twice))
        )
    # What the rules allow a view to show: the engine's.
    problem = view_problem(view, rules)
    if problem is not None:
        raise ProtocolError(problem)
    decider = view.deciding
    if decider != seat:
        raise ProtocolError(
            # Translators: {phase} is the protocol's word (exchange, answer, tricks).
            _("in the view's position ({phase}) seat {decider} decides, not this bot's seat {seat}").format(
                phase=view.phase, decider=decider, seat=seat
            )
        )


def _check_legal(view: View, legal: list[Action], rules: Rules) -> None:
    """``ProtocolError`` unless ``legal`` is exactly what the rules allow in
    the view's position: the host lists every legal action, and only those."""
    allowed = legal_in_view(view, rules)
    for action in legal:
        if action not in allowed:
            raise ProtocolError(
                # Translators: {action} is the protocol's code ("card KH"); {phase} the view's
                # phase (exchange, answer, discard, tricks); {hand} the view's cards.
                _(
                    "'legal' lists '{action}', which the rules do not allow "
                    "in the view's position ({phase}, hand {hand})"
                ).format(
                    action=f"{action}",
                    phase=view.phase,
                    hand=" ".join(card_code(card) for card in view.hand),
                )
            )
    sent = set(legal)
    for action in allowed:
        if action not in sent:
            raise ProtocolError(
                _(
                    "'legal' leaves out '{action}', which the rules allow "
                    "in the view's position (the host lists every legal action)"
                ).format(action=f"{action}")
            )
