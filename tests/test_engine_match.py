"""The state machine, one rule at a time, on hand-built decks (spec/rules.md).

Hearts are trump in most deals here (the turned-up card is 9♥). Hands that
come back often:
- WIN3 ``KH QH JH 7S 7D`` against LOSE2 ``AS KS AD KD KC``: with the plays
  written in each test, the WIN3 side takes three tricks (its three top trumps)
  and the other side two (A♠ over 7♠, A♦ over 7♦).
- ALL5 ``KH QH JH AH TH``: the five top trumps take every trick.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from ecarte.engine import (
    ANSWER,
    DEAL,
    DISCARD_PHASE,
    EXCHANGE,
    OVER,
    TRICKS,
    Action,
    DealError,
    IllegalActionError,
    Match,
    Rules,
    Trick,
    View,
    ViewError,
    card_code,
    deck_for,
    parse_card,
)
from ecarte.engine.scoring import trick_points

WIN3 = "KH QH JH 7S 7D"
LOSE2 = "AS KS AD KD KC"
ALL5 = "KH QH JH AH TH"
NONE5 = "AS KS AD KD KC"
# The plays of the two WIN3/LOSE2 deals, in the order played.
WIN3_LEADS = ["KH KC", "QH KS", "JH KD", "7S AS", "AD 7D"]
LOSE2_LEADS = ["AS 7S", "AD 7D", "KS KH", "QH KD", "JH KC"]
ALL5_LEADS = ["KH KC", "QH KD", "JH KS", "AH AD", "TH AS"]
ALL5_FOLLOWS = ["AS KH", "QH KS", "JH AD", "AH KD", "TH KC"]


def start(
    elder: str,
    dealer: str,
    upcard: str = "9H",
    stock: str = "",
    *,
    rules: Rules | None = None,
    dealer_seat: int = 0,
    score: tuple[int, int] | None = None,
) -> Match:
    """A match whose next deal gives these hands; ``score`` resumes a game at that score."""
    rules = rules or Rules()
    match = Match(rules, first_dealer=dealer_seat)
    if score is not None:
        match.games = [list(score)]
    match.deal(deck_for(elder.split(), dealer.split(), upcard, stock.split(), rules.deal_packets))
    return match


def act(match: Match, *texts: str) -> None:
    for text in texts:
        match.apply(Action.parse(text))


def play_tricks(match: Match, tricks: list[str]) -> None:
    for trick in tricks:
        for code in trick.split():
            match.apply(Action.parse(f"card {code}"))


def hand_codes(match: Match, seat: int) -> set[str]:
    return {card_code(card) for card in match.hand(seat)}


def refused(match: Match, text: str, seat: int | None = None) -> str:
    with pytest.raises(IllegalActionError) as caught:
        match.apply(Action.parse(text), seat)
    return str(caught.value)


# --- the deal -------------------------------------------------------------------------

# The spec's positions, 1-based: (elder's, dealer's).
PACKET_POSITIONS = {
    (3, 2): ([1, 2, 3, 7, 8], [4, 5, 6, 9, 10]),
    (2, 3): ([1, 2, 5, 6, 7], [3, 4, 8, 9, 10]),
    (2, 2, 1): ([1, 2, 5, 6, 9], [3, 4, 7, 8, 10]),
}


@pytest.mark.parametrize("packets", list(PACKET_POSITIONS))
@pytest.mark.parametrize("dealer", [0, 1])
def test_every_packet_pattern_deals_elder_first(packets: tuple[int, ...], dealer: int) -> None:
    deck = list(range(32))[::-1]  # any order will do: position p holds deck[p - 1]
    match = Match(Rules(deal_packets=packets), first_dealer=dealer)
    match.deal(deck)
    elder_positions, dealer_positions = PACKET_POSITIONS[packets]
    assert match.dealer == dealer and match.elder == 1 - dealer
    assert sorted(match.hand(1 - dealer)) == sorted(deck[p - 1] for p in elder_positions)
    assert sorted(match.hand(dealer)) == sorted(deck[p - 1] for p in dealer_positions)
    assert match.upcard == deck[10]
    assert match.trump == deck[10] >> 3
    assert match.stock == tuple(deck[11:])
    assert match.stock_size == 21


@pytest.mark.parametrize("packets", list(PACKET_POSITIONS))
def test_deck_for_deals_the_hands_asked_for(packets: tuple[int, ...]) -> None:
    match = start(WIN3, LOSE2, "9H", "8H 7H", rules=Rules(deal_packets=packets), dealer_seat=1)
    assert hand_codes(match, 0) == set(WIN3.split())
    assert hand_codes(match, 1) == set(LOSE2.split())
    assert card_code(match.upcard) == "9H"
    assert [card_code(card) for card in match.stock[:2]] == ["8H", "7H"]


def test_the_turned_up_card_sets_trump_and_belongs_to_no_hand_or_stock() -> None:
    match = start(WIN3, LOSE2, "9C")
    assert match.trump == parse_card("9C") >> 3
    assert match.upcard not in match.stock
    assert match.upcard not in match.hand(0) + match.hand(1)


def test_a_deck_must_be_the_32_cards() -> None:
    match = Match()
    with pytest.raises(DealError, match="32 cards"):
        match.deal(list(range(31)))
    with pytest.raises(DealError, match="32 cards"):
        match.deal([0, *range(31)])


def test_no_deal_while_one_is_in_progress() -> None:
    match = start(WIN3, LOSE2)
    with pytest.raises(DealError, match="not over"):
        match.deal(list(range(32)))


def test_dealers_alternate_within_a_game() -> None:
    match = start(WIN3, LOSE2, dealer_seat=0)
    act(match, "play")
    play_tricks(match, WIN3_LEADS)
    assert match.phase == DEAL and match.current_player is None
    assert match.next_dealer == 1
    match.deal(deck_for(WIN3.split(), LOSE2.split(), "9H"))
    assert match.dealer == 1 and match.current_player == 0


# --- the exchange ------------------------------------------------------------------


def test_elder_decides_first_then_the_dealer_answers() -> None:
    match = start(WIN3, LOSE2, dealer_seat=0)
    assert match.phase == EXCHANGE and match.current_player == 1
    assert [str(action) for action in match.legal_actions()] == ["propose", "play"]
    act(match, "propose")
    assert match.phase == ANSWER and match.current_player == 0
    assert [str(action) for action in match.legal_actions()] == ["accept", "refuse"]
    act(match, "accept")
    assert match.phase == DISCARD_PHASE and match.current_player == 1


def test_an_accepted_proposal_lets_elder_then_the_dealer_discard_and_draw_from_the_top() -> None:
    match = start("KH QH JH 7S 8C", LOSE2, stock="7D 8D 9D TD")
    act(match, "propose", "accept")
    # Elder: 1 to 5 cards, every subset offered: 5 + 10 + 10 + 5 + 1.
    assert len(match.legal_actions()) == 31
    act(match, "discard 8C")
    assert hand_codes(match, 1) == {"KH", "QH", "JH", "7S", "7D"}
    assert match.current_player == 0
    # The dealer: 0 to 5 cards, keeping the hand is allowed: 31 + 1.
    assert len(match.legal_actions()) == 32
    act(match, "discard AD KD")
    assert hand_codes(match, 0) == {"AS", "KS", "KC", "8D", "9D"}
    assert match.discards == [(1 << parse_card("AD")) | (1 << parse_card("KD")), 1 << parse_card("8C")]
    assert match.exchanges == 1
    assert match.stock_size == 21 - 3
    assert match.phase == EXCHANGE and match.current_player == 1


def test_the_dealer_may_keep_the_hand() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "accept", "discard 7D", "discard")
    assert hand_codes(match, 0) == set(LOSE2.split())
    assert match.phase == EXCHANGE and match.exchanges == 1


def test_exchanges_repeat_until_elder_plays() -> None:
    match = start(WIN3, LOSE2)
    for round_number in range(1, 4):
        act(match, "propose", "accept", f"discard {card_code(match.hand(1)[-1])}", "discard")
        assert match.exchanges == round_number
    act(match, "play")
    assert match.phase == TRICKS and match.current_player == 1
    assert match.liable is None


def test_a_refusal_ends_the_exchange() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "refuse")
    assert match.phase == TRICKS and match.current_player == match.elder


def test_the_stock_running_short_over_several_exchanges() -> None:
    match = start(WIN3, LOSE2)
    stock = list(match.stock)
    act(match, "propose", "accept")
    act(match, "discard " + WIN3)
    assert sorted(match.hand(1)) == sorted(stock[0:5])
    act(match, "discard " + LOSE2)
    assert sorted(match.hand(0)) == sorted(stock[5:10])
    assert match.stock_size == 11
    # Second round: elder 4, the dealer 5: two cards left.
    act(match, "propose", "accept", "discard " + " ".join(card_code(c) for c in match.hand(1)[:4]))
    act(match, "discard " + " ".join(card_code(c) for c in match.hand(0)))
    assert match.stock_size == 2
    # Third round: elder may take at most 2 now; then the dealer at most what is left.
    act(match, "propose", "accept")
    assert {action.discards.bit_count() for action in match.legal_actions()} == {1, 2}
    message = refused(match, "discard " + " ".join(card_code(c) for c in match.hand(1)[:3]))
    assert "the stock holds only 2" in message
    act(match, "discard " + card_code(match.hand(1)[0]))
    assert match.stock_size == 1
    assert {action.discards.bit_count() for action in match.legal_actions()} == {0, 1}
    act(match, "discard " + card_code(match.hand(0)[0]))
    assert match.stock_size == 0
    # The stock is empty at elder's turn to decide: the exchange is over by itself.
    assert match.exchanges == 3
    assert match.phase == TRICKS and match.current_player == 1
    assert all(action.type == "card" for action in match.legal_actions())
    assert "the stock is empty" in refused(match, "play")
    assert "the stock is empty" in refused(match, "propose")


def test_an_empty_stock_at_the_dealers_discard_means_the_dealer_keeps_the_hand() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "accept", "discard " + WIN3, "discard " + LOSE2)
    act(match, "propose", "accept", "discard " + " ".join(card_code(c) for c in match.hand(1)))
    act(match, "discard " + " ".join(card_code(c) for c in match.hand(0)[:5]))
    assert match.stock_size == 1
    dealer_hand = match.hands[0]
    act(match, "propose", "accept", "discard " + card_code(match.hand(1)[0]))
    # No decision is asked of the dealer: the deal goes straight to the tricks.
    assert match.stock_size == 0
    assert match.hands[0] == dealer_hand
    assert match.phase == TRICKS and match.current_player == 1 and match.exchanges == 3


def test_discards_must_come_from_the_hand_and_respect_the_counts() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "accept")
    assert "not in your hand" in refused(match, "discard AS")
    # Elder, refused, reads it (as do a bot's host and ecarte check, after the seat).
    assert "you must discard at least 1 card: your proposal was accepted" in refused(match, "discard")
    act(match, "discard 7S")
    assert "not in your hand" in refused(match, "discard 7S")


def test_dealer_must_exchange_takes_away_keeping_the_hand() -> None:
    match = start(WIN3, LOSE2, rules=Rules(dealer_must_exchange=True))
    act(match, "propose", "accept", "discard 7D")
    assert len(match.legal_actions()) == 31
    assert all(action.discards for action in match.legal_actions())
    assert "the stock is not empty and 'dealer must exchange' is on" in refused(match, "discard")
    act(match, "discard KC")
    assert match.phase == EXCHANGE


def test_dealer_must_exchange_does_not_apply_to_an_empty_stock() -> None:
    match = start(WIN3, LOSE2, rules=Rules(dealer_must_exchange=True))
    act(match, "propose", "accept", "discard " + WIN3, "discard " + LOSE2)
    act(match, "propose", "accept", "discard " + " ".join(card_code(c) for c in match.hand(1)))
    act(match, "discard " + " ".join(card_code(c) for c in match.hand(0)))
    act(match, "propose", "accept", "discard " + card_code(match.hand(1)[0]))
    assert match.stock_size == 0 and match.phase == TRICKS


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_max_exchanges_ends_the_exchange_after_the_nth_accepted_proposal(limit: int) -> None:
    match = start(WIN3, LOSE2, rules=Rules(max_exchanges=limit))
    for number in range(1, limit + 1):
        assert match.phase == EXCHANGE
        act(match, "propose", "accept", f"discard {card_code(match.hand(1)[-1])}")
        assert match.phase == DISCARD_PHASE  # the N-th round's dealer discard still happens
        act(match, "discard")
        assert match.exchanges == number
    assert match.phase == TRICKS and match.current_player == 1
    message = refused(match, "play")
    assert f"{limit} exchange" in message and "max_exchanges" in message


def test_refusals_do_not_count_as_exchanges_for_the_limit() -> None:
    match = start(WIN3, LOSE2, rules=Rules(max_exchanges=1))
    act(match, "propose", "refuse")
    assert match.exchanges == 0 and match.phase == TRICKS


# --- liability ------------------------------------------------------------------------


def test_elder_who_plays_without_proposing_is_liable() -> None:
    match = start(WIN3, LOSE2)
    act(match, "play")
    assert match.liable == 1


def test_the_dealer_who_refuses_the_first_proposal_is_liable() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "refuse")
    assert match.liable == 0


def test_a_later_refusal_creates_no_liability() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "accept", "discard 7D", "discard", "propose", "refuse")
    assert match.liable is None


def test_playing_after_an_exchange_creates_no_liability() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "accept", "discard 7D", "discard", "play")
    assert match.liable is None


def test_makes_liable_tells_beforehand_what_the_decision_will_do() -> None:
    match = start(WIN3, LOSE2)
    assert match.makes_liable(Action.parse("play"))
    assert not match.makes_liable(Action.parse("propose"))
    act(match, "propose")
    assert match.makes_liable(Action.parse("refuse"))
    assert not match.makes_liable(Action.parse("accept"))
    act(match, "accept", "discard 7D", "discard")
    assert not match.makes_liable(Action.parse("play"))
    act(match, "propose")
    assert not match.makes_liable(Action.parse("refuse"))


# --- scoring --------------------------------------------------------------------------


def scored(match: Match) -> tuple[list[int], list[int] | None, list[int]]:
    record = match.deals[-1]
    return record.points, record.tricks, record.score


def test_three_tricks_score_one() -> None:
    match = start("KH QH JH 7S 8C", LOSE2, stock="7D")  # elder is seat 1
    act(match, "propose", "accept", "discard 8C", "discard", "play")
    assert hand_codes(match, 1) == set(WIN3.split())
    play_tricks(match, WIN3_LEADS)
    assert scored(match) == ([0, 1], [2, 3], [0, 1])
    assert match.deals[-1].winner == 1 and not match.deals[-1].penalty and not match.deals[-1].vole


def test_four_tricks_score_one() -> None:
    match = start("KH QH JH AH 8S", "AS KS KD KC QC", stock="7S 7C")
    act(match, "propose", "accept", "discard 8S", "discard QC", "play")
    play_tricks(match, ["KH KD", "QH KC", "JH 7C", "AH KS", "7S AS"])
    assert scored(match) == ([0, 1], [1, 4], [0, 1])


def test_four_tricks_against_a_liable_dealer_score_two() -> None:
    match = start("KH QH JH AH 7S", "AS KS KD KC QC")
    act(match, "propose", "refuse")
    play_tricks(match, ["KH KD", "QH KC", "JH QC", "AH KS", "7S AS"])
    assert scored(match) == ([0, 2], [1, 4], [0, 2])
    assert match.deals[-1].trick_points == 2 and match.deals[-1].penalty


def test_vole_after_an_exchange_scores_two() -> None:
    match = start("KH QH JH AH 7C", NONE5, stock="TH")
    act(match, "propose", "accept", "discard 7C", "discard", "play")
    assert hand_codes(match, 1) == set(ALL5.split())
    play_tricks(match, ALL5_LEADS)
    assert scored(match) == ([0, 2], [0, 5], [0, 2])
    assert match.deals[-1].vole and not match.deals[-1].penalty


def test_penalty_elder_played_without_proposing_and_lost() -> None:
    match = start(LOSE2, WIN3)  # elder seat 1 holds LOSE2
    act(match, "play")
    play_tricks(match, LOSE2_LEADS)
    assert scored(match) == ([2, 0], [3, 2], [2, 0])
    assert match.deals[-1].penalty


def test_penalty_dealer_refused_the_first_proposal_and_lost() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "refuse")
    play_tricks(match, WIN3_LEADS)
    assert scored(match) == ([0, 2], [2, 3], [0, 2])
    assert match.deals[-1].penalty


def test_a_liable_player_who_wins_scores_one() -> None:
    match = start(WIN3, LOSE2)
    act(match, "play")
    play_tricks(match, WIN3_LEADS)
    assert scored(match) == ([0, 1], [2, 3], [0, 1])
    assert not match.deals[-1].penalty


@pytest.mark.parametrize(("adds", "points"), [(False, 2), (True, 3)])
def test_penalty_with_a_vole_against_the_liable_elder(adds: bool, points: int) -> None:
    match = start(NONE5, ALL5, rules=Rules(penalty_adds_to_vole=adds))
    act(match, "play")
    play_tricks(match, ALL5_FOLLOWS)
    assert scored(match) == ([points, 0], [5, 0], [points, 0])
    assert match.deals[-1].vole and match.deals[-1].penalty


@pytest.mark.parametrize(("adds", "points"), [(False, 2), (True, 3)])
def test_penalty_with_a_vole_against_the_liable_dealer(adds: bool, points: int) -> None:
    match = start(ALL5, NONE5, rules=Rules(penalty_adds_to_vole=adds))
    act(match, "propose", "refuse")
    play_tricks(match, ALL5_LEADS)
    assert scored(match) == ([0, points], [0, 5], [0, points])


def test_a_vole_by_the_liable_player_has_no_penalty() -> None:
    match = start(ALL5, NONE5, rules=Rules(penalty_adds_to_vole=True))
    act(match, "play")  # elder liable, and wins everything
    play_tricks(match, ALL5_LEADS)
    assert scored(match) == ([0, 2], [0, 5], [0, 2])


def test_points_do_not_stop_at_the_target() -> None:
    match = start(WIN3, LOSE2, score=(0, 4))
    act(match, "propose", "refuse")
    play_tricks(match, WIN3_LEADS)
    assert match.score == [0, 6]
    assert match.deals[-1].points == [0, 2]
    assert match.winner == 1 and match.is_over


# --- the trump king -------------------------------------------------------------------


def test_the_turned_up_king_scores_for_the_dealer_at_once() -> None:
    match = start("QH JH 7S 7D 8C", LOSE2, upcard="KH", dealer_seat=1)
    assert match.score == [0, 1]
    assert match.deals[-1].king_points == [0, 1]
    assert match.deals[-1].turned_king
    assert match.phase == EXCHANGE and match.current_player == 0
    # At every moment the reason is the turned-up king, not "too early":
    # no one will hold it in this deal.
    assert "turned-up card" in refused(match, "king")
    act(match, "propose", "accept", "discard 8C", "discard", "play")
    assert "turned-up card" in refused(match, "king")


def test_a_turned_up_king_ends_the_game_before_any_exchange() -> None:
    match = start(WIN3.replace("KH", "9H"), LOSE2, upcard="KH", score=(4, 2), rules=Rules(games_to_win=2))
    assert match.score == [5, 2]
    assert match.games_won == [1, 0]
    assert match.phase == DEAL and match.current_player is None
    record = match.deals[-1]
    assert record.tricks is None and record.points == [1, 0] and record.ended_game == 0
    # The loser (seat 1) deals first in the next game.
    assert match.next_dealer == 1


def test_elder_announces_before_leading() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "refuse")
    assert "king" in [str(action) for action in match.legal_actions()]
    act(match, "king")
    assert match.score == [0, 1] and match.announced == [1]
    assert match.deals[-1].king_points == [0, 1]
    assert "king" not in [str(action) for action in match.legal_actions()]
    assert "already announced" in refused(match, "king")
    play_tricks(match, WIN3_LEADS)
    assert match.deals[-1].points == [0, 3]  # the king, and 2 for the liable dealer's loss


def test_the_king_is_offered_only_to_its_holder() -> None:
    match = start(LOSE2, WIN3)  # the dealer holds K♥
    act(match, "play")
    assert "king" not in [str(action) for action in match.legal_actions()]
    assert "you do not hold K♥" in refused(match, "king")


def test_the_dealer_announces_after_elders_lead() -> None:
    match = start(LOSE2, WIN3)
    act(match, "play")
    assert "dealer announces after elder's first lead, not before" in refused(match, "king", seat=0)
    play_tricks(match, ["AS"])
    assert [str(action) for action in match.legal_actions()] == ["card 7S", "king"]
    act(match, "king")
    assert match.score == [1, 0] and match.announced == [0]


def test_the_dealer_is_too_late_after_playing_to_the_first_trick() -> None:
    match = start(LOSE2, WIN3)
    act(match, "play")
    play_tricks(match, ["AS 7S", "AD"])
    assert "king" not in [str(action) for action in match.legal_actions()]
    assert "too late" in refused(match, "king")


def test_elder_is_too_late_after_leading() -> None:
    match = start(WIN3, LOSE2)
    act(match, "play")
    play_tricks(match, ["QH"])
    assert "too late" in refused(match, "king", seat=1)
    play_tricks(match, ["KC"])
    assert match.current_player == 1  # elder leads again, K♥ still in hand
    assert "king" not in [str(action) for action in match.legal_actions()]
    message = refused(match, "king")
    assert message.startswith("too late to announce the king")
    assert "before leading to the first trick" in message


def test_a_king_played_unannounced_is_too_late_not_missing() -> None:
    # "You do not hold K♥" is true once it is played, but hides the rule:
    # the moment to announce it has passed.
    match = start(WIN3, LOSE2)
    act(match, "play")
    play_tricks(match, ["KH"])
    expected = "too late to announce the king: you played K♥ without announcing it"
    assert refused(match, "king", seat=1) == expected
    play_tricks(match, ["KC", "QH KS"])
    assert refused(match, "king", seat=1) == expected  # and at every later trick
    # Announced, then played: already announced, as before it was played.
    announced = start(WIN3, LOSE2)
    act(announced, "play", "king")
    play_tricks(announced, ["KH KC"])
    assert "already announced" in refused(announced, "king", seat=1)


def test_the_king_cannot_be_announced_during_the_exchange() -> None:
    # Elder (seat 1) holds K♥: too early at every step of the exchange.
    match = start(WIN3, LOSE2)
    assert "too early" in refused(match, "king", seat=1)
    act(match, "propose")
    assert "too early" in refused(match, "king", seat=1)
    act(match, "accept")
    assert "too early" in refused(match, "king", seat=1)


def test_a_player_without_the_king_is_told_so_not_that_it_is_too_early() -> None:
    # "Too early" would let the dealer believe K♥ is in the hand.
    match = start(WIN3, LOSE2)
    act(match, "propose")
    assert refused(match, "king", seat=0) == "you cannot announce the king: you do not hold K♥"


def test_a_king_drawn_from_the_stock_counts() -> None:
    match = start("QH JH 7S 7D 8C", LOSE2, stock="KH")
    act(match, "propose", "accept", "discard 8C", "discard", "play")
    assert "king" in [str(action) for action in match.legal_actions()]
    act(match, "king")
    assert match.score == [0, 1]


def test_keeping_quiet_is_legal_and_the_point_is_then_lost() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "refuse")
    play_tricks(match, ["QH KC"])
    assert match.score == [0, 0] and "too late" in refused(match, "king")


def test_an_announced_king_that_reaches_the_target_ends_the_game_before_the_tricks() -> None:
    match = start(WIN3, LOSE2, score=(3, 4))
    act(match, "propose", "refuse", "king")
    assert match.score == [3, 5]
    assert match.is_over and match.winner == 1 and match.phase == OVER and match.current_player is None
    record = match.deals[-1]
    assert record.tricks is None and record.points == [0, 1] and record.ended_game == 1
    assert match.legal_actions() == []
    assert "match is over" in refused(match, "card KH")


def test_the_dealers_king_ends_the_game_in_the_middle_of_the_first_trick() -> None:
    match = start(LOSE2, WIN3, score=(4, 4), rules=Rules(games_to_win=2))
    act(match, "play")
    play_tricks(match, ["AS"])
    act(match, "king")
    assert match.games == [[5, 4]]
    assert match.phase == DEAL and match.next_dealer == 1
    match.deal(deck_for(WIN3.split(), LOSE2.split(), "9H"))
    assert match.games == [[5, 4], [0, 0]] and match.dealer == 1


# --- four all ---------------------------------------------------------------------------


@pytest.mark.parametrize(("reset", "final"), [(True, [3, 3]), (False, [4, 4])])
def test_four_all_reset_takes_one_point_from_each(reset: bool, final: list[int]) -> None:
    match = start(LOSE2, WIN3, score=(3, 4), rules=Rules(four_all_reset=reset))
    act(match, "propose", "refuse")  # the dealer (seat 0) is liable but wins
    play_tricks(match, LOSE2_LEADS)
    record = match.deals[-1]
    assert record.points == [1, 0]
    assert record.score == final and match.score == final
    assert record.four_all_reset is reset


def test_four_all_reset_needs_both_at_target_minus_one() -> None:
    match = start(LOSE2, WIN3, score=(2, 4), rules=Rules(four_all_reset=True))
    act(match, "propose", "refuse")
    play_tricks(match, LOSE2_LEADS)
    assert match.score == [3, 4] and not match.deals[-1].four_all_reset


def test_four_all_reset_follows_the_target() -> None:
    match = start(LOSE2, WIN3, score=(5, 6), rules=Rules(target=7, four_all_reset=True))
    act(match, "propose", "refuse")
    play_tricks(match, LOSE2_LEADS)
    assert match.score == [5, 5]


# --- tricks through the state machine -------------------------------------------------


def test_a_wrong_card_is_refused_with_the_rule() -> None:
    match = start("JS 9C 8C 7C TC", "8S QS 7D 8D 9D", upcard="9H")
    act(match, "play")
    play_tricks(match, ["JS"])
    assert refused(match, "card 8S") == "8♠ is not allowed: you must beat the led J♠ and you hold Q♠"
    assert "not in your hand" in refused(match, "card KS")


def test_the_winner_of_a_trick_leads_the_next() -> None:
    match = start(LOSE2, WIN3)
    act(match, "play")
    play_tricks(match, ["AS 7S"])
    assert match.current_player == 1 and match.tricks[-1].winner == 1
    play_tricks(match, ["AD 7D", "KS KH"])
    assert match.current_player == 0 and match.tricks[-1].winner == 0


def test_cards_and_moments_are_checked() -> None:
    match = start(WIN3, LOSE2)
    assert "the exchange is not over" in refused(match, "card KH")
    assert "no proposal to answer" in refused(match, "accept")
    assert "no exchange has been agreed" in refused(match, "discard 7S")
    act(match, "propose")
    assert "not accepted yet" in refused(match, "discard AS")
    assert "must accept or refuse" in refused(match, "play")
    act(match, "refuse")
    assert "there is no proposal" not in refused(match, "refuse")
    assert "the exchange is over" in refused(match, "refuse")


def test_a_seat_that_is_not_to_move_is_refused() -> None:
    match = start(WIN3, LOSE2)
    message = refused(match, "propose", seat=0)
    assert "not seat 0's turn" in message and "elder (seat 1) must play or propose" in message


def test_expected_says_what_must_happen_at_each_moment() -> None:
    # Elder (seat 1) holds K♥ with hearts trumps; the dealer (seat 0) does not.
    match = Match(first_dealer=0)
    assert match.expected() == "a new deal is due, dealt by seat 0"
    match.deal(deck_for(WIN3.split(), LOSE2.split(), "9H"))
    assert match.expected() == "elder (seat 1) must play or propose an exchange"
    act(match, "propose")
    assert match.expected() == "the dealer (seat 0) must accept or refuse the proposal"
    act(match, "accept")
    assert match.expected() == "elder (seat 1) must discard 1 to 5 cards and draw as many"
    act(match, "discard 7S")
    assert match.expected() == "the dealer (seat 0) must discard 0 to 5 cards and draw as many"
    act(match, "discard", "play")
    # Elder may announce the king before leading, and only then.
    assert match.expected() == "elder (seat 1) must lead a card or announce the king"
    act(match, "king")
    assert match.expected() == "elder (seat 1) must lead a card"
    play_tricks(match, ["KH"])
    assert match.expected() == "the dealer (seat 0) must play a card to the trick"


def test_expected_offers_the_dealer_the_king_after_elders_lead() -> None:
    match = start(LOSE2, WIN3)
    act(match, "play")
    assert match.expected() == "elder (seat 1) must lead a card"
    play_tricks(match, ["AS"])
    assert match.expected() == "the dealer (seat 0) must play a card to the trick or announce the king"


def test_expected_once_the_match_is_over() -> None:
    match = start(WIN3, LOSE2)
    act(match, "play")
    play_tricks(match, WIN3_LEADS)
    assert match.expected() == "a new deal is due, dealt by seat 1"
    match = start(WIN3, LOSE2, score=(0, 4))
    act(match, "play")
    play_tricks(match, WIN3_LEADS)
    assert match.expected() == "the match is over: seat 1 won it"


def test_no_one_acts_when_a_deal_is_due() -> None:
    match = Match()
    assert match.current_player is None and match.legal_actions() == []
    assert "a new deal is due" in refused(match, "play")


# --- a match of several games ---------------------------------------------------------


def test_best_of_three_with_the_loser_dealing_first_in_the_next_game() -> None:
    rules = Rules(target=1, games_to_win=2)
    match = Match(rules, first_dealer=0)
    # Game 1: seat 0 deals, elder (seat 1) takes three tricks and the game.
    match.deal(deck_for(WIN3.split(), LOSE2.split(), "9H"))
    act(match, "play")
    play_tricks(match, WIN3_LEADS)
    assert match.games == [[0, 1]] and match.games_won == [0, 1]
    # Game 2: the loser, seat 0, deals first (the alternation would say seat 1).
    assert match.next_dealer == 0
    match.deal(deck_for(LOSE2.split(), WIN3.split(), "9H"))
    assert match.dealer == 0
    act(match, "play")  # elder is liable and loses: 2 points to the dealer
    play_tricks(match, LOSE2_LEADS)
    assert match.games == [[0, 1], [2, 0]] and match.games_won == [1, 1]
    assert not match.is_over and match.winner is None
    # Game 3: the loser of game 2, seat 1, deals.
    assert match.next_dealer == 1
    match.deal(deck_for(WIN3.split(), LOSE2.split(), "9H"))
    assert match.dealer == 1
    act(match, "play")
    play_tricks(match, WIN3_LEADS)
    assert match.games == [[0, 1], [2, 0], [1, 0]]
    assert match.games_won == [2, 1] and match.winner == 0 and match.is_over
    with pytest.raises(DealError, match="match is over"):
        match.deal(list(range(32)))
    assert [record.game for record in match.deals] == [1, 2, 3]
    assert [record.ended_game for record in match.deals] == [1, 0, 0]


# --- views and copies -------------------------------------------------------------------


def test_the_view_holds_the_protocols_keys_and_only_what_the_seat_may_know() -> None:
    match = start(WIN3, LOSE2, stock="8H 7H")
    act(match, "propose", "accept", "discard 7D 7S", "discard KC")
    view = match.view(1).to_json()
    assert set(view) == {
        "seat", "dealer", "phase", "hand", "upcard", "trump", "stock", "my_discards",
        "their_discards", "exchanges", "liable", "announced", "trick", "tricks", "score", "games_won",
    }  # fmt: skip
    assert set(view["hand"]) == {"KH", "QH", "JH", "8H", "7H"}
    assert sorted(view["my_discards"]) == ["7D", "7S"]
    assert view["their_discards"] == 1
    assert view["stock"] == 21 - 3 and view["exchanges"] == 1
    assert view["upcard"] == "9H" and view["trump"] == "H"
    text = str(view)
    for hidden in [*hand_codes(match, 0), "KC", *(card_code(card) for card in match.stock)]:
        assert f"'{hidden}'" not in text


def test_copies_are_independent() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "refuse")
    copy = match.copy()
    play_tricks(copy, WIN3_LEADS)
    assert copy.phase == DEAL and copy.score == [0, 2]
    assert match.phase == TRICKS and match.score == [0, 0]
    assert match.deals[-1].tricks is None and match.tricks == []
    play_tricks(match, WIN3_LEADS)
    assert match.score == copy.score


def test_a_copy_has_every_field_of_the_original() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "refuse", "king")
    play_tricks(match, ["QH"])
    copy = match.copy()
    for name in Match.__slots__:
        assert getattr(copy, name) == getattr(match, name), name
    assert copy.deals[-1] == match.deals[-1] and copy.deals[-1] is not match.deals[-1]


def test_deck_for_refuses_impossible_hands() -> None:
    with pytest.raises(DealError, match="named twice: KS"):
        deck_for(["KS", "QS", "JS", "AS", "TS"], ["KS", "7H", "8H", "9H", "TH"], "9D")
    with pytest.raises(DealError, match="5 cards"):
        deck_for(["KS", "QS", "JS", "AS"], ["7H", "8H", "9H", "TH", "7D"], "9D")
    with pytest.raises(DealError, match="named twice: 9D"):
        deck_for(["KS", "QS", "JS", "AS", "TS"], ["7H", "8H", "9H", "TH", "7D"], "9D", ["9D"])


@pytest.mark.parametrize(
    ("tricks", "loser_liable", "adds", "points"),
    [
        (3, False, False, 1),
        (4, False, True, 1),
        (3, True, False, 2),
        (4, True, True, 2),
        (5, False, False, 2),
        (5, False, True, 2),
        (5, True, False, 2),
        (5, True, True, 3),
    ],
)
def test_the_scoring_table(tricks: int, loser_liable: bool, adds: bool, points: int) -> None:
    assert trick_points(tricks, loser_liable, Rules(penalty_adds_to_vole=adds)) == points


def test_the_views_exchanges_count_accepted_proposals_as_the_protocol_says() -> None:
    # The protocol's 'exchanges' counts the accepted proposal whose discards
    # are under way; the engine counts finished rounds. Each reads back.
    match = start(WIN3, LOSE2)
    seen: list[tuple[str, int, int]] = []
    for step in ("propose", "accept", "discard 7D", "discard KC", "propose"):
        view = match.view(match.current_player or 0)
        seen.append((view.phase, view.to_json()["exchanges"], view.exchanges))
        assert View.from_json(view.to_json()) == view
        act(match, step)
    assert seen == [
        ("exchange", 0, 0),
        ("answer", 0, 0),
        ("discard", 1, 0),  # elder discards: one proposal accepted
        ("discard", 1, 0),  # the dealer discards
        ("exchange", 1, 1),  # the round is over
    ]
    view = match.view(0)
    with pytest.raises(ViewError, match="'exchanges' must be at least 1 in the discard phase"):
        View.from_json({**view.to_json(), "phase": "discard", "exchanges": 0})


def test_a_view_reads_back_from_its_json_and_bad_json_is_refused() -> None:
    match = start(WIN3, LOSE2)
    act(match, "propose", "accept", "discard 7D", "discard KC", "play", "king")
    play_tricks(match, ["KH"])
    view = match.view(0)
    obj = view.to_json()
    assert View.from_json(obj) == view
    for key, bad, words in [
        ("phase", "lunch", "'phase' must be one of exchange, answer, discard, tricks"),
        ("trump", "X", "'trump' must be a suit letter"),
        ("hand", ["ZZ"], "is not a card"),
        ("score", [True, 0], "'score' must be two integers"),
        ("seat", 2, "'seat' must be 0 or 1"),
        ("stock", -1, "'stock' must be a non-negative integer"),
        ("tricks", [{"leader": 0, "cards": ["KH"], "winner": 0}], "two cards"),
        ("announced", [2], "'announced' must be a list of seats"),
        ("announced", [True], "'announced' must be a list of seats"),
        ("announced", [0.0], "'announced' must be a list of seats"),
    ]:
        with pytest.raises(ViewError, match=words.replace("(", r"\(")):
            View.from_json({**obj, key: bad})
    with pytest.raises(ViewError, match="JSON object"):
        View.from_json([])


def test_a_view_is_an_immutable_value_and_replace_copies_it() -> None:
    # A player may keep a view, use it as a key, or send it to another
    # process; the evaluator asks "what if the king were announced" on a copy.
    match = start(WIN3, LOSE2)
    act(match, "propose", "accept", "discard 7D", "discard KC", "play")
    play_tricks(match, ["KH"])
    view = match.view(0)
    assert view == match.view(0) and hash(view) == hash(match.view(0)) and view != match.view(1)
    with pytest.raises(AttributeError):
        view.score = (4, 0)  # type: ignore[misc]
    trick = Trick(0, (parse_card("KH"), parse_card("7H")), 0)
    with pytest.raises(AttributeError):
        trick.winner = 1  # type: ignore[misc]
    assert trick == Trick(leader=0, cards=trick.cards, winner=0) and trick != Trick(1, trick.cards, 1)
    announced = view.replace(score=(4, 0), announced=(0,))
    assert (announced.score, announced.announced) == ((4, 0), (0,))
    assert announced.to_json() == {**view.to_json(), "score": [4, 0], "announced": [0]}
    assert (view.score, view.announced) == ((0, 0), ())
    assert pickle.loads(pickle.dumps(view)) == view
    assert copy.deepcopy(trick) == trick and len({trick, copy.copy(trick)}) == 1


def test_deal_numbers_start_again_with_each_game() -> None:
    import random

    rng = random.Random(4)
    match = Match(Rules(target=2, games_to_win=2))
    numbers: list[tuple[int, int]] = []
    while not match.is_over:
        if match.phase == "deal":
            cards = list(range(32))
            rng.shuffle(cards)
            match.deal(cards)
            numbers.append((len(match.games), match.deal_in_game()))
        else:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))], match.current_player)
    games = sorted({game for game, _ in numbers})
    assert len(games) >= 2
    for game in games:
        # Within each game the deals are numbered 1, 2, 3...
        in_game = [number for shown_game, number in numbers if shown_game == game]
        assert in_game == list(range(1, len(in_game) + 1))
