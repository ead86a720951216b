"""The title screen: its menu, its keys, Continue when a match is unfinished,
the warning of a broken settings file, and the too-small terminal."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from game_support import RecordingApp, until
from textual.widgets import OptionList, Static
from textual.widgets._toast import Toast

from ecarte.play import paths
from ecarte.play.settings import Settings
from ecarte.safefile import Skipped
from ecarte.tui.app import EcarteApp, TooSmallScreen
from ecarte.tui.help_screen import HelpScreen
from ecarte.tui.replay_screen import ReplayListScreen
from ecarte.tui.rules_screen import RulesScreen
from ecarte.tui.settings_screen import SettingsScreen
from ecarte.tui.stats_screen import StatsScreen
from ecarte.tui.title_screen import TitleScreen

SIZE = (100, 30)


def too_small_text(app: EcarteApp) -> str:
    if not isinstance(app.screen, TooSmallScreen):
        return ""
    return str(app.screen.query_one("#too-small-message", Static).content)


def menu_entries(app: EcarteApp) -> list[str]:
    menu = app.screen.query_one("#title-menu", OptionList)
    # The first line of each: Continue has the match's rules below it.
    return [str(menu.get_option_at_index(index).prompt).split("\n")[0] for index in range(menu.option_count)]


def menu_ids(app: EcarteApp) -> list[str | None]:
    menu = app.screen.query_one("#title-menu", OptionList)
    return [menu.get_option_at_index(index).id for index in range(menu.option_count)]


async def test_menu_without_an_unfinished_match() -> None:
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, TitleScreen)
        assert menu_entries(app) == [
            "New match",
            "Learn to play",
            "Replay",
            "Statistics",
            "Settings",
            "Rules",
            "Quit",
        ]


async def test_each_key_opens_its_screen_and_escape_comes_back() -> None:
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        for key, screen_type in (
            ("s", SettingsScreen),
            ("r", RulesScreen),
            ("p", ReplayListScreen),
            ("t", StatsScreen),
            ("question_mark", HelpScreen),
            ("f1", HelpScreen),
        ):
            await pilot.press(key)
            assert isinstance(app.screen, screen_type), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen), key


async def test_arrows_and_enter_choose_from_the_menu() -> None:
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        # New match, Learn to play, Replay, Statistics, Settings
        await pilot.press("down", "down", "down", "down", "enter")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.press("down", "enter")  # the highlight stayed on Settings
        assert isinstance(app.screen, RulesScreen)


async def test_new_match_opens_the_game_and_menu_returns() -> None:
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
        # The match is autosaved from its first line.
        assert list(paths.matches_dir().glob("*.ecarte.jsonl"))


async def test_continue_appears_and_resumes_the_unfinished_match(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    saved = write_log(
        paths.matches_dir() / "20261128-201500.ecarte.jsonl", known_events[:4], ("You", "Computer")
    )
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        # Looked for in a worker: Continue appears once the logs are read.
        await until(pilot, lambda: "Continue" in menu_entries(app))
        assert menu_entries(app) == [
            "New match",
            "Continue",
            "Learn to play",
            "Replay",
            "Statistics",
            "Settings",
            "Rules",
            "Quit",
        ]
        # The cursor is on Continue: Enter takes the match up, as `c` does.
        menu = app.screen.query_one("#title-menu", OptionList)
        assert menu.highlighted_option is not None and menu.highlighted_option.id == "continue"
        await pilot.press("c")
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen")
        screen = app.screen
        assert type(screen).__name__ == "GameScreen"
        session = screen.session  # type: ignore[attr-defined]
        assert session.log_path == saved
        # At the exact decision: Computer (seat 1, elder) has discarded; the
        # dealer (seat 0, the player) discards next.
        assert session.match.phase == "discard" and session.match.current_player == 0


def continue_key_enabled(app: EcarteApp) -> bool:
    """Whether the title's ``c`` key (Continue) is allowed now: Textual
    leaves a key out of the active ones while ``check_action`` refuses it."""
    active = app.screen.active_bindings.get("c")
    return active is not None and active.binding.action == "continue_match"


async def test_the_cursor_stays_where_the_player_put_it_when_the_menu_is_redrawn(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    write_log(paths.matches_dir() / "20261128-201500.ecarte.jsonl", known_events[:4], ("You", "Computer"))
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Continue" in menu_entries(app))
        screen = app.screen
        assert isinstance(screen, TitleScreen)
        menu = screen.query_one("#title-menu", OptionList)
        await pilot.press("up")  # to New match
        assert menu.highlighted_option is not None and menu.highlighted_option.id == "new"
        screen.refresh_menu()  # as when the settings or the language change
        assert menu.highlighted_option is not None and menu.highlighted_option.id == "new"


async def test_continue_key_does_nothing_without_an_unfinished_match(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        # Refused while there is nothing to continue.
        assert not continue_key_enabled(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    # The same key with an unfinished match: allowed, and it opens the game.
    write_log(paths.matches_dir() / "20261128-201500.ecarte.jsonl", known_events[:4], ("You", "Computer"))
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: continue_key_enabled(app))
        await pilot.press("c")
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen")


async def test_a_settings_warning_is_shown_at_start() -> None:
    # The warning quotes the file: brackets in it are text, not markup.
    warning = "The settings file x has a problem: it is not valid TOML ([/rules] at line 2)"
    app = RecordingApp(settings_warning=warning)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: len(app.screen.query(Toast)) == 1)
        assert warning in app.notes
        [toast] = app.screen.query(Toast)
        assert warning in toast.render().plain


async def test_quit_from_the_menu() -> None:
    app = EcarteApp()
    async with app.run_test(size=SIZE) as pilot:
        assert app.return_code is None
        await pilot.press("q")
        await pilot.pause()
        # Asked to exit by the key itself, not by the end of the test.
        assert app.return_code == 0


async def test_too_small_terminal_says_so_and_recovers() -> None:
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        message = str(app.screen.query_one("#too-small-message", Static).content)
        assert "terminal too small (need 80x24, have 70x20)" in message.lower()
        await pilot.press("n")  # the title's keys are covered
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(79, 30)
        await until(pilot, lambda: "have 79x30" in too_small_text(app))
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.resize_terminal(100, 23)
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))


@pytest.mark.parametrize("key", ["", "l", "r", "t", "s", "f2", "question_mark", "n"])
async def test_a_terminal_shrunk_to_a_few_cells_never_crashes_a_screen(key: str) -> None:
    """A browser tab at ?fontsize=500, or a tmux window dragged to 3x2, gave
    the title screen a few columns: its menu's options wrapped to no width
    and the app ended with a ValueError. The notice covers every screen at
    any size, and the screen below is whole again once the room is back."""
    app = EcarteApp(Settings(opponent="random", speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if key:
            await pilot.press(key)
            await pilot.pause()
        below = type(app.screen)
        for width, height in [(3, 2), (1, 1), (9, 4)]:
            await pilot.resize_terminal(width, height)
            await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
            for _ in range(3):
                await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: not isinstance(app.screen, TooSmallScreen))
        assert type(app.screen) is below and app.is_running


async def test_names_in_the_summary_are_literal() -> None:
    app = EcarteApp(Settings(player_name="[b]x[/b]\x1b[2J"))
    async with app.run_test(size=SIZE):
        summary = str(app.screen.query_one("#title-summary", Static).content)
        assert summary.startswith("[b]x[/b]\\x1b[2J against Computer")


async def test_the_summary_names_the_variants_a_new_match_is_played_under() -> None:
    from ecarte.engine import Rules

    app = EcarteApp(Settings(rules=Rules(ace_high=True, must_trump=False)))
    async with app.run_test(size=SIZE):
        summary = " ".join(str(app.screen.query_one("#title-summary", Static).content).split())
        assert "game to 5 points · ace high · must trump: off" in summary
    usual = EcarteApp(Settings())
    async with usual.run_test(size=SIZE):
        summary = " ".join(str(usual.screen.query_one("#title-summary", Static).content).split())
        assert "Normal · game to 5 points New to" in summary  # nothing said of rules as usual


@pytest.mark.parametrize(
    ("language", "target", "games", "expected"),
    [
        ("en", 1, 1, "game to 1 point"),
        ("en", 1, 3, "game to 1 point, first to 3 games"),
        ("en", 7, 2, "game to 7 points, first to 2 games"),
        ("fr", 1, 1, "partie en 1 point"),
        ("de", 1, 1, "Partie auf 1 Punkt"),
        ("de", 3, 1, "Partie auf 3 Punkte"),
    ],
)
async def test_the_summary_counts_the_points_in_the_singular_and_the_plural(
    language: str, target: int, games: int, expected: str
) -> None:
    from ecarte import i18n
    from ecarte.engine import Rules

    assert i18n.activate(language) == language
    app = EcarteApp(Settings(rules=Rules(target=target, games_to_win=games)))
    async with app.run_test(size=SIZE):
        summary = " ".join(str(app.screen.query_one("#title-summary", Static).content).split())
        assert f"· {expected}" in summary, summary
        assert f"· {expected}s" not in summary and f"· {expected}e" not in summary


async def test_the_summary_breaks_its_lines_between_whole_rules() -> None:
    """As under Continue: no rule split over two lines ("must / trump:
    off"), no line starting with its "·"."""
    from ecarte.engine import Rules
    from ecarte.play.names import rules_in_words

    rules = Rules(
        ace_high=True, deal_packets=(2, 3), dealer_must_exchange=True, max_exchanges=1, must_trump=False
    )
    app = EcarteApp(Settings(rules=rules))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        content = app.screen.query_one("#title-summary", Static).content
        lines = str(content).split("\n")
        assert len(lines) >= 2  # it does wrap at 80 columns
        for part in rules_in_words(rules, capital=False).split(" · "):
            assert any(part in line for line in lines), (part, lines)
        assert not any(line.lstrip().startswith("·") for line in lines), lines


async def test_a_screen_opened_while_too_small_stays_covered_until_the_terminal_grows() -> None:
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        app.push_screen(HelpScreen(None))  # as the game does when a deal ends
        await until(pilot, lambda: HelpScreen in {type(screen) for screen in app.screen_stack})
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))


async def test_continue_is_found_in_a_worker(
    write_log: Callable[..., Path], known_events: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    write_log(paths.matches_dir() / "20261128-201500.ecarte.jsonl", known_events[:4], ("You", "Computer"))
    threads: list[str] = []
    real = EcarteApp.find_unfinished

    def recording(skipped: list[Skipped] | None = None) -> Path | None:
        threads.append(threading.current_thread().name)
        return real(skipped)

    monkeypatch.setattr(EcarteApp, "find_unfinished", staticmethod(recording))
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TitleScreen)
        await until(pilot, lambda: screen.unfinished is not None)
        assert threads and threading.main_thread().name not in threads
        await pilot.press("c")
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen")


async def test_continue_pressed_twice_opens_one_game(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    write_log(paths.matches_dir() / "20261128-201500.ecarte.jsonl", known_events[:4], ("You", "Computer"))
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TitleScreen)
        await until(pilot, lambda: screen.unfinished is not None)
        await pilot.press("c", "c")
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen")
        await app.workers.wait_for_complete()
        await pilot.pause()
        games = [s for s in app.screen_stack if type(s).__name__ == "GameScreen"]
        assert len(games) == 1


async def test_the_command_palette_offers_the_apps_commands() -> None:
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        titles = [command.title for command in app.get_system_commands(app.screen)]
        # Every entry of the title's menu, and the help.
        for wanted in (*menu_entries(app), "Help"):
            assert wanted in titles, titles
        # Maximising a panel hid the screen while its keys still acted.
        focused = app.screen.focused
        assert focused is not None and focused.allow_maximize
        textuals = [command.title for command in super(EcarteApp, app).get_system_commands(app.screen)]
        assert "Maximize" in textuals and "Maximize" not in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        for key in "Rules":
            await pilot.press(key)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))


@pytest.mark.parametrize(
    ("language", "on_title", "at_the_table"),
    [
        ("en", "Press q or Ctrl+Q to quit.", "Press Ctrl+Q to quit."),
        ("fr", "Appuyez sur q ou Ctrl+Q pour quitter.", "Appuyez sur Ctrl+Q pour quitter."),
    ],
)
async def test_ctrl_c_says_which_keys_quit_in_the_players_language(
    language: str, on_title: str, at_the_table: str, tmp_path: Path
) -> None:
    """Ctrl+C does not quit (Textual keeps it for copying): it names the keys
    that do, in the player's words, not in Textual's English."""
    from game_support import GameApp, settle

    from ecarte import i18n
    from ecarte.play.session import MatchSession

    assert i18n.activate(language) == language
    app = RecordingApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.notes[-1] == on_title
    settings = Settings(speed="instant")
    session = MatchSession.new(settings, opponent="random", seed=1, directory=tmp_path)
    table = GameApp(session, settings)
    async with table.run_test(size=SIZE) as pilot:
        await settle(pilot)
        notes: list[str] = []
        table.notify = lambda message, **kwargs: notes.append(message)  # type: ignore[method-assign,assignment]
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert notes == [at_the_table]
    session.close()


async def test_many_bad_entries_in_the_matches_folder_give_notices_that_fit_at_80x24() -> None:
    """Six strange entries (a FIFO, a folder, an empty log, three damaged
    ones) gave five notices at 80x24: the first ran off the top of the
    screen and left a fragment there. The newest damaged one is told in
    the title's box; of the five others, the first, and a count of the
    rest, which the Replay list names one by one."""
    import os

    folder = paths.matches_dir()
    folder.mkdir(parents=True)
    os.mkfifo(folder / "20261207-120000.ecarte.jsonl")
    (folder / "20261207-120001.ecarte.jsonl").mkdir()
    (folder / "20261207-120002.ecarte.jsonl").write_bytes(b"")
    for name in (
        "20261207-120003.ecarte.jsonl",
        "20261207-120004.ecarte.jsonl",
        "20261207-120005.ecarte.jsonl",
    ):
        (folder / name).write_text('{"format": "ecarte-log"\nnot json\n', encoding="utf-8")
    app = RecordingApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: any("more entries" in note for note in app.notes))
        await pilot.pause()
        assert len(app.notes) == 2, app.notes
        assert app.notes[-1] == "4 more entries of the matches folder have a problem too; Replay lists them."
        await until(pilot, lambda: len(app.screen.query(Toast)) == 2)
        toasts = list(app.screen.query(Toast))
        # Every toast is whole on the screen, none above its top.
        assert all(toast.region.y >= 0 and toast.region.bottom <= 24 for toast in toasts)


async def test_the_title_fits_at_80x24_after_its_language_is_changed() -> None:
    """A Continue with every rule written out makes the title's box
    compact at 80x24. Saved in the Settings, a new language opened the
    title anew in the background, where its footer had no rows yet: the
    box was measured against the whole screen, stayed tall, and ran under
    the footer with a scrollbar (seen in German, from French)."""
    from ecarte import i18n
    from ecarte.engine import Rules
    from ecarte.tui.key_footer import KeyFooter
    from ecarte.tui.settings_screen import Choice

    rules = Rules(games_to_win=2, penalty_adds_to_vole=True, four_all_reset=True)
    i18n.activate("fr")
    app = RecordingApp(Settings(opponent="random", speed="instant", language="fr", rules=rules))

    def box_fits() -> bool:
        box, footer = app.screen.query_one("#title-box"), app.screen.query_one(KeyFooter)
        return box.region.y >= 0 and 0 < box.region.bottom <= footer.region.y

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")  # an unfinished match, with its rules under Continue
        await until(pilot, lambda: type(app.screen).__name__ == "GameScreen")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen) and "continue" in menu_ids(app))
        await until(pilot, box_fits)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#language", Choice).value = "de"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen) and i18n.current_language() == "de")
        await until(pilot, lambda: "continue" in menu_ids(app))
        await pilot.pause(0.3)
        assert box_fits(), (app.screen.query_one("#title-box").region, app.screen.has_class("-compact"))
