"""The Statistics screen: the player's record from the saved match logs,
as ``ecarte stats`` prints it (``analysis.stats.collect``; see
``docs/analysis.md``), with the win rate and the accuracy over time drawn
as bars on a fixed scale from 0 to 100, as the analysis's graph. The logs
are read in a thread worker."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from ecarte.analysis.stats import Record, Tally, collect, rules_shown
from ecarte.i18n import N_, _, decimal_text, ngettext
from ecarte.play.names import level_name
from ecarte.text import printable

from .analysis_screen import ChanceBars, columns
from .base import PAGE_BINDINGS, RULES_BINDING, EcarteScreen, while_open
from .fitted_table import FittedTable, natural_widths
from .key_footer import KeyFooter

RULES_IN_A_ROW = 30
"""The longest rule set, in cells, named in full in the record's table
(when the names' column has the room: otherwise by a letter too)."""


def rule_set_mark(number: int) -> str:
    """The letter that names the ``number``-th rule set (A, B, …; past Z, numbers)."""
    return chr(ord("A") + number) if number < 26 else str(number + 1)


ROLLING = 10
"""The win rate over time is over the last this many matches."""


def rolling_win_rate(history: list[tuple[str, bool]], window: int = ROLLING) -> list[float]:
    """After each finished match, the share won (in percent) of the last
    ``window`` matches (fewer at the start)."""
    rates = []
    for index in range(len(history)):
        recent = history[max(0, index + 1 - window) : index + 1]
        rates.append(100.0 * sum(won for _, won in recent) / len(recent))
    return rates


def tally_cells(tally: Tally) -> tuple[str, str, str, str]:
    """(played, won, win rate, 95% interval) as shown."""
    shown = tally.to_json()
    if not tally.played:
        return ("0", "0", "—", "—")
    low, high = shown["interval"]
    return (
        str(tally.played),
        str(tally.won),
        f"{100 * shown['win_rate']:.0f}%",
        f"{100 * low:.0f}-{100 * high:.0f}%",
    )


def two_line_width(heading: Text) -> int:
    """The least width on which ``heading`` takes at most two lines, its
    words whole: "Taux de" over "victoire"."""
    words = [cell_len(word) for word in heading.plain.split()]
    for width in range(max(words, default=0), heading.cell_len):
        lines, line = 1, words[0]
        for word in words[1:]:
            if line + 1 + word <= width:
                line += 1 + word
            else:
                lines, line = lines + 1, word
        if lines <= 2:
            return width
    return heading.cell_len


def record_widths(headings: Sequence[Text], rows: Sequence[Sequence[Text]], room: int | None) -> list[int]:
    """The width of each column of the record (the rows' names, then the
    numbers) on ``room`` cells, padding aside: its widest cell or heading
    while all fits. Otherwise the names keep their one line, and the
    numbers' headings take two ("Taux de" over "victoire", "À 95% de" over
    "confiance"), the one that gives back the most first, until all fits;
    only then do the names wrap, on what the numbers leave."""
    widths = natural_widths(headings, rows)
    if room is None or sum(widths) <= room:
        return widths
    numbers = range(1, len(headings))
    least = {i: max([two_line_width(headings[i]), *(row[i].cell_len for row in rows)]) for i in numbers}
    for column in sorted(numbers, key=lambda i: least[i] - widths[i]):
        if sum(widths) <= room:
            return widths
        widths[column] = least[column]
    if sum(widths) > room:
        # A word longer than that (a bot's command) is broken, as the
        # analysis's table does, rather than pushing the numbers off the edge.
        widths[0] = max(1, min(widths[0], room - sum(widths[1:])))
    return widths


class RecordTable(FittedTable):
    """The record's tallies: each row's name on one line (``record_widths``),
    in every language at 80 columns. A rule set whose name does not fit
    there is named by a letter (``shorter``), spelled out under the table;
    fitted again when the width changes."""

    class Shortened(Message):
        """Whether the rule sets are named by their letters."""

        def __init__(self, shortened: bool) -> None:
            super().__init__()
            self.shortened = shortened

    def __init__(self, **options: Any) -> None:
        # As tall as its rows (the screen scrolls): no room kept for a scrollbar.
        super().__init__(wrapped=(0,), scrolls=False, **options)
        self._shorter: dict[int, Text] = {}
        self.shortened = False
        """Whether the rows of ``shorter`` show their shorter names."""

    def show_record(
        self,
        headings: Sequence[Text],
        rows: Sequence[Sequence[Text]],
        keys: Sequence[str],
        shorter: Mapping[int, Text],
    ) -> None:
        """``show``, with ``shorter``: by row, a name for the first column
        when the names would not fit on one line otherwise."""
        self._shorter = dict(shorter)
        self.show(headings, rows, keys)

    def laid_out(self, room: int | None) -> tuple[list[list[Text]], list[int]]:
        rows = self._cells
        widths = record_widths(self._headings, rows, room)
        shortened = False
        if self._shorter and widths[0] < natural_widths(self._headings, rows)[0]:
            # By letters only if a rule set's name is what does not fit.
            short = [[self._shorter.get(index, row[0]), *row[1:]] for index, row in enumerate(rows)]
            short_widths = record_widths(self._headings, short, room)
            if any(rows[index][0].cell_len > short_widths[0] for index in self._shorter):
                rows, widths, shortened = short, short_widths, True
        if shortened != self.shortened:
            self.shortened = shortened
            self.post_message(self.Shortened(shortened))
        return rows, widths


class Plot(Horizontal):
    """Values from 0 to 100 over time as bars on a fixed scale, 100 at the
    top and 0 at the bottom (``analysis_screen.chance_bars``, as the
    analysis's graph): the same height is the same share in every record.
    (It was Textual's ``Sparkline``, which stretches the values from their
    lowest to their highest: an accuracy of 86.5 drawn as an empty line
    beside 90.1 as a full bar, one win in four as a full bar.)"""

    DEFAULT_CSS = """
    Plot { height: 3; }
    Plot .plot-axis { width: 6; height: 3; color: $text-muted; }
    Plot ChanceBars { width: 1fr; height: 3; }
    """

    def __init__(self, values: list[float], *, unit: str = "%", id: str | None = None) -> None:
        super().__init__(id=id)
        self.values = values
        self.unit = unit
        """After the scale's numbers: "%" for a share, nothing for a score out of 100."""

    def compose(self) -> ComposeResult:
        yield Static(Text(f"{100:3d}{self.unit}\n\n{0:3d}{self.unit}"), classes="plot-axis")
        yield ChanceBars()

    def on_resize(self) -> None:
        self.call_after_refresh(self.draw)

    def draw(self) -> None:
        """The width shared out among the values (a value over several
        columns when they are few), or a column the mean of those it covers."""
        bars = self.query_one(ChanceBars)
        width = bars.size.width
        if not width or not self.values:
            return
        spans = columns(len(self.values), width)
        bars.values = tuple(sum(self.values[index] for index in span) / len(span) for span in spans)


class StatsScreen(EcarteScreen[None]):
    DEFAULT_CSS = """
    /* A scrollbar of one cell (as the settings'): at 80 columns the rows'
       names keep their one line beside the numbers in every language. */
    StatsScreen #stats-body { padding: 0 2; scrollbar-size-vertical: 1; }
    StatsScreen #stats-title { text-style: bold; color: $accent; margin-top: 1; }
    StatsScreen .stats-heading { text-style: bold; margin-top: 1; }
    /* As tall as its rows: DataTable's own max-height would give it a
       scrollbar of its own inside the scrolling screen. */
    StatsScreen #stats-tallies { height: auto; max-height: 999; }
    StatsScreen .stats-note { color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [*PAGE_BINDINGS, RULES_BINDING]
    HELP_ABOUT: ClassVar[tuple[str, str]] = (
        # Translators: the help of the Statistics screen: its title, then what the screen shows;
        # "With hints, apart" is a row of the record, worded as it is there.
        N_("Your record"),
        N_(
            "Your record from the saved matches, as ecarte stats gives it: the matches played and won, "
            "by level and by rules, with their confidence intervals; points per deal, voles, penalties, "
            "king points and your longest winning streak; your win rate and the accuracy of your "
            "analysed matches over time. Unfinished matches are not counted, nor damaged ones (named at "
            "the end of the page); a match in which you decided with a hint in view is counted apart "
            "(With hints, apart, and by level below it) and left out of the rest. "
            "↑ ↓, PgUp PgDn and Home End scroll the page."
        ),
    )
    """What the screen shows, said by the help."""

    class Collected(Message):
        def __init__(self, record: Record | None, error: str | None) -> None:
            super().__init__()
            self.record = record
            self.error = error

    def __init__(self, directory: Path | None = None) -> None:
        """``directory``: the logs to read (default: the saved matches, with
        the data folder's cache and saved analyses)."""
        super().__init__()
        self.directory = directory
        self.record: Record | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="stats-body"):
            yield Static(_("Your record"), id="stats-title")
            yield Static(Text(_("Reading the saved matches…"), style="italic"), id="stats-status")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.collect()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def collect(self) -> None:
        from ecarte.play import paths

        try:
            if self.directory is None:
                data = paths.data_dir()
                record = collect(paths.matches_dir(), data / "stats-cache.json", paths.analyses_dir())
            else:
                record = collect(self.directory)
        except Exception as error:  # told on screen, never a traceback
            self.post_message(self.Collected(None, f"{type(error).__name__}: {error}"))
            return
        self.post_message(self.Collected(record, None))

    @on(Collected)
    @while_open
    def _collected(self, message: Collected) -> None:
        status = self.query_one("#stats-status", Static)
        if message.record is None:
            status.update(
                Text(_("The record cannot be read: {error}").format(error=printable(message.error or "")))
            )
            return
        self.record = record = message.record
        uncounted = record.uncounted()
        if uncounted is not None:
            # What is wrong with the folder, and where: not a record of zeros.
            status.update(Text(uncounted))
            return
        status.update(Text(self.status_text(record), style="dim"))
        body = self.query_one("#stats-body", VerticalScroll)
        body.mount_all(list(self.sections(record)))

    @staticmethod
    def status_text(record: Record) -> str:
        text = ngettext("From {count} match log.", "From {count} match logs.", record.logs).format(
            count=record.logs
        )
        if record.unfinished:
            text += " " + ngettext(
                "{count} unfinished (not counted).", "{count} unfinished (not counted).", record.unfinished
            ).format(count=record.unfinished)
        if record.between_programs:
            # Translators: logs that ecarte simulate wrote, of one program against another.
            text += " " + ngettext(
                "{count} between two programs (ecarte simulate): not counted.",
                "{count} between two programs (ecarte simulate): not counted.",
                record.between_programs,
            ).format(count=record.between_programs)
        if record.assisted.played:
            # Said here, or a player with the coach always on wonders at a record of zeros.
            text += " " + ngettext(
                "{count} played with hints: counted apart, left out of the rest.",
                "{count} played with hints: counted apart, left out of the rest.",
                record.assisted.played,
            ).format(count=record.assisted.played)
        if record.unreadable:
            # A damaged match log is skipped too: each is named, with why,
            # at the end of the page (#stats-skipped), as ecarte stats does.
            skipped = len(record.unreadable)
            text += " " + ngettext(
                "{count} file skipped (damaged, or not a match log): named at the end.",
                "{count} files skipped (damaged, or not match logs): named at the end.",
                skipped,
            ).format(count=skipped)
        return text

    def sections(self, record: Record) -> list[Any]:
        widgets: list[Any] = [Static(_("Matches played and won (95% intervals)"), classes="stats-heading")]
        # Translators: the record's columns: matches played, won, the share won, its 95% interval.
        words = ("", _("Played"), _("Won"), _("Win rate"), _("95% interval"))
        # Matches played with hints are counted apart (the last row), as
        # lichess keeps assisted games out of a rating: the first row says so.
        rows: list[tuple[str, str, Tally]] = [("all", _("Without hints"), record.matches)]
        # Each group in the order of the names shown (in the player's language).
        levels = [
            (f"level:{level}", _("against {level}").format(level=level_name(level)), tally)
            for level, tally in record.by_level.items()
        ]
        words_of = sorted(
            ((rules, rules_shown(rules), tally) for rules, tally in record.by_rules.items()),
            key=lambda item: item[1].casefold(),
        )
        # A rule set too long for the names' column (every variant in
        # German ran to ten lines of a narrow column) is named by a letter
        # there, and in full, on the width of the screen, under the table.
        marked = any(cell_len(words) > RULES_IN_A_ROW for __, words, ___ in words_of)
        # Translators: a row of the record: a rule set named by a letter ("rules A"),
        # spelled out under the table.
        lettered = [_("rules {mark}").format(mark=rule_set_mark(number)) for number in range(len(words_of))]
        rule_sets = [
            (f"rules:{rules}", letter if marked else _("rules: {rules}").format(rules=words), tally)
            for letter, (rules, words, tally) in zip(lettered, words_of, strict=True)
        ]
        rows += sorted(levels, key=lambda row: row[1].casefold())
        # Named in full where the names' column has the room; otherwise
        # (Swedish at 80 columns) by their letters too, as the table finds.
        first = len(rows)
        shorter = {} if marked else {first + number: Text(letter) for number, letter in enumerate(lettered)}
        rows += rule_sets
        rows.append(("assisted", _("With hints, apart"), record.assisted))
        # The level of each, as for the matches without hints (a learner
        # with the Coach on sees how they do against Easy), still apart.
        assisted_levels = [
            (
                f"assisted-level:{level}",
                # Translators: a row of the record under "With hints, apart": {level} is "Easy" etc.
                _("with hints, against {level}").format(level=level_name(level)),
                tally,
            )
            for level, tally in record.assisted_by_level.items()
        ]
        rows += sorted(assisted_levels, key=lambda row: row[1].casefold())
        # Each row's name on one line beside the numbers, in every language
        # at 80 columns; the table is as tall as its rows (the screen scrolls).
        table = RecordTable(id="stats-tallies", cursor_type="none", zebra_stripes=True)
        table.show_record(
            [Text(word) for word in words],
            [[Text(name), *(Text(cell) for cell in tally_cells(tally))] for __, name, tally in rows],
            [key for key, __, ___ in rows],
            shorter,
        )
        widgets.append(table)
        if words_of:
            legend = "\n".join(
                # Translators: under the record, a rule set named by a letter: "A: game to 7 · ace high".
                _("{mark}: {rules}").format(mark=rule_set_mark(number), rules=words)
                for number, (__, words, ___) in enumerate(words_of)
            )
            spelled = Static(legend, classes="stats-note", id="stats-rules-legend")
            spelled.display = marked or table.shortened
            widgets.append(spelled)
        widgets.append(Static(_("Deals"), classes="stats-heading"))
        widgets.append(Static(self.deal_text(record), id="stats-deals"))
        widgets.append(Static(_("Win rate over time"), classes="stats-heading"))
        if len(record.history) >= 2:
            widgets.append(
                Static(
                    _(
                        "Share won of the last {rolling} matches, after each of the {count} "
                        "finished matches (oldest on the left)."
                    ).format(rolling=ROLLING, count=len(record.history)),
                    classes="stats-note",
                )
            )
            widgets.append(Plot(rolling_win_rate(record.history), id="stats-win-plot"))
        elif record.assisted.played:
            # The matches are finished: they are left out for their hints.
            note = ngettext(
                "{count} finished match was played with hints and is left out: the graph appears "
                "once two matches played without hints are finished.",
                "{count} finished matches were played with hints and are left out: the graph appears "
                "once two matches played without hints are finished.",
                record.assisted.played,
            ).format(count=record.assisted.played)
            widgets.append(Static(note, classes="stats-note", id="stats-win-note"))
        else:
            note = _("The graph appears once two matches are finished.")
            widgets.append(Static(note, classes="stats-note", id="stats-win-note"))
        widgets.append(Static(_("Accuracy over time"), classes="stats-heading"))
        if record.accuracy:
            values = [value for __, ___, value in record.accuracy]
            widgets.append(
                Static(
                    ngettext(
                        "{count} analysed match, oldest on the left; latest {latest}, mean {mean}.",
                        "{count} analysed matches, oldest on the left; latest {latest}, mean {mean}.",
                        len(values),
                    ).format(
                        count=len(values),
                        latest=decimal_text(values[-1]),
                        mean=decimal_text(sum(values) / len(values)),
                    ),
                    classes="stats-note",
                )
            )
            if len(values) >= 2:
                widgets.append(Plot(values, unit="", id="stats-accuracy-plot"))
        elif record.analysed_with_hints:
            # They are analysed: they are left out for their hints.
            note = ngettext(
                "{count} analysed match was played with hints and is left out: the graph shows "
                "matches played without hints. Analyse one from its replay (a), or with ecarte analyse.",
                "{count} analysed matches were played with hints and are left out: the graph shows "
                "matches played without hints. Analyse one from its replay (a), or with ecarte analyse.",
                record.analysed_with_hints,
            ).format(count=record.analysed_with_hints)
            widgets.append(Static(note, classes="stats-note", id="stats-accuracy-note"))
        else:
            widgets.append(
                Static(
                    _("No analysed matches yet: analyse one from its replay (a), or with ecarte analyse."),
                    classes="stats-note",
                    id="stats-accuracy-note",
                )
            )
        if record.unreadable:
            widgets.append(Static(_("Files skipped"), classes="stats-heading"))
            widgets.append(
                Static(
                    Text("\n".join(printable(problem) for problem in record.unreadable)), id="stats-skipped"
                )
            )
        return widgets

    @on(RecordTable.Shortened)
    def _shortened(self, message: RecordTable.Shortened) -> None:
        for legend in self.query("#stats-rules-legend"):
            legend.display = message.shortened

    @staticmethod
    def deal_text(record: Record) -> Text:
        only_with_hints = record.only_with_hints()
        if only_with_hints is not None:
            return Text(only_with_hints)
        shown = record.to_json()
        per_deal = shown["points_per_deal"]
        lines = [_("Deals played: {count}").format(count=record.deals)]
        if per_deal is not None:
            lines.append(
                _("Points per deal: yours {yours}, the opponents' {theirs}").format(
                    yours=decimal_text(per_deal[0], 2), theirs=decimal_text(per_deal[1], 2)
                )
            )
        lines.append(
            _("Voles: yours {yours}, the opponents' {theirs}").format(
                yours=record.voles[0], theirs=record.voles[1]
            )
        )
        lines.append(
            _("Penalties (liable and lost the deal): suffered {suffered}, inflicted {inflicted}").format(
                suffered=shown["penalties"]["suffered"], inflicted=shown["penalties"]["inflicted"]
            )
        )
        lines.append(
            _("King points: yours {yours}, the opponents' {theirs}").format(
                yours=record.king_points[0], theirs=record.king_points[1]
            )
        )
        lines.append(_("Longest winning streak: {count}").format(count=record.longest_streak))
        return Text("\n".join(lines))
