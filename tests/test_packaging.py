"""The wheel, as ``pip install .`` and ``pipx install .`` build it: every file
of the package inside (styles, the rules shown in the app, the web page's
templates), and ``ecarte`` run from the unpacked wheel alone finds them.

``.ci/run`` goes further: it installs the wheel with its dependencies in a
fresh virtual environment and runs it there.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "ecarte"
EXAMPLE_LOG = ROOT / "examples" / "classic-vs-random.ecarte.jsonl"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (built,) = out.glob("ecarte-*.whl")
    return built


@pytest.fixture(scope="module")
def unpacked(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("unpacked")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    return target


def package_files() -> set[str]:
    return {
        path.relative_to(PACKAGE.parent).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_the_wheel_holds_every_file_of_the_package_and_nothing_else(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = {name for name in archive.namelist() if name.startswith("ecarte/")}
    assert in_wheel == package_files()


def run_unpacked(unpacked: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(unpacked), ECARTE_DATA_DIR=str(tmp_path / "data"))
    env["ECARTE_CONFIG_DIR"] = str(tmp_path / "config")
    # Run from elsewhere, so that nothing is found in the source tree by accident.
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120
    )


def test_the_unpacked_wheel_runs_on_its_own_files(unpacked: Path, tmp_path: Path) -> None:
    where = run_unpacked(unpacked, tmp_path, "-c", "import ecarte; print(ecarte.__file__)")
    assert Path(where.stdout.strip()).is_relative_to(unpacked)
    version = run_unpacked(unpacked, tmp_path, "-m", "ecarte", "--version")
    assert version.stdout.strip() == "ecarte 0.1.0"
    checked = run_unpacked(unpacked, tmp_path, "-m", "ecarte", "check", str(EXAMPLE_LOG))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    rules = run_unpacked(
        unpacked, tmp_path, "-c", "from ecarte.tui.rules_screen import rules_text; print(rules_text())"
    )
    assert rules.stdout.strip() == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").strip()


def test_the_unpacked_wheel_serves_its_page(unpacked: Path, tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(unpacked), ECARTE_DATA_DIR=str(tmp_path / "data"))
    server = subprocess.Popen(
        [sys.executable, "-m", "ecarte", "serve", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None and server.stdout.readline()  # listening
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
            assert response.status == 200
            assert "textual.js" in response.read().decode()
    finally:
        server.terminate()
        server.wait(timeout=10)
