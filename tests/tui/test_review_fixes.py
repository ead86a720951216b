"""Fixes from the review of the app (issue #4): long logs stepped through
without a match per event, work kept off the event loop, a file vanishing
under the replay list, and a bot that is slow to close."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import INSTANT, GameApp, scripted_session, settle, until
from textual.widgets import Static

from ecarte.engine import Match
from ecarte.log import replay_file, replay_states
from ecarte.play import paths
from ecarte.play.replay_steps import ReplaySteps
from ecarte.play.session import MatchSession
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.replay_screen import ReplayViewerScreen, saved_logs
from ecarte.tui.title_screen import TitleScreen

SIZE = (100, 32)


def long_log(directory: Path, seed: int = 3) -> Path:
    """A whole match of random decisions, many deals long."""
    session = MatchSession.new(INSTANT, opponent="random", seed=seed, directory=directory)
    rng = random.Random(seed)
    while not session.is_over:
        if session.deal_due:
            session.deal_next()
        else:
            seat = session.to_move
            assert seat is not None
            legal = session.match.legal_actions()
            session.apply(seat, legal[rng.randrange(len(legal))])
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


async def test_the_viewer_reads_a_log_in_a_worker_and_says_loading(tmp_path: Path) -> None:
    path = long_log(tmp_path)
    app = EcarteApp(Settings(), first_screen=lambda: ReplayViewerScreen(path))
    async with app.run_test(size=SIZE) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        await until(pilot, lambda: viewer.loaded)
        await pilot.pause()
        status = str(viewer.query_one("#replay-status", Static).content)
        assert f"Event 0 of {len(replay_file(path).events)}" in status
        await pilot.press("end")
        assert viewer.position == viewer.last_position
        await pilot.press("pageup", "left", "right")
        assert "wins the match" not in str(viewer.query_one("#replay-event", Static).content)


async def test_the_viewer_shows_loading_until_the_log_is_read(tmp_path: Path) -> None:
    path = long_log(tmp_path)
    release = threading.Event()
    app = EcarteApp(Settings(), first_screen=lambda: ReplayViewerScreen(path))

    class HeldSteps(ReplaySteps):
        def __init__(self, *args: Any) -> None:
            release.wait(10)
            super().__init__(*args)

    import ecarte.tui.replay_screen as replay_screen

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


async def test_continue_is_found_in_a_worker(
    write_log: Callable[..., Path], known_events: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    write_log(paths.matches_dir() / "20261128-201500.ecarte.jsonl", known_events[:4], ("You", "Computer"))
    threads: list[str] = []
    real = EcarteApp.find_unfinished

    def recording() -> Path | None:
        threads.append(threading.current_thread().name)
        return real()

    monkeypatch.setattr(EcarteApp, "find_unfinished", staticmethod(recording))
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TitleScreen)
        await until(pilot, lambda: screen.unfinished is not None)
        assert threads and threading.main_thread().name not in threads
        await pilot.press("c")
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen")


class SlowToClose:
    """A bot that takes its time to stop after ``bye``."""

    name = "slow"

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.may_stop = threading.Event()
        self.stopped = threading.Event()

    def start_match(self, seat: int, rules: Any) -> None:
        pass

    def decide(self, view: Any, legal: Any) -> Any:
        return self.inner.decide(view, legal)

    def close(self) -> None:
        self.may_stop.wait(5)
        self.stopped.set()


async def test_leaving_the_game_does_not_wait_for_a_slow_bot(tmp_path: Path) -> None:
    session, scripted = scripted_session(tmp_path, [], first_dealer=1)
    bot = SlowToClose(scripted)
    session.opponent = bot
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        # The screen is gone while the bot is still stopping.
        assert not bot.stopped.is_set()
        bot.may_stop.set()
    assert bot.stopped.wait(5)
    # The log was closed at once and holds the match so far.
    assert json.loads(session.log_path.read_text(encoding="utf-8").splitlines()[1])["type"] == "deal"


async def test_the_opponent_side_shows_backs_from_what_the_human_may_know(
    tmp_path: Path, plain: Callable[..., str]
) -> None:
    import inspect

    from game_support import deck

    from ecarte.engine.cards import card_label
    from ecarte.tui.widgets import OpponentView

    # The widget is given a count and the human's view, never the match.
    assert "match" not in inspect.signature(OpponentView.show).parameters
    # The human deals; the computer (elder) holds K♥ A♠ 7♣ K♣ J♠... and proposes.
    cards = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
    session, _ = scripted_session(tmp_path, [cards], ["propose"], first_dealer=0)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = plain(app.screen.query_one("#opponent", OpponentView).content)
        assert shown.count("▒▒▒") == 5
        for card in session.match.hand(1):
            assert card_label(card) not in shown


async def test_continue_pressed_twice_opens_one_game(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    write_log(paths.matches_dir() / "20261128-201500.ecarte.jsonl", known_events[:4], ("You", "Computer"))
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TitleScreen)
        await until(pilot, lambda: screen.unfinished is not None)
        await pilot.press("c", "c")
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen")
        await app.workers.wait_for_complete()
        await pilot.pause()
        games = [s for s in app.screen_stack if type(s).__name__ == "GameScreen"]
        assert len(games) == 1
