"""Random simulation: many seeded matches under random variants with random
legal decisions, checking the engine's invariants at every step.

At every step: the 32 cards are all accounted for; a state where someone is
to move has legal actions and each applies (on a copy); a random illegal
action is refused and changes nothing; each seat's view holds exactly the
protocol's keys and none of the other hand, the stock or the other seat's
discards; scores only grow, except by ``four_all_reset``; and every match ends.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecarte.engine import (
    DEAL,
    OVER,
    TRICKS,
    Action,
    IllegalActionError,
    Match,
    Rules,
    View,
    card_code,
    shuffled_deck,
)
from ecarte.engine.actions import ACTION_TYPES, CARD, DISCARD, SIMPLE_ACTIONS, card_action
from ecarte.engine.cards import FULL_DECK_MASK, mask_of

MATCHES_PER_EXAMPLE = 12
VIEW_KEYS = {
    "seat",
    "dealer",
    "phase",
    "hand",
    "upcard",
    "trump",
    "stock",
    "my_discards",
    "their_discards",
    "exchanges",
    "liable",
    "announced",
    "trick",
    "tricks",
    "score",
    "games_won",
}

variants = st.builds(
    Rules,
    # Targets are kept small so that thousands of matches stay quick; every
    # other key takes every value it may.
    target=st.integers(1, 7),
    games_to_win=st.integers(1, 3),
    ace_high=st.booleans(),
    deal_packets=st.sampled_from([(3, 2), (2, 3), (2, 2, 1)]),
    dealer_must_exchange=st.booleans(),
    max_exchanges=st.none() | st.integers(1, 9),
    must_trump=st.booleans(),
    penalty_adds_to_vole=st.booleans(),
    four_all_reset=st.booleans(),
)


def played_mask(match: Match) -> int:
    cards = list(match.trick)
    for trick in match.tricks:
        cards.extend(trick.cards)
    return mask_of(cards)


def check_cards_accounted_for(match: Match) -> None:
    if not match.deck:
        return
    places = [
        match.hands[0],
        match.hands[1],
        mask_of(match.stock),
        1 << match.upcard,
        match.discards[0],
        match.discards[1],
        played_mask(match),
    ]
    assert sum(place.bit_count() for place in places) == 32, "a card is in two places or lost"
    union = 0
    for place in places:
        union |= place
    assert union == FULL_DECK_MASK


def codes_in_view(view: dict[str, Any]) -> set[str]:
    codes = {*view["hand"], view["upcard"], *view["my_discards"], *view["trick"]}
    for trick in view["tricks"]:
        codes.update(trick["cards"])
    return codes


def check_views(match: Match) -> None:
    if not match.deck:
        return
    for seat in (0, 1):
        view = match.view(seat)
        obj = view.to_json()
        assert set(obj) == VIEW_KEYS
        if seat == match.current_player:
            # What a bot receives reads back as the same view.
            assert View.from_json(json.loads(json.dumps(obj))) == view
        hidden = match.hands[1 - seat] | mask_of(match.stock) | match.discards[1 - seat]
        hidden_codes = {card_code(card) for card in range(32) if hidden >> card & 1}
        # Every key that holds cards is among the keys checked here (the keys are exact).
        assert not hidden_codes & codes_in_view(obj), "the view shows a hidden card"
        assert set(obj["hand"]) == {card_code(card) for card in range(32) if match.hands[seat] >> card & 1}
        assert obj["stock"] == match.stock_size
        assert obj["their_discards"] == match.discards[1 - seat].bit_count()


def state_key(match: Match) -> tuple[Any, ...]:
    return (
        match.phase,
        match.current_player,
        tuple(match.hands),
        match.stock_top,
        tuple(match.discards),
        tuple(match.trick),
        len(match.tricks),
        tuple(tuple(score) for score in match.games),
        match.liable,
        tuple(match.announced),
        match.exchanges,
        match.proposals,
        len(match.deals),
    )


def random_illegal_action(rng: random.Random, legal: list[Action]) -> Action | None:
    for _ in range(20):
        kind = rng.choice(ACTION_TYPES)
        if kind == CARD:
            action = card_action(rng.randrange(32))
        elif kind == DISCARD:
            action = Action(DISCARD, discards=rng.getrandbits(32) & rng.getrandbits(32) & rng.getrandbits(32))
        else:
            action = SIMPLE_ACTIONS[kind]
        if action not in legal:
            return action
    return None


def check_scores(before: list[list[int]], match: Match) -> None:
    games = match.games
    assert len(games) >= len(before)
    for index, old in enumerate(before):
        new = games[index]
        for seat in (0, 1):
            if new[seat] < old[seat]:
                # Only four_all_reset takes points away: both from target - 1 to target - 2.
                target = match.rules.target
                assert match.rules.four_all_reset and match.deals[-1].four_all_reset
                assert new == [target - 2, target - 2]


def play_one_match(rules: Rules, rng: random.Random) -> int:
    match = Match.new(rules, rng)
    steps = 0
    expected_dealer = match.first_dealer
    while not match.is_over:
        steps += 1
        assert steps < 20_000, "the match does not end"
        before = [list(score) for score in match.games]
        if match.current_player is None:
            assert match.phase == DEAL and match.legal_actions() == []
            game_before = len(match.games)
            match.deal(shuffled_deck(rng))
            if match.deals[-1].game == game_before or game_before == 0:
                assert match.dealer == expected_dealer
            else:
                # A new game: its first dealer is the loser of the one before.
                last = match.games[-2]
                assert match.dealer == (0 if last[0] < last[1] else 1)
            expected_dealer = 1 - match.dealer
        else:
            legal = match.legal_actions()
            assert legal, "someone is to move but has no legal action"
            assert len(set(legal)) == len(legal)
            for action in legal:
                match.copy().apply(action)
            if match.phase == TRICKS and match.trick == [] and not match.tricks:
                assert match.current_player == match.elder
            illegal = random_illegal_action(rng, legal)
            if illegal is not None:
                key = state_key(match)
                try:
                    match.apply(illegal)
                except IllegalActionError as error:
                    assert str(error)
                else:
                    raise AssertionError(f"{illegal} was accepted though not legal")
                assert state_key(match) == key, "a refused action changed the state"
            match.apply(rng.choice(legal))
        check_cards_accounted_for(match)
        check_views(match)
        check_scores(before, match)
    assert match.phase == OVER and match.current_player is None and match.legal_actions() == []
    assert match.winner is not None and match.games_won[match.winner] == rules.games_to_win
    assert sum(match.games_won) == len(match.games)
    check_deal_records(match)
    return len(match.deals)


def check_deal_records(match: Match) -> None:
    """Each deal's score is the one before plus its points (less one each on
    a four-all reset), and each game ends with the deal that reached the target."""
    target = match.rules.target
    previous = [0, 0]
    for index, record in enumerate(match.deals):
        if index and record.game != match.deals[index - 1].game:
            previous = [0, 0]
        reset = 1 if record.four_all_reset else 0
        assert record.score == [previous[seat] + record.points[seat] - reset for seat in (0, 1)]
        assert all(record.points[seat] >= record.king_points[seat] for seat in (0, 1))
        assert record.tricks is None or sum(record.tricks) == 5
        if record.tricks is not None:
            assert record.winner is not None and record.tricks[record.winner] >= 3
        ends_game = index + 1 == len(match.deals) or match.deals[index + 1].game != record.game
        if ends_game:
            assert record.ended_game is not None and record.score[record.ended_game] >= target
            assert match.games[record.game - 1] == record.score
        else:
            assert record.ended_game is None and max(record.score) < target
            # A deal that did not end the game played all its tricks.
            assert record.tricks is not None
        previous = record.score


# 200 examples of 12 matches: 2,400 matches, about 40 s on one core.
@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants, seed=st.integers(0, 2**32 - 1))
def test_random_matches_keep_every_invariant(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(MATCHES_PER_EXAMPLE):
        play_one_match(rules, rng)
