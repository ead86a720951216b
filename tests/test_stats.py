"""``ecarte stats``: the record agrees with the logs' own contents, counted
here independently (``ecarte check --json`` and the raw lines), assisted
matches are counted apart, and bad files are named, never fatal."""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from damaged_logs import garble_first_card
from ecarte.ai.base import Player, make_player
from ecarte.analysis.stats import collect, rules_label, rules_of_label
from ecarte.cli import main
from ecarte.engine import Rules
from ecarte.engine.cards import parse_deck
from ecarte.log import LogWriter, check_report, replay_file
from ecarte.tournament import play_match

FRENCH = Rules(penalty_adds_to_vole=True, games_to_win=2)


def played(folder: Path, name: str, level: str, seed: int, rules: Rules, created: str) -> Path:
    """A match of the app's shape: seat 0 the player (here a built-in player),
    seat 1 the computer at ``level``."""
    players: list[Player] = [make_player("classic", seed), make_player("random", seed + 1)]
    for seat, player in enumerate(players):
        player.start_match(seat, rules)
    path = folder / f"{name}.ecarte.jsonl"
    extra = {"opponent": level, "created": created, "seed": seed}
    with LogWriter.create(path, ("Klara", "Computer"), seed % 2, rules, extra, durable=False) as log:
        play_match(players, rules, seed % 2, random.Random(seed), recorder=log)
    return path


def mark_hint(path: Path) -> None:
    """Add ``"hint": true`` to the player's first decision line, as the app does."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        obj = json.loads(line)
        if obj.get("player") == 0:
            obj["hint"] = True
            lines[index] = json.dumps(obj)
            break
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def expected_from_logs(paths: list[Path]) -> dict[str, Any]:
    """The record worked out without ``ecarte.analysis``: results and points
    from ``ecarte check``'s report, king points and liability from the lines."""
    totals: dict[str, Any] = {
        "played": 0,
        "won": 0,
        "deals": 0,
        "points": [0, 0],
        "voles": [0, 0],
        "king_points": [0, 0],
        "suffered": 0,
        "inflicted": 0,
        "by_level": {},
    }
    for path in paths:
        report = check_report(replay_file(path))
        assert report["valid"] and report["complete"]
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        totals["played"] += 1
        totals["won"] += report["winner"] == 0
        level = totals["by_level"].setdefault(header["opponent"], [0, 0])
        level[0] += 1
        level[1] += report["winner"] == 0
        totals["deals"] += len(report["deals"])
        for deal in report["deals"]:
            for seat in (0, 1):
                totals["points"][seat] += deal["points"][seat]
            if deal["tricks"] is not None and 5 in deal["tricks"]:
                totals["voles"][deal["tricks"].index(5)] += 1
        # Liability and kings, from the raw lines, deal by deal.
        deal_index = -1
        liable: int | None = None
        proposals = 0
        for line in path.read_text(encoding="utf-8").splitlines()[1:]:
            event = json.loads(line)
            if event["type"] == "deal":
                deal_index += 1
                liable, proposals = None, 0
                deck = parse_deck(event["deck"])
                if _is_king(deck[10]):  # the turned-up king: the dealer's point
                    totals["king_points"][event["dealer"]] += 1
            elif event["type"] == "king":
                totals["king_points"][event["player"]] += 1
            elif event["type"] == "play" and proposals == 0:
                liable = event["player"]
            elif event["type"] == "propose":
                proposals += 1
            elif event["type"] == "refuse" and proposals == 1:
                liable = event["player"]
            elif event["type"] == "card":
                deal = report["deals"][deal_index]
                if deal["tricks"] is not None and liable is not None:
                    winner = 0 if deal["tricks"][0] >= 3 else 1
                    if winner != liable:
                        totals["suffered" if liable == 0 else "inflicted"] += 1
                    liable = None  # counted once per deal
    return totals


def _is_king(card: int) -> bool:
    from ecarte.engine.cards import card_code

    return card_code(card).startswith("K")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("matches")
    for number in range(8):
        rules = FRENCH if number % 3 == 0 else Rules()
        level = ("easy", "normal", "expert")[number % 3]
        played(
            folder,
            f"m{number}",
            level,
            seed=100 + number,
            rules=rules,
            created=f"2026-01-{number + 10}T10:00:00",
        )
    return folder


def test_the_record_agrees_with_the_logs(folder: Path) -> None:
    paths = sorted(folder.glob("*.ecarte.jsonl"))
    expected = expected_from_logs(paths)
    record = collect(folder).to_json()
    assert record["logs"] == len(paths) and record["unreadable"] == []
    assert record["matches"]["played"] == expected["played"]
    assert record["matches"]["won"] == expected["won"]
    assert record["deals"] == expected["deals"]
    assert record["points"] == expected["points"]
    assert record["voles"] == expected["voles"]
    assert record["king_points"] == expected["king_points"]
    assert record["penalties"] == {"suffered": expected["suffered"], "inflicted": expected["inflicted"]}
    assert {key: [value["played"], value["won"]] for key, value in record["by_level"].items()} == expected[
        "by_level"
    ]
    assert sum(value["played"] for value in record["by_rules"].values()) == expected["played"]
    assert record["by_rules"]["games_to_win=2 penalty_adds_to_vole=true"]["played"] == 3
    low, high = record["matches"]["interval"]
    assert low <= record["matches"]["win_rate"] <= high
    # The streak, from the results in the order played.
    results = [check_report(replay_file(path))["winner"] == 0 for path in paths]
    longest = streak = 0
    for won in results:
        streak = streak + 1 if won else 0
        longest = max(longest, streak)
    assert record["longest_winning_streak"] == longest


def test_a_hint_makes_a_match_assisted_and_the_log_stays_valid(folder: Path, tmp_path: Path) -> None:
    copy = tmp_path / "logs"
    copy.mkdir()
    for path in folder.glob("*.ecarte.jsonl"):
        (copy / path.name).write_bytes(path.read_bytes())
    before = collect(copy).to_json()
    assisted = copy / "m1.ecarte.jsonl"
    mark_hint(assisted)
    report = check_report(replay_file(assisted))
    assert report["valid"], "the log reader ignores the extra key"
    after = collect(copy).to_json()
    won = report["winner"] == 0
    assert after["assisted"]["played"] == 1 and after["assisted"]["won"] == int(won)
    assert after["matches"]["played"] == before["matches"]["played"] - 1
    assert after["matches"]["won"] == before["matches"]["won"] - int(won)


def test_the_cache_is_used_and_a_changed_log_is_read_again(folder: Path, tmp_path: Path) -> None:
    copy = tmp_path / "logs"
    copy.mkdir()
    for path in folder.glob("*.ecarte.jsonl"):
        (copy / path.name).write_bytes(path.read_bytes())
    cache = tmp_path / "cache.json"
    first = collect(copy, cache).to_json()
    assert cache.exists()
    assert collect(copy, cache).to_json() == first
    # A log cut back to its header and first deal: an unfinished match now.
    path = copy / "m2.ecarte.jsonl"
    path.write_text("\n".join(path.read_text(encoding="utf-8").splitlines()[:2]) + "\n", encoding="utf-8")
    os.utime(path, ns=(1, 1))
    third = collect(copy, cache).to_json()
    assert third["matches"]["played"] == first["matches"]["played"] - 1
    assert third["unfinished"] == 1
    cache.write_text("{not json", encoding="utf-8")
    assert collect(copy, cache).to_json() == third


def test_bad_files_are_named_and_skipped(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "logs"
    copy.mkdir()
    (copy / "m0.ecarte.jsonl").write_bytes((folder / "m0.ecarte.jsonl").read_bytes())
    (copy / "garbage.ecarte.jsonl").write_bytes(b"\xff\xfe not a log\n")
    (copy / "folder.ecarte.jsonl").mkdir()
    # A header and more lines than a log may have: said so, not "no valid header".
    header = (folder / "m0.ecarte.jsonl").read_bytes().split(b"\n", 1)[0]
    (copy / "long.ecarte.jsonl").write_bytes(header + b"\n" + b"{}\n" * 120_000)
    if sys.platform != "win32":
        os.mkfifo(copy / "pipe.ecarte.jsonl")
    status = main(["stats", "--json", "--dir", str(copy)])
    out = capsys.readouterr().out
    assert status == 0
    record = json.loads(out)
    assert record["matches"]["played"] == 1
    problems = " ".join(record["unreadable"])
    assert "garbage.ecarte.jsonl" in problems and "folder.ecarte.jsonl" in problems
    assert (
        "long.ecarte.jsonl: the file has 120,001 lines; a match log over 100,000 lines is refused" in problems
    )
    if sys.platform != "win32":
        assert "pipe.ecarte.jsonl: not a regular file" in problems
    assert main(["stats", "--dir", str(copy / "missing")]) == 2
    # Not "not a folder": nothing is there.
    missing = f"ecarte stats: No saved matches can be counted: {copy / 'missing'} does not exist.\n"
    assert capsys.readouterr().err == missing
    # A file given as the folder: named as the app's screens name it.
    log = next(copy.glob("*.ecarte.jsonl"))
    assert main(["stats", "--dir", str(log)]) == 2
    assert f"{log} is not a folder but a regular file" in capsys.readouterr().err
    # A name too long for the system: named in words, never a traceback (is_dir() raised).
    too_long = copy / ("a" * 300)
    assert main(["stats", "--dir", str(too_long)]) == 2
    assert f"{too_long} cannot be opened (cannot be read: File name too long)" in capsys.readouterr().err


def test_the_readable_record(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "Matches without hints:" in out and "Longest winning streak" in out
    # The deals' counts are of the matches without hints, and say so.
    after = out.split("In the matches without hints:\n", 1)[1].splitlines()
    assert after[0].startswith("  Deals: ") and after[1].startswith("  Voles: ")
    # Levels and rule sets in the players' words, as the Statistics screen says them.
    assert "against Expert:" in out and "against Easy:" in out
    assert "rules game to 5 · usual rules:" in out
    assert "rules game to 5 · first to 2 games · penalty on a vole: on:" in out
    assert "=" not in out and "default" not in out


def test_a_record_of_matches_all_played_with_hints_says_why_it_has_no_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A learner with the Coach always on saw "Voles: 0 ... Longest winning
    streak: 0" after two matches: the deals' counts are of the matches
    without hints, and there were none. It says so instead."""
    for index in range(2):
        mark_hint(
            played(tmp_path, f"h{index}", "easy", 40 + index, Rules(), f"2026-11-0{index + 1}T10:00:00")
        )
    assert main(["stats", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Assisted matches (with hints), apart: 1 won of 2" in out
    said = " ".join(out.split())
    assert "without hints: none yet. Your 2 finished matches were played with hints" in said
    # A hint asked for with h counts as much as the Coach always on: both are named.
    assert "(asked for with h, or shown by the Coach setting)" in said
    assert "In the matches without hints:" not in out and "Voles:" not in out
    # One match without hints: its counts are back.
    played(tmp_path, "plain", "easy", 50, Rules(), "2026-11-03T10:00:00")
    assert main(["stats", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "In the matches without hints:" in out and "none yet" not in out


def test_the_readable_record_in_another_language(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--dir", str(folder), "--lang", "fi"]) == 0
    out = capsys.readouterr().out
    assert "Ekspertti" in out and "Expert" not in out
    assert "=" not in out and "default" not in out


def test_an_analysed_match_shows_its_accuracy_until_the_log_changes(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    matches = tmp_path / "data" / "matches"
    matches.mkdir(parents=True)
    log = matches / "m4.ecarte.jsonl"
    log.write_bytes((folder / "m4.ecarte.jsonl").read_bytes())
    assert main(["analyse", "--json", str(log)]) == 0
    accuracy = json.loads(capsys.readouterr().out)["accuracy"][0]
    assert main(["stats", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["matches"]["played"] == 1
    assert [item["log"] for item in record["accuracy"]] == ["m4.ecarte.jsonl"]
    assert record["accuracy"][0]["accuracy"] == pytest.approx(accuracy, abs=0.05)
    with open(log, "a", encoding="utf-8") as file:
        file.write("")
    os.utime(log, ns=(2, 2))  # the log changed since: its analysis no longer counts
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["accuracy"] == []


def test_an_accuracy_that_cannot_be_kept_is_said_and_the_analysis_printed(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The analyses' folder cannot be written (a file in its place here; a
    full disk alike): the match's accuracy was left out of the record
    without a word."""
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    matches = tmp_path / "data" / "matches"
    matches.mkdir(parents=True)
    (tmp_path / "data" / "analyses").write_text("not a folder", encoding="utf-8")
    log = matches / "m4.ecarte.jsonl"
    log.write_bytes((folder / "m4.ecarte.jsonl").read_bytes())
    assert main(["analyse", str(log)]) == 0
    out, err = capsys.readouterr()
    assert "accuracy" in out.lower()
    folder = tmp_path / "data" / "analyses"
    assert err == f"ecarte analyse: the accuracy could not be kept for ecarte stats in {folder}\n"
    # The file in the folder's place is the player's: left as it was.
    assert (tmp_path / "data" / "analyses").read_text(encoding="utf-8") == "not a folder"
    # A log outside the saved matches has nothing to keep: nothing is said.
    other = tmp_path / "elsewhere.ecarte.jsonl"
    other.write_bytes(log.read_bytes())
    assert main(["analyse", str(other)]) == 0
    assert capsys.readouterr().err == ""


def test_a_rules_label_reads_back_as_its_rules() -> None:
    for rules in (
        Rules(),
        Rules(target=7, games_to_win=2),
        Rules(ace_high=True, must_trump=False, deal_packets=(2, 3), max_exchanges=1),
        Rules(penalty_adds_to_vole=True, four_all_reset=True, dealer_must_exchange=True),
    ):
        assert rules_of_label(rules_label(rules)) == rules
    # A label no rule set makes (a cache written by something else) names none.
    labels = ("", "target=seven", "colour=red", "target=7 ace_high", "target=0", "defaults")
    # Nor one that names a setting at its default, twice, or out of order.
    labels += ("target=5", "target=7 target=9", "ace_high=true target=7")
    for label in labels:
        assert rules_of_label(label) is None, label


def test_an_analysed_match_played_with_hints_is_left_out_of_the_accuracy(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Like its result, an assisted match's accuracy is not the player's own:
    the record keeps it out, as it keeps the match out of the tallies."""
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    matches = tmp_path / "data" / "matches"
    matches.mkdir(parents=True)
    log = matches / "m4.ecarte.jsonl"
    log.write_bytes((folder / "m4.ecarte.jsonl").read_bytes())
    mark_hint(log)
    assert main(["analyse", "--json", str(log)]) == 0
    capsys.readouterr()
    assert main(["stats", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["assisted"]["played"] == 1 and record["matches"]["played"] == 0
    assert record["accuracy"] == []


def test_a_folder_of_logs_that_is_not_one_is_named(tmp_path: Path) -> None:
    """The record says what the path is (as a new match does), and keeps the
    cache of the logs for when the folder is back."""
    cache = tmp_path / "stats-cache.json"
    kept = '{"version": 1, "logs": {"m.ecarte.jsonl": {"size": 1, "mtime_ns": 1, "summary": null}}}'
    cache.write_text(kept, encoding="utf-8")
    file = tmp_path / "matches"
    file.write_text("notes\n", encoding="utf-8")
    record = collect(file, cache)
    assert record.folder_problem == f"{file} is not a folder but a regular file"
    assert record.logs == 0 and cache.read_text(encoding="utf-8") == kept
    # A folder above it that is a file is the one named.
    assert collect(file / "deeper").folder_problem == f"{file} is not a folder but a regular file"
    # Nothing there yet is no problem: no matches have been played.
    assert collect(tmp_path / "missing").folder_problem is None
    # But a link to nothing is: the autosave cannot make the folder.
    link = tmp_path / "linked"
    link.symlink_to(tmp_path / "gone")
    assert (
        collect(link).folder_problem
        == f"{link} is a symbolic link to {tmp_path / 'gone'}, which does not exist"
    )
    # The data folder a link to nothing, above the matches folder: named too
    # (a new match said "cannot find a free file name", Replay "No saved
    # matches yet", the record a table of zeros).
    assert (
        collect(link / "matches").folder_problem
        == f"{link} is a symbolic link to {tmp_path / 'gone'}, which does not exist"
    )
    assert collect(tmp_path / "missing" / "matches").folder_problem is None


def test_ecarte_stats_names_a_matches_folder_that_is_not_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "matches").write_text("notes\n", encoding="utf-8")
    assert main(["stats"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # not a record of zeros
    assert "matches is not a folder but a regular file" in captured.err


def test_analysed_matches_played_with_hints_are_counted(folder: Path, tmp_path: Path) -> None:
    """Left out of the accuracy over time, but counted, so that the screen
    can say why they are not drawn."""
    from ecarte.analysis.saved import SUFFIX

    logs = tmp_path / "logs"
    logs.mkdir()
    analyses = tmp_path / "analyses"
    analyses.mkdir()
    for name in ("m0", "m1"):
        log = logs / f"{name}.ecarte.jsonl"
        log.write_bytes((folder / f"{name}.ecarte.jsonl").read_bytes())
        if name == "m0":
            mark_hint(log)
        info = log.stat()
        entry = {"size": info.st_size, "mtime_ns": info.st_mtime_ns, "accuracy": {"0": 90.0}}
        (analyses / (log.name + SUFFIX)).write_text(json.dumps(entry), encoding="utf-8")
    record = collect(logs, None, analyses)
    assert record.assisted.played == 1 and record.analysed_with_hints == 1
    assert [name for __, name, ___ in record.accuracy] == ["m1.ecarte.jsonl"]


def test_a_damaged_log_is_skipped_with_its_line_not_counted_unfinished(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "logs"
    copy.mkdir()
    for name in ("m0", "m1"):
        (copy / f"{name}.ecarte.jsonl").write_bytes((folder / f"{name}.ecarte.jsonl").read_bytes())
    garbled = copy / "garbled.ecarte.jsonl"
    garbled.write_bytes((folder / "m2.ecarte.jsonl").read_bytes())
    line = garble_first_card(garbled)
    # ecarte check calls it invalid at that line: the record must agree.
    report = check_report(replay_file(garbled))
    assert report["error"] is not None and report["error"]["line"] == line
    cache = tmp_path / "cache.json"
    for __ in range(2):  # the second time from the cache
        record = collect(copy, cache).to_json()
        assert record["unfinished"] == 0
        assert record["matches"]["played"] == 2
        # "From 2 match logs": the damaged file is among the skipped only.
        assert record["logs"] == 2
        assert record["unreadable"] == [
            f"garbled.ecarte.jsonl: line {line} of the file is damaged "
            "(card: 'ZZ' is not a card: a card is a rank (K Q J A T 9 8 7) then a suit (S H D C), e.g. 'TH')"
        ]
    assert main(["stats", "--dir", str(copy)]) == 0
    out = capsys.readouterr().out
    assert "Unfinished" not in out
    assert f"Skipped garbled.ecarte.jsonl: line {line} of the file is damaged (card: 'ZZ'" in out


def test_a_log_torn_in_its_last_line_counts_as_unfinished(folder: Path, tmp_path: Path) -> None:
    copy = tmp_path / "logs"
    copy.mkdir()
    torn = copy / "torn.ecarte.jsonl"
    data = (folder / "m0.ecarte.jsonl").read_bytes()
    lines = data.splitlines(keepends=True)
    # A write cut short in the middle of a line: the app recovers the rest.
    torn.write_bytes(b"".join(lines[:6]) + lines[6][: len(lines[6]) // 2])
    assert check_report(replay_file(torn))["valid"] is False
    record = collect(copy).to_json()
    assert record["unfinished"] == 1 and record["unreadable"] == []


def test_a_folder_named_like_a_log_is_named_as_ecarte_check_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "logs"
    copy.mkdir()
    (copy / "folder.ecarte.jsonl").mkdir()
    assert main(["check", str(copy / "folder.ecarte.jsonl")]) == 2
    assert "not a regular file but a directory" in capsys.readouterr().err
    assert main(["stats", "--dir", str(copy)]) == 0
    assert "Skipped folder.ecarte.jsonl: not a regular file but a directory" in capsys.readouterr().out


def test_matches_played_with_hints_are_counted_by_level_too(folder: Path, tmp_path: Path) -> None:
    copy = tmp_path / "logs"
    copy.mkdir()
    # m0 and m3 are against Easy, m1 against Normal (the fixture's levels).
    for name in ("m0", "m1", "m3", "m4"):
        (copy / f"{name}.ecarte.jsonl").write_bytes((folder / f"{name}.ecarte.jsonl").read_bytes())
    for name in ("m0", "m1", "m3"):
        mark_hint(copy / f"{name}.ecarte.jsonl")
    won = {
        name: check_report(replay_file(copy / f"{name}.ecarte.jsonl"))["winner"] == 0
        for name in ("m0", "m1", "m3")
    }
    record = collect(copy).to_json()
    by_level = {key: [value["played"], value["won"]] for key, value in record["assisted_by_level"].items()}
    assert by_level == {"easy": [2, won["m0"] + won["m3"]], "normal": [1, int(won["m1"])]}
    # Still apart: the unhinted levels hold only m4.
    assert {key: value["played"] for key, value in record["by_level"].items()} == {"normal": 1}


def test_ecarte_stats_lists_the_hinted_matches_by_level(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "logs"
    copy.mkdir()
    for name in ("m0", "m4"):
        (copy / f"{name}.ecarte.jsonl").write_bytes((folder / f"{name}.ecarte.jsonl").read_bytes())
    mark_hint(copy / "m0.ecarte.jsonl")  # against Easy
    assert main(["--lang", "en", "stats", "--dir", str(copy)]) == 0
    lines = capsys.readouterr().out.splitlines()
    apart = next(
        i for i, line in enumerate(lines) if line.startswith("Assisted matches (with hints), apart:")
    )
    assert lines[apart + 1].startswith("  against Easy: ")


def test_the_logs_of_ecarte_simulate_are_left_out_and_counted(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Two programs played them: counting seat 0 as "you", against an
    # unknown level, would put strangers' matches in the player's record.
    copy = tmp_path / "logs"
    shutil.copytree(folder, copy)
    alone = collect(folder).to_json()
    simulate = ["simulate", "random", "classic", "--matches", "2", "--jobs", "1", "--log-dir", str(copy)]
    assert main(simulate) == 0
    capsys.readouterr()
    assert len(list(copy.glob("*.ecarte.jsonl"))) == len(list(folder.glob("*.ecarte.jsonl"))) + 2
    record = collect(copy, tmp_path / "cache.json").to_json()
    assert record["between_programs"] == 2
    for key in ("matches", "by_level", "by_rules", "unfinished", "deals", "points", "unreadable"):
        assert record[key] == alone[key], key
    # From the cache as well.
    assert collect(copy, tmp_path / "cache.json").to_json() == record
    assert main(["stats", "--dir", str(copy)]) == 0
    out = capsys.readouterr().out
    assert "Matches between two programs (ecarte simulate), not counted: 2" in out
    assert "Unknown" not in out
