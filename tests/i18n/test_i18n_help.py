"""``ecarte --help`` and each command's help speak the language the rest
of the command line speaks: ``--lang``, else the saved setting, else the
environment's; a settings file that is broken or cannot be read gives
the environment's language, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ecarte import i18n
from ecarte.cli import main


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.activate("en")


def settings_file(tmp_path: Path, text: str) -> None:
    folder = tmp_path / "config"
    folder.mkdir(exist_ok=True)
    (folder / "settings.toml").write_text(text, encoding="utf-8")


def help_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def test_the_help_speaks_the_saved_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings_file(tmp_path, 'player_name = "You"\nlanguage = "de"\n')
    assert help_text(capsys, "--help").startswith("Aufruf: ecarte ")
    out = help_text(capsys, "check", "--help")
    assert out.startswith("Aufruf: ecarte check ") and "Ein Match-Protokoll nach den Regeln" in out
    # A help is for a person, even of a command whose output is for programs.
    assert help_text(capsys, "check", "--json", "-h").startswith("Aufruf: ecarte check ")
    assert help_text(capsys, "bot", "--help").startswith("Aufruf: ecarte bot ")
    # --lang still comes first.
    assert help_text(capsys, "--lang", "sv", "--help").startswith("användning: ecarte ")


def test_a_broken_settings_file_gives_the_environments_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    settings_file(tmp_path, 'language = "de\n')
    assert help_text(capsys, "--help").startswith("usage: ecarte ")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert help_text(capsys, "--help").startswith("utilisation: ecarte ")
    (tmp_path / "config" / "settings.toml").unlink()
    (tmp_path / "config" / "settings.toml").mkdir()
    assert help_text(capsys, "--help").startswith("utilisation: ecarte ")


def test_the_installed_command_helps_in_the_saved_language_without_a_traceback(tmp_path: Path) -> None:
    settings_file(tmp_path, 'language = "nl"\n')
    ecarte = [sys.executable, "-m", "ecarte"]
    done = subprocess.run([*ecarte, "--help"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("gebruik: ecarte ")
    settings_file(tmp_path, "language = [\x00\n")
    done = subprocess.run([*ecarte, "learn", "--help"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("usage: ecarte learn ")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "three guided deals against Klara, then a match against the Easy level"),
        ("de", "drei geführte Runden gegen Klara, dann ein Match"),
        ("fi", "kolme opastettua jakoa Klaraa vastaan"),
        ("fr", "trois donnes guidées contre Klara, puis un match"),
        ("nb", "tre veiledede giv mot Klara, så en match"),
        ("nl", "drie begeleide rondes tegen Klara, daarna een wedstrijd"),
        ("sv", "tre guidade givar mot Klara, sedan en match"),
    ],
)
def test_the_help_says_the_lesson_is_three_deals(
    language: str, words: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Wide enough that the line of `learn` is not wrapped.
    monkeypatch.setenv("COLUMNS", "200")
    out = help_text(capsys, "--lang", language, "--help")
    (learn,) = [line for line in out.splitlines() if line.strip().startswith("learn ")]
    assert words in learn
