"""How the app names, in the player's language, the opponents ("Normal")
and a rule set ("Game to 7 · ace high"): the screens and the command line
(``ecarte stats``) say them alike."""

from __future__ import annotations

from collections.abc import Sequence

from ecarte.engine import Rules
from ecarte.i18n import _, ngettext, pgettext
from ecarte.text import printable, short_name

COMMAND_CELLS = 60
"""Cells of a bot's command in its name ("bot ./mine --fast")."""


def level_name(level: str) -> str:
    """An opponent's name for the player: ``Normal``; a bot program is
    ``bot COMMAND``; a player the app does not know is shown as written.
    Either is cut short, ending in "…": a log copied in may name anything,
    and a name of 100,000 letters filled the saved matches' list."""
    if level.startswith("cmd:"):
        return _("bot {command}").format(command=printable(short_name(level[4:], COMMAND_CELLS)))
    names = {
        # Translators: the opponents' levels, as the title screen and the table show them.
        "easy": pgettext("level", "Easy"),
        # Translators: the level between easy and expert (not the play speed).
        "normal": pgettext("level", "Normal"),
        "expert": pgettext("level", "Expert"),
        "master": pgettext("level", "Master"),
        "classic": pgettext("level", "Classic"),
        "random": pgettext("level", "Random"),
    }
    return names.get(level, printable(short_name(level)).capitalize())


def levels_in_words(levels: Sequence[str]) -> str:
    """The opponents that played a match's computer seat one after the
    other (a Continue against another): "bot ./mine, then Normal"."""
    words = level_name(levels[0]) if levels else ""
    for level in levels[1:]:
        # Translators: the opponents of one match in turn ("bot ./mine, then Normal").
        words = _("{before}, then {after}").format(before=words, after=level_name(level))
    return words


def rules_in_words(rules: Rules, *, with_target: bool = False, capital: bool = True) -> str:
    """The rules in force in players' words, as a compact line: what
    differs from the usual rules ("Ace high · must trump: off · 1
    exchange"), or "Usual rules"; ``with_target``: the game's length first.
    Each item is a phrase of its own in the catalog, as in the middle of a
    line (the line's first letter is made a capital, unless not ``capital``:
    for the middle of a line), joined by " · "."""
    usual = Rules()
    parts: list[str] = []
    if with_target:
        # Translators: the items of this line are phrases in the middle of a line
        # (lower case where the language allows); the first letter is made a capital.
        parts.append(_("game to {target}").format(target=rules.target))
        if rules.games_to_win > 1:
            parts.append(
                ngettext("first to {count} game", "first to {count} games", rules.games_to_win).format(
                    count=rules.games_to_win
                )
            )
    if rules.ace_high != usual.ace_high:
        parts.append(_("ace high") if rules.ace_high else _("ace low"))
    if rules.deal_packets != usual.deal_packets:
        packets = "-".join(str(packet) for packet in rules.deal_packets)
        # Translators: {packets} is how the five cards are dealt, such as 3-2.
        parts.append(_("dealt {packets}").format(packets=packets))
    if rules.dealer_must_exchange != usual.dealer_must_exchange:
        parts.append(
            _("dealer must exchange: on") if rules.dealer_must_exchange else _("dealer must exchange: off")
        )
    if rules.max_exchanges is not None:
        parts.append(
            # Translators: a limit, as a short phrase of the rules line ("at most 2 exchanges").
            ngettext("at most {count} exchange", "at most {count} exchanges", rules.max_exchanges).format(
                count=rules.max_exchanges
            )
        )
    if rules.must_trump != usual.must_trump:
        parts.append(_("must trump: on") if rules.must_trump else _("must trump: off"))
    if rules.penalty_adds_to_vole != usual.penalty_adds_to_vole:
        parts.append(
            _("penalty on a vole: on") if rules.penalty_adds_to_vole else _("penalty on a vole: off")
        )
    if rules.four_all_reset != usual.four_all_reset:
        parts.append(_("four-all reset: on") if rules.four_all_reset else _("four-all reset: off"))
    if len(parts) == (2 if with_target and rules.games_to_win > 1 else 1 if with_target else 0):
        parts.append(_("usual rules"))
    text = " · ".join(parts)
    return text[:1].upper() + text[1:] if capital else text
