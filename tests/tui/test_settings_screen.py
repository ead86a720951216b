"""The settings screen: change values with the keys, save, start the app
again and find them; bad values are refused; a broken file is survived."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import RecordingApp, until
from textual.widgets import Input

from ecarte.engine import Rules
from ecarte.play import paths
from ecarte.play.settings import Settings, load_settings
from ecarte.tui.settings_screen import Choice, SettingsProblems, SettingsScreen
from ecarte.tui.title_screen import TitleScreen

SIZE = (100, 40)


def started() -> RecordingApp:
    """The app as ``ecarte`` starts it: with the settings file's values."""
    settings, warning = load_settings()
    return RecordingApp(settings, settings_warning=warning)


async def focus(pilot: Any, widget_id: str) -> None:
    pilot.app.screen.query_one(f"#{widget_id}").focus()
    await pilot.pause()


async def test_changes_are_saved_and_found_after_a_restart() -> None:
    app = started()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        # The first field, Language, has the focus (found by one who cannot
        # read the screen); Tab goes on to the name: replace "You" with "Klara".
        assert app.focused is app.screen.query_one("#language", Choice)
        await pilot.press("tab", "end", "backspace", "backspace", "backspace", *"Klara")
        await pilot.press("tab", "right")  # opponent: normal -> expert
        await pilot.press("tab", "right", "right")  # speed: normal -> fast -> instant
        await pilot.press("tab", "space")  # cards: symbols -> letters
        await pilot.press("tab", "tab", "end", "backspace", "7")  # past the coach: target 7
        await pilot.press("tab", "right")  # games to win: 2
        await pilot.press("tab", "right")  # ace high: off -> on
        await focus(pilot, "rule-max_exchanges")
        await pilot.press("right", "right")  # no limit -> 1 -> 2
        await focus(pilot, "rule-must_trump")
        await pilot.press("right")  # on -> off
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Settings saved." in app.notes
    expected = Settings(
        rules=Rules(target=7, games_to_win=2, ace_high=True, max_exchanges=2, must_trump=False),
        opponent="expert",
        player_name="Klara",
        speed="instant",
        card_style="letters",
    )
    assert load_settings() == (expected, None)

    again = started()
    async with again.run_test(size=SIZE) as pilot:
        assert again.settings == expected
        await pilot.press("s")
        screen = again.screen
        assert screen.query_one("#player-name", Input).value == "Klara"
        assert screen.query_one("#rule-target", Input).value == "7"
        assert screen.query_one("#rule-ace_high", Choice).value is True
        assert screen.query_one("#opponent", Choice).value == "expert"


async def test_bad_values_are_refused_with_a_message() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await focus(pilot, "rule-target")
        await pilot.press("end", "backspace", "0")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SettingsScreen)
        # The field's label, not the rule's key in the file ('target').
        assert app.notes[-1] == "Points to win a game must be a number from 1 to 99."
        await focus(pilot, "rule-target")
        await pilot.press("backspace", "5")
        await focus(pilot, "player-name")
        await pilot.press("end", "backspace", "backspace", "backspace", "space")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SettingsScreen)
        assert "Your name cannot be empty." in app.notes
        # Not the computer's name: the table could not say who scored.
        await pilot.press(*"computer", "ctrl+s")
        assert isinstance(app.screen, SettingsScreen)
        assert (
            app.notes[-1]
            == "Your name cannot be the computer's (Computer): the table would not say who is who."
        )
        await pilot.press(*["backspace"] * 8)
        # Digits of another script are not taken: the field keeps what it had.
        await pilot.press(*"Klara")
        await focus(pilot, "rule-target")
        await pilot.press("end", "backspace", "٧", "７")
        assert app.screen.query_one("#rule-target", Input).value == ""
        app.screen.query_one("#rule-target", Input).value = "٧"  # pasted past the keys
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SettingsScreen)
        assert app.notes[-1] == "Points to win a game must be a number from 1 to 99."
    assert not paths.settings_path().exists()


async def test_a_folder_where_the_settings_file_should_be_is_named_and_kept() -> None:
    """Ctrl+S says which path is in the way and what it is, in words (not the
    OS error naming a temporary file); the folder and its files stay."""
    path = paths.settings_path()
    path.mkdir(parents=True)
    (path / "notes.txt").write_text("mine\n")
    app = started()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("tab", "end", "backspace", "backspace", "backspace", *"Klara", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)  # still there, with the changes
        note = f"The settings could not be saved: {path} is not a regular file but a directory"
        assert app.notes[-1] == note
    assert (path / "notes.txt").read_text() == "mine\n"
    assert [entry.name for entry in path.parent.iterdir()] == ["settings.toml"]


async def test_escape_warns_of_unsaved_changes_once() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await focus(pilot, "speed")
        await pilot.press("right")
        await pilot.press("escape")
        assert isinstance(app.screen, SettingsScreen)
        assert any("Unsaved changes" in note for note in app.notes)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
        assert app.settings == Settings()
    assert not paths.settings_path().exists()


@pytest.mark.parametrize("over", ["settings", "its help"])
async def test_ctrl_q_warns_of_unsaved_changes_once_then_quits(over: str) -> None:
    """Ctrl+Q left the app at once, the changes lost without a word, where
    Esc warns; from the help opened over the Settings too."""
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await focus(pilot, "speed")
        await pilot.press("right")
        if over == "its help":
            await pilot.press("f1")
            await until(pilot, lambda: not isinstance(app.screen, SettingsScreen))
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code is None and app.is_running
        assert any("Ctrl+Q again quits without saving" in note for note in app.notes), app.notes
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
    assert not paths.settings_path().exists()


async def test_ctrl_q_in_settings_without_changes_quits_at_once() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
    assert not any("Unsaved" in note for note in app.notes)


async def test_the_focused_choice_is_marked_without_colour() -> None:
    """Reversed: NO_COLOR terminals show it (a background shade alone was
    hard to tell from the other rows)."""

    def reversed_label(choice: Choice) -> bool:
        return any("reverse" in str(span.style) for span in choice.render().spans)

    app = RecordingApp(Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        await pilot.pause()
        choices = list(screen.query(Choice))
        focused = [choice for choice in choices if reversed_label(choice)]
        assert focused == [screen.query_one("#language", Choice)] and focused[0].has_focus
        await pilot.press("tab", "tab")  # past the name, onto the opponent
        await pilot.pause()
        focused = [choice for choice in choices if reversed_label(choice)]
        assert len(focused) == 1 and focused[0].has_focus and focused[0].id != "language"


async def test_defaults_button_resets_the_form_but_keeps_the_name() -> None:
    app = RecordingApp(Settings(rules=Rules(target=11, ace_high=True), player_name="Leo", speed="slow"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#defaults").scroll_visible(animate=False)
        await pilot.pause()
        await pilot.click("#defaults")
        assert screen.read_form() == Settings(player_name="Leo")


async def test_a_broken_file_warns_keeps_a_backup_and_uses_defaults() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("player_name = 'Klara'\n[rules\n")
    app = started()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # The toast sums it up; the Settings screen says why, until saved.
        assert any("settings.toml cannot be used" in note and "Settings (s)" in note for note in app.notes)
        assert app.settings == Settings()
        await pilot.press("s")
        [heading, reason, copy] = app.screen.query_one(SettingsProblems).lines()
        assert heading.startswith(f"The settings file {path} cannot be used")
        assert reason.startswith("it is not valid TOML (")
        assert copy.startswith("A copy of the file as it was is kept as ")
        await pilot.press("ctrl+s")
        await pilot.pause()
    # Saving wrote a good file; the player's broken one is still there.
    [backup] = path.parent.glob("settings.toml.bad-*")
    assert backup.read_text() == "player_name = 'Klara'\n[rules\n"
    assert load_settings() == (Settings(), None)


async def test_the_screen_says_when_rules_wait_for_the_next_match(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not app.screen.query_one("#settings-unfinished").display
        await pilot.press("escape")
    write_log(paths.matches_dir() / "unfinished.ecarte.jsonl", known_events[:3], ("You", "Computer"))
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        notice = app.screen.query_one("#settings-unfinished")
        # Found by a worker (logs are replayed off the event loop).
        await until(pilot, lambda: bool(notice.display))
        assert "apply from the next match" in str(notice.content)  # type: ignore[attr-defined]


async def test_choices_cycle_with_the_mouse_too() -> None:
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        choice = app.screen.query_one("#card-style", Choice)
        assert choice.value == "symbols"
        await pilot.click("#card-style")
        assert choice.value == "letters"
        await pilot.click("#card-style")
        assert choice.value == "symbols"


def test_every_rule_variant_has_a_row_with_an_explanation() -> None:
    from ecarte.engine.rules import RULE_NAMES
    from ecarte.tui.settings_screen import RULE_ROWS

    assert [key for key, _, _ in RULE_ROWS] == list(RULE_NAMES)
    assert all(label and explanation.endswith(".") for _, label, explanation in RULE_ROWS)


async def test_the_language_row_says_when_lang_chose_this_runs_language(plain: Callable[..., str]) -> None:
    """The row shows the setting (Français) while --lang made this run speak
    English: its help says so, rather than leave the two to contradict each
    other; with no --lang, nothing is added."""
    from textual.widgets import Static

    for setting, told in (("fr", True), ("auto", False)):
        app = RecordingApp(Settings(language=setting))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("s")
            assert isinstance(app.screen, SettingsScreen)
            text = " ".join(" ".join(plain(widget.content).split()) for widget in app.screen.query(Static))
            note = (
                "This run speaks English, as --lang asked: the setting shown applies from the next "
                "start, or at once if you save another language here."
            )
            assert (note in text) is told, text[:400]


async def test_saving_another_language_under_lang_switches_at_once_as_the_row_says() -> None:
    """--lang made this run speak English while the setting says French
    (the tests start in English, as --lang en would): saving the setting
    unchanged keeps English until the next start; saving another language
    switches the screens to it now, as the row's help says."""
    from ecarte.i18n import current_language

    app = RecordingApp(Settings(language="fr"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and current_language() == "en"
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#language", Choice).value = "de"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert current_language() == "de"
        assert isinstance(app.screen, TitleScreen)
    assert load_settings()[0].language == "de"


async def test_question_mark_opens_the_help_but_is_typed_in_a_text_field(
    plain: Callable[..., str],
) -> None:
    from textual.widgets import Static

    from ecarte.tui.help_screen import HelpScreen

    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        assert app.focused is app.screen.query_one("#language", Choice)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        # The help says what the fields are, and where the variants are explained.
        about = " ".join(plain(app.screen.query_one("#help-about", Static).content).split())
        assert about.startswith("The settings"), about
        assert "the Rules page (F2)" in about and "Coach" in about
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        # In the name field ? is a character of the name.
        await focus(pilot, "player-name")
        await pilot.press("end", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#player-name", Input).value.endswith("?")
        # F1 opens the help from there.
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
