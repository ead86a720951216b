"""Cards, deck strings, shuffling and the action values (spec/rules.md "Cards",
spec/log-format.md deck strings, spec/bot-protocol.md action shapes)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from ecarte.engine import Action, ActionError, CardError, card_code, card_label, parse_card, parse_deck
from ecarte.engine.cards import deck_string, shuffled_deck, sorted_hand


def test_thirty_two_distinct_codes_rank_then_suit() -> None:
    codes = {card_code(card) for card in range(32)}
    assert len(codes) == 32
    assert codes == {rank + suit for rank in "KQJAT987" for suit in "SHDC"}
    for code in codes:
        assert card_code(parse_card(code)) == code


def test_labels_for_people() -> None:
    assert card_label(parse_card("TH")) == "10♥"
    assert card_label(parse_card("AS")) == "A♠"
    assert card_label(parse_card("KC"), symbols=False) == "KC"


@pytest.mark.parametrize("bad", ["ks", "1S", "10H", "KX", "", "K", "KSS", None, 5])
def test_bad_codes_are_refused_with_the_expected_form(bad: Any) -> None:
    with pytest.raises(CardError, match="is not a card"):
        parse_card(bad)


def test_deck_strings_round_trip_and_are_checked() -> None:
    deck = shuffled_deck(random.Random(3))
    assert parse_deck(deck_string(deck)) == deck
    text = deck_string(deck)
    with pytest.raises(CardError, match="32 cards"):
        parse_deck(text.rsplit(" ", 1)[0])
    with pytest.raises(CardError, match="32 cards"):
        parse_deck(text.replace(" ", "  ", 1))
    codes = text.split(" ")
    codes[5] = codes[6]
    with pytest.raises(CardError, match="twice"):
        parse_deck(" ".join(codes))


def test_shuffles_come_only_from_the_generator_passed_in() -> None:
    first = shuffled_deck(random.Random(42))
    random.seed(1)  # the global generator must not matter
    second = shuffled_deck(random.Random(42))
    assert first == second
    assert sorted(first) == list(range(32))
    assert shuffled_deck(random.Random(43)) != first


def test_shuffles_are_roughly_uniform() -> None:
    # Where the ace of spades lands over many shuffles: each of the 32 places
    # about equally often (a broken shuffle, e.g. a sort with a bad key, fails).
    rng = random.Random(7)
    ace = parse_card("AS")
    counts = [0] * 32
    rounds = 32_000
    for _ in range(rounds):
        counts[shuffled_deck(rng).index(ace)] += 1
    expected = rounds / 32
    assert all(abs(count - expected) < 0.2 * expected for count in counts), counts


def test_hands_sort_trumps_first_strongest_first() -> None:
    hand = [parse_card(code) for code in ["7S", "AH", "KD", "JH", "TH"]]
    shown = [card_code(card) for card in sorted_hand(hand, trump=parse_card("9H") >> 3)]
    assert shown == ["JH", "AH", "TH", "7S", "KD"]


# --- actions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("propose", {"type": "propose"}),
        ("play", {"type": "play"}),
        ("accept", {"type": "accept"}),
        ("refuse", {"type": "refuse"}),
        ("king", {"type": "king"}),
        ("card KS", {"type": "card", "card": "KS"}),
        ("discard 7D 8C", {"type": "discard", "cards": ["7D", "8C"]}),
        ("discard", {"type": "discard", "cards": []}),
    ],
)
def test_actions_round_trip_as_text_and_protocol_json(text: str, obj: dict[str, Any]) -> None:
    action = Action.parse(text)
    assert str(action) == text
    assert action.to_json() == obj
    assert Action.from_json(obj) == action


def test_discard_order_does_not_matter() -> None:
    assert Action.from_json({"type": "discard", "cards": ["8C", "7D"]}) == Action.parse("discard 7D 8C")


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        ([], "JSON object"),
        ({"type": "fold"}, 'unknown action type "fold"'),
        ({"type": ["card"]}, "unknown action type"),
        ({}, "unknown action type null"),
        ({"type": "card"}, "needs 'card'"),
        ({"type": "card", "card": "ZZ"}, "is not a card"),
        ({"type": "discard", "cards": "7D"}, "list of card codes"),
        ({"type": "discard", "cards": [7]}, "list of card codes"),
        ({"type": "discard", "cards": ["7D", "7D"]}, "names a card twice"),
    ],
)
def test_bad_action_json_is_refused_with_a_message(obj: Any, words: str) -> None:
    with pytest.raises(ActionError, match=words.replace("(", r"\(")):
        Action.from_json(obj)


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        (
            {"type": "card", "player": 0},
            "a 'card' event needs 'card', a card code such as \"KS\"; found none",
        ),
        (
            {"type": "card", "card": None},
            "a 'card' event needs 'card', a card code such as \"KS\"; found null",
        ),
        ({"type": "card", "card": 7}, "a 'card' event needs 'card', a card code such as \"KS\"; found 7"),
        (
            {"type": "discard", "cards": "7D"},
            "a 'discard' event needs 'cards', a list of card codes; found \"7D\"",
        ),
        (
            {"type": "discard", "cards": [{}]},
            "a 'discard' event needs 'cards', a list of card codes; found a list",
        ),
        ({"type": "discard", "cards": ["7D", "7D"]}, "a 'discard' event names a card twice"),
        ({"type": "card", "card": "ks"}, "card: 'ks' is not a card"),
    ],
)
def test_a_log_event_is_checked_by_the_same_rules_in_its_own_words(obj: Any, message: str) -> None:
    # A log's decision event has the action's fields: what was missing or
    # found instead is named, and the object is called an event.
    with pytest.raises(ActionError) as caught:
        Action.from_json(obj, what="event")
    assert str(caught.value).startswith(message)


def test_actions_are_immutable_values_that_cross_to_other_processes() -> None:
    # Actions are dictionary keys and set members (the AI's tables, the
    # legal actions) and travel to ``ecarte simulate``'s worker processes.
    action = Action.parse("discard 7D 8C")
    assert action == Action.from_json({"type": "discard", "cards": ["8C", "7D"]})
    assert action != Action.parse("discard 7D") and action != str(action)
    assert len({action, Action.parse("discard 8C 7D"), Action.parse("card KS")}) == 2
    with pytest.raises(AttributeError):
        action.discards = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del action.card
    assert pickle.loads(pickle.dumps(action)) == action
    assert copy.deepcopy(action) == action


@pytest.mark.parametrize("text", ["", "card", "card KS QS", "fold", "play now"])
def test_bad_action_text_is_refused(text: str) -> None:
    with pytest.raises(ActionError):
        Action.parse(text)


def test_the_trump_king_is_the_king_under_both_rank_orders() -> None:
    from ecarte.engine.cards import POWER_ACE_HIGH, trump_king

    for trump, code in enumerate(("KS", "KH", "KD", "KC")):
        assert trump_king(trump) == parse_card(code)
    # With the ace high the king is no longer the top card, yet still the scoring one.
    assert POWER_ACE_HIGH[parse_card("AH")] > POWER_ACE_HIGH[trump_king(1)]
