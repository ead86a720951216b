"""Every kind of broken bot, against ``ecarte simulate`` (a real process, so
that a broken pipe is what it is in use) and against the app's match
session: the fault is named, the match forfeited, the tournament goes on,
no process the bot started outlives its match, and nothing hangs."""

from __future__ import annotations

import json
import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from reliability_support import PYTHON, ROOT, alive, bot, noted_pids, wait_all_gone

from ecarte.play.session import COMPUTER, HUMAN, MatchSession, OpponentFault, SessionError
from ecarte.play.settings import Settings

SHORT_LIMIT = 1.5
"""The time limit for the bots that never answer; the others get 10 s, so
that they fail by their own fault even on a loaded machine."""


@dataclass(frozen=True)
class Broken:
    script: str
    kind: str
    problem: str
    last_words: str | None = None
    short_limit: bool = False
    processes: int = 1
    """How many processes the bot notes (itself and what it starts)."""

    def __str__(self) -> str:
        return self.script


BROKEN = [
    Broken("garbage.py", "garbage", "is refused: not valid JSON", "garbage bot: answering nonsense now"),
    Broken("illegal.py", "illegal", "is not a legal action now", "illegal bot: playing"),
    Broken("timeout.py", "timeout", "no answer within 1.5 s", "thinking very hard", short_limit=True),
    Broken("exit_at_once.py", "exited", "it exited with status 3", "exit-at-once bot: not playing"),
    Broken("exit_after_hello.py", "exited", "it exited with status 4", "I have seen enough"),
    Broken("close_stdin.py", "exited", "it closed its standard input", "no more input for me"),
    Broken("close_stdin_silent.py", "exited", "it closed its standard input", "no more input, and no answer"),
    Broken("close_stdout.py", "exited", "it closed its standard output", "no more answers from me"),
    Broken("unasked.py", "garbage", "'unasked chatter'"),
    Broken("never_read.py", "timeout", "within 1.5 s", short_limit=True),
    Broken("huge_line.py", "garbage", "it wrote a line longer than 1048576 bytes"),
    Broken("stderr_flood.py", "timeout", "no answer within", "done flooding", short_limit=True),
    Broken(
        "fork_with_pipes.py", "garbage", "is refused: not valid JSON", "my child holds the pipes", processes=2
    ),
    Broken("setsid_grandchild.py", "exited", "it exited with status 0", "my grandchild stays", processes=2),
]


def _simulate(command: str, limit: float, matches: int = 2) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            *(PYTHON, "-m", "ecarte", "simulate", f"cmd:{command}", "random"),
            *("--matches", str(matches), "--jobs", "1", "--timeout", str(limit), "--json"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env=_env(),
    )


def _env() -> dict[str, str]:
    return {**os.environ, "FLOOD_MB": "20"}


@pytest.mark.deadline(60)
@pytest.mark.parametrize("broken", BROKEN, ids=str)
def test_a_broken_bot_forfeits_each_match_of_a_tournament_that_goes_on(
    broken: Broken, pid_notes: Path
) -> None:
    limit = SHORT_LIMIT if broken.short_limit else 10.0
    result = _simulate(bot(broken.script), limit)

    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    summary = json.loads(result.stdout)
    forfeits = summary["forfeits"]
    assert [item["match"] for item in forfeits] == [1, 2], "each match is forfeited, the tournament goes on"
    for forfeit in forfeits:
        assert forfeit["side"] == "A"
        assert forfeit["kind"] == broken.kind
        assert broken.problem in forfeit["message"]
        if broken.last_words:
            assert broken.last_words in forfeit["message"]
    pids = noted_pids(pid_notes)
    assert len(pids) == 2 * broken.processes, "every process the bots started was noted"
    assert wait_all_gone(pids, within=2.0) == []


@pytest.mark.deadline(60)
def test_a_bot_whose_child_lets_go_of_the_pipes_plays_and_leaves_no_process(pid_notes: Path) -> None:
    result = _simulate(bot("fork_without_pipes.py"), 10.0)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["forfeits"] == []
    pids = noted_pids(pid_notes)
    assert len(pids) == 4
    assert wait_all_gone(pids, within=2.0) == []


def _play_session(session: MatchSession) -> None:
    """Play the match as a human who takes the first legal action."""
    for _ in range(2000):
        if session.is_over:
            return
        if session.deal_due:
            session.deal_next()
        elif session.to_move == COMPUTER:
            try:
                action = session.opponent_decision()
            except OpponentFault as fault:
                session.declare_forfeit(str(fault))
                return
            session.apply(COMPUTER, action)
        else:
            session.apply(HUMAN, session.match.legal_actions()[0])
    raise AssertionError("the match never ended")


@pytest.mark.deadline(40)
@pytest.mark.parametrize("broken", BROKEN, ids=str)
def test_a_broken_bot_forfeits_the_apps_match_and_leaves_no_process(
    broken: Broken, pid_notes: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLOOD_MB", "20")
    settings = Settings(opponent=f"cmd:{bot(broken.script)}")
    try:
        session = MatchSession.new(settings, directory=tmp_path, seed=3)
    except SessionError as error:
        # A bot gone before its first word cannot even start the match.
        assert broken.kind == "exited"
        assert f"forfeits ({broken.kind})" in str(error) and broken.problem in str(error)
    else:
        if broken.short_limit:
            session.opponent.timeout = SHORT_LIMIT  # type: ignore[attr-defined]
        try:
            _play_session(session)
        finally:
            started = time.monotonic()
            session.close()
            closing = time.monotonic() - started
        assert session.forfeit is not None, "the bot forfeits the match"
        assert f"forfeits ({broken.kind})" in session.forfeit
        assert broken.problem in session.forfeit
        if broken.last_words:
            assert broken.last_words in session.forfeit
        assert closing < 2.0, "closing the match never waits on the bot"
    pids = noted_pids(pid_notes)
    assert len(pids) == broken.processes
    assert wait_all_gone(pids, within=2.0) == []
    assert not any(alive(pid) for pid in pids)


PEAK_OF_CHILD = (
    "import os, subprocess, sys\n"
    "child = subprocess.Popen(sys.argv[2:])\n"
    "_, status, usage = os.wait4(child.pid, 0)\n"
    "open(sys.argv[1], 'w').write(f'{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss}')\n"
)
"""Runs a command and notes its exit status and peak memory (``wait4``). A
small launcher of its own, because a child's peak counts the memory of the
process it was forked from, and a test worker may be large."""


@pytest.mark.slow
@pytest.mark.deadline(60)
def test_a_flood_on_standard_error_costs_the_host_no_memory(pid_notes: Path, tmp_path: Path) -> None:
    flood_mb = 150
    out, err, peak = tmp_path / "out", tmp_path / "err", tmp_path / "peak"
    with open(out, "wb") as stdout, open(err, "wb") as stderr:
        subprocess.run(
            [
                *(PYTHON, "-c", PEAK_OF_CHILD, str(peak)),
                *(PYTHON, "-m", "ecarte", "simulate", f"cmd:{bot('stderr_flood.py')}", "random"),
                *("--matches", "1", "--jobs", "1", "--timeout", "3", "--json"),
            ],
            stdout=stdout,
            stderr=stderr,
            cwd=ROOT,
            env={**_env(), "FLOOD_MB": str(flood_mb)},
            timeout=50,
            check=True,
        )
    status, peak_kb = map(int, peak.read_text().split())
    peak_mb = peak_kb / 1024
    assert status == 0, err.read_text()
    [forfeit] = json.loads(out.read_text())["forfeits"]
    assert "done flooding" in forfeit["message"]
    assert max(len(line) for line in forfeit["message"].splitlines()) <= 1010, "each kept line is cut"
    assert peak_mb < flood_mb / 2, f"the host peaked at {peak_mb:.0f} MB for a {flood_mb} MB flood"
