"""``ecarte simulate`` as a person reads it: nothing from a bot or the
command line is obeyed by the terminal, a forfeit says where and reads
once, the table fits 80 columns, an interrupt is told; and a forfeited
match's log has its ``.forfeit`` file, as in the app."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from ecarte.cli import main
from ecarte.engine import Rules
from ecarte.play.autosave import forfeit_path, read_forfeit
from ecarte.tournament import MatchOutcome, TournamentSpec, _rate, format_summary, summarize

ESCAPES = "\x1b[2J\x1b[31mRED ERR\r\x1b]0;title\x07 \x9b31m"
"""Clear the screen, red, a carriage return, an OSC title, a C1 CSI."""


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["simulate", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def noisy_bot(tmp_path: Path) -> str:
    """A bot that writes control codes on standard error and exits at its
    first decision; its command line ends in an escape too."""
    script = tmp_path / "noisy.py"
    script.write_text(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    if '\"decide\"' in line:\n"
        f"        sys.stderr.write({ESCAPES!r} + '\\n')\n"
        "        sys.exit(1)\n"
    )
    return f"cmd:{sys.executable} {script} '\x1b[31m'"


def test_a_bots_control_codes_are_shown_as_escapes_and_kept_exact_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = noisy_bot(tmp_path)
    status, out, err = simulate(capsys, bot, "random", "--matches", "2", "--jobs", "1")
    assert status == 0, err
    for code in ("\x1b", "\r", "\x07", "\x9b"):
        assert code not in out
    assert "\\x1b[2J\\x1b[31mRED ERR\\x0d\\x1b]0;title\\x07 \\x9b31m" in out, "the bot's words, as escapes"
    status, out, err = simulate(capsys, bot, "random", "--matches", "2", "--jobs", "1", "--json")
    summary = json.loads(out)
    assert summary["players"]["A"] == bot
    assert ESCAPES in summary["forfeits"][0]["message"], "--json keeps the bot's words exact"
    assert summary["forfeits"][0]["stderr"] == [ESCAPES]


def test_a_forfeit_says_where_it_happened_and_reads_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    crash = f"cmd:{sys.executable} {Path(__file__).parent / 'bots' / 'crash.py'}"
    status, out, err = simulate(capsys, crash, "random", "--matches", "2", "--jobs", "1", "--json")
    assert status == 0, err
    forfeit = json.loads(out)["forfeits"][0]
    assert forfeit["game"] == 1 and forfeit["deal"] == 1
    assert forfeit["phase"] in ("exchange", "answer", "discard", "tricks")
    assert (forfeit["trick"] is None) == (forfeit["phase"] != "tricks")
    assert forfeit["problem"] == "it exited with status 1"
    assert " forfeits (exited) at game 1, deal 1, " in forfeit["message"]
    status, out, err = simulate(capsys, crash, "random", "--matches", "2", "--jobs", "1")
    lines = [line for line in out.splitlines() if line.startswith("match 1,")]
    assert len(lines) == 1
    line = lines[0]
    assert line.startswith("match 1, game 1, deal 1, ")
    assert f": A ({crash[:20]}" in line
    assert line.endswith(" forfeits (exited): it exited with status 1")
    assert line.count("forfeit") == 1 and "bot '" not in line


def test_the_log_of_a_forfeited_match_has_its_forfeit_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    crash = f"cmd:{sys.executable} {Path(__file__).parent / 'bots' / 'crash.py'}"
    logs = tmp_path / "logs"
    status, out, err = simulate(
        capsys, crash, "random", "--matches", "2", "--jobs", "1", "--json", "--log-dir", str(logs)
    )
    assert status == 0, err
    summary = json.loads(out)
    for forfeit in summary["forfeits"]:
        log = logs / f"match-{forfeit['match']:04d}.ecarte.jsonl"
        assert forfeit_path(log).read_text(encoding="utf-8") == forfeit["message"] + "\n"
        assert read_forfeit(log) == forfeit["message"].strip()
    status, out, err = simulate(
        capsys, "random", "random", "--matches", "2", "--jobs", "1", "--log-dir", str(tmp_path / "fair")
    )
    assert status == 0, err
    assert not list((tmp_path / "fair").glob("*.forfeit")), "no forfeit, no file"


def outcome(deals: int) -> MatchOutcome:
    return MatchOutcome(winner=0, games=[[5, 0]], games_won=[1, 0], deals=deals, points=[5, 0])


def test_the_table_fits_80_columns_and_groups_every_count() -> None:
    long_a = "cmd:python3 /home/someone/a/very/long/path/to/my/bots/the_best_bot_ever.py --depth 12"
    long_b = "cmd:python3 /home/someone/another/long/path/bots/second_bot.py --fast"
    spec = TournamentSpec(long_a, long_b, 2, 0, Rules())
    text = format_summary(summarize(spec, [outcome(1341), outcome(2)], 10.0))
    lines = text.splitlines()
    assert lines[0].endswith("; 1,343 deals")
    assert all(len(line) <= 80 for line in lines[1:10]), lines
    assert "…" in lines[1] and "A: cmd:python3 /home" in lines[1] and "B: cmd:python3 /home" in lines[1]
    short = format_summary(
        summarize(TournamentSpec("random", "cmd:python3 bot.py", 2, 0, Rules()), [outcome(1)], 1.0)
    )
    named = format_summary(
        summarize(TournamentSpec("cmd:bot \x1b[31m", "random", 2, 0, Rules()), [outcome(1)], 1.0)
    )
    assert "A: cmd:bot \\x1b[31m" in named.splitlines()[1] and "\x1b" not in named
    assert "A: random" in short and "B: cmd:python3 bot.py" in short and "…" not in short


def test_the_rate_is_all_matches_over_all_the_time() -> None:
    # 50 matches reported at once, a tenth of a second in: no rate yet;
    # later, matches over the whole time, not over the last moment.
    assert _rate(50, 0.1) is None
    assert _rate(0, 5.0) is None
    assert _rate(50, 4.0) == pytest.approx(12.5)


def test_a_log_dir_that_is_a_file_is_said_to_be_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("mine\n")
    status, out, err = simulate(capsys, "random", "random", "--matches", "2", "--log-dir", str(file))
    assert status == 2 and out == ""
    assert err == f"ecarte simulate: --log-dir {str(file)!r} is a file, not a directory\n"
    assert file.read_text() == "mine\n"


def interrupted(options: list[str], ready: Callable[[], bool], within: float) -> tuple[int, str, str]:
    """``ecarte simulate OPTIONS`` run as a user runs it, then Ctrl+C (to
    its whole process group, as a terminal sends it) once ``ready()`` or
    after ``within`` seconds: its status, standard output and error."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ecarte", "simulate", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # Ctrl+C reaches every process of the command: its group
    )
    try:
        deadline = time.monotonic() + within
        while time.monotonic() < deadline and process.poll() is None and not ready():
            time.sleep(0.1)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return process.returncode, out, err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupt_is_told_with_the_matches_done(jobs: str) -> None:
    status, out, err = interrupted(
        ["random", "random", "--matches", "1000000", "--jobs", jobs], lambda: False, within=3
    )
    assert status == 130
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("ecarte simulate: interrupted after ")
    assert lines[0].endswith(" of 1,000,000 matches; no results are printed")
    assert "Traceback" not in err


@pytest.mark.parametrize("language", ["en", "fr", "sv", "nb", "de", "fi", "nl"])
def test_the_table_fits_80_columns_in_every_language(language: str) -> None:
    """The widest figures (a thousand matches, all won: "1 000 (100.0%,
    99.6-100.0%)") beside each language's labels; a French label of 34
    letters pushed the rows to 82 columns."""
    from ecarte import i18n

    spec = TournamentSpec("cmd:python3 my_bot.py --depth 3", "classic", 1000, 0, Rules())
    try:
        i18n.activate(language)
        text = format_summary(summarize(spec, [outcome(5)] * 1000, 100.0))
    finally:
        i18n.activate("en")
    rows = text.splitlines()[1:10]
    assert all(len(row) <= 80 for row in rows), "\n".join(row for row in rows if len(row) > 80)


def test_an_interrupt_in_a_huge_tournament_counts_the_matches_played(tmp_path: Path) -> None:
    # --matches 100000000: the logs of the first matches were not written
    # within minutes (a look for each of the hundred million before the
    # first match, then four million batches made ready), and an interrupt
    # meanwhile said "after 0 of 100,000,000 matches". (The most is now 1,000,000.)
    logs = tmp_path / "logs"
    seen: list[int] = []

    def fifty_played() -> bool:
        seen[:] = [len(os.listdir(logs)) if logs.is_dir() else 0]
        return seen[0] >= 50

    options = ["random", "random", "--matches", "1000000", "--jobs", "2", "--log-dir", str(logs)]
    status, out, err = interrupted(options, fifty_played, within=60)
    started = seen[0] if seen else 0
    assert started >= 50, "the matches are played within a minute"
    assert status == 130
    assert out == ""
    prefix, suffix = "ecarte simulate: interrupted after ", " of 1,000,000 matches; no results are printed"
    assert err.startswith(prefix) and err.endswith(suffix + "\n"), err
    done = int(err.removeprefix(prefix).removesuffix(suffix + "\n").replace(",", ""))
    # Each match counted has its log; a match cut short by the interrupt has one, not counted.
    assert started - 2 * 25 <= done <= len(os.listdir(logs))
