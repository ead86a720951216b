"""The player's record, from the saved match logs (``ecarte stats``).

The logs are the single source of truth: each is replayed through the
rules (``log.replay_bytes``) and summarised; a cache keyed by each file's
size and modification time only saves the replaying. Seat 0 is the player
(the app's convention), seat 1 the computer, whose level the header's
``opponent`` key names. A match in which the player asked for a hint (a
decision line with ``"hint": true``, a key the rules ignore) is assisted,
and counted apart. A log damaged before its end (a bad line other than a
last line cut short, which the app recovers from) is skipped with its line
and reason, as ``ecarte check`` finds them. A log ``ecarte simulate``
wrote (its header marked ``tournament_seed``) is a match between two
programs, nobody's record: it is left out, and counted so that the record
says so. See ``docs/analysis.md``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from ecarte.engine import Rules, RulesError
from ecarte.engine.match import tally_deals
from ecarte.i18n import _, ngettext, translated, translated_error
from ecarte.log import MAX_LOG_BYTES, EventType, LogFileError, replay_bytes
from ecarte.log.forfeit import has_forfeit
from ecarte.log.opponents import between_programs, level_of_record, levels_played
from ecarte.play.names import rules_in_words
from ecarte.safefile import Skipped, folder_problem, regular_files
from ecarte.text import printable

from .saved import read_disposable, saved_accuracy, write_disposable

LOG_SUFFIX = ".ecarte.jsonl"
CACHE_VERSION = 3
"""2: a log damaged before its end is no longer summarised (it was counted
as an unfinished match). 3: a summary says whether two programs played."""
PLAYER = 0
"""The player's seat in the app's logs."""
MAX_CACHE_BYTES = 32_000_000
"""The most of the cache read. An entry is about 400 bytes (under 1,000
with a long log name and many rules changed), so this holds some 30,000
matches or more; a larger file, or a link to ``/dev/zero``, is refused
unread and the logs are read again."""
MOST_IN_A_MATCH = 1_000_000_000
"""Above any count one match can reach (a log is at most 8 MB): a cached
count beyond it is damage, and would overflow the points per deal."""


@dataclass(slots=True)
class MatchSummary:
    """What one log says about the player's match."""

    name: str
    level: str
    rules: str
    created: str
    complete: bool
    won: bool
    assisted: bool
    deals: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    voles: list[int] = field(default_factory=lambda: [0, 0])
    penalties: list[int] = field(default_factory=lambda: [0, 0])
    """Penalties each seat suffered (it was liable and lost the deal)."""
    king_points: list[int] = field(default_factory=lambda: [0, 0])
    valid: bool = True
    between_programs: bool = False
    """Written by ``ecarte simulate``: two programs played, nobody's record."""


_SUMMARY_FIELDS = tuple(summary_field.name for summary_field in fields(MatchSummary))


def _summary_json(summary: MatchSummary) -> dict[str, Any]:
    """``dataclasses.asdict`` of a summary, which holds only numbers, text
    and lists of numbers: a copy of each list, without asdict's deep copies."""
    result: dict[str, Any] = {}
    for name in _SUMMARY_FIELDS:
        value = getattr(summary, name)
        result[name] = list(value) if isinstance(value, list) else value
    return result


@lru_cache(maxsize=64)
def rules_label(rules: Rules) -> str:
    """``default``, or the settings that differ from the defaults (a few
    rule sets recur across the logs, so each is worded once)."""
    defaults = Rules().to_dict()
    changed = [
        f"{key}={json.dumps(value)}" for key, value in rules.to_dict().items() if defaults[key] != value
    ]
    return " ".join(changed) if changed else "default"


_ASSIGNMENT = re.compile(r"(\w+)=(.*?)(?= \w+=|$)")


def rules_of_label(label: str) -> Rules | None:
    """The rules a ``rules_label`` names; ``None`` for a label it could not
    have made (a cache written by something else): a setting at its default,
    one named twice, or the settings out of their order."""
    if label == "default":
        return Rules()
    pairs = _ASSIGNMENT.findall(label)
    if not pairs or " ".join(f"{key}={value}" for key, value in pairs) != label:
        return None
    try:
        rules = Rules.from_mapping({key: json.loads(value) for key, value in pairs})
    except (ValueError, RulesError, RecursionError):  # a value nested too deep to parse
        return None
    return rules if rules_label(rules) == label else None


def rules_shown(label: str) -> str:
    """A rule set of the record in the players' words ("game to 7 · ace
    high"), as the Statistics screen and ``ecarte stats`` show it; its label
    as it is if it names no rules."""
    rules = rules_of_label(label)
    if rules is None:
        return printable(label)
    return rules_in_words(rules, with_target=True, capital=False)


def summarise_log(path: Path, data: bytes, mtime: float) -> MatchSummary | None:
    """The summary of one log's bytes, or ``None`` without a valid header;
    ``Damaged`` for a log with a bad line before its end (its last line cut
    short is no damage: the app cuts it off and goes on, as this replays
    the lines before it)."""
    try:
        replay = replay_bytes(data)
    except LogFileError as error:
        # Too many lines: said so, not "no valid header".
        raise _Unreadable(translated_error(error)) from None
    header = replay.header
    match = replay.match
    if header is None or match is None:
        return None
    if not replay.can_continue and replay.error is not None:
        raise Damaged(replay.error.line, replay.error.message)
    # Against whom the computer's seat mostly played (a Continue may have changed it).
    level = level_of_record(levels_played(header.extra, replay.events))
    created = header.extra.get("created")
    forfeited = has_forfeit(path)
    won = match.winner == PLAYER or (forfeited and match.winner is None)
    summary = MatchSummary(
        name=path.name,
        level=level if level is not None else "unknown",
        rules=rules_label(header.rules),
        created=created if isinstance(created, str) else _iso(mtime),
        complete=match.is_over or forfeited,
        won=won,
        assisted=b'"hint"' in data and _asked_for_hint(data, replay.events),
        deals=len(match.deals),
        valid=replay.error is None,
        between_programs=between_programs(header.extra),
    )
    tally = tally_deals(match.deals)
    summary.points = tally.points
    summary.king_points = tally.king_points
    summary.voles = tally.voles
    summary.penalties = tally.penalties_suffered
    return summary


def _asked_for_hint(data: bytes, events: Iterable[Any]) -> bool:
    """Whether a valid decision line of the player carries ``"hint": true``."""
    lines = data.split(b"\n")
    for event in events:
        if event.type == EventType.DEAL or event.player != PLAYER:
            continue
        raw = lines[event.line - 1]
        if b'"hint"' not in raw:
            continue
        try:
            obj = json.loads(raw)
        except ValueError:
            continue
        if isinstance(obj, dict) and obj.get("hint") is True:
            return True
    return False


def _iso(mtime: float) -> str:
    from datetime import datetime

    return datetime.fromtimestamp(mtime).astimezone().isoformat(timespec="seconds")


# ------------------------------------------------------------------ cache


def load_cache(path: Path | None) -> dict[str, Any]:
    """The cached entries by log name; none when the cache cannot be read or
    is not this version's (each entry is checked as it is used)."""
    if path is None:
        return {}
    obj = read_disposable(path, MAX_CACHE_BYTES)
    if (
        not isinstance(obj, dict)
        or obj.get("version") != CACHE_VERSION
        or not isinstance(obj.get("logs"), dict)
    ):
        return {}
    logs: dict[str, Any] = obj["logs"]
    return logs


def save_cache(path: Path | None, logs: dict[str, Any]) -> None:
    """Write the cache beside the logs, atomically; a cache that cannot be
    written (or would be too large to be read back) only costs time next
    run."""
    if path is None:
        return
    try:
        data = json.dumps({"version": CACHE_VERSION, "logs": logs}, allow_nan=False).encode("utf-8")
    except ValueError:
        return
    if len(data) <= MAX_CACHE_BYTES:
        write_disposable(path, data)


def _from_cache(entry: Any, name: str, size: int, mtime_ns: int) -> MatchSummary | bool | None:
    """The cached summary of the log ``name`` (``None``: a log without a
    header), or ``False`` when the entry does not match the file or is not
    one this module writes."""
    if (
        not isinstance(entry, dict)
        or entry.get("size") != size
        or entry.get("mtime_ns") != mtime_ns
        or "summary" not in entry
    ):
        return False
    summary = entry["summary"]
    if summary is None:
        return None
    return _checked_summary(summary, name) or False


_SUMMARY_TEXTS = ("level", "rules", "created")
_SUMMARY_FLAGS = ("complete", "won", "assisted", "valid", "between_programs")
_SUMMARY_PAIRS = ("points", "voles", "penalties", "king_points")


def _checked_summary(cached: object, name: str) -> MatchSummary | None:
    """The cached summary as a ``MatchSummary`` if it is one this module
    could have written for the log ``name``, else ``None``. The cache is a
    file anyone may edit and a crash may damage: a count that is text, a
    seat missing from a pair, a result that is a number, an absurd count
    would otherwise break the record (a traceback, a win rate over 100%)
    for as long as the log is unchanged. A bad entry costs the replaying
    of its log, never the record."""
    if not isinstance(cached, dict) or cached.keys() != set(_SUMMARY_FIELDS) or cached["name"] != name:
        return None
    if not all(isinstance(cached[key], str) for key in _SUMMARY_TEXTS):
        return None
    if not cached["level"] or _rules_of_cached_label(cached["rules"]) is None:
        return None
    if not all(type(cached[key]) is bool for key in _SUMMARY_FLAGS) or not _is_count(cached["deals"]):
        return None
    for key in _SUMMARY_PAIRS:
        pair = cached[key]
        if type(pair) is not list or len(pair) != 2 or not all(_is_count(value) for value in pair):
            return None
    return MatchSummary(**cached)


def _is_count(value: object) -> bool:
    return type(value) is int and 0 <= value <= MOST_IN_A_MATCH


@lru_cache(maxsize=64)
def _rules_of_cached_label(label: str) -> Rules | None:
    """``rules_of_label``, once for each of the few labels a cache holds."""
    return rules_of_label(label)


# ------------------------------------------------------------------ the record


@dataclass(slots=True)
class Tally:
    played: int = 0
    won: int = 0

    def add(self, won: bool) -> None:
        self.played += 1
        self.won += won

    def to_json(self) -> dict[str, Any]:
        from ecarte.tournament import wilson_interval

        low, high = wilson_interval(self.won, self.played)
        return {
            "played": self.played,
            "won": self.won,
            "win_rate": round(self.won / self.played, 4) if self.played else None,
            "interval": [round(low, 4), round(high, 4)] if self.played else None,
        }


@dataclass(slots=True)
class Record:
    logs: int = 0
    unreadable: list[str] = field(default_factory=list)
    unfinished: int = 0
    between_programs: int = 0
    """Logs of matches between two programs (``ecarte simulate``'s), left out."""
    matches: Tally = field(default_factory=Tally)
    by_level: dict[str, Tally] = field(default_factory=dict)
    by_rules: dict[str, Tally] = field(default_factory=dict)
    assisted: Tally = field(default_factory=Tally)
    assisted_by_level: dict[str, Tally] = field(default_factory=dict)
    """The matches played with hints, by the computer's level (apart, as ``assisted``)."""
    deals: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    voles: list[int] = field(default_factory=lambda: [0, 0])
    penalties: list[int] = field(default_factory=lambda: [0, 0])
    king_points: list[int] = field(default_factory=lambda: [0, 0])
    longest_streak: int = 0
    history: list[tuple[str, bool]] = field(default_factory=list)
    """(created, won) of each finished match the player played unassisted, oldest first."""
    accuracy: list[tuple[str, str, float]] = field(default_factory=list)
    """(created, log name, accuracy) of each analysed match, oldest first."""
    analysed_with_hints: int = 0
    """Finished matches played with hints that were analysed: their accuracy
    is left out of ``accuracy``, as their result is out of the tallies."""
    folder_problem: str | None = None
    """Why the folder of logs cannot be listed (it is a file, say), in words
    (an ``i18n.Deferred``); ``None`` when it can, or is not there yet."""

    def uncounted(self) -> str | None:
        """What the Statistics screen and ``ecarte stats`` say in place of a
        record when the folder cannot be listed (``None`` when it can)."""
        if self.folder_problem is None:
            return None
        problem = printable(translated(self.folder_problem))
        return _("No saved matches can be counted: {problem}.").format(problem=problem)

    def only_with_hints(self) -> str | None:
        """In place of the deals' counts when every finished match was played
        with hints (they would all be zeros: a learner with the Coach always
        on read it as "nothing was recorded"); ``None`` otherwise."""
        if self.matches.played or not self.assisted.played:
            return None
        return ngettext(
            "Deals, voles, penalties, king points and streaks are counted over the matches played "
            "without hints: none yet. Your {count} finished match was played with hints (asked for "
            "with h, or shown by the Coach setting).",
            "Deals, voles, penalties, king points and streaks are counted over the matches played "
            "without hints: none yet. Your {count} finished matches were played with hints (asked "
            "for with h, or shown by the Coach setting).",
            self.assisted.played,
        ).format(count=self.assisted.played)

    def to_json(self) -> dict[str, Any]:
        deals = self.deals or 1
        return {
            "logs": self.logs,
            "unreadable": self.unreadable,
            "unfinished": self.unfinished,
            "between_programs": self.between_programs,
            "matches": self.matches.to_json(),
            "by_level": {key: tally.to_json() for key, tally in sorted(self.by_level.items())},
            "by_rules": {key: tally.to_json() for key, tally in sorted(self.by_rules.items())},
            "assisted": self.assisted.to_json(),
            "assisted_by_level": {
                key: tally.to_json() for key, tally in sorted(self.assisted_by_level.items())
            },
            "deals": self.deals,
            "points": self.points,
            "points_per_deal": [round(points / deals, 3) for points in self.points] if self.deals else None,
            "voles": self.voles,
            "penalties": {"suffered": self.penalties[PLAYER], "inflicted": self.penalties[1 - PLAYER]},
            "king_points": self.king_points,
            "longest_winning_streak": self.longest_streak,
            "accuracy": [
                {"created": created, "log": name, "accuracy": round(value, 1)}
                for created, name, value in self.accuracy
            ],
        }


def collect(directory: Path, cache_path: Path | None = None, analyses: Path | None = None) -> Record:
    """The record of every log in ``directory``. Counts cover finished,
    unassisted matches (``assisted`` counts the others); points, voles,
    penalties and king points every deal of them."""
    record = Record()
    # Said, rather than shown as an empty record; and the cache is kept.
    record.folder_problem = folder_problem(directory)
    if record.folder_problem is not None:
        return record
    cache = load_cache(cache_path)
    fresh: dict[str, Any] = {}
    summaries: list[MatchSummary] = []
    # A folder, a FIFO or a broken link named like a log is named in the
    # words the rest of the app uses ("not a regular file but a directory").
    skipped: list[Skipped] = []
    paths = sorted(regular_files(directory, LOG_SUFFIX, skipped))
    for entry in sorted(skipped, key=lambda entry: entry.path.name):
        record.unreadable.append(f"{entry.path.name}: {translated(entry.reason)}")
    for path in paths:
        try:
            info = path.stat()
        except OSError as error:
            record.unreadable.append(f"{path.name}: {error.strerror or error}")
            continue
        cached = _from_cache(cache.get(path.name), path.name, info.st_size, info.st_mtime_ns)
        if cached is False:
            try:
                summary = _read(path, info.st_size, info.st_mtime)
            except Damaged as damage:
                # Not cached: the reason is worded in the player's language
                # of the day, and such logs are few.
                record.unreadable.append(f"{path.name}: {damage.reason()}")
                continue
            except _Unreadable as error:
                record.unreadable.append(f"{path.name}: {error}")
                continue
        else:
            summary = cached if isinstance(cached, MatchSummary) else None
        fresh[path.name] = {
            "size": info.st_size,
            "mtime_ns": info.st_mtime_ns,
            "summary": None if summary is None else _summary_json(summary),
        }
        if summary is None:
            record.unreadable.append(_("{file}: not a match log (no valid header)").format(file=path.name))
            continue
        # Counted once read: a damaged file is among the skipped, not the logs.
        record.logs += 1
        summaries.append(summary)
    if fresh != cache:
        save_cache(cache_path, fresh)
    summaries.sort(key=lambda summary: (summary.created, summary.name))
    streak = 0
    for summary in summaries:
        if summary.between_programs:
            record.between_programs += 1
            continue
        if not summary.complete:
            record.unfinished += 1
            continue
        if summary.assisted:
            record.assisted.add(summary.won)
            record.assisted_by_level.setdefault(summary.level, Tally()).add(summary.won)
            continue
        record.matches.add(summary.won)
        record.by_level.setdefault(summary.level, Tally()).add(summary.won)
        record.by_rules.setdefault(summary.rules, Tally()).add(summary.won)
        record.history.append((summary.created, summary.won))
        streak = streak + 1 if summary.won else 0
        record.longest_streak = max(record.longest_streak, streak)
        record.deals += summary.deals
        for seat in (0, 1):
            record.points[seat] += summary.points[seat]
            record.voles[seat] += summary.voles[seat]
            record.penalties[seat] += summary.penalties[seat]
            record.king_points[seat] += summary.king_points[seat]
    if analyses is not None:
        # The accuracy of the matches the record counts: finished, no hints.
        created = {
            summary.name: summary.created
            for summary in summaries
            if summary.complete and not summary.assisted
        }
        for name, value in saved_accuracy(analyses, directory, created):
            record.accuracy.append((created[name], name, value))
        record.accuracy.sort()
        # Counted, so that the screen says why they are not drawn.
        assisted = {
            summary.name: summary.created for summary in summaries if summary.complete and summary.assisted
        }
        record.analysed_with_hints = sum(1 for __ in saved_accuracy(analyses, directory, assisted))
    return record


class _Unreadable(Exception):
    pass


class Damaged(Exception):
    """A log with a bad line before its end: its match is not counted."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(line, message)
        self.line = line
        self.message = message

    def reason(self) -> str:
        """Why the log is skipped, in the player's language (after its name)."""
        # Translators: why ecarte stats and the Statistics screen skip a match log
        # ("Skipped FILE: line 5 of the file is damaged (…)"); {reason} is the log reader's.
        return _("line {line} of the file is damaged ({reason})").format(
            line=self.line, reason=translated(self.message)
        )


def _read(path: Path, size: int, mtime: float) -> MatchSummary | None:
    if size > MAX_LOG_BYTES:
        # Translators: why ecarte stats skips a match log ("Skipped FILE: larger than 8 MB").
        raise _Unreadable(_("larger than {count} MB").format(count=MAX_LOG_BYTES // 1_000_000))
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_LOG_BYTES + 1)
    except OSError as error:
        raise _Unreadable(error.strerror or str(error)) from None
    return summarise_log(path, data, mtime)
