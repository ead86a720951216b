"""The language tests: the app's own folders kept private, and the TUI
tests' helpers (``tests/tui``) importable for the screens in two languages."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
