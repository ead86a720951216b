"""Something that is not a regular file where a match's ``.forfeit`` file
would be (a FIFO, a folder, a link to a device or to nothing) was read as a
forfeit: the unfinished match was listed as won, Continue no longer offered
it, and ``ecarte check`` called it decided. ecarte only ever writes a
regular file there; anything else is named, and the match stays unfinished."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from game_support import INSTANT, play_at_random

from ecarte.analysis.stats import summarise_log
from ecarte.log.check import run_check
from ecarte.log.forfeit import forfeit_path, read_forfeit
from ecarte.play.session import MatchSession
from ecarte.tui.replay_screen import saved_logs

MAKERS: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo": (os.mkfifo, "is not a regular file but a FIFO (named pipe), so it is not read as a forfeit"),
    "folder": (Path.mkdir, "is not a regular file but a directory, so it is not read as a forfeit"),
    "dev-zero": (
        lambda path: path.symlink_to("/dev/zero"),
        "is not a regular file but a character device, so it is not read as a forfeit",
    ),
    "dangling": (
        lambda path: path.symlink_to(path.parent / "nowhere"),
        "is a symbolic link to nothing, so it is not read as a forfeit",
    ),
}


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))


def unfinished_match() -> Path:
    session = MatchSession.new(INSTANT, opponent="random", seed=5)
    play_at_random(session, random.Random(5), 6)
    session.close()
    return session.log_path


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_what_is_not_a_file_of_the_forfeits_name_leaves_the_match_unfinished(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if kind == "dev-zero" and not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    log = unfinished_match()
    make, said = MAKERS[kind]
    make(forfeit_path(log))
    assert read_forfeit(log) is None
    # Continue still offers it, and the Replay list says it is in progress.
    assert MatchSession.unfinished() == log
    [summary] = saved_logs()
    assert summary.resumable and summary.result.startswith("in progress")
    # ecarte check names what is there instead of calling the match decided.
    assert run_check(str(log), as_json=False) == 0
    out = capsys.readouterr().out
    assert "Result: not decided" in out and "forfeit, which" not in out
    assert f"{forfeit_path(log)} {said}." in out
    # The record counts it neither as won nor as finished.
    summary_of = summarise_log(log, log.read_bytes(), log.stat().st_mtime)
    assert summary_of is not None and not summary_of.complete and not summary_of.won
