"""Hostile settings files and match logs: a FIFO, a link to /dev/zero, a
folder, a symbolic link loop, a huge file, a file of many lines, one very
long line, deep nesting, huge integers, escape codes and markup in names.
Each gives a clear message naming the file and what is wrong, no traceback,
and is refused or read in bounded time and memory."""

from __future__ import annotations

import json
import os
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ecarte.cli import main
from ecarte.play import paths
from ecarte.play.settings import Settings, load_settings, save_settings

SETTINGS_LIMIT = 1_000_000


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_zero_link(path: Path) -> None:
    path.symlink_to("/dev/zero")


def make_folder(path: Path) -> None:
    path.mkdir()


def make_loop(path: Path) -> None:
    other = path.with_name(path.name + ".other")
    path.symlink_to(other)
    other.symlink_to(path)


def make_huge(path: Path) -> None:
    with open(path, "wb") as file:
        file.truncate(20_000_000)  # sparse: 20 MB that costs no disk


def make_long_line(path: Path) -> None:
    path.write_bytes(b'player_name = "' + b"x" * 5_000_000 + b'"\n')


STRANGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo": (make_fifo, "not a regular file but a FIFO"),
    "dev-zero": (make_zero_link, "not a regular file but a character device"),
    "folder": (make_folder, "directory"),
    "symlink-loop": (make_loop, "symbolic link loop"),
    "20-MB": (make_huge, "20 MB"),
    "5-MB-line": (make_long_line, "5 MB"),
}


@pytest.fixture
def bounded() -> Iterator[Callable[[float, int], None]]:
    """Measure the test's time and Python memory; call with the bounds."""
    tracemalloc.start()
    started = time.monotonic()

    def check(seconds: float, peak_bytes: int) -> None:
        elapsed = time.monotonic() - started
        _, peak = tracemalloc.get_traced_memory()
        assert elapsed < seconds, f"took {elapsed:.2f} s"
        assert peak < peak_bytes, f"used {peak:,} bytes"

    yield check
    tracemalloc.stop()


# ------------------------------------------------------------ settings


@pytest.mark.deadline(10)
@pytest.mark.parametrize("kind", list(STRANGE))
def test_a_strange_settings_file_gives_defaults_and_a_message_at_once(
    kind: str, bounded: Callable[[float, int], None]
) -> None:
    make, what = STRANGE[kind]
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    make(path)
    tracemalloc.reset_peak()
    settings, warning = load_settings()
    bounded(2.0, 3_000_000)
    assert settings == Settings()
    assert warning is not None and str(path) in warning and what in warning
    assert len(warning) < 400


def _settings_warning(text: bytes) -> tuple[Settings, str | None]:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)
    return load_settings()


@pytest.mark.deadline(10)
def test_an_integer_too_long_to_convert_is_a_message_not_a_traceback() -> None:
    settings, warning = _settings_warning(b"[rules]\ntarget = " + b"9" * 4301 + b"\n")
    assert settings == Settings()
    assert warning is not None and "number too long" in warning
    assert len(warning) < 400


@pytest.mark.deadline(10)
def test_a_bad_value_is_quoted_shortly() -> None:
    settings, warning = _settings_warning(
        b'speed = "' + b"w" * 10_000 + b'"\n[rules]\ntarget = ' + b"7" * 4000 + b"\n"
    )
    assert settings.speed == Settings().speed and settings.rules.target == Settings().rules.target
    assert warning is not None and "speed" in warning and "target" in warning
    assert "(4,000 characters)" in warning
    assert len(warning) < 600


@pytest.mark.deadline(10)
def test_many_lines_and_deep_nesting_are_read_in_bounded_time() -> None:
    lines = b"# a comment\n" * 80_000 + b'player_name = "Klara"\n'
    started = time.monotonic()
    settings, warning = _settings_warning(lines)
    assert (settings.player_name, warning) == ("Klara", None)
    _, warning = _settings_warning(b"speed = " + b"[" * 100_000 + b"]" * 100_000 + b"\n")
    assert warning is not None and "too deeply" in warning
    assert time.monotonic() - started < 5


@pytest.mark.deadline(20)
@pytest.mark.parametrize(
    "line",
    [
        b"zz." + b".".join([b"k"] * 20_000) + b" = 1\n",  # 40 KB took 1.5 GB to read
        b"zz." + b".".join([b'"k"'] * 20_000) + b" = 1\n",
        b"[" + b"x." * 20_000 + b"y]\n",
        b"a = {" + b"b." * 20_000 + b"c = 1}\n",
    ],
    ids=["bare", "quoted", "table", "inline"],
)
def test_a_dotted_key_of_thousands_of_parts_is_refused_in_bounded_memory(
    line: bytes, bounded: Callable[[float, int], None]
) -> None:
    tracemalloc.reset_peak()
    settings, warning = _settings_warning(b'player_name = "Klara"\n' + line)
    assert settings == Settings()
    assert warning is not None and "too deeply" in warning
    # Saving over it writes the settings afresh (the file was copied aside).
    save_settings(Settings(player_name="Leo"))
    assert load_settings() == (Settings(player_name="Leo"), None)
    bounded(15.0, 20_000_000)


def test_dots_in_strings_and_comments_are_no_keys() -> None:
    text = b'player_name = "K.l.a.r.a"  # ' + b"." * 500 + b"\nspeed = 'fast'\n#" + b"." * 500 + b"\n"
    settings, warning = _settings_warning(text)
    assert (settings.player_name, settings.speed, warning) == ("K.l.a.r.a", "fast", None)


@pytest.mark.parametrize(
    ("prefix", "expected"), [(b"\xef\xbb\xbf", None), (b"\xff\xfe", "UTF-16 byte order mark")]
)
def test_a_byte_order_mark_is_accepted_or_named(prefix: bytes, expected: str | None) -> None:
    settings, warning = _settings_warning(prefix + b'player_name = "Klara"\n')
    if expected is None:
        assert (settings.player_name, warning) == ("Klara", None)
    else:
        assert warning is not None and expected in warning


def test_escape_codes_and_markup_in_a_name_are_kept_as_typed() -> None:
    name = "\x1b[2J[bold red]X[/]"
    settings, warning = _settings_warning(f"player_name = {json.dumps(name)}\n".encode())
    assert (settings.player_name, warning) == (name, None)


def test_saving_keeps_comments_and_unknown_keys() -> None:
    text = (
        "# my settings, by hand\n"
        'player_name = "Klara"  # that is me\n'
        'speed = "fast"\n'
        "colour_theme = 'dark'  # for a future version\n"
        "\n[rules]\n# seven points is quicker\ntarget = 7\nhouse_rule = true\n"
    )
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    settings, _ = load_settings()
    save_settings(Settings(rules=settings.rules.replace(target=9), player_name="Leo", speed="fast"))
    saved = path.read_text()
    for kept in ("# my settings, by hand", "# that is me", "colour_theme = 'dark'  # for a future version"):
        assert kept in saved
    assert "# seven points is quicker" in saved and "house_rule = true" in saved
    reloaded, _ = load_settings()
    assert (reloaded.player_name, reloaded.rules.target, reloaded.speed) == ("Leo", 9, "fast")


def test_saving_writes_through_a_link_to_its_target(tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "ecarte.toml"
    real.parent.mkdir()
    real.write_text('player_name = "Klara"\n')
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.symlink_to(real)
    save_settings(Settings(player_name="Leo"))
    assert path.is_symlink(), "the link stays a link"
    assert load_settings()[0].player_name == "Leo"
    assert 'player_name = "Leo"' in real.read_text()


# ------------------------------------------------------------ match logs


def _log_line(obj: object) -> str:
    return json.dumps(obj) + "\n"


HEADER = {"format": "ecarte-log", "version": 1, "players": ["A", "B"], "first_dealer": 0, "rules": {}}


def make_many_lines(path: Path) -> None:
    path.write_text(_log_line(HEADER) + "{}\n" * 200_000)


LOG_STRANGE: dict[str, tuple[Callable[[Path], None], str]] = {
    **{kind: STRANGE[kind] for kind in ("fifo", "dev-zero", "folder", "symlink-loop", "20-MB")},
    "200000-lines": (make_many_lines, "200,001 lines"),
}


@pytest.mark.deadline(10)
@pytest.mark.parametrize("command", ["check", "replay"])
@pytest.mark.parametrize("kind", list(LOG_STRANGE))
def test_a_strange_log_is_refused_at_once_with_status_2(
    kind: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make, what = LOG_STRANGE[kind]
    path = tmp_path / "match.ecarte.jsonl"
    make(path)
    started = time.monotonic()
    assert main([command, str(path)]) == 2
    assert time.monotonic() - started < 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert str(path) in captured.err and what in captured.err
    assert "Traceback" not in captured.err and "no such file" not in captured.err


def _check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["check", str(path)])
    return status, capsys.readouterr().out


@pytest.mark.deadline(10)
@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('{"format":"ecarte-log","x":' + "[" * 150 + "]" * 150 + "}", "nested too deeply"),
        ('{"format":"ecarte-log","x":' + "7" * 5000 + "}", "an integer of 5,000 digits"),
        ('{"format":"ecarte-log","x":"' + "y" * 5_000_000 + '"}', ""),
    ],
    ids=["deep-nesting", "huge-integer", "5-MB-line"],
)
def test_a_hostile_line_is_an_invalid_line_not_a_crash(
    line: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.ecarte.jsonl"
    path.write_text(line + "\n")
    started = time.monotonic()
    status, out = _check(path, capsys)
    assert time.monotonic() - started < 5
    assert status == 1
    assert "INVALID at line 1" in out and expected in out
    assert len(out) < 2000, "the report quotes the bad line shortly"


def test_escape_codes_and_markup_in_names_are_shown_not_obeyed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.ecarte.jsonl"
    path.write_text(_log_line({**HEADER, "players": ["\x1b[2J\x1b]0;owned\x07Eve", "[bold]Bob[/]"]}))
    status, out = _check(path, capsys)
    assert status == 0
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b[2J" in out and "[bold]Bob[/]" in out


@pytest.mark.deadline(20)
def test_our_own_reader_going_away_ends_the_check_quietly(tmp_path: Path) -> None:
    import subprocess

    from reliability_support import PYTHON, ROOT

    path = tmp_path / "match.ecarte.jsonl"
    path.write_text(_log_line(HEADER))
    # `ecarte check FILE | head -0`: the reader is gone before the first write.
    check = subprocess.Popen(
        [PYTHON, "-m", "ecarte", "check", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert check.stdout is not None and check.stderr is not None
    check.stdout.close()
    error = check.stderr.read()
    assert check.wait(timeout=15) == 141
    assert error == b"", "no traceback, no message: the quiet ending of a Unix tool"


@pytest.mark.parametrize("kind", ["fifo", "link"])
def test_a_forfeit_file_replaces_what_has_its_name_without_opening_it(tmp_path: Path, kind: str) -> None:
    """``simulate --log-dir`` and the app keep a bot's forfeit beside the
    log. A FIFO of that name made the write wait for a reader for ever; a
    link made it overwrite the file linked to, outside the folder."""
    import threading

    from ecarte.log.forfeit import forfeit_path, read_forfeit, write_forfeit

    log = tmp_path / "match-0001.ecarte.jsonl"
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_text("my notes\n", encoding="utf-8")
    if kind == "fifo":
        os.mkfifo(forfeit_path(log))
    else:
        forfeit_path(log).symlink_to(elsewhere)
    writer = threading.Thread(target=write_forfeit, args=(log, "bot 'B' forfeits (exited)"), daemon=True)
    writer.start()
    writer.join(timeout=10)
    if writer.is_alive():
        with open(forfeit_path(log), "rb"):  # let the blocked writer go
            pass
        pytest.fail("writing the forfeit waited on the FIFO")
    assert elsewhere.read_text(encoding="utf-8") == "my notes\n"
    assert forfeit_path(log).is_file() and not forfeit_path(log).is_symlink()
    assert read_forfeit(log) == "bot 'B' forfeits (exited)"
    assert sorted(path.name for path in tmp_path.iterdir()) == [forfeit_path(log).name, "precious.txt"]
