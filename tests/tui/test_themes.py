"""The colour theme: a setting kept in the settings file, chosen on the
settings screen or in the command palette, and found again at the next
start; a theme the file names wrongly is reported and replaced by the
usual one."""

from __future__ import annotations

from typing import Any

from game_support import RecordingApp, until
from textual.command import CommandList, CommandPalette

from ecarte.play import paths
from ecarte.play.settings import (
    DEFAULT_THEME,
    HIGH_CONTRAST_THEME,
    THEMES,
    Settings,
    load_settings,
    save_settings,
)
from ecarte.tui.app import EcarteApp
from ecarte.tui.settings_screen import Choice, SettingsScreen
from ecarte.tui.title_screen import TitleScreen

SIZE = (100, 40)


def first_hit(app: EcarteApp) -> str | None:
    """The first command the open palette offers, as it reads."""
    if not isinstance(app.screen, CommandPalette):
        return None
    hits = app.screen.query_one(CommandList)
    if hits.option_count == 0:
        return None
    return str(hits.get_option_at_index(0).prompt).splitlines()[0]


def started() -> RecordingApp:
    """The app as ``ecarte`` starts it: with the settings file's values."""
    settings, warning = load_settings()
    return RecordingApp(settings, settings_warning=warning)


def test_the_theme_round_trips_through_the_file() -> None:
    save_settings(Settings(theme=HIGH_CONTRAST_THEME, player_name="Klara"))
    assert load_settings() == (Settings(theme=HIGH_CONTRAST_THEME, player_name="Klara"), None)


def test_an_unknown_theme_is_named_in_the_warning_and_the_usual_one_is_used() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('player_name = "Klara"\ntheme = "neon"\n', encoding="utf-8")
    settings, warning = load_settings()
    assert settings.theme == DEFAULT_THEME
    assert settings.player_name == "Klara"  # the other values are kept
    assert warning is not None
    assert "theme must be one of" in warning and '"neon"' in warning and str(path) in warning
    assert HIGH_CONTRAST_THEME in warning


def test_saving_a_theme_keeps_the_players_comments_and_unknown_keys() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('# my settings\nplayer_name = "Klara"\nfavourite = 3\n', encoding="utf-8")
    settings, _ = load_settings()
    save_settings(Settings(player_name=settings.player_name, theme="nord", coach="always"))
    text = path.read_text(encoding="utf-8")
    assert "# my settings" in text and "favourite = 3" in text
    assert load_settings()[0].theme == "nord"
    assert load_settings()[0].coach == "always"


async def test_every_theme_the_app_offers_can_be_saved() -> None:
    app = EcarteApp()
    async with app.run_test(size=SIZE):
        assert set(app.available_themes) == set(THEMES)
        assert app.theme == DEFAULT_THEME


async def test_a_theme_chosen_in_settings_is_shown_and_found_after_a_restart() -> None:
    app = started()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        theme = app.screen.query_one("#theme", Choice)
        theme.focus()
        await pilot.pause()
        await pilot.press("right")
        assert theme.value == HIGH_CONTRAST_THEME
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.theme == HIGH_CONTRAST_THEME
        assert app.theme_variables["background"] == "#000000"
    again = started()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == HIGH_CONTRAST_THEME
        await pilot.press("s")
        assert again.screen.query_one("#theme", Choice).value == HIGH_CONTRAST_THEME


async def test_a_theme_chosen_in_the_command_palette_is_saved() -> None:
    app = started()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Ctrl+P, the command "Theme" (Change the current theme), then "nord".
        await pilot.press("ctrl+p")
        await pilot.press(*"theme")
        await until(pilot, lambda: first_hit(app) == "Theme")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette) and first_hit(app) is not None)
        await pilot.press(*"nord")
        await until(pilot, lambda: first_hit(app) == "nord")
        await pilot.press("enter")
        await until(pilot, lambda: app.theme == "nord")
    assert load_settings()[0].theme == "nord"
    again = started()
    async with again.run_test(size=SIZE):
        assert again.theme == "nord"


async def test_a_theme_that_cannot_be_saved_is_told_and_still_shown(tmp_path: Any) -> None:
    # The settings path is a folder: nothing can be written there.
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / "settings.toml").mkdir()
    app = RecordingApp(settings_path=blocked / "settings.toml")
    async with app.run_test(size=SIZE) as pilot:
        app.theme = HIGH_CONTRAST_THEME
        await until(pilot, lambda: any("could not be saved" in note for note in app.notes))
        assert app.theme == HIGH_CONTRAST_THEME


async def test_a_theme_chosen_while_the_settings_file_has_bad_values_leaves_the_file_as_it_is() -> None:
    """A play-tester broke the file by hand, was told it is left as it is
    until they save, then chose a theme in the command palette: the file was
    rewritten with the defaults in place of their values, without a word."""
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    broken = 'player_name = 42\ntarget = "seven"\ncolour = "blue"\n'
    path.write_text(broken, encoding="utf-8")
    app = started()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.theme = "nord"
        await until(pilot, lambda: any("used but not saved" in note for note in app.notes))
        assert app.theme == "nord"
    assert path.read_text(encoding="utf-8") == broken


async def test_a_theme_chosen_while_the_file_only_has_unknown_keys_is_saved_and_keeps_them() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('colour = "blue"\n', encoding="utf-8")
    app = started()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.theme = "nord"
        await until(pilot, lambda: load_settings()[0].theme == "nord")
    assert 'colour = "blue"' in path.read_text(encoding="utf-8")
