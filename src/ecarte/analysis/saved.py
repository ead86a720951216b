"""Saved analyses: the accuracy of each analysed match, for the record.

``ecarte analyse`` keeps, for a log among the saved matches, a small JSON
file in the data directory's ``analyses`` folder, keyed like the stats
cache by the log's size and modification time: a log changed since (a
match continued) is analysed afresh before it counts again.

These files and the cache are read and written by ``read_disposable`` and
``write_disposable``, here for both: a FIFO or a link to a device in their
place never hangs the record nor fills the memory, and a file that is not
one this module writes simply does not count.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from ecarte.safefile import FileRefused, read_regular_file, write_whole

if TYPE_CHECKING:
    from .match_analysis import MatchAnalysis

SUFFIX = ".analysis.json"
MAX_ANALYSIS_BYTES = 64 * 1024
"""The most of a saved analysis read: one is some 300 bytes (a log's name,
two accuracies, two seats' counts of labels)."""
SEATS = ("0", "1")


def read_disposable(path: Path, limit: int) -> object:
    """The JSON a file of ours holds (the statistics' cache, a saved
    analysis), or ``None`` when it cannot be had: missing, not a regular
    file (a FIFO there must not hang the record), over ``limit`` bytes, not
    JSON, or nested too deep to parse. Such a file only saves time, so
    nothing is said about it."""
    try:
        return json.loads(read_regular_file(path, limit))
    except (FileRefused, OSError, ValueError, RecursionError):
        return None


def write_disposable(path: Path, data: bytes) -> bool:
    """Write a file of ours (the statistics' cache, a saved analysis) whole
    or not at all (``safefile.write_whole``), over a regular file or
    nothing only: a FIFO, a folder or a symbolic link where the file should
    be is left as it is, and the file is not written, which costs a
    recomputation next time and nothing else. ``False`` when it was not
    written."""
    if not _replaceable(path):
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    # Looked at again once written: what is there may have changed meanwhile.
    return write_whole(path, data, may_replace=lambda: _replaceable(path))


def _replaceable(path: Path) -> bool:
    """Whether ``path`` is a regular file or nothing (not a link: looked at
    without following it)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return stat.S_ISREG(mode)


def save_analysis(folder: Path, log: Path, analysis: MatchAnalysis, seed: int) -> Path | None:
    """Keep the accuracies of ``analysis`` of ``log``; ``None`` if it cannot
    be written (the analysis itself was printed all the same)."""
    try:
        info = log.stat()
    except OSError:
        return None
    target = folder / (log.name + SUFFIX)
    entry: dict[str, Any] = {
        "log": log.name,
        "size": info.st_size,
        "mtime_ns": info.st_mtime_ns,
        "seed": seed,
        "accuracy": {str(seat): analysis.accuracy(seat) for seat in analysis.seats},
        "labels": {str(seat): analysis.label_counts(seat) for seat in analysis.seats},
    }
    try:
        data = json.dumps(entry, allow_nan=False).encode("utf-8")
    except ValueError:  # a NaN accuracy: not kept, rather than kept as invalid JSON
        return None
    return target if write_disposable(target, data) else None


def keep_for_the_record(log: Path, analysis: MatchAnalysis, seed: int) -> bool | None:
    """Keep the accuracy of an analysis of one of the player's saved matches
    (a log in the matches folder) for the record, in the data directory's
    ``analyses`` folder: whether it was written, ``None`` for any other log
    (nothing to keep). ``ecarte analyse`` and the app's analysis both keep
    it here."""
    from ecarte.play import paths

    try:
        mine = log.resolve().parent == paths.matches_dir().resolve()
    except OSError:
        return None
    if not mine:
        return None
    return save_analysis(paths.analyses_dir(), log, analysis, seed) is not None


def saved_accuracy(folder: Path, logs: Path, names: Mapping[str, str]) -> Iterator[tuple[str, float]]:
    """(log name, the player's accuracy) of each saved analysis of a log in
    ``names`` that has not changed since it was analysed."""
    for name in names:
        entry = read_disposable(folder / (name + SUFFIX), MAX_ANALYSIS_BYTES)
        if not _is_analysis(entry, name):
            continue
        try:
            info = (logs / name).stat()
        except OSError:
            continue
        if entry["size"] != info.st_size or entry["mtime_ns"] != info.st_mtime_ns:
            continue
        value = entry["accuracy"].get("0")
        if value is not None:
            yield name, float(value)


def _is_analysis(entry: object, name: str) -> TypeGuard[dict[str, Any]]:
    """Whether ``entry`` is a saved analysis of the log ``name`` as
    ``save_analysis`` writes it (``log``, ``seed`` and ``labels`` may be
    left out). The file may have been edited or damaged: an accuracy that
    is text, NaN or 1,000 would break the record or print invalid JSON, so
    such a file does not count, and costs only analysing the match again."""
    if not isinstance(entry, dict) or entry.get("log", name) != name:
        return False
    if not all(_is_integer(entry.get(key)) for key in ("size", "mtime_ns")):
        return False
    if "seed" in entry and not _is_integer(entry["seed"]):
        return False
    accuracy = entry.get("accuracy")
    if not isinstance(accuracy, dict) or not accuracy.keys() <= set(SEATS):
        return False
    if not all(value is None or _is_accuracy(value) for value in accuracy.values()):
        return False
    labels = entry.get("labels", {})
    return (
        isinstance(labels, dict)
        and labels.keys() <= set(SEATS)
        and all(
            isinstance(counts, dict) and all(_is_integer(count) and count >= 0 for count in counts.values())
            for counts in labels.values()
        )
    )


def _is_integer(value: object) -> bool:
    return type(value) is int


def _is_accuracy(value: object) -> bool:
    """A finite number from 0 to 100, as an analysis gives it (the range
    is checked first: a huge integer cannot be made a float)."""
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and 0 <= value <= 100
        and math.isfinite(value)
    )
