"""The layering the project relies on: the rules engine and the players are
pure Python with no user interface, the log, the protocol and the tournament
need no user interface either, and the engine does no I/O."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import ecarte.engine

ENGINE_DIR = Path(ecarte.engine.__file__).parent
SOURCE_DIR = ENGINE_DIR.parent
UI_PACKAGES = ("textual", "rich")
# Modules that would let the engine touch files, processes or the network.
IO_MODULES = ("os", "io", "pathlib", "shutil", "subprocess", "socket", "tempfile", "sys", "logging")


def modules_under(package: str) -> list[str]:
    """Every module of a package of ``src/ecarte``, found from its files."""
    folder = SOURCE_DIR / package.removeprefix("ecarte.").replace(".", "/")
    modules = [package]
    for path in sorted(folder.glob("*.py")):
        if path.stem != "__init__":
            modules.append(f"{package}.{path.stem}")
    return modules


def modules_loaded_by(modules: list[str]) -> list[str]:
    """The names in ``sys.modules`` after importing ``modules`` in a fresh interpreter."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    loaded: list[str] = json.loads(result.stdout)
    return loaded


def test_the_module_lists_cover_every_player() -> None:
    # Guards the tests below against finding nothing to import.
    players = modules_under("ecarte.ai")
    for name in (
        "base",
        "random_player",
        "classic",
        "classic_hands",
        "levels",
        "expert",
        "solver",
        "sampling",
    ):
        assert f"ecarte.ai.{name}" in players
    assert "ecarte.engine.match" in modules_under("ecarte.engine")


def test_engine_and_players_import_no_user_interface() -> None:
    loaded = modules_loaded_by(modules_under("ecarte.engine") + modules_under("ecarte.ai"))
    ui = [name for name in loaded if name.split(".")[0] in UI_PACKAGES]
    assert ui == [], f"the engine or the players pull in {ui}"
    outside = ("ecarte.tui", "ecarte.cli", "ecarte.log", "ecarte.protocol", "ecarte.tournament")
    assert [name for name in loaded if name.startswith(outside)] == []


def test_log_protocol_and_tournament_import_no_user_interface() -> None:
    # The progress bar imports Rich only when it is shown, on a terminal.
    modules = modules_under("ecarte.log") + modules_under("ecarte.protocol") + ["ecarte.tournament"]
    loaded = modules_loaded_by(modules)
    ui = [name for name in loaded if name.split(".")[0] in UI_PACKAGES]
    assert ui == [], f"the log, the protocol or the tournament pull in {ui}"
    assert [name for name in loaded if name.startswith(("ecarte.tui", "ecarte.cli"))] == []


def engine_sources() -> list[Path]:
    sources = sorted(ENGINE_DIR.glob("*.py"))
    assert sources, ENGINE_DIR
    return sources


def test_engine_source_neither_opens_nor_prints() -> None:
    for path in engine_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("open", "print", "input"), (
                    f"{path.name}:{node.lineno} calls {node.func.id}"
                )


def test_engine_imports_no_io_modules() -> None:
    for path in engine_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                assert top not in IO_MODULES + UI_PACKAGES, f"{path.name}:{node.lineno} imports {name}"
                assert not name.startswith("ecarte."), (
                    f"{path.name}:{node.lineno} imports {name} (outside the engine)"
                )


def test_engine_uses_no_global_random_state() -> None:
    # Chance is passed in as a random.Random; the module-level functions
    # (random.shuffle, random.choice, ...) share one hidden global generator.
    for path in engine_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr != "Random"
            ):
                raise AssertionError(f"{path.name}:{node.lineno} uses random.{node.attr}")
