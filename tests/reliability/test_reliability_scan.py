"""The matches folder may hold anything named like a log: the scan for a
match to continue opens none of the strange entries, skips each with a note
saying what it is, and still finds the real autosave."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from ecarte.play.session import LOG_SUFFIX, MatchSession
from ecarte.play.settings import Settings
from ecarte.safefile import Skipped, regular_files


def _strange_folder(folder: Path) -> dict[str, str]:
    """Strange entries named like logs, and what the note must say of each."""
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / f"fifo{LOG_SUFFIX}")
    (folder / f"folder{LOG_SUFFIX}").mkdir()
    (folder / f"zero{LOG_SUFFIX}").symlink_to("/dev/zero")
    (folder / f"loop{LOG_SUFFIX}").symlink_to(folder / f"loop{LOG_SUFFIX}")
    (folder / f"gone{LOG_SUFFIX}").symlink_to(folder / "nowhere")
    return {
        f"fifo{LOG_SUFFIX}": "FIFO",
        f"folder{LOG_SUFFIX}": "directory",
        f"zero{LOG_SUFFIX}": "character device",
        f"loop{LOG_SUFFIX}": "symbolic link loop",
        f"gone{LOG_SUFFIX}": "does not exist",
    }


def test_the_scan_yields_regular_files_and_notes_the_rest(tmp_path: Path) -> None:
    expected = _strange_folder(tmp_path)
    real = tmp_path / f"real{LOG_SUFFIX}"
    real.write_text("{}\n")
    (tmp_path / "other.txt").mkdir()  # not named like a log: not mentioned
    skipped: list[Skipped] = []
    assert list(regular_files(tmp_path, LOG_SUFFIX, skipped)) == [real]
    notes = {note.path.name: str(note) for note in skipped}
    assert set(notes) == set(expected)
    for name, what in expected.items():
        assert what in notes[name] and name in notes[name]


@pytest.mark.deadline(20)
def test_continue_finds_the_autosave_among_strange_entries_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "matches"
    session = MatchSession.new(Settings(opponent="random"), directory=folder, seed=4)
    session.deal_next()
    session.close()
    _strange_folder(folder)
    started = time.monotonic()
    assert MatchSession.unfinished(folder) == session.log_path
    assert time.monotonic() - started < 5


@pytest.mark.deadline(40)
def test_the_title_screen_notes_a_strange_entry_and_still_offers_continue() -> None:
    import asyncio

    from ecarte.play import paths
    from ecarte.tui.app import EcarteApp
    from ecarte.tui.title_screen import TitleScreen

    folder = paths.matches_dir()
    session = MatchSession.new(Settings(opponent="random"), directory=folder, seed=5)
    session.deal_next()
    session.close()
    os.mkfifo(folder / f"zz-fifo{LOG_SUFFIX}")
    notes: list[str] = []

    class NotingApp(EcarteApp):
        def notify(self, message: str, *args: object, **kwargs: object) -> None:  # type: ignore[override]
            notes.append(message)

    async def run() -> None:
        app = NotingApp(Settings(opponent="random"))
        async with app.run_test(size=(100, 32)) as pilot:
            for _ in range(600):
                screen = app.screen
                if isinstance(screen, TitleScreen) and screen.unfinished is not None and notes:
                    break
                await pilot.pause(0.01)
            assert isinstance(app.screen, TitleScreen) and app.screen.unfinished == session.log_path

    asyncio.run(run())
    assert any(f"zz-fifo{LOG_SUFFIX}" in note and "FIFO" in note for note in notes)
