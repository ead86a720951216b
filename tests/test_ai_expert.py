"""The expert player: legal and fair (it sees nothing hidden), exact in small
endgames worked out by hand, aware of the score, deterministic for a seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecarte.ai.evaluator import EXPERT_BUDGET, evaluate_options
from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.expert_value import MatchValue
from ecarte.ai.sampling import opponent_hand_size, opponent_hands, ruled_out_by_replies, seen_mask
from ecarte.ai.solver import TrickSolver
from ecarte.engine.actions import ACCEPT, DISCARD, KING, PLAY, PROPOSE, Action
from ecarte.engine.cards import SUITS, beaters, cards_in, mask_of, parse_card, power_table, shuffled_deck
from ecarte.engine.match import Match, deck_for
from ecarte.engine.rules import Rules
from ecarte.engine.tricks import leader_wins, legal_replies
from ecarte.engine.view import Trick, View
from match_support import play_seeded_match

rules_strategy = st.builds(
    Rules,
    target=st.sampled_from([1, 2, 5, 7, 11]),
    games_to_win=st.integers(1, 3),
    ace_high=st.booleans(),
    deal_packets=st.sampled_from([(3, 2), (2, 3), (2, 2, 1)]),
    dealer_must_exchange=st.booleans(),
    max_exchanges=st.sampled_from([None, 1, 2, 3]),
    must_trump=st.booleans(),
    penalty_adds_to_vole=st.booleans(),
    four_all_reset=st.booleans(),
)


def reachable_state(rules: Rules, seed: int, steps: int) -> Match:
    """A match after ``steps`` random decisions (deals made as needed)."""
    rng = random.Random(seed)
    match = Match.new(rules, rng)
    for _ in range(steps):
        if match.is_over:
            break
        if match.current_player is None:
            match.deal(shuffled_deck(rng))
            continue
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    # A deal can end at once (a turned-up king reaching the target): deal on.
    while match.current_player is None and not match.is_over:
        match.deal(shuffled_deck(rng))
    return match


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(code) for code in text.split())


# ---------------------------------------------------------------- legality


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, seed=st.integers(0, 10**6), steps=st.integers(0, 80))
def test_expert_returns_a_legal_action_in_reachable_states(rules: Rules, seed: int, steps: int) -> None:
    match = reachable_state(rules, seed, steps)
    if match.is_over:
        return
    seat = match.current_player
    assert seat is not None
    player = ExpertPlayer(seed)
    player.start_match(seat, rules)
    legal = match.legal_actions()
    action = player.decide(match.view(seat), legal)
    assert action in legal
    match.apply(action)  # the engine agrees


@settings(max_examples=60, deadline=None)
@given(rules=rules_strategy, seed=st.integers(0, 10**6), steps=st.integers(0, 80))
def test_sampled_hands_are_consistent_with_the_view(rules: Rules, seed: int, steps: int) -> None:
    match = reachable_state(rules, seed, steps)
    if match.is_over:
        return
    seat = match.current_player
    assert seat is not None
    view = match.view(seat)
    seen = seen_mask(view)
    # What the seat has seen elsewhere, listed from the view by hand.
    elsewhere = set(view.hand) | set(view.my_discards) | {view.upcard} | set(view.trick)
    for trick in view.tricks:
        elsewhere |= set(trick.cards)
    assert seen == mask_of(elsewhere)
    actual = match.hands[1 - seat]
    # The truth is always among the possibilities.
    assert actual & seen == 0
    size = opponent_hand_size(view)
    assert size == actual.bit_count()
    ruled_out = ruled_out_by_replies(view, rules)
    assert actual & ruled_out == 0, "the other's replies ruled out a card it holds"
    for limit in (0, 10**6):
        hands = opponent_hands(view, random.Random(seed), 30, enumerate_limit=limit, ruled_out=ruled_out)
        assert hands
        for hand, weight in hands:
            assert weight > 0
            assert hand.bit_count() == size
            assert hand & seen == 0, "a sampled hand holds a card the seat has seen"
            assert hand & ruled_out == 0, "a sampled hand breaks what the other's replies showed"
            if 1 - seat in view.announced and match.trump_king not in elsewhere:
                assert hand >> match.trump_king & 1


def test_the_expert_input_is_the_view_only() -> None:
    # The protocol's view round-trips through JSON: the expert decides the
    # same from the JSON a bot would get, so it uses nothing else.
    match = reachable_state(Rules(), 7, 30)
    seat = match.current_player
    assert seat is not None
    view = match.view(seat)
    from_json = View.from_json(view.to_json())
    first, second = ExpertPlayer(3), ExpertPlayer(3)
    first.start_match(seat, match.rules)
    second.start_match(seat, match.rules)
    legal = match.legal_actions()
    assert first.decide(view, legal) == second.decide(from_json, legal)


# ---------------------------------------------------------------- solver


def reference_lead_tricks(leader: int, follower: int, trump: int, rules: Rules) -> int:
    """Plain minimax over the engine's own rule functions, no memo, no cuts."""
    if not leader:
        return 0
    best = 0
    for led in cards_in(leader):
        replies = legal_replies(follower, led, trump, beaters(rules.ace_high), rules.must_trump)
        worst = 99
        for reply in cards_in(replies):
            rest_leader, rest_follower = leader & ~(1 << led), follower & ~(1 << reply)
            if leader_wins(led, reply, trump, power_table(rules.ace_high)):
                got = 1 + reference_lead_tricks(rest_leader, rest_follower, trump, rules)
            else:
                got = rest_leader.bit_count() - reference_lead_tricks(
                    rest_follower, rest_leader, trump, rules
                )
            worst = min(worst, got)
        best = max(best, worst)
    return best


def random_position(rng: random.Random, size: int) -> tuple[int, int]:
    """Two hands of ``size`` cards dealt from a shuffled deck."""
    deck = list(range(32))
    rng.shuffle(deck)
    return mask_of(deck[:size]), mask_of(deck[size : 2 * size])


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(1, 5),
    ace_high=st.booleans(),
    must_trump=st.booleans(),
)
def test_solver_agrees_with_plain_minimax_on_the_engine_rules(
    seed: int, size: int, ace_high: bool, must_trump: bool
) -> None:
    rng = random.Random(seed)
    leader, follower = random_position(rng, size)
    trump = rng.randrange(4)
    rules = Rules(ace_high=ace_high, must_trump=must_trump)
    solver = TrickSolver(trump, ace_high, must_trump)
    assert solver.lead_tricks(leader, follower) == reference_lead_tricks(leader, follower, trump, rules)


def same_shape(
    leader: int, follower: int, trump: int, new_trump: int, ace_high: bool, rng: random.Random
) -> tuple[int, int]:
    """The position moved to other cards without changing the game: the
    trump suit to ``new_trump``, the plain suits to the others in a random
    order, and in each suit the cards held to other ranks in the same order
    of power (any cards held by neither between them)."""
    plain_from = [suit for suit in range(4) if suit != trump]
    plain_to = [suit for suit in range(4) if suit != new_trump]
    rng.shuffle(plain_to)
    suit_to = {trump: new_trump, **dict(zip(plain_from, plain_to, strict=True))}
    power = power_table(ace_high)
    by_power = sorted(range(8), key=lambda rank: power[rank])
    moved: dict[int, int] = {}
    for suit, to in suit_to.items():
        held = [rank for rank in by_power if (leader | follower) >> (suit * 8 + rank) & 1]
        places = sorted(rng.sample(range(8), len(held)))
        for rank, place in zip(held, places, strict=True):
            moved[suit * 8 + rank] = to * 8 + by_power[place]
    moved_leader = mask_of(moved[card] for card in cards_in(leader))
    return moved_leader, mask_of(moved[card] for card in cards_in(follower))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(4, 5), ace_high=st.booleans(), must_trump=st.booleans())
def test_solver_values_positions_of_the_same_shape_alike_and_rightly(
    seed: int, size: int, ace_high: bool, must_trump: bool
) -> None:
    # The solver remembers positions of four or five cards by their shape
    # only, across trumps: the second position below is answered from what
    # the first taught it, and must still be the value the rules give.
    rng = random.Random(seed)
    leader, follower = random_position(rng, size)
    trump, new_trump = rng.randrange(4), rng.randrange(4)
    rules = Rules(ace_high=ace_high, must_trump=must_trump)
    moved_leader, moved_follower = same_shape(leader, follower, trump, new_trump, ace_high, rng)
    first = TrickSolver(trump, ace_high, must_trump).lead_tricks(leader, follower)
    second = TrickSolver(new_trump, ace_high, must_trump).lead_tricks(moved_leader, moved_follower)
    assert first == reference_lead_tricks(leader, follower, trump, rules)
    assert second == reference_lead_tricks(moved_leader, moved_follower, new_trump, rules)


# ---------------------------------------------------------------- endgames


def endgame_view(
    hand: str,
    their_hand: str,
    trump: str,
    tricks: list[Trick],
    score: tuple[int, int] = (0, 0),
    trick: str = "",
) -> View:
    """A view of seat 0 (elder) late in a deal in which seat 0 has discarded
    every card it has not seen played, so that the other hand is exactly
    ``their_hand``: the endgame is then one of perfect information."""
    trump_suit = SUITS.index(trump)
    upcard = trump_suit * 8  # the seven of trumps
    played = {card for finished in tricks for card in finished.cards} | set(cards(trick))
    known = set(cards(hand)) | set(cards(their_hand)) | played | {upcard}
    discards = tuple(card for card in range(32) if card not in known)
    return View(
        seat=0,
        dealer=1,
        phase="tricks",
        hand=cards(hand),
        upcard=upcard,
        trump=trump_suit,
        stock=0,
        my_discards=discards,
        their_discards=0,
        exchanges=3,
        liable=None,
        announced=(),
        trick=cards(trick),
        tricks=tuple(tricks),
        score=score,
        games_won=(0, 0),
    )


def trick(leader: int, first: str, second: str, winner: int) -> Trick:
    return Trick(leader, (parse_card(first), parse_card(second)), winner)


def decide(view: View, legal_cards: str) -> Action:
    player = ExpertPlayer(1)
    player.start_match(0, Rules())
    legal = [Action("card", card=card) for card in cards(legal_cards)]
    return player.decide(view, legal)


# Three tricks played (the other seat took two), hearts are trumps. We hold
# KH and 7S, they hold 8H and 9D; we need both tricks to take three.
# - Lead 7S: they have no spade, so they must trump with 8H and win; then
#   they lead 9D and we trump with KH: one trick, the deal is lost.
# - Lead KH: they must follow with 8H and lose; then 7S: no spade and no
#   trump left, they throw 9D: two tricks, three in all, the point is ours.
def test_draws_the_last_trump_before_leading_the_plain_card() -> None:
    tricks = [trick(0, "KC", "7C", 0), trick(0, "8C", "9C", 1), trick(1, "QC", "TC", 1)]
    view = endgame_view("KH 7S", "8H 9D", "H", tricks)
    assert decide(view, "KH 7S") == Action("card", card=parse_card("KH"))


def test_plays_for_the_vole() -> None:
    # Same cards, but we took all three tricks so far: leading KH first takes
    # all five (the vole, 2 points); 7S first lets 8H trump it (1 point).
    tricks = [trick(0, "KC", "7C", 0), trick(0, "QC", "8C", 0), trick(0, "JC", "9C", 0)]
    view = endgame_view("KH 7S", "8H 9D", "H", tricks)
    assert decide(view, "KH 7S") == Action("card", card=parse_card("KH"))


def test_wins_the_trick_cheaply_and_keeps_the_king_over_their_queen() -> None:
    # Two tricks played, one each; hearts are trumps. They lead 9S, holding
    # QS and 8D; we hold KS, TS and 7D, and must beat the 9S (KS or TS).
    # - TS wins; we keep KS and 7D against QS and 8D. KS then takes QS (they
    #   must follow) and 8D takes our 7D: two of three, three tricks in all.
    # - KS wins; left with TS and 7D against QS and 8D, we lose both (QS
    #   beats TS, 8D beats 7D whoever leads): two tricks in all, no point.
    tricks = [trick(0, "KC", "7C", 0), trick(0, "8C", "9C", 1)]
    view = endgame_view("KS TS 7D", "QS 8D", "H", tricks, trick="9S")
    assert decide(view, "KS TS") == Action("card", card=parse_card("TS"))


def test_announces_the_king_that_wins_the_game() -> None:
    # At 4 all the trump king's point ends the game at once: take it.
    match = Match(Rules(), first_dealer=1)
    deck = list(range(32))
    # Seat 0 is elder and gets cards 1-3 and 7-8: give it the king of the
    # trump suit, which the upcard (card 11) sets.
    deck.remove(parse_card("KH"))
    deck.remove(parse_card("7H"))
    deck.insert(0, parse_card("KH"))
    deck.insert(10, parse_card("7H"))
    match.games.append([4, 4])
    match.deal(deck)
    player = ExpertPlayer(0)
    player.start_match(0, match.rules)
    while match.phase != "tricks":
        seat = match.current_player
        legal = match.legal_actions()
        # The dealer accepts any proposal and throws its first option.
        match.apply(player.decide(match.view(0), legal) if seat == 0 else legal[0])
    legal = match.legal_actions()
    assert Action(KING) in legal, "an expert never throws the trump king"
    assert player.decide(match.view(0), legal) == Action(KING)
    match.apply(Action(KING))
    assert match.winner == 0


def test_plays_five_top_trumps_without_proposing() -> None:
    # K Q J A 10 of trumps take all five tricks whatever the dealer holds:
    # playing at once is a sure vole and the king's point. Proposing can only
    # cost a trump (elder must discard one card at least if accepted).
    view = View(
        seat=0,
        dealer=1,
        phase="exchange",
        hand=cards("KH QH JH AH TH"),
        upcard=parse_card("7H"),
        trump=1,
        stock=21,
        my_discards=(),
        their_discards=0,
        exchanges=0,
        liable=None,
        announced=(),
        trick=(),
        tricks=(),
        score=(0, 0),
        games_won=(0, 0),
    )
    player = ExpertPlayer(5)
    player.start_match(0, Rules())
    assert player.decide(view, [Action("propose"), Action(PLAY)]) == Action(PLAY)


# ---------------------------------------------------------------- the score


def test_match_value_is_a_probability_that_rises_with_the_score() -> None:
    for rules in (Rules(), Rules(games_to_win=2, penalty_adds_to_vole=True), Rules(four_all_reset=True)):
        value = MatchValue(rules)
        for i_deal in (False, True):
            for theirs in range(5):
                row = [value.before_deal(mine, theirs, 0, 0, i_deal) for mine in range(5)]
                assert all(0.0 < p < 1.0 for p in row)
                assert row == sorted(row)


def test_match_value_is_the_same_seen_from_either_seat() -> None:
    # The deal model is the same for both seats: my chance and the other's
    # from the mirrored position add up to one.
    value = MatchValue(Rules(games_to_win=2))
    for mine in range(5):
        for theirs in range(5):
            for games in ((0, 0), (1, 0), (0, 1), (1, 1)):
                here = value.before_deal(mine, theirs, games[0], games[1], True)
                there = value.before_deal(theirs, mine, games[1], games[0], False)
                assert here + there == pytest.approx(1.0)


def test_a_won_game_wins_a_single_game_match() -> None:
    value = MatchValue(Rules())
    assert value.after_deal(5, 3, 0, 0, True) == 1.0
    assert value.after_deal(3, 5, 0, 0, True) == 0.0


# ---------------------------------------------------------------- determinism


def play_match(seed: int, rules: Rules) -> list[str]:
    _, log = play_seeded_match([ExpertPlayer(seed), ExpertPlayer(seed + 1)], rules, random.Random(seed))
    return [str(action) for _, action in log.decisions]


def test_same_seed_same_decisions() -> None:
    rules = Rules(target=3)
    assert play_match(42, rules) == play_match(42, rules)


def test_start_match_resets_the_players_chance() -> None:
    # A player reused for a second match decides as a fresh one would (as a
    # protocol bot, which plays one match per process, does).
    match = reachable_state(Rules(), 11, 5)
    seat = match.current_player
    assert seat is not None
    used, fresh = ExpertPlayer(9), ExpertPlayer(9)
    used.start_match(seat, match.rules)
    play_match(3, Rules(target=2))  # unrelated play in between
    for _ in range(3):
        used.decide(match.view(seat), match.legal_actions())
    used.start_match(seat, match.rules)
    fresh.start_match(seat, match.rules)
    assert used.decide(match.view(seat), match.legal_actions()) == fresh.decide(
        match.view(seat), match.legal_actions()
    )


# ---------------------------------------------------------------- what replies show


def open_view(hand: str, tricks: list[Trick]) -> View:
    """Seat 0's view after the first tricks, hearts trumps, nothing
    discarded: the other hand may hold any card not seen."""
    return View(
        seat=0,
        dealer=1,
        phase="tricks",
        hand=cards(hand),
        upcard=parse_card("7H"),
        trump=SUITS.index("H"),
        stock=21,
        my_discards=(),
        their_discards=0,
        exchanges=0,
        liable=None,
        announced=(),
        trick=(),
        tricks=tuple(tricks),
        score=(0, 0),
        games_won=(0, 0),
    )


def test_a_reply_off_suit_shows_no_card_of_the_led_suit_and_no_trump() -> None:
    # Hearts are trumps. We led KS and they threw 8D: they had no spade (else
    # they must follow) and no heart (else, void in spades, they must trump).
    view = open_view("QC JC TC 9C", [trick(0, "KS", "8D", 0)])
    ruled_out = ruled_out_by_replies(view, Rules())
    spades_and_hearts = mask_of(
        card for card in range(32) if card >> 3 in (SUITS.index("S"), SUITS.index("H"))
    )
    assert ruled_out == spades_and_hearts & ~seen_mask(view)
    assert ruled_out.bit_count() == 14  # 16 less the KS played and the 7H turned up


def test_a_reply_that_follows_low_shows_no_higher_card_of_that_suit() -> None:
    # We led 9S and they followed with 8S: they must beat the led card if
    # able, so they hold no spade above the nine (ten, ace, knave, queen,
    # king, ace low); a lower spade or any other suit is still possible.
    view = open_view("QC JC TC KD", [trick(0, "9S", "8S", 0)])
    ruled_out = ruled_out_by_replies(view, Rules())
    assert ruled_out == mask_of(cards("TS AS JS QS KS"))


def test_their_lead_shows_nothing() -> None:
    view = open_view("QC JC TC KD", [trick(1, "8S", "9S", 0)])
    assert ruled_out_by_replies(view, Rules()) == 0


def _discard_with_one_card_left(seed: int) -> tuple[Match, int]:
    """A deal played through the engine, both sides throwing all they may,
    until elder is to discard with one card left in the stock."""
    match = Match(Rules(), first_dealer=seed % 2)
    match.deal(shuffled_deck(random.Random(seed)))
    while True:
        legal = match.legal_actions()
        kinds = {action.type for action in legal}
        if PROPOSE in kinds:
            match.apply(next(action for action in legal if action.type == PROPOSE))
        elif ACCEPT in kinds:
            match.apply(next(action for action in legal if action.type == ACCEPT))
        elif DISCARD in kinds:
            if match.stock_size == 1 and match.current_player == match.elder:
                return match, match.elder
            match.apply(max(legal, key=lambda action: action.discards.bit_count()))
        else:
            raise AssertionError(f"the stock did not come down to one card: {sorted(kinds)}")


def test_with_one_card_left_in_the_stock_every_single_discard_is_weighed() -> None:
    """A play-tester with one card left to draw saw the coach list one discard
    of the five it could make: the search cut the textbook's order once per
    count, and one card allows one count. With so few choices every one is
    searched, and the expert throws the one it values best."""
    for seed in range(4):
        match, seat = _discard_with_one_card_left(seed)
        legal = match.legal_actions()
        assert len(legal) == 5 and all(action.discards.bit_count() == 1 for action in legal)
        expert = ExpertPlayer(seed)
        expert.start_match(seat, match.rules)
        view = match.view(seat)
        expert._remember(view)
        evaluation = evaluate_options(expert, view, legal, expert.budget())
        assert {option.action for option in evaluation.options} == set(legal)
        assert evaluation.best.win == max(option.win for option in evaluation.options)


# ---------------------------------------------------------------- the dealer's discard


def dealer_to_discard(dealer_hand: str, elder_hand: str, upcard: str, elder_throws: str) -> Match:
    """A match where elder proposed, the dealer accepted and elder threw
    ``elder_throws``: the dealer (seat 1) is to discard, and may keep."""
    match = Match(first_dealer=1)
    match.deal(deck_for(elder_hand.split(), dealer_hand.split(), upcard))
    match.apply(Action(PROPOSE))
    match.apply(Action(ACCEPT))
    match.apply(Action(DISCARD, discards=mask_of(cards(elder_throws))))
    assert match.current_player == 1 and Action(DISCARD, discards=0) in match.legal_actions()
    return match


def test_the_dealer_keeps_five_top_trumps_after_accepting() -> None:
    # K Q J A 10 of trumps take every trick: any card thrown can only be
    # replaced by a worse one. Keeping the hand was never searched (the
    # search's cut for "none thrown" asked for every card but one).
    match = dealer_to_discard("KH QH JH AH TH", "9S 8S KS 7D 8C", "7H", "8C 7D")
    player = ExpertPlayer(3)
    player.start_match(1, Rules())
    assert player.decide(match.view(1), match.legal_actions()) == Action(DISCARD, discards=0)


def test_keeping_the_hand_is_among_the_dealers_valued_options() -> None:
    # The Coach lists the most promising discards: keeping was missing from
    # them even where it was nearly the best (A K 7 of trumps, 9 7 of diamonds).
    match = dealer_to_discard("AS KS 7S 9D 7D", "QH JH TH 9C 7C", "8S", "9C 7C")
    player = ExpertPlayer(5)
    player.start_match(1, Rules())
    evaluation = evaluate_options(player, match.view(1), match.legal_actions(), EXPERT_BUDGET)
    assert Action(DISCARD, discards=0) in [option.action for option in evaluation.options]
