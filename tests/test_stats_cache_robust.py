"""The statistics' cache and the saved analyses are files of ours that
anything may have replaced or damaged: a FIFO or a link to ``/dev/zero`` in
their place, valid JSON of the wrong shape, nesting too deep to parse, a
NaN accuracy. None of it may hang ``ecarte stats`` or ``ecarte analyse``,
eat memory, print a traceback or invalid JSON, or change the record: a bad
entry is only read again from its log."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ecarte.analysis.saved import SUFFIX
from ecarte.analysis.stats import collect
from ecarte.cli import main
from ecarte.engine import Rules
from test_stats import played

NESTED = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of three finished matches (one under other rules), the
    ``ecarte`` of this test reading it."""
    data = tmp_path / "data"
    matches = data / "matches"
    matches.mkdir(parents=True)
    for number in range(3):
        rules = Rules(penalty_adds_to_vole=True, games_to_win=2) if number == 0 else Rules()
        played(matches, f"m{number}", "easy", 200 + number, rules, f"2026-02-1{number}T10:00:00")
    monkeypatch.setenv("ECARTE_DATA_DIR", str(data))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))
    return data


def record_without_cache(data: Path) -> dict[str, Any]:
    record: dict[str, Any] = collect(data / "matches").to_json()
    return record


def run_ecarte(
    data: Path, *arguments: str, preexec_fn: Callable[[], None] | None = None
) -> subprocess.CompletedProcess[str]:
    """A real ``ecarte`` on ``data``; a hang fails the test, never stalls it."""
    env = dict(os.environ, ECARTE_DATA_DIR=str(data), ECARTE_CONFIG_DIR=str(data.parent / "config"))
    try:
        return subprocess.run(
            [sys.executable, "-m", "ecarte", *arguments],
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
            preexec_fn=preexec_fn,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"ecarte {' '.join(arguments)} hung (still running after 30 s)")


def assert_clean(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr, result.stderr


def strict_json(text: str) -> Any:
    """``json.loads`` refusing NaN and the infinities, as JSON does."""

    def refuse(constant: str) -> None:
        raise AssertionError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


def stats_text(capsys: pytest.CaptureFixture[str]) -> str:
    """``ecarte stats``, run here: the report (a traceback fails the test)."""
    capsys.readouterr()
    assert main(["stats"]) == 0
    return capsys.readouterr().out


def stats_json(capsys: pytest.CaptureFixture[str]) -> Any:
    """``ecarte stats`` and ``ecarte stats --json``, run here: both succeed,
    and the record is returned, which must be JSON."""
    stats_text(capsys)
    assert main(["stats", "--json"]) == 0
    return strict_json(capsys.readouterr().out)


# ------------------------------------------------------------------ strange files


@pytest.mark.parametrize(
    "name", ["stats-cache.json", "stats-cache.json.tmp", f"analyses/m1.ecarte.jsonl{SUFFIX}"]
)
def test_a_fifo_in_place_of_the_cache_does_not_hang_ecarte_stats(data: Path, name: str) -> None:
    """It hung ``ecarte stats`` (and the app's Statistics, which could then
    not even be quit) waiting for a writer; now the FIFO is passed over, and
    left as it is."""
    fifo = data / name
    fifo.parent.mkdir(exist_ok=True)
    os.mkfifo(fifo)
    result = run_ecarte(data, "stats", "--json")
    assert_clean(result)
    assert json.loads(result.stdout) == record_without_cache(data)
    assert fifo.is_fifo()
    # The record in words too, from the cache if one could be written.
    assert_clean(run_ecarte(data, "stats"))


def test_a_fifo_in_place_of_a_saved_analysis_file_does_not_hang_ecarte_analyse(data: Path) -> None:
    """``ecarte analyse`` of a saved match waited for ever on a FIFO named
    like its analysis's temporary file."""
    log = data / "matches" / "m1.ecarte.jsonl"
    analyses = data / "analyses"
    analyses.mkdir()
    os.mkfifo(analyses / f"{log.name}{SUFFIX}.tmp")
    result = run_ecarte(data, "analyse", "--json", str(log))
    assert_clean(result)
    accuracy = json.loads(result.stdout)["accuracy"][0]
    # The analysis was kept all the same, and counts in the record.
    record = json.loads(run_ecarte(data, "stats", "--json").stdout)
    assert [item["log"] for item in record["accuracy"]] == [log.name]
    assert record["accuracy"][0]["accuracy"] == pytest.approx(accuracy, abs=0.05)


def _at_most_a_gigabyte() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_a_cache_that_is_a_link_to_dev_zero_costs_no_memory(data: Path) -> None:
    """It was read to the end, which never comes: 8 GB and counting."""
    (data / "stats-cache.json").symlink_to("/dev/zero")
    result = run_ecarte(data, "stats", "--json", preexec_fn=_at_most_a_gigabyte)
    assert_clean(result)
    assert json.loads(result.stdout) == record_without_cache(data)
    assert (data / "stats-cache.json").is_symlink(), "the link is left as it is"


# ------------------------------------------------------------------ damaged contents


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def damage(summary: dict[str, Any]) -> None:
        summary[key] = value

    return damage


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    def damage(summary: dict[str, Any]) -> None:
        del summary[key]

    return damage


DAMAGES: dict[str, Callable[[dict[str, Any]], None]] = {
    "penalties-a-number": _set("penalties", 7),
    "points-one-seat": _set("points", [3]),
    "voles-text": _set("voles", ["1", "0"]),
    "king-points-none": _set("king_points", None),
    "won-a-number": _set("won", 5),
    "complete-a-number": _set("complete", 0),
    "deals-text": _set("deals", "12"),
    "deals-negative": _set("deals", -4),
    "points-huge": _set("points", [10**400, 0]),
    "level-a-number": _set("level", 3),
    "rules-a-list": _set("rules", ["default"]),
    "rules-nested-too-deep": _set("rules", "target=" + NESTED),
    "created-none": _set("created", None),
    "another-logs-name": _set("name", "m2.ecarte.jsonl"),
    "deals-missing": _drop("deals"),
}


@pytest.mark.parametrize("damage", DAMAGES.values(), ids=DAMAGES.keys())
def test_a_cached_summary_of_the_wrong_shape_gives_the_record_of_the_logs(
    data: Path, damage: Callable[[dict[str, Any]], None], capsys: pytest.CaptureFixture[str]
) -> None:
    """Each gave a traceback (``TypeError``, ``KeyError``, a math domain
    error…) or a wrong record, in ``ecarte stats`` and the app alike, for as
    long as the log was unchanged; now the entry is read again from its log,
    and the cache made right."""
    cache = data / "stats-cache.json"
    expected = stats_json(capsys)
    written = json.loads(cache.read_text(encoding="utf-8"))
    damaged = json.loads(cache.read_text(encoding="utf-8"))
    damage(damaged["logs"]["m1.ecarte.jsonl"]["summary"])
    cache.write_text(json.dumps(damaged), encoding="utf-8")
    assert stats_json(capsys) == expected == record_without_cache(data)
    assert json.loads(cache.read_text(encoding="utf-8")) == written


def test_a_cache_entry_without_its_summary_gives_the_record_of_the_logs(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry that matches its log's size and time but holds no summary
    was taken for a log without a header, and the match left out."""
    cache = data / "stats-cache.json"
    expected = stats_json(capsys)
    damaged = json.loads(cache.read_text(encoding="utf-8"))
    del damaged["logs"]["m2.ecarte.jsonl"]["summary"]
    cache.write_text(json.dumps(damaged), encoding="utf-8")
    assert stats_json(capsys) == expected


@pytest.mark.parametrize("name", ["stats-cache.json", f"analyses/m1.ecarte.jsonl{SUFFIX}"])
def test_a_file_nested_too_deep_to_parse_gives_the_record(
    data: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``json.loads`` raises ``RecursionError`` on it, which went up as a
    traceback."""
    path = data / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(NESTED, encoding="utf-8")
    assert stats_json(capsys) == record_without_cache(data)


@pytest.mark.parametrize("accuracy", ["NaN", "Infinity", "-Infinity", "1e999", "1000"])
def test_a_saved_accuracy_that_is_not_one_is_left_out(
    data: Path, accuracy: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A NaN made ``ecarte stats --json`` print ``"accuracy": NaN``, which
    is not JSON, and the report "nan"; the other analyses still count."""
    analyses = data / "analyses"
    analyses.mkdir()
    for name, value in (("m1", accuracy), ("m2", "87.5")):
        log = data / "matches" / f"{name}.ecarte.jsonl"
        info = log.stat()
        (analyses / f"{log.name}{SUFFIX}").write_text(
            f'{{"log": "{log.name}", "size": {info.st_size}, "mtime_ns": {info.st_mtime_ns}, '
            f'"seed": 0, "accuracy": {{"0": {value}}}}}',
            encoding="utf-8",
        )
    assert "m1.ecarte.jsonl" not in stats_text(capsys)
    record = stats_json(capsys)
    assert [(item["log"], item["accuracy"]) for item in record["accuracy"]] == [("m2.ecarte.jsonl", 87.5)]
