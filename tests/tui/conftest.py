"""Every test of the app runs with its own config and data directories, so
that no test reads or writes a real player's settings or autosaves.

``async def`` tests run under pytest-asyncio (``asyncio_mode = "auto"`` in
pyproject.toml), and a few fixtures build match logs and read what a widget
shows.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def ecarte_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(config dir, data dir), both empty, under the test's tmp_path."""
    config = tmp_path / "config"
    data = tmp_path / "data"
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(config))
    monkeypatch.setenv("ECARTE_DATA_DIR", str(data))
    return config, data


KNOWN_DECK = "KS QS JS 7H 8H 9H AS TS 7D 8D 9C KH QH JH AH TH KD QD JD AD TD 9D KC QC JC AC TC 8C 7C 9S 8S 7S"
"""Klara (seat 0) deals: Leo (elder) gets K♠ Q♠ J♠ then A♠ 10♠; Klara 7♥ 8♥ 9♥
then 7♦ 8♦; the 9♣ is turned up (clubs are trumps); the stock starts K♥ Q♥ J♥."""

KNOWN_EVENTS = (
    json.dumps({"type": "deal", "dealer": 0, "deck": KNOWN_DECK}),
    '{"type": "propose", "player": 1}',
    '{"type": "accept", "player": 0}',
    '{"type": "discard", "player": 1, "cards": ["AS"]}',
    '{"type": "discard", "player": 0, "cards": ["7D", "8D"]}',
    '{"type": "play", "player": 1}',
    '{"type": "card", "player": 1, "card": "KS"}',
    '{"type": "card", "player": 0, "card": "7H"}',
    '{"type": "card", "player": 1, "card": "QS"}',
    '{"type": "card", "player": 0, "card": "8H"}',
    '{"type": "card", "player": 1, "card": "JS"}',
    '{"type": "card", "player": 0, "card": "9H"}',
    '{"type": "card", "player": 1, "card": "TS"}',
    '{"type": "card", "player": 0, "card": "JH"}',
    '{"type": "card", "player": 1, "card": "KH"}',
    '{"type": "card", "player": 0, "card": "QH"}',
)
"""One deal worked out by hand from the rules: Leo proposes, Klara accepts;
Leo discards A♠ and draws K♥; Klara discards 7♦ 8♦ and draws Q♥ J♥; Leo
plays and leads his four spades (Klara, without spades or clubs, throws
hearts) and then K♥ over Klara's Q♥ (she must follow suit): all five
tricks, the vole, 2 points to Leo."""


def _write_log(
    path: Path,
    events: tuple[str, ...] | list[str],
    players: tuple[str, str] = ("Klara", "Leo"),
    opponent: str | None = "normal",
) -> Path:

    header = {
        "format": "ecarte-log",
        "version": 1,
        "players": list(players),
        "first_dealer": 0,
        "rules": {},
        "created": "2026-11-28T20:15:00",
    }
    if opponent is not None:
        # A log the app wrote names the computer's level; its seat 0 is the
        # app's player, spoken to whatever their name ("You discard").
        header["opponent"] = opponent
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join([json.dumps(header), *events]) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def known_log(tmp_path: Path) -> Path:
    """The hand-worked deal of ``KNOWN_EVENTS`` as a log file of two players
    (Klara and Leo, neither the app's player)."""
    return _write_log(tmp_path / "known.ecarte.jsonl", KNOWN_EVENTS, opponent=None)


def _plain(content: object, width: int = 100) -> str:
    """What a Rich renderable (a Static's content) reads as on screen."""
    from rich.console import Console

    console = Console(width=width, record=True, file=open(os.devnull, "w"), color_system=None)  # noqa: SIM115
    console.print(content)
    return console.export_text()


@pytest.fixture
def write_log() -> Callable[..., Path]:
    """``write_log(path, events, players=("Klara", "Leo"), opponent="normal")``:
    a log file from event lines (JSON text), after a header with default
    rules; ``opponent=None``: not a log of the app (two other players)."""
    return _write_log


@pytest.fixture
def known_events() -> tuple[str, ...]:
    return KNOWN_EVENTS


@pytest.fixture
def plain() -> Callable[..., str]:
    """``plain(renderable, width=100)``: the text a renderable shows."""
    return _plain
