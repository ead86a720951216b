"""Two windows and one autosave: the second is told the match is open
elsewhere and may watch it, and the log is never written by both. Also: a
log naming an opponent ecarte does not know can still be continued."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from ecarte.log import replay_file
from ecarte.play import paths
from ecarte.play.lock import MatchOpenElsewhere
from ecarte.play.session import HUMAN, MatchSession
from ecarte.play.settings import Settings
from ecarte.text import NAME_CELLS

RANDOM = Settings(opponent="random", speed="instant")


def _play(session: MatchSession, decisions: int, rng: random.Random) -> None:
    for _ in range(decisions):
        if session.is_over:
            return
        if session.deal_due:
            session.deal_next()
        seat = session.to_move
        if seat is None:
            continue
        if seat == HUMAN:
            legal = session.match.legal_actions()
            session.apply(seat, legal[rng.randrange(len(legal))])
        else:
            session.apply(seat, session.opponent_decision())


def test_a_second_session_on_one_autosave_is_refused_until_the_first_closes(tmp_path: Path) -> None:
    first = MatchSession.new(RANDOM, directory=tmp_path, seed=8)
    _play(first, 6, random.Random(1))
    with pytest.raises(MatchOpenElsewhere, match="open in another window"):
        MatchSession.resume(first.log_path, RANDOM)
    _play(first, 6, random.Random(2))
    first.close()

    second, _ = MatchSession.resume(first.log_path, RANDOM)
    with pytest.raises(MatchOpenElsewhere):
        MatchSession.resume(first.log_path, RANDOM)
    _play(second, 6, random.Random(3))
    second.close_in_background()
    replay = replay_file(first.log_path)
    assert replay.error is None, "the log was written by one window at a time: still whole"
    third, _ = MatchSession.resume(first.log_path, RANDOM)
    third.close()


def test_a_new_match_is_locked_from_its_first_line(tmp_path: Path) -> None:
    session = MatchSession.new(RANDOM, directory=tmp_path, seed=9)
    try:
        with pytest.raises(MatchOpenElsewhere):
            MatchSession.resume(session.log_path, RANDOM)
    finally:
        session.close()


async def _until(pilot: Pilot[Any], condition: Callable[[], bool], rounds: int = 600) -> None:
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the condition never came true")


@pytest.mark.deadline(40)
@pytest.mark.parametrize("choice", ["w", "l"])
def test_the_second_window_offers_to_watch_or_leave(choice: str) -> None:
    from ecarte.tui.app import EcarteApp
    from ecarte.tui.open_elsewhere import OpenElsewhereScreen
    from ecarte.tui.replay_screen import ReplayViewerScreen
    from ecarte.tui.title_screen import TitleScreen

    first = MatchSession.new(RANDOM, directory=paths.matches_dir(), seed=10)
    _play(first, 4, random.Random(4))

    async def second_window() -> None:
        app = EcarteApp(RANDOM)
        async with app.run_test(size=(100, 32)) as pilot:
            await _until(
                pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.unfinished is not None
            )
            await pilot.press("c")
            await _until(pilot, lambda: isinstance(app.screen, OpenElsewhereScreen))
            await pilot.pause()
            # The window is centred, as the other windows of its kind.
            box = app.screen.query_one("#summary-box").region
            assert abs(box.x - (100 - box.right)) <= 1 and abs(box.y - (32 - box.bottom)) <= 1, box
            await pilot.press(choice)
            expected = ReplayViewerScreen if choice == "w" else TitleScreen
            await _until(pilot, lambda: isinstance(app.screen, expected))
            if choice == "w":
                assert app.screen.path == first.log_path  # type: ignore[attr-defined]

    try:
        asyncio.run(second_window())
    finally:
        first.close()
    assert replay_file(first.log_path).error is None


def _rewrite_header(path: Path, **changes: Any) -> None:
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header.update(changes)
    lines[0] = json.dumps(header) + "\n"
    path.write_text("".join(lines))


def test_a_log_with_an_unknown_opponent_is_continued_with_the_settings_level(tmp_path: Path) -> None:
    session = MatchSession.new(RANDOM, directory=tmp_path, seed=11)
    _play(session, 5, random.Random(5))
    session.close()
    _rewrite_header(session.log_path, opponent="grandmaster")
    assert MatchSession.unfinished(tmp_path) == session.log_path
    resumed, _ = MatchSession.resume(session.log_path, RANDOM)
    try:
        assert resumed.opponent_level == "random"
        assert resumed.notice is not None and "grandmaster" in resumed.notice
    finally:
        resumed.close()


def test_a_long_name_in_a_log_is_shortened_where_it_is_drawn(tmp_path: Path) -> None:
    session = MatchSession.new(RANDOM, directory=tmp_path, seed=12)
    session.close()
    _rewrite_header(session.log_path, players=["N" * 10_000, "Computer"])
    resumed, _ = MatchSession.resume(session.log_path, RANDOM)
    try:
        assert len(resumed.names[0]) <= NAME_CELLS and resumed.names[0].startswith("NNN")
    finally:
        resumed.close()
