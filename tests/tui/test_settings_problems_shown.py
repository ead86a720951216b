"""A settings file with many bad values: the toast at start sums them up and
fits whole at 80x24 (in every language, and in words half as long again);
the Settings screen lists every one of them, with its setting, its bad value
and what is used instead, until a save leaves none; the file itself is left
as it is until the player saves."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest
from game_support import RecordingApp, until
from textual.widgets._toast import Toast

from ecarte import i18n
from ecarte.i18n import LANGUAGES
from ecarte.play import paths
from ecarte.play.settings import Settings, SettingsWarning, load_settings
from ecarte.tui.settings_screen import SettingsProblems, SettingsScreen
from ecarte.tui.title_screen import TitleScreen

SMALLEST = (80, 24)

BROKEN = """\
# my settings
opponent = "grandmaster"
player_name = 5
speed = "ludicrous"
theme = "nope"
card_style = "x"
coach = "sometimes"
language = "klingon"

[rules]
target = 500
ace_high = "maybe"
deal_packets = [5]
"""
"""Every setting the app knows wrong, and some of the rules."""

PROBLEMS = (
    ("opponent must be one of", '"grandmaster"', 'using the default, "normal"'),
    ("player_name must be a non-empty text", "not 5", 'using the default, "You"'),
    ("speed must be one of", '"ludicrous"', 'using the default, "normal"'),
    ("card_style must be one of", '"x"', 'using the default, "symbols"'),
    ("coach must be one of", '"sometimes"', 'using the default, "request"'),
    ("theme must be one of", '"nope"', 'using the default, "ecarte"'),
    ("language must be one of", '"klingon"', 'using the default, "auto"'),
    ("rule 'target' must be an integer from 1 to 99", "500", "using the default, 5"),
    ("rule 'ace_high' must be true or false", '"maybe"', "using the default, false"),
    ("rule 'deal_packets' must be", "[5]", "using the default, [3, 2]"),
)
"""What the Settings screen says of each: the setting, the bad value, what is
used, each value as the file writes it (TOML's "normal", not Python's 'normal')."""


def write(text: str) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def started() -> RecordingApp:
    """The app as ``ecarte`` starts it: with the settings file's values and warning."""
    settings, warning = load_settings()
    return RecordingApp(settings, settings_warning=warning)


async def the_toast(pilot: Any) -> Toast:
    app = pilot.app
    await until(pilot, lambda: bool(app.screen.query(Toast)))
    await pilot.pause()
    [toast] = app.screen.query(Toast)
    return toast


def assert_whole(toast: Toast, size: tuple[int, int]) -> None:
    """The toast drawn from its first row to its last within the screen."""
    region = toast.region
    assert region.y >= 0 and region.bottom <= size[1], f"{region} at {size}: {toast.render().plain!r}"
    # Every line of its text drawn: the title and the message, wrapped at its width.
    lines = toast.get_content_height(toast.content_region, toast.content_region, toast.content_region.width)
    assert toast.content_region.height == lines


class Longer:
    """A language whose every word is half as long again ("problems" ->
    "problemspro"), placeholders and one-letter keys kept: what a
    translation's longer words do to a short text."""

    WORD = re.compile(r"(?<!\{)\b([^\W\d_]{2,})\b(?!\})")

    def lengthen(self, text: str) -> str:
        return self.WORD.sub(lambda found: found.group() + found.group()[: len(found.group()) // 2], text)

    def gettext(self, message: str) -> str:
        return self.lengthen(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.lengthen(singular if count == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return self.lengthen(message)

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return self.ngettext(singular, plural, count)


async def test_the_toast_fits_whole_at_80x24_and_says_what_is_wrong() -> None:
    write(BROKEN)
    app = started()
    async with app.run_test(size=SMALLEST, notifications=True) as pilot:
        toast = await the_toast(pilot)
        assert_whole(toast, SMALLEST)
        said = " ".join(toast.render().plain.split())
        # The file (its end: the test's folder is long), how many problems,
        # which settings, the defaults used, and where they are listed.
        assert "settings.toml has 10 problems" in said, said
        assert "(opponent, player_name, speed, card_style, …)" in said
        assert "the defaults are used instead" in said
        assert said.endswith("Settings (s) lists the problems.")
        # Not the list itself: that is the Settings screen's.
        assert "must be one of" not in said


@pytest.mark.parametrize("language", [*LANGUAGES, "longer"])
async def test_the_toast_fits_whole_at_80x24_in_every_language(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worst case: every setting wrong, a long path, long unknown keys."""
    unknown = "".join(f"{'a_setting_the_app_does_not_know_' * 2}{number} = 1\n" for number in range(30))
    write(unknown + BROKEN.replace("[rules]", "[rules]\nno_such_rule_at_all_anywhere = 1"))
    app = started()
    if language == "longer":
        monkeypatch.setattr(i18n, "_translations", Longer())
    else:
        i18n.activate(language)
    async with app.run_test(size=SMALLEST, notifications=True) as pilot:
        assert_whole(await the_toast(pilot), SMALLEST)


async def test_the_toast_of_a_file_that_is_not_toml_fits_too() -> None:
    write("player_name = 'Klara'\n[rules\n" + "x" * 5000)
    app = started()
    async with app.run_test(size=SMALLEST, notifications=True) as pilot:
        toast = await the_toast(pilot)
        assert_whole(toast, SMALLEST)
        assert "cannot be used; the default settings are used" in " ".join(toast.render().plain.split())


async def test_the_settings_screen_lists_every_problem_until_saved() -> None:
    write(BROKEN)
    app = started()
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        box = screen.query_one(SettingsProblems)
        await pilot.pause()
        # At the top of the screen, its heading in view.
        assert box.region.y <= 1 and box.region.height > 2
        heading, *problems, copy = [" ".join(line.split()) for line in box.lines()]
        assert heading.startswith(f"The settings file {paths.settings_path()} has these problems")
        assert "the defaults are used for its bad values" in heading
        assert len(problems) == len(PROBLEMS)
        for line, (setting, value, used) in zip(problems, PROBLEMS, strict=True):
            assert setting in line and value in line and line.endswith(used), line
        [backup] = paths.settings_path().parent.glob("settings.toml.bad-*")
        assert copy == f"A copy of the file as it was is kept as {backup}."
        # The form keeps the focus on its first field, in view below the list.
        assert app.focused is screen.query_one("#language")
        assert app.focused.region.bottom <= SMALLEST[1]
        # Leaving without saving leaves the file as it was.
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
        assert paths.settings_path().read_text(encoding="utf-8") == BROKEN
        await pilot.press("s")
        assert app.screen.query(SettingsProblems)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.settings_warning is None
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert not app.screen.query(SettingsProblems)
    # The save wrote a good file, keeping the player's comment.
    text = paths.settings_path().read_text(encoding="utf-8")
    assert text.startswith("# my settings\n")
    assert load_settings() == (Settings(), None)


async def test_after_a_save_what_saving_keeps_stays_listed() -> None:
    """A key the app does not know is kept by a save (as the player's
    comments are): it is still listed, alone, and the copy still named."""
    write('colour = "red"\nspeed = "ludicrous"\n')
    app = started()
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.press("s", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("s")
        await pilot.pause()
        heading, *problems, copy = app.screen.query_one(SettingsProblems).lines()
        assert heading.startswith("The settings file ")
        assert problems == ["unknown settings ignored: colour"]
        assert copy.startswith("A copy of the file as it was is kept as ")
    [backup] = paths.settings_path().parent.glob("settings.toml.bad-*")
    assert backup.read_text(encoding="utf-8") == 'colour = "red"\nspeed = "ludicrous"\n'


async def test_a_match_at_start_says_where_settings_are() -> None:
    """``ecarte play``: no s key on the table; the toast says where Settings is."""
    from ecarte.play.session import MatchSession
    from ecarte.tui.game_screen import GameScreen

    write(BROKEN)
    settings, warning = load_settings()
    session = MatchSession.new(settings, opponent="random", seed=1)
    app = RecordingApp(settings, settings_warning=warning, first_screen=lambda: GameScreen(session, settings))
    async with app.run_test(size=SMALLEST, notifications=True) as pilot:
        toast = await the_toast(pilot)
        assert_whole(toast, SMALLEST)
        assert " ".join(toast.render().plain.split()).endswith(
            "Settings, on the title screen, lists the problems."
        )


def test_the_problems_are_said_in_the_language_chosen_after_the_file_was_read() -> None:
    """The file is read before the language is chosen (the setting is in
    it): the parts of the warning are put into words when shown."""
    write(BROKEN)
    __, warning = load_settings()
    assert isinstance(warning, SettingsWarning)
    assert "must be one of" in warning
    i18n.activate("fr")
    assert "doit être" in warning.problems()[0].message


async def test_an_unknown_setting_alone_makes_no_copy_at_each_start() -> None:
    """A key the app does not know is kept by a save, so nothing of the file
    can be lost for it: no copy is made (a tester found a new
    settings.toml.bad-<time> after every start), and the list says no word
    about a copy; the key is still named, as ignored."""
    write('colour = "red"\n[rules]\nbogus_key = 3\n')
    for __ in range(3):
        settings, warning = load_settings()
        assert warning is not None and settings == Settings()
    assert not list(paths.settings_path().parent.glob("settings.toml.bad-*"))
    app = started()
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.press("s")
        await pilot.pause()
        __, *problems = app.screen.query_one(SettingsProblems).lines()
        assert len(problems) == 2, problems
        assert problems[0].startswith("unknown rule 'bogus_key'")
        assert problems[1] == "unknown settings ignored: colour"
        assert not any("copy" in line for line in problems)
    assert paths.settings_path().read_text(encoding="utf-8") == 'colour = "red"\n[rules]\nbogus_key = 3\n'


async def test_the_toast_goes_when_the_player_starts_a_match_and_does_not_cover_the_hand() -> None:
    """Its 15 s would cover the hand and the prompt at 80x24 (and it names a
    key, s, that the table has not got); the Settings screen still lists the
    problems."""
    write(BROKEN)
    app = started()
    async with app.run_test(size=SMALLEST, notifications=True) as pilot:
        await the_toast(pilot)
        await pilot.press("n")
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen")
        await pilot.pause()
        assert not app.screen.query(Toast)
        await until(pilot, lambda: app.screen.query_one("#hand").region.height > 0)
        await pilot.pause()
        assert not app.screen.query(Toast), "a toast came back over the table"


async def test_started_straight_into_the_lesson_the_toast_goes_at_the_players_first_key() -> None:
    """``ecarte learn`` (or ``ecarte play``) with a broken file: no title
    screen to pass, so the toast is shown over the table, and kept no longer
    than the player needs to read it (not its 15 s over the hand)."""
    from ecarte.tui.lesson_screen import LessonScreen

    write(BROKEN)
    settings, warning = load_settings()
    app = RecordingApp(settings, settings_warning=warning, first_screen=LessonScreen)
    async with app.run_test(size=SMALLEST, notifications=True) as pilot:
        toast = await the_toast(pilot)
        assert isinstance(app.screen, LessonScreen)
        assert "Settings, on the title screen, lists the problems." in toast.render().plain.replace("\n", " ")
        await pilot.pause(0.3)
        assert app.screen.query(Toast), "the toast went before the player did anything"
        await pilot.press("space")
        await pilot.pause()
        assert not app.screen.query(Toast)


async def test_a_save_in_this_window_keeps_the_name_another_window_saved() -> None:
    """Two windows on one settings file: what the other saved while this
    one's form was open survives this one's save, and this window uses it
    after."""
    from ecarte.play.settings import save_settings

    app = started()
    async with app.run_test(size=SMALLEST) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        save_settings(replace(app.settings, player_name="Bee"), since=app.settings)  # the other window
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.settings.player_name == "Bee"
    assert load_settings()[0].player_name == "Bee"


async def test_a_file_broken_by_an_editor_while_the_app_runs_is_copied_and_the_save_says_so() -> None:
    write('player_name = "Zed"\n')
    app = started()
    broken = 'player_name = "Zed"\n# my notes\nthis is = = broken [[[\n'
    async with app.run_test(size=SMALLEST) as pilot:
        write(broken)
        await pilot.press("s", "ctrl+s")
        await pilot.pause()
        [backup] = paths.settings_path().parent.glob("settings.toml.bad-*")
        assert backup.read_text(encoding="utf-8") == broken
        [note] = [note for note in app.notes if "changed elsewhere" in note]
        assert str(backup) in note and str(paths.settings_path()) in note
    assert load_settings() == (app.settings, None)
    assert app.settings.player_name == "Zed"


async def test_the_settings_form_shows_what_another_window_saved() -> None:
    """Opened after another window saved a new name, the form shows that
    name, not the one this window read at start."""
    from textual.widgets import Input

    from ecarte.play.settings import save_settings

    app = started()
    async with app.run_test(size=SMALLEST) as pilot:
        save_settings(replace(app.settings, player_name="Bee", speed="fast"), since=app.settings)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#player-name", Input).value == "Bee"
        assert app.settings.speed == "fast"


async def test_the_settings_form_shows_what_another_window_saved_beside_an_unknown_key() -> None:
    """A key the app does not know (a newer version's) is kept by every
    save: with one in the file, the form opened on the name this window
    read at start, not the one another window had saved since."""
    from textual.widgets import Input

    from ecarte.play.settings import save_settings

    write('player_name = "Klara"\nfoo = 1\n')
    app = started()
    async with app.run_test(size=SMALLEST) as pilot:
        assert app.settings.player_name == "Klara"
        save_settings(replace(app.settings, player_name="Bert"), since=app.settings)
        assert "foo = 1" in paths.settings_path().read_text(encoding="utf-8")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#player-name", Input).value == "Bert"
