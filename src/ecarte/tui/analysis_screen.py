"""The analysis of a match (``docs/analysis.md``): every decision with a
choice, what it cost in win-chance points and its label, each seat's
accuracy, seat 0's win chance after every event drawn over the match with
the deals marked, and each deal's result with all cards known.

The numbers are ``analysis.match_analysis.analyse_replay``'s (the same as
``ecarte analyse FILE``, seed 0), computed in a thread worker behind a
progress bar; leaving the screen cancels it. Opened from the replay viewer
(``open_analysis``) and offered at the end of a match
(``analyse_finished_match``). Choosing a decision (Enter) takes the viewer
to the moment of that decision and says what the best option was.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Console
from rich.style import StyleType
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import DataTable, ProgressBar, Static
from textual.worker import get_current_worker

from ecarte.ai.evaluator import NOISE_ERRORS
from ecarte.analysis.match_analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    DealResult,
    Decision,
    MatchAnalysis,
    analyse_replay,
)
from ecarte.analysis.saved import keep_for_the_record
from ecarte.engine import Action
from ecarte.i18n import N_, _, decimal_text, ngettext, number_text, pgettext, translated_error
from ecarte.log import Replay
from ecarte.log.names import app_players
from ecarte.play import paths
from ecarte.play.autosave import has_forfeit
from ecarte.text import printable

from .base import EcarteScreen, while_open
from .fitted_table import FittedTable
from .hint_panel import last_too_close, option_text
from .key_footer import KeyFooter
from .narration import shown_name, spoken_to
from .styled import styled

if TYPE_CHECKING:
    from textual.app import App

    from .replay_screen import ReplayViewerScreen

LARGE_HEIGHT = 36
"""From this many rows on, the graph is drawn taller."""
DETAIL_LINES, DETAIL_LINES_LARGE, DETAIL_MOST = 3, 4, 7
"""The detail's lines below the table: at least (smaller, larger terminals),
and at most, when a row's words need more (``_fit_detail``)."""
SEED = 0
"""The seed ``ecarte analyse`` uses by default: the app shows the same numbers."""
LABEL_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
_KEPT: OrderedDict[tuple[str, int, int, int], MatchAnalysis] = OrderedDict()
"""The last analyses made, by log (path, size, time, valid events): coming
back to the view after a jump does not analyse the match again."""
KEPT_ANALYSES = 8


def _key(path: Path, replay: Replay) -> tuple[str, int, int, int]:
    try:
        info = path.stat()
        size, mtime = info.st_size, info.st_mtime_ns
    except OSError:
        size = mtime = -1
    return (str(path), size, mtime, len(replay.events))


def columns(points: int, width: int) -> list[range]:
    """The points each of ``width`` columns shows (at least one each; a
    point may fill several columns when there are fewer points)."""
    if points <= 0 or width <= 0:
        return []
    spans = []
    for column in range(width):
        start = min(points - 1, column * points // width)
        end = max(start + 1, (column + 1) * points // width)
        spans.append(range(start, min(end, points)))
    return spans


BAR_LEVELS = "▁▂▃▄▅▆▇█"
"""A cell of a bar filled by eighths, from the bottom."""
HALF_LINE = "╌"
"""The 50% line where no bar covers it, in the row just above the middle: a
dashed line, not "▁", which is also a bar just above 50% and made the line
read as data (a chance of 51% across a lost match)."""


def chance_bars(
    values: list[float], rows: int, ahead: StyleType = "green", behind: StyleType = "red"
) -> list[Text]:
    """``values`` (0-100) as bars ``rows`` high, top row first, on a fixed
    0%-100% scale with the 50% line drawn where no bar covers it: the same
    height means the same chance in every match. A bar at or above 50% (the
    player ahead) is drawn in ``ahead``, one below it in ``behind``."""
    eighths = len(BAR_LEVELS)
    levels = rows * eighths
    half_row = rows // 2  # counted from the bottom: its lowest eighth is the 50% mark
    lines = []
    for row in reversed(range(rows)):
        line = Text()
        for value in values:
            filled = round(min(100.0, max(0.0, value)) / 100 * levels) - row * eighths
            style = ahead if value >= 50 else behind
            if filled > 0:
                line.append(BAR_LEVELS[min(filled, eighths) - 1], style=style)
            elif row == half_row:
                line.append(HALF_LINE, style="dim")
            else:
                line.append(" ")
        lines.append(line)
    return lines


class ChanceBars(Widget):
    """The win chance as bars, one per column (``chance_bars``), on a fixed
    0%-100% scale. Textual's ``Sparkline`` stretched each match from its
    lowest to its highest value: a flat line read "31%" at both ends."""

    DEFAULT_CSS = """
    ChanceBars { width: 1fr; }
    ChanceBars > .chance--ahead { color: $success; }
    ChanceBars > .chance--behind { color: $error; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"chance--ahead", "chance--behind"}

    values: reactive[tuple[float, ...]] = reactive(())

    def render(self) -> Text:
        rows = chance_bars(
            list(self.values),
            max(2, self.size.height),
            self.get_component_rich_style("chance--ahead"),
            self.get_component_rich_style("chance--behind"),
        )
        return Text("\n").join(rows)


def axis_text(rows: int) -> Text:
    """The graph's scale: 100% at the top, 50% on the row the 50% line is
    drawn in, 0% at the bottom."""
    labels = [""] * rows
    labels[0], labels[rows - 1 - rows // 2], labels[-1] = "100%", " 50%", "  0%"
    return Text("\n".join(labels))


class WinChanceGraph(Vertical):
    """Seat 0's chance of winning the match after every event, one column
    per few events (``ChanceBars``, 0%-100% with the 50% line), the deals
    marked below it and the decision chosen in the list pointed at."""

    DEFAULT_CSS = """
    WinChanceGraph { height: auto; }
    WinChanceGraph #graph-row { height: 4; }
    WinChanceGraph #graph-axis { width: 5; height: 4; color: $text-muted; }
    WinChanceGraph ChanceBars { width: 1fr; height: 4; }
    WinChanceGraph #graph-marks { height: 1; padding-left: 5; color: $text-muted; }
    /* A second line when a long name needs it, rather than a cut caption. */
    WinChanceGraph #graph-caption { height: auto; color: $text-muted; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.series: list[tuple[int, float]] = []
        self.deal_marks: list[tuple[int, int]] = []
        """Each deal's first log line and its number within its game."""
        self.selected: int | None = None
        """The log line of the decision chosen in the list."""
        self.caption = ""

    def compose(self) -> ComposeResult:
        with Horizontal(id="graph-row"):
            yield Static(id="graph-axis")
            yield ChanceBars(id="graph-bars")
        yield Static(id="graph-marks")
        yield Static(id="graph-caption")

    def show(self, series: list[tuple[int, float]], deal_marks: list[tuple[int, int]], caption: str) -> None:
        self.series = series
        self.deal_marks = deal_marks
        self.caption = caption
        self.redraw()

    def point_to(self, line: int | None) -> None:
        if line != self.selected:
            self.selected = line
            self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def _column_of(self, spans: list[range], line: int) -> int | None:
        index = next((i for i, (at, _) in enumerate(self.series) if at >= line), None)
        if index is None:
            return None
        return next((column for column, span in enumerate(spans) if index in span), None)

    def redraw(self) -> None:
        if not self.is_mounted:
            return
        bars = self.query_one(ChanceBars)
        width = bars.size.width or max(10, self.size.width - 5)
        spans = columns(len(self.series), width)
        values = [sum(self.series[i][1] for i in span) / len(span) for span in spans]
        bars.values = tuple(values)
        axis = self.query_one("#graph-axis", Static)
        if values:
            # The same scale in every match: a learner sees at once when they were ahead.
            axis.update(axis_text(max(2, self.query_one("#graph-row").size.height or 4)))
        else:
            axis.update("")
        at: list[tuple[int, int]] = []
        for line, number in self.deal_marks:
            column = self._column_of(spans, line)
            if column is not None:
                at.append((column, number))
        marks = deal_marks_line(at, width)
        text = Text("".join(marks), style="dim")
        if self.selected is not None:
            column = self._column_of(spans, self.selected)
            if column is not None:
                text = Text("".join(marks[:column]), style="dim")
                if marks[column] == " ":
                    text.append("▲", style="bold yellow")
                else:  # on a deal's number: shown reversed, not covered
                    text.append(marks[column], style="bold reverse")
                text.append("".join(marks[column + 1 :]), style="dim")
        self.query_one("#graph-marks", Static).update(text)
        self.query_one("#graph-caption", Static).update(Text(self.caption))


def deal_marks_line(marks: list[tuple[int, int]], width: int) -> list[str]:
    """The line under the graph, a cell each: every deal's number (``marks``:
    its column and its number within its game) where it starts, numbered as
    the table numbers them, so that a 1 is a game's first deal. Numbers never
    touch: one that would (deals a column or two apart) is left out, the
    games' 1s placed first, so that where a game ended and the next began
    still shows (game 1's deal 4 beside game 2's deal 1 read "41")."""
    cells = [" "] * width
    firsts = [mark for mark in marks if mark[1] == 1]
    for column, number in firsts + [mark for mark in marks if mark[1] != 1]:
        label = str(number)
        end = column + len(label)
        if end > width or any(cell != " " for cell in cells[max(0, column - 1) : end + 1]):
            continue  # no room: it would run into its neighbour (or off the edge)
        cells[column:end] = label
    return cells


def win_chance_caption(name: str) -> str:
    """The graph's caption, for the player seen from seat 0."""
    if spoken_to(name):
        return _("Your chance of winning the match after each event; numbers: the deals")
    return _("{name}'s chance of winning the match after each event; numbers: the deals").format(
        name=shown_name(name)
    )


def label_word(label: str) -> str:
    """A decision's label in words: an inaccuracy, a mistake, a blunder."""
    words = {
        # Translators: how bad a decision was, from the least bad.
        "inaccuracy": _("an inaccuracy"),
        "mistake": _("a mistake"),
        "blunder": _("a blunder"),
    }
    return words.get(label, label)


def label_count(label: str, count: int) -> str:
    if label == "inaccuracy":
        text = ngettext("{count} inaccuracy", "{count} inaccuracies", count)
    elif label == "mistake":
        text = ngettext("{count} mistake", "{count} mistakes", count)
    elif label == "blunder":
        text = ngettext("{count} blunder", "{count} blunders", count)
    else:
        return f"{count} {label}"
    return text.format(count=count)


def label_name(label: str) -> str:
    """A label as the table's column shows it: one word."""
    # Translators: the analysis table's Label column: one word each.
    names = {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"), "blunder": _("blunder")}
    return names.get(label, label)


def phase_name(phase: str) -> str:
    """A phase of the deal as the analysis table's column shows it."""
    names = {
        # Translators: the phases of a deal, in a narrow column of the analysis.
        "exchange": pgettext("phase", "exchange"),
        "answer": pgettext("phase", "answer"),
        "discard": pgettext("phase", "discard"),
        "tricks": pgettext("phase", "tricks"),
    }
    return names.get(phase, phase)


def shown_option(decision: Decision, action: Action, symbols: bool, *, verb: bool = True) -> Text:
    """An option of ``decision``, a discard's cards in the order of the
    deal's hand (``hint_panel.option_text``)."""
    return option_text(action, symbols, verb=verb, trump=decision.trump, ace_high=decision.ace_high)


def decision_note(decision: Decision, names: tuple[str, str], symbols: bool = True) -> Text:
    """What the decision was and what the best option would have been; the
    chances are the chooser's, named when that is the other player (the
    graph above is the player's)."""
    chosen = next(option for option in decision.options if option.action == decision.chosen)
    best = decision.options[0]
    who = names[decision.seat]
    you = spoken_to(who)
    values: dict[str, Text | str | int] = {
        "line": decision.line,
        "name": shown_name(who),
        "chosen": shown_option(decision, decision.chosen, symbols),
        "win": f"{chosen.win:.0f}",
        "best": shown_option(decision, decision.best, symbols),
        "best_win": f"{best.win:.0f}",
        "loss": decimal_text(decision.loss),
    }
    if decision.best == decision.chosen:
        if you:
            return styled(_("Line {line}: you chose {chosen} ({win}%): the best option."), values=values)
        return styled(
            _("Line {line}: {name} chose {chosen} ({name}: {win}%): the best option."), values=values
        )
    if decision.label is not None:
        values["label"] = Text(label_word(decision.label), style=LABEL_STYLES[decision.label])
        if you:
            template = _(
                "Line {line}: you chose {chosen} ({win}%); the best was {best} ({best_win}%), "
                "a loss of {loss} percentage points: {label}."
            )
        else:
            template = _(
                "Line {line}: {name} chose {chosen} ({name}: {win}%); the best was {best} "
                "({best_win}%), a loss of {loss} percentage points: {label}."
            )
    elif you:
        template = _(
            "Line {line}: you chose {chosen} ({win}%); the best was {best} ({best_win}%), "
            "a loss of {loss} percentage points."
        )
    else:
        template = _(
            "Line {line}: {name} chose {chosen} ({name}: {win}%); the best was {best} "
            "({best_win}%), a loss of {loss} percentage points."
        )
    note = styled(template, values=values)
    if decision.label is None and decision.loss >= INACCURACY:
        # A loss of 10 with no label, beside a 10.3 "mistake", read as a
        # bug: the label waits until the samples can tell the loss from none.
        note.append(
            " "
            + _(
                "No label: its samples cannot tell this loss from none (it is known to ±{error} points)."
            ).format(error=decimal_text(NOISE_ERRORS * decision.loss_se))
        )
    return note


def deal_note(deal: DealResult, names: tuple[str, str]) -> Text:
    shown = [shown_name(name) for name in names]
    values = {"game": deal.game, "deal": deal.in_game, "name": shown[deal.dealer]}
    if spoken_to(names[deal.dealer]):
        text = Text(_("Game {game}, deal {deal} (you deal).").format(**values) + " ")
    else:
        text = Text(_("Game {game}, deal {deal} ({name} deals).").format(**values) + " ")
    players = {"name": shown[0], "other": shown[1]}
    if deal.tricks is not None:
        text.append(
            _("Tricks as played: {name} {tricks}, {other} {other_tricks}.").format(
                tricks=deal.tricks[0], other_tricks=deal.tricks[1], **players
            )
            + " "
        )
    else:
        text.append(_("Not played out.") + " ")
    if deal.open_tricks is not None and deal.open_points is not None:
        scorer = 0 if deal.open_points[0] else 1
        known: dict[str, Text | str | int] = {
            "tricks": deal.open_tricks[0],
            "other_tricks": deal.open_tricks[1],
            **players,
        }
        if deal.open_points[scorer] and spoken_to(names[scorer]):
            # The player named "You" is spoken to: "1 point to you", never "to You".
            sentence = ngettext(
                "{bold} (best play by both: what was possible, not what could have been known): "
                "{name} {tricks}, {other} {other_tricks} tricks, {points} point to you.",
                "{bold} (best play by both: what was possible, not what could have been known): "
                "{name} {tricks}, {other} {other_tricks} tricks, {points} points to you.",
                deal.open_points[scorer],
            )
        elif deal.open_points[scorer]:
            sentence = ngettext(
                "{bold} (best play by both: what was possible, not what could have been known): "
                "{name} {tricks}, {other} {other_tricks} tricks, {points} point to {scorer}.",
                "{bold} (best play by both: what was possible, not what could have been known): "
                "{name} {tricks}, {other} {other_tricks} tricks, {points} points to {scorer}.",
                deal.open_points[scorer],
            )
        else:
            sentence = _(
                "{bold} (best play by both: what was possible, not what could have been known): "
                "{name} {tricks}, {other} {other_tricks} tricks."
            )
        text.append_text(
            styled(
                sentence,
                # Translators: in bold at the start of the sentence about a deal played open.
                bold=Text(_("With all cards known"), style="bold"),
                points=deal.open_points[scorer],
                scorer=shown[scorer],
                values=known,
            )
        )
    return text


OPTION_COLUMNS = (5, 6)
"""The table's Chosen and Best columns: the ones that wrap when the table
would not fit its width."""


def table_headings() -> list[Text]:
    # Translators: the analysis table's column heads (80 columns for all seven).
    words = (_("Line"), _("Who"), _("Phase"), _("Label"), _("Loss"), _("Chosen"), _("Best"))
    return [Text(word) for word in words]


def points(threshold: float) -> str:
    """A threshold of ``match_analysis`` as the help writes it: ``5``, ``7.5``."""
    return number_text(threshold)


def help_about() -> tuple[str, str]:
    """The help's title and paragraph for the Analysis view (``AnalysisScreen.HELP_ABOUT``)."""
    line, who, phase, label, loss, chosen, best = (heading.plain for heading in table_headings())
    return (
        # Translators: the help of the Analysis view: its title.
        _("The analysis of a match"),
        # Translators: the help of the Analysis view. {line} to {best} are the table's column
        # heads, {played} and {open} a deal's row ("played 1-4", "open hands 1-4"),
        # {inaccuracy}, {mistake} and {blunder} the thresholds (5, 10, 15).
        _(
            "Each decision of the match that had a choice, valued as the Expert level reckons it, "
            "from what the player deciding could see at that moment. The graph is the chance of "
            "winning the match, after each event, of the player named first in the title, from 0% "
            "to 100%: above the 50% mark, that player was ahead. In the table, {line} is the line of "
            "the match's log file the decision is on; {who} decided; {phase} is the part of the deal; "
            "{loss} is the chance of winning the match the choice lost, in percentage points (the best "
            "option's chance minus the chosen one's); {chosen} is what was chosen, {best} the best "
            "option. {label}: a loss of {inaccuracy} percentage points or more is an inaccuracy, "
            "{mistake} or more a mistake, {blunder} or more a blunder (no label when the samples "
            "cannot tell the options apart). A deal's row, such as “{played} / {open}”, gives the "
            "tricks each player took as played, then with best play by both, every card visible. "
            "Accuracy, out of 100, measures each choice against the best option: 100 when every "
            "choice was the best. Enter takes the replay to the decision; f shows the flagged "
            "decisions only."
        ).format(
            line=line,
            who=who,
            phase=phase,
            label=label,
            loss=loss,
            chosen=chosen,
            best=best,
            inaccuracy=points(INACCURACY),
            mistake=points(MISTAKE),
            blunder=points(BLUNDER),
            played=_("played {tricks}").format(tricks="1-4"),
            open=_("open hands {tricks}").format(tricks="1-4"),
        ),
    )


@dataclass(frozen=True)
class AnalysisPlace:
    """Where the player left the analysis of a viewer's log: it opens again
    as it was (``open_analysis``), the same rows, the same row chosen."""

    flagged_only: bool = False
    row: int = 0
    """The row under the cursor when the analysis was left."""
    hosted: bool = False
    """The viewer opened only to host the analysis (``closes_viewer``):
    the analysis is where the player came from, so Esc in the viewer goes
    back to it, and Esc in the analysis closes both."""


NAME_IN_TITLE = 16
"""Cells of each name in the analysis's one-line title."""


def options_text(item: Decision, symbols: bool, width: int) -> Text:
    """A decision's options, best first, each with its chance, for
    ``width`` columns, marked as the Coach marks them: the best ★ (``*``
    without suit symbols), and ≈ (``~``) each option shown with the best's
    chance (the samples' paired errors are not kept in an analysis)."""
    text = Text()
    # Each option stays whole on a line, with its chance: a line break
    # goes between options, never between an option and its figure.
    line = 0
    chances = [f"{option.win:.0f}%" for option in item.options]
    last_close = last_too_close(chances, [False] * len(chances))
    best_mark, close_mark = ("★ ", "≈ ") if symbols else ("* ", "~ ")
    for index, option in enumerate(item.options):
        mark = best_mark if index == 0 else close_mark if index <= last_close else ""
        shown = Text.assemble((mark, "bold yellow" if index == 0 else "yellow"))
        shown.append_text(shown_option(item, option.action, symbols))
        shown.append(f" {chances[index]}±{decimal_text(option.se)}", style="bold" if index == 0 else "dim")
        if index and line + 3 + shown.cell_len > width:
            text.append("\n")
            line = 0
        elif index:
            text.append(" · ")
            line += 3
        text.append_text(shown)
        line += shown.cell_len
    if last_close:
        # Translators: under the coach's options (28 columns at 80x24): the options marked
        # {mark} (≈, or ~ without suit symbols) are as good as the best within the sampling error.
        close = Text(_("{mark}too close to call").format(mark=close_mark), style="dim")
        if line + 3 + close.cell_len > width:
            text.append("\n")
        else:
            text.append(" · ")
        text.append_text(close)
    return text


class AnalysisScreen(EcarteScreen[tuple[int, Text] | None]):
    """The analysis of ``replay`` (read from ``path``). Dismissed with the
    viewer position of a chosen decision and what to tell about it."""

    DEFAULT_CSS = """
    AnalysisScreen #analysis-title { height: 1; text-style: bold; padding: 0 1; }
    AnalysisScreen #analysis-progress { height: 1; padding: 0 1; }
    AnalysisScreen #analysis-status { height: auto; max-height: 3; padding: 0 1; color: $text-muted; }
    AnalysisScreen #analysis-summary { height: 2; padding: 0 1; }
    AnalysisScreen #analysis-graph { padding: 0 1; }
    AnalysisScreen #analysis-table { height: 1fr; }
    AnalysisScreen #analysis-detail { height: 4; padding: 0 1; border-top: solid $secondary; }
    AnalysisScreen.-large WinChanceGraph #graph-row,
    AnalysisScreen.-large WinChanceGraph #graph-axis,
    AnalysisScreen.-large WinChanceGraph ChanceBars { height: 8; }
    AnalysisScreen.-large #analysis-detail { height: 5; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Translators: go to the decision under the cursor in the replay.
        Binding("enter", "go", N_("Go there"), priority=True),
        # Translators: show only the decisions flagged as inaccuracies, mistakes or blunders.
        Binding("f", "flagged", N_("Flagged only")),
        # Translators: show every decision again, after "Flagged only".
        Binding("f", "all_decisions", N_("All decisions")),
        Binding("escape,q", "leave", N_("Close")),
        Binding("question_mark,f1", "help", N_("Help")),
        Binding("f2", "rules", N_("Rules")),
        # DataTable's own Home and End scroll without moving the cursor, so
        # that the row (and its detail) stayed where it was.
        # Translators: the analysis list's first and last rows (Home and End keys).
        Binding("home", "row('first')", N_("First row"), show=False, priority=True),
        Binding("end", "row('last')", N_("Last row"), show=False, priority=True),
    ]

    @property
    def HELP_ABOUT(self) -> tuple[str, str]:
        """What the screen shows, said by the help: the paragraph names the
        columns by their headings and the labels by the thresholds that
        give them (``match_analysis``), so that it cannot say other words
        or other numbers than the screen uses. The help passes it through
        ``_`` again, which gives back a text it has no translation for."""
        return help_about()

    class Progress(Message):
        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    class Finished(Message):
        def __init__(self, analysis: MatchAnalysis) -> None:
            super().__init__()
            self.analysis = analysis

    def __init__(
        self, path: Path, replay: Replay, symbols: bool = True, place: AnalysisPlace | None = None
    ) -> None:
        """``place``: where the player left this analysis before, to show
        it again so (its filter, its row)."""
        super().__init__()
        self.path = path
        self.replay = replay
        self.symbols = symbols
        header = replay.header
        self.names: tuple[str, str] = (
            app_players((header.players[0], header.players[1]), header.extra) if header else ("?", "?")
        )
        self.analysis: MatchAnalysis | None = None
        self.flagged_only = place.flagged_only if place is not None else False
        self.rows: list[Decision | DealResult] = []
        """What each row of the table is."""
        self._row_to_restore = place.row if place is not None else None
        """The row the cursor goes back to once the table is filled."""
        self.left_at_row = self._row_to_restore or 0
        """The row under the cursor when the screen was left."""

    def compose(self) -> ComposeResult:
        # One line (80x24 has no row to spare): names cut to NAME_IN_TITLE
        # cells, and what still does not fit ends in "…", never cut silently.
        names = [shown_name(name, NAME_IN_TITLE) for name in self.names]
        title = _("Analysis of {file} · {name} vs {other}").format(
            file=printable(self.path.name), name=names[0], other=names[1]
        )
        yield Static(Text(title, no_wrap=True, overflow="ellipsis"), id="analysis-title")
        yield ProgressBar(id="analysis-progress", show_eta=False)
        yield Static(Text(_("Analysing the decisions…"), style="italic"), id="analysis-status")
        yield Static(id="analysis-summary")
        yield WinChanceGraph(id="analysis-graph")
        yield FittedTable(wrapped=OPTION_COLUMNS, id="analysis-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="analysis-detail")
        yield KeyFooter()

    def on_resize(self, event: events.Resize) -> None:
        # A taller graph when the terminal has room.
        self.set_class(event.size.height >= LARGE_HEIGHT, "-large")
        if self.rows:
            # The options are laid out on lines for the width: again at a new one.
            self.call_after_refresh(self._describe_current)

    def _describe_current(self) -> None:
        tables = self.query(DataTable)
        if tables:
            self._fit_detail()
            self.describe(tables.first().cursor_row)

    def on_mount(self) -> None:
        tables = self.query(FittedTable)
        if not tables:
            # The app quit while this screen was opening (seen when a key
            # opened the analysis just before Ctrl+Q): nothing to fill.
            return
        tables.first().show(table_headings(), [])
        kept = _KEPT.get(_key(self.path, self.replay))
        if kept is not None:
            self.show(kept)
        else:
            self.analyse()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def analyse(self) -> None:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            self.post_message(self.Progress(done, total))

        try:
            analysis = analyse_replay(
                self.replay, seed=SEED, progress=progress, cancelled=lambda: worker.is_cancelled
            )
        except Exception as error:  # shown, never a traceback that ends the app
            self.call_from_worker(self.failed, f"{type(error).__name__}: {error}")
            return
        if analysis.complete:
            self.post_message(self.Finished(analysis))

    def failed(self, message: str) -> None:
        self.query_one("#analysis-status", Static).update(
            Text(_("The analysis failed: {error}").format(error=printable(message)))
        )

    @on(Progress)
    @while_open
    def _progress(self, message: Progress) -> None:
        bar = self.query_one(ProgressBar)
        bar.update(total=max(1, message.total), progress=message.done)
        self.query_one("#analysis-status", Static).update(
            Text(
                _("Analysing decision {done} of {total}… (Esc stops)").format(
                    done=message.done, total=message.total
                ),
                style="italic",
            )
        )

    @on(Finished)
    def _finished(self, message: Finished) -> None:
        key = _key(self.path, self.replay)
        _KEPT[key] = message.analysis
        while len(_KEPT) > KEPT_ANALYSES:
            _KEPT.popitem(last=False)
        if keep_for_the_record(self.path, message.analysis, SEED) is False:
            # A full disk, say: the Statistics would leave the match's
            # accuracy out without a word.
            self.notify(
                _("This analysis's accuracy could not be saved for the Statistics (in {folder}).").format(
                    folder=printable(str(paths.analyses_dir()))
                ),
                title=_("Analysis"),
                severity="warning",
                timeout=8,
                markup=False,
            )
        if self.is_open:  # kept and saved even if the screen closed as it finished
            self.show(message.analysis)

    # ------------------------------------------------------------ showing

    def show(self, analysis: MatchAnalysis) -> None:
        self.analysis = analysis
        self.query_one(ProgressBar).display = False
        count = len(analysis.decisions)
        status = ngettext(
            "{count} decision with a choice (forced moves are not counted).",
            "{count} decisions with a choice (forced moves are not counted).",
            count,
        ).format(count=count)
        if self.flagged_only and not any(decision.label for decision in analysis.decisions):
            # Else the table shows the deals alone, and nothing says why.
            status += " " + _("No decision flagged (no inaccuracy, mistake or blunder): f shows them all.")
        elif self.flagged_only:
            status += " " + _("Flagged only: f shows them all.")
        if analysis.error is not None:
            status += " " + _("The log is invalid at line {line}: the lines before it are analysed.").format(
                line=analysis.error.line
            )
        if has_forfeit(self.path):
            # The log has no forfeit event: without this, a match won by the
            # opponent's forfeit looks merely unfinished. (Only looked at,
            # never read: a FIFO there must not hang the screen.)
            status += " " + _("The match ended when the opponent forfeited: the graph stops there.")
        elif analysis.error is None and not analysis.over and analysis.complete:
            status += " " + _("The match is not over: the graph stops where the log ends.")
        self.query_one("#analysis-status", Static).update(Text(status))
        self.query_one("#analysis-summary", Static).update(self.summary_text(analysis))
        self.query_one(WinChanceGraph).show(
            analysis.win_chance,
            [(deal.line, deal.in_game) for deal in analysis.deals],
            win_chance_caption(self.names[0]),
        )
        self.fill_table()

    def summary_text(self, analysis: MatchAnalysis) -> Text:
        text = Text()
        for seat in analysis.seats:
            if seat:
                text.append("\n")
            accuracy = analysis.accuracy(seat)
            counts = analysis.label_counts(seat)
            text.append(f"{shown_name(self.names[seat], 20)}: ", style="bold")
            shown = "—" if accuracy is None else decimal_text(accuracy)
            text.append(_("accuracy {accuracy}").format(accuracy=shown))
            for label in ("inaccuracy", "mistake", "blunder"):
                count = counts[label]
                text.append(" · ")
                text.append(label_count(label, count), style=LABEL_STYLES[label] if count else "")
        return text

    def fill_table(self) -> None:
        analysis = self.analysis
        if analysis is None:
            return
        table = self.query_one(FittedTable)
        self.rows = []
        cells: list[list[Text]] = []
        deals = list(analysis.deals)
        for decision in analysis.decisions:
            while deals and deals[0].line < decision.line:
                self._add_deal(cells, deals.pop(0))
            if self.flagged_only and decision.label is None:
                continue
            label = decision.label or ""
            cells.append(
                [
                    Text(str(decision.line)),
                    Text(shown_name(self.names[decision.seat], 12)),
                    Text(phase_name(str(decision.phase))),
                    Text(label_name(label), style=LABEL_STYLES.get(label, "")),
                    Text(decimal_text(decision.loss), justify="right"),
                    # The Phase column says which are discards: by their cards alone.
                    shown_option(decision, decision.chosen, self.symbols, verb=False),
                    shown_option(decision, decision.best, self.symbols, verb=False),
                ]
            )
            self.rows.append(decision)
        for deal in deals:
            self._add_deal(cells, deal)
        table.show(table_headings(), cells)
        if self._row_to_restore is not None and self.rows:
            # Back as the player left it: the row they went to the replay from.
            table.move_cursor(row=min(self._row_to_restore, len(self.rows) - 1))
            self._row_to_restore = None
            # Once the detail under the list has its height (the list's
            # then), scrolled to that row: one far down stayed below the
            # fold while the detail spoke of it.
            self.call_after_refresh(self.call_after_refresh, self._cursor_in_sight)
        self._fit_detail()
        self.describe(table.cursor_row)

    def _cursor_in_sight(self) -> None:
        if not self.is_open:  # left before the list was laid out
            return
        table = self.query_one(DataTable)
        table.move_cursor(row=table.cursor_row, animate=False)

    def _add_deal(self, cells: list[list[Text]], deal: DealResult) -> None:
        played = "—" if deal.tricks is None else f"{deal.tricks[0]}-{deal.tricks[1]}"
        known = "—" if deal.open_tricks is None else f"{deal.open_tricks[0]}-{deal.open_tricks[1]}"
        cells.append(
            [
                Text(str(deal.line), style="dim"),
                # Translators: a deal's row in the analysis table, in its narrow Player
                # and Phase columns: "Deal 1 | game 2" (the deal's number within its game).
                Text(_("Deal {number}").format(number=deal.in_game), style="bold"),
                Text(_("game {game}").format(game=deal.game)),
                Text(""),
                Text(""),
                Text(_("played {tricks}").format(tricks=played)),
                # Translators: the tricks each would have taken playing with every card
                # visible, in the analysis table's narrow Best column (short: 80 columns hold the table).
                Text(_("open hands {tricks}").format(tricks=known), style="dim"),
            ]
        )
        self.rows.append(deal)

    def describe(self, row: int) -> None:
        detail = self.query_one("#analysis-detail", Static)
        graph = self.query_one(WinChanceGraph)
        if not 0 <= row < len(self.rows):
            detail.update("")
            graph.point_to(None)
            return
        item = self.rows[row]
        detail.update(self._detail_text(item, self._detail_width()))
        graph.point_to(item.line)

    def _detail_width(self) -> int:
        """The detail's lines: the screen's width less its padding."""
        return max(1, self.size.width - 2)

    def _detail_text(self, item: Decision | DealResult, width: int) -> Text:
        """What the detail says of a row, laid out for ``width`` columns."""
        if isinstance(item, DealResult):
            return deal_note(item, self.names)
        text = decision_note(item, self.names, self.symbols)
        text.append("\n")
        text.append_text(options_text(item, self.symbols, width))
        return text

    def _fit_detail(self) -> None:
        """One height for the detail: the most lines any row needs, within
        bounds, so that nothing it says is cut and the table above does not
        jump as the cursor moves."""
        width = self._detail_width()
        console = Console(width=width, file=io.StringIO())
        needs = [len(self._detail_text(item, width).wrap(console, width)) for item in self.rows]
        most = max(needs, default=0)
        least = DETAIL_LINES_LARGE if self.has_class("-large") else DETAIL_LINES
        # One line more for the border above.
        self.query_one("#analysis-detail", Static).styles.height = min(max(most, least), DETAIL_MOST) + 1

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.describe(event.cursor_row)

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        self.go_to(event.cursor_row)

    # ------------------------------------------------------------ keys

    def action_go(self) -> None:
        self.go_to(self.query_one(DataTable).cursor_row)

    def go_to(self, row: int) -> None:
        """Back to the viewer, at the moment of the decision (or the deal) of ``row``."""
        if not 0 <= row < len(self.rows):
            return
        item = self.rows[row]
        self.left_at_row = row
        index = next((i for i, event in enumerate(self.replay.events) if event.line == item.line), None)
        if index is None:
            return
        if isinstance(item, DealResult):
            self.dismiss((index + 1, deal_note(item, self.names)))
        else:
            self.dismiss((index, decision_note(item, self.names, self.symbols)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # f's two bindings: the footer names what f shows next.
        if action == "flagged":
            return not self.flagged_only
        if action == "all_decisions":
            return self.flagged_only
        return True

    def action_row(self, which: str) -> None:
        tables = self.query("#analysis-table")
        if not tables or not self.rows:
            return
        table = tables.first(FittedTable)
        table.move_cursor(row=0 if which == "first" else len(self.rows) - 1, animate=False)

    def action_flagged(self) -> None:
        self.flagged_only = not self.flagged_only
        if self.analysis is not None:
            self.show(self.analysis)
        self.refresh_bindings()

    def action_all_decisions(self) -> None:
        self.action_flagged()

    def action_rules(self) -> None:
        """The rules page, opening with the rules the match was played under."""
        header = self.replay.header
        self.ecarte_app.show_rules(header.rules if header is not None else None)

    def action_leave(self) -> None:
        tables = self.query(DataTable)
        if tables and self.rows:
            self.left_at_row = tables.first().cursor_row
        self.dismiss(None)


def open_analysis(viewer: ReplayViewerScreen, *, closes_viewer: bool = False) -> None:
    """The analysis of the viewer's log, on top of it; choosing a decision
    takes the viewer there and says what the best option was. With
    ``closes_viewer`` (the viewer opened only to host the analysis), leaving
    without choosing closes the viewer too: back where the player was; and
    Esc in the viewer, after a decision was chosen, comes back to the
    analysis (``ReplayViewerScreen.action_close``). Opened again over the
    same viewer, the analysis is as the player left it (``AnalysisPlace``):
    kept, not computed again, with its filter and its row."""
    if not viewer.is_open:  # closed before the analysis could open on it
        return
    replay = viewer.replay
    if not viewer.loaded or replay.header is None:
        viewer.notify(_("There is nothing to analyse in this log."), title=_("Analysis"), timeout=5)
        return
    viewer.forget_analysis_note()
    place = viewer.analysis_place
    hosted = closes_viewer or (place is not None and place.hosted)
    settings = getattr(viewer.app, "settings", None)
    symbols = settings.symbols if settings is not None else True
    screen = AnalysisScreen(viewer.path, replay, symbols, place)

    def chosen(result: tuple[int, Text] | None) -> None:
        viewer.analysis_place = AnalysisPlace(screen.flagged_only, screen.left_at_row, hosted)
        if result is None:
            if hosted and viewer.is_open and viewer.app.screen is viewer:
                viewer.dismiss()
            return
        position, note = result
        viewer.show_analysis_note(position, note)
        if hosted:
            viewer.refresh_bindings()  # the footer's Esc: back to the analysis

    viewer.app.push_screen(screen, chosen)


def analyse_finished_match(
    app: App[Any], path: Path, viewer_for: Callable[[Path, Replay], ReplayViewerScreen]
) -> None:
    """At the end of a match: its replay (``viewer_for(path, replay)``, the
    replay viewer's class), with the analysis on top; Esc on the analysis
    goes back to the table, Enter on a decision to the replay there."""
    from ecarte.log import LogFileError, replay_file

    try:
        replay = replay_file(path)
    except LogFileError as error:
        app.notify(
            _("Cannot analyse the match: {error}").format(error=translated_error(error)),
            title=_("Analysis"),
            severity="error",
            markup=False,
        )
        return
    viewer = viewer_for(path, replay)
    app.push_screen(viewer)
    app.call_after_refresh(lambda: open_analysis(viewer, closes_viewer=True))
