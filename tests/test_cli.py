"""The ``ecarte`` command line itself: help for every command, and no
traceback when the reader of its output goes away."""

from __future__ import annotations

import os
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


# ------------------------------------------------------------ standard output that cannot be written

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "classic-vs-random.ecarte.jsonl"


def run_ecarte(
    argv: list[str], tmp_path: Path, stdout: str, stderr: str = "pipe"
) -> subprocess.CompletedProcess[str]:
    """``ecarte ARGV`` with its standard output and error each a ``pipe``,
    ``full`` (``/dev/full``: a full disk) or ``closed`` (the shell's ``>&-``),
    its settings and data in ``tmp_path``."""
    closing = [fd for fd, kind in ((1, stdout), (2, stderr)) if kind == "closed"]
    env = {
        **os.environ,
        "ECARTE_CONFIG_DIR": str(tmp_path / "config"),
        "ECARTE_DATA_DIR": str(tmp_path / "data"),
    }
    with open("/dev/full", "w") as full:
        streams = {"pipe": subprocess.PIPE, "full": full, "closed": subprocess.DEVNULL}
        return subprocess.run(
            [sys.executable, "-m", "ecarte", *argv],
            stdin=subprocess.DEVNULL,
            stdout=streams[stdout],
            stderr=streams[stderr],
            # Closed in the child once its streams are in place, as `>&-` leaves them.
            preexec_fn=(lambda: [os.close(fd) for fd in closing]) if closing else None,
            env=env,
            text=True,
            timeout=120,
        )


WRITING_COMMANDS = {
    "check": ["check", str(EXAMPLE)],
    "check --json": ["check", "--json", str(EXAMPLE)],
    "analyse": ["analyse", str(EXAMPLE)],
    "stats": ["stats", "--dir", str(EXAMPLE.parent)],
    "stats --json": ["stats", "--json", "--dir", str(EXAMPLE.parent)],
    "simulate": ["simulate", "random", "random", "--matches", "2"],
    "simulate --json": ["simulate", "random", "random", "--matches", "2", "--json"],
    "--version": ["--version"],
    "check --help": ["check", "--help"],
}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("how", ["full", "closed"])
@pytest.mark.parametrize("command", list(WRITING_COMMANDS))
def test_standard_output_that_cannot_be_written_is_said_in_one_line(
    command: str, how: str, tmp_path: Path
) -> None:
    """`> /dev/full` ended in an OSError traceback; `>&-` exited 0 having
    printed nothing (the check "passed"), or with an AttributeError."""
    result = run_ecarte(WRITING_COMMANDS[command], tmp_path, stdout=how)
    program = "ecarte" if command == "--version" else f"ecarte {command.split()[0]}"
    reason = "No space left on device" if how == "full" else "it is closed"
    assert result.returncode == 1
    assert result.stderr == f"{program}: cannot write to standard output: {reason}\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("how", ["full", "closed"])
def test_standard_error_that_cannot_be_written_leaves_the_status_as_it_is(how: str, tmp_path: Path) -> None:
    """`ecarte check /nonexistent 2>/dev/full` exited 1 (a traceback nobody
    saw), not 2 (unreadable); with standard error closed, the message went
    to standard output, among the results."""
    result = run_ecarte(["check", str(tmp_path / "nonexistent.ecarte.jsonl")], tmp_path, "pipe", stderr=how)
    assert result.returncode == 2
    assert result.stdout == ""
    # Both cannot be written: the status of that, 1, not a traceback's.
    result = run_ecarte(["check", str(EXAMPLE)], tmp_path, "full", stderr=how)
    assert result.returncode == 1
