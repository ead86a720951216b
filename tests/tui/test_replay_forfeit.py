"""A match the opponent forfeited shows as such in the replay list."""

from __future__ import annotations

from pathlib import Path

from ecarte.engine import Rules
from ecarte.log import LogWriter
from ecarte.play.session import forfeit_path
from ecarte.tui.replay_screen import summarize_log


def test_a_forfeited_match_is_not_listed_as_in_progress(tmp_path: Path) -> None:
    log = tmp_path / "m.ecarte.jsonl"
    LogWriter.create(log, ("You", "Computer"), 0, Rules()).close()
    assert summarize_log(log).result == "in progress"
    forfeit_path(log).write_text("the bot exited\n", encoding="utf-8")
    assert summarize_log(log).result == "ended by forfeit"
