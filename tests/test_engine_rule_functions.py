"""The rule functions the players call (``engine.exchange``, ``engine.king``,
``engine.scoring``, ``tricks.ruled_out_by_reply``) say what ``Match`` does.

Each is checked against the match itself in random play under random
variants, or against the rule it is derived from, exhaustively: a player
that looks ahead with them sees the game the engine plays.
"""

from __future__ import annotations

import random
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte.engine.actions import CARD, DISCARD, KING, PLAY, REFUSE, ActionType
from ecarte.engine.cards import beaters, shuffled_deck
from ecarte.engine.exchange import discard_range, exchange_over, liable_after, makes_liable
from ecarte.engine.king import announce_moment_passed, may_announce_now
from ecarte.engine.match import Match
from ecarte.engine.rules import Rules
from ecarte.engine.scoring import (
    after_four_all,
    dealer_of_next_deal,
    dealer_of_next_game,
    four_all_applies,
    four_all_score,
    game_won,
    points_needed,
    score_deal,
    trick_points,
    trick_winner,
)
from ecarte.engine.tricks import legal_replies, ruled_out_by_reply
from ecarte.engine.view import Phase

rules_strategy = st.builds(
    Rules,
    target=st.sampled_from([1, 2, 3, 5, 7]),
    games_to_win=st.integers(1, 3),
    ace_high=st.booleans(),
    deal_packets=st.sampled_from([(3, 2), (2, 3), (2, 2, 1)]),
    dealer_must_exchange=st.booleans(),
    max_exchanges=st.sampled_from([None, 1, 2, 3]),
    must_trump=st.booleans(),
    penalty_adds_to_vole=st.booleans(),
    four_all_reset=st.booleans(),
)


def test_what_a_reply_rules_out_is_what_the_reply_rule_forbids() -> None:
    # Exhaustive: a card is ruled out exactly when the reply would not have
    # been legal from a hand of the reply and that card.
    for trump, ace_high, must_trump in product(range(4), (False, True), (False, True)):
        order = beaters(ace_high)
        for led in range(32):
            for reply in range(32):
                if reply == led:
                    continue
                shown = ruled_out_by_reply(led, reply, trump, order, must_trump)
                for card in range(32):
                    if card in (led, reply):
                        continue
                    hand = 1 << reply | 1 << card
                    forbidden = not legal_replies(hand, led, trump, order, must_trump) >> reply & 1
                    assert bool(shown >> card & 1) == forbidden, (
                        trump,
                        ace_high,
                        must_trump,
                        led,
                        reply,
                        card,
                    )


def test_a_reply_rules_out_nothing_it_could_hold_with_itself() -> None:
    for led, reply in product(range(32), range(32)):
        if led != reply:
            assert not ruled_out_by_reply(led, reply, 1, beaters(False), True) >> reply & 1


@settings(max_examples=80, deadline=None)
@given(rules=rules_strategy, seed=st.integers(0, 10**6))
def test_the_rule_functions_say_what_the_match_does(rules: Rules, seed: int) -> None:
    """A random match, checked at every decision: the discards offered, the
    end of the exchange, liability, the king's moment, and each deal's end
    (score, game won, next dealer) as ``score_deal`` and the dealer
    functions predict them."""
    rng = random.Random(seed)
    match = Match.new(rules, rng)
    while not match.is_over:
        if match.current_player is None:
            games_before = len(match.games)
            last = match.deals[-1] if match.deals else None
            match.deal(shuffled_deck(rng))
            if last is not None:
                expected = (
                    dealer_of_next_game(last.ended_game)
                    if last.ended_game is not None
                    else dealer_of_next_deal(last.dealer)
                )
                assert match.dealer == expected
                assert (len(match.games) > games_before) == (last.ended_game is not None)
            start = tuple(match.score)
            continue
        seat = match.current_player
        is_dealer = seat == match.dealer
        legal = match.legal_actions()
        kinds = {action.type for action in legal}
        if match.phase == Phase.DISCARD:
            fewest, most = discard_range(is_dealer, match.stock_size, rules)
            sizes = {action.discards.bit_count() for action in legal}
            assert sizes == set(range(fewest, most + 1))
        if match.phase == Phase.TRICKS:
            may = may_announce_now(is_dealer, len(match.tricks), len(match.trick))
            holds = bool(match.hands[seat] >> match.trump_king & 1) and seat not in match.announced
            assert (KING in kinds) == (may and holds)
            assert not (may and announce_moment_passed(is_dealer, len(match.tricks), len(match.trick)))
        action = rng.choice(legal)
        if match.phase in (Phase.EXCHANGE, Phase.ANSWER):
            assert match.makes_liable(action) == makes_liable(action.type, match.exchanges)
        liable = liable_after(match.liable, seat, action.type, match.exchanges)
        exchanges, phase = match.exchanges, match.phase
        match.apply(action)
        if phase in (Phase.EXCHANGE, Phase.ANSWER):
            assert match.liable == liable
        if action.type == DISCARD and match.exchanges > exchanges:
            assert (match.phase == Phase.TRICKS) == exchange_over(match.exchanges, match.stock_size, rules)
        record = match.deals[-1]
        if action.type in (CARD, KING) and (record.tricks is not None or record.ended_game is not None):
            _check_deal_end(match, start, rules)
    assert game_won(max(match.games[-1]), rules)


def _check_deal_end(match: Match, start: tuple[int, ...], rules: Rules) -> None:
    """The deal just ended (by its tricks or by a king point): ``score_deal``
    from the score at the deal's start predicts its end."""
    record = match.deals[-1]
    kings = [record.king_points[seat] - (seat == record.dealer and record.turned_king) for seat in (0, 1)]
    if record.tricks is None:
        # A king point ended the game before the tricks: any trick result
        # gives the same end.
        score, winner = score_deal(start, record.dealer, kings, 0, 1, rules)
    else:
        won_by = trick_winner(record.tricks)
        points = trick_points(record.tricks[won_by], match.liable == 1 - won_by, rules)
        score, winner = score_deal(start, record.dealer, kings, won_by, points, rules)
    assert winner == record.ended_game
    assert list(score) == record.score


def test_points_needed_counts_down_to_the_game() -> None:
    rules = Rules(target=7)
    assert [points_needed(points, rules) for points in (0, 5, 6)] == [7, 2, 1]
    assert not game_won(6, rules) and game_won(7, rules)


def test_four_all_is_one_short_of_the_target_whatever_the_target() -> None:
    # docs/rules.md: at four all in a game to 5 both go back to three.
    assert four_all_score(Rules()) == 4 and after_four_all((4, 4)) == (3, 3)
    seven = Rules(target=7, four_all_reset=True)
    assert four_all_score(seven) == 6
    assert four_all_applies((6, 6), seven) and not four_all_applies((4, 4), seven)
    assert not four_all_applies((6, 6), Rules(target=7))


def test_liability_falls_on_the_first_decision_only() -> None:
    assert makes_liable(PLAY, 0) and makes_liable(REFUSE, 0)
    assert not makes_liable(PLAY, 1) and not makes_liable(REFUSE, 2)
    for other in (ActionType.PROPOSE, ActionType.ACCEPT, DISCARD, CARD, KING):
        assert not makes_liable(other, 0)
    assert liable_after(None, 1, REFUSE, 0) == 1
    assert liable_after(None, 1, REFUSE, 1) is None
