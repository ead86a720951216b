"""``ecarte check`` and ``ecarte --help`` load only what they use (their
speed is measured by ``benchmarks/startup.py``, not asserted here)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE_LOG = Path(__file__).resolve().parents[1] / "examples" / "classic-vs-random.ecarte.jsonl"


def modules_loaded(*args: str, env: dict[str, str] | None = None) -> set[str]:
    program = (
        "import sys\nfrom ecarte.cli import main\n"
        f"try:\n    main({list(args)!r})\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, env=env
    )
    return set(result.stderr.split())


def loaded_from(modules: set[str], *packages: str) -> set[str]:
    return {name for name in modules if name.split(".")[0] in packages or name.startswith(packages)}


def test_check_loads_the_rules_and_the_log_only() -> None:
    modules = modules_loaded("check", "--json", str(EXAMPLE_LOG))
    assert "ecarte.log.check" in modules and "ecarte.engine.match" in modules
    unused = (
        *("textual", "rich", "aiohttp", "textual_serve", "tomlkit", "platformdirs", "babel"),
        # a path is opened as given; nothing is shuffled, copied or listed
        *("random", "shutil", "pathlib", "urllib", "ipaddress", "fnmatch"),
    )
    assert loaded_from(modules, *unused) == set()
    assert (
        loaded_from(modules, "ecarte.tui", "ecarte.ai", "ecarte.web", "ecarte.play", "ecarte.tournament")
        == set()
    )


def test_check_loads_neither_dataclasses_nor_typing(tmp_path: Path) -> None:
    # dataclasses imports inspect (and ast, dis, tokenize) and compiles code
    # for each class; typing alone costs more than the engine's modules: the
    # two were a third of what ecarte check --json did beyond starting the
    # interpreter (benchmarks/startup.py). On its path typing is imported
    # under ``if TYPE_CHECKING:`` only.
    heavy = ("dataclasses", "inspect", "ast", "dis", "tokenize")
    assert loaded_from(modules_loaded("check", "--json", str(EXAMPLE_LOG)), *heavy, "typing") == set()
    # The summary for people, here of a log with a bad line, also reads the
    # language setting (tomllib, which imports typing).
    broken = tmp_path / "broken.ecarte.jsonl"
    broken.write_text(EXAMPLE_LOG.read_text(encoding="utf-8") + '{"type": "card"}\n', encoding="utf-8")
    modules = modules_loaded("check", str(broken))
    assert "ecarte.log.check" in modules and loaded_from(modules, *heavy) == set()


def test_help_loads_no_part_of_the_game(tmp_path: Path) -> None:
    # The help is in the player's language: ecarte.i18n (stdlib gettext, read
    # only for a catalog), the language setting read on its own (the
    # TOML parser only when there is a settings file), and ecarte.text, the
    # leaf that prints a command's output (and says when it cannot).
    env = {**os.environ, "ECARTE_CONFIG_DIR": str(tmp_path)}
    modules = modules_loaded("--help", env=env)
    assert {name for name in modules if name.startswith("ecarte")} == {
        *("ecarte", "ecarte.cli", "ecarte.i18n", "ecarte.records", "ecarte.safefile", "ecarte.text"),
        *("ecarte.play", "ecarte.play.language", "ecarte.play.paths"),
    }
    assert loaded_from(modules, "textual", "rich", "json", "dataclasses", "tomllib", "tomlkit") == set()
    (tmp_path / "settings.toml").write_text('language = "auto"\n', encoding="utf-8")
    assert "tomllib" in modules_loaded("--help", env=env)


def test_version_is_the_projects() -> None:
    import tomllib

    project = tomllib.loads((EXAMPLE_LOG.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"
    ]
    result = subprocess.run(
        [sys.executable, "-m", "ecarte", "--version"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert result.stdout == f"ecarte {project['version']}\n"


def test_check_leaves_the_garbage_collector_as_it_found_it(capsys: pytest.CaptureFixture[str]) -> None:
    # ecarte check pauses the collector while it reads; a program calling it
    # in its own process gets the collector back as it was.
    from ecarte.cli import main

    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            assert main(["check", "--json", str(EXAMPLE_LOG)]) == 0
            assert gc.isenabled() is enabled
            assert main(["check", str(EXAMPLE_LOG) + ".missing"]) == 2
            assert gc.isenabled() is enabled
    finally:
        gc.enable()
    assert '"valid": true' in capsys.readouterr().out
