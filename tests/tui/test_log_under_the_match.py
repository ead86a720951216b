"""Another program deletes, replaces or empties the match log while the
match is played: the match is still saved whole, nothing that has the
log's name now is overwritten, and the player is told where the match is."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from game_support import INSTANT, GameApp, play_at_random, scripted_session, settle, until

from ecarte.engine import shuffled_deck
from ecarte.log import replay_file
from ecarte.play.lock import is_open_elsewhere
from ecarte.play.session import MatchSession


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))


def play(session: MatchSession, decisions: int, rng: random.Random) -> None:
    play_at_random(session, rng, decisions)


def assert_holds_the_match(path: Path, session: MatchSession) -> None:
    """``path`` replays to the very match the session is at."""
    replay = replay_file(path)
    assert replay.error is None
    assert replay.match is not None
    match = session.match
    assert replay.match.deals == match.deals
    assert replay.match.games == match.games
    assert (replay.match.phase, replay.match.hands, replay.match.trick) == (
        match.phase,
        match.hands,
        match.trick,
    )


def test_a_log_deleted_mid_match_is_written_again_whole_at_the_next_decision(tmp_path: Path) -> None:
    rng = random.Random(3)
    session = MatchSession.new(INSTANT, opponent="random", seed=3, directory=tmp_path)
    path = session.log_path
    play(session, 6, rng)
    path.unlink()
    play(session, 1, rng)
    assert session.log_path == path
    assert_holds_the_match(path, session)
    notice = session.take_save_notice()
    assert notice is not None and str(path) in notice and "deleted" in notice
    assert session.take_save_notice() is None  # told once
    assert session.save_error is None
    # This window still holds the match: a second window may not play it.
    assert is_open_elsewhere(path)
    play(session, 4, rng)
    session.close()
    assert_holds_the_match(path, session)
    assert not is_open_elsewhere(path)


def test_a_log_deleted_after_the_last_decision_is_written_again_on_leaving(tmp_path: Path) -> None:
    rng = random.Random(4)
    session = MatchSession.new(INSTANT, opponent="random", seed=4, directory=tmp_path)
    path = session.log_path
    play(session, 5, rng)
    path.unlink()
    session.close()
    assert_holds_the_match(path, session)


@pytest.mark.parametrize("how", ["replaced", "emptied"])
def test_a_log_replaced_or_emptied_is_left_and_the_match_saved_beside_it(tmp_path: Path, how: str) -> None:
    rng = random.Random(5)
    session = MatchSession.new(INSTANT, opponent="random", seed=5, directory=tmp_path)
    path = session.log_path
    play(session, 6, rng)
    if how == "replaced":
        other = tmp_path / "mine.txt"
        other.write_text("my own notes\n")
        os.replace(other, path)
        left = b"my own notes\n"
    else:
        path.write_bytes(b"")  # the same file, cut to nothing
        left = b""
    play(session, 1, rng)
    moved = session.log_path
    assert moved != path and moved.parent == path.parent
    assert moved.name == path.name.replace(".ecarte.jsonl", "-1.ecarte.jsonl")
    assert path.read_bytes() == left
    assert_holds_the_match(moved, session)
    notice = session.take_save_notice()
    assert notice is not None and str(path) in notice and moved.name in notice
    assert is_open_elsewhere(moved)
    play(session, 3, rng)
    session.close()
    assert_holds_the_match(moved, session)
    assert path.read_bytes() == left


def test_a_continued_log_deleted_is_written_again_with_its_earlier_deals(tmp_path: Path) -> None:
    rng = random.Random(6)
    first = MatchSession.new(INSTANT, opponent="random", seed=6, directory=tmp_path)
    path = first.log_path
    play(first, 12, rng)
    first.close()
    session, _torn = MatchSession.resume(path, INSTANT)
    play(session, 2, rng)
    path.unlink()
    play(session, 2, rng)
    assert_holds_the_match(path, session)
    session.close()
    assert_holds_the_match(path, session)


def test_a_log_that_cannot_be_written_again_stops_the_autosave_in_words(tmp_path: Path) -> None:
    rng = random.Random(7)
    folder = tmp_path / "matches"
    session = MatchSession.new(INSTANT, opponent="random", seed=7, directory=folder)
    play(session, 3, rng)
    session.log_path.unlink()
    folder.rmdir()
    folder.write_text("not a folder\n")  # nowhere to write the log again
    play(session, 2, rng)
    error = session.save_error
    assert error is not None and "the autosave stopped" in error and str(folder) in error
    assert "Errno" not in error
    session.close()
    assert folder.read_text() == "not a folder\n"


class NotedGameApp(GameApp):
    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)
        self.notes: list[str] = []

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        self.notes.append(message)
        super().notify(message, *args, **kwargs)


async def test_the_player_is_told_at_the_table_where_the_match_is_saved(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [shuffled_deck(random.Random(8))], first_dealer=1)
    app = NotedGameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        path = session.log_path
        path.write_text("")  # emptied by another program
        await pilot.press("p")  # elder plays: a line to write
        await until(pilot, lambda: any("saved whole" in note for note in app.notes))
        [note] = [note for note in app.notes if "saved whole" in note]
        assert str(path) in note and session.log_path.name in note
        assert session.log_path != path and path.read_text() == ""
    session.close()
    assert_holds_the_match(session.log_path, session)
