"""Every value of every choice row of the Settings is shown whole, between
both its arrows, at 80 columns in every language: a German tester saw
"◀ leicht: ein sanfter Gegner zum Lernen" without its ▶ (the value was
wider than its field), and could not tell that → had more to offer."""

from __future__ import annotations

import pytest
from game_support import RecordingApp, until
from rich.cells import cell_len

from ecarte import i18n
from ecarte.play.settings import Settings
from ecarte.tui.settings_screen import Choice, SettingsScreen


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_choice_shows_its_whole_value_and_both_arrows(
    language: str, size: tuple[int, int]
) -> None:
    assert i18n.activate(language) == language
    app = RecordingApp(Settings(opponent="random"))
    async with app.run_test(size=size) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        choices = list(app.screen.query(Choice))
        assert len(choices) >= 10  # every row with values to turn through
        cut = []
        for choice in choices:
            for index, (label, _value) in enumerate(choice.options):
                choice.index = index
                await pilot.pause()
                shown = choice.render_line(0).text.rstrip()
                expected = f"◀ {label.plain} ▶"
                if shown != expected:
                    cut.append(f"{choice.id}: {shown!r} ({cell_len(expected)} cells)")
        assert not cut, f"{language}: " + "; ".join(cut)


async def test_a_value_too_long_for_the_row_is_cut_before_its_arrow() -> None:
    # A bot given on the command line as the opponent is one of its values.
    command = "cmd:python3 /home/klara/bots/my-very-own-ecarte-bot.py --depth 9 --verbose"
    app = RecordingApp(Settings(opponent=command))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        choice = app.screen.query_one("#opponent", Choice)
        assert choice.value == command
        shown = choice.render_line(0).text.rstrip()
        assert shown.startswith("◀ cmd:python3 /home/klara/bots/") and shown.endswith("… ▶")
        assert choice.region.right <= app.screen.query_one("#settings-form").content_region.right


@pytest.mark.parametrize(("language", "mark"), [("en", "."), ("fr", ","), ("nl", ",")])
async def test_the_seconds_of_each_speed_are_written_with_the_languages_decimal_mark(
    language: str, mark: str
) -> None:
    """ "0.6 s" reads as a foreign figure in French, which writes "0,6 s"."""
    assert i18n.activate(language) == language
    app = RecordingApp(Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        labels = [
            label.plain
            for label, value in app.screen.query_one("#speed", Choice).options
            if value != "instant"
        ]
        # slow, normal, fast: 1.2, 0.6 and 0.25 seconds a move.
        assert [label.count(f"0{mark}") + label.count(f"1{mark}2") for label in labels] == [1, 1, 1], labels
        assert not any(("." if mark == "," else ",") in label for label in labels), labels
