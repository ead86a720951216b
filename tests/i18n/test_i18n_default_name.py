"""The default player name ("You", kept so in the settings file) is shown
in the player's language in the Settings, and saved unchanged as the
default; a name the player typed is never translated."""

from __future__ import annotations

from game_support import RecordingApp, until
from textual.widgets import Input

from ecarte import i18n
from ecarte.play.settings import Settings, load_settings, save_settings
from ecarte.tui.settings_screen import SettingsScreen
from ecarte.tui.title_screen import TitleScreen

SIZE = (100, 40)


async def name_field_then_save(settings: Settings) -> str:
    """The name field as the Settings show it; then Save, the form untouched."""
    app = RecordingApp(settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        shown = app.screen.query_one("#player-name", Input).value
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
    return shown


async def test_the_default_name_is_shown_in_french_and_stays_the_default() -> None:
    i18n.activate("fr")
    vous = i18n._("You")
    assert vous != "You"
    save_settings(Settings())
    assert await name_field_then_save(load_settings()[0]) == vous
    # Saved as the default, so it follows the language (and "You propose" stays second person).
    assert load_settings()[0].player_name == "You"


async def test_a_typed_name_that_is_the_word_for_you_is_kept_as_typed() -> None:
    i18n.activate("fr")
    vous = i18n._("You")
    save_settings(Settings(player_name=vous))
    assert await name_field_then_save(load_settings()[0]) == vous
    assert load_settings()[0].player_name == vous


async def test_the_default_name_typed_over_is_the_new_name() -> None:
    i18n.activate("de")
    app = RecordingApp(Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        field = app.screen.query_one("#player-name", Input)
        assert field.value == i18n._("You")
        field.value = "Klara"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
    assert load_settings()[0].player_name == "Klara"
