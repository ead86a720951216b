"""The replay screens on long or troublesome logs: a long log is stepped
through without a match per event and read off the event loop, behind
"Loading…"; a log that cannot be read is told; a file that vanishes while
the list is read is no crash."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import INSTANT, play_at_random, until
from textual.widgets import Static

import ecarte.tui.replay_screen as replay_screen
from ecarte.engine import Match
from ecarte.log import replay_file, replay_states
from ecarte.play import paths
from ecarte.play.replay_steps import ReplaySteps
from ecarte.play.session import MatchSession
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.replay_screen import ReplayViewerScreen, saved_logs

SIZE = (100, 32)


def long_log(directory: Path, seed: int = 3) -> Path:
    """A whole match of random decisions, many deals long."""
    session = MatchSession.new(INSTANT, opponent="random", seed=seed, directory=directory)
    play_at_random(session, random.Random(seed))
    session.close()
    return session.log_path


def same_state(one: Match, other: Match) -> bool:
    return (
        one.view(0).to_json() == other.view(0).to_json()
        and one.view(1).to_json() == other.view(1).to_json()
        and one.games == other.games
        and one.phase == other.phase
    )


def test_stepping_gives_every_state_of_the_log_in_any_order(tmp_path: Path) -> None:
    replay = replay_file(long_log(tmp_path))
    expected = replay_states(replay)
    steps = ReplaySteps(replay)
    deals = sum(1 for event in replay.events if event.type == "deal")
    assert deals > 2
    # One kept state per deal (and the start), not one per event.
    assert steps.checkpoint_count == deals
    assert steps.last_position == len(expected) - 1
    order = list(range(len(expected)))
    random.Random(1).shuffle(order)
    for position in [*range(len(expected)), *reversed(range(len(expected))), *order]:
        assert same_state(steps.state(position), expected[position]), position
    with pytest.raises(IndexError):
        steps.state(len(expected))


def test_a_log_without_a_valid_header_has_no_states() -> None:
    from ecarte.log import replay_bytes

    steps = ReplaySteps(replay_bytes(b"garbage\n"))
    assert steps.empty and steps.last_position == 0


async def test_the_viewer_reads_a_long_log_in_a_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = long_log(tmp_path)
    threads: list[str] = []

    class RecordingSteps(ReplaySteps):
        def __init__(self, *args: Any) -> None:
            threads.append(threading.current_thread().name)
            super().__init__(*args)

    monkeypatch.setattr(replay_screen, "ReplaySteps", RecordingSteps)
    app = EcarteApp(Settings(), first_screen=lambda: ReplayViewerScreen(path))
    async with app.run_test(size=SIZE) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        await until(pilot, lambda: viewer.loaded)
        # Prepared off the event loop, and then every position can be reached.
        assert threads and threading.main_thread().name not in threads
        await pilot.pause()
        status = str(viewer.query_one("#replay-status", Static).content)
        assert f"Event 0 of {len(replay_file(path).events)}" in status
        await pilot.press("end")
        assert viewer.position == viewer.last_position


async def test_the_viewer_shows_loading_until_the_log_is_read(tmp_path: Path) -> None:
    path = long_log(tmp_path)
    release = threading.Event()
    app = EcarteApp(Settings(), first_screen=lambda: ReplayViewerScreen(path))

    class HeldSteps(ReplaySteps):
        def __init__(self, *args: Any) -> None:
            release.wait(10)
            super().__init__(*args)

    original = replay_screen.ReplaySteps
    replay_screen.ReplaySteps = HeldSteps  # type: ignore[misc]
    try:
        async with app.run_test(size=SIZE) as pilot:
            viewer = app.screen
            assert isinstance(viewer, ReplayViewerScreen)
            await pilot.pause()
            # The screen is up and answers keys while the log is being read.
            assert "Loading" in str(viewer.query_one("#replay-status", Static).content)
            await pilot.press("right", "end")
            assert viewer.position == 0 and not viewer.loaded
            release.set()
            await until(pilot, lambda: viewer.loaded)
    finally:
        release.set()
        replay_screen.ReplaySteps = original  # type: ignore[misc]


async def test_a_log_that_cannot_be_read_is_told_in_the_viewer(tmp_path: Path) -> None:
    missing = tmp_path / "gone.ecarte.jsonl"
    app = EcarteApp(Settings(), first_screen=lambda: ReplayViewerScreen(missing))
    async with app.run_test(size=SIZE) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        error = viewer.query_one("#replay-error", Static)
        await until(pilot, lambda: bool(error.display))
        assert "gone.ecarte.jsonl" in str(error.content)
        await pilot.press("right", "pagedown", "question_mark")
        assert app.is_running


def test_a_log_removed_while_the_list_is_read_is_no_crash(
    write_log: Callable[..., Path], known_events: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = paths.matches_dir()
    kept = write_log(folder / "kept.ecarte.jsonl", known_events)
    vanishing = write_log(folder / "vanishing.ecarte.jsonl", known_events)
    real_is_file = Path.is_file

    def is_file_then_removed(path: Path) -> bool:
        # Listed, then removed by another program before it is looked at.
        answer = real_is_file(path)
        if path == vanishing:
            path.unlink(missing_ok=True)
        return answer

    monkeypatch.setattr(Path, "is_file", is_file_then_removed)
    summaries = saved_logs()
    assert kept in [summary.path for summary in summaries]
