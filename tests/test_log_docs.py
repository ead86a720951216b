"""docs/log-format.md shows real output: its example log, checked by the
tool, gives exactly the summaries and JSON printed there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ecarte.cli import main

DOC = Path(__file__).resolve().parent.parent / "docs" / "log-format.md"


def blocks() -> list[str]:
    return re.findall(r"```(?:json)?\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def block_starting(prefix: str, index: int = 0) -> str:
    return [block for block in blocks() if block.startswith(prefix)][index]


def output(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(args)
    return status, capsys.readouterr().out


def test_the_documented_example_and_its_outputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = block_starting('{"format":"ecarte-log"', 1)
    monkeypatch.chdir(tmp_path)
    Path("example.ecarte.jsonl").write_text(log, encoding="utf-8")
    assert output(["check", "example.ecarte.jsonl"], capsys) == (0, block_starting("Match log: example"))
    assert output(["check", "--json", "example.ecarte.jsonl"], capsys) == (
        0,
        block_starting('{\n  "valid": true'),
    )
    lines = log.splitlines(keepends=True)
    assert lines[14] == '{"type":"card","player":0,"card":"AH"}\n'
    lines[14] = '{"type":"card","player":0,"card":"8D"}\n'
    Path("bad.ecarte.jsonl").write_text("".join(lines), encoding="utf-8")
    assert output(["check", "bad.ecarte.jsonl"], capsys) == (1, block_starting("Match log: bad"))
    assert output(["check", "--json", "bad.ecarte.jsonl"], capsys) == (
        1,
        block_starting('{\n  "valid": false'),
    )


def test_the_documented_out_of_turn_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The list of broken logs quotes the message for Klara's 9S written on line 8.
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    quoted = re.search(r"on line 8, `(card 9S by seat 0: [^`]*)`", text)
    assert quoted is not None
    lines = block_starting('{"format":"ecarte-log"', 1).splitlines(keepends=True)
    assert lines[7] == '{"type":"card","player":1,"card":"KS"}\n'
    lines[7] = '{"type":"card","player":0,"card":"9S"}\n'
    monkeypatch.chdir(tmp_path)
    Path("turn.ecarte.jsonl").write_text("".join(lines), encoding="utf-8")
    status, out = output(["check", "turn.ecarte.jsonl"], capsys)
    assert status == 1
    assert f"INVALID at line 8: {quoted.group(1)}\n" in out
