"""Shared helper for tests that damage a match log as a disk might (no tests here)."""

from __future__ import annotations

import json
from pathlib import Path


def garble_first_card(path: Path) -> int:
    """Put a card that does not exist on the log's first card line; the
    number of that line of the file (from 1)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    index = next(index for index, line in enumerate(lines) if json.loads(line).get("type") == "card")
    obj = json.loads(lines[index])
    obj["card"] = "ZZ"
    lines[index] = json.dumps(obj)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return index + 1
