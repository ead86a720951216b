"""``ecarte``, ``ecarte play`` and ``ecarte replay``: what starts, and the
clear messages (exit status 2, no traceback) for bad arguments."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ecarte.cli import main
from ecarte.play import paths
from ecarte.play.settings import Settings, save_settings
from ecarte.tui.app import EcarteApp


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[EcarteApp]:
    """Apps that ``launch`` would run, kept instead of run."""
    apps: list[EcarteApp] = []

    def run(self: EcarteApp, *args: Any, **kwargs: Any) -> int:
        apps.append(self)
        return 0

    monkeypatch.setattr(EcarteApp, "run", run)
    return apps


def first_screen(app: EcarteApp) -> Any:
    assert app._first_screen is not None
    return app._first_screen()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--rules", "target=0"], "rule 'target' must be an integer from 1 to 99, not 0"),
        (["play", "--rules", "colour=red"], "--rules: unknown rule 'colour'"),
        (["play", "--rules", "trumps"], "'trumps' is not KEY=VALUE"),
        (["play", "--rules", "target=5", "--rules", "target=7"], "rule 'target' is set twice"),
        (
            ["play", "--opponent", "wizard"],
            "opponent must be one of easy, normal, expert, classic, ",
        ),
        (["play", "--opponent", "cmd:"], "opponent must be one of"),
        (["replay", "no/such/file.ecarte.jsonl"], "no/such/file.ecarte.jsonl: no such file"),
        (["play", "--opponent", "cmd:/no/such/bot"], "cannot start the match"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], started: list[EcarteApp]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("ecarte: ")
    assert message in captured.err
    assert "Traceback" not in captured.err
    assert started == []


@pytest.mark.parametrize("kind", ["missing", "directory", "fifo"])
def test_replay_refuses_what_check_refuses_in_the_same_words(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], started: list[EcarteApp]
) -> None:
    path = tmp_path / "m.ecarte.jsonl"
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    assert main(["check", str(path)]) == 2
    checked = capsys.readouterr().err.removeprefix("ecarte check: ")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == f"ecarte: {checked}"
    assert started == []


def test_no_command_opens_the_title_with_the_saved_settings(started: list[EcarteApp]) -> None:
    save_settings(Settings(player_name="Klara"))
    assert main([]) == 0
    [app] = started
    assert app.settings.player_name == "Klara"
    assert app._first_screen is None


def test_play_applies_rules_over_the_settings_and_autosaves(started: list[EcarteApp]) -> None:
    save_settings(Settings(player_name="Klara"))
    assert main(["play", "--opponent", "random", "--seed", "7", "--rules", "target=7", "ace_high=true"]) == 0
    [app] = started
    game = first_screen(app)
    assert type(game).__name__ == "GameScreen"
    session = game.session
    assert session.rules.target == 7 and session.rules.ace_high
    assert session.names[0] == "Klara"
    assert session.log_path.parent == paths.matches_dir()
    session.close()


def test_play_takes_rules_from_every_rules_option(started: list[EcarteApp]) -> None:
    # A second --rules adds to the first (it once replaced it without a word).
    assert main(["play", "--opponent", "random", "--rules", "target=7", "--rules", "ace_high=true"]) == 0
    [app] = started
    session = first_screen(app).session
    assert session.rules.target == 7 and session.rules.ace_high
    session.close()


def test_play_with_the_same_seed_deals_the_same_cards(started: list[EcarteApp]) -> None:
    for _ in range(2):
        assert main(["play", "--opponent", "random", "--seed", "11"]) == 0
    sessions = [first_screen(app).session for app in started]
    for session in sessions:
        if session.match.phase == "deal":
            session.deal_next()
    assert sessions[0].match.deck == sessions[1].match.deck
    assert sessions[0].match.first_dealer == sessions[1].match.first_dealer
    for session in sessions:
        session.close()


def test_replay_opens_the_viewer_even_on_an_invalid_log(
    tmp_path: Path, write_log: Callable[..., Path], started: list[EcarteApp]
) -> None:
    path = write_log(tmp_path / "bad.ecarte.jsonl", ['{"type": "nonsense"}'])
    assert main(["replay", str(path)]) == 0
    viewer = first_screen(started[0])
    assert type(viewer).__name__ == "ReplayViewerScreen"
    assert viewer.replay.error.line == 2


def test_help_describes_the_commands() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ecarte", "play", "--help"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    for option in ("--opponent", "--seed", "--rules"):
        assert option in result.stdout


def test_version_names_the_installed_version(
    capsys: pytest.CaptureFixture[str], started: list[EcarteApp]
) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.strip() == f"ecarte {version('ecarte')}"
    assert started == []


def test_a_matches_folder_that_cannot_be_written_is_said_in_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], started: list[EcarteApp]
) -> None:
    """On a read-only disk ``ecarte play`` said "[Errno 30] Read-only file
    system: '…/20261207-135208.ecarte.jsonl'": Python's form, and the path
    a second time. (Root writes anywhere, so the refusal is the system's,
    as a read-only mount gives it.)"""
    import errno

    from ecarte.log import LogWriter

    def read_only(path: Path, *args: Any, **kwargs: Any) -> LogWriter:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    monkeypatch.setattr(LogWriter, "create", read_only)
    assert main(["play", "--seed", "7"]) == 2
    err = capsys.readouterr().err
    folder = paths.matches_dir()
    assert err == (
        f"ecarte: cannot start the match: cannot write the autosave in {folder}: {os.strerror(errno.EROFS)}\n"
    )
    assert started == []
