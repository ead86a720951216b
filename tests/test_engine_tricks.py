"""Trick play on its own (spec/rules.md, "The tricks"): which replies are
allowed, who wins, and the words of a refusal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte.engine.cards import (
    SUITS,
    beaters,
    card_code,
    card_label,
    cards_in,
    mask_of,
    parse_card,
    power_table,
)
from ecarte.engine.tricks import leader_wins, legal_replies, why_not_allowed

NORMAL = beaters(False)
ACE_HIGH = beaters(True)


def hand(codes: str) -> int:
    return mask_of(parse_card(code) for code in codes.split())


def codes(mask: int) -> set[str]:
    return {card_code(card) for card in cards_in(mask)}


def suit(letter: str) -> int:
    return SUITS.index(letter)


def replies(held: str, led: str, trump: str, *, ace_high: bool = False, must_trump: bool = True) -> set[str]:
    table = ACE_HIGH if ace_high else NORMAL
    return codes(legal_replies(hand(held), parse_card(led), suit(trump), table, must_trump))


def leader_takes(led: str, reply: str, trump: str, *, ace_high: bool = False) -> bool:
    return leader_wins(parse_card(led), parse_card(reply), suit(trump), power_table(ace_high))


# --- following, beating, trumping -------------------------------------------------


def test_must_follow_suit_when_able() -> None:
    # Void of nothing: a spade is led and the hand holds a spade, so only it may go.
    assert replies("7S KH QH 8D 9C", "9S", trump="H") == {"7S"}


def test_must_beat_the_led_card_when_following_and_able() -> None:
    # German seed: hearts trump, Q♠ led, holding J♠ and K♠: K♠ is the only card.
    assert replies("JS KS 7H 8D 9C", "QS", trump="H") == {"KS"}


def test_any_card_of_the_suit_when_none_beats() -> None:
    # Swedish seed: Q♥ led, holding A♥ and 10♥ (both lower): either may follow.
    assert replies("AH TH 8D 7C 9C", "QH", trump="H") == {"AH", "TH"}


def test_every_higher_card_is_allowed_not_only_the_lowest_winner() -> None:
    assert replies("QS KS 8S 8D 9C", "JS", trump="H") == {"QS", "KS"}


def test_the_ace_sits_between_the_jack_and_the_ten() -> None:
    # A ten led: the ace beats it, so the ace must be played over the 9.
    assert replies("AS 9S 8D 7C 9C", "TS", trump="H") == {"AS"}
    # A jack led: the ace does not beat it, so any spade may follow.
    assert replies("AS 9S 8D 7C 9C", "JS", trump="H") == {"AS", "9S"}
    # Holding the jack when the ace is led: the jack beats it and must be played.
    assert replies("JS 7S 8D 7C 9C", "AS", trump="H") == {"JS"}


def test_ace_high_puts_the_ace_above_the_king() -> None:
    assert replies("AS 9S 8D 7C 9C", "JS", trump="H", ace_high=True) == {"AS"}
    assert replies("AS 9S 8D 7C 9C", "KS", trump="H", ace_high=True) == {"AS"}
    # The king no longer beats the ace.
    assert replies("KS 7S 8D 7C 9C", "AS", trump="H", ace_high=True) == {"KS", "7S"}


def test_void_in_the_led_suit_must_trump_if_able() -> None:
    # German seed: no spade but 7♥ with hearts trump: must trump with 7♥.
    assert replies("7H 8D 9C TC JD", "QS", trump="H") == {"7H"}


def test_void_with_several_trumps_may_play_any_trump() -> None:
    assert replies("7H KH 8D 9C TC", "QS", trump="H") == {"7H", "KH"}


def test_void_of_the_suit_and_of_trumps_may_play_any_card() -> None:
    assert replies("8D 9C TC JD QD", "QS", trump="H") == {"8D", "9C", "TC", "JD", "QD"}


def test_must_trump_off_lets_a_void_player_discard() -> None:
    assert replies("7H 8D 9C TC JD", "QS", trump="H", must_trump=False) == {"7H", "8D", "9C", "TC", "JD"}


def test_must_trump_off_still_requires_following_and_beating() -> None:
    assert replies("JS KS 7H 8D 9C", "QS", trump="H", must_trump=False) == {"KS"}


def test_trump_led_must_be_over_trumped_if_able() -> None:
    assert replies("7H KH 8D 9C TC", "QH", trump="H") == {"KH"}
    # No higher trump: any trump follows.
    assert replies("7H 8H 8D 9C TC", "QH", trump="H") == {"7H", "8H"}


# --- who wins ---------------------------------------------------------------------


def test_higher_card_of_the_led_suit_wins() -> None:
    assert leader_takes("KS", "9S", trump="H")
    assert not leader_takes("9S", "KS", trump="H")


def test_ace_loses_to_jack_and_beats_ten_in_the_normal_order() -> None:
    assert leader_takes("JH", "AH", trump="S")
    assert not leader_takes("AH", "JH", trump="S")
    assert leader_takes("AH", "TH", trump="S")
    assert not leader_takes("TH", "AH", trump="S")


def test_ace_wins_over_king_under_ace_high() -> None:
    assert leader_takes("AH", "KH", trump="S", ace_high=True)
    assert not leader_takes("KH", "AH", trump="S", ace_high=True)
    assert not leader_takes("JH", "AH", trump="S", ace_high=True)


def test_a_trump_beats_any_card_of_another_suit() -> None:
    assert not leader_takes("KS", "7H", trump="H")


def test_a_card_of_another_suit_that_is_not_trump_loses() -> None:
    assert leader_takes("7S", "KD", trump="H")


def test_a_led_trump_wins_over_another_suit() -> None:
    assert leader_takes("7H", "KS", trump="H")


def test_the_higher_trump_wins_when_trump_is_led() -> None:
    assert not leader_takes("QH", "KH", trump="H")
    assert leader_takes("KH", "QH", trump="H")


@pytest.mark.parametrize("ace_high", [False, True])
def test_every_pair_of_cards_has_exactly_one_winner_consistent_with_the_rank_order(ace_high: bool) -> None:
    order = "AKQJT987" if ace_high else "KQJAT987"
    trump = suit("D")
    power = power_table(ace_high)
    for led in range(32):
        for reply in range(32):
            if led == reply:
                continue
            leader = leader_wins(led, reply, trump, power)
            led_code, reply_code = card_code(led), card_code(reply)
            if led_code[1] == reply_code[1]:
                expected = order.index(led_code[0]) < order.index(reply_code[0])
            else:
                expected = reply_code[1] != "D"
            assert leader == expected, (led_code, reply_code)


# --- the words of a refusal -------------------------------------------------------


def test_refusal_names_the_card_that_must_beat() -> None:
    message = why_not_allowed(
        hand("8S QS 7H 8D 9C"), parse_card("JS"), parse_card("8S"), suit("H"), NORMAL, True
    )
    assert message == "8♠ is not allowed: you must beat the led J♠ and you hold Q♠"


def test_refusal_names_the_suit_to_follow() -> None:
    message = why_not_allowed(
        hand("8S QS 7H 8D 9C"), parse_card("JS"), parse_card("7H"), suit("H"), NORMAL, True
    )
    assert "must follow the led J♠" in message
    assert "8♠" in message and "Q♠" in message


def test_refusal_names_the_trumps_to_play() -> None:
    message = why_not_allowed(
        hand("7H KH 8D 9C TC"), parse_card("QS"), parse_card("8D"), suit("H"), NORMAL, True
    )
    assert message.startswith("8♦ is not allowed")
    assert "must trump" in message and "hearts" in message and "7♥" in message and "K♥" in message


# --- the rule written out plainly, against the fast one -----------------------------


def reference_replies(held: list[str], led: str, trump: str, ace_high: bool, must_trump: bool) -> set[str]:
    """The spec's four steps, with card codes and the rank order as a string."""
    order = "AKQJT987" if ace_high else "KQJAT987"  # high to low
    same_suit = [card for card in held if card[1] == led[1]]
    if same_suit:
        higher = [card for card in same_suit if order.index(card[0]) < order.index(led[0])]
        return set(higher or same_suit)
    trumps = [card for card in held if card[1] == trump]
    if must_trump and trumps:
        return set(trumps)
    return set(held)


@settings(max_examples=400, deadline=None)
@given(
    cards=st.lists(st.integers(0, 31), min_size=2, max_size=6, unique=True),
    trump=st.sampled_from("SHDC"),
    ace_high=st.booleans(),
    must_trump=st.booleans(),
)
def test_legal_replies_match_the_rule_as_written(
    cards: list[int], trump: str, ace_high: bool, must_trump: bool
) -> None:
    led, held = card_code(cards[0]), [card_code(card) for card in cards[1:]]
    expected = reference_replies(held, led, trump, ace_high, must_trump)
    assert replies(" ".join(held), led, trump, ace_high=ace_high, must_trump=must_trump) == expected
    # Whatever is refused gets a reason that names the card.
    for card in set(held) - expected:
        table = ACE_HIGH if ace_high else NORMAL
        reason = why_not_allowed(
            hand(" ".join(held)), parse_card(led), parse_card(card), suit(trump), table, must_trump
        )
        assert reason.startswith(f"{card_label(parse_card(card))} is not allowed: ")
        assert "you must follow" in reason or "you must beat" in reason or "so you must trump" in reason
