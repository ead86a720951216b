"""Scoring rules as ``ecarte check`` reports them, on real random matches:
points that run past the target (4 + 2 = 6) and ``four_all_reset``."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ecarte.engine import Rules
from ecarte.log import check_report, replay_file
from test_log_support import play_random_match, writes_without_fsync


@pytest.fixture(autouse=True, scope="module")
def _fast_writes() -> Iterator[None]:
    # These tests are about scores, not durability: skip the per-line fsync.
    with writes_without_fsync():
        yield


def reports(tmp_path: Path, rules: Rules, seeds: range) -> list[dict[str, Any]]:
    found = []
    for seed in seeds:
        path = tmp_path / f"{seed}.ecarte.jsonl"
        play_random_match(random.Random(seed), path, rules)
        found.append(check_report(replay_file(path)))
    return found


def test_points_do_not_stop_at_the_target(tmp_path: Path) -> None:
    # Look for a deal that starts at 4 for a player who then scores 2 tricks
    # points (penalty or vole) and so ends the game at 6, not 5.
    rules = Rules()
    seen = 0
    for report in reports(tmp_path, rules, range(60)):
        deals = report["deals"]
        for before, deal in itertools.pairwise(deals):
            if deal["game"] != before["game"]:
                continue
            for seat in (0, 1):
                if before["score"][seat] == 4 and deal["points"][seat] == 2:
                    assert deal["score"][seat] == 6
                    assert report["games"][deal["game"] - 1][seat] == 6
                    assert report["complete"] and report["winner"] == seat
                    seen += 1
    assert seen > 0, "no 4 + 2 deal among the seeds: widen the search"


def test_four_all_reset_changes_the_score_not_the_points(tmp_path: Path) -> None:
    rules = Rules(four_all_reset=True)
    seen = 0
    for report in reports(tmp_path, rules, range(80)):
        deals = report["deals"]
        for before, deal in itertools.pairwise(deals):
            if deal["game"] != before["game"] or deal["tricks"] is None:
                continue
            reached = [before["score"][seat] + deal["points"][seat] for seat in (0, 1)]
            if reached == [4, 4]:
                # The points are what the deal scored; the score drops to 3-3.
                assert deal["score"] == [3, 3]
                assert sum(deal["points"]) >= 1
                seen += 1
    assert seen > 0, "no deal ending at 4-4 among the seeds: widen the search"


def test_without_four_all_reset_four_all_stays(tmp_path: Path) -> None:
    seen = 0
    for report in reports(tmp_path, Rules(), range(80)):
        for deal in report["deals"]:
            if deal["score"] == [4, 4]:
                seen += 1
    assert seen > 0
