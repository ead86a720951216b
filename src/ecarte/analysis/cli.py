"""``ecarte analyse FILE [--seat N] [--json] [--seed S]`` and ``ecarte stats [--json]``.

Exit statuses as ``ecarte check``'s: 0 a valid log, 1 an invalid one
(analysed up to its error, the error reported), 2 a file that cannot be
read (the message on standard error, nothing on standard output).
"""

from __future__ import annotations

import json
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ecarte.log import LogFileError, replay_file
from ecarte.text import emit, printable

from .match_analysis import MatchAnalysis, Opponent, Progress, analyse_replay, analysis_json


@contextmanager
def _progress_bar(enabled: bool) -> Iterator[Progress | None]:
    """A Rich progress bar on standard error when it is a terminal."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn("Analysing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task("analyse", total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    with bar:
        yield update


def _refuse_special_file(path: Path) -> None:
    """A FIFO or a device is not a log: reading one could wait for ever."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return  # the reader says what is wrong
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise LogFileError(f"{path}: not a regular file (a match log is a file)")


def run_analyse(path: str, seat: int | None, as_json: bool, seed: int) -> int:
    try:
        _refuse_special_file(Path(path))
        replay = replay_file(Path(path))
    except LogFileError as error:
        emit(f"ecarte analyse: {error}", sys.stderr)
        return 2
    seats = (0, 1) if seat is None else (seat,)
    with _progress_bar(sys.stderr.isatty()) as progress:
        analysis = analyse_replay(replay, seats=seats, seed=seed, progress=progress)
    if replay.error is None and 0 in seats:
        _save_if_mine(Path(path), analysis, seed)
    names = replay.header.players if replay.header is not None else ("seat 0", "seat 1")
    if as_json:
        emit(json.dumps(analysis_json(analysis), ensure_ascii=False), sys.stdout)
    else:
        emit(format_analysis(analysis, (names[0], names[1]), path), sys.stdout)
    if replay.error is not None:
        emit(
            f"ecarte analyse: {path}: INVALID at line {replay.error.line}: "
            f"{printable(replay.error.message)} (analysed up to that line)",
            sys.stderr,
        )
        return 1
    return 0


def format_analysis(analysis: MatchAnalysis, names: tuple[str, str], source: str) -> str:
    """The readable report."""
    shown = [printable(name) for name in names]
    lines = [f"Analysis of {printable(source)}"]
    if analysis.error is not None and not analysis.decisions and not analysis.deals:
        lines.append("Nothing to analyse before the error.")
    for seat in analysis.seats:
        accuracy = analysis.accuracy(seat)
        counts = analysis.label_counts(seat)
        accuracy_text = "no decision with a choice" if accuracy is None else f"accuracy {accuracy:.1f}"
        lines.append(
            f"Seat {seat} ({shown[seat]}): {accuracy_text}; "
            f"{counts['inaccuracy']} inaccuracies, {counts['mistake']} mistakes, {counts['blunder']} blunders"
        )
    for seat, opponent in zip(analysis.seats, analysis.opponents, strict=False):
        lines.append(f"  seat {seat}'s chances are valued against {_opponent_text(opponent)}")
    flagged = [decision for decision in analysis.decisions if decision.label is not None]
    if flagged:
        lines.append("Flagged decisions (win chances of the deciding seat):")
        for decision in flagged:
            chosen, best = str(decision.chosen), str(decision.best)
            best_win = decision.options[0].win
            chosen_win = next(option.win for option in decision.options if option.action == decision.chosen)
            lines.append(
                f"  line {decision.line}: {shown[decision.seat]} {decision.label}: {chosen} "
                f"({chosen_win:.1f}%), best {best} ({best_win:.1f}%), loss {decision.loss:.1f}"
            )
    else:
        lines.append("No decision flagged.")
    for deal in analysis.deals:
        played = "not played out" if deal.tricks is None else f"tricks {deal.tricks[0]}-{deal.tricks[1]}"
        if deal.open_tricks is not None and deal.open_points is not None:
            known = (
                f"with all cards known: tricks {deal.open_tricks[0]}-{deal.open_tricks[1]}, "
                f"trick points {deal.open_points[0]}-{deal.open_points[1]}"
            )
        else:
            known = "with all cards known: -"
        lines.append(f"Deal {deal.number} (line {deal.line}): {played}; {known}")
    if analysis.error is not None:
        lines.append(
            f"INVALID at line {analysis.error.line}: {printable(analysis.error.message)} "
            f"(the analysis covers the lines before it)"
        )
    return "\n".join(lines)


def _opponent_text(opponent: Opponent) -> str:
    if opponent.known:
        return f"{printable(opponent.player or '')} (the {opponent.model.name} model)"
    who = "a person" if opponent.player is None else f"{printable(opponent.player)}, not a built-in player"
    return f"an opponent as strong as the expert ({who}: the equal model)"


def _save_if_mine(log: Path, analysis: MatchAnalysis, seed: int) -> None:
    """Keep the accuracy of a saved match for ``ecarte stats``."""
    from ecarte.play import paths

    from .saved import save_analysis

    try:
        mine = log.resolve().parent == paths.matches_dir().resolve()
    except OSError:
        return
    if mine:
        save_analysis(paths.data_dir() / "analyses", log, analysis, seed)


# ------------------------------------------------------------------ stats


def run_stats(directory: str | None, as_json: bool) -> int:
    """Exit status 0, or 2 when ``directory`` is not a folder."""
    from ecarte.play import paths

    from .stats import collect

    if directory is None:
        folder = paths.matches_dir()
        cache: Path | None = paths.data_dir() / "stats-cache.json"
        analyses: Path | None = paths.data_dir() / "analyses"
    else:
        folder = Path(directory)
        cache = analyses = None
        if not folder.is_dir():
            emit(f"ecarte stats: {printable(directory)}: not a folder", sys.stderr)
            return 2
    record = collect(folder, cache, analyses)
    if as_json:
        emit(json.dumps(record.to_json(), ensure_ascii=False), sys.stdout)
    else:
        emit(format_record(record.to_json(), str(folder)), sys.stdout)
    return 0


def _tally_text(tally: dict[str, object]) -> str:
    played, won, interval = tally["played"], tally["won"], tally["interval"]
    if not played or not isinstance(interval, list):
        return "none"
    rate = tally["win_rate"]
    assert isinstance(rate, float | int)
    low, high = 100 * interval[0], 100 * interval[1]
    return f"{won} won of {played} ({100 * rate:.0f}%, 95% interval {low:.0f}-{high:.0f}%)"


def format_record(record: dict[str, object], source: str) -> str:
    """The readable record (``record`` is ``Record.to_json()``)."""
    lines = [f"Your record, from the match logs in {printable(source)}"]
    lines.append(f"Matches: {_tally_text(record['matches'])}")  # type: ignore[arg-type]
    by_level = record["by_level"]
    by_rules = record["by_rules"]
    assert isinstance(by_level, dict) and isinstance(by_rules, dict)
    for level, tally in by_level.items():
        lines.append(f"  against {printable(level)}: {_tally_text(tally)}")
    for rules, tally in by_rules.items():
        lines.append(f"  rules {printable(rules)}: {_tally_text(tally)}")
    lines.append(f"Assisted matches (with hints), apart: {_tally_text(record['assisted'])}")  # type: ignore[arg-type]
    per_deal = record["points_per_deal"]
    points = record["points"]
    voles = record["voles"]
    kings = record["king_points"]
    penalties = record["penalties"]
    assert isinstance(points, list) and isinstance(voles, list) and isinstance(kings, list)
    assert isinstance(penalties, dict)
    if isinstance(per_deal, list):
        lines.append(
            f"Deals: {record['deals']}; points per deal {per_deal[0]:.2f} (opponents {per_deal[1]:.2f})"
        )
    lines.append(f"Voles: {voles[0]} (opponents {voles[1]})")
    lines.append(f"Penalties: suffered {penalties['suffered']}, inflicted {penalties['inflicted']}")
    lines.append(f"King points: {kings[0]} (opponents {kings[1]})")
    lines.append(f"Longest winning streak: {record['longest_winning_streak']}")
    unfinished = record["unfinished"]
    if unfinished:
        lines.append(f"Unfinished matches (not counted): {unfinished}")
    accuracy = record["accuracy"]
    assert isinstance(accuracy, list)
    if accuracy:
        lines.append("Accuracy of analysed matches, oldest first:")
        for item in accuracy:
            lines.append(f"  {printable(item['created'])}  {item['accuracy']:5.1f}  {printable(item['log'])}")
    unreadable = record["unreadable"]
    assert isinstance(unreadable, list)
    for problem in unreadable:
        lines.append(f"Skipped {printable(problem)}")
    return "\n".join(lines)
