"""The table of the jeux de règle (``tools/jeux_de_regle.py``, ``docs/strategy.md``):
its classes are the doctrine's, and its output is fixed by its seed."""

from __future__ import annotations

import pytest

from ecarte.ai import exchange_model
from ecarte.ai.evaluator import Budget
from ecarte.engine import Rules, parse_card
from ecarte.engine.cards import mask_of
from tool_support import load_tool

tool = load_tool("jeux_de_regle")

HEARTS = parse_card("7H") >> 3


def mask(codes: str) -> int:
    return mask_of(parse_card(code) for code in codes.split())


# Hearts are trumps throughout; ranks run K Q J A T 9 8 7 (the ace low).
ELDER_HANDS = [
    ("KH 7S 9C 7D 8D", exchange_model.KING_ALONE),
    ("KH 7H 9C 7D 8D", exchange_model.KING_AND_ONE),
    ("KH QH 7H 7D 8D", exchange_model.KING_AND_MORE),
    ("QH 9H 7H 7S 8C", "three trumps or more"),
    ("8H 7H 7S 8S 9S", "two trumps and three cards of one plain suit"),
    ("8H 7H KS 7C 8D", "two trumps with a king, or a queen and a guarded card"),
    # A queen and a guarded card: the queen's own guard counts.
    ("8H 7H QS 7S 8D", "two trumps with a king, or a queen and a guarded card"),
    ("7H KS QS JS 8C", "one trump with a tierce major"),
    ("7H 7S 8S 9S TS", "one trump with four cards of one plain suit"),
    ("7H QS QC 7D 8D", "one trump with two queens"),
    ("7H QS JC 7C 8D", "one trump with a queen and a guarded knave"),
    ("7H KS QC 7D 8D", "one trump with a king and a queen in different suits"),
    ("KS QS JC QD 7C", "four court cards without a trump"),
    # Two trumps and two bare knaves: no jeu, two probable tricks.
    ("8H 7H JS JC 7D", exchange_model.no_jeu(2, False)),
    ("7H 8S 9C 7D 8D", exchange_model.no_jeu(1, False)),
    # One trump, a queen, a guarded ten: three probable tricks, no jeu.
    ("7H QS TC 7C 8D", exchange_model.no_jeu(1, True)),
    ("9S 8S 9C 7D 8D", exchange_model.no_jeu(0, False)),
]


@pytest.mark.parametrize(("codes", "expected"), ELDER_HANDS)
def test_elder_classes_follow_the_doctrine(codes: str, expected: str) -> None:
    assert exchange_model.elder_class(mask(codes), HEARTS) == expected
    assert expected in exchange_model.ELDER_CLASSES


DEALER_HANDS = [
    ("KH 8H 7H 7S 8C", exchange_model.THREE_TRUMPS_KING),
    ("QH 8H 7H 7S 8C", exchange_model.THREE_TRUMPS_NO_KING),
    # Two trumps and a plain king: only two cards to throw.
    ("8H 7H KS 7C 8D", exchange_model.TWO_DISCARDS_NO_KING),
    ("KH 7H KS 7C 8D", exchange_model.TWO_DISCARDS_KING),
    ("7H 9S 8C TD 7S", exchange_model.ONE_TRUMP_SMALL),
    ("QS 7S QC 7C QD", exchange_model.THREE_QUEENS),
    # Guarded in three suits: a king, a guarded queen, a king.
    ("KS QC 7C KD 8S", exchange_model.guarded(0)),
    # Guarded in one suit with two trumps.
    ("8H 7H QS 8S 7C", exchange_model.guarded(2)),
    # Four court cards in three suits: the doctrine refuses on it.
    ("KS QC JC JD 7S", exchange_model.REFUSING_JEU),
    # One trump and two bare queens: the fourth exception, accept.
    ("7H QS QC 7D 8D", exchange_model.EXCEPTION_JEU),
    ("7S 8S 9C 7D 8D", exchange_model.unguarded(0)),
    ("7H JS 9C 7D 8D", exchange_model.unguarded(1)),
]


@pytest.mark.parametrize(("codes", "expected"), DEALER_HANDS)
def test_dealer_classes_follow_the_doctrine(codes: str, expected: str) -> None:
    assert exchange_model.dealer_class(mask(codes), HEARTS) == expected
    assert expected in exchange_model.DEALER_CLASSES


def test_every_class_has_hands_and_the_classes_do_not_overlap() -> None:
    """Each class is named once, and every hand falls in exactly one."""
    assert len(set(exchange_model.ELDER_CLASSES)) == len(exchange_model.ELDER_CLASSES)
    assert len(set(exchange_model.DEALER_CLASSES)) == len(exchange_model.DEALER_CLASSES)


CHEAP = Budget(trick_samples=20, exchange_samples=(10, 20), discard_samples=(5, 10), target_se=10.0, most=20)


def _tiny_run(seed: int) -> list[object]:
    wanted = {
        ("elder", "four all", exchange_model.KING_ALONE),
        ("elder", "four all", exchange_model.no_jeu(1, False)),
        ("dealer", "0-0", exchange_model.unguarded(1)),
    }
    tasks = [
        task
        for task in tool.make_tasks(seed, 1, 1, ["0-0", "four all"], ["elder", "dealer"])
        if (task.role, task.score, task.hand_class) in wanted
    ]
    assert len(tasks) == 3
    return [tool.run_task((task, Rules(), CHEAP)) for task in tasks]


def test_a_tiny_run_is_fixed_by_its_seed_and_deals_the_class_asked_for() -> None:
    first = _tiny_run(5)
    assert first == _tiny_run(5)
    for outcome in first:
        assert outcome.found
        classify = exchange_model.elder_class if outcome.role == "elder" else exchange_model.dealer_class
        assert classify(outcome.hand, outcome.trump) == outcome.hand_class
        assert set(outcome.point) <= {0, 1}
        assert all(0.0 <= value <= 100.0 for value in outcome.value + outcome.eval_win)
    # At four all the deal decides the game: its value is all or nothing.
    four_all = [outcome for outcome in first if outcome.score == "four all"]
    assert len(four_all) == 2
    assert all(value in (0.0, 100.0) for outcome in four_all for value in outcome.value)
