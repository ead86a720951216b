"""``ecarte simulate`` under what stops it from outside: SIGTERM to its
whole process group (``timeout``, ``kill -TERM -PGID``, a service
manager), a worker process killed, a ``--log-dir`` whose writes fail (a
full disk), a log's name taken while the run goes on (a second run into
the same folder), a link to nothing named like a log, a device as the
folder. Each is told in one line with an exit status, never a traceback
or a hang."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ecarte.cli import main
from ecarte.log.writer import LogWriter

HUGE = "1000000"
"""The most matches a run may play (more than any test waits for): the run ends only when stopped."""
HUGE_SHOWN = "1,000,000"
END = "; no results are printed"


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["simulate", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def started(options: list[str], cwd: Path, **extra: Any) -> subprocess.Popen[str]:
    """``ecarte simulate OPTIONS`` as a user starts it, in a session (and
    process group) of its own."""
    return subprocess.Popen(
        [sys.executable, "-m", "ecarte", "simulate", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        start_new_session=True,
        **extra,
    )


def finished(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """Its status and output once it ends (a minute at most: a hang fails)."""
    try:
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    return process.returncode, out, err


def wait_for(process: subprocess.Popen[str], ready: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None and not ready():
        time.sleep(0.1)
    assert process.poll() is None, process.communicate()
    assert ready(), "matches are played within a minute"


def logs_at_least(folder: Path, count: int) -> Callable[[], bool]:
    return lambda: folder.is_dir() and len(os.listdir(folder)) >= count


def assert_interrupted(status: int, out: str, err: str) -> None:
    assert "Traceback" not in err, err
    assert status == 130, err
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("ecarte simulate: interrupted after ")
    assert lines[0].endswith(f" of {HUGE_SHOWN} matches{END}")


@pytest.mark.parametrize("jobs", ["1", "2", "4"])
def test_sigterm_to_the_whole_process_group_is_an_interrupt(tmp_path: Path, jobs: str) -> None:
    # As timeout(1) and service managers stop a command: SIGTERM to every
    # process of its group, the workers (and the forkserver they come from)
    # too. It was a BrokenProcessPool traceback and status 1, or a hang.
    process = started(["random", "classic", "--matches", HUGE, "--jobs", jobs, "--log-dir", "logs"], tmp_path)
    wait_for(process, logs_at_least(tmp_path / "logs", 30))
    os.killpg(process.pid, signal.SIGTERM)
    assert_interrupted(*finished(process))


def test_sigterm_to_the_group_as_the_workers_start_is_an_interrupt(tmp_path: Path) -> None:
    # The signal before a worker could handle it (while it starts): held
    # until it can, not its death.
    process = started(["random", "classic", "--matches", HUGE, "--jobs", "4"], tmp_path)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(_group(process.pid)) < 3:
        time.sleep(0.01)
    os.killpg(process.pid, signal.SIGTERM)
    status, out, err = finished(process)
    assert "Traceback" not in err, err
    # Before ecarte itself could handle it, Python's own default ends it (143).
    assert status in (130, -signal.SIGTERM), err
    if status == 130:
        assert_interrupted(status, out, err)


def _group(pgid: int) -> list[tuple[int, int]]:
    """The processes of process group ``pgid``: (pid, parent's pid)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = text.rpartition(")")[2].split()
        if int(fields[2]) == pgid:
            found.append((int(entry), int(fields[1])))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_a_worker_killed_stops_the_tournament_saying_so_and_nothing_hangs(tmp_path: Path) -> None:
    # A worker killed from outside (kill -9, the OOM killer): the pool is
    # broken. It was a traceback; and the other workers, ended by SIGTERM,
    # which a worker outlives, kept ecarte from ever exiting. Then it was
    # called "interrupted", which nobody had done.
    process = started(["random", "classic", "--matches", HUGE, "--jobs", "2", "--log-dir", "logs"], tmp_path)
    wait_for(process, logs_at_least(tmp_path / "logs", 30))
    group = _group(process.pid)
    # The workers are forked by the forkserver, a process ecarte started.
    helpers = {pid for pid, parent in group if parent == process.pid}
    workers = [pid for pid, parent in group if parent in helpers]
    assert workers, group
    os.kill(workers[0], signal.SIGKILL)
    status, out, err = finished(process)
    assert "Traceback" not in err, err
    assert status == 1 and out == "", err
    [line] = err.splitlines()
    assert line.startswith("ecarte simulate: a worker process ended unexpectedly (killed from outside?); ")
    assert "stopped after " in line and line.endswith(f" of {HUGE_SHOWN} matches{END}")


def test_a_full_disk_stops_the_tournament_naming_the_log_and_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The third match's log fills the disk after its header: it was an
    # OSError traceback ("[Errno 28] ..."), every result lost.
    original = LogWriter._write

    def write(self: LogWriter, line: bytes) -> None:
        if self.path.name == "match-0003.ecarte.jsonl" and not line.startswith(b'{"format"'):
            raise OSError(28, os.strerror(28))
        original(self, line)

    monkeypatch.setattr(LogWriter, "_write", write)
    logs = tmp_path / "logs"
    status, out, err = simulate(
        capsys, "random", "classic", "--matches", "10", "--jobs", "1", "--log-dir", str(logs)
    )
    assert status == 2 and out == ""
    assert err == (
        f"ecarte simulate: {logs / 'match-0003.ecarte.jsonl'} cannot be written: "
        f"No space left on device; stopped after 2 of 10 matches{END}\n"
    )
    assert sorted(path.name for path in logs.iterdir())[:2] == [
        "match-0001.ecarte.jsonl",
        "match-0002.ecarte.jsonl",
    ]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_logs_that_cannot_grow_stop_the_workers_with_the_systems_words(tmp_path: Path, jobs: str) -> None:
    # A real failing write in every process (the file size limit, whose
    # SIGXFSZ Python ignores: the write fails with EFBIG), the workers too.
    limit = 4000

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    process = started(
        ["random", "classic", "--matches", "1000", "--jobs", jobs, "--log-dir", "logs"],
        tmp_path,
        preexec_fn=small_files,
    )
    status, out, err = finished(process)
    assert "Traceback" not in err, err
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    prefix = "ecarte simulate: logs/match-"
    middle = ".ecarte.jsonl cannot be written: File too large; stopped after "
    assert lines[0].startswith(prefix) and middle in lines[0], err
    assert lines[0].endswith(f" of 1,000 matches{END}"), err


def test_a_log_name_taken_meanwhile_by_another_run_is_told_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two runs into the same new folder: the start-up check of each saw
    # nothing; then one takes a name the other wants. It was a
    # FileExistsError traceback.
    logs = tmp_path / "race"
    theirs = logs / "match-0002.ecarte.jsonl"
    original = LogWriter.create.__func__  # type: ignore[attr-defined]

    def create(cls: type[LogWriter], path: Path, *args: Any, **kwargs: Any) -> LogWriter:
        if path == theirs:
            theirs.write_text("the other run's log\n")
        return original(cls, path, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(LogWriter, "create", classmethod(create))
    status, out, err = simulate(
        capsys, "random", "classic", "--matches", "5", "--jobs", "1", "--log-dir", str(logs)
    )
    assert status == 2 and out == ""
    assert err == (
        f"ecarte simulate: {theirs} already exists: another run is writing into {logs}; "
        f"stopped after 1 of 5 matches{END}\n"
    )
    assert theirs.read_text() == "the other run's log\n"


def test_two_runs_into_one_new_folder_never_give_a_traceback(tmp_path: Path) -> None:
    options = ["random", "random", "--matches", "400", "--jobs", "2", "--log-dir", "race"]
    runs = [started(options, tmp_path) for __ in range(2)]
    for status, out, err in [finished(run) for run in runs]:
        assert "Traceback" not in err, err
        assert status in (0, 2), err
        if status == 2:
            assert out == ""
            assert err.startswith("ecarte simulate: race/match-"), err
            assert ".ecarte.jsonl already exists: another run is writing into race; stopped after " in err


def test_a_link_to_nothing_named_like_a_log_is_refused_at_the_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "d1"
    folder.mkdir()
    link = folder / "match-0001.ecarte.jsonl"
    link.symlink_to(tmp_path / "nowhere")
    status, out, err = simulate(capsys, "random", "classic", "--matches", "2", "--log-dir", str(folder))
    assert status == 2 and out == ""
    assert err == (
        f"ecarte simulate: --log-dir {str(folder)!r} already holds match-0001.ecarte.jsonl; "
        "choose another directory so no log is overwritten\n"
    )
    assert link.is_symlink() and not (tmp_path / "nowhere").exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_log_dir_that_is_a_device_is_said_to_be_one(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = simulate(capsys, "random", "classic", "--matches", "2", "--log-dir", "/dev/full")
    assert status == 2 and out == ""
    assert err == "ecarte simulate: --log-dir '/dev/full' is not a folder but a character device\n"
