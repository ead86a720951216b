"""The real `ecarte play` in a real terminal (tmux): start it, play a few
moves with send-keys, read the screen with capture-pane, quit.

Skipped when tmux is not installed.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

WAIT = 30.0


class Terminal:
    def __init__(self, name: str) -> None:
        self.name = name

    def tmux(self, *args: str) -> str:
        result = subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=10, check=False)
        return result.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)

    def wait_for(self, *texts: str, timeout: float = WAIT) -> str:
        """The screen, once one of ``texts`` shows on it."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if any(text in screen for text in texts):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"none of {texts!r} appeared; the screen was:\n{screen}")


@pytest.fixture
def terminal(tmp_path: Path):  # type: ignore[no-untyped-def]
    name = f"ecarte-smoke-{uuid.uuid4().hex[:8]}"
    env = {
        "ECARTE_DATA_DIR": str(tmp_path / "data"),
        "ECARTE_CONFIG_DIR": str(tmp_path / "config"),
        "TERM": "xterm-256color",
    }
    exports = " ".join(f"{key}={shlex.quote(value)}" for key, value in env.items())
    ecarte = f"{shlex.quote(sys.executable)} -m ecarte play --seed 1 --opponent random"
    command = f"{exports} {ecarte}; echo EXITED $?; sleep 30"
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", name, "-x", "80", "-y", "24", command],
        check=True,
        timeout=10,
        cwd=os.getcwd(),
    )
    try:
        yield Terminal(name)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True, timeout=10, check=False)


def test_play_a_few_moves_in_tmux_and_quit(terminal: Terminal, tmp_path: Path) -> None:
    screen = terminal.wait_for("Table · game 1")
    assert "Computer · Random" in screen
    assert "Score" in screen

    # The exchange: whoever is elder, the human ends it with a key.
    screen = terminal.wait_for("Propose an exchange (e)", "accept (a) or refuse (r)", "Play to", "Your lead")
    if "Propose an exchange (e)" in screen:
        terminal.keys("p")
    elif "accept (a) or refuse (r)" in screen:
        terminal.keys("r")
    screen = terminal.wait_for("Play to", "Your lead")

    # Play a card: try the numbers until one is accepted (the others are
    # refused with the rule's message).
    cards_before = screen.count("┌───┐")
    for key in "12345":
        terminal.keys(key)
        time.sleep(0.5)
        screen = terminal.screen()
        if screen.count("┌───┐") != cards_before or "You play" in screen or "You lead" in screen:
            break
    screen = terminal.wait_for("You play", "You lead", "You win")
    assert "Traceback" not in screen

    # Quit: Esc leaves the match (saved), q quits the title screen.
    terminal.keys("Escape")
    terminal.wait_for("New match", "Continue")
    terminal.keys("q")
    terminal.wait_for("EXITED 0")

    logs = list((tmp_path / "data" / "matches").glob("*.ecarte.jsonl"))
    assert len(logs) == 1
    from ecarte.log import replay_file

    replay = replay_file(logs[0])
    assert replay.error is None
    assert replay.match is not None and len(replay.match.deals) == 1
