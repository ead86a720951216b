"""Screens keep their looks whatever screen was shown before: a screen's CSS
applies app-wide in Textual, so the game's styles must not leak onto widgets
of the same id elsewhere (the settings screen has an ``#opponent`` too)."""

from __future__ import annotations

from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.settings_screen import Choice, SettingsScreen


async def test_the_opponent_choice_looks_the_same_after_a_match_was_shown() -> None:
    app = EcarteApp(Settings(opponent="easy", speed="instant"))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        before = app.screen.query_one("#opponent", Choice)
        height_before = before.outer_size.height
        await pilot.press("escape")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        after = app.screen.query_one("#opponent", Choice)
        assert after.outer_size.height == height_before == 1
        assert after.styles.border_top[0] in ("", "none")
