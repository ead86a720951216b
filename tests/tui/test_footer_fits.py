"""Every key a screen shows in its footer is read whole at 80 columns, in
every language: none runs off the right edge (the footer takes a second
line when it needs one), and at the card table, whose rows are all taken
at 80x24, the footer stays one line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import GameApp, deck, scripted_session, settle
from rich.cells import cell_len
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from ecarte import i18n
from ecarte.log import replay_file
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.replay_screen import ReplayViewerScreen

SMALLEST = (80, 24)


def footer_lines(screen: Screen[Any]) -> int:
    """How many lines the screen's footer takes, after checking that each
    of its keys is whole on screen, and that it shows every key the screen
    has to show there."""
    footer = screen.query_one(Footer)
    keys = list(footer.query(FooterKey))
    for key in keys:
        region = key.region
        words = f" {key.key_display} {key.description} "
        assert region.width >= cell_len(words) and region.right <= footer.region.right, words
        assert footer.region.y <= region.y < footer.region.bottom <= screen.size.height, words
    to_show = {binding.description for _, binding, _, _ in screen.active_bindings.values() if binding.show}
    assert {key.description for key in keys} == to_show
    return len({key.region.y for key in keys})


async def open_and_check(app: EcarteApp, keys: list[str], size: tuple[int, int] = SMALLEST) -> int:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause(0.1)
        return footer_lines(app.screen)


SCREENS: dict[str, list[str]] = {
    "title": [],
    "settings": ["s"],
    "replay list": ["p"],
    "statistics": ["t"],
    "rules": ["r"],
    "help": ["question_mark"],
    "lesson": ["l"],
}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_every_screens_footer_is_whole_at_80_columns(
    language: str,
    tmp_path: Path,
    known_log: Path,
    write_log: Callable[..., Path],
    known_events: tuple[str, ...],
) -> None:
    settings = Settings(language=language)
    i18n.activate(language)
    # An unfinished match: the title offers Continue (c) too.
    write_log(tmp_path / "data" / "matches" / "unfinished.ecarte.jsonl", known_events[:3])
    for keys in SCREENS.values():
        await open_and_check(EcarteApp(settings), keys)
    replay = replay_file(known_log)
    viewer = EcarteApp(settings, first_screen=lambda: ReplayViewerScreen(known_log, replay))
    await open_and_check(viewer, ["right"] * 8)
    # The title in a wide terminal (in German it ran one column too long).
    await open_and_check(EcarteApp(settings), [], size=(120, 40))


# Human (elder): K♥ A♠ 7♣ 8♦ 9♦, hearts trumps: the exchange, the discard
# (the most keys), the king offered in the tricks, the match over.
DEAL = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_tables_footer_is_one_whole_line_at_80x24(language: str, tmp_path: Path) -> None:
    i18n.activate(language)
    session, _ = scripted_session(tmp_path, [DEAL], ["accept", "discard"], first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=SMALLEST) as pilot:
        screen = app.screen
        await settle(pilot)
        for key in ("", "e", "3", "enter", "p"):
            if key:
                await pilot.press(key)
                await settle(pilot)
            await pilot.pause()
            assert footer_lines(screen) == 1, (key, session.match.phase)
        assert session.match.can_announce()
    session.close()
