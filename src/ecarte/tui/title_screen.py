"""The title screen: New match, Continue (with the rules that match is
played under), Replay, Settings, Rules, Quit; and, while the newest
unfinished match is damaged, which file and line, instead of a Continue that
vanished without a word."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ecarte.engine import Rules
from ecarte.engine.scoring import game_won
from ecarte.i18n import N_, _, ngettext, translated
from ecarte.log import EndState, LogFileError, read_log_file
from ecarte.play.lesson import newcomer
from ecarte.play.names import level_name, rules_in_words
from ecarte.play.session import logged_opponent, opponent_to_resume
from ecarte.safefile import Skipped
from ecarte.text import printable

from .base import EcarteModalScreen, EcarteScreen
from .cards_render import dim_style
from .key_footer import KeyFooter
from .narration import shown_name


def lines_between_items(text: str, width: int) -> list[str]:
    """``text``'s items (joined by " · ") on lines of ``width`` cells, broken
    between items only, each line but the last ending with its "·" (no-break
    spaces keep an item whole: textwrap reads them as letters)."""
    joined = " ".join(item.replace(" ", "\u00a0") + "\u00a0·" for item in text.split(" · "))
    return [line.replace("\u00a0", " ") for line in textwrap.wrap(joined[: -len("\u00a0·")], width)]


RULES_INDENT = 2
"""Columns the rules under Continue are set in by."""
BANNER = "É C A R T É"
TAGLINE = N_("the French card game for two")
_NOTED: set[Path] = set()
"""Strange entries of the matches folder already told of (once a run)."""
_SKIPPED: list[Skipped] = []
"""Strange entries found by the last scans, not told of yet."""
NOTICES_AT_START = 2
"""At most this many notices of the matches folder's bad entries at start
(two of the longest fit at 80x24); past it, the first and a count of the
others."""


@dataclass(frozen=True)
class Unfinished:
    """Where a saved, unfinished match stands, told under Continue."""

    rules: Rules
    level: str | None
    """The opponent's level as the log names it (``None`` if it does not)."""
    game: int
    """The game the next deal belongs to, from 1."""
    score: tuple[int, int]
    """That game's points, the player's first."""
    games_won: tuple[int, int]


def unfinished_of_log(path: Path) -> Unfinished | None:
    """Where the match a log holds stands (``None`` if unreadable)."""
    try:
        end = read_log_file(path, EndState())  # the state alone, as the scan reads it
    except (LogFileError, OSError):
        return None
    header, match = end.header, end.match
    if header is None or match is None:
        return None
    level = logged_opponent(path, header.extra)  # the header's, or who took over at a Continue
    score = match.score
    game = max(len(match.games), 1)
    if match.games and game_won(max(score), match.rules):
        # The last deal ended a game: the next deal begins the next one.
        game, score = game + 1, [0, 0]
    return Unfinished(
        match.rules,
        level if isinstance(level, str) else None,
        game,
        (score[0], score[1]),
        (match.games_won[0], match.games_won[1]),
    )


class AbandonQuestion(EcarteModalScreen[str]):
    """Asked before a new match is started while one is unfinished:
    "new", "continue" or "cancel". The unfinished match is never deleted:
    it stays in Replay, where it can still be continued."""

    DEFAULT_CSS = """
    AbandonQuestion { align: center middle; background: $background 50%; }
    #abandon-box { width: 60; max-width: 100%; height: auto; border: thick $warning;
      background: $panel; padding: 0 1; }
    #abandon-buttons { height: auto; margin-top: 1; }
    #abandon-buttons Button { margin: 0 1 0 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", N_("New match")),
        Binding("c", "choose('continue')", N_("Continue it")),
        Binding("escape", "choose('cancel')", N_("Cancel")),
    ]

    def __init__(self, unfinished: Path) -> None:
        super().__init__()
        self.unfinished = unfinished

    def compose(self) -> ComposeResult:
        with Vertical(id="abandon-box"):
            yield Static(
                Text(
                    _(
                        "A match is unfinished ({file}). Start a new one? "
                        "The unfinished match stays in Replay, where it can still be continued."
                    ).format(file=printable(self.unfinished.name))
                )
            )
            with Horizontal(id="abandon-buttons"):
                yield Button(_("New match (n)"), id="new", variant="warning", compact=True)
                yield Button(_("Continue it (c)"), id="continue", variant="primary", compact=True)
                yield Button(_("Cancel (Esc)"), id="cancel", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "cancel")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class TitleBox(Vertical):
    """The title's box, which says when its size changes: it grows after it
    is first drawn (Continue and its lines come from a worker), and the
    screen must then look again whether it still fits (``_fit_box``)."""

    class Resized(Message):
        pass

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized())


class TitleScreen(EcarteScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_match", N_("New match")),
        Binding("l", "learn", N_("Learn to play")),
        Binding("c", "continue_match", N_("Continue")),
        Binding("p", "replay", N_("Replay")),
        Binding("t", "stats", N_("Statistics")),
        Binding("s", "settings", N_("Settings")),
        Binding("r,f2", "rules", N_("Rules")),
        Binding("question_mark,f1", "help", N_("Help")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.unfinished: Path | None = None
        self.unfinished_state: Unfinished | None = None
        """Where the unfinished match stands, shown under Continue."""
        self.damaged: Skipped | None = None
        """The newest unfinished match that cannot be continued, damaged
        before its last line (newer than the one Continue resumes, if any):
        named below the menu, and by c, while the title is shown."""

    def compose(self) -> ComposeResult:
        with TitleBox(id="title-box"):
            yield Static(BANNER, id="title-banner")
            yield Static(_(TAGLINE), id="title-tagline")
            yield OptionList(id="title-menu")
            yield Static(id="title-damaged")
            yield Static(id="title-summary")
        yield KeyFooter()

    def on_screen_resume(self) -> None:
        self.refresh_menu()
        self.look_for_unfinished()

    def on_resize(self, event: events.Resize) -> None:
        # A new size: the usual box first, compact again only if it must be.
        if self.has_class("-compact"):
            self.set_class(False, "-compact")
            self.call_after_refresh(self.refresh_menu)
        self.call_after_refresh(self._fit_box)
        self.call_after_refresh(self._show_summary)

    def on_key_footer_height_changed(self) -> None:
        self.call_after_refresh(self._fit_box)

    def on_title_box_resized(self) -> None:
        self.call_after_refresh(self._fit_box)

    def _fit_box(self) -> None:
        """The box goes wider and loses its blank lines and its tagline when
        it would not fit above the footer (a Continue with every rule
        changed, at 80x24); the Continue lines are wrapped again for it."""
        if self.has_class("-compact") or not self.is_mounted:
            return
        box, footer = self.query_one("#title-box"), self.query_one(KeyFooter)
        if box.outer_size.height > self.size.height - footer.outer_size.height:
            self.set_class(True, "-compact")
            self.call_after_refresh(self.refresh_menu)

    @work(thread=True, exclusive=True, group="unfinished", exit_on_error=False)
    def look_for_unfinished(self) -> None:
        # Up to 200 logs may be replayed: off the event loop; Continue
        # appears when one is found.
        notes: list[Skipped] = []
        found = self.ecarte_app.find_unfinished(skipped=notes)
        _SKIPPED.extend(notes)
        state = unfinished_of_log(found) if found is not None else None
        if state is not None and state.level is not None:
            # Named by who will play it: a bot the settings do not name is
            # not started again, and a level plays in its place.
            app = self.ecarte_app
            state = replace(state, level=opponent_to_resume(state.level, app.settings, app.trusted_bot)[0])
        # The scan notes the entries that are not regular files (a FIFO, a
        # folder), and the undecided matches damaged before their end, newest
        # first, which are regular files: the first of these is the match
        # Continue would have resumed.
        damaged = next((note for note in notes if note.path.is_file()), None)
        self.call_from_worker(self.unfinished_found, found, state, damaged)
        skipped, _SKIPPED[:] = list(_SKIPPED), []
        # The damaged match is told in the box, under the menu: not again in
        # a toast over it.
        fresh = [note for note in skipped if note.path not in _NOTED and note != damaged]
        _NOTED.update(note.path for note in [*fresh, *([damaged] if damaged else [])])
        # More notices than the screen holds (at 80x24 the oldest ran off the
        # top and left a fragment): the first, then a count of the others.
        told, untold = (fresh, []) if len(fresh) <= NOTICES_AT_START else (fresh[:1], fresh[1:])
        messages = [printable(translated(note.message)) for note in told]
        if untold:
            messages.append(
                ngettext(
                    "{count} more entry of the matches folder has a problem too; Replay lists it.",
                    "{count} more entries of the matches folder have a problem too; Replay lists them.",
                    len(untold),
                ).format(count=len(untold))
            )
        for message in messages:
            self.call_from_worker(self.notify, message, severity="warning", markup=False)

    def unfinished_found(
        self, found: Path | None, state: Unfinished | None = None, damaged: Skipped | None = None
    ) -> None:
        if (found, state, damaged) != (self.unfinished, self.unfinished_state, self.damaged):
            self.unfinished = found
            self.unfinished_state = state
            self.damaged = damaged
            self.refresh_menu()

    def refresh_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option else None
        offered = {menu.get_option_at_index(index).id for index in range(menu.option_count)}
        # Translators: the title screen's menu.
        options = [Option(_("New match"), id="new")]
        if self.unfinished is not None:
            options.append(Option(self.continue_entry(), id="continue"))
        options += [
            Option(_("Learn to play"), id="learn"),
            Option(_("Replay"), id="replay"),
            Option(_("Statistics"), id="stats"),
            Option(_("Settings"), id="settings"),
            Option(_("Rules"), id="rules"),
            Option(_("Quit"), id="quit"),
        ]
        menu.set_options(options)
        ids = [option.id for option in options]
        if "continue" in ids and "continue" not in offered and highlighted in (None, "new"):
            # Continue appears: the cursor goes to it, so that Enter takes the
            # unfinished match up; after that it stays where the player puts it.
            highlighted = "continue"
        menu.highlighted = ids.index(highlighted) if highlighted in ids else 0
        menu.focus()
        self._show_damaged()
        self._show_summary()
        self.refresh_bindings()
        self.call_after_refresh(self._fit_box)

    def damaged_text(self, *, whole_path: bool = False) -> str | None:
        """What is wrong with the newest unfinished match, and where (its
        file, by name or ``whole_path``, and the line); ``None`` if nothing is."""
        note = self.damaged
        if note is None:
            return None
        file = str(note.path) if whole_path else note.path.name
        # Translators: on the title screen; {reason} is "line 7 is damaged (…), so this
        # match cannot be continued; Replay shows it up to there".
        return _("The unfinished match {file}: {reason}.").format(
            file=printable(file), reason=printable(translated(note.reason))
        )

    def _show_damaged(self) -> None:
        widget = self.query_one("#title-damaged", Static)
        text = self.damaged_text()
        widget.display = text is not None
        widget.update(Text(text or ""))

    def _show_summary(self) -> None:
        widget = self.query_one("#title-summary", Static)
        summary = self.summary()
        width = widget.content_region.width
        if width:
            # As under Continue (not "must / trump: off", "· ace high").
            summary = Text("\n".join(lines_between_items(summary.plain, width)))
        pointer = first_run_pointer()
        widget.update(Text("\n").join([summary, pointer] if pointer else [summary]))

    def continue_entry(self) -> Text:
        """ "Continue", and below it, indented, where that match stands and
        the rules it keeps (they may differ from the settings' rules, which
        apply to a new match). Indented so that, without colours, they do
        not read as entries of the menu."""
        entry = Text(_("Continue"))
        state = self.unfinished_state
        if state is not None:
            width = self.query_one("#title-menu", OptionList).scrollable_content_region.width
            room = max(width - RULES_INDENT, 20)
            for line in textwrap.wrap(self.standing(state), room):
                entry.append("\n" + " " * RULES_INDENT)
                entry.append(line.replace("\u00a0", " "), style=dim_style(True))
            for line in lines_between_items(rules_in_words(state.rules, with_target=True), room):
                entry.append("\n" + " " * RULES_INDENT)
                entry.append(line, style=dim_style(True))
        return entry

    @staticmethod
    def standing(state: Unfinished) -> str:
        """``against Normal, game 1: 2-3`` (the player's points first), with
        the games won when the match has more than one."""
        yours, theirs = state.score
        # Translators: under Continue, where the unfinished match stands: the
        # game being played and its points, the player's first ("2-3").
        if state.level is None:  # a log from elsewhere names no opponent
            text = _("game {game}: {yours}-{theirs}").format(game=state.game, yours=yours, theirs=theirs)
        else:
            # Translators: as above, with the opponent's level ("against Normal").
            text = _("against {level}, game {game}: {yours}-{theirs}").format(
                level=level_name(state.level), game=state.game, yours=yours, theirs=theirs
            )
        if state.rules.games_to_win > 1:
            won = f"{state.games_won[0]}-{state.games_won[1]}"
            # Kept on one line (a no-break space, read by textwrap as a letter).
            text += " · " + _("games won {won}").format(won=won).replace(" ", "\u00a0")
        return text

    def summary(self) -> Text:
        settings = self.ecarte_app.settings
        rules = settings.rules
        level = (
            printable(settings.opponent)
            if settings.opponent.startswith("cmd:")
            else level_name(settings.opponent)
        )
        match = ngettext("game to {target} point", "game to {target} points", rules.target).format(
            target=rules.target
        )
        if rules.games_to_win > 1:
            match = ngettext(
                # Translators: {game} is "game to 5 points".
                "{game}, first to {count} game",
                "{game}, first to {count} games",
                rules.games_to_win,
            ).format(game=match, count=rules.games_to_win)
        # The variants a new match will be played under, as Continue lists its own.
        variants = rules_in_words(rules, capital=False)
        if variants != rules_in_words(Rules(), capital=False):
            match += " · " + variants
        return Text(
            _("{name} against {opponent} · {level} · {match}").format(
                name=shown_name(settings.player_name),
                opponent=shown_name("Computer"),
                level=level,
                match=match,
            )
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_match":
            # With a damaged match and none to continue, c says what is wrong.
            return self.unfinished is not None or self.damaged is not None
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
        unfinished = self.unfinished
        if unfinished is None:
            self.ecarte_app.open_game()
            return

        def answered(choice: str | None) -> None:
            if choice == "new":
                self.ecarte_app.open_game()
            elif choice == "continue":
                self.ecarte_app.open_game(resume=unfinished)

        self.app.push_screen(AbandonQuestion(unfinished), answered)

    def action_continue_match(self) -> None:
        if self.unfinished is not None:
            self.ecarte_app.open_game(resume=self.unfinished)
            return
        text = self.damaged_text(whole_path=True)
        if text is not None:
            self.notify(text, title=_("Continue"), severity="warning", timeout=10, markup=False)

    def action_learn(self) -> None:
        self.app.push_screen("lesson")

    def action_replay(self) -> None:
        self.app.push_screen("replay")

    def action_stats(self) -> None:
        self.app.push_screen("stats")

    def action_settings(self) -> None:
        self.app.push_screen("settings")

    def action_rules(self) -> None:
        self.app.push_screen("rules")


LESSON_POINTER = N_("New to écarté? Learn to play (l) teaches it in three deals.")


def first_run_pointer() -> Text | None:
    """The title screen's line for a newcomer, or ``None``."""
    try:
        return Text(_(LESSON_POINTER), style="bold") if newcomer() else None
    except Exception:  # the title screen must open whatever the data directory holds
        return None
