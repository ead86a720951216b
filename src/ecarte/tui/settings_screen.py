"""The settings screen: every rule variant with what it changes, the
opponent's level, the player's name, the pace of play, the card style and
the colour theme; above them, while the settings file has problems, every
one of them (the toast at start only sums them up)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from ecarte.engine import Rules, RulesError
from ecarte.engine.cards import suit_letter, suit_name
from ecarte.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    _,
    choose_language,
    current_language,
    language_from_environment,
    number_text,
)
from ecarte.log.names import COMPUTER
from ecarte.play.language import LANGUAGE_AUTO
from ecarte.play.settings import (
    CARD_STYLES,
    COACH_MODES,
    DEFAULT_THEME,
    HIGH_CONTRAST_THEME,
    LEVELS,
    MAX_NAME_LENGTH,
    SPEEDS,
    THEMES,
    NameTaken,
    Settings,
    SettingsWarning,
    check_name,
)
from ecarte.text import printable

from .base import EcarteScreen
from .key_footer import KeyFooter
from .narration import SECOND_PERSON, shown_name
from .words import translate_bindings


def on_off() -> list[tuple[str, bool]]:
    # Translators: a setting's two values.
    return [(_("on"), True), (_("off"), False)]


# (rule key, label, what it changes): every variant of docs/rules.md.
RULE_ROWS: tuple[tuple[str, str, str], ...] = (
    (
        "target",
        N_("Points to win a game"),
        N_("The first to reach this score wins the game (5 by default; 7 and 11 are common)."),
    ),
    (
        "games_to_win",
        N_("Games to win the match"),
        N_("1: a single game; 2: best of three (the French partie liée)."),
    ),
    (
        "ace_high",
        N_("Ace high"),
        N_("On: the ace ranks above the king. Off: between the jack and the ten (K Q J A 10 9 8 7)."),
    ),
    (
        "deal_packets",
        N_("Deal in packets of"),
        N_("How the five cards go out: 3 then 2, 2 then 3, or 2, 2, 1."),
    ),
    (
        "dealer_must_exchange",
        N_("Dealer must exchange"),
        N_("On: after accepting a proposal the dealer must discard at least one card."),
    ),
    (
        "max_exchanges",
        N_("Exchanges per deal"),
        N_("How many proposals may be accepted in one deal; after that the tricks begin."),
    ),
    (
        "must_trump",
        N_("Must trump"),
        N_("On: without the suit led you must trump if you can. Off: you may throw any card."),
    ),
    (
        "penalty_adds_to_vole",
        N_("Penalty adds to a vole"),
        N_("On: a vole won against a liable player scores 3 instead of 2."),
    ),
    (
        "four_all_reset",
        N_("Four-all reset"),
        N_(
            "On: a deal ending with both one point from the target takes both back a point "
            "(in a game to 5, 4-4 is 3-3)."
        ),
    ),
)

LEVEL_HELP = {
    "easy": N_("easy: a gentle opponent for learning"),
    "normal": N_("normal: plays the textbook"),
    "expert": N_("expert: the strongest player"),
}

SPEED_HELP = N_("How long each of the computer's moves stays on screen before the next one.")
COACH_HELP = N_(
    "Each option's chance of winning the match: on h, or always beside the options; off: no hints. "
    "A match in which you decide with a hint in view is counted apart in the statistics and left "
    "out of the rest (with always, every match is)."
)
THEME_LABELS = {
    # Translators: the app's own colour themes (Textual's keep their names).
    DEFAULT_THEME: N_("ecarte: the usual table"),
    HIGH_CONTRAST_THEME: N_("high contrast: black and white"),
}
# Translators: {theme} is the command palette's "Theme" command, in your words.
THEME_HELP = N_("The colours of every screen; Ctrl+P then {theme} changes them too.")
STYLE_HELP = N_("Suit symbols, or plain letters for terminals that cannot show the symbols: {legend}.")
LANGUAGE_HELP = N_("The language of the app; saving a new one opens the screens anew in it.")
KEYS_HINT = N_("Tab and Shift+Tab move between fields; ← → or Space change a choice; Ctrl+S saves.")
UNFINISHED_NOTICE = N_(
    "A match is unfinished: it keeps the rules it began with. Changed rules apply from the next match."
)


class Choice(Widget, can_focus=True):
    """One value out of a few, changed in place with ← → (or Space, or a
    click): lighter and quicker to reach than a drop-down, and the settings
    screen has a dozen of them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Translators: the previous and next value of a setting.
        Binding("left", "turn(-1)", N_("Previous"), show=False),
        Binding("right,space", "turn(1)", N_("Next"), show=False),
    ]

    index: reactive[int] = reactive(0)

    ARROWS = 4
    """The cells of "◀ " and " ▶" around the value."""
    WIDTH = 40
    """The width of every choice whose values all fit in it (an even column)."""

    def __init__(self, options: Iterable[tuple[str | Text, Any]], value: Any, *, id: str) -> None:
        super().__init__(id=id)
        translate_bindings(self)
        self.options = [
            (Text(label) if isinstance(label, str) else label, choice) for label, choice in options
        ]
        values = [choice for _, choice in self.options]
        self.set_reactive(Choice.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> Any:
        return self.options[self.index][1]

    @value.setter
    def value(self, value: Any) -> None:
        values = [choice for _, choice in self.options]
        if value in values:
            self.index = values.index(value)

    def on_mount(self) -> None:
        # The rest of the row (the stylesheet's 1fr), but no wider than its
        # widest value: turning to a long one neither moves nor cuts the ▶
        # (a German value of 37 cells lost it in a width of 40).
        widest = max(cell_len(label.plain) for label, __ in self.options) + self.ARROWS
        self.styles.max_width = max(self.WIDTH, widest)

    def render(self) -> Text:
        label = self.options[self.index][0]
        room = self.content_region.width - self.ARROWS
        if 0 < room < label.cell_len:
            # Still too wide (a long bot command as the opponent): the value
            # ends in "…", never the arrows, which tell that ← → turn it.
            label = label.copy()
            label.truncate(room, overflow="ellipsis")
        if self.has_focus:
            # Reversed, a cue that needs no colour (NO_COLOR: the focused
            # row's background alone was hard to tell from the others).
            label = label.copy()
            label.stylize("reverse")
        return Text.assemble(("◀ ", "dim"), label, (" ▶", "dim"))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_turn(self, step: int) -> None:
        self.index = (self.index + step) % len(self.options)

    def on_click(self) -> None:
        self.action_turn(1)


class SettingsProblems(VerticalScroll):
    """The settings file's problems, at the top of the screen until a save
    leaves none: the file, what is used instead, each problem with its
    setting, its bad value and the value used, and where the copy of the
    file is kept. Its own scroll, so that a long list leaves the form in view."""

    DEFAULT_CSS = """
    SettingsProblems {
        height: auto;
        max-height: 45%;
        margin: 1 2 0 2;
        padding: 0 1;
        border-left: outer $warning;
        background: $boost;
    }
    SettingsProblems .settings-problem {
        height: auto;
    }
    SettingsProblems .settings-problem-mark {
        width: 2;
    }
    SettingsProblems .settings-problem-text {
        width: 1fr;
    }
    """

    def __init__(self, warning: str) -> None:
        super().__init__(id="settings-problems")
        self.warning = warning

    def compose(self) -> ComposeResult:
        warning = self.warning
        if not isinstance(warning, SettingsWarning):
            yield Static(printable(warning), markup=False, classes="settings-problems-heading")
            return
        yield Static(warning.heading(), markup=False, classes="settings-problems-heading")
        for problem in warning.problems():
            yield Horizontal(
                Static("•", classes="settings-problem-mark"),
                Static(printable(problem.described()), markup=False, classes="settings-problem-text"),
                classes="settings-problem",
            )
        note = warning.copy_note()
        if note:
            yield Static(note, markup=False, classes="settings-problems-copy")

    def lines(self) -> list[str]:
        """What it says, a line for the heading, each problem and the copy."""
        return [
            str(static.content)
            for static in self.query(Static)
            if not static.has_class("settings-problem-mark")
        ]


def _select(options: Iterable[tuple[str | Text, Any]], value: Any, widget_id: str) -> Choice:
    return Choice(options, value, id=widget_id)


def speed_label(speed: str) -> str:
    delay = SPEEDS[speed]
    names = {
        # Translators: the play speeds.
        "slow": _("slow"),
        "normal": _("normal"),
        "fast": _("fast"),
        "instant": _("instant"),
    }
    name = names.get(speed, speed)
    if delay:
        return _("{speed} ({delay} s a move)").format(speed=name, delay=number_text(delay))
    return _("{speed} (no pause)").format(speed=name)


def language_options() -> list[tuple[str, str]]:
    """The language row's values: the system's language, then each language
    in its own name (a reader finds the one they can read)."""
    system = LANGUAGE_NAMES[language_from_environment() or "en"]
    # Translators: the language setting's first value: the language the system asks for.
    automatic = _("as the system: {language}").format(language=system)
    return [(automatic, LANGUAGE_AUTO), *((LANGUAGE_NAMES[code], code) for code in LANGUAGES)]


def language_help(setting: str) -> str:
    """The language row's help; when ``--lang`` chose another language for
    this run than the setting would, it says so (the row shows the setting,
    the screens speak the other)."""
    speaking = current_language()
    if speaking == choose_language(setting=setting):
        return _(LANGUAGE_HELP)
    # Saving another language switches at once (``EcarteApp.change_language``,
    # as the README says); the setting as it is waits for the next start.
    # Translators: after the language row's help, when --lang chose the language of this run.
    override = _(
        "This run speaks {language}, as --lang asked: the setting shown applies from the next start, "
        "or at once if you save another language here."
    )
    return _(LANGUAGE_HELP) + " " + override.format(language=LANGUAGE_NAMES[speaking])


def rule_control(key: str, rules: Rules) -> Input | Choice:
    value = getattr(rules, key)
    widget_id = f"rule-{key}"
    if key == "target":
        # ASCII digits only: Textual's integer type takes any Unicode digit ("٧").
        return Input(str(value), restrict="[0-9]*", max_length=2, compact=True, id=widget_id)
    if key == "games_to_win":
        return _select(((str(number), number) for number in range(1, 10)), value, widget_id)
    if key == "deal_packets":
        options = [(_("3 then 2"), (3, 2)), (_("2 then 3"), (2, 3)), (_("2, 2 then 1"), (2, 2, 1))]
        return _select(options, value, widget_id)
    if key == "max_exchanges":
        return _select(
            [(_("no limit"), None), *((str(number), number) for number in range(1, 10))], value, widget_id
        )
    return _select(on_off(), value, widget_id)


class SettingsScreen(EcarteScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", N_("Save")),
        Binding("escape", "leave", N_("Back")),
        Binding("f2", "rules", N_("Rules")),
        # F1 first, for the footer: ? opens the help too, but in the name and
        # points fields it is typed there (the field takes the key first).
        Binding("f1,question_mark", "help", N_("Help")),
    ]
    HELP_ABOUT: ClassVar[tuple[str, str]] = (
        # Translators: the help of the settings screen: its title, then what the fields are.
        N_("The settings"),
        N_(
            "The language; your name and the computer's level; how fast the computer plays; the cards "
            "with suit symbols or letters; the Coach, which shows each option's chance of winning (a "
            "match played with hints is counted apart in the statistics); the rules of the match, each "
            "variant with a line on what it changes, explained in full on the Rules page (F2); and the "
            "colours. Ctrl+S saves, Esc leaves. In the name and points fields ? is typed: F1 opens "
            "this help from every field."
        ),
    )
    """What the fields are, said by the help."""

    def __init__(self) -> None:
        super().__init__()
        self._warned_unsaved = False
        self._warned_quit = False
        self._name_was_default = False

    def compose(self) -> ComposeResult:
        settings = self.ecarte_app.settings
        if self.ecarte_app.settings_warning:
            yield SettingsProblems(self.ecarte_app.settings_warning)
        with VerticalScroll(id="settings-form"):
            yield Static(_("Settings"), id="settings-title")
            yield Static(_(KEYS_HINT), id="settings-hint")
            yield Static(_(UNFINISHED_NOTICE), id="settings-unfinished")
            # First, where a reader who cannot read the screen's language finds it.
            yield from self._row(
                # Translators: the settings' row labels have about 24 columns.
                _("Language"),
                _select(language_options(), settings.language, "language"),
                language_help(settings.language),
            )
            yield Static(_("You and the opponent"), classes="settings-section")
            yield from self._row(
                _("Your name"),
                Input(
                    self._name_to_show(settings.player_name),
                    max_length=MAX_NAME_LENGTH,
                    compact=True,
                    id="player-name",
                ),
                _("Shown at the table and written in the match log."),
            )
            levels: list[tuple[str | Text, str]] = [(_(LEVEL_HELP[level]), level) for level in LEVELS]
            if settings.opponent not in LEVELS:
                levels.append((Text(printable(settings.opponent)), settings.opponent))
            yield from self._row(
                _("Opponent"), _select(levels, settings.opponent, "opponent"), _("The computer's level.")
            )
            speeds = [(speed_label(speed), speed) for speed in SPEEDS]
            yield from self._row(_("Play speed"), _select(speeds, settings.speed, "speed"), _(SPEED_HELP))
            suit_letters = [suit_letter(suit) for suit in range(4)]
            styles = [
                (_("suit symbols ♠♥♦♣"), "symbols"),
                # Translators: {letters} are the four suit letters, "S H D C".
                (_("letters {letters}").format(letters=" ".join(suit_letters)), "letters"),
            ]
            assert {value for __, value in styles} == set(CARD_STYLES)
            legend = ", ".join(f"{letter} {suit_name(suit)}" for suit, letter in enumerate(suit_letters))
            yield from self._row(
                _("Cards"),
                _select(styles, settings.card_style, "card-style"),
                _(STYLE_HELP).format(legend=legend),
            )
            coach = [(_("off"), "off"), (_("on request (h)"), "request"), (_("always"), "always")]
            assert {value for __, value in coach} == set(COACH_MODES)
            yield from self._row(_("Coach"), _select(coach, settings.coach, "coach"), _(COACH_HELP))
            yield Static(_("Rules of the match"), classes="settings-section")
            for key, label, explanation in RULE_ROWS:
                yield from self._row(_(label), rule_control(key, settings.rules), _(explanation))
            yield Static(_("Colours"), classes="settings-section")
            themes = [
                (_(THEME_LABELS[name]) if name in THEME_LABELS else name, name)
                for name in THEMES
                if name in self.app.available_themes
            ]
            yield from self._row(
                _("Theme"), _select(themes, settings.theme, "theme"), _(THEME_HELP).format(theme=_("Theme"))
            )
            with Horizontal(id="settings-buttons"):
                yield Button(_("Save"), id="save", variant="primary", compact=True)
                yield Button(_("Defaults"), id="defaults", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)
        yield KeyFooter()

    @staticmethod
    def _row(label: str, control: Input | Choice, explanation: str) -> Iterable[Horizontal | Static]:
        row = Horizontal(Label(label, classes="setting-label"), control, classes="setting-row")
        yield row
        yield Static(explanation, classes="setting-help")

    def on_mount(self) -> None:
        self.query_one("#settings-unfinished").display = False
        self.look_for_unfinished()
        # The first field, where one who cannot read the screen finds the language.
        self.query_one("#language", Choice).focus()

    @work(thread=True, exclusive=True, group="unfinished", exit_on_error=False)
    def look_for_unfinished(self) -> None:
        # Replays logs: off the event loop; the notice appears when one is found.
        found = self.ecarte_app.find_unfinished() is not None
        self.call_from_worker(self.show_unfinished, found)

    def show_unfinished(self, found: bool) -> None:
        self.query_one("#settings-unfinished").display = found

    def _name_to_show(self, name: str) -> str:
        """The name field's text: the default name ("You", kept in English
        in the file) in the player's language; a name the player chose as
        it is. Whether the field began with the default is remembered."""
        self._name_was_default = name == SECOND_PERSON
        return shown_name(name) if self._name_was_default else name

    def _name_typed(self) -> str:
        """The name the field holds: the default's translation, left as it
        was shown, is the default again (so it follows the language)."""
        name = self.query_one("#player-name", Input).value.strip()
        if self._name_was_default and name == shown_name(SECOND_PERSON):
            return SECOND_PERSON
        return name

    def read_form(self) -> Settings:
        """The settings the form shows; ``ValueError`` naming a bad field."""
        name = self._name_typed()
        try:
            check_name(name)
        except NameTaken:
            raise ValueError(
                _("Your name cannot be the computer's ({name}): the table would not say who is who.").format(
                    name=shown_name(COMPUTER)
                )
            ) from None
        except ValueError:
            raise ValueError(_("Your name cannot be empty.")) from None
        target_text = self.query_one("#rule-target", Input).value.strip()
        if not (target_text.isascii() and target_text.isdigit()) or not 1 <= int(target_text) <= 99:
            # Named by the field's label, not by the rule's key in the file ('target').
            raise ValueError(_("Points to win a game must be a number from 1 to 99."))
        target = int(target_text)
        values: dict[str, Any] = {"target": target}
        for key, __, ___ in RULE_ROWS:
            if key != "target":
                values[key] = self.query_one(f"#rule-{key}", Choice).value
        try:
            rules = Rules.from_mapping(values)
        except RulesError as error:
            raise ValueError(_("Rules: {error}.").format(error=error)) from None
        return replace(
            self.ecarte_app.settings,
            rules=rules,
            player_name=name,
            opponent=self.query_one("#opponent", Choice).value,
            speed=self.query_one("#speed", Choice).value,
            card_style=self.query_one("#card-style", Choice).value,
            coach=self.query_one("#coach", Choice).value,
            theme=self.query_one("#theme", Choice).value,
            language=self.query_one("#language", Choice).value,
        )

    def load_form(self, settings: Settings) -> None:
        self.query_one("#player-name", Input).value = self._name_to_show(settings.player_name)
        self.query_one("#opponent", Choice).value = settings.opponent
        self.query_one("#speed", Choice).value = settings.speed
        self.query_one("#card-style", Choice).value = settings.card_style
        self.query_one("#coach", Choice).value = settings.coach
        self.query_one("#theme", Choice).value = settings.theme
        self.query_one("#language", Choice).value = settings.language
        for key, __, ___ in RULE_ROWS:
            value = getattr(settings.rules, key)
            if key == "target":
                self.query_one("#rule-target", Input).value = str(value)
            else:
                self.query_one(f"#rule-{key}", Choice).value = value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        elif event.button.id == "defaults":
            self.load_form(replace(Settings(), player_name=self._name_typed()))
            self.notify(_("Defaults restored in the form; Save keeps them."), timeout=4)
        elif event.button.id == "cancel":
            self.app.pop_screen()

    def action_save(self) -> None:
        try:
            settings = self.read_form()
        except ValueError as error:
            self.notify(str(error), title=_("Settings"), severity="error", markup=False)
            return
        language_before = self.ecarte_app.settings.language
        try:
            self.ecarte_app.save_settings(settings)
        except OSError as error:
            self.notify(
                _("The settings could not be saved: {error}").format(error=error),
                title=_("Settings"),
                severity="error",
                markup=False,
            )
            return
        if self.ecarte_app.settings.language != language_before:
            # Every screen is opened anew in the new language.
            self.ecarte_app.change_language()
            return
        self.notify(_("Settings saved."), title=_("Settings"), timeout=3)
        self.app.pop_screen()

    def _changed(self) -> bool:
        """Whether the form holds what is not saved."""
        try:
            return self.read_form() != self.ecarte_app.settings
        except ValueError:
            return True

    def action_leave(self) -> None:
        if self._changed() and not self._warned_unsaved:
            self._warned_unsaved = True
            self.notify(_("Unsaved changes: Ctrl+S saves them, Esc again leaves without saving."), timeout=6)
            return
        self.app.pop_screen()

    def holds_the_quit(self) -> bool:
        # Ctrl+Q threw the changes away without a word, where Esc warns.
        if self._changed() and not self._warned_quit:
            self._warned_quit = True
            self.notify(
                _("Unsaved changes: Ctrl+S saves them, Ctrl+Q again quits without saving."), timeout=6
            )
            return True
        return False

    def action_rules(self) -> None:
        self.app.push_screen("rules")
