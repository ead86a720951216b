"""The variant settings (spec/rules.md, "Variant settings and their defaults")
and the clear refusal of anything else."""

from __future__ import annotations

import copy
import inspect
import pickle
from typing import Any

import pytest

from ecarte.engine.rules import (
    RULE_NAMES,
    Rules,
    RulesError,
    parse_rule_assignment,
    rules_from_assignments,
)


def test_defaults_are_the_specs() -> None:
    assert Rules().to_dict() == {
        "target": 5,
        "games_to_win": 1,
        "ace_high": False,
        "deal_packets": [3, 2],
        "dealer_must_exchange": False,
        "max_exchanges": None,
        "must_trump": True,
        "penalty_adds_to_vole": False,
        "four_all_reset": False,
    }


def test_missing_keys_take_their_defaults() -> None:
    assert Rules.from_mapping({}) == Rules()
    assert Rules.from_mapping({"target": 7}) == Rules(target=7)


def test_every_allowed_value_is_accepted() -> None:
    rules = Rules.from_mapping(
        {
            "target": 99,
            "games_to_win": 9,
            "ace_high": True,
            "deal_packets": [2, 2, 1],
            "dealer_must_exchange": True,
            "max_exchanges": 9,
            "must_trump": False,
            "penalty_adds_to_vole": True,
            "four_all_reset": True,
        }
    )
    assert rules.deal_packets == (2, 2, 1)
    assert Rules.from_mapping({"target": 1, "games_to_win": 1, "max_exchanges": 1}).max_exchanges == 1
    for packets in ([3, 2], [2, 3], [2, 2, 1]):
        assert list(Rules.from_mapping({"deal_packets": packets}).deal_packets) == packets


def test_round_trip_through_a_mapping() -> None:
    rules = Rules(target=7, games_to_win=2, deal_packets=(2, 3), max_exchanges=2, four_all_reset=True)
    assert Rules.from_mapping(rules.to_dict()) == rules


def test_unknown_key_is_named_with_the_known_ones() -> None:
    with pytest.raises(RulesError) as caught:
        Rules.from_mapping({"targte": 5})
    assert "unknown rule 'targte'" in str(caught.value)
    assert "target" in str(caught.value)


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"target": True}, "rule 'target' must be an integer from 1 to 99, not true"),
        ({"target": 1.0}, "rule 'target' must be an integer from 1 to 99, not 1.0"),
        ({"target": 5.0}, "not 5.0"),
        ({"target": "5"}, 'not "5"'),
        ({"target": 0}, "not 0"),
        ({"target": 100}, "not 100"),
        ({"games_to_win": 0}, "rule 'games_to_win' must be an integer from 1 to 9, not 0"),
        ({"games_to_win": 10}, "not 10"),
        (
            {"max_exchanges": 0},
            "rule 'max_exchanges' must be none (no limit) or an integer from 1 to 9, not 0",
        ),
        ({"max_exchanges": 10}, "not 10"),
        ({"max_exchanges": False}, "not false"),
        ({"ace_high": 1}, "rule 'ace_high' must be true or false, not 1"),
        ({"must_trump": "yes"}, "rule 'must_trump' must be true or false"),
        ({"four_all_reset": None}, "rule 'four_all_reset' must be true or false, not null"),
        ({"deal_packets": [3, 3]}, "rule 'deal_packets' must be [3, 2], [2, 3] or [2, 2, 1], not [3, 3]"),
        ({"deal_packets": [1, 4]}, "not [1, 4]"),
        ({"deal_packets": [3, 2.0]}, "not [3, 2.0]"),
        ({"deal_packets": [True, 2]}, "not [true, 2]"),
        ({"deal_packets": "3-2"}, "rule 'deal_packets' must be"),
        ({"deal_packets": 5}, "rule 'deal_packets' must be"),
        ({"deal_packets": []}, "rule 'deal_packets' must be"),
    ],
)
def test_bad_values_are_refused_with_the_rule_and_the_value(settings: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.from_mapping(settings)
    assert words in str(caught.value)


def test_rules_must_be_an_object() -> None:
    with pytest.raises(RulesError, match="rules must be an object"):
        Rules.from_mapping([("target", 5)])  # type: ignore[arg-type]


def test_the_constructor_checks_too() -> None:
    with pytest.raises(RulesError):
        Rules(target=0)
    with pytest.raises(RulesError):
        Rules(deal_packets=[3, 2])  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        Rules(deal_packets=(3, 2.0))  # type: ignore[arg-type]


def test_rules_are_immutable_values() -> None:
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.target = 7  # type: ignore[misc]
    assert hash(rules) == hash(Rules())
    assert rules.replace(target=7) == Rules(target=7)
    with pytest.raises(RulesError):
        rules.replace(target=0)


def test_rule_names_are_every_setting_in_the_constructors_order() -> None:
    # What a log header, the settings file and --rules may name, and the
    # order a header writes them in.
    settings = list(inspect.signature(Rules).parameters)
    assert list(RULE_NAMES) == settings
    assert list(Rules().to_dict()) == settings
    for name in settings:
        with pytest.raises(RulesError):
            Rules.from_mapping({name: "not a value of any rule"})


def test_rules_cross_to_other_processes_and_compare_by_value() -> None:
    # ``ecarte simulate`` sends the rules to its worker processes.
    rules = Rules(target=7, deal_packets=(2, 2, 1), max_exchanges=3, four_all_reset=True)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert copy.deepcopy(rules) == rules
    assert rules != Rules(target=7) and rules != rules.to_dict()
    assert len({rules, Rules(target=7, deal_packets=(2, 2, 1), max_exchanges=3, four_all_reset=True)}) == 1
    with pytest.raises(AttributeError):
        del rules.target


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("target=7", ("target", 7)),
        ("ace_high=true", ("ace_high", True)),
        ("must_trump=off", ("must_trump", False)),
        ("deal_packets=2,2,1", ("deal_packets", [2, 2, 1])),
        ("deal_packets=3-2", ("deal_packets", [3, 2])),
        ("max_exchanges=none", ("max_exchanges", None)),
        # A signed number is a number (to be refused as out of range), not a list.
        ("max_exchanges=-5", ("max_exchanges", -5)),
        ("target=+7", ("target", 7)),
    ],
)
def test_command_line_assignments(text: str, pair: tuple[str, Any]) -> None:
    assert parse_rule_assignment(text) == pair


def test_command_line_assignments_are_validated() -> None:
    assert rules_from_assignments(["target=7", "deal_packets=2-3"]) == Rules(target=7, deal_packets=(2, 3))
    with pytest.raises(RulesError, match="not KEY=VALUE"):
        rules_from_assignments(["target"])
    with pytest.raises(RulesError, match="is not a number"):
        rules_from_assignments(["target=seven"])
    with pytest.raises(RulesError, match="unknown rule"):
        rules_from_assignments(["colour=red"])
    with pytest.raises(RulesError, match="from 1 to 99"):
        rules_from_assignments(["target=0"])
    with pytest.raises(RulesError, match=r"must be none \(no limit\) or an integer from 1 to 9, not -5"):
        rules_from_assignments(["max_exchanges=-5"])
    # Doubled signs are refused in words, never a ValueError's traceback.
    with pytest.raises(RulesError, match="'max_exchanges': '\\+-5' is not a list of numbers"):
        rules_from_assignments(["max_exchanges=+-5"])
    with pytest.raises(RulesError, match="'target': '--7' is not a list of numbers"):
        rules_from_assignments(["target=--7"])


@pytest.mark.parametrize("text", ["deal_packets=3,,2", "deal_packets=3,2,", "deal_packets=,3,2"])
def test_a_list_with_an_empty_place_is_refused(text: str) -> None:
    # A slip of the keyboard, once read as [3, 2] without a word.
    with pytest.raises(RulesError, match="is not a list of numbers"):
        parse_rule_assignment(text)


def test_an_empty_value_is_named_empty() -> None:
    # It was read as none: "rule 'target' must be an integer from 1 to 99, not null".
    with pytest.raises(RulesError, match="rule 'target': the value after = is empty"):
        rules_from_assignments(["target="])
    assert rules_from_assignments(["max_exchanges=none"]).max_exchanges is None


@pytest.mark.parametrize(
    "text",
    # Python's int() reads an Arabic-Indic three, a full-width three and an
    # underscore grouping; a command line must not turn them silently into rules.
    ["target=\u0663", "target=\uff13", "target=1_0", "deal_packets=2,\u0663", "max_exchanges=\u0663"],
)
def test_only_ascii_digits_are_numbers(text: str) -> None:
    with pytest.raises(RulesError, match=r"is not a (number|list of numbers)"):
        parse_rule_assignment(text)


def test_a_number_too_long_to_read_is_named_out_of_range() -> None:
    # Past Python's 4,300-digit limit int() fails as if the text were no number.
    with pytest.raises(RulesError, match="'target': a number of 5000 digits is far out of range"):
        rules_from_assignments(["target=" + "9" * 5000])
    with pytest.raises(RulesError, match="'deal_packets': a number of 30 digits"):
        rules_from_assignments(["deal_packets=2," + "3" * 30])
    with pytest.raises(RulesError, match="'target' must be an integer from 1 to 99"):
        rules_from_assignments(["target=" + "9" * 20])


def test_a_rule_set_twice_is_refused_naming_both() -> None:
    with pytest.raises(RulesError, match="rule 'target' is set twice: 'target=5' and 'target=7'"):
        rules_from_assignments(["target=5", "ace_high=true", "target=7"])
    # Over the settings' rules each rule may still be set once.
    base = Rules(target=7)
    assert rules_from_assignments(["target=5"], base).target == 5
