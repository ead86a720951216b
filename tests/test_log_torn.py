"""A torn last line (a write cut short) is told apart from a corrupt one:
only the first is dropped when a match resumes."""

from __future__ import annotations

from pathlib import Path

import pytest

from ecarte.engine import Rules
from ecarte.log import LogFileError, LogWriter, replay_bytes, resume_log


def _log_with_header(path: Path) -> bytes:
    LogWriter.create(path, ("Klara", "Leo"), 0, Rules()).close()
    return path.read_bytes()


def test_a_write_cut_inside_a_character_is_a_torn_last_line(tmp_path: Path) -> None:
    header = _log_with_header(tmp_path / "m.ecarte.jsonl")
    # "é" is two bytes in UTF-8: the write stopped after the first one.
    replay = replay_bytes(header + '{"type":"deal","note":"é'.encode()[:-1])
    assert replay.truncated_last_line
    assert replay.error is not None and replay.error.line == 2


def test_bytes_that_are_not_utf8_are_not_a_torn_write(tmp_path: Path) -> None:
    path = tmp_path / "m.ecarte.jsonl"
    header = _log_with_header(path)
    replay = replay_bytes(header + b"\xff\xfe garbage")
    assert not replay.truncated_last_line
    assert replay.error is not None and replay.error.line == 2
    assert "not UTF-8" in replay.error.message


def test_resume_refuses_a_corrupt_last_line_and_leaves_the_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "m.ecarte.jsonl"
    content = _log_with_header(path) + b"\xff\xfe garbage"
    path.write_bytes(content)
    with pytest.raises(LogFileError):
        resume_log(path)
    assert path.read_bytes() == content


def test_a_torn_line_that_cannot_be_saved_leaves_no_empty_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # On a full disk the .torn file was made, its write failed, and it stayed
    # empty; the next Continue, with room, saved the bytes as .torn.2 beside it.
    import errno
    import os

    from ecarte.log import reader

    path = tmp_path / "m.ecarte.jsonl"
    torn = '{"type":"deal","note":"é'.encode()[:-1]
    content = _log_with_header(path) + torn
    path.write_bytes(content)

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as full:
        full.setattr(reader.os, "fsync", disk_full)
        with pytest.raises(LogFileError, match="cannot save the torn last line: No space left on device"):
            resume_log(path)
    assert path.read_bytes() == content
    assert sorted(file.name for file in tmp_path.iterdir()) == ["m.ecarte.jsonl"]
    end, writer = resume_log(path)
    writer.close()
    assert end.torn_path == tmp_path / "m.ecarte.jsonl.torn"
    assert end.torn_path.read_bytes() == torn
