"""The reading limits of ``docs/log-format.md`` at their edges, where the
reader takes its shortcuts: nesting is walked only when a text has enough
brackets to be that deep, an integer's length is checked only in a text long
enough to hold a long one, and a decision line read before (in this log or
another) is not parsed again. Each shortcut must give the same verdict as
reading everything."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ecarte.log import reader, replay_bytes
from ecarte.log.format import MAX_INT_DIGITS, MAX_NESTING, JsonTextError, load_json

HEADER: dict[str, Any] = {
    "format": "ecarte-log",
    "version": 1,
    "players": ["Klara", "Leo"],
    "first_dealer": 0,
    "rules": {},
}
# The first deal of the worked example in docs/log-format.md, up to Leo's first lead.
DECK = "QH 8H KS 9S AH TH 7D 8C JD 8D 9H JH TC KH 7S 8S TS AS JS QS 7H 9D TD AD QD KD 7C 9C AC JC QC KC"
DEAL_TO_FIRST_LEAD: list[dict[str, Any]] = [
    {"type": "deal", "dealer": 0, "deck": DECK},
    {"type": "propose", "player": 1},
    {"type": "accept", "player": 0},
    {"type": "discard", "player": 1, "cards": ["7D", "8C"]},
    {"type": "discard", "player": 0, "cards": ["JD"]},
    {"type": "play", "player": 1},
]


def nested(levels: int) -> str:
    """A JSON value ``levels`` deep: lists inside lists."""
    return "[" * levels + "]" * levels


def header_line(**extra: str) -> str:
    """The header, with each extra key's value written as the raw JSON text given."""
    text = json.dumps(HEADER)
    for key, raw in extra.items():
        text = text[:-1] + f', "{key}": {raw}' + "}"
    return text


def log(*lines: str) -> bytes:
    return "".join(line + "\n" for line in lines).encode()


def event_lines(events: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(event) for event in events]


# ---------------------------------------------------------------- nesting


def test_exactly_the_deepest_nesting_is_read_and_one_more_level_is_not() -> None:
    # The line's own object is level 1, so its key's value may be MAX_NESTING - 1 deep.
    deepest = replay_bytes(log(header_line(x=nested(MAX_NESTING - 1))))
    assert deepest.error is None and deepest.header is not None
    too_deep = replay_bytes(log(header_line(x=nested(MAX_NESTING))))
    assert too_deep.error is not None and too_deep.error.line == 1
    assert "nested too deeply (more than 100 levels)" in too_deep.error.message


def test_brackets_inside_strings_do_not_make_a_line_too_deep() -> None:
    # More opening brackets than the limit, all in a string: the line is two levels deep.
    replay = replay_bytes(log(header_line(note=json.dumps("[{" * MAX_NESTING))))
    assert replay.error is None and replay.header is not None
    assert replay.header.extra["note"] == "[{" * MAX_NESTING


def test_a_deep_value_among_brackets_in_strings_is_still_found() -> None:
    text = json.dumps("[" * 50) + ", " + nested(MAX_NESTING)
    replay = replay_bytes(log(header_line(x=f"[{text}]")))
    assert replay.error is not None and "nested too deeply" in replay.error.message


@pytest.mark.parametrize(("levels", "too_deep"), [(MAX_NESTING, False), (MAX_NESTING + 1, True)])
def test_load_json_nesting_limit_for_any_text(levels: int, too_deep: bool) -> None:
    # objects and lists mixed, as a bot's answer might be
    text = '{"a":' * (levels // 2) + "[" * (levels - levels // 2) + "]" * (levels - levels // 2)
    text += "}" * (levels // 2)
    if too_deep:
        with pytest.raises(JsonTextError, match="nested too deeply"):
            load_json(text)
    else:
        load_json(text)


# ---------------------------------------------------------------- integers


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("7" * MAX_INT_DIGITS, None),  # as long as a short text can be: read
        ("-" + "7" * MAX_INT_DIGITS, None),  # a longer text, still MAX_INT_DIGITS digits
        ("7" * (MAX_INT_DIGITS + 1), MAX_INT_DIGITS + 1),
        ("-" + "7" * (MAX_INT_DIGITS + 1), MAX_INT_DIGITS + 1),
        ("[" + "7" * (MAX_INT_DIGITS + 1) + "]", MAX_INT_DIGITS + 1),
    ],
    ids=["4300-digits", "minus-4300-digits", "4301-digits", "minus-4301-digits", "4301-digits-in-a-list"],
)
def test_integers_are_read_up_to_the_limit_of_digits(text: str, digits: int | None) -> None:
    if digits is None:
        assert abs(load_json(text)) == int("7" * MAX_INT_DIGITS)
    else:
        with pytest.raises(JsonTextError, match=f"an integer of {digits:,} digits"):
            load_json(text)


def test_a_long_integer_in_an_ignored_header_key_makes_the_line_invalid() -> None:
    fine = replay_bytes(log(header_line(x="9" * MAX_INT_DIGITS)))
    assert fine.error is None
    refused = replay_bytes(log(header_line(x="9" * (MAX_INT_DIGITS + 1))))
    assert refused.error is not None and "4,301 digits (at most 4,300 are read)" in refused.error.message


# ---------------------------------------------------------------- other refusals


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a": {"b": 1, "b": 2}}', 'the key "b" appears twice'),
        ('{"rules": {}, "x": [{"k": 1, "j": 2, "k": 3}]}', 'the key "k" appears twice'),
        ('{"a": NaN}', "NaN is not a JSON number"),
        ('{"a": [-Infinity]}', "-Infinity is not a JSON number"),
        ("\ufeff{}", "byte order mark"),
        ('{"a": 1} {"b": 2}', "more after the value, at column 10"),
        (" ", "a value was expected at column 2"),
        ("{a", "a key in double quotes was expected at column 2"),
        ('{"a" 1}', "':' was expected at column 6"),
        ('{"a": 1 "b": 2}', "',' was expected at column 9"),
        ('"a\x01"', "a control character inside a string at column 3"),
        ('"\\q"', "a backslash that escapes nothing known at column 2"),
        ('"\\u12"', "a unicode escape without four hex digits at column 3"),
        ('"abc', "a string that never ends, from column 1"),
    ],
)
def test_what_load_json_refuses(text: str, message: str) -> None:
    with pytest.raises(JsonTextError, match=message):
        load_json(text)


def test_spaces_around_a_value_are_allowed() -> None:
    assert load_json(' \t{"a": [1, 2.5, "x"]}\r\n ') == {"a": [1, 2.5, "x"]}


# ---------------------------------------------------------------- lines read before


def test_a_line_read_before_is_checked_by_the_rules_again() -> None:
    # Leo leads KS; the very same line again is refused: it is Klara's turn.
    lead = json.dumps({"type": "card", "player": 1, "card": "KS"})
    lines = [json.dumps(HEADER), *event_lines(DEAL_TO_FIRST_LEAD), lead, lead]
    replay = replay_bytes(log(*lines))
    assert replay.error is not None and replay.error.line == len(lines)
    assert "seat 0's turn" in replay.error.message
    assert [event.line for event in replay.events] == list(range(2, len(lines)))


def test_a_line_valid_in_one_log_is_refused_where_the_rules_forbid_it() -> None:
    lead = json.dumps({"type": "card", "player": 1, "card": "KS"})
    first = replay_bytes(log(json.dumps(HEADER), *event_lines(DEAL_TO_FIRST_LEAD), lead))
    assert first.error is None
    # The same line in another log, where Leo does not hold KS at his first lead.
    swapped = DECK.replace("KS", "XX").replace("7S", "KS").replace("XX", "7S")
    other_deck = {**DEAL_TO_FIRST_LEAD[0], "deck": swapped}
    second = replay_bytes(log(json.dumps(HEADER), *event_lines([other_deck, *DEAL_TO_FIRST_LEAD[1:]]), lead))
    assert second.error is not None and second.error.line == 8
    assert "KS" in second.error.message


def test_repeated_lines_keep_their_own_line_numbers() -> None:
    header = json.dumps(HEADER)
    lines = [header, *event_lines(DEAL_TO_FIRST_LEAD)]
    replay = replay_bytes(log(*lines))
    again = replay_bytes(log(*lines))
    assert replay.error is None and again.error is None
    assert [event.line for event in again.events] == list(range(2, len(lines) + 1))
    assert [event.to_json() for event in again.events] == DEAL_TO_FIRST_LEAD


def test_the_memory_of_lines_read_stays_bounded() -> None:
    # A valid decision line may carry a long key the rules ignore; such a
    # line is read each time, never kept.
    play = json.dumps({"type": "play", "player": 1, "note": "x" * 10_000})
    lines = [json.dumps(HEADER), *event_lines(DEAL_TO_FIRST_LEAD[:-1]), play]
    for _ in range(2):
        replay = replay_bytes(log(*lines))
        assert replay.error is None and len(replay.events) == len(DEAL_TO_FIRST_LEAD)
    assert play.encode() not in reader._DECISIONS_READ
    assert all(len(line) <= reader._DECISION_LINE_KEPT for line in reader._DECISIONS_READ)
    assert len(reader._DECISIONS_READ) <= reader._DECISIONS_KEPT
