"""Without a terminal (input from /dev/null, output to a file: a script,
cron, ssh without -t) the app refuses to start, in a line, at once: it drew
to nowhere until killed, and ``ecarte play`` left the autosave of a match no
one saw."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

# Bound before the suite's stand-in for a terminal replaces it in ``launch``.
from ecarte.tui.launch import terminal_problem

NEEDS = "ecarte: the game needs a terminal, and its standard input is not one"


@pytest.mark.parametrize("command", [[], ["play"], ["learn"], ["play", "--opponent", "random"]])
def test_without_a_terminal_the_app_says_so_and_saves_nothing(command: list[str], tmp_path: Path) -> None:
    env = {
        **os.environ,
        "ECARTE_DATA_DIR": str(tmp_path / "data"),
        "ECARTE_CONFIG_DIR": str(tmp_path / "config"),
    }
    env.pop("TEXTUAL_DRIVER", None)
    result = subprocess.run(
        [sys.executable, "-m", "ecarte", *command],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(NEEDS) and "ecarte check" in result.stderr
    assert "Traceback" not in result.stderr
    # No match was started, so no autosave was left behind.
    assert not (tmp_path / "data" / "matches").exists() or not any((tmp_path / "data" / "matches").iterdir())


def test_output_to_a_file_is_no_terminal_either(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    controller, terminal = pty.openpty()
    try:
        with os.fdopen(terminal) as keyboard, (tmp_path / "out").open("w") as out:
            monkeypatch.setattr(sys, "stdin", keyboard)
            monkeypatch.setattr(sys, "stdout", out)
            problem = terminal_problem()
            monkeypatch.setattr(sys, "stdout", keyboard)
            assert terminal_problem() is None
    finally:
        os.close(controller)
    assert problem is not None and "its standard output is not one" in problem


def test_a_driver_of_its_own_needs_no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    # ecarte serve starts each tab's game with Textual's web driver, on pipes.
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert terminal_problem() is None


def test_a_terminal_whose_character_set_has_no_frames_is_told_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a Latin-1 locale the whole table was drawn as escapes
    ("\\u256d\\u2500 Ordinateur"), with no word of why."""
    import io

    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    controller, terminal = pty.openpty()
    try:
        with os.fdopen(terminal, "w", encoding="latin-1") as screen:
            monkeypatch.setattr(sys, "stdin", screen)
            monkeypatch.setattr(sys, "stdout", screen)
            problem = terminal_problem()
            with io.TextIOWrapper(os.fdopen(os.dup(screen.fileno()), "wb"), encoding="utf-8") as utf8:
                monkeypatch.setattr(sys, "stdout", utf8)
                assert terminal_problem() is None
    finally:
        os.close(controller)
    assert problem == (
        "the terminal's character set (latin-1) cannot show the game's frames and suits: "
        "run it in a UTF-8 locale (LANG=C.UTF-8, for example)"
    )
