"""What happened, in words: one sentence per decision, deal and deal end.

Every function returns plain text; names are data, so whoever shows the
text must not parse it as markup (use ``rich.text.Text``). ``printable``
makes any text from a log or the settings safe to draw: control characters
(terminal escape codes included) are shown, not obeyed.
"""

from __future__ import annotations

from ecarte.engine import Action, DealRecord, IllegalActionError, Match, Rules
from ecarte.engine.actions import ACCEPT, CARD, DISCARD, KING, PLAY, PROPOSE, REFUSE
from ecarte.engine.cards import SUIT_NAMES, bit, card_label, suit_of
from ecarte.engine.scoring import trick_points
from ecarte.engine.view import VIEW_PHASES
from ecarte.text import printable, short_name

__all__ = [
    "SECOND_PERSON",
    "describe_action",
    "describe_deal",
    "describe_deal_end",
    "liability_warning",
    "printable",
]

SECOND_PERSON = "You"
"""A player named "You" gets second-person verbs: "You propose"."""

NARRATED_NAME_CELLS = 15
"""The room a name has in a sentence: at 80x24 the table's narration is two
lines of 46 cells, and its longest sentences (a trick won by the other
player, five cards discarded and drawn) must fit them even when both names
are long; a longer name is cut, ending in "…"."""


def _name(name: str) -> str:
    return printable(short_name(name, NARRATED_NAME_CELLS))


def _verb(name: str, third: str, second: str, *, mid_sentence: bool = False) -> str:
    if name == SECOND_PERSON:
        return f"{'you' if mid_sentence else 'You'} {second}"
    return f"{_name(name)} {third}"


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
            return _verb(name, "proposes another exchange", "propose another exchange")
        return _verb(name, "proposes", "propose")
    if kind == PLAY:
        if before.makes_liable(action):
            return _verb(name, "plays without proposing", "play without proposing")
        return _verb(name, "plays: no more exchanges", "play: no more exchanges")
    if kind == ACCEPT:
        return _verb(name, "accepts", "accept")
    if kind == REFUSE:
        if before.makes_liable(action):
            return _verb(name, "refuses the first proposal", "refuse the first proposal")
        return _verb(name, "refuses", "refuse")
    if kind == DISCARD:
        return _describe_discard(before, seat, action, names, symbols)
    if kind == KING:
        king = card_label(before.trump_king, symbols)
        return _verb(name, f"announces the king ({king}): 1 point", f"announce the king ({king}): 1 point")
    if kind == CARD:
        return _describe_card(before, seat, action, names, symbols)
    return _verb(name, kind, kind)


def _describe_discard(before: Match, seat: int, action: Action, names: tuple[str, str], symbols: bool) -> str:
    name = names[seat]
    count = action.discards.bit_count()
    if count == 0:
        return _verb(name, "keeps the hand", "keep your hand")
    plural = "card" if count == 1 else "cards"
    if seat != 0:
        return _verb(name, f"discards {count} {plural}", f"discard {count} {plural}")
    drawn = before.deck[before.stock_top : before.stock_top + count]
    # In the order of the hand on screen (trumps first, strongest first).
    shown = ", ".join(card_label(card, symbols) for card in before.hand(seat) if action.discards & bit(card))
    got = ", ".join(card_label(card, symbols) for card in drawn)
    return _verb(name, f"discards {shown} and draws {got}", f"discard {shown} and draw {got}")


def _describe_card(before: Match, seat: int, action: Action, names: tuple[str, str], symbols: bool) -> str:
    name = names[seat]
    shown = card_label(action.card, symbols)
    if not before.trick:
        return _verb(name, f"leads the {shown}", f"lead the {shown}")
    after = before.copy()
    try:
        after.apply(action)
    except IllegalActionError:
        return _verb(name, f"plays the {shown}", f"play the {shown}")
    trick = after.tricks[-1]
    winning_card = trick.cards[0] if trick.winner == trick.leader else trick.cards[1]
    trump = " (trump)" if suit_of(winning_card) == before.trump else ""
    winning = card_label(winning_card, symbols)
    if trick.winner == seat:
        return _verb(
            name, f"wins the trick with the {shown}{trump}", f"win the trick with the {shown}{trump}"
        )
    winner = names[trick.winner]
    played = _verb(name, f"plays the {shown}", f"play the {shown}")
    won = f"the trick with the {winning}{trump}"
    return f"{played}; {_verb(winner, f'wins {won}', f'win {won}', mid_sentence=True)}"


def describe_deal(
    after: Match, names: tuple[str, str], symbols: bool = True, *, with_game: bool = True
) -> str:
    """The deal just made: who deals, the turned-up card, a turned-up king
    (and, with ``with_game``, the game that king won)."""
    dealer = names[after.dealer]
    upcard = card_label(after.upcard, symbols)
    suit = SUIT_NAMES[after.trump]
    record = after.deals[-1]
    if not record.turned_king:
        return f"{_verb(dealer, 'deals', 'deal')}; the {upcard} is turned up: {suit} are trumps."
    # Short enough for two lines of the narration at 80x24, the name once.
    scores = _verb(
        dealer, f"deals, turns up the {upcard} and scores", f"deal, turn up the {upcard} and score"
    )
    text = f"{scores} 1 point: {suit} are trumps."
    if with_game and record.ended_game is not None:
        text += " " + _game_won(record, names)
    return text


def _object(name: str) -> str:
    return "you" if name == SECOND_PERSON else _name(name)


def _game_won(record: DealRecord, names: tuple[str, str]) -> str:
    assert record.ended_game is not None
    seat = record.ended_game
    score = f"{record.score[seat]}-{record.score[1 - seat]}"
    return f"{_verb(names[seat], 'wins', 'win')} the game {score}."


def describe_deal_end(record: DealRecord, names: tuple[str, str]) -> str:
    """What the deal did to the score, and why: tricks, vole, penalty, king
    points, the four-all reset, a game won."""
    parts: list[str] = []
    for seat in (0, 1):
        king = record.king_points[seat]
        if king:
            parts.append(f"{_verb(names[seat], 'scores', 'score')} {_points(king)} for the king.")
    if record.tricks is None:
        if record.ended_game is not None:
            parts.append("The game ended on the king's point, before the tricks were played.")
    else:
        assert record.winner is not None
        winner = record.winner
        won = record.tricks[winner]
        if won == 5:
            taken = _verb(names[winner], "takes all five tricks, the vole", "take all five tricks, the vole")
        else:
            taken = _verb(
                names[winner], f"takes {won} tricks to {5 - won}", f"take {won} tricks to {5 - won}"
            )
        reason = ""
        if record.penalty:
            loser = names[1 - winner]
            reason = f" ({_object(loser)} {'were' if loser == SECOND_PERSON else 'was'} liable and lost)"
        parts.append(f"{taken}: {_points(record.trick_points)}{reason}.")
    if record.four_all_reset:
        parts.append(f"Four all: both scores drop by one, to {record.score[0]}-{record.score[1]}.")
    if record.ended_game is not None:
        parts.append(_game_won(record, names))
    return " ".join(parts)


def _points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


def liability_warning(match: Match, names: tuple[str, str]) -> str | None:
    """The mark shown while a player is liable, or ``None``."""
    seat = match.liable
    if seat is None or match.phase not in VIEW_PHASES:
        return None
    what = "played without proposing" if seat == match.elder else "refused the first proposal"
    # What the other side scores by beating a liable player: with three or
    # four tricks, and with the vole.
    points = trick_points(3, True, match.rules)
    vole_points = trick_points(5, True, match.rules)
    vole = f" ({vole_points} for a vole)" if vole_points != points else ""
    who = "You" if names[seat] == SECOND_PERSON else _name(names[seat])
    return f"{who} {what}: losing this deal costs {_points(points)}{vole}."


def deal_in_game(match: Match, index: int | None = None) -> int:
    """The number of deal ``index`` (default: the current one) within its
    game: numbers start at 1 again with each game."""
    index = len(match.deals) - 1 if index is None else index
    start = 0
    for position, record in enumerate(match.deals[:index]):
        if record.ended_game is not None:
            start = position + 1
    return index - start + 1


def describe_exchange_over(match: Match) -> str:
    """Why no further exchange may be proposed in this deal."""
    limit = match.rules.max_exchanges
    if match.stock_size == 0:
        return "No more exchanges: the stock is empty."
    if limit is not None and match.exchanges >= limit:
        rounds = "1 exchange" if limit == 1 else f"{limit} exchanges"
        return f"No more exchanges: the limit of {rounds} is reached."
    return "No more exchanges."


def describe_cut(first_dealer: int, names: tuple[str, str]) -> str:
    """Who deals first, and why (the cut is made at random)."""
    elder = names[1 - first_dealer]
    speaks = "you speak first" if elder == SECOND_PERSON else f"{_name(elder)} speaks first"
    return f"The cut, at random: {_verb(names[first_dealer], 'deals', 'deal')} first; {speaks}."


def describe_match_won(match: Match, names: tuple[str, str]) -> str:
    """The match's winner and the games, once it is over."""
    assert match.winner is not None
    winner = match.winner
    won = match.games_won
    games = (
        f"{won[winner]} game to {won[1 - winner]}"
        if won[winner] == 1
        else f"{won[winner]} games to {won[1 - winner]}"
    )
    return f"{_verb(names[winner], 'wins', 'win')} the match, {games}."


def rules_in_words(rules: Rules, *, with_target: bool = False) -> str:
    """The rules in force in players' words, as a compact line: what
    differs from the usual rules ("Ace high · must trump: off · 1
    exchange"), or "Usual rules"; ``with_target``: the game's length first."""
    usual = Rules()
    parts: list[str] = []
    if with_target:
        parts.append(f"Game to {rules.target}")
        if rules.games_to_win > 1:
            parts.append(f"first to {rules.games_to_win} games")
    if rules.ace_high != usual.ace_high:
        parts.append("ace high" if rules.ace_high else "ace low")
    if rules.deal_packets != usual.deal_packets:
        parts.append("dealt " + "-".join(str(packet) for packet in rules.deal_packets))
    if rules.dealer_must_exchange != usual.dealer_must_exchange:
        parts.append(f"dealer must exchange: {'on' if rules.dealer_must_exchange else 'off'}")
    if rules.max_exchanges is not None:
        parts.append("1 exchange" if rules.max_exchanges == 1 else f"{rules.max_exchanges} exchanges")
    if rules.must_trump != usual.must_trump:
        parts.append(f"must trump: {'on' if rules.must_trump else 'off'}")
    if rules.penalty_adds_to_vole != usual.penalty_adds_to_vole:
        parts.append(f"penalty on a vole: {'on' if rules.penalty_adds_to_vole else 'off'}")
    if rules.four_all_reset != usual.four_all_reset:
        parts.append(f"four-all reset: {'on' if rules.four_all_reset else 'off'}")
    if len(parts) == (2 if with_target and rules.games_to_win > 1 else 1 if with_target else 0):
        parts.append("usual rules")
    text = " · ".join(parts)
    return text[:1].upper() + text[1:]
