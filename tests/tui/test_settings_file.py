"""The settings file: saved and read back; a broken file never crashes the
app, never loses what the player wrote, and says what is wrong."""

from __future__ import annotations

import os
import stat
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ecarte.engine import Rules
from ecarte.play import paths
from ecarte.play.settings import Settings, SettingsNotSaved, load_settings, save_settings


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".bad-*"))


def test_missing_file_gives_defaults_without_warning() -> None:
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is None


def test_every_setting_round_trips(tmp_path: Path) -> None:
    rules = Rules(
        target=7,
        games_to_win=2,
        ace_high=True,
        deal_packets=(2, 2, 1),
        dealer_must_exchange=True,
        max_exchanges=3,
        must_trump=False,
        penalty_adds_to_vole=True,
        four_all_reset=True,
    )
    settings = Settings(
        rules=rules, opponent="expert", player_name="Klara", speed="fast", card_style="letters"
    )
    save_settings(settings)
    assert paths.settings_path().is_file()
    assert load_settings() == (settings, None)


def test_no_exchange_limit_round_trips() -> None:
    # TOML has no null: "no limit" must survive the file.
    save_settings(Settings(rules=Rules(max_exchanges=None)))
    settings, warning = load_settings()
    assert warning is None
    assert settings.rules.max_exchanges is None


def test_names_are_kept_as_typed() -> None:
    name = '[red]x[/] "quoted" é'
    save_settings(Settings(player_name=name))
    assert load_settings()[0].player_name == name


def test_not_toml_gives_defaults_a_warning_and_a_backup() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    broken = b'player_name = "Klara\n[rules\ntarget = 7\n'
    path.write_bytes(broken)
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is not None
    assert "not valid TOML" in warning and str(path) in warning
    [backup] = backups(path)
    assert backup.read_bytes() == broken
    assert str(backup) in warning
    # The bad file itself is left alone: only an explicit save replaces it.
    assert path.read_bytes() == broken


def test_bad_values_fall_back_one_by_one() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('player_name = "Klara"\nspeed = "warp"\n[rules]\ntarget = 200\nace_high = true\n')
    settings, warning = load_settings()
    assert settings.player_name == "Klara"
    assert settings.rules.ace_high is True
    assert settings.speed == Settings().speed
    assert settings.rules.target == Rules().target
    assert warning is not None
    assert "speed" in warning and "'target'" in warning
    assert len(backups(path)) == 1


@pytest.mark.parametrize(
    "text",
    [
        'opponent = "grandmaster"\n',
        'player_name = ""\n',
        "player_name = 7\n",
        "rules = 5\n",
        "[rules]\ndeal_packets = [4, 1]\n",
        "[rules]\nunknown_rule = true\n",
        "colour = true\n",
    ],
)
def test_each_kind_of_bad_value_is_reported(text: str) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    settings, warning = load_settings()
    assert warning is not None
    assert isinstance(settings, Settings)


@pytest.mark.parametrize("name", ["Computer", " computer ", "COMPUTER"])
def test_the_computers_name_is_not_the_players(name: str) -> None:
    """Named as the computer, the table would say "Computer scores 1 point"
    of either player: the name is refused, the default kept."""
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(f'player_name = "{name}"\nspeed = "fast"\n')
    settings, warning = load_settings()
    assert settings.player_name == Settings().player_name and settings.speed == "fast"
    assert warning is not None and 'player_name cannot be the computer\'s name, "Computer"' in warning


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        # A TOML date where a name belongs: shown as the file writes it, not
        # as Python's datetime.date(1979, 5, 27).
        ("player_name = 1979-05-27", "not 1979-05-27"),
        ("speed = 07:32:00", "not 07:32:00"),
        # A language's own letters as typed, not as \u00e7 escapes.
        ('language = "français"', 'not "français"'),
        ("coach = false", "not false"),
        # What could move the cursor is escaped, never obeyed.
        ('theme = "\\u001b[31mred"', 'not "\\u001b[31mred"'),
        ('theme = "a\\u0085b"', 'not "a\\x85b"'),
    ],
)
def test_a_bad_value_is_quoted_as_the_file_writes_it(line: str, shown: str) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(line + "\n", encoding="utf-8")
    _, warning = load_settings()
    assert warning is not None and shown in warning, warning
    assert "'" not in warning.split("not ", 1)[1].split(";", 1)[0]


def test_not_utf8_is_reported() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'player_name = "\xff\xfe"\n')
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is not None and "UTF-8" in warning
    assert len(backups(path)) == 1


def test_unreadable_file_is_reported(tmp_path: Path) -> None:
    # A directory where the file should be cannot be read on any system.
    path = paths.settings_path()
    path.mkdir(parents=True)
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is not None and "cannot be read" in warning
    # The folder is untouched, and a save would be refused (it replaces no
    # folder): the warning said "left as it is until you save", as if a
    # save would mend it.
    assert warning.endswith(
        "it is left as it is, and the settings cannot be saved until it is moved away or mended."
    )
    assert "until you save" not in warning.heading() and "moved away or mended" in warning.heading()
    assert warning.copy_note() == ""
    with pytest.raises(SettingsNotSaved):
        save_settings(Settings(player_name="Leo"))
    assert path.is_dir() and [entry.name for entry in path.parent.iterdir()] == ["settings.toml"]


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() == 0, reason="root reads any file")
def test_file_without_read_permission_is_reported() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('player_name = "Klara"\n')
    path.chmod(0)
    try:
        settings, warning = load_settings()
    finally:
        path.chmod(0o600)
    assert settings == Settings()
    assert warning is not None and "cannot be read" in warning
    assert path.read_text() == 'player_name = "Klara"\n'


def test_save_failure_raises_and_keeps_the_old_file() -> None:
    save_settings(Settings(player_name="Klara"))
    folder = paths.settings_path().parent
    if hasattr(os, "getuid") and os.getuid() == 0:
        pytest.skip("root writes anywhere")
    folder.chmod(0o500)
    try:
        with pytest.raises(OSError):
            save_settings(Settings(player_name="Leo"))
    finally:
        folder.chmod(0o700)
    assert load_settings()[0].player_name == "Klara"


@pytest.mark.parametrize("kind", ["a directory", "a FIFO (named pipe)"])
def test_saving_over_what_is_not_a_file_names_it_and_leaves_it(kind: str) -> None:
    """A folder (or a FIFO) where the file should be is named, not replaced:
    the player's folder and what is in it stay, and no temporary file is left."""
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    if kind == "a directory":
        path.mkdir()
        (path / "notes.txt").write_text("mine\n")
    else:
        os.mkfifo(path)
    with pytest.raises(SettingsNotSaved) as refused:
        save_settings(Settings(player_name="Klara"))
    assert str(refused.value) == f"{path} is not a regular file but {kind}"
    if kind == "a directory":
        assert (path / "notes.txt").read_text() == "mine\n"
    else:
        assert stat.S_ISFIFO(path.stat().st_mode)
    assert [entry.name for entry in path.parent.iterdir()] == ["settings.toml"]


def test_saving_over_a_file_that_cannot_be_read_leaves_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Unreadable (mode 000 for its owner), the file could not be copied
    aside when loaded: it is named and kept, never replaced by a fresh one.
    (os.access is made to answer as for a user: root reads any file.)"""
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("player_name = 'Leo'\n# my notes\n")
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda file, mode: False if Path(file) == path else real_access(file, mode)
    )
    with pytest.raises(SettingsNotSaved) as refused:
        save_settings(Settings(player_name="Klara"))
    assert str(refused.value) == f"{path} cannot be read, so it is left as it is"
    assert path.read_text() == "player_name = 'Leo'\n# my notes\n"
    assert [entry.name for entry in path.parent.iterdir()] == ["settings.toml"]


def test_saving_under_a_settings_folder_that_is_a_file_names_it() -> None:
    folder = paths.settings_path().parent
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("mine\n")
    with pytest.raises(SettingsNotSaved) as refused:
        save_settings(Settings(player_name="Klara"))
    assert str(refused.value) == f"{folder} is not a folder but a regular file"
    assert folder.read_text() == "mine\n"


def test_loading_under_a_settings_folder_that_is_a_file_names_it() -> None:
    """The system's "Not a directory" names no path: the warning names the
    file standing where the settings folder should be."""
    folder = paths.settings_path().parent
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("mine\n")
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is not None and warning.unreadable
    assert f"it cannot be read ({folder} is not a folder but a regular file)" in warning
    assert "Not a directory" not in warning
    assert folder.read_text() == "mine\n"


def test_a_protocol_bot_opponent_round_trips() -> None:
    settings = Settings(opponent="cmd:python3 my_bot.py --fast")
    save_settings(settings)
    assert load_settings() == (settings, None)


def test_deeply_nested_arrays_give_defaults_not_a_crash() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    nested = ("speed = " + "[" * 50_000 + "]" * 50_000 + "\n").encode()
    path.write_bytes(nested)
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is not None and "too deeply" in warning
    [backup] = backups(path)
    assert backup.read_bytes() == nested


def test_a_file_still_broken_at_the_next_launch_is_not_copied_again() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"speed = [\n")
    _, first = load_settings()
    _, second = load_settings()
    [backup] = backups(path)
    assert first is not None and second is not None and str(backup) in second
    # A different broken content is a different file: it gets its own copy.
    path.write_bytes(b"speed = ]\n")
    load_settings()
    assert len(backups(path)) == 2


def test_a_file_too_large_to_read_is_kept_whole_beside_it() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    with open(path, "wb") as file:
        file.write(b'player_name = "Klara"\n')
        file.truncate(3_000_000)
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is not None and "3 MB" in warning and "at most 1 MB" in warning
    [backup] = backups(path)
    assert str(backup) in warning
    assert backup.stat().st_size == 3_000_000
    assert backup.read_bytes()[:22] == b'player_name = "Klara"\n'
    # Still too large at the next starts: the same copy named, no other
    # added (one link more at each start piled up).
    for _start in range(3):
        again = load_settings()[1]
        assert again is not None and again.backup == backup
    assert backups(path) == [backup]
    # Saving replaces the file; the copy keeps what was there.
    save_settings(Settings(player_name="Leo"))
    assert load_settings() == (Settings(player_name="Leo"), None)
    assert backup.stat().st_size == 3_000_000


def test_a_save_keeps_what_another_window_saved_meanwhile() -> None:
    """Two windows read the same file; the second saves a new name; the
    first then saves a new speed: both are in the file (the first window's
    save used to write back the old name it had read)."""
    first, _ = load_settings()
    save_settings(replace(first, player_name="Bee", rules=first.rules.replace(target=9)), since=first)
    saved = save_settings(replace(first, speed="fast", rules=first.rules.replace(ace_high=True)), since=first)
    settings, warning = load_settings()
    assert warning is None
    assert (settings.player_name, settings.speed) == ("Bee", "fast")
    assert (settings.rules.target, settings.rules.ace_high) == (9, True)
    assert saved.settings == settings


def test_what_this_window_changed_wins_over_the_other_windows_save() -> None:
    first, _ = load_settings()
    save_settings(replace(first, player_name="Bee"), since=first)
    save_settings(replace(first, player_name="Cat"), since=first)
    assert load_settings()[0].player_name == "Cat"


def test_a_file_broken_while_the_app_ran_is_copied_before_a_save_replaces_it() -> None:
    save_settings(Settings(player_name="Zed"))
    loaded, warning = load_settings()
    assert warning is None
    path = paths.settings_path()
    broken = 'player_name = "Zed"\n# my precious notes\nthis is = = broken [[[\n'
    path.write_text(broken, encoding="utf-8")  # an editor, while the app runs
    saved = save_settings(replace(loaded, speed="fast"), since=loaded)
    [backup] = backups(path)
    assert backup.read_text(encoding="utf-8") == broken
    assert saved.backup == backup
    assert load_settings() == (replace(loaded, speed="fast"), None)
    # Saved again, the file is good: no further copy.
    assert save_settings(replace(loaded, speed="slow"), since=loaded).backup is None
    assert backups(path) == [backup]


def test_a_copy_the_disk_has_no_room_for_leaves_no_empty_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a full disk each start left a 0-byte ``.bad-`` file, which looks
    like a copy of the broken file and holds nothing of it."""
    import builtins
    import errno

    from ecarte.play import settings as settings_module

    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('# my precious comment\nspeed = "warp"\n', encoding="utf-8")

    class Full:
        def __init__(self, file: Any) -> None:
            self.file = file

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.file.close()

        def write(self, data: bytes) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def flush(self) -> None:
            pass

    def full_disk(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        opened = builtins.open(file, mode, *args, **kwargs)  # noqa: SIM115 (closed by Full, or by the caller)
        return Full(opened) if "x" in mode else opened

    monkeypatch.setattr(settings_module, "open", full_disk, raising=False)
    for _start in range(2):
        settings, warning = load_settings()
        assert settings.speed == Settings().speed
        assert warning is not None and "no copy of it could be made" in warning
    assert backups(path) == []
    assert path.read_text(encoding="utf-8") == '# my precious comment\nspeed = "warp"\n'


def test_an_unknown_setting_is_said_to_be_ignored_and_kept_not_replaced() -> None:
    """A key of a newer version or a typo: the summary said "the default is
    used instead", where nothing is replaced and a save keeps the key."""
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('player_name = "Klara"\nfoo = 1\n', encoding="utf-8")
    settings, warning = load_settings()
    assert settings.player_name == "Klara"
    assert warning is not None
    summary = warning.summary()
    assert "does not know (foo)" in summary and "ignored, and kept by a save" in summary, summary
    assert "default" not in summary
    assert backups(path) == []


def test_an_unknown_setting_beside_bad_values_is_not_counted_a_problem() -> None:
    """A play-tester's file of 16 bad values and one key ecarte does not
    know was said to have "17 problems", the ignored key among them."""
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('speed = "warp"\ncolour = "blue"\n[rules]\ntarget = "seven"\n', encoding="utf-8")
    _settings, warning = load_settings()
    assert warning is not None
    summary = warning.summary()
    assert "has 2 problems (speed, " in summary and "target" in summary, summary
    assert "colour" not in summary
    # The Settings screen still lists the ignored key, as ignored.
    assert any(problem.unknown and "colour" in problem.message for problem in warning.problems())
