"""Fixtures of the web tests: private config and data directories, and a
running ``ecarte serve`` (see web_support)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_support import Served, start_server, stop_server


@pytest.fixture
def ecarte_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))
    return dict(os.environ)


@pytest.fixture
def served(ecarte_env: dict[str, str]) -> Iterator[Served]:
    server = start_server(ecarte_env, "--max-games", "1")
    yield server
    stop_server(server)
