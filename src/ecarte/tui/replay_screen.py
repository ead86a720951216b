"""Replay: the list of saved matches, and the viewer that steps through a
match log event by event with both hands face up.

Everything read from a log (names, extra header values) is data: it goes on
screen through ``printable`` and Rich ``Text``, never as markup.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Key
from textual.widgets import DataTable, Static

from ecarte.engine import Match
from ecarte.engine.cards import Card, cards_in, sorted_hand, suit_name
from ecarte.engine.scoring import game_won
from ecarte.i18n import N_, _, current_language, ngettext, translated, translated_error
from ecarte.log import LogEvent, LogFileError, Replay, replay_file
from ecarte.log.format import EventType
from ecarte.log.names import COMPUTER, app_players
from ecarte.log.opponents import levels_played
from ecarte.play import paths
from ecarte.play.autosave import has_forfeit, read_forfeit
from ecarte.play.names import levels_in_words, rules_in_words
from ecarte.play.replay_steps import ReplaySteps
from ecarte.play.session import LOG_SUFFIX
from ecarte.safefile import Skipped, folder_problem, regular_files
from ecarte.text import printable, short_name

from .base import RULES_BINDING, EcarteScreen
from .cards_render import card_text, cards_text, suit_text
from .fitted_table import FittedTable
from .key_footer import KeyFooter
from .narration import (
    describe_action,
    describe_deal,
    describe_deal_end,
    liability_warning,
    shown_name,
    spoken_to,
)
from .styled import styled

if TYPE_CHECKING:
    from .analysis_screen import AnalysisPlace

SMALL_LOG_EVENTS = 2000
"""A log already read with at most this many events is stepped through at
once; a longer one is prepared in a worker behind "Loading…"."""
LIST_LIMIT = 500
"""The newest logs listed; older ones stay on disk and open with ``ecarte replay``."""
REPLAY_NAME_CELLS = 20
"""Cells of a player's name beside their hand in the replay's board."""
FORFEIT_REASON_CELLS = 200
"""Cells of a forfeit's reason in the replay's last event: its first line,
which names the bot, the fault and what it answered (the lines after it are
the bot's last lines of standard error)."""


# ---------------------------------------------------------------- the list


@dataclass(frozen=True)
class LogSummary:
    """One row of the list of saved matches."""

    path: Path
    date: str
    players: str
    result: str
    sort_key: float
    resumable: bool = False
    """Unfinished and not forfeited: Continue can take it up again."""
    over: bool = False
    """Decided: someone won the match."""
    forfeited: bool = False
    """Ended by the opponent's forfeit (its ``.forfeit`` file)."""


def _created(extra: dict[str, Any], path: Path) -> tuple[str, float]:
    created = extra.get("created")
    if isinstance(created, str):
        try:
            moment = dt.datetime.fromisoformat(created)
            if moment.tzinfo is not None:
                moment = moment.astimezone()
            return moment.strftime("%Y-%m-%d %H:%M"), moment.timestamp()
        except (ValueError, OverflowError, OSError):
            pass
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return "?", 0.0
    return dt.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M"), mtime


def match_result(replay: Replay) -> str:
    """ "Klara won 5-3", "in progress", or what is wrong with the log."""
    if replay.error is not None and not replay.truncated_last_line:
        return _("invalid log (line {line})").format(line=replay.error.line)
    match = replay.match
    if replay.header is None or match is None:
        return _("in progress")
    if _in_progress(replay) or match.winner is None:
        return _in_progress_score(match)
    # Cut as the Players column cuts them (a program's whole command line
    # would fill the row).
    names = [short_name(name) for name in replay.header.players]
    winner = match.winner
    if match.rules.games_to_win > 1:
        won = match.games_won
        return _("{name} won {score} in games").format(
            name=shown_name(names[winner]), score=f"{won[winner]}-{won[1 - winner]}"
        )
    score = match.games[-1]
    return _("{name} won {score}").format(
        name=shown_name(names[winner]), score=f"{score[winner]}-{score[1 - winner]}"
    )


def _in_progress_score(match: Match) -> str:
    """ "in progress, 3-2": two unfinished matches begun in the same minute
    looked alike in the list without it. The score is the game's being
    played, in the Players column's order (and the games won, in a match of
    several)."""
    score = match.score
    # A game just won is over: the next (not yet dealt) stands at 0-0.
    points = "0-0" if game_won(max(score), match.rules) else f"{score[0]}-{score[1]}"
    if match.rules.games_to_win > 1:
        # Translators: a match of several games not yet decided, in the saved matches' list:
        # the games won, then the points of the game being played, the first player's first.
        return _("in progress, games {games}, {score}").format(
            games=f"{match.games_won[0]}-{match.games_won[1]}", score=points
        )
    # Translators: a match not yet decided, in the saved matches' list: the points so far,
    # the first player's first.
    return _("in progress, {score}").format(score=points)


def forfeit_winner(players: tuple[str, str]) -> int | None:
    """The seat that won a match of the app's by the other's forfeit: only
    the computer (an opponent bot) can forfeit; ``None`` if the log does not
    say which seat the computer was."""
    computer = [seat for seat in (0, 1) if players[seat] == COMPUTER]
    return 1 - computer[0] if len(computer) == 1 else None


def _in_progress(replay: Replay) -> bool:
    """A readable log whose match has no winner yet."""
    if replay.error is not None and not replay.truncated_last_line:
        return False
    return replay.header is None or replay.match is None or replay.match.winner is None


def summarize_log(path: Path) -> LogSummary:
    try:
        replay = replay_file(path)
    except LogFileError as error:
        date, stamp = _created({}, path)
        return LogSummary(
            path, date, "?", _("unreadable: {error}").format(error=printable(translated_error(error))), stamp
        )
    if replay.header is None:
        date, stamp = _created({}, path)
        line = replay.error.line if replay.error else 1
        return LogSummary(path, date, "?", _("invalid log (line {line})").format(line=line), stamp)
    header = replay.header
    date, stamp = _created(header.extra, path)
    players = _("{name} vs {other}").format(
        name=shown_name(short_name(header.players[0])), other=shown_name(short_name(header.players[1]))
    )
    levels = [level for level, __ in levels_played(header.extra, replay.events)]
    if levels:
        players += f" ({levels_in_words(levels)})"
    result = match_result(replay)
    resumable = _in_progress(replay)
    # Decided, as the Result column says it ("Klara won 5-3"), not "invalid log".
    over = not resumable and replay.match is not None and replay.match.winner is not None
    over = over and (replay.error is None or replay.truncated_last_line)
    forfeited = False
    if resumable and has_forfeit(path):
        winner = forfeit_winner(header.players)
        result = (
            _("{name} won by forfeit").format(name=shown_name(short_name(header.players[winner])))
            if winner is not None
            else _("ended by forfeit")
        )
        resumable, forfeited = False, True
    return LogSummary(path, date, players, result, stamp, resumable=resumable, over=over, forfeited=forfeited)


def _mtime(path: Path) -> float:
    # The file may go between listing and looking: it sorts last.
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


_SUMMARIES: dict[tuple[Path, int, int, bool, str], LogSummary] = {}
"""Each log's summary by its path, time, size, forfeit and the language it
is said in: the list is read again each time it is shown (a match played
or replaced meanwhile), and replays only the logs that changed."""
_SUMMARIES_LOCK = threading.Lock()


def _summary_of(path: Path) -> LogSummary:
    try:
        stamp = path.stat()
    except OSError:
        return summarize_log(path)
    key = (path, stamp.st_mtime_ns, stamp.st_size, has_forfeit(path), current_language())
    with _SUMMARIES_LOCK:
        known = _SUMMARIES.get(key)
    if known is None:
        known = summarize_log(path)
        with _SUMMARIES_LOCK:
            if len(_SUMMARIES) > 4 * LIST_LIMIT:
                _SUMMARIES.clear()
            _SUMMARIES[key] = known
    return known


def saved_logs(directory: Path | None = None) -> list[LogSummary]:
    """The saved matches, newest first."""
    folder = directory or paths.matches_dir()
    # A folder, a FIFO or a broken link named like a log is listed, saying
    # what it is (as ecarte check and the statistics say it), not left out.
    skipped: list[Skipped] = []
    files = sorted(regular_files(folder, LOG_SUFFIX, skipped), key=_mtime, reverse=True)
    summaries = [_summary_of(path) for path in files[:LIST_LIMIT]]
    for entry in skipped:
        date, stamp = _created({}, entry.path)
        result = _("unreadable: {error}").format(error=translated(entry.reason))
        summaries.append(LogSummary(entry.path, date, "?", result, stamp))
    summaries.sort(key=lambda summary: (summary.sort_key, _taken_after(summary.path)), reverse=True)
    return summaries


def _taken_after(path: Path) -> int:
    """How many matches begun in the same second took the log's name first:
    ``…-174354-2`` is the third, after ``…-174354`` and ``…-174354-1``
    (``autosave.create_log``), which the date alone, to the second, cannot order."""
    stem = path.name.removesuffix(LOG_SUFFIX)
    head, dash, number = stem.rpartition("-")
    return int(number) if dash and head.count("-") == 1 and number.isdigit() and len(number) <= 2 else 0


class ReplayListScreen(EcarteScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        # Translators: open the saved match under the cursor in the replay viewer.
        Binding("enter", "open", N_("Open"), priority=True),
        Binding("c", "continue_match", N_("Continue it")),
        # The same key on a row that cannot be continued: it says why (not in the footer).
        Binding("c", "cannot_continue", N_("Continue it"), show=False),
        Binding("escape,q", "app.pop_screen", N_("Back")),
        Binding("question_mark,f1", "help", N_("Help")),
        RULES_BINDING,
    ]

    def __init__(self, directory: Path | None = None) -> None:
        super().__init__()
        self.directory = directory
        self.summaries: list[LogSummary] = []

    def compose(self) -> ComposeResult:
        yield Static(_("Saved matches"), id="replay-list-title")
        yield Static(_("Reading the saved matches…"), id="replay-list-empty")
        # The players and the result wrap only if need be (a program's long
        # name): the app's own matches take a line each at 80 columns.
        table = FittedTable(wrapped=(1, 2), id="replay-table", cursor_type="row", zebra_stripes=True)
        table.display = False
        yield table
        # The file of the row under the cursor, whole, under the table
        # (a column of file names made every row two lines at 80 columns).
        yield Static(id="replay-list-file", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.load()

    def on_screen_resume(self) -> None:
        # Back from a replay or a match: a match may have been played on,
        # won or replaced meanwhile; the row under the cursor stays.
        if self.summaries:
            self.load()

    @work(thread=True, exclusive=True)
    def load(self) -> None:
        # Each log is replayed to find its result: off the event loop.
        summaries = saved_logs(self.directory)
        problem = folder_problem(self.directory or paths.matches_dir())
        self.call_from_worker(self.show, summaries, problem)

    def show(self, summaries: list[LogSummary], problem: str | None = None) -> None:
        """``problem``: why the folder cannot be listed (it is a file, say)."""
        before = self.selected()
        self.summaries = summaries
        table = self.query_one(FittedTable)
        # Translators: the saved matches' column heads.
        headings = [Text(_("Date")), Text(_("Players")), Text(_("Result"))]
        rows = [[Text(summary.date), Text(summary.players), Text(summary.result)] for summary in summaries]
        table.show(headings, rows)
        empty = self.query_one("#replay-list-empty", Static)
        if before is not None:
            row = next((i for i, summary in enumerate(summaries) if summary.path == before.path), None)
            if row is not None:
                table.move_cursor(row=row, animate=False)
        self.show_file()
        if summaries:
            empty.display = False
            table.display = True
            table.focus()
        elif problem is not None:
            # What is wrong with the folder, and where: "no matches yet" would not be true.
            empty.update(
                Text(
                    _("No saved matches can be listed: {problem}.").format(
                        problem=printable(translated(problem))
                    )
                )
            )
        else:
            folder = self.directory or paths.matches_dir()
            empty.update(
                Text(
                    _("No saved matches yet. Matches are saved in {folder} as they are played.").format(
                        folder=folder
                    )
                )
            )

    def selected(self) -> LogSummary | None:
        row = self.query_one(DataTable).cursor_row
        return self.summaries[row] if self.summaries and 0 <= row < len(self.summaries) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("continue_match", "cannot_continue"):
            summary = self.selected()
            return summary is not None and summary.resumable == (action == "continue_match")
        return True

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.refresh_bindings()
        self.show_file()

    def show_file(self) -> None:
        """The line under the table: the file of the row under the cursor,
        as ``ecarte replay`` and ``ecarte check`` take it."""
        summary = self.selected()
        line = self.query_one("#replay-list-file", Static)
        line.display = summary is not None
        if summary is not None:
            # Translators: under the saved matches, the file of the one under the cursor.
            line.update(Text(_("File: {path}").format(path=printable(str(summary.path))), style="dim"))

    def action_continue_match(self) -> None:
        summary = self.selected()
        if summary is not None and summary.resumable:
            self.ecarte_app.open_game(resume=summary.path)

    def action_cannot_continue(self) -> None:
        """c on a row that cannot be continued: why, rather than nothing."""
        summary = self.selected()
        if summary is None or summary.resumable:
            return
        if summary.over:
            text = _("This match is over: Enter replays it.")
        elif summary.forfeited:
            text = _("This match ended by forfeit: Enter replays it.")
        else:
            # The reason is the Result column's: "invalid log (line 5)", "unreadable: …".
            text = _sentence(_("This match cannot be continued: {reason}").format(reason=summary.result))
        self.notify(text, title=_("Continue"), timeout=6, markup=False)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.open_row(event.cursor_row)

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if self.summaries:
            self.open_row(table.cursor_row)

    def open_row(self, row: int) -> None:
        if 0 <= row < len(self.summaries):
            self.ecarte_app.open_replay(self.summaries[row].path)


# ---------------------------------------------------------------- the viewer


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


class ReplayViewerScreen(EcarteScreen[None]):
    """Steps through ``replay``: position 0 is the start, position ``k`` the
    state after the ``k``-th valid event."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Back"), key_display="←", priority=True),
        Binding("right", "step(1)", N_("Forward"), key_display="→", priority=True),
        Binding("pageup", "deal(-1)", N_("Prev deal"), key_display="PgUp", priority=True),
        Binding("pagedown", "deal(1)", N_("Next deal"), key_display="PgDn", priority=True),
        # Translators: the replay's first and last positions (Home and End keys).
        Binding("home", "jump_start", N_("Start"), show=False, priority=True),
        Binding("end", "jump_end", N_("End"), show=False, priority=True),
        Binding("a", "analyse", N_("Analysis")),
        Binding("question_mark,f1", "help", N_("Help")),
        RULES_BINDING,
        Binding("escape,q", "close", N_("Close")),
        # Translators: Esc in a replay opened from the analysis of a match: back to that analysis.
        Binding("escape,q", "back_to_analysis", N_("Back to the analysis")),
    ]

    def __init__(self, path: Path, replay: Replay | None = None, *, at_end: bool = False) -> None:
        """``replay``: the log already read; without it, the viewer reads
        ``path`` itself, in a worker, showing "Loading…" meanwhile.
        ``at_end``: open at the last event (a match watched as it is
        played), not at the start."""
        super().__init__()
        self.path = path
        self.replay: Replay = replay if replay is not None else Replay(header=None)
        self.steps: ReplaySteps | None = None
        """``None`` while the log is being read."""
        self.position = 0
        self.at_end = at_end
        self._given = replay is not None
        self.names: tuple[str, str] = ("?", "?")
        self.hidden_seat: int | None = None
        """The seat whose cards stay face down (``seat_kept_hidden``)."""
        self.forfeit: str | None = None
        """Why the computer forfeited this match (its ``.forfeit`` file), if it did."""
        self.analysis_note: tuple[int, Text] | None = None
        """What the analysis said of the decision chosen there, and its
        position: shown under the status line while the replay is at that
        position (a toast covered the footer for seconds, and spoke on of a
        position the player had stepped away from)."""
        self.analysis_place: AnalysisPlace | None = None
        """Where the analysis of this log was left, to open it again as it
        was (``analysis_screen.open_analysis``)."""

    @property
    def events(self) -> list[LogEvent]:
        return self.replay.events

    @property
    def loaded(self) -> bool:
        return self.steps is not None

    @property
    def last_position(self) -> int:
        return self.steps.last_position if self.steps is not None else 0

    def state(self, position: int) -> Match | None:
        if self.steps is None or self.steps.empty:
            return None
        return self.steps.state(position)

    def compose(self) -> ComposeResult:
        yield Static(Text(_("Replay of {file}").format(file=printable(self.path.name))), id="replay-title")
        error = Static(id="replay-error")
        error.display = False
        yield error
        yield Static(Text(_("Loading…"), style="italic"), id="replay-status")
        note = Static(id="replay-note")
        note.display = False
        yield note
        yield Static(id="replay-event")
        with VerticalScroll(id="replay-board"):
            yield Static(id="replay-board-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        if self._given and len(self.replay.events) <= SMALL_LOG_EVENTS:
            # A short log already read: ready at once, nothing to wait for.
            self.loaded_log(self.replay, ReplaySteps(self.replay))
        else:
            self.load()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def load(self) -> None:
        # Reading and replaying a long log takes a while: off the event loop.
        try:
            replay = self.replay if self._given else replay_file(self.path)
            steps = ReplaySteps(replay)
        except LogFileError as error:
            self.call_from_worker(self.failed, translated_error(error))
            return
        except Exception as error:  # shown to the player, never a traceback that ends the app
            self.call_from_worker(
                self.failed, _("{path}: cannot be replayed: {error}").format(path=self.path, error=error)
            )
            return
        self.call_from_worker(self.loaded_log, replay, steps)

    def failed(self, message: str) -> None:
        error = self.query_one("#replay-error", Static)
        error.update(Text(printable(message, keep_newlines=True)))
        error.display = True
        self.query_one("#replay-status", Static).update(Text(_("Nothing to replay."), style="dim"))
        self.notify(printable(message), title=_("Replay"), severity="error", timeout=10, markup=False)

    def loaded_log(self, replay: Replay, steps: ReplaySteps) -> None:
        self.replay = replay
        self.steps = steps
        header = replay.header
        # The app's player is spoken to in their own match ("You lead"), whatever their name.
        self.names = (
            app_players((short_name(header.players[0]), short_name(header.players[1])), header.extra)
            if header
            else ("?", "?")
        )
        final = None if steps.empty else steps.state(steps.last_position)
        self.forfeit = read_forfeit(self.path)
        # Ended: decided, forfeited (kept beside the log), or damaged before
        # its end, so that it can never be continued: nothing to hide then.
        ended = (final is not None and final.is_over) or not replay.can_continue or self.forfeit is not None
        self.hidden_seat = seat_kept_hidden(header.players, ended) if header else None
        self.query_one("#replay-title", Static).update(self.title_text())
        error_text = self.error_text()
        if error_text is not None:
            error = self.query_one("#replay-error", Static)
            error.update(error_text)
            error.display = True
        if self.at_end:
            self.position = self.last_position
        self.show()

    # ------------------------------------------------------------ text

    def title_text(self) -> Text:
        text = Text(_("Replay of {file}").format(file=printable(self.path.name)))
        header = self.replay.header
        if header is not None:
            players = _("{name} vs {other}").format(
                name=shown_name(self.names[0]), other=shown_name(self.names[1])
            )
            text.append(f" · {players}")
            text.append(f" · {rules_in_words(header.rules, with_target=True)}", style="dim")
        return text

    def error_text(self) -> Text | None:
        error = self.replay.error
        if error is None:
            return None
        values = {
            "line": error.line,
            "error": printable(translated(error.message)),
            "count": len(self.events),
        }
        if self.replay.header is None:
            if self.replay.truncated_last_line:
                text = _(
                    "The last line ({line}) was cut short while it was being written. "
                    "Nothing can be replayed."
                )
            else:
                text = _("Line {line} is invalid: {error}. Nothing can be replayed.")
        elif self.replay.truncated_last_line:
            text = ngettext(
                "The last line ({line}) was cut short while it was being written. "
                "The replay shows the {count} valid event before it.",
                "The last line ({line}) was cut short while it was being written. "
                "The replay shows the {count} valid events before it.",
                len(self.events),
            )
        else:
            text = ngettext(
                "Line {line} is invalid: {error}. The replay shows the {count} valid event before it.",
                "Line {line} is invalid: {error}. The replay shows the {count} valid events before it.",
                len(self.events),
            )
        return Text(text.format(**values))

    def forfeit_text(self, reason: str) -> str:
        """The end of a match the computer forfeited: who, why (the reason's
        first line, cut short), and who wins."""
        why = short_name(reason.splitlines()[0] if reason.strip() else reason, FORFEIT_REASON_CELLS)
        winner = forfeit_winner(self.replay.header.players) if self.replay.header else None
        # The reason last: it may take lines of its own, and says "forfeits" too.
        if winner is None:
            return _("The opponent forfeits the match: {reason}").format(reason=why)
        loser = shown_name(self.names[1 - winner])
        if spoken_to(self.names[winner]):
            return _("{name} forfeits the match, so you win it: {reason}").format(name=loser, reason=why)
        return _("{name} forfeits the match, so {other} wins it: {reason}").format(
            name=loser, reason=why, other=shown_name(self.names[winner])
        )

    def event_text(self, position: int) -> str:
        """The event that led to ``position``, in words."""
        symbols = self.ecarte_app.settings.symbols
        if position == 0:
            if self.replay.header is None:
                return _("No valid header: nothing to replay.")
            first = self.names[self.replay.header.first_dealer]
            if spoken_to(first):
                return _("The start of the match. You deal first.")
            return _("The start of the match. {name} deals first.").format(name=shown_name(first))
        event = self.events[position - 1]
        before, after = self.state(position - 1), self.state(position)
        assert before is not None and after is not None
        if event.type == EventType.DEAL:
            text = describe_deal(after, self.names, symbols)
        else:
            assert event.action is not None and event.player is not None
            text = describe_action(before, event.player, event.action, self.names, symbols)
            if self.deal_ended(before, after):
                text = _sentence(text) + " " + describe_deal_end(after.deals[-1], self.names)
        if position == len(self.events) and self.forfeit is not None:
            text = _sentence(text) + " " + self.forfeit_text(self.forfeit)
        if after.winner is not None:
            winner = self.names[after.winner]
            won = (
                _("You win the match.")
                if spoken_to(winner)
                else _("{name} wins the match.").format(name=shown_name(winner))
            )
            text = _sentence(text) + " " + won
        return text

    @staticmethod
    def deal_ended(before: Match, after: Match) -> bool:
        if not after.deals:
            return False
        record, previous = after.deals[-1], before.deals[-1]
        return (record.tricks is not None and previous.tricks is None) or (
            record.ended_game is not None and previous.ended_game is None
        )

    def status_text(self, position: int) -> Text:
        state = self.state(position)
        deals = sum(1 for event in self.events[:position] if event.type == EventType.DEAL)
        text = Text(_("Event {position} of {count}").format(position=position, count=len(self.events)))
        if state is not None and deals:
            # Numbered as the card table numbers them: the deal within its game.
            where = _("game {game}, deal {deal}").format(game=len(state.games), deal=state.deal_in_game())
            text.append(" · " + where)
        if position == len(self.events) and self.replay.error is None:
            text.append(" · " + _("the end of the log"), style="dim")
        return text

    def board(self, position: int) -> Group | Text:
        state = self.state(position)
        if state is None:
            return Text("")
        symbols = self.ecarte_app.settings.symbols
        names = [shown_name(name) for name in self.names]
        rules = state.rules
        score = state.score
        lines: list[Text | Table] = []
        values = {"name": names[0], "score": score[0], "other": names[1], "other_score": score[1]}
        line = _("Score: {name} {score}, {other} {other_score} (game to {target})").format(
            target=rules.target, **values
        )
        if rules.games_to_win > 1:
            line += " · " + _("games won {won}").format(won=f"{state.games_won[0]}-{state.games_won[1]}")
        lines.append(Text(line))
        if not state.deals:
            lines.append(Text(_("No deal yet.")))
            return Group(*lines)
        dealt = styled(
            # Translators: {trump} is the suit's sign (♣), {suit} its name (clubs).
            ngettext(
                "Dealer: {name} · Turned up: {card} · Trumps: {trump} {suit} · Stock: {count} card",
                "Dealer: {name} · Turned up: {card} · Trumps: {trump} {suit} · Stock: {count} cards",
                state.stock_size,
            ),
            name=names[state.dealer],
            card=card_text(state.upcard, symbols),
            trump=suit_text(state.trump, symbols),
            suit=suit_name(state.trump),
            count=state.stock_size,
        )
        lines.append(dealt)
        table = Table.grid(padding=(0, 2))
        table.add_column("player", no_wrap=True)
        table.add_column("hand")
        table.add_column("discards")
        table.add_column("tricks", justify="right")
        table.add_row(
            Text("", style="bold"),
            # Translators: the replay's columns: the cards held, those discarded, the tricks taken.
            Text(_("Hand"), style="dim"),
            Text(_("Discards"), style="dim"),
            Text(_("Tricks"), style="dim"),
        )
        for seat in (0, 1):
            # Translators: the roles in a deal, beside a player's name.
            role = _("dealer") if seat == state.dealer else _("elder")
            hand = state.hand(seat)
            # In the order of the hand beside them (trumps first, strongest first).
            discards = sorted_hand(cards_in(state.discards[seat]), state.trump, state.rules.ace_high)
            if seat == self.hidden_seat:
                shown_hand, shown_discards = face_down(len(hand)), face_down(len(discards))
            else:
                shown_hand = cards_text(hand, symbols) if hand else Text("—", style="dim")
                shown_discards = cards_text(discards, symbols) if discards else Text("—", style="dim")
            table.add_row(
                # Cut, ending in "…", to keep the hands in view at 80 columns:
                # a name cut without the mark reads as another name.
                Text(f"{short_name(names[seat], REPLAY_NAME_CELLS)} ({role})", style="bold"),
                shown_hand,
                shown_discards,
                Text(str(state.tricks_won[seat])),
            )
        lines.append(table)
        if self.hidden_seat is not None:
            lines.append(
                Text(
                    _("The computer's cards stay face down while the match is being played."),
                    style="dim",
                )
            )
        lines.append(self.trick_text(state, position, names, symbols))
        warning = liability_warning(state, self.names) if state.deals[-1].tricks is None else None
        if warning is not None:
            lines.append(Text(warning, style="yellow"))
        if state.announced:
            announced = [names[seat] for seat in state.announced]
            if len(announced) == 1:
                said = _("King announced by {name}.").format(name=announced[0])
            else:
                said = _("King announced by {name} and {other}.").format(
                    name=announced[0], other=announced[1]
                )
            lines.append(Text(said))
        return Group(*lines)

    def trick_text(self, state: Match, position: int, names: list[str], symbols: bool) -> Text:
        def cards_by_seat(leader: int, cards: Sequence[Card]) -> Text:
            plays = [
                Text(f"{names[leader if index == 0 else 1 - leader]} ").append_text(card_text(card, symbols))
                for index, card in enumerate(cards)
            ]
            return styled(_("Trick: {cards}"), cards=Text(", ").join(plays))

        if state.trick:
            return cards_by_seat(state.leader, state.trick)
        event = self.events[position - 1] if position else None
        if state.tricks and event is not None and event.type == EventType.CARD:
            # The trick this card completed: show it, or the card vanishes at once.
            last = state.tricks[-1]
            text = cards_by_seat(last.leader, last.cards)
            # "won by You" read as a name mid-sentence: the player is spoken to.
            if spoken_to(self.names[last.winner]):
                # Translators: after a trick's cards in the replay: the player took the trick.
                text.append(" · " + _("you won it"))
            else:
                text.append(" · " + _("won by {name}").format(name=names[last.winner]))
            return text
        return Text(_("Trick: {cards}").format(cards="—"), style="dim")

    # ------------------------------------------------------------ moving

    def show(self) -> None:
        if self.steps is None:
            return
        position = self.position
        self.query_one("#replay-status", Static).update(self.status_text(position))
        self.query_one("#replay-event", Static).update(Text(self.event_text(position)))
        self.query_one("#replay-board-text", Static).update(self.board(position))
        note = self.query_one("#replay-note", Static)
        at_note = self.analysis_note is not None and self.analysis_note[0] == position
        if at_note and self.analysis_note is not None:
            note.update(self.analysis_note[1])
        note.display = at_note

    def forget_analysis_note(self) -> None:
        """The analysis is shown again: it says the note under its row."""
        self.analysis_note = None
        if self.is_mounted:
            self.query_one("#replay-note", Static).display = False

    def show_analysis_note(self, position: int, note: Text) -> None:
        """Go to ``position`` and say there what the analysis said of it."""
        self.analysis_note = (position, note)
        self.position = max(0, min(position, self.last_position))
        self.show()

    def go(self, position: int) -> None:
        if self.steps is None:
            return
        position = max(0, min(position, self.last_position))
        if position != self.position:
            self.position = position
            self.show()

    def action_step(self, delta: int) -> None:
        self.go(self.position + delta)

    def action_deal(self, direction: int) -> None:
        if self.steps is None:
            return
        starts = self.steps.deal_positions
        if direction > 0:
            later = [start for start in starts if start > self.position]
            self.go(later[0] if later else self.last_position)
        else:
            earlier = [start for start in starts if start < self.position]
            self.go(earlier[-1] if earlier else 0)

    def action_jump_start(self) -> None:
        self.go(0)

    def action_jump_end(self) -> None:
        self.go(self.last_position)

    def action_analyse(self) -> None:
        if self.hidden_seat is not None:
            self.notify(
                _("The analysis opens when the match is over: it would show the computer's cards."),
                title=_("Analysis"),
                timeout=8,
            )
            return
        self.ecarte_app.show_analysis(self)

    @property
    def back_to_analysis(self) -> bool:
        """Whether Esc goes back to the analysis this viewer was opened to
        host (the end of a match's ``a``), after a decision chosen there:
        the analysis, not this replay, is where the player came from."""
        place = self.analysis_place
        return place is not None and place.hosted

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Esc's two bindings: the footer names where it goes.
        if action == "close":
            return not self.back_to_analysis
        if action == "back_to_analysis":
            return self.back_to_analysis
        return True

    def on_key(self, event: Key) -> None:
        # A letter no binding takes would pass in silence, as at the table.
        character = self.unbound_letter(event)
        if character is not None:
            self.notify_in_passing(self.key_does_nothing(character), title=_("Replay"), timeout=4)

    def action_close(self) -> None:
        self.app.pop_screen()

    def action_back_to_analysis(self) -> None:
        """The analysis as it was left: the same rows, the same row."""
        self.forget_analysis_note()
        self.ecarte_app.show_analysis(self)

    def action_rules(self) -> None:
        """The rules page, opening with the rules the match was played under."""
        header = self.replay.header
        self.ecarte_app.show_rules(header.rules if header is not None else None)

    def action_help(self) -> None:
        state = self.state(self.position)
        # Before the first deal, the game in brief: "a new deal" would speak
        # of a deal the screen says is not there yet.
        phase = state.phase if state is not None and state.deals else None
        rules = self.replay.header.rules if self.replay.header is not None else None
        self.ecarte_app.show_help(phase, table_keys=False, rules=rules)


def seat_kept_hidden(players: tuple[str, str], over: bool) -> int | None:
    """The seat whose hand and discards the viewer keeps face down: the
    computer's, in a match of the app's not yet over (``over``: decided, or
    ended otherwise, never to be continued). Its player may be
    watching from a second window while the first still plays it (or come
    back to it later), and must not see what the table hides. Any other
    log (two bots, a finished match) is shown face up."""
    if over:
        return None
    computer = [seat for seat in (0, 1) if players[seat] == COMPUTER]
    return computer[0] if len(computer) == 1 else None


def face_down(count: int) -> Text:
    """``count`` cards face down (the card table's backs), or a dash."""
    return Text(" ".join(["▒▒"] * count)) if count else Text("—", style="dim")
