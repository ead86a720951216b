"""What the other's choices of card say of its hand, by the textbook's play
(``ai/card_model.py``)."""

from __future__ import annotations

import random

from ecarte.ai.card_model import card_choices, textbook_card_fit
from ecarte.ai.classic import ClassicPlayer
from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.sampling import unseen_pool
from ecarte.engine.cards import cards_in, mask_of, shuffled_deck
from ecarte.engine.match import Match
from ecarte.engine.rules import Rules
from ecarte.engine.view import Phase, View


def textbook_deals(seed: int, deals: int) -> list[tuple[View, View]]:
    """(the view of the seat to move, the other seat's view) at every card
    decision of two textbook players, in ``deals`` deals from ``seed``."""
    rng = random.Random(seed)
    match = Match(Rules(), first_dealer=0)
    players = [ClassicPlayer(seed), ClassicPlayer(seed + 1)]
    for seat, player in enumerate(players):
        player.start_match(seat, match.rules)
    moments: list[tuple[View, View]] = []
    for _ in range(deals):
        if match.is_over:
            break
        match.deal(shuffled_deck(rng))
        while (seat := match.current_player) is not None:
            view = match.view(seat)
            if view.phase == Phase.TRICKS:
                moments.append((view, match.view(1 - seat)))
            match.apply(players[seat].decide(view, match.legal_actions()), seat)
    return moments


def test_the_choices_read_are_the_others_cards_with_the_cards_it_played_since() -> None:
    for view, theirs in textbook_deals(5, 12):
        opponent = 1 - view.seat
        for index, card, led, later in card_choices(view):
            played_from_then = mask_of(
                trick.cards[0] if trick.leader == opponent else trick.cards[1]
                for trick in view.tricks[index:]
            ) | (1 << view.trick[0] if view.trick else 0)
            assert later == played_from_then
            assert later >> card & 1
            if led is None:
                assert (view.tricks[index].cards[0] if index < len(view.tricks) else view.trick[0]) == card
            else:
                assert view.tricks[index].cards == (led, card)
            assert not theirs.hand_mask & later  # played cards left the hand


def test_the_textbooks_true_hand_fits_its_own_play_when_it_threw_nothing() -> None:
    """Without discards the other's view is rebuilt whole, so the textbook's
    own hand explains every card it chose."""
    judged = 0
    for seed in range(6):
        for view, theirs in textbook_deals(seed, 10):
            if view.their_discards:
                continue
            counted = [0]
            assert textbook_card_fit(view, Rules(), counted)(theirs.hand_mask) == 0
            judged += counted[0]
    assert judged > 100


def test_other_hands_the_view_allows_do_not_all_fit() -> None:
    """The fit tells hands apart: some hands the rules allow would have led
    or replied otherwise."""
    rng = random.Random(9)
    told_apart = 0
    for view, theirs in textbook_deals(11, 12):
        if not card_choices(view):
            continue
        misfits = textbook_card_fit(view, Rules())
        free = cards_in(unseen_pool(view))
        size = theirs.hand_mask.bit_count()
        for _ in range(20):
            if misfits(mask_of(rng.sample(free, size))):
                told_apart += 1
                break
    assert told_apart > 10


def test_the_expert_counts_how_well_the_textbook_explains_its_opponent() -> None:
    """With ``card_adaptive``, each deal in which the other leads the last
    card adds its judged choices; against the textbook none misfit unless it
    threw cards (its discards are unknown to the expert)."""
    rng = random.Random(4)
    match = Match(Rules(), first_dealer=1)
    expert = ExpertPlayer(3)
    expert.card_model = True
    expert.card_adaptive = True
    players = [expert, ClassicPlayer(0)]
    for seat, player in enumerate(players):
        player.start_match(seat, match.rules)
    for _ in range(4):
        if match.is_over:
            break
        match.deal(shuffled_deck(rng))
        while (seat := match.current_player) is not None:
            match.apply(players[seat].decide(match.view(seat), match.legal_actions()), seat)
    judged, missed = expert._card_fits
    assert judged > 0
    assert missed <= judged // 4
