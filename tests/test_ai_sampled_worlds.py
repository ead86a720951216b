"""A hidden hand the players sample is a world the engine can play.

The expert draws the other seat's hand from its view alone
(``sampling.opponent_hands``, minus what the replies ruled out). Each such
hand must be one the rules allow: there is a deck and a choice of the other
seat's discards under which the deal so far, replayed through ``Match``
itself (every decision applied, every rule checked), leaves the player
exactly the view it has. This is the check OpenSpiel's
``ResampleFromInfostate`` makes: rebuild a history, replay it through the
game, compare the information state.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte.ai.sampling import opponent_hands, ruled_out_by_replies, unseen_pool
from ecarte.engine.actions import CARD, DISCARD, Action, discard_action
from ecarte.engine.cards import Card, cards_in, shuffled_deck
from ecarte.engine.match import Match, deck_for
from ecarte.engine.rules import Rules
from ecarte.engine.view import View

rules_strategy = st.builds(
    Rules,
    target=st.sampled_from([3, 5, 7]),
    ace_high=st.booleans(),
    deal_packets=st.sampled_from([(3, 2), (2, 3), (2, 2, 1)]),
    dealer_must_exchange=st.booleans(),
    max_exchanges=st.sampled_from([None, 1, 2, 3]),
    must_trump=st.booleans(),
)


def rebuild_world(
    start: Match, deck: tuple[Card, ...], history: list[tuple[int, Action]], view: View, their_hand: int
) -> Match:
    """The deal replayed through a copy of ``start`` (the match before the
    deal) with the other seat holding ``their_hand`` now.

    What ``seat`` knows is kept: its own cards and draws (from ``deck``),
    the upcard, every public decision and every card played. What it cannot
    know is chosen: the other seat's first hand and its discards, built
    backwards from ``their_hand`` (each round's draws are cards it holds
    after the round, its discards cards nobody has seen)."""
    seat = view.seat
    opponent = 1 - seat
    played = {action.card for who, action in history if who == opponent and action.type == CARD}
    their_rounds = [
        action.discards.bit_count() for who, action in history if who == opponent and action.type == DISCARD
    ]
    fresh = cards_in(unseen_pool(view) & ~their_hand)
    hand = set(cards_in(their_hand)) | played
    draws: list[list[Card]] = []
    discards: list[int] = []
    for count in reversed(their_rounds):
        drawn, fresh_cards = sorted(hand)[:count], fresh[:count]
        del fresh[:count]
        hand = (hand - set(drawn)) | set(fresh_cards)
        draws.insert(0, drawn)
        discards.insert(0, sum(1 << card for card in fresh_cards))
    first_hand = sorted(hand)
    # The stock in the order it is drawn: my true draws, their chosen ones.
    stock: list[Card] = []
    position, their_round = 11, 0
    for who, action in history:
        if action.type != DISCARD:
            continue
        count = action.discards.bit_count()
        if who == seat:
            stock += deck[position : position + count]
        else:
            stock += draws[their_round]
            their_round += 1
        position += count
    packets = start.rules.deal_packets
    mine = _dealt(deck, packets, seat == start.next_dealer)
    elder, dealer = (first_hand, mine) if seat == start.next_dealer else (mine, first_hand)
    world = start.copy()
    world.deal(deck_for(elder, dealer, deck[10], stock, packets))
    their_round = 0
    for who, action in history:
        if who == opponent and action.type == DISCARD:
            action = discard_action(cards_in(discards[their_round]))
            their_round += 1
        world.apply(action, who)
    return world


def _dealt(deck: tuple[Card, ...], packets: tuple[int, ...], dealer: bool) -> list[Card]:
    """The five cards the deck gives elder (or the dealer), packet by packet."""
    cards: list[Card] = []
    position = 0
    for packet in packets:
        if not dealer:
            cards += deck[position : position + packet]
        position += packet
        if dealer:
            cards += deck[position : position + packet]
        position += packet
    return cards


@settings(max_examples=120, deadline=None)
@given(rules=rules_strategy, seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_a_sampled_hand_replayed_through_the_engine_gives_the_players_view(
    rules: Rules, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    match = Match.new(rules, rng)
    start, deck = match.copy(), shuffled_deck(rng)
    history: list[tuple[int, Action]] = []
    match.deal(deck)
    for _ in range(steps):
        if match.current_player is None:
            if match.is_over:
                return
            start, deck, history = match.copy(), shuffled_deck(rng), []
            match.deal(deck)
            continue
        seat = match.current_player
        action = rng.choice(match.legal_actions())
        history.append((seat, action))
        match.apply(action, seat)
    viewer = match.current_player
    if viewer is None:
        return
    view = match.view(viewer)
    ruled_out = ruled_out_by_replies(view, rules)
    for their_hand, _ in opponent_hands(view, rng, 5, ruled_out=ruled_out):
        world = rebuild_world(start, deck, history, view, their_hand)
        assert world.view(viewer) == view
        assert world.legal_actions() == match.legal_actions()
        assert world.hands[1 - viewer] == their_hand
