"""The frozen baseline ``expert-2026-11`` (docs/ai.md, "The frozen baseline")."""

from __future__ import annotations

import ast
import hashlib
import random
from pathlib import Path

from ecarte.ai.base import make_player, player_names
from ecarte.engine import Rules
from ecarte.engine.rules import rules_from_assignments
from match_support import play_seeded_match

FROZEN_DIR = Path(__file__).resolve().parent.parent / "src" / "ecarte" / "ai" / "frozen" / "expert_2026_11"
FROZEN_PACKAGE = "ecarte.ai.frozen.expert_2026_11"

# Recorded once, on 2026-12-01, from the expert of main at c883b80 (the
# frozen copy and that expert gave the same digests): see the docstring of
# test_the_baseline_plays_as_recorded for why a recorded digest is right here.
RECORDED_DEFAULT = "60087ffc15158ae965d0d231324f1831bff4fc6fdfd4a1a6749ffaf4be63b57a"
RECORDED_FRENCH = "1ce50703285795a2ad8a5552dd69b681931d0cf3b8a5ef1ebaee4efde7d9ced6"


def decisions_digest(rules: Rules, seeds: list[int]) -> str:
    """SHA-256 of every decision of every seat in seeded matches of the
    baseline against ``classic``, the baseline at each seat in turn."""
    digest = hashlib.sha256()
    for seed in seeds:
        for seat in (0, 1):
            players = [make_player("classic", seed), make_player("classic", seed)]
            players[seat] = make_player("expert-2026-11", seed)
            _, log = play_seeded_match(players, rules, random.Random(seed))
            for player, action in log.decisions:
                digest.update(f"{player} {action}\n".encode())
    return digest.hexdigest()


def test_the_baseline_plays_as_recorded() -> None:
    """A frozen baseline is defined by its play: ``expert-2026-11`` is the
    expert of November 2026, kept so that later experts are measured against
    the same opponent. The digests were recorded once, when it was frozen;
    they are not the expected output of some behaviour (no rule says what a
    strong player must play) but the definition of the baseline itself, so
    any change to its decisions (an edit of its code, or of the textbook or
    engine helpers it would wrongly share with later players) must fail
    here. A legitimate change of the engine's rules or dealing would also
    change them: then the baseline is no longer the one measured in
    docs/ai.md, and that is what this test says."""
    assert decisions_digest(Rules(), [1, 2]) == RECORDED_DEFAULT
    french = rules_from_assignments(["penalty_adds_to_vole=true", "games_to_win=2"])
    assert decisions_digest(french, [3]) == RECORDED_FRENCH


def test_the_baseline_is_a_named_player() -> None:
    assert "expert-2026-11" in player_names()
    assert make_player("expert-2026-11", 5).name == "expert-2026-11"


def test_the_baseline_shares_no_player_code() -> None:
    """It may call the engine (the rules) but no module of ``ai/`` outside
    its own package: a change to today's players cannot reach it."""
    shared: list[str] = []
    for path in sorted(FROZEN_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    target = ".".join(
                        FROZEN_PACKAGE.split(".")[: len(FROZEN_PACKAGE.split(".")) - node.level + 1]
                    )
                    target = f"{target}.{node.module}" if node.module else target
                else:
                    target = node.module or ""
                names = [target]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                if name.startswith("ecarte.") and not (
                    name.startswith("ecarte.engine") or name.startswith(FROZEN_PACKAGE)
                ):
                    shared.append(f"{path.name} imports {name}")
    assert shared == []
