"""The title screen: New match, Continue, Replay, Settings, Rules, Quit."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ecarte.text import printable

if TYPE_CHECKING:
    from ecarte.play.session import MatchSession

    from .app import EcarteApp

BANNER = "É C A R T É"
TAGLINE = "the French card game for two"


def find_unfinished() -> Path | None:
    """The autosave the Continue entry resumes, if any (none when the game
    module cannot be loaded: the title screen must still open)."""
    try:
        from ecarte.play.session import MatchSession

        return MatchSession.unfinished()
    except Exception:  # a broken autosave directory must not stop the title screen
        return None


def open_game(app: EcarteApp, *, resume: Path | None = None) -> None:
    """Start a new match with the current settings, or resume ``resume``, and
    show the game; a failure (a bot that does not start, a bad autosave) is
    told in a notification. Resuming replays the log and may start a bot:
    it runs in a worker, and the game opens when it is ready."""
    if resume is not None:
        if any(worker.group == "resume" and not worker.is_finished for worker in app.workers):
            return  # Continue pressed again while the first is opening: one game only.
        app.run_worker(
            lambda: _resume_in_thread(app, resume),
            name="resume",
            group="resume",
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )
        return
    try:
        from ecarte.play.session import MatchSession

        from .game_screen import GameScreen

        session = MatchSession.new(app.settings)
    except Exception as error:  # shown to the player; the title screen stays usable
        _cannot(app, "start a match", error)
        return
    app.push_screen(GameScreen(session, app.settings))


def _cannot(app: EcarteApp, what: str, error: Exception) -> None:
    app.notify(f"Cannot {what}: {error}", title="Match", severity="error", timeout=10, markup=False)


def _resume_in_thread(app: EcarteApp, path: Path) -> None:
    try:
        from ecarte.play.session import MatchSession

        session, notice = MatchSession.resume(path, app.settings)
    except Exception as error:  # shown to the player; the title screen stays usable
        app.call_from_thread(_cannot, app, f"continue {path.name}", error)
        return
    app.call_from_thread(_show_resumed, app, session, notice)


def _show_resumed(app: EcarteApp, session: MatchSession, notice: str | None) -> None:
    from .game_screen import GameScreen

    app.push_screen(GameScreen(session, app.settings))
    if notice:
        app.notify(notice, title="Autosave", severity="warning", timeout=10, markup=False)


class TitleScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_match", "New match"),
        Binding("l", "learn", "Learn to play"),
        Binding("c", "continue_match", "Continue"),
        Binding("p", "replay", "Replay"),
        Binding("t", "stats", "Statistics"),
        Binding("s", "settings", "Settings"),
        Binding("r", "rules", "Rules"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.unfinished: Path | None = None

    @property
    def ecarte_app(self) -> EcarteApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="title-banner")
            yield Static(TAGLINE, id="title-tagline")
            yield OptionList(id="title-menu")
            yield Static(id="title-summary")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.refresh_menu()
        self.look_for_unfinished()

    @work(thread=True, exclusive=True, group="unfinished", exit_on_error=False)
    def look_for_unfinished(self) -> None:
        # Up to 200 logs may be replayed: off the event loop; Continue
        # appears when one is found.
        found = find_unfinished()
        self.app.call_from_thread(self.unfinished_found, found)

    def unfinished_found(self, found: Path | None) -> None:
        if found != self.unfinished and self.is_mounted:
            self.unfinished = found
            self.refresh_menu()

    def refresh_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option else None
        options = [Option("New match", id="new")]
        if self.unfinished is not None:
            options.append(Option("Continue", id="continue"))
        options += [
            Option("Learn to play", id="learn"),
            Option("Replay", id="replay"),
            Option("Statistics", id="stats"),
            Option("Settings", id="settings"),
            Option("Rules", id="rules"),
            Option("Quit", id="quit"),
        ]
        menu.set_options(options)
        ids = [option.id for option in options]
        menu.highlighted = ids.index(highlighted) if highlighted in ids else 0
        menu.focus()
        from .lesson_screen import first_run_pointer

        pointer = first_run_pointer()
        self.query_one("#title-summary", Static).update(
            Text("\n").join([self.summary(), pointer] if pointer else [self.summary()])
        )
        self.refresh_bindings()

    def summary(self) -> Text:
        settings = self.ecarte_app.settings
        rules = settings.rules
        level = settings.opponent if settings.opponent.startswith("cmd:") else settings.opponent.capitalize()
        match = f"game to {rules.target} points"
        if rules.games_to_win > 1:
            match += f", first to {rules.games_to_win} games"
        return Text(f"{printable(settings.player_name)} against Computer · {printable(level)} · {match}")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_match":
            return self.unfinished is not None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        actions = {
            "new": self.action_new_match,
            "continue": self.action_continue_match,
            "learn": self.action_learn,
            "replay": self.action_replay,
            "stats": self.action_stats,
            "settings": self.action_settings,
            "rules": self.action_rules,
            "quit": self.app.exit,
        }
        if event.option.id in actions:
            actions[event.option.id]()

    def action_new_match(self) -> None:
        open_game(self.ecarte_app)

    def action_continue_match(self) -> None:
        if self.unfinished is not None:
            open_game(self.ecarte_app, resume=self.unfinished)

    def action_learn(self) -> None:
        from .lesson_screen import LessonScreen

        self.app.push_screen(LessonScreen())

    def action_replay(self) -> None:
        from .replay_screen import ReplayListScreen

        self.app.push_screen(ReplayListScreen())

    def action_stats(self) -> None:
        from .stats_screen import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_settings(self) -> None:
        from .settings_screen import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_rules(self) -> None:
        from .rules_screen import RulesScreen

        self.app.push_screen(RulesScreen())

    def action_help(self) -> None:
        from .help_screen import HelpScreen

        self.app.push_screen(HelpScreen(None))
