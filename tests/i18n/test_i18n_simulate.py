"""``ecarte simulate`` in the player's language: every label and error in
the catalog's words, the same figures as in English with the language's
decimal mark, and no comma between thousands where a comma is the decimal
mark. ``--json`` stays English."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ecarte import i18n
from ecarte.cli import main
from ecarte.tournament import FIGURES

ARGV = ["simulate", "classic", "random", "--matches", "4", "--jobs", "1", "--seed", "3"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_table_is_in_the_language_with_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, english, _ = run(capsys, *ARGV)
    assert status == 0
    status, swedish, _ = run(capsys, "--lang", "sv", *ARGV)
    assert status == 0 and i18n.current_language() == "sv"
    english_rows, swedish_rows = english.splitlines()[2:10], swedish.splitlines()[2:10]
    for (key, label), english_row, swedish_row in zip(FIGURES, english_rows, swedish_rows, strict=True):
        translated = i18n._(label)
        assert translated != label, label
        assert english_row.startswith(label) and swedish_row.startswith(translated)
        if key == "decisions_per_second":  # a speed: not the same from one run to the next
            # Thousands are not set apart by a comma, a Swedish decimal mark.
            assert "," not in swedish_row and any(ch.isdigit() for ch in swedish_row)
            continue
        # The same figures, the decimals after a comma as Swedish writes them ("0,375").
        english_figures = english_row[len(label) :].replace(".", ",")
        assert swedish_row[len(translated) :].split() == english_figures.split(), key
    heading = i18n.ngettext("{count} match", "{count} matches", 4).format(count=4)
    assert swedish.startswith(heading + ",") and heading != "4 matches"


def test_an_error_is_told_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--lang", "fr", "simulate", "random", "random", "--matches", "0")
    assert status == 2 and out == ""
    expected = i18n._("--matches must be from 1 to {most}, not {value}").format(
        most=f"{i18n.Grouped(1_000_000):,}", value=0
    )
    assert expected.startswith("--matches doit")
    assert err == f"ecarte simulate: {expected}\n"


def without_timing(text: str) -> dict[str, Any]:
    summary: dict[str, Any] = json.loads(text)
    summary.pop("speed")
    for side in summary["sides"].values():
        side.pop("thinking_seconds")
        side.pop("decisions_per_second")
    return summary


def test_json_is_the_same_in_every_language(capsys: pytest.CaptureFixture[str]) -> None:
    status, german, _ = run(capsys, "--lang", "de", *ARGV, "--json")
    assert status == 0
    status, english, _ = run(capsys, *ARGV, "--json")
    assert status == 0
    assert without_timing(german) == without_timing(english)
