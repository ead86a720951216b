"""``ecarte analyse FILE [--seat N] [--json] [--seed S]`` and ``ecarte stats [--json]``.

Exit statuses as ``ecarte check``'s: 0 a valid log, 1 an invalid one
(analysed up to its error, the error reported), 2 a file that cannot be
read (the message on standard error, nothing on standard output).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ecarte.i18n import _, decimal_text, ngettext, number_text, translated, translated_error
from ecarte.log import LogFileError, replay_file
from ecarte.log.names import second_person, shown_name
from ecarte.play.autosave import has_forfeit
from ecarte.play.names import level_name
from ecarte.safefile import folder_problem
from ecarte.text import NAME_CELLS, emit, printable, short_name

from .match_analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    MatchAnalysis,
    Opponent,
    Progress,
    analyse_replay,
    analysis_json,
)
from .option_words import option_label
from .saved import keep_for_the_record
from .stats import rules_shown


@contextmanager
def _progress_bar(enabled: bool) -> Iterator[Progress | None]:
    """A Rich progress bar on standard error when it is a terminal."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(
        # Translators: beside the progress bar of ecarte analyse.
        TextColumn(_("Analysing")),
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


def run_analyse(path: str, seat: int | None, as_json: bool, seed: int) -> int:
    try:
        # A FIFO or a device is refused by the reader, as ecarte check's is.
        replay = replay_file(Path(path))
    except LogFileError as error:
        emit(f"ecarte analyse: {translated_error(error)}", sys.stderr)
        return 2
    seats = (0, 1) if seat is None else (seat,)
    with _progress_bar(sys.stderr is not None and sys.stderr.isatty()) as progress:
        analysis = analyse_replay(replay, seats=seats, seed=seed, progress=progress)
    kept = keep_for_the_record(Path(path), analysis, seed) if replay.error is None and 0 in seats else None
    # Translators: the players of a log without names: seat 0 and seat 1.
    names = replay.header.players if replay.header is not None else (_("seat 0"), _("seat 1"))
    if as_json:
        emit(json.dumps(analysis_json(analysis), ensure_ascii=False), sys.stdout)
    else:
        emit(
            format_analysis(analysis, (names[0], names[1]), path, has_forfeit(Path(path))),
            sys.stdout,
        )
    if kept is False:
        from ecarte.play import paths

        emit(
            # Translators: ecarte analyse: the analysis is printed, but its accuracy could not be
            # written for ecarte stats (a full disk, say); {folder} is where it is kept.
            _("ecarte analyse: the accuracy could not be kept for ecarte stats in {folder}").format(
                folder=printable(str(paths.analyses_dir()))
            ),
            sys.stderr,
        )
    if replay.error is not None:
        if not as_json:
            return 1  # the report's last line says where the log is invalid
        message = printable(translated(replay.error.message))
        if analysis.decisions or analysis.deals:
            said = _("{path}: INVALID at line {line}: {error} (analysed up to that line)").format(
                path=path, line=replay.error.line, error=message
            )
        else:  # nothing before the error was analysed: "up to that line" would say otherwise
            said = f"{path}: " + _("INVALID at line {line}: {error}").format(
                line=replay.error.line, error=message
            )
        emit("ecarte analyse: " + said, sys.stderr)
        return 1
    return 0


def format_analysis(
    analysis: MatchAnalysis, names: tuple[str, str], source: str, forfeited: bool = False
) -> str:
    """The readable report; ``forfeited``: the opponent forfeited the match
    (kept beside the log, which has no event for it). The players are named
    as the log names them (``You`` and ``Computer`` in the player's words),
    cut as the app cuts them (a name of any length is repeated on many lines)."""
    shown = [shown_name(name, NAME_CELLS) for name in names]
    lines = [_("Analysis of {file}").format(file=printable(source))]
    nothing = analysis.error is not None and not analysis.decisions and not analysis.deals
    if nothing:
        lines.append(_("Nothing to analyse before the error."))
    for seat in () if nothing else analysis.seats:
        accuracy = analysis.accuracy(seat)
        counts = analysis.label_counts(seat)
        accuracy_text = (
            _("no decision with a choice")
            if accuracy is None
            else _("accuracy {accuracy}").format(accuracy=decimal_text(accuracy))
        )
        labels = ", ".join(
            [
                ngettext("{count} inaccuracy", "{count} inaccuracies", counts["inaccuracy"]).format(
                    count=counts["inaccuracy"]
                ),
                ngettext("{count} mistake", "{count} mistakes", counts["mistake"]).format(
                    count=counts["mistake"]
                ),
                ngettext("{count} blunder", "{count} blunders", counts["blunder"]).format(
                    count=counts["blunder"]
                ),
            ]
        )
        # Translators: a player's line in ecarte analyse: "You: accuracy 87.9; 0 inaccuracies, ...".
        lines.append(
            _("{name}: {accuracy}; {labels}").format(name=shown[seat], accuracy=accuracy_text, labels=labels)
        )
    for seat, opponent in zip(() if nothing else analysis.seats, analysis.opponents, strict=False):
        lines.append("  " + opponent_sentence(seat, opponent, names))
    if not nothing:
        lines.append("  " + scale_sentence())
    flagged = [decision for decision in analysis.decisions if decision.label is not None]
    if flagged:
        lines.append(
            _("Flagged decisions (the chances of winning the match are those of the player deciding):")
        )
        for decision in flagged:
            # The options in the player's words, as the Analysis view says them.
            chosen, best = option_label(decision.chosen), option_label(decision.best)
            best_win = decision.options[0].win
            chosen_win = next(option.win for option in decision.options if option.action == decision.chosen)
            assert decision.label is not None
            lines.append(
                "  "
                + _(
                    "log line {line}: {name} {label}: {chosen} ({chosen_win}%), "
                    "best {best} ({best_win}%), loss {loss} percentage points"
                ).format(
                    line=decision.line,
                    name=shown[decision.seat],
                    label=_label_word(decision.label),
                    chosen=chosen,
                    chosen_win=decimal_text(chosen_win),
                    best=best,
                    best_win=decimal_text(best_win),
                    loss=decimal_text(decision.loss),
                )
            )
    elif not nothing:
        lines.append(_("No decision flagged."))
    for deal in analysis.deals:
        played = (
            _("not played out")
            if deal.tricks is None
            else _("tricks {tricks}").format(tricks=f"{deal.tricks[0]}-{deal.tricks[1]}")
        )
        if deal.open_tricks is not None and deal.open_points is not None:
            known = _("with all cards known: tricks {tricks}, trick points {points}").format(
                tricks=f"{deal.open_tricks[0]}-{deal.open_tricks[1]}",
                points=f"{deal.open_points[0]}-{deal.open_points[1]}",
            )
        else:
            known = _("with all cards known: -")
        lines.append(
            # Translators: {line} is the line of the match's log file the deal begins on.
            _("Game {game}, deal {deal} (log line {line}): {played}; {known}").format(
                game=deal.game, deal=deal.in_game, line=deal.line, played=played, known=known
            )
        )
    if analysis.error is None and not analysis.over:
        if forfeited:
            lines.append(_("The match ended when the opponent forfeited: the analysis stops there."))
        else:
            lines.append(_("The match is not over: the analysis stops where the log ends."))
    if analysis.error is not None:
        error = printable(translated(analysis.error.message))
        if nothing:
            # Nothing came before it: "the lines before it" would be none.
            lines.append(_("INVALID at line {line}: {error}").format(line=analysis.error.line, error=error))
        else:
            lines.append(
                _("INVALID at line {line}: {error} (the analysis covers the lines before it)").format(
                    line=analysis.error.line, error=error
                )
            )
    return "\n".join(lines)


def _label_word(label: str) -> str:
    """A decision's label in the report: inaccuracy, mistake, blunder."""
    # Translators: how bad a decision was, in ecarte analyse's report.
    words = {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"), "blunder": _("blunder")}
    return words.get(label, label)


def scale_sentence() -> str:
    """What the accuracy and the labels measure, with the thresholds the
    labels are given by (``match_analysis``: the words cannot drift from them)."""
    return _(
        "Accuracy is out of 100: 100 when every choice was the best option. A choice that loses "
        "{inaccuracy} percentage points or more of the chance of winning the match is an inaccuracy, "
        "{mistake} or more a mistake, {blunder} or more a blunder."
    ).format(inaccuracy=number_text(INACCURACY), mistake=number_text(MISTAKE), blunder=number_text(BLUNDER))


def opponent_sentence(seat: int, opponent: Opponent, names: tuple[str, str]) -> str:
    """Whom ``seat``'s chances are valued against, in players' words: the
    level the log names, or, for a person (the app's player, whom the
    computer faced) or a player that is not one of the levels, an opponent
    as strong as the Expert level."""
    you = second_person(names)
    player, other = shown_name(names[seat], NAME_CELLS), shown_name(names[1 - seat], NAME_CELLS)
    if opponent.known and opponent.player is not None:
        level = level_name(opponent.player)
        # The level is the other's: "the level A played" read as A's own
        # level in a log of two computer players.
        if you[seat]:
            # Translators: {other} is the computer's name, {level} its level ("Expert").
            return _("Your chances are valued against {other}, who played at the {level} level.").format(
                other=other, level=level
            )
        # Translators: {name} and {other} are players' names, {level} the other's level ("Random").
        return _("{name}'s chances are valued against {other}, who played at the {level} level.").format(
            name=player, other=other, level=level
        )
    if opponent.player is None:
        # A person: how well they play is not known, so the strongest model the analysis has.
        if you[1 - seat]:
            return _(
                "{name}'s chances are valued as if you played as well as the Expert level: "
                "the analysis cannot know how well you play."
            ).format(name=player)
        if you[seat]:
            return _(
                "Your chances are valued as if {other} played as well as the Expert level: "
                "the analysis cannot know how well {other} plays."
            ).format(other=other)
        return _(
            "{name}'s chances are valued as if {other} played as well as the Expert level: "
            "the analysis cannot know how well {other} plays."
        ).format(name=player, other=other)
    unknown = (
        level_name(opponent.player)
        if opponent.player.startswith("cmd:")
        else printable(short_name(opponent.player))
    )
    if you[seat]:
        return _(
            "Your chances are valued as if {other} played as well as the Expert level: "
            "{other} is not one of the computer's levels."
        ).format(other=unknown)
    return _(
        "{name}'s chances are valued as if {other} played as well as the Expert level: "
        "{other} is not one of the computer's levels."
    ).format(name=player, other=unknown)


# ------------------------------------------------------------------ stats


def run_stats(directory: str | None, as_json: bool) -> int:
    """Exit status 0, or 2 when the folder is not one (or cannot be read)."""
    from ecarte.play import paths

    from .stats import collect

    if directory is None:
        folder = paths.matches_dir()
        cache: Path | None = paths.data_dir() / "stats-cache.json"
        analyses: Path | None = paths.analyses_dir()
    else:
        folder = Path(directory)
        cache = analyses = None
        # folder_problem first: is_dir() raises for a name too long (ENAMETOOLONG).
        if folder_problem(folder) is None and not folder.is_dir():
            # Nothing there (the record says what else it is, in the same words).
            problem = _("{path} does not exist").format(path=printable(directory))
            emit(
                "ecarte stats: " + _("No saved matches can be counted: {problem}.").format(problem=problem),
                sys.stderr,
            )
            return 2
    record = collect(folder, cache, analyses)
    uncounted = record.uncounted()
    if uncounted is not None:
        # The Statistics screen's words: not a record of zeros.
        emit("ecarte stats: " + uncounted, sys.stderr)
        return 2
    if as_json:
        emit(json.dumps(record.to_json(), ensure_ascii=False), sys.stdout)
    else:
        emit(format_record(record.to_json(), str(folder), record.only_with_hints()), sys.stdout)
    return 0


def _tally_text(tally: dict[str, object]) -> str:
    played, won, interval = tally["played"], tally["won"], tally["interval"]
    if not played or not isinstance(interval, list):
        return _("none")
    rate = tally["win_rate"]
    assert isinstance(rate, float | int) and isinstance(won, int)
    low, high = 100 * interval[0], 100 * interval[1]
    return ngettext(
        "{won} won of {played} ({rate}%, 95% interval {low}-{high}%)",
        "{won} won of {played} ({rate}%, 95% interval {low}-{high}%)",
        won,
    ).format(won=won, played=played, rate=f"{100 * rate:.0f}", low=f"{low:.0f}", high=f"{high:.0f}")


def _first_folded(item: tuple[str, object]) -> str:
    return item[0].casefold()


def format_record(record: dict[str, object], source: str, only_with_hints: str | None = None) -> str:
    """The readable record (``record`` is ``Record.to_json()``);
    ``only_with_hints`` (``Record.only_with_hints``) in place of the deals'
    counts when every finished match was played with hints."""
    lines = [_("Your record, from the match logs in {folder}").format(folder=printable(source))]
    # Every count but the assisted line is of the matches played without
    # hints, as the Statistics screen says: the headings say so here too.
    lines.append(_("Matches without hints: {tally}").format(tally=_tally_text(record["matches"])))  # type: ignore[arg-type]
    by_level = record["by_level"]
    by_rules = record["by_rules"]
    assert isinstance(by_level, dict) and isinstance(by_rules, dict)
    # The levels and the rule sets in the players' words (as the Statistics
    # screen names them), each group in the order of those words.
    levels = sorted(((level_name(level), tally) for level, tally in by_level.items()), key=_first_folded)
    for name, tally in levels:
        lines.append("  " + _("against {level}: {tally}").format(level=name, tally=_tally_text(tally)))
    rule_sets = sorted(((rules_shown(rules), tally) for rules, tally in by_rules.items()), key=_first_folded)
    for name, tally in rule_sets:
        lines.append("  " + _("rules {rules}: {tally}").format(rules=name, tally=_tally_text(tally)))
    assisted = _tally_text(record["assisted"])  # type: ignore[arg-type]
    lines.append(_("Assisted matches (with hints), apart: {tally}").format(tally=assisted))
    assisted_by_level = record.get("assisted_by_level", {})
    assert isinstance(assisted_by_level, dict)
    hinted = sorted(
        ((level_name(level), tally) for level, tally in assisted_by_level.items()), key=_first_folded
    )
    for name, tally in hinted:
        lines.append("  " + _("against {level}: {tally}").format(level=name, tally=_tally_text(tally)))
    per_deal = record["points_per_deal"]
    points = record["points"]
    voles = record["voles"]
    kings = record["king_points"]
    penalties = record["penalties"]
    assert isinstance(points, list) and isinstance(voles, list) and isinstance(kings, list)
    assert isinstance(penalties, dict)
    if only_with_hints is not None:
        lines.append(only_with_hints)
        details = []
    else:
        lines.append(_("In the matches without hints:"))
        details = _deal_details(record, per_deal, voles, penalties, kings)
    lines.extend("  " + line for line in details)
    unfinished = record["unfinished"]
    if unfinished:
        lines.append(_("Unfinished matches (not counted): {count}").format(count=unfinished))
    between_programs = record.get("between_programs", 0)
    if between_programs:
        # Translators: logs that ecarte simulate wrote, of one program against another.
        left_out = _("Matches between two programs (ecarte simulate), not counted: {count}")
        lines.append(left_out.format(count=between_programs))
    accuracy = record["accuracy"]
    assert isinstance(accuracy, list)
    if accuracy:
        lines.append(_("Accuracy of analysed matches, oldest first:"))
        for item in accuracy:
            shown = decimal_text(item["accuracy"], 1, 5)
            lines.append(f"  {printable(item['created'])}  {shown}  {printable(item['log'])}")
    unreadable = record["unreadable"]
    assert isinstance(unreadable, list)
    for problem in unreadable:
        lines.append(_("Skipped {problem}").format(problem=printable(problem)))
    return "\n".join(lines)


def _deal_details(
    record: dict[str, object], per_deal: object, voles: list[int], penalties: dict[str, int], kings: list[int]
) -> list[str]:
    """The deals' counts of the matches without hints, a line each."""
    if isinstance(per_deal, list):
        deals = _("Deals: {deals}; points per deal {yours} (opponents {theirs})").format(
            deals=record["deals"], yours=decimal_text(per_deal[0], 2), theirs=decimal_text(per_deal[1], 2)
        )
    else:
        deals = _("Deals: {deals}").format(deals=record["deals"])
    return [
        deals,
        _("Voles: {yours} (opponents {theirs})").format(yours=voles[0], theirs=voles[1]),
        _("Penalties: suffered {suffered}, inflicted {inflicted}").format(
            suffered=penalties["suffered"], inflicted=penalties["inflicted"]
        ),
        _("King points: {yours} (opponents {theirs})").format(yours=kings[0], theirs=kings[1]),
        _("Longest winning streak: {count}").format(count=record["longest_winning_streak"]),
    ]
