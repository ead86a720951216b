"""What happened, in words: one sentence per decision, deal and deal end.

Every function returns plain text; names are data, so whoever shows the
text must not parse it as markup (use ``rich.text.Text``). ``printable``
makes any text from a log or the settings safe to draw: control characters
(terminal escape codes included) are shown, not obeyed.

Each sentence is whole in the catalog, once for "you" and once for another
player ("You propose", "{name} proposes"), since languages conjugate and
order words differently.
"""

from __future__ import annotations

from ecarte.engine import Action, DealRecord, IllegalActionError, Match
from ecarte.engine.actions import ACCEPT, CARD, DISCARD, KING, PLAY, PROPOSE, REFUSE
from ecarte.engine.cards import bit, card_label, suit_name, suit_of
from ecarte.engine.scoring import TRICKS_TO_WIN, trick_points
from ecarte.engine.view import VIEW_PHASES
from ecarte.i18n import _, ngettext
from ecarte.log.names import YOU, shown_name, spoken_to
from ecarte.text import printable

__all__ = [
    "SECOND_PERSON",
    "describe_action",
    "describe_deal",
    "describe_deal_end",
    "liability_warning",
    "printable",
    "shown_name",
    "spoken_to",
]

SECOND_PERSON = YOU
"""The setting's default name, kept in English in the file. A player named
so, or the app's player under a name of their own, gets second-person
sentences: "You propose" (``spoken_to``)."""


NARRATED_NAME_CELLS = 15
"""The room a name has in a sentence: at 80x24 the table's narration is two
lines of 46 cells, and its longest sentences (a trick won by the other
player, five cards discarded and drawn) must fit them even when both names
are long; a longer name is cut, ending in "…"."""


def _name(name: str) -> str:
    """A name in a sentence of the narration (cut to ``NARRATED_NAME_CELLS``)."""
    return shown_name(name, NARRATED_NAME_CELLS)


def _say(name: str, you: str, other: str, **values: object) -> str:
    """``you`` for the player spoken to, else ``other`` with ``{name}``."""
    if spoken_to(name):
        return you.format(**values)
    return other.format(name=_name(name), **values)


def describe_action(
    before: Match, seat: int, action: Action, names: tuple[str, str], symbols: bool = True
) -> str:
    """One sentence for a decision, from the state just before it.

    The other seat's discards are counted, never named; the human's (seat
    0's) own discards and draws are named.
    """
    name = names[seat]
    kind = action.type
    if kind == PROPOSE:
        if before.proposals:
            return _say(name, _("You propose another exchange"), _("{name} proposes another exchange"))
        return _say(name, _("You propose"), _("{name} proposes"))
    if kind == PLAY:
        if before.makes_liable(action):
            return _say(name, _("You play without proposing"), _("{name} plays without proposing"))
        return _say(name, _("You play: no more exchanges"), _("{name} plays: no more exchanges"))
    if kind == ACCEPT:
        return _say(name, _("You accept"), _("{name} accepts"))
    if kind == REFUSE:
        if before.makes_liable(action):
            return _say(name, _("You refuse the first proposal"), _("{name} refuses the first proposal"))
        return _say(name, _("You refuse"), _("{name} refuses"))
    if kind == DISCARD:
        return _describe_discard(before, seat, action, names, symbols)
    if kind == KING:
        king = card_label(before.trump_king, symbols)
        return _say(
            name,
            _("You announce the king ({card}): 1 point"),
            _("{name} announces the king ({card}): 1 point"),
            card=king,
        )
    if kind == CARD:
        return _describe_card(before, seat, action, names, symbols)
    return f"{_name(name)}: {kind}"


def _describe_discard(before: Match, seat: int, action: Action, names: tuple[str, str], symbols: bool) -> str:
    name = names[seat]
    count = action.discards.bit_count()
    if count == 0:
        return _say(name, _("You keep your hand"), _("{name} keeps the hand"))
    if seat != 0:
        return _say(
            name,
            ngettext("You discard {count} card", "You discard {count} cards", count),
            ngettext("{name} discards {count} card", "{name} discards {count} cards", count),
            count=count,
        )
    drawn = before.deck[before.stock_top : before.stock_top + count]
    # In the order of the hand on screen (trumps first, strongest first).
    shown = ", ".join(card_label(card, symbols) for card in before.hand(seat) if action.discards & bit(card))
    got = ", ".join(card_label(card, symbols) for card in drawn)
    return _say(
        name,
        # Translators: {discarded} and {drawn} are lists of cards ("K♠, 7♥").
        _("You discard {discarded} and draw {drawn}"),
        _("{name} discards {discarded} and draws {drawn}"),
        discarded=shown,
        drawn=got,
    )


def _describe_card(before: Match, seat: int, action: Action, names: tuple[str, str], symbols: bool) -> str:
    name = names[seat]
    shown = card_label(action.card, symbols)
    if not before.trick:
        return _say(name, _("You lead the {card}"), _("{name} leads the {card}"), card=shown)
    after = before.copy()
    try:
        after.apply(action)
    except IllegalActionError:
        return _say(name, _("You play the {card}"), _("{name} plays the {card}"), card=shown)
    trick = after.tricks[-1]
    winning_card = trick.cards[0] if trick.winner == trick.leader else trick.cards[1]
    trumped = suit_of(winning_card) == before.trump
    winning = card_label(winning_card, symbols)
    if trick.winner == seat:
        if trumped:
            return _say(
                name,
                _("You win the trick with the {card} (trump)"),
                _("{name} wins the trick with the {card} (trump)"),
                card=shown,
            )
        return _say(
            name,
            _("You win the trick with the {card}"),
            _("{name} wins the trick with the {card}"),
            card=shown,
        )
    winner = names[trick.winner]
    values = {"card": shown, "winning": winning, "winner": _name(winner)}
    if spoken_to(name):
        if trumped:
            return _("You play the {card}; {winner} wins the trick with the {winning} (trump)").format(
                **values
            )
        return _("You play the {card}; {winner} wins the trick with the {winning}").format(**values)
    values["name"] = _name(name)
    if spoken_to(winner):
        if trumped:
            return _("{name} plays the {card}; you win the trick with the {winning} (trump)").format(**values)
        return _("{name} plays the {card}; you win the trick with the {winning}").format(**values)
    if trumped:
        return _("{name} plays the {card}; {winner} wins the trick with the {winning} (trump)").format(
            **values
        )
    return _("{name} plays the {card}; {winner} wins the trick with the {winning}").format(**values)


def describe_deal(
    after: Match, names: tuple[str, str], symbols: bool = True, *, with_game: bool = True
) -> str:
    """The deal just made: who deals, the turned-up card, a turned-up king
    (and, with ``with_game``, the game that king won)."""
    dealer = names[after.dealer]
    upcard = card_label(after.upcard, symbols)
    suit = suit_name(after.trump)
    record = after.deals[-1]
    if not record.turned_king:
        return _say(
            dealer,
            # Translators: {suit} is a suit's name in words, plural ("clubs").
            _("You deal; the {card} is turned up: {suit} are trumps."),
            _("{name} deals; the {card} is turned up: {suit} are trumps."),
            card=upcard,
            suit=suit,
        )
    # Short enough for two lines of the narration at 80x24.
    text = _say(
        dealer,
        # Translators: at most about 90 characters with the name (two lines of 46 cells at 80x24).
        _("You deal, turn up the {card} and score 1 point: {suit} are trumps."),
        _("{name} deals, turns up the {card} and scores 1 point: {suit} are trumps."),
        card=upcard,
        suit=suit,
    )
    if with_game and record.ended_game is not None:
        text += " " + _game_won(record, names)
    return text


def _game_won(record: DealRecord, names: tuple[str, str]) -> str:
    assert record.ended_game is not None
    seat = record.ended_game
    score = f"{record.score[seat]}-{record.score[1 - seat]}"
    return _say(names[seat], _("You win the game {score}."), _("{name} wins the game {score}."), score=score)


def _tricks_taken(record: DealRecord, names: tuple[str, str]) -> str:
    """The tricks' sentence: who took how many, the points, and a penalty."""
    assert record.winner is not None
    winner = record.winner
    won = record.tricks[winner] if record.tricks is not None else 0
    count = record.trick_points
    values: dict[str, object] = {
        "name": _name(names[winner]),
        "loser": _name(names[1 - winner]),
        "won": won,
        "lost": 5 - won,
        "count": count,
    }
    you_won = spoken_to(names[winner])
    you_lost = spoken_to(names[1 - winner])
    vole = won == 5
    # The liable loser is named only where the penalty added points (a vole
    # is worth as much either way, unless the rules add the penalty to it).
    if not record.penalty_points:
        if vole:
            if you_won:
                text = ngettext(
                    "You take all five tricks, the vole: {count} point.",
                    "You take all five tricks, the vole: {count} points.",
                    count,
                )
            else:
                text = ngettext(
                    "{name} takes all five tricks, the vole: {count} point.",
                    "{name} takes all five tricks, the vole: {count} points.",
                    count,
                )
        elif you_won:
            text = ngettext(
                "You take {won} tricks to {lost}: {count} point.",
                "You take {won} tricks to {lost}: {count} points.",
                count,
            )
        else:
            text = ngettext(
                "{name} takes {won} tricks to {lost}: {count} point.",
                "{name} takes {won} tricks to {lost}: {count} points.",
                count,
            )
    elif vole:
        if you_won:
            text = ngettext(
                "You take all five tricks, the vole: {count} point ({loser} was liable and lost).",
                "You take all five tricks, the vole: {count} points ({loser} was liable and lost).",
                count,
            )
        elif you_lost:
            text = ngettext(
                "{name} takes all five tricks, the vole: {count} point (you were liable and lost).",
                "{name} takes all five tricks, the vole: {count} points (you were liable and lost).",
                count,
            )
        else:
            text = ngettext(
                "{name} takes all five tricks, the vole: {count} point ({loser} was liable and lost).",
                "{name} takes all five tricks, the vole: {count} points ({loser} was liable and lost).",
                count,
            )
    elif you_won:
        text = ngettext(
            "You take {won} tricks to {lost}: {count} point ({loser} was liable and lost).",
            "You take {won} tricks to {lost}: {count} points ({loser} was liable and lost).",
            count,
        )
    elif you_lost:
        text = ngettext(
            "{name} takes {won} tricks to {lost}: {count} point (you were liable and lost).",
            "{name} takes {won} tricks to {lost}: {count} points (you were liable and lost).",
            count,
        )
    else:
        text = ngettext(
            "{name} takes {won} tricks to {lost}: {count} point ({loser} was liable and lost).",
            "{name} takes {won} tricks to {lost}: {count} points ({loser} was liable and lost).",
            count,
        )
    return text.format(**values)


def _no_card_played(record: DealRecord) -> bool:
    """Whether a deal that ended the game on the king's point ended it before
    any card was played: the king turned up, or announced by elder before
    leading. (Only the dealer announces after a card, elder's first lead;
    no one announces once a trick is done.)"""
    return record.turned_king or record.ended_game != record.dealer


def describe_deal_end(record: DealRecord, names: tuple[str, str]) -> str:
    """What the deal did to the score, and why: tricks, vole, penalty, king
    points (recalled as scored earlier; when they end the game, named as
    what ended it, not scored a second time), the four-all reset, a game won."""
    parts: list[str] = []
    for seat in (0, 1):
        king = record.king_points[seat]
        if king and record.tricks is not None:
            # Scored when turned up or announced, and said then: recalled,
            # not scored again (with the tricks' points, the deal's points).
            parts.append(
                _say(
                    names[seat],
                    ngettext(
                        "The king gave you {count} point earlier.",
                        "The king gave you {count} points earlier.",
                        king,
                    ),
                    ngettext(
                        "The king gave {name} {count} point earlier.",
                        "The king gave {name} {count} points earlier.",
                        king,
                    ),
                    count=king,
                )
            )
        elif king and record.ended_game != seat:
            # Not played out, yet no game won on the king (a deal stopped
            # another way): the point scored, said as such.
            parts.append(
                _say(
                    names[seat],
                    ngettext(
                        "You score {count} point for the king.",
                        "You score {count} points for the king.",
                        king,
                    ),
                    ngettext(
                        "{name} scores {count} point for the king.",
                        "{name} scores {count} points for the king.",
                        king,
                    ),
                    count=king,
                )
            )
    if record.tricks is None:
        if record.ended_game is not None:
            # The point was said as it was scored (the king turned up or
            # announced): named once more as what ended the game, not
            # scored again ("scores 1 point" twice read as two points).
            winner = names[record.ended_game]
            if _no_card_played(record):
                parts.append(
                    _say(
                        winner,
                        _("Your point for the king ended the game; no trick was played."),
                        _("{name}'s point for the king ended the game; no trick was played."),
                    )
                )
            else:
                parts.append(
                    _say(
                        winner,
                        _("Your point for the king ended the game; the tricks were not played out."),
                        _("{name}'s point for the king ended the game; the tricks were not played out."),
                    )
                )
    else:
        parts.append(_tricks_taken(record, names))
        if record.penalty and not record.penalty_points:
            # A learner who had made the other liable expected 3 for the vole.
            parts.append(
                _(
                    "The loser was liable, but a vole scores as much either way: under these "
                    "rules the penalty does not add to it."
                )
            )
    if record.four_all_reset:
        score = f"{record.score[0]}-{record.score[1]}"
        both_at = record.score[0] + 1
        if both_at == 4:
            parts.append(_("Four all: both scores drop by one, to {score}.").format(score=score))
        else:
            # A game to another target: the rule applies one point from it.
            parts.append(
                _("{points} all, one point from the target: both scores drop by one, to {score}.").format(
                    points=both_at, score=score
                )
            )
    if record.ended_game is not None:
        parts.append(_game_won(record, names))
    return " ".join(parts)


def liability_warning(match: Match, names: tuple[str, str]) -> str | None:
    """The mark shown while a player is liable and may still lose the deal
    for it, or ``None``: why that player is liable, then what the other
    scores if it happens, said from the player's side ("If Computer loses
    this deal, you score 2 points": the same words for both sides read as a
    threat to the player)."""
    seat = match.liable
    if seat is None or match.phase not in VIEW_PHASES or match.tricks_won[seat] >= TRICKS_TO_WIN:
        return None  # the liable player has won the deal: the risk is over
    # What the other side scores by beating a liable player: with three or
    # four tricks, and with the vole.
    points = trick_points(TRICKS_TO_WIN, True, match.rules)
    vole_points = trick_points(5, True, match.rules)
    if match.tricks_won[1 - seat] >= TRICKS_TO_WIN and (vole_points == points or match.tricks_won[seat]):
        # The liable player has lost the deal and the penalty is certain: a
        # warning of what may happen would outlive it (the deal's window
        # says what it scored). Only a vole worth more is still to come.
        return None
    liable, other = names[seat], names[1 - seat]
    if seat == match.elder:
        why = _say(liable, _("You played without proposing."), _("{name} played without proposing."))
    else:
        why = _say(liable, _("You refused the first proposal."), _("{name} refused the first proposal."))
    if vole_points != points:
        if spoken_to(liable):
            cost = ngettext(
                "If you lose this deal, {other} scores {count} point ({vole} for a vole).",
                "If you lose this deal, {other} scores {count} points ({vole} for a vole).",
                points,
            )
        elif spoken_to(other):
            cost = ngettext(
                "If {name} loses this deal, you score {count} point ({vole} for a vole).",
                "If {name} loses this deal, you score {count} points ({vole} for a vole).",
                points,
            )
        else:
            cost = ngettext(
                "If {name} loses this deal, {other} scores {count} point ({vole} for a vole).",
                "If {name} loses this deal, {other} scores {count} points ({vole} for a vole).",
                points,
            )
    elif spoken_to(liable):
        cost = ngettext(
            "If you lose this deal, {other} scores {count} point.",
            "If you lose this deal, {other} scores {count} points.",
            points,
        )
    elif spoken_to(other):
        cost = ngettext(
            "If {name} loses this deal, you score {count} point.",
            "If {name} loses this deal, you score {count} points.",
            points,
        )
    else:
        cost = ngettext(
            "If {name} loses this deal, {other} scores {count} point.",
            "If {name} loses this deal, {other} scores {count} points.",
            points,
        )
    words = {"name": _name(liable), "other": _name(other), "count": points, "vole": vole_points}
    return f"{why} {cost.format(**words)}"


def describe_exchange_over(match: Match) -> str:
    """Why no further exchange may be proposed in this deal."""
    limit = match.rules.max_exchanges
    if match.stock_size == 0:
        return _("No more exchanges: the stock is empty.")
    if limit is not None and match.exchanges >= limit:
        return ngettext(
            "No more exchanges: the limit of {count} exchange is reached.",
            "No more exchanges: the limit of {count} exchanges is reached.",
            limit,
        ).format(count=limit)
    return _("No more exchanges.")


def describe_cut(first_dealer: int, names: tuple[str, str]) -> str:
    """Who deals first, and why (the cut is made at random)."""
    dealer = names[first_dealer]
    elder = names[1 - first_dealer]
    values = {"name": _name(dealer), "elder": _name(elder)}
    if spoken_to(dealer):
        return _("The cut, at random: You deal first; {elder} speaks first.").format(**values)
    if spoken_to(elder):
        return _("The cut, at random: {name} deals first; you speak first.").format(**values)
    return _("The cut, at random: {name} deals first; {elder} speaks first.").format(**values)


def describe_match_won(match: Match, names: tuple[str, str]) -> str:
    """The match's winner and the games, once it is over."""
    assert match.winner is not None
    winner = match.winner
    won = match.games_won
    return _say(
        names[winner],
        ngettext(
            "You win the match, {won} game to {lost}.",
            "You win the match, {won} games to {lost}.",
            won[winner],
        ),
        ngettext(
            "{name} wins the match, {won} game to {lost}.",
            "{name} wins the match, {won} games to {lost}.",
            won[winner],
        ),
        won=won[winner],
        lost=won[1 - winner],
    )
