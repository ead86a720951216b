"""The expert's model of the other's first exchange answer by the table of
the jeux de règle (``ai/exchange_model.py``, ``ai/exchange_table.py``,
``docs/ai.md``): it covers every class at every score, says what the
published table says, and the expert's simulations and weights follow it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ecarte.ai import exchange_model, expert_heuristics
from ecarte.ai.classic import ClassicPlayer, dealer_refuses_by_the_book, elder_plays_by_the_book
from ecarte.ai.classic_hands import HandReading
from ecarte.ai.exchange_model import (
    DEALER_CLASSES,
    ELDER_CLASSES,
    SCORES,
    dealer_class,
    dealer_refuse_chance,
    elder_class,
    elder_play_chance,
    table_score,
)
from ecarte.ai.exchange_table import DEALER_REFUSES, ELDER_PLAYS
from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.expert_heuristics import (
    dealer_would_refuse,
    elder_would_play,
    good_cards,
    hand_shape,
    textbook_at_score,
)
from ecarte.engine import Match, Rules, parse_card, shuffled_deck
from ecarte.engine.cards import mask_of, power_table, trump_king
from tool_support import load_tool

ROOT = Path(__file__).resolve().parent.parent
HEARTS = parse_card("7H") >> 3


def mask(codes: str) -> int:
    return mask_of(parse_card(code) for code in codes.split())


def test_every_class_the_table_lists_is_in_the_module_at_every_score() -> None:
    assert set(ELDER_PLAYS) == {(score, name) for score in SCORES for name in ELDER_CLASSES}
    assert set(DEALER_REFUSES) == {(score, name) for score in SCORES for name in DEALER_CLASSES}
    for chosen, deals in (*ELDER_PLAYS.values(), *DEALER_REFUSES.values()):
        assert deals > 0
        assert 0 <= chosen <= deals


def test_the_module_says_what_the_published_table_says() -> None:
    """The generated module holds the expert's share of each row of
    ``docs/strategy.md`` (its last column), read back by the tool's export."""
    tool = load_tool("jeux_de_regle")
    published = tool.counts_from_markdown((ROOT / "docs" / "strategy.md").read_text(encoding="utf-8"))
    module = {("elder", score, name): counts for (score, name), counts in ELDER_PLAYS.items()}
    module |= {("dealer", score, name): counts for (score, name), counts in DEALER_REFUSES.items()}
    assert published == module
    # A row read by hand: the dealer at 0-0 with one trump and nothing above
    # a ten accepted on every deal ("expert refuse" 0%), and refused on
    # every deal with three queens, two singly guarded (100%).
    assert DEALER_REFUSES["0-0", "one trump, no other card above a ten"] == (0, 12)
    assert DEALER_REFUSES["0-0", "three queens, two of them singly guarded"] == (12, 12)


def test_the_export_writes_the_module_that_is_committed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tool = load_tool("jeux_de_regle")
    monkeypatch.chdir(ROOT)
    out = tmp_path / "exchange_table.py"
    tool.main(["--summarise", "docs/strategy.md", "--export-model", str(out)])
    committed = (ROOT / "src" / "ecarte" / "ai" / "exchange_table.py").read_text(encoding="utf-8")
    written = out.read_text(encoding="utf-8")
    # The header names the command; the output path differs only there.
    assert written.replace(str(out), "src/ecarte/ai/exchange_table.py") == committed


@pytest.mark.parametrize(
    ("elder", "dealer", "target", "expected"),
    [
        (0, 0, 5, "0-0"),
        (3, 2, 5, "0-0"),
        (4, 4, 5, "four all"),
        (4, 1, 5, "elder at four"),
        (2, 4, 5, "dealer at four"),
        # A shorter game: one point from it is "at four".
        (2, 2, 3, "four all"),
        (0, 2, 3, "dealer at four"),
    ],
)
def test_the_score_is_read_as_the_tables_nearest(elder: int, dealer: int, target: int, expected: str) -> None:
    assert table_score(elder, dealer, target) == expected


def test_a_hand_the_table_refuses_on_is_refused_and_one_it_accepts_on_is_not() -> None:
    three_queens = mask("QS 7S QC 7C QD")
    one_small_trump = mask("7H 9S 8C TD 7S")
    assert dealer_class(three_queens, HEARTS) == "three queens, two of them singly guarded"
    assert dealer_class(one_small_trump, HEARTS) == "one trump, no other card above a ten"
    assert dealer_refuse_chance(three_queens, HEARTS, False, "0-0") > 0.9
    assert dealer_refuse_chance(one_small_trump, HEARTS, False, "0-0") < 0.1
    # Never certain: twelve deals do not make a choice impossible.
    assert dealer_refuse_chance(one_small_trump, HEARTS, False, "0-0") > 0.0
    assert dealer_refuse_chance(three_queens, HEARTS, False, "0-0") < 1.0


def test_the_score_changes_the_answer_where_the_table_does() -> None:
    """Three small trumps: the expert proposed on most deals at 0-0 but
    played on every one at four all (the textbook plays on both)."""
    three_trumps = mask("9H 8H 7H 7S 8C")
    assert elder_class(three_trumps, HEARTS) == "three trumps or more"
    assert elder_play_chance(three_trumps, HEARTS, False, "0-0") < 0.5
    assert elder_play_chance(three_trumps, HEARTS, False, "four all") > 0.9
    assert elder_would_play(three_trumps, HEARTS, False)


def _deals(rules: Rules, count: int) -> list[tuple[Match, str]]:
    """Matches at their first decision, at each of the table's scores, with
    either seat dealing (the score is kept by seat)."""
    rng = random.Random(11)
    found: list[tuple[Match, str]] = []
    while len(found) < count:
        dealer = rng.randrange(2)
        score = rng.choice(list(SCORES))
        elder_points, dealer_points = SCORES[score]
        match = Match(rules, first_dealer=dealer)
        points = [0, 0]
        points[1 - dealer], points[dealer] = elder_points, dealer_points
        match.games = [points]
        match.deal(shuffled_deck(rng))
        if match.current_player is not None:
            found.append((match, score))
    return found


@pytest.mark.parametrize("model", ["table", "table_mix"])
def test_the_expert_answers_for_the_other_by_the_table_at_the_views_score(model: str) -> None:
    """On random deals at every score and either seat dealing, the expert's
    model of the first answer is the table's row for the hand's class."""
    rules = Rules()
    player = ExpertPlayer(0)
    player.exchange_model = model
    for match, score in _deals(rules, 300):
        elder, dealer = 1 - match.dealer, match.dealer
        player.start_match(elder, rules)
        plays, refuses = player._answer_chances(match.view(elder), first=True)
        trump = match.trump
        played, deals = ELDER_PLAYS[score, elder_class(match.hands[elder], trump)]
        refused, dealer_deals = DEALER_REFUSES[score, dealer_class(match.hands[dealer], trump)]
        if model == "table":
            assert plays(match.hands[elder]) == (1.0 if 2 * played >= deals else 0.0)
            assert refuses(match.hands[dealer]) == (1.0 if 2 * refused >= dealer_deals else 0.0)
        else:
            assert plays(match.hands[elder]) == pytest.approx((played + 0.5) / (deals + 1))
            assert refuses(match.hands[dealer]) == pytest.approx((refused + 0.5) / (dealer_deals + 1))


def test_later_answers_and_the_default_stay_with_the_textbook() -> None:
    rules = Rules()
    for model in ("textbook", "table"):
        player = ExpertPlayer(0)
        player.exchange_model = model
        for match, _ in _deals(rules, 60):
            elder, dealer = 1 - match.dealer, match.dealer
            player.start_match(elder, rules)
            view = match.view(elder)
            for first in (True, False):
                if model == "table" and first:
                    continue
                plays, refuses = player._answer_chances(view, first)
                trump = match.trump
                assert plays(match.hands[elder]) == float(
                    elder_would_play(match.hands[elder], trump, False, first)
                )
                assert refuses(match.hands[dealer]) == float(
                    dealer_would_refuse(match.hands[dealer], trump, False)
                )


def test_the_textbook_at_the_score_answers_as_the_textbook_player_does() -> None:
    """``textbook_score``: the model of the other's first decision is what
    ``classic`` itself decides on that hand at that score (the four-all
    refusal, the adverse four), whichever seat deals."""
    rules = Rules()
    player = ExpertPlayer(0)
    player.exchange_model = "textbook_score"
    differs_from_ordinary_score = 0
    for match, _ in _deals(rules, 300):
        elder, dealer = 1 - match.dealer, match.dealer
        player.start_match(elder, rules)
        plays, refuses = player._answer_chances(match.view(elder), first=True)
        book_elder, book_dealer = ClassicPlayer(), ClassicPlayer()
        book_elder.start_match(elder, rules)
        book_dealer.start_match(dealer, rules)
        elder_plays = book_elder.elder_plays(match.view(elder))
        dealer_refuses = book_dealer.dealer_refuses(match.view(dealer))
        assert plays(match.hands[elder]) == float(elder_plays)
        assert refuses(match.hands[dealer]) == float(dealer_refuses)
        differs_from_ordinary_score += dealer_refuses != dealer_would_refuse(
            match.hands[dealer], match.trump, False
        )
    # The score matters on some of these deals, or the test shows nothing.
    assert differs_from_ordinary_score > 0


def _same_shape_elsewhere(hand: int, trump: int, rng: random.Random) -> tuple[int, int]:
    """Another hand of the same shape: the trumps moved to another suit with
    the same count and the king kept or not, the plain suits shuffled among
    the others, and each suit's sevens, eights and nines swapped about."""
    new_trump = rng.randrange(4)
    plain_suits = [suit for suit in range(4) if suit != trump]
    new_plain = [suit for suit in range(4) if suit != new_trump]
    rng.shuffle(new_plain)
    moved = 0
    trump_bits = hand >> (8 * trump) & 0xFF
    others = rng.sample(range(7), (trump_bits & 0x7F).bit_count())
    moved |= (trump_bits & 0x80 | sum(1 << rank for rank in others)) << (8 * new_trump)
    for suit, new_suit in zip(plain_suits, new_plain, strict=True):
        bits = hand >> (8 * suit) & 0xFF
        lows = rng.sample(range(3), (bits & 0b111).bit_count())
        moved |= (bits & ~0b111 | sum(1 << rank for rank in lows)) << (8 * new_suit)
    return moved, new_trump


def _by_the_book(
    hand: int, trump: int, ace_high: bool, elder: bool, exchanges: int, needs: tuple[int, int], turned: bool
) -> bool:
    reading = HandReading(hand, trump, ace_high)
    king = turned or bool(hand >> trump_king(trump) & 1)
    if elder:
        return elder_plays_by_the_book(reading, exchanges, needs[1], king)
    return dealer_refuses_by_the_book(reading, needs[0], needs[1], king)


@pytest.mark.parametrize("ace_high", [False, True])
def test_the_textbook_model_answers_each_hand_as_the_book_whatever_hand_of_its_shape_came_first(
    ace_high: bool,
) -> None:
    """The model remembers its answers by the hand's shape. Every answer it
    gives must still be the book's own for that very hand (the rule of
    ``classic`` on a fresh reading), at every score and exchange, even when
    another hand of the shape (other suits, trump, low cards) was asked
    first; and the same for the count of cards the textbook keeps."""
    rng = random.Random(2026)
    power = power_table(ace_high)
    expert_heuristics._MODEL_CACHE.clear()
    expert_heuristics._READINGS.clear()
    expert_heuristics._GOOD_CARDS.clear()
    contexts = [
        (elder, exchanges, needs, turned)
        for elder, exchanges in ((True, 0), (True, 1), (False, 0))
        for needs in ((2, 2), (1, 3), (3, 1), (1, 1), (4, 2))
        for turned in (False, True)
    ]
    answers = set()
    for _ in range(1500):
        trump = rng.randrange(4)
        hand = sum(1 << card for card in rng.sample(range(32), 5))
        twin, twin_trump = _same_shape_elsewhere(hand, trump, rng)
        assert hand_shape(twin, twin_trump) == hand_shape(hand, trump)
        # The hand's own count worked out afresh, then asked again of what
        # every hand so far left, the twin last.
        remembered = dict(expert_heuristics._GOOD_CARDS)
        expert_heuristics._GOOD_CARDS.clear()
        kept = good_cards(hand, trump, power)
        expert_heuristics._GOOD_CARDS.clear()
        expert_heuristics._GOOD_CARDS.update(remembered)
        good_cards(twin, twin_trump, power)
        assert good_cards(hand, trump, power) == kept
        for elder, exchanges, needs, turned in contexts:
            textbook_at_score(twin, twin_trump, ace_high, elder, exchanges, needs, turned)
            expected = _by_the_book(hand, trump, ace_high, elder, exchanges, needs, turned)
            assert textbook_at_score(hand, trump, ace_high, elder, exchanges, needs, turned) == expected
            answers.add(expected)
    # Both answers came up, or the test shows nothing.
    assert answers == {False, True}


def test_hands_of_different_shapes_are_told_apart() -> None:
    """The shape keeps what the book reads: a king for a queen, a ten for a
    seven, a trump more, the trump king for another trump."""
    trump = 0
    base = mask("7S 9H QH TD 7C")
    for other in ("7S 9H KH TD 7C", "7S 9H QH 7D 7C", "7S QS QH TD 7C", "KS 9H QH TD 7C"):
        assert hand_shape(mask(other), trump) != hand_shape(base, trump)
    # The same cards with the plain suits swapped about, and another low card.
    assert hand_shape(mask("7S 9C QC TH 8D"), trump) == hand_shape(base, trump)


def test_a_misfit_hand_weighs_unlikely_or_its_chance() -> None:
    player = ExpertPlayer(0)
    player.exchange_model = "table"
    assert player._fit(1.0) == 1.0
    assert player._fit(0.0) == player.unlikely
    player.exchange_model = "table_mix"
    assert player._fit(0.3) == 0.3


def test_an_unknown_model_is_named_in_the_message() -> None:
    rules = Rules()
    match, _ = _deals(rules, 1)[0]
    player = ExpertPlayer(0)
    player.exchange_model = "oracle"
    player.start_match(1 - match.dealer, rules)
    with pytest.raises(ValueError, match=r"exchange_model.*'oracle'"):
        player.decide(match.view(1 - match.dealer), match.legal_actions())


@pytest.mark.parametrize("model", ["table", "table_mix"])
def test_the_table_model_is_deterministic_for_a_seed(model: str) -> None:
    rules = Rules()
    deals = _deals(rules, 6)
    choices = []
    for _ in range(2):
        run = []
        for match, _ in deals:
            seat = match.current_player
            assert seat is not None
            player = ExpertPlayer(3)
            player.exchange_model = model
            player.start_match(seat, rules)
            run.append(player.decide(match.view(seat), match.legal_actions()))
        choices.append(run)
    assert choices[0] == choices[1]


def test_the_classes_have_one_home() -> None:
    """The tool's classes are the model's (moved, not copied)."""
    tool = load_tool("jeux_de_regle")
    assert tool.elder_class is exchange_model.elder_class
    assert tool.dealer_class is exchange_model.dealer_class


def test_a_king_announced_since_does_not_move_the_score_the_exchange_was_at() -> None:
    """Elder at three who announced the king shows four: its play at once was
    decided at 3-0, which the table reads as 0-0, not as elder at four."""
    three_trumps = mask("9H 8H 7H 7S 8C")
    rules = Rules()
    match, _ = _deals(rules, 1)[0]
    elder = 1 - match.dealer
    score = [0, 0]
    score[elder] = 4
    view = match.view(elder).replace(score=tuple(score), announced=(elder,))
    player = ExpertPlayer(0)
    player.exchange_model = "table_mix"
    player.start_match(elder, rules)
    plays, _ = player._answer_chances(view.replace(trump=HEARTS), first=True)
    assert plays(three_trumps) == elder_play_chance(three_trumps, HEARTS, False, "0-0")
    plays, _ = player._answer_chances(view.replace(trump=HEARTS, announced=()), first=True)
    assert plays(three_trumps) == elder_play_chance(three_trumps, HEARTS, False, "elder at four")
