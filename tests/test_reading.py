"""What the player is told for certain of the other hand (``play.reading``):
what the rules of the replies prove, and never a fact the true hand belies."""

from __future__ import annotations

import random

import pytest

from ecarte.engine.cards import SUIT_MASKS, SUITS, beaters, parse_card, shuffled_deck
from ecarte.engine.match import TRICKS, Match
from ecarte.engine.rules import Rules
from ecarte.engine.view import Trick, View
from ecarte.play.reading import Reading, reading_of, reading_words


def trick(leader: int, first: str, second: str, winner: int) -> Trick:
    return Trick(leader=leader, cards=(parse_card(first), parse_card(second)), winner=winner)


def view_after(hand: str, tricks: list[Trick], announced: tuple[int, ...] = ()) -> View:
    """Seat 0's view in the tricks, hearts trumps (the 7♥ turned up)."""
    return View(
        seat=0,
        dealer=1,
        phase="tricks",
        hand=tuple(parse_card(code) for code in hand.split()),
        upcard=parse_card("7H"),
        trump=SUITS.index("H"),
        stock=21,
        my_discards=(),
        their_discards=0,
        exchanges=0,
        liable=None,
        announced=announced,
        trick=(),
        tricks=tuple(tricks),
        score=(0, 0),
        games_won=(0, 0),
    )


SPADES, HEARTS, CLUBS = SUITS.index("S"), SUITS.index("H"), SUITS.index("C")


def test_a_reply_off_suit_says_no_card_of_the_suit_led_and_no_trump() -> None:
    # We led K♠ and they threw 8♦: they had to follow, and, void, to trump.
    reading = reading_of(view_after("QC JC TC 9C", [trick(0, "KS", "8D", 0)]), Rules())
    assert reading.void == (HEARTS, SPADES)  # trumps first
    assert reading_words(reading, HEARTS) == ["no trump", "no ♠"]
    assert reading_words(reading, HEARTS, symbols=False) == ["no trump", "no S"]


def test_without_the_obligation_to_trump_an_off_suit_reply_says_nothing_of_trumps() -> None:
    reading = reading_of(view_after("QC JC TC 9C", [trick(0, "KS", "8D", 0)]), Rules(must_trump=False))
    assert reading.void == (SPADES,)


def test_a_reply_that_follows_low_says_nothing_above_the_card_it_did_not_beat() -> None:
    # We led 10♣ and they followed with 8♣: no club above the ten, and the
    # four above it (K♣ Q♣ J♣ A♣) are out of our sight: said by the ten.
    reading = reading_of(view_after("QS JS KD 9D", [trick(0, "TC", "8C", 0)]), Rules())
    lacks = tuple(parse_card(code) for code in ("KC", "QC", "JC", "AC"))
    assert reading.capped == ((CLUBS, parse_card("TC"), lacks),)
    assert reading_words(reading, HEARTS) == ["no ♣ above 10♣"]


def test_a_low_trump_reply_caps_the_trumps() -> None:
    # We led 10♥ (trumps), they followed with 9♥: no trump above the ten.
    reading = reading_of(view_after("QS JS KD 9D", [trick(0, "TH", "9H", 0)]), Rules())
    assert reading_words(reading, HEARTS) == ["no trump above 10♥"]


def test_one_or_two_cards_it_lacks_are_named() -> None:
    # A play-tester read "no trump above A♠" after leading Q♠: the cards
    # lacked, named, say it plainly. We led J♣ holding K♣ and they followed
    # low: the one club above the jack we cannot see is Q♣.
    view = view_after("KC QS KD 9D", [trick(0, "JC", "8C", 0)])
    assert reading_words(reading_of(view, Rules()), HEARTS) == ["no Q♣"]
    # Above a led Q♥ (trumps), only the K♥: "no K♥".
    view = view_after("QS JS KD 9D", [trick(0, "QH", "9H", 0)])
    assert reading_words(reading_of(view, Rules()), HEARTS) == ["no K♥"]
    # Above our J♣, K♣ and Q♣, neither in sight.
    view = view_after("QS JS KD 9D", [trick(0, "JC", "8C", 0)])
    assert reading_words(reading_of(view, Rules()), HEARTS) == ["no K♣ or Q♣"]
    assert reading_words(reading_of(view, Rules()), HEARTS, symbols=False) == ["no KC or QC"]


def test_nothing_is_said_of_a_suit_whose_cards_above_are_all_in_sight() -> None:
    # We led Q♣ holding K♣: the reply showed nothing we cannot see.
    view = view_after("KC QS KD 9D", [trick(0, "QC", "8C", 0)])
    assert not reading_of(view, Rules())


def test_the_announced_king_is_held_until_played() -> None:
    view = view_after("QS JS KD 9D TC", [], announced=(1,))
    assert reading_words(reading_of(view, Rules()), HEARTS) == ["holds K♥"]
    played = view_after("QS JS KD 9D", [trick(1, "KH", "8H", 1)], announced=(1,))
    assert not reading_of(played, Rules())


def test_their_leads_and_beating_replies_say_nothing() -> None:
    # They led 8♠ (a lead may be any card); our 9♣ was beaten by their A♣.
    view = view_after("QC JC TC KD", [trick(1, "8S", "9S", 0), trick(0, "9C", "AC", 1)])
    reading = reading_of(view, Rules())
    assert reading == Reading()
    assert reading_words(reading, HEARTS) == []


def test_the_order_of_ranks_is_the_rules_own() -> None:
    # A♣ under our J♣: the ace ranks below the knave by default (a reply
    # that follows low: no K♣ or Q♣), above it when the ace is high (a
    # reply that beats: nothing shown).
    view = view_after("QS JS KD 9D", [trick(0, "JC", "AC", 0)])
    assert reading_words(reading_of(view, Rules()), HEARTS) == ["no K♣ or Q♣"]
    assert not reading_of(view, Rules(ace_high=True))


@pytest.mark.parametrize("seed", range(40))
def test_nothing_said_is_ever_false_of_the_real_hand(seed: int) -> None:
    # Random play through the engine, with every variant of the rules in
    # turn: at each moment of the tricks, the reading of each seat holds of
    # the other's real hand.
    rng = random.Random(seed)
    rules = Rules(ace_high=seed % 2 == 1, must_trump=seed % 3 != 0)
    match = Match.new(rules, rng)
    above = beaters(rules.ace_high)
    checked = 0
    while not match.is_over and checked < 200:
        if match.current_player is None:
            match.deal(shuffled_deck(rng))
            continue
        if match.phase == TRICKS:
            for seat in (0, 1):
                hand = match.hands[1 - seat]
                reading = reading_of(match.view(seat), rules)
                for card in reading.holds:
                    assert hand >> card & 1
                for suit in reading.void:
                    assert not hand & SUIT_MASKS[suit]
                for _suit, below, lacks in reading.capped:
                    assert not hand & above[below]
                    assert not any(hand >> card & 1 for card in lacks)
                checked += 1
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    assert checked
