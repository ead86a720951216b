"""The command palette (Ctrl+P) in the player's language: Textual's own
commands (Theme, Quit, Keys...) and its prompt were English in a French or
Dutch app, and the Settings sent the player to type the English "Theme".
A throwaway catalog: what is checked is that the words come from it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from catalog_support import write_catalog
from game_support import until
from textual.command import CommandInput, CommandList, CommandPalette

from ecarte import i18n
from ecarte.play.settings import Settings
from ecarte.tui.app import TEXTUAL_COMMAND_WORDS, EcarteApp
from ecarte.tui.settings_screen import THEME_HELP

FRENCH = {
    "Theme": "Thème",
    "Change the current theme": "Changer le thème",
    "Quit": "Quitter",
    "Search for commands…": "Chercher une commande…",
    "No matches found": "Aucun résultat",
    THEME_HELP: "Les couleurs; Ctrl+P puis {theme} les change aussi.",
}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.activate("en")


async def test_every_command_of_textual_the_palette_shows_is_one_we_translate() -> None:
    """A command Textual adds in a later version would show in English: the
    words we translate are those this Textual gives on the title screen."""
    app = EcarteApp(Settings())
    async with app.run_test(size=(100, 30)):
        given = {
            word
            for command in super(EcarteApp, app).get_system_commands(app.screen)
            for word in (command.title, command.help)
        }
    assert given, "Textual offers no command"
    assert given <= TEXTUAL_COMMAND_WORDS, given - TEXTUAL_COMMAND_WORDS


async def test_the_palette_and_its_theme_command_speak_french(tmp_path: Path) -> None:
    i18n.activate("fr", write_catalog(tmp_path, "fr", dict(FRENCH)))
    app = EcarteApp(Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Thème", "Quitter"} <= titles and not {"Theme", "Quit"} & titles, titles
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        assert app.screen.query_one(CommandInput).placeholder == "Chercher une commande…"
        await pilot.press(*"thè")

        def first_hit() -> str | None:
            hits = app.screen.query_one(CommandList)
            return str(hits.get_option_at_index(0).prompt).splitlines()[0] if hits.option_count else None

        await until(pilot, lambda: first_hit() == "Thème")
    # The Settings name the command by the word the palette shows.
    assert (
        i18n._(THEME_HELP).format(theme=i18n._("Theme"))
        == "Les couleurs; Ctrl+P puis Thème les change aussi."
    )


async def test_a_search_that_finds_nothing_says_so_in_french(tmp_path: Path) -> None:
    """Textual wrote "No matches found" in English in every language."""
    i18n.activate("fr", write_catalog(tmp_path, "fr", dict(FRENCH)))
    app = EcarteApp(Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"xqzw")

        def lines() -> list[str]:
            hits = app.screen.query_one(CommandList)
            return [str(hits.get_option_at_index(i).prompt) for i in range(hits.option_count)]

        await until(pilot, lambda: any("Aucun résultat" in line for line in lines()))
        assert not any("No matches found" in line for line in lines())
