"""Saved analyses: the accuracy of each analysed match, for the record.

``ecarte analyse`` keeps, for a log among the saved matches, a small JSON
file in the data directory's ``analyses`` folder, keyed like the stats
cache by the log's size and modification time: a log changed since (a
match continued) is analysed afresh before it counts again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .match_analysis import MatchAnalysis

SUFFIX = ".analysis.json"


def save_analysis(folder: Path, log: Path, analysis: MatchAnalysis, seed: int) -> Path | None:
    """Keep the accuracies of ``analysis`` of ``log``; ``None`` if it cannot
    be written (the analysis itself was printed all the same)."""
    try:
        info = log.stat()
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / (log.name + SUFFIX)
        temporary = target.with_name(target.name + ".tmp")
        entry: dict[str, Any] = {
            "log": log.name,
            "size": info.st_size,
            "mtime_ns": info.st_mtime_ns,
            "seed": seed,
            "accuracy": {str(seat): analysis.accuracy(seat) for seat in analysis.seats},
            "labels": {str(seat): analysis.label_counts(seat) for seat in analysis.seats},
        }
        temporary.write_text(json.dumps(entry), encoding="utf-8")
        os.replace(temporary, target)
    except OSError:
        return None
    return target


def saved_accuracy(folder: Path, logs: Path, names: Mapping[str, str]) -> Iterator[tuple[str, float]]:
    """(log name, the player's accuracy) of each saved analysis of a log in
    ``names`` that has not changed since it was analysed."""
    for name in names:
        path = folder / (name + SUFFIX)
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            info = (logs / name).stat()
        except (OSError, ValueError):
            continue
        if not isinstance(entry, dict):
            continue
        if entry.get("size") != info.st_size or entry.get("mtime_ns") != info.st_mtime_ns:
            continue
        accuracy = entry.get("accuracy")
        value = accuracy.get("0") if isinstance(accuracy, dict) else None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            yield name, float(value)
