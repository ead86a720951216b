"""``ecarte check [--json] FILE``: replay a match log and say what it holds.

The JSON object and the exit statuses are those of ``docs/log-format.md``;
the readable summary is for people. Names and messages from the file are
printed as plain text (no markup is interpreted), with control characters
shown as escapes so a log cannot drive the terminal, and a name cut to the
24 cells the app gives it, ending in "…" (the JSON report has no names: it
names the seats by number); the app's own names
(``You``, ``Computer``) in the reader's language, and the player named
``You`` spoken to ("you win game 1": ``names.py``).
"""

from __future__ import annotations

import atexit
import gc
import json
import os
import sys

from ecarte.engine import DealRecord, Rules
from ecarte.engine.cards import SUIT_SYMBOLS, SUITS, suit_name
from ecarte.engine.scoring import after_four_all, four_all_score, game_won, match_won
from ecarte.i18n import _, ngettext, translated, translated_error
from ecarte.text import NAME_CELLS, emit, printable

from .forfeit import FORFEIT_SUFFIX, forfeit_problem, read_forfeit
from .names import second_person, shown_name
from .reader import LogFileError, Replay, replay_file

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from typing import Any


def check_report(replay: Replay) -> dict[str, Any]:
    """The JSON object of ``ecarte check --json``; for an invalid log it
    describes the valid part before the bad line."""
    match = replay.match
    deals = match.deals if match is not None else []
    return {
        "valid": replay.error is None,
        "error": None
        if replay.error is None
        else {"line": replay.error.line, "message": replay.error.message},
        "complete": bool(match is not None and match.is_over),
        "winner": None if match is None else match.winner,
        "games": [] if match is None else [list(score) for score in match.games],
        "deals": [
            {
                "game": record.game,
                "dealer": record.dealer,
                "trump": SUITS[record.trump],
                "tricks": None if record.tricks is None else list(record.tricks),
                "points": list(record.points),
                "score": list(record.score),
            }
            for record in deals
        ],
    }


def report_json(report: dict[str, Any]) -> str:
    """The report as ``docs/log-format.md`` shows it: one key per line, one deal per line."""
    lines = []
    for key, value in report.items():
        if key == "deals" and value:
            deals = ",\n".join(f"    {_dumps(deal)}" for deal in value)
            lines.append(f'  "deals": [\n{deals}\n  ]')
        else:
            lines.append(f"  {_dumps(key)}: {_dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def format_summary(
    replay: Replay, source: str, forfeit: str | None = None, forfeit_problem: str | None = None
) -> str:
    """The readable summary of a replayed log, in the player's language
    (``ecarte.i18n``; the JSON report never is); ``forfeit``: why the match
    was forfeited, from the ``.forfeit`` file beside the log;
    ``forfeit_problem``: why what has that file's name is not read as one."""
    lines = [_("Match log: {file}").format(file=printable(source))]
    header = replay.header
    match = replay.match
    if header is None or match is None:
        lines.append(_("No valid header, so nothing could be replayed."))
    else:
        # Cut as the app cuts them: a name is repeated on every deal's line
        # (one of 100,000 letters made a summary of a megabyte).
        names = [shown_name(name, NAME_CELLS) for name in header.players]
        you = second_person(header.players)
        lines.append(
            _("Players: seat 0 {name}, seat 1 {other}; first dealer: {dealer}").format(
                name=names[0], other=names[1], dealer=names[header.first_dealer]
            )
        )
        lines.append(_("Rules: {rules}").format(rules=_rules_text(header.rules)))
        if match.deals:
            lines.append(_("Deals (pairs are seat 0 - seat 1):"))
            width = len(str(len(match.deals)))
            for number, record in enumerate(match.deals, 1):
                lines.append(f"  {number:>{width}}. {_deal_text(record, names, you, header.rules)}")
        else:
            lines.append(_("No deal yet."))
        lines.extend(_games_text(match.games, names, you, header.rules))
        if match.winner is not None:
            winner = match.winner
            won = match.games_won
            if not match_won(1, header.rules):
                lines.append(
                    (
                        ngettext(
                            "Result: you win the match, {won} game to {lost}.",
                            "Result: you win the match, {won} games to {lost}.",
                            won[winner],
                        )
                        if you[winner]
                        else ngettext(
                            "Result: {name} wins the match, {won} game to {lost}.",
                            "Result: {name} wins the match, {won} games to {lost}.",
                            won[winner],
                        )
                    ).format(name=names[winner], won=won[winner], lost=won[1 - winner])
                )
            else:
                lines.append(
                    (
                        _("Result: you win the match.")
                        if you[winner]
                        else _("Result: {name} wins the match.")
                    ).format(name=names[winner])
                )
        elif forfeit is not None:
            # The log alone reads as a match stopped midway: the file beside it says otherwise.
            lines.append(
                _("Result: decided by a forfeit, which {file} beside the log explains:").format(
                    file=printable(os.path.basename(source) + FORFEIT_SUFFIX)
                )
            )
            lines.extend("  " + printable(line) for line in forfeit.splitlines())
        else:
            lines.append(_("Result: not decided; the log stops during the match."))
            if forfeit_problem is not None:
                lines.append(printable(translated(forfeit_problem)) + ".")
    if replay.error is None:
        lines.append(_("The log is valid."))
    else:
        if replay.truncated_last_line and (header is None or match is None):
            # The header itself is the torn line: nothing above to point to.
            lines.append(_("The log's last line was cut short (a write interrupted)."))
        elif replay.truncated_last_line:
            lines.append(_("The log's last line was cut short (a write interrupted); the rest is above."))
        lines.append(
            _("INVALID at line {line}: {error}").format(
                line=replay.error.line, error=printable(translated(replay.error.message))
            )
        )
        if replay.header is not None:
            lines.append(
                _("(The summary above covers the lines before line {line}.)").format(line=replay.error.line)
            )
    return "\n".join(lines)


def _rules_text(rules: Rules) -> str:
    defaults = Rules().to_dict()
    # The rules' keys and values as the log and --rules write them.
    changed = [
        f"{key} {json.dumps(value)}" for key, value in rules.to_dict().items() if defaults[key] != value
    ]
    if not changed:
        return _("the defaults (one game to 5 points)")
    return _("{changes} (the rest as default)").format(changes=", ".join(changed))


def _deal_text(record: DealRecord, names: list[str], you: tuple[bool, bool], rules: Rules) -> str:
    dealer = record.dealer
    trump = f"{SUIT_SYMBOLS[record.trump]} {suit_name(record.trump)}"
    tricks = "-" if record.tricks is None else f"{record.tricks[0]}-{record.tricks[1]}"
    text = _(
        "game {game}, dealer {dealer}, trump {trump}; tricks {tricks}, points {points}, score {score}"
    ).format(
        game=record.game,
        dealer=names[dealer],
        trump=trump,
        tricks=tricks,
        points=f"{record.points[0]}-{record.points[1]}",
        score=f"{record.score[0]}-{record.score[1]}",
    )
    why: list[str] = []
    if record.turned_king:
        why.append(
            (_("you turned up the king (+1)") if you[dealer] else _("{name} turned up the king (+1)")).format(
                name=names[dealer]
            )
        )
    for seat in (0, 1):
        announced = record.king_points[seat] - (1 if record.turned_king and seat == dealer else 0)
        if announced:
            why.append(
                (
                    _("you announced the king (+1)") if you[seat] else _("{name} announced the king (+1)")
                ).format(name=names[seat])
            )
    if record.tricks is not None and record.winner is not None:
        winner = record.winner
        won = record.tricks[winner]
        values = {
            "name": names[winner],
            "loser": names[1 - winner],
            "won": won,
            "points": record.trick_points,
        }
        # Who is spoken to: the winner, the liable loser, or neither; the liable
        # loser is named where the penalty added points (a vole is 2 either way,
        # unless the rules add the penalty to it).
        if record.vole and record.penalty_points:
            text_of_tricks = (
                _("you took all 5 tricks, the vole, {loser} was liable (penalty) (+{points})")
                if you[winner]
                else _("{name} took all 5 tricks, the vole, you were liable (penalty) (+{points})")
                if you[1 - winner]
                else _("{name} took all 5 tricks, the vole, {loser} was liable (penalty) (+{points})")
            )
        elif record.vole:
            text_of_tricks = (
                _("you took all 5 tricks, the vole (+{points})")
                if you[winner]
                else _("{name} took all 5 tricks, the vole (+{points})")
            )
        elif record.penalty_points:
            text_of_tricks = (
                _("you took {won} tricks, {loser} was liable (penalty) (+{points})")
                if you[winner]
                else _("{name} took {won} tricks, you were liable (penalty) (+{points})")
                if you[1 - winner]
                else _("{name} took {won} tricks, {loser} was liable (penalty) (+{points})")
            )
        else:
            text_of_tricks = (
                _("you took {won} tricks (+{points})")
                if you[winner]
                else _("{name} took {won} tricks (+{points})")
            )
        why.append(text_of_tricks.format(**values))
    elif record.ended_game is None:
        why.append(_("unfinished"))
    if record.four_all_reset:
        both = four_all_score(rules)
        reset = after_four_all((both, both))
        why.append(_("both at {both}: reset to {score}").format(both=both, score=f"{reset[0]}-{reset[1]}"))
    if record.ended_game is not None:
        why.append(
            (_("you win game {game}") if you[record.ended_game] else _("{name} wins game {game}")).format(
                name=names[record.ended_game], game=record.game
            )
        )
    # The clauses follow a colon, so "you" is not capitalised ("score 0-1: you took 3 tricks").
    return f"{text}: {'; '.join(why)}"


def _games_text(games: list[list[int]], names: list[str], you: tuple[bool, bool], rules: Rules) -> list[str]:
    lines = []
    for number, score in enumerate(games, 1):
        if game_won(max(score), rules):
            winner = 0 if game_won(score[0], rules) else 1
            outcome = (_("won by you") if you[winner] else _("won by {name}")).format(name=names[winner])
        else:
            outcome = _("in progress")
        lines.append(
            _("Game {number}: {score}, {outcome}").format(
                number=number, score=f"{score[0]}-{score[1]}", outcome=outcome
            )
        )
    return lines


def run_check(path: str, as_json: bool) -> int:
    """Exit status: 0 valid, 1 invalid, 2 the file cannot be read (the
    message then goes to standard error and nothing to standard output)."""
    # What the check makes lives until the command ends, so the cyclic
    # garbage collector would only walk it: it waits while the log is read,
    # and Python's last collection, at exit, skips what exists by then (the
    # system takes the memory back). A tenth of the command's time.
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _check(path, as_json)
    finally:
        if collecting:
            gc.enable()


def _check(path: str, as_json: bool) -> int:
    try:
        replay = replay_file(path)
    except LogFileError as error:
        emit(f"ecarte check: {translated_error(error)}", sys.stderr)
        return 2
    if as_json:
        emit(report_json(check_report(replay)), sys.stdout)
    else:
        forfeit = problem = None
        if replay.match is not None and not replay.match.is_over:
            # Only for a match not over (pathlib is not loaded for the others).
            from pathlib import Path

            forfeit = read_forfeit(Path(path))
            problem = forfeit_problem(Path(path))
        emit(format_summary(replay, path, forfeit, problem), sys.stdout)
    return 0 if replay.error is None else 1
