"""The one fold of a match log and its visitors: what each visitor sees, a
visitor stopping early, and the check, the replay viewer's steps and resume
agreeing on the same logs (whole, torn by a crash, and invalid)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ecarte.engine import Match, Rules
from ecarte.log import (
    EndState,
    LogError,
    LogEvent,
    LogFileError,
    LogHeader,
    LogVisitor,
    Reading,
    ReplayBuilder,
    check_report,
    read_log,
    read_log_file,
    resume_log,
)
from ecarte.play.autosave import find_unfinished
from ecarte.play.replay_steps import ReplaySteps, StepsBuilder
from ecarte.safefile import Skipped
from test_log_support import play_random_match, writes_without_fsync


class Counter(LogVisitor[dict[str, int]]):
    """Counts what it is told, by kind."""

    def __init__(self) -> None:
        self.counts = {"header": 0, "deal": 0, "decision": 0, "error": 0, "end": 0}

    def visit_header(self, header: LogHeader, match: Match) -> None:
        self.counts["header"] += 1

    def visit_event(self, event: LogEvent, match: Match) -> None:
        self.counts["deal" if event.type == "deal" else "decision"] += 1

    def visit_error(self, error: LogError, truncated_last_line: bool) -> None:
        self.counts["error"] += 1

    def visit_end(self, valid_bytes: int) -> None:
        self.counts["end"] += 1

    def result(self) -> dict[str, int]:
        return self.counts


class StopAfter(LogVisitor[tuple[int, int]]):
    """Stops after ``events`` events (0: right after the header)."""

    def __init__(self, events: int) -> None:
        self.limit = events
        self.seen = 0
        self.valid_bytes = -1

    def visit_header(self, header: LogHeader, match: Match) -> Reading | None:
        return Reading.STOP if self.limit == 0 else None

    def visit_event(self, event: LogEvent, match: Match) -> Reading | None:
        self.seen += 1
        return Reading.STOP if self.seen == self.limit else None

    def visit_end(self, valid_bytes: int) -> None:
        self.valid_bytes = valid_bytes

    def result(self) -> tuple[int, int]:
        return self.seen, self.valid_bytes


@pytest.fixture(scope="module")
def whole_log(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("logs") / "m.ecarte.jsonl"
    with writes_without_fsync():
        play_random_match(random.Random(21), path, Rules(target=3, games_to_win=2))
    return path.read_bytes()


def line_types(data: bytes) -> list[str]:
    return [json.loads(line)["type"] for line in data.splitlines()[1:]]


def test_a_counting_visitor_is_told_each_line_once(whole_log: bytes) -> None:
    types = line_types(whole_log)
    counts = read_log(whole_log, Counter())
    assert counts == {
        "header": 1,
        "deal": types.count("deal"),
        "decision": len(types) - types.count("deal"),
        "error": 0,
        "end": 1,
    }


def test_a_bad_line_is_told_once_and_ends_the_reading(whole_log: bytes) -> None:
    lines = whole_log.splitlines(keepends=True)
    broken = b"".join([*lines[:6], b'{"type": "dance", "player": 0}\n', *lines[6:]])
    counts = read_log(broken, Counter())
    assert counts["error"] == 1 and counts["end"] == 1
    assert counts["deal"] + counts["decision"] == 5


def test_a_visitor_may_stop_after_the_header(whole_log: bytes) -> None:
    seen, valid_bytes = read_log(whole_log, StopAfter(0))
    assert seen == 0
    assert valid_bytes == len(whole_log.splitlines(keepends=True)[0])


def test_a_visitor_may_stop_after_some_events(whole_log: bytes) -> None:
    seen, valid_bytes = read_log(whole_log, StopAfter(7))
    assert seen == 7
    assert valid_bytes == len(b"".join(whole_log.splitlines(keepends=True)[:8]))


def test_stopping_early_skips_a_bad_line_further_on(whole_log: bytes) -> None:
    # A visitor that stops never reads (nor is told of) a fault after it.
    lines = whole_log.splitlines(keepends=True)
    broken = b"".join([*lines[:10], b"garbage\n"])
    assert read_log(broken, StopAfter(3))[0] == 3
    counts = read_log(broken, Counter())
    assert counts["error"] == 1


def same_state(one: Match, other: Match) -> bool:
    return (
        one.view(0).to_json() == other.view(0).to_json()
        and one.view(1).to_json() == other.view(1).to_json()
        and one.games == other.games
        and one.phase == other.phase
        and one.winner == other.winner
    )


def versions(whole: bytes) -> dict[str, tuple[bytes, int]]:
    """The same match whole, torn in its last line, and invalid half-way;
    with the number of events each holds valid."""
    lines = whole.splitlines(keepends=True)
    middle = len(lines) // 2
    events = len(lines) - 1
    return {
        "whole": (whole, events),
        "torn": (b"".join(lines[:middle]) + lines[middle][: len(lines[middle]) // 2], middle - 1),
        "invalid": (
            b"".join([*lines[:middle], b'{"type": "card", "player": 0, "card": "ZZ"}\n']),
            middle - 1,
        ),
    }


@pytest.mark.parametrize("kind", ["whole", "torn", "invalid"])
def test_check_steps_and_resume_agree_on_a_log(tmp_path: Path, whole_log: bytes, kind: str) -> None:
    data, valid_events = versions(whole_log)[kind]
    path = tmp_path / "matches" / f"{kind}.ecarte.jsonl"
    path.parent.mkdir()
    path.write_bytes(data)

    replay = read_log_file(path, ReplayBuilder())
    assert len(replay.events) == valid_events
    assert replay.match is not None
    report = check_report(replay)
    assert report["valid"] is (kind == "whole")
    assert replay.truncated_last_line is (kind == "torn")

    steps = read_log_file(path, StepsBuilder())
    assert steps.last_position == valid_events
    assert same_state(steps.state(steps.last_position), replay.match)
    # Built from the replay already read, the steps are the same.
    again = ReplaySteps(replay)
    assert again.checkpoint_count == steps.checkpoint_count
    assert same_state(again.state(valid_events // 2), steps.state(valid_events // 2))

    end = read_log_file(path, EndState())
    assert end.events == valid_events and end.match is not None
    assert same_state(end.match, replay.match)
    assert end.can_continue is (kind != "invalid")

    # Continue offers the match exactly when resume can take it up.
    continuable = kind == "torn" or (kind == "whole" and not replay.match.is_over)
    assert (find_unfinished(path.parent) == path) is continuable
    # A match damaged before its end is not offered, and the player is told
    # which file and line, each time the folder is looked at (the second
    # look is answered from the cache).
    for _ in range(2):
        notes: list[Skipped] = []
        find_unfinished(path.parent, notes)
        if kind == "invalid":
            assert replay.error is not None
            assert [note.path for note in notes] == [path]
            assert f"line {replay.error.line} is damaged" in str(notes[0])
            assert "cannot be continued" in str(notes[0])
        else:
            assert notes == []
    if kind == "invalid":
        with pytest.raises(LogFileError, match=f"line {replay.error.line if replay.error else 0}"):
            resume_log(path)
        assert path.read_bytes() == data
        return
    resumed, writer = resume_log(path)
    writer.close()
    assert resumed.error is None and resumed.events == valid_events
    assert resumed.match is not None and same_state(resumed.match, replay.match)
    # What resume leaves on disk reads back as the same valid match.
    after = read_log_file(path, ReplayBuilder())
    assert after.error is None and len(after.events) == valid_events
