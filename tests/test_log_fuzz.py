"""Broken copies of a valid log (truncated, bytes flipped, lines shuffled,
duplicated, dropped, garbage inserted) never raise: each gives a report,
and the valid prefix it measures replays cleanly on its own."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecarte.engine import Rules
from ecarte.log import Replay, check_report, format_summary, replay_bytes
from test_log_support import play_random_match, writes_without_fsync


def _valid_log() -> bytes:
    with tempfile.TemporaryDirectory() as folder, writes_without_fsync():
        path = Path(folder) / "match.ecarte.jsonl"
        play_random_match(random.Random(2024), path, Rules(games_to_win=2, target=3))
        return path.read_bytes()


VALID = _valid_log()
LINES = VALID.splitlines(keepends=True)


def assert_well_reported(data: bytes) -> Replay:
    replay = replay_bytes(data)
    report = check_report(replay)
    json.dumps(report)  # the --json output can always be written
    format_summary(replay, "fuzz.ecarte.jsonl")
    assert report["valid"] is (replay.error is None)
    assert 0 <= replay.valid_bytes <= len(data)
    prefix = data[: replay.valid_bytes]
    prefix_lines = prefix.count(b"\n") + (0 if not prefix or prefix.endswith(b"\n") else 1)
    assert prefix_lines == (len(replay.events) + 1 if replay.header is not None else 0)
    if replay.error is not None:
        assert 1 <= replay.error.line <= data.count(b"\n") + 1
        assert replay.error.message
        assert replay.error.line == len(replay.events) + (2 if replay.header is not None else 1)
    if replay.header is not None:
        # The valid prefix is a valid log by itself, with the same events.
        alone = replay_bytes(prefix)
        assert alone.error is None
        assert len(alone.events) == len(replay.events)
    return replay


def test_the_valid_log_is_valid() -> None:
    replay = assert_well_reported(VALID)
    assert replay.error is None and replay.match is not None and replay.match.is_over


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, len(VALID)))
def test_truncation(cut: int) -> None:
    replay = assert_well_reported(VALID[:cut])
    if cut and VALID[cut - 1 : cut] == b"\n":
        # A log may stop after any line.
        assert replay.error is None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flips=st.lists(st.tuples(st.integers(0, len(VALID) - 1), st.integers(0, 255)), min_size=1, max_size=4))
def test_flipped_bytes(flips: list[tuple[int, int]]) -> None:
    data = bytearray(VALID)
    for position, value in flips:
        data[position] = value
    assert_well_reported(bytes(data))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(order=st.permutations(range(len(LINES))))
def test_shuffled_lines(order: list[int]) -> None:
    replay = assert_well_reported(b"".join(LINES[index] for index in order))
    if order != sorted(order) and order[0] == 0:
        # Any real reordering of the events breaks the log somewhere...
        # unless two identical lines swapped places.
        shuffled = [LINES[index] for index in order]
        assert replay.error is not None or shuffled == LINES


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    edits=st.lists(
        st.tuples(
            st.sampled_from(["duplicate", "drop", "insert"]),
            st.integers(0, len(LINES) - 1),
            st.binary(max_size=40),
        ),
        min_size=1,
        max_size=3,
    )
)
def test_duplicated_dropped_and_inserted_lines(edits: list[tuple[str, int, bytes]]) -> None:
    lines = list(LINES)
    for kind, index, garbage in edits:
        index %= len(lines)
        if kind == "duplicate":
            lines.insert(index, lines[index])
        elif kind == "drop" and len(lines) > 1:
            del lines[index]
        else:
            lines.insert(index, garbage + b"\n")
    assert_well_reported(b"".join(lines))


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=300))
def test_arbitrary_bytes(data: bytes) -> None:
    assert_well_reported(data)


@settings(max_examples=100, deadline=None)
@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
        lambda children: (
            st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3)
        ),
        max_leaves=10,
    ),
    key=st.sampled_from(["type", "player", "card", "cards", "dealer", "deck"]),
    line=st.integers(1, len(LINES) - 1),
)
def test_wrong_types_in_events(value: object, key: str, line: int) -> None:
    event = json.loads(LINES[line])
    event[key] = value
    lines = list(LINES)
    lines[line] = (json.dumps(event) + "\n").encode()
    replay = assert_well_reported(b"".join(lines))
    if replay.error is not None and replay.error.line > line + 1:
        # The new value made another legal decision (a dealer's empty discard,
        # say): the changed line was accepted, and the log goes wrong later.
        assert any(event.line == line + 1 for event in replay.events)


@settings(max_examples=100, deadline=None)
@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
        lambda children: (
            st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3)
        ),
        max_leaves=10,
    ),
    key=st.sampled_from(["format", "version", "players", "first_dealer", "rules", "a rule", "extra"]),
    rule=st.sampled_from(["target", "games_to_win", "ace_high", "deal_packets", "max_exchanges", "unknown"]),
)
def test_wrong_types_in_the_header(value: object, key: str, rule: str) -> None:
    header = json.loads(LINES[0])
    if key == "a rule":
        header["rules"] = {rule: value}
    else:
        header[key] = value
    replay = assert_well_reported(b"".join([(json.dumps(header) + "\n").encode(), *LINES[1:]]))
    if replay.error is not None and replay.header is None:
        assert replay.error.line == 1
