"""The ecarte app: the screens on a stack, the settings, the colour themes,
and the guard against a terminal too small to draw the table."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import os
import signal
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, ClassVar

from rich.align import Align
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandList, CommandPalette
from textual.geometry import Size
from textual.screen import Screen
from textual.theme import Theme, ThemeProvider
from textual.widgets import Static
from textual.widgets.option_list import Option

from ecarte.engine import Rules
from ecarte.i18n import N_, _, activate, choose_language
from ecarte.play import paths
from ecarte.play.lock import MatchOpenElsewhere
from ecarte.play.session import MatchSession
from ecarte.play.settings import (
    DEFAULT_THEME,
    HIGH_CONTRAST_THEME,
    THEMES,
    Settings,
    SettingsWarning,
    check_saved_settings,
    peek_settings,
    save_settings,
)
from ecarte.safefile import Skipped
from ecarte.text import printable

from .analysis_screen import analyse_finished_match, open_analysis
from .base import EcarteScreen
from .game_screen import GameScreen
from .help_screen import HelpScreen
from .lesson_screen import LessonScreen
from .open_elsewhere import OpenElsewhereScreen
from .replay_screen import ReplayListScreen, ReplayViewerScreen
from .rules_screen import RulesScreen
from .settings_screen import SettingsScreen
from .stats_screen import StatsScreen
from .terminal import CAN_TELL, CHECK_EVERY, hung_up
from .title_screen import TitleScreen
from .words import translate_bindings

HUNG_UP_STATUS = 128 + 1
"""The exit status when the terminal went away: a program ended by SIGHUP's."""

MIN_WIDTH = 80
MIN_HEIGHT = 24

ECARTE_THEMES = (
    # The table as it has always looked: Textual's dark colours.
    Theme(
        name=DEFAULT_THEME,
        primary="#0178D4",
        secondary="#004578",
        warning="#ffa62b",
        error="#ba3c5b",
        success="#4EBF71",
        accent="#ffa62b",
        foreground="#e0e0e0",
        dark=True,
    ),
    # Pure black and white, with accents bright enough to read on black; the
    # cards keep their bright red and bold white, which stay readable on it.
    Theme(
        name=HIGH_CONTRAST_THEME,
        primary="#00FFFF",
        secondary="#FFFFFF",
        warning="#FFFF00",
        error="#FF4040",
        success="#00FF00",
        accent="#FFFF00",
        foreground="#FFFFFF",
        background="#000000",
        surface="#000000",
        panel="#000000",
        dark=True,
        text_alpha=1.0,
        variables={
            "text-muted": "#FFFFFF",
            "footer-key-foreground": "#FFFF00",
            "footer-description-foreground": "#FFFFFF",
            "input-cursor-background": "#FFFFFF",
            "input-cursor-foreground": "#000000",
            "block-cursor-background": "#FFFF00",
            "block-cursor-foreground": "#000000",
            "block-cursor-text-style": "bold",
        },
    ),
)


def is_too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def too_small_message(width: int, height: int, in_browser: bool = False) -> str:
    need, have = f"{MIN_WIDTH}x{MIN_HEIGHT}", f"{width}x{height}"
    # In a browser (ecarte serve) the room comes from the page's zoom or
    # font size, not from a larger window alone.
    if in_browser:
        # Translators: in a web browser (ecarte serve). Ctrl+- is Ctrl and the minus key;
        # ?fontsize=N is typed at the end of the page's address, as is. The game cannot
        # know the size the address asks for now, so the sentence works whatever it is.
        return _(
            "The page is too small (need {need}, have {have}).\n"
            "Zoom out with Ctrl+- to go on, or ask for smaller letters at the end of the page's "
            "address: ?fontsize=12 (the usual size is 14), or less if it says so already."
        ).format(need=need, have=have)
    return _(
        "Terminal too small (need {need}, have {have}).\n"
        "Make the window larger to go on, or press Ctrl+Q to quit."
    ).format(need=need, have=have)


def key_name(key: str) -> str | None:
    """A key as the player's keyboard and our prompts name it, where
    Textual's name differs ("space", "esc", "^s"); ``None``: Textual's."""
    if key == "space":
        # Translators: the space bar, as the keyboard's key is called (the footer, the prompts).
        return _("Space")
    if key == "escape":
        # Translators: the escape key, as the keyboard calls it (French keyboards say Échap);
        # the footer, the buttons ("Menu (Esc)") and the prompts name it so.
        return _("Esc")
    if key.startswith("ctrl+"):
        # "Ctrl+S", as the help and the prompts write Ctrl+Q, not Textual's "^s".
        return "Ctrl+" + key.removeprefix("ctrl+").upper()
    # As the keyboard and the README write them: F1, Home, PgUp, not "f1".
    if key[:1] == "f" and key[1:].isdigit():
        return key.upper()
    return {"home": "Home", "end": "End", "pageup": "PgUp", "pagedown": "PgDn"}.get(key)


class TooSmallScreen(EcarteScreen[None]):
    """Covers everything while the terminal is below 80x24, instead of a
    squashed table; it goes away by itself once the terminal is large enough."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "app.quit", N_("Quit"), show=False)]

    def __init__(self, size: Size) -> None:
        super().__init__()
        self._size_shown = size

    def compose(self) -> ComposeResult:
        yield Static(too_small_message(*self._size_shown, self.app.is_web), id="too-small-message")

    def on_screen_resume(self) -> None:
        # Uncovered again after the terminal grew (a screen had opened on top).
        if isinstance(self.app, EcarteApp) and not self.app.too_small:
            self.app.pop_screen()
        else:
            self.refresh_message()

    def refresh_message(self, size: Size | None = None) -> None:
        if size is None:
            size = self.app.terminal_size if isinstance(self.app, EcarteApp) else self.app.size
        self.query_one("#too-small-message", Static).update(too_small_message(*size, self.app.is_web))


# Textual's commands in the palette, in its words: each is said in the
# player's language (a word Textual adds later stays English).
TEXTUAL_COMMAND_WORDS = frozenset(
    {
        # Translators: Textual's commands in the command palette (Ctrl+P), with their help lines.
        N_("Theme"),
        N_("Change the current theme"),
        N_("Quit"),
        N_("Quit the application as soon as possible"),
        N_("Keys"),
        N_("Hide the keys and widget help panel"),
        N_("Show help for the focused widget and a summary of available keys"),
        N_("Minimize"),
        N_("Minimize the widget and restore to normal size"),
        N_("Maximize"),
        N_("Maximize the focused widget"),
        N_("Screenshot"),
        N_("Save an SVG 'screenshot' of the current screen"),
    }
)


def _palette_words(text: str) -> str:
    return _(text) if text in TEXTUAL_COMMAND_WORDS else text


class Palette(CommandPalette):
    """Textual's command palette, with its "No matches found" in the
    player's language. Textual writes that line inside the method below, so
    it is this Textual's method (the version is pinned) with our words; a
    test types a search that finds nothing and reads the line."""

    def _start_no_matches_countdown(self, search_value: str) -> None:
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            # An empty search lists what can be found: nothing to say then.
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(
                        # Translators: the command palette (Ctrl+P): a search of commands or themes found none
                        Align.center(Text(_("No matches found"), style="not bold")),
                        disabled=True,
                        id=self._NO_MATCHES,
                    )
                )
            self._list_visible = bool(search_value)

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)


class EcarteApp(App[int]):
    """The app. ``first_screen`` (the game for ``ecarte play``, the viewer for
    ``ecarte replay``) opens on top of the title screen, so that leaving it
    comes back to the title."""

    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "Écarté"
    SCREENS: ClassVar[dict[str, Callable[[], Screen[Any]]]] = {
        "title": TitleScreen,
        "settings": SettingsScreen,
        "rules": RulesScreen,
        "lesson": LessonScreen,
        "replay": ReplayListScreen,
        "help": HelpScreen,
        "stats": StatsScreen,
    }
    """The screens opened by name; each opening makes a new one (see ``push_screen``)."""
    BASE_SCREEN: ClassVar[str | None] = "title"
    """The screen under ``first_screen``; ``None``: the first screen alone (leaving it quits)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", N_("Quit"), priority=True, show=False),
    ]

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        settings_warning: str | None = None,
        first_screen: Callable[[], Screen[Any]] | None = None,
        settings_path: Path | None = None,
        trusted_bot: str | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.trusted_bot = trusted_bot
        """The ``cmd:`` bot the player named on this run's command line
        (``ecarte play --opponent cmd:…``): a Continue in this run starts it
        again, as it does the bot the settings name."""
        self.settings_path = settings_path
        """Where settings are saved; ``None``: the user's config dir."""
        self.settings_warning = settings_warning
        """What is wrong in the settings file, told at start and listed by the
        Settings screen until a save leaves nothing wrong; ``None``: nothing."""
        self._settings_toast: str | None = None
        """The toast that told it, while it may still be shown."""
        self._first_screen = first_screen
        self._terminal_size: Size | None = None
        """The newest size from a resize event (``App.size`` lags behind it)."""
        translate_bindings(self)
        for theme in ECARTE_THEMES:
            self.register_theme(theme)
        for name in list(self.available_themes):
            # Offer only the themes the settings file accepts, so that any
            # theme chosen (here or in the command palette) can be saved.
            if name not in THEMES:
                self.unregister_theme(name)
        self.theme = self.settings.theme if self.settings.theme in self.available_themes else DEFAULT_THEME

    def on_mount(self) -> None:
        if self.BASE_SCREEN is not None:
            self.push_screen(self.BASE_SCREEN)
        if self._first_screen is not None:
            self.push_screen(self._first_screen())
        if self.settings_warning:
            # After the first screen is up: a toast sent before has no screen to show on.
            self.call_after_refresh(self.show_warning, self.settings_warning)
        self.check_size()
        terminal = self.terminal_fd()
        if terminal is not None:
            self.set_interval(CHECK_EVERY, lambda: self.quit_if_hung_up(terminal))
        if not self.is_headless:
            self.exit_on_signals()

    def exit_on_signals(self) -> None:
        """SIGTERM (kill, a shutdown) and SIGHUP (the terminal closed) end the
        app as Ctrl+Q does: the screens are closed, so the match's bot and
        whatever it started are ended and the log is closed, and the terminal
        is given back as it was. (Python's default ended the process at
        once: a bot's child outlived it, and the terminal stayed in the
        alternate screen with the mouse reported and no cursor.)"""
        loop = asyncio.get_running_loop()
        for signum, status in ((signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGHUP, HUNG_UP_STATUS)):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signum, functools.partial(self.exit, return_code=status))

    async def action_quit(self) -> None:
        """Ctrl+Q: quit, unless a screen open holds it this once (unsaved
        settings, under the help opened from them too)."""
        if any(isinstance(screen, EcarteScreen) and screen.holds_the_quit() for screen in self.screen_stack):
            return
        self.exit()

    def action_help_quit(self) -> None:
        """Ctrl+C: Textual's reminder of the key that quits, in the player's
        language (Textual's own is English only), naming every quitting key
        of the moment as the help does ("q or Ctrl+Q")."""
        keys: list[str] = []
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                shown = "Ctrl+" + key.removeprefix("ctrl+").upper() if key.startswith("ctrl+") else key
                if shown not in keys:
                    keys.append(shown)
        if not keys:
            return
        if len(keys) == 1:
            # Translators: Ctrl+C's reminder; {key} is a key: "Ctrl+Q".
            text = _("Press {key} to quit.").format(key=keys[0])
        else:
            # Translators: Ctrl+C's reminder; {key} and {other} are keys: "q", "Ctrl+Q".
            text = _("Press {key} or {other} to quit.").format(key=", ".join(keys[:-1]), other=keys[-1])
        self.notify(text, title=_("Do you want to quit?"), markup=False)

    def terminal_fd(self) -> int | None:
        """The terminal the app reads its keys from, watched for its closing
        (``terminal.py``); ``None`` when it has none (in a browser, headless
        in the tests) or cannot be watched."""
        if self.is_headless or self.is_web or sys.__stdin__ is None or not CAN_TELL:
            return None
        try:
            fd = sys.__stdin__.fileno()
        except (OSError, ValueError):
            return None
        return fd if os.isatty(fd) else None

    def quit_if_hung_up(self, fd: int) -> None:
        if hung_up(fd):
            self.exit(return_code=HUNG_UP_STATUS)

    def show_warning(self, message: str) -> None:
        """The settings file's warning, at start. A ``SettingsWarning`` is
        summed up, to fit whole at 80x24 in every language (the file, how
        many problems, which settings, the defaults used), with where the
        Settings screen lists every problem; any other text is shown as it is."""
        if isinstance(message, SettingsWarning):
            if isinstance(self.screen, TitleScreen):
                # Translators: ends the toast on a broken settings file; s is
                # the title screen's key for Settings. Keep it short (36 columns).
                where = _("Settings (s) lists the problems.")
            else:
                # Translators: ends the toast on a broken settings file when the app
                # starts elsewhere (a match, the lesson: no s key). Keep it short (36 columns).
                where = _("Settings, on the title screen, lists the problems.")
            message = f"{message.summary()} {where}"
        # notify() keeps no handle on the toast it makes: the words are kept,
        # for withdraw_settings_warning to find this one toast again.
        self._settings_toast = message
        self.notify(message, title=_("Settings"), severity="warning", timeout=15, markup=False)

    def withdraw_settings_warning(self) -> None:
        """Take the settings file's toast away, if it is still shown."""
        message, self._settings_toast = self._settings_toast, None
        if message is not None:
            self.withdraw_toast(message)

    def withdraw_toast(self, message: str) -> None:
        """Take the toast of ``message`` away, if it is still shown, and no
        other (notify() keeps no handle on the toast it makes: its words
        find it again)."""
        for toast in list(self._notifications):
            if toast.message == message:
                self._unnotify(toast)

    async def on_event(self, event: events.Event) -> None:
        if (
            self._settings_toast is not None
            and isinstance(event, (events.Key, events.MouseDown))
            and not isinstance(self.screen, TitleScreen)
        ):
            # Started straight into a match or the lesson (ecarte play, ecarte
            # learn), the toast covers the hand and the prompt: the player's
            # first key or click says it has been read.
            self.withdraw_settings_warning()
        await super().on_event(event)

    def on_resize(self, event: events.Resize) -> None:
        # This runs before App's own handler records the new size.
        self._terminal_size = event.size
        self.check_size(event.size)

    @property
    def terminal_size(self) -> Size:
        return self._terminal_size or self.size

    @property
    def too_small(self) -> bool:
        return is_too_small(self.terminal_size)

    def check_size(self, size: Size | None = None) -> None:
        """Show or take away the too-small message for ``size`` (default: now)."""
        if not self.screen_stack:
            return
        size = size or self.terminal_size
        top = self.screen
        if is_too_small(size):
            if isinstance(top, TooSmallScreen):
                top.refresh_message(size)
            else:
                self.push_screen(TooSmallScreen(size))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    def push_screen(
        self, screen: Any, callback: Any = None, wait_for_dismiss: Any = False, *, mode: str | None = None
    ) -> Any:
        if screen == "settings":
            self.reread_settings()
        if isinstance(screen, str) and screen in self.SCREENS:
            # A new screen each time, not Textual's one installed instance:
            # the settings form starts from the saved settings, the replay
            # list reads the folder anew.
            screen = self.SCREENS[screen]()
        self._leaving(self.screen if self.screen_stack else None)
        if isinstance(screen, Screen):
            translate_bindings(screen)
        if isinstance(screen, (GameScreen, LessonScreen)):
            # The player has gone on to play: the settings' toast would cover
            # the hand and the prompt for its 15 s (the Settings screen still
            # lists the problems).
            self.withdraw_settings_warning()
        # A screen opened while the terminal is too small (the game's deal
        # summary, say) must not draw over the message: keep it on top.
        result = super().push_screen(screen, callback, wait_for_dismiss, mode=mode)
        if self.too_small and not isinstance(screen, TooSmallScreen) and self.is_running:
            self.call_later(self.check_size)
        return result

    def switch_screen(self, screen: Any) -> Any:
        self._leaving(self.screen if self.screen_stack else None)
        if isinstance(screen, Screen):
            translate_bindings(screen)
        return super().switch_screen(screen)

    def pop_screen(self) -> Any:
        self._leaving(self.screen if self.screen_stack else None)
        return super().pop_screen()

    @staticmethod
    def _leaving(screen: Screen[Any] | None) -> None:
        """``screen`` is left or covered: its notices in passing go."""
        if isinstance(screen, EcarteScreen):
            screen.withdraw_passing_notices()

    def reread_settings(self) -> None:
        """Take up what another window saved since this one read the file, so
        that the Settings form shows the file as it is. Only a file that
        reads cleanly, or whose only problem is a key the app does not know
        (ignored, and kept by a save), is taken up (a problem is said at
        start and at a save, which copies the file); the language stays the
        one the screens are in until a save."""
        path = self.settings_path or paths.settings_path()
        if not path.is_file():
            return
        settings, warning = peek_settings(path)
        usable = warning is None or (warning.partial and not warning.has_bad_values)
        if usable and settings != self.settings:
            self.settings = dataclasses.replace(settings, language=self.settings.language)
            self.theme = settings.theme

    def save_settings(self, settings: Settings) -> None:
        """Keep and save new settings; ``OSError`` if they cannot be written.
        Their theme is shown at once."""
        # Another window may have saved since: what this one did not change
        # keeps the file's value (``since``).
        saved = save_settings(settings, self.settings_path, since=self.settings)
        self.settings = saved.settings
        known = self.settings_warning.backup if isinstance(self.settings_warning, SettingsWarning) else None
        if saved.backup is not None and saved.backup != known:
            # The file came to have a problem while the app ran (an editor):
            # say where its copy is, as at start.
            self.notify(
                _(
                    "The settings file {path} had been changed elsewhere and had a problem; "
                    "a copy of it as it was is kept as {backup}."
                ).format(path=saved.path, backup=saved.backup),
                title=_("Settings"),
                severity="warning",
                timeout=10,
                markup=False,
            )
            known = saved.backup
        if self.settings_warning is not None or known is not None:
            # The saved file has good values: what it may still hold unused
            # (a key the app does not know, which saving keeps) stays listed.
            self.settings_warning = check_saved_settings(self.settings_path, known)
        self.theme = saved.settings.theme

    def watch_theme(self, theme: str) -> None:
        # A theme chosen elsewhere than the settings screen (the command
        # palette's "Change theme") is saved too, to be there next time.
        if theme == self.settings.theme or theme not in THEMES:
            return
        path = self.settings_path or paths.settings_path()
        warning = peek_settings(path)[1]
        if warning is not None and warning.has_bad_values:
            # A save would put defaults in place of the file's bad values, and
            # the player was told the file is left as it is until they save
            # (in Settings): the theme is used, not saved. (A file that cannot
            # be read is never replaced: the save below says why.)
            self.settings = dataclasses.replace(self.settings, theme=theme)
            self.notify(
                _(
                    "The theme is used but not saved: the settings file {path} has problems, and is "
                    "left as it is until you save in Settings."
                ).format(path=printable(str(path))),
                title=_("Settings"),
                severity="warning",
                timeout=10,
                markup=False,
            )
            return
        try:
            self.save_settings(dataclasses.replace(self.settings, theme=theme))
        except OSError as error:
            self.notify(
                _("The theme could not be saved: {error}").format(error=error),
                title=_("Settings"),
                severity="error",
                markup=False,
            )

    def change_language(self) -> None:
        """Use the settings' language from now on: every screen is opened
        anew (the title first), since a screen's words are set when it is
        made. A match in play is saved as it goes: Continue resumes it."""
        activate(choose_language(setting=self.settings.language))
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(self.BASE_SCREEN or "title")
        self.notify(_("Settings saved."), title=_("Settings"), timeout=3)

    def action_command_palette(self) -> None:
        # Textual's own, with its prompt in the player's language.
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(Palette(id="--command-palette", placeholder=_("Search for commands…")))

    def search_themes(self) -> None:
        self.push_screen(Palette(providers=[ThemeProvider], placeholder=_("Search for themes…")))

    # ------------------------------------------------------------ opening things

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette (Ctrl+P): Textual's commands (theme, keys,
        quit...), in the player's language, and the app's own, those that
        make sense on ``screen``."""
        for command in super().get_system_commands(screen):
            # A panel maximised hid the table while its keys still played
            # (and nothing said Esc restores it): no screen here needs it.
            if command.callback in (screen.action_maximize, screen.action_minimize):
                continue
            yield command._replace(title=_palette_words(command.title), help=_palette_words(command.help))
        if isinstance(screen, TitleScreen):
            yield SystemCommand(_("New match"), _("A match against the computer"), screen.action_new_match)
            if screen.unfinished is not None:
                yield SystemCommand(
                    _("Continue"), _("Resume the unfinished match"), screen.action_continue_match
                )
            # Translators: the help lines of the command palette's Learn to play and Statistics.
            yield SystemCommand(
                _("Learn to play"), _("Three guided deals, then a match"), screen.action_learn
            )
            yield SystemCommand(
                _("Statistics"), _("Your record, from the saved matches"), screen.action_stats
            )
        if not isinstance(screen, GameScreen):
            yield SystemCommand(
                _("Replay"), _("The saved matches, to replay or continue"), lambda: self.push_screen("replay")
            )
            yield SystemCommand(
                _("Settings"), _("Your name, the opponent, the pace, the rules"), self._open_settings
            )
        rules = screen.match.rules if isinstance(screen, GameScreen) else None
        yield SystemCommand(_("Rules"), _("The rules of écarté"), lambda: self.show_rules(rules))
        help_action = getattr(screen, "action_help", None)
        if callable(help_action):
            yield SystemCommand(_("Help"), _("Every key, and the rule of the moment"), help_action)

    def _open_settings(self) -> None:
        self.push_screen("settings")

    def show_help(
        self, phase: str | None = None, *, table_keys: bool | None = None, rules: Rules | None = None
    ) -> None:
        """The help for the screen on top: its keys, and the rule of ``phase``
        under ``rules`` (the match's)."""
        self.push_screen(HelpScreen(phase, table_keys=table_keys, rules=rules))

    def show_rules(self, rules: Rules | None = None) -> None:
        """The rules page, opening with the rules in force in a match."""
        self.push_screen(RulesScreen(rules))

    def get_key_display(self, binding: Binding) -> str:
        screen = self.screen
        shown = screen.key_display_for(binding) if isinstance(screen, EcarteScreen) else None
        if shown is None and not binding.key_display:
            shown = key_name(binding.key.split(",")[0])
        return shown if shown is not None else super().get_key_display(binding)

    def show_analysis(self, viewer: ReplayViewerScreen) -> None:
        """The analysis of the log in ``viewer``, on top of it."""
        open_analysis(viewer)

    def analyse_match(self, path: Path) -> None:
        """A finished match's replay, with its analysis on top."""
        analyse_finished_match(self, path, ReplayViewerScreen)

    def open_replay(self, path: Path) -> None:
        """The viewer on ``path``; it reads the log in a worker."""
        self.push_screen(ReplayViewerScreen(path))

    @staticmethod
    def find_unfinished(skipped: list[Skipped] | None = None) -> Path | None:
        """The autosave the Continue entry resumes, if any; what the scan of
        the matches folder passed over (a FIFO, a link to a device) is added
        to ``skipped``."""
        try:
            return MatchSession.unfinished(skipped=skipped)
        except Exception:  # a broken autosave directory must not stop the title screen
            return None

    def open_game(self, *, resume: Path | None = None) -> None:
        """Start a new match with the current settings, or resume ``resume``,
        and show the game; a failure (a bot that does not start, a bad
        autosave) is told in a notification. Resuming replays the log and
        may start a bot: it runs in a worker, and the game opens when it is
        ready."""
        if resume is not None:
            if any(worker.group == "resume" and not worker.is_finished for worker in self.workers):
                return  # Continue pressed again while the first is opening: one game only.
            self.run_worker(
                lambda: self._resume_in_thread(resume),
                name="resume",
                group="resume",
                thread=True,
                exclusive=True,
                exit_on_error=False,
            )
            return
        try:
            session = MatchSession.new(self.settings)
        except Exception as error:  # shown to the player; the title screen stays usable
            self._cannot(_("Cannot start a match: {error}"), error)
            return
        self.show_game(session)

    def show_game(self, session: MatchSession, *, replace: Screen[Any] | None = None) -> None:
        """The card table for ``session``; in place of ``replace`` when it is
        the screen on top (the lesson hands over to a real game)."""
        screen = GameScreen(session, self.settings)
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _cannot(self, message: str, error: Exception, file: str = "") -> None:
        """``message`` (translated, with ``{error}`` and maybe ``{file}``) about ``error``."""
        self.notify(
            message.format(error=error, file=file),
            # Translators: the title of a notification about starting or continuing a match.
            title=_("Match"),
            severity="error",
            timeout=10,
            markup=False,
        )

    def _resume_in_thread(self, path: Path) -> None:
        try:
            session, notice = MatchSession.resume(path, self.settings, self.trusted_bot)
        except MatchOpenElsewhere:
            self.call_from_thread(self.push_screen, OpenElsewhereScreen(path))
            return
        except Exception as error:  # shown to the player; the title screen stays usable
            self.call_from_thread(self._cannot, _("Cannot continue {file}: {error}"), error, path.name)
            return
        self.call_from_thread(self._show_resumed, session, notice)

    def _show_resumed(self, session: MatchSession, notice: str | None) -> None:
        self.push_screen(GameScreen(session, self.settings))
        if notice:
            # Translators: the title of a notification: the match's automatic saving.
            self.notify(notice, title=_("Autosave"), severity="warning", timeout=10, markup=False)
