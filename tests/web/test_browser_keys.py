"""A browser keeps some keys for itself (Ctrl+W closes the tab, Ctrl+N opens
a window, Ctrl+T a tab, and their Shift forms) and never hands them to the
page: in the browser game nothing may need them. This walks every screen a
player can reach and collects every key that anything on it is bound to.

Textual's text field (the player's name in the settings) binds Ctrl+W to
"delete the word to the left", a shortcut for what Backspace does a letter at
a time; such a shortcut is allowed while its plain key is there too."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot

from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.help_screen import HelpScreen
from ecarte.tui.replay_screen import ReplayListScreen
from ecarte.tui.rules_screen import RulesScreen
from ecarte.tui.settings_screen import SettingsScreen
from ecarte.tui.title_screen import TitleScreen

KEPT_BY_BROWSERS = {
    "ctrl+w",
    "ctrl+n",
    "ctrl+t",
    "ctrl+shift+w",
    "ctrl+shift+n",
    "ctrl+shift+t",
    "ctrl+tab",
    "ctrl+shift+tab",
}

SHORTCUTS_WITH_A_PLAIN_KEY = {"delete_left_word": "backspace"}
"""An action bound to a kept key -> the key that does the same, more slowly."""


def needed_keys(app: App[object]) -> set[str]:
    """Every key bound on the app, the screen and every widget on it, focused
    or not, less the shortcuts whose plain key is bound on the same widget."""
    nodes = [app, *app.screen.walk_children(with_self=True)]
    needed = set()
    for node in nodes:
        bindings = node._bindings.key_to_bindings
        for key, on_key in bindings.items():
            plain_keys = {SHORTCUTS_WITH_A_PLAIN_KEY.get(binding.action) for binding in on_key}
            if not (plain_keys - {None}) & set(bindings):
                needed.add(key)
    return needed


def test_no_screen_needs_a_key_the_browser_keeps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    seen: dict[str, set[str]] = {}

    async def visit(pilot: Pilot[object], key: str, screen_type: type) -> None:
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(pilot.app.screen, screen_type), key
        seen[screen_type.__name__] = needed_keys(pilot.app)

    async def walk() -> None:
        app = EcarteApp(Settings(opponent="random", speed="instant"))
        async with app.run_test(size=(100, 30)) as pilot:
            seen["TitleScreen"] = needed_keys(app)
            for key, screen_type in (
                ("s", SettingsScreen),
                ("r", RulesScreen),
                ("p", ReplayListScreen),
                ("question_mark", HelpScreen),
            ):
                await visit(pilot, key, screen_type)
                await pilot.press("escape")
                await pilot.pause()
                assert isinstance(app.screen, TitleScreen)
            await visit(pilot, "n", GameScreen)
            await visit(pilot, "question_mark", HelpScreen)

    asyncio.run(walk())
    assert set(seen) == {
        "TitleScreen",
        "SettingsScreen",
        "RulesScreen",
        "ReplayListScreen",
        "HelpScreen",
        "GameScreen",
    }
    assert all(seen.values())
    for screen, keys in seen.items():
        assert keys & KEPT_BY_BROWSERS == set(), screen
