"""The ``ecarte`` command line itself: help for every command, and no
traceback when the reader of its output goes away."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ecarte.cli import build_parser

COMMANDS = ("play", "replay", "check", "bot", "simulate")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args([command, "--help"])
    assert exit_info.value.code == 0
    assert f"ecarte {command}" in capsys.readouterr().out


def test_the_main_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert command in out


def test_play_s_help_names_every_opponent_it_accepts(capsys: pytest.CaptureFixture[str]) -> None:
    from ecarte.play.settings import opponent_names

    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    for name in opponent_names():
        assert name in words, name


def test_a_language_it_lacks_is_named_and_english_used(capsys: pytest.CaptureFixture[str]) -> None:
    from ecarte import i18n
    from ecarte.cli import main

    example = Path(__file__).resolve().parents[1] / "examples" / "classic-vs-random.ecarte.jsonl"
    try:
        assert main(["--lang", "xx", "check", str(example)]) == 0
        captured = capsys.readouterr()
        assert "'xx'" in captured.err and "en, fr, sv, nb, de, fi, nl" in captured.err
        assert "Match log:" in captured.out  # the summary, in English
        for spoken in ("de", "nb_NO", "auto"):
            assert main(["--lang", spoken, "check", str(example)]) == 0
            assert "--lang" not in capsys.readouterr().err, spoken
    finally:
        i18n.activate(i18n.SOURCE_LANGUAGE)


def test_a_closed_pipe_ends_check_quietly(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    command = ["simulate", "random", "random", "--matches", "2", "--log-dir", str(logs)]
    subprocess.run(
        [sys.executable, "-m", "ecarte", *command, "--rules", "target=60", "games_to_win=3"],
        check=True,
        capture_output=True,
    )
    log = next(logs.iterdir())
    # A long match: its summary is larger than the pipe's buffer, so ecarte is
    # still writing when the pipe closes.
    process = subprocess.Popen(
        [sys.executable, "-m", "ecarte", "check", str(log)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(10)
    process.stdout.close()
    stderr = process.stderr.read().decode()
    process.wait(timeout=30)
    assert "Traceback" not in stderr


@pytest.mark.parametrize("command", ["check", "analyse", "replay"])
def test_an_argument_too_many_or_an_empty_file_name_is_told_by_the_command(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "ecarte: error: unrecognized arguments: b" left out which command
    refused it and how it is used; "ecarte check: : no such file" named
    no file (and analyse read "" as the current folder)."""
    from ecarte.cli import main

    for argv, wanted in (
        ([command, "a.ecarte.jsonl", "b"], f"ecarte {command}: error: unrecognized arguments: b"),
        ([command, ""], f"ecarte {command}: error: argument FILE: the file name is empty"),
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith(f"usage: ecarte {command} "), err
        assert err.rstrip().endswith(wanted), err


def test_a_seed_that_is_no_whole_number_is_told_short(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse echoed all 5,000 digits of a seed too long for Python to read."""
    from ecarte.cli import main

    for value, wanted in (
        (
            "9" * 5000,
            "argument --seed: '9999999999999999…99999999' has 5,000 digits; a seed has at most 4,300",
        ),
        ("x" * 100, "argument --seed: not a whole number: 'xxxxxxxxxxxxxxxx…xxxxxxxx'"),
        # int() reads an Arabic-Indic three as 3 and "1_0" as 10.
        ("\u0663", "argument --seed: not a whole number: '\u0663'"),
        ("1_0", "argument --seed: not a whole number: '1_0'"),
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(["simulate", "random", "random", "--matches", "1", "--seed", value])
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert err.rstrip().endswith(wanted) and len(err) < 400, err
    assert build_parser().parse_args(["play", "--seed", "-12"]).seed == -12


def test_simulate_and_bot_help_name_every_built_in_player(capsys: pytest.CaptureFixture[str]) -> None:
    from ecarte.ai import player_names

    for command in ("simulate", "bot"):
        with pytest.raises(SystemExit):
            build_parser().parse_args([command, "--help"])
        words = " ".join(capsys.readouterr().out.split())
        for name in player_names():
            assert name in words, (command, name)
