"""`ecarte check` on a hand-worked deal and on every kind of broken log.

The base log is the spec's example completed by hand (deck, hands and
tricks worked out from the rules below), so its numbers are the rules', not
the code's.

Deck (top first), packets 3-2, Klara (seat 0) deals, Leo (seat 1) is elder:
  Leo   QH 8H KS + 7D 8C        Klara 9S AH TH + JD 8D
  upcard 9H: hearts are trumps. Stock: JH TC KH 7S ...
Leo proposes, Klara accepts; Leo discards 7D 8C and draws JH TC; Klara
discards JD and draws KH. Leo plays (after an exchange: no liability).
  Leo  QH 8H KS JH TC           Klara 9S AH TH 8D KH
  1. Leo KS, Klara 9S (must follow, cannot beat)  -> Leo
  2. Leo QH, Klara KH (must beat the queen)       -> Klara
  3. Klara TH, Leo JH (J beats the ten; A is between J and 10) -> Leo
  4. Leo TC, Klara AH (no clubs: must trump)      -> Klara
  5. Klara 8D, Leo 8H (no diamonds: must trump)   -> Leo
Leo takes 3 tricks, Klara 2: Leo scores 1. Score 0-1.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ecarte.cli import main
from ecarte.engine import Match, discard_action, parse_deck
from ecarte.engine.actions import ACCEPT_ACTION, PROPOSE_ACTION
from ecarte.engine.cards import card_code
from ecarte.log import check_report, replay_bytes

DECK = "QH 8H KS 9S AH TH 7D 8C JD 8D 9H JH TC KH 7S 8S TS AS JS QS 7H 9D TD AD QD KD 7C 9C AC JC QC KC"
HEADER: dict[str, Any] = {
    "format": "ecarte-log",
    "version": 1,
    "players": ["Klara", "Leo"],
    "first_dealer": 0,
    "rules": {},
}
EVENTS: list[dict[str, Any]] = [
    {"type": "deal", "dealer": 0, "deck": DECK},  # line 2
    {"type": "propose", "player": 1},  # 3
    {"type": "accept", "player": 0},  # 4
    {"type": "discard", "player": 1, "cards": ["7D", "8C"]},  # 5
    {"type": "discard", "player": 0, "cards": ["JD"]},  # 6
    {"type": "play", "player": 1},  # 7
    {"type": "card", "player": 1, "card": "KS"},  # 8
    {"type": "card", "player": 0, "card": "9S"},  # 9
    {"type": "card", "player": 1, "card": "QH"},  # 10
    {"type": "card", "player": 0, "card": "KH"},  # 11
    {"type": "card", "player": 0, "card": "TH"},  # 12
    {"type": "card", "player": 1, "card": "JH"},  # 13
    {"type": "card", "player": 1, "card": "TC"},  # 14
    {"type": "card", "player": 0, "card": "AH"},  # 15
    {"type": "card", "player": 0, "card": "8D"},  # 16
    {"type": "card", "player": 1, "card": "8H"},  # 17
]
EXPECTED_DEAL = {"game": 1, "dealer": 0, "trump": "H", "tricks": [2, 3], "points": [0, 1], "score": [0, 1]}


def log_text(header: dict[str, Any] | None = None, events: list[dict[str, Any]] | None = None) -> str:
    lines = [header or HEADER, *(EVENTS if events is None else events)]
    return "".join(json.dumps(line) + "\n" for line in lines)


def with_rules(**rules: Any) -> dict[str, Any]:
    return {**HEADER, "rules": rules}


def replace_line(number: int, event: dict[str, Any]) -> list[dict[str, Any]]:
    """The base events with log line ``number`` replaced (line 2 is EVENTS[0])."""
    events = list(EVENTS)
    events[number - 2] = event
    return events


def with_blank_line(number: int) -> str:
    """The base log with an empty line as line ``number``."""
    lines = log_text().splitlines(keepends=True)
    lines.insert(number - 1, "\n")
    return "".join(lines)


def run_json(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    status = main(["check", "--json", str(path)])
    captured = capsys.readouterr()
    assert captured.err == ""
    return status, json.loads(captured.out)


# ------------------------------------------------------------ the valid example


def test_hand_worked_deal_gives_the_rules_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "example.ecarte.jsonl"
    path.write_text(log_text(), encoding="utf-8")
    status, report = run_json(path, capsys)
    assert status == 0
    assert report == {
        "valid": True,
        "error": None,
        "complete": False,
        "winner": None,
        "games": [[0, 1]],
        "deals": [EXPECTED_DEAL],
    }


def test_readable_summary_of_the_hand_worked_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "example.ecarte.jsonl"
    path.write_text(log_text(), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat 0 Klara, seat 1 Leo" in out
    assert "the defaults" in out
    assert "dealer Klara" in out and "hearts" in out
    assert "tricks 2-3, points 0-1, score 0-1" in out
    assert "Leo took 3 tricks (+1)" in out
    assert "Game 1: 0-1, in progress" in out
    assert "not decided" in out
    assert "The log is valid." in out


def test_summary_credits_a_turned_up_king_to_the_dealer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The base deck with KH and 9H swapped: KH is turned up, Klara (dealer) scores it.
    # Leo plays at once (liable): KS-9S Leo; QH-TH Leo (neither beats the queen);
    # 7D-8D Klara; JD-8H Leo (trumps); 8C-AH Klara (trumps). Leo 3 tricks: +1.
    deck = DECK.replace("9H", "XX").replace("KH", "9H").replace("XX", "KH")
    cards = [("1", "KS"), ("0", "9S"), ("1", "QH"), ("0", "TH"), ("1", "7D"), ("0", "8D")]
    cards += [("0", "JD"), ("1", "8H"), ("1", "8C"), ("0", "AH")]
    events = [{"type": "deal", "dealer": 0, "deck": deck}, {"type": "play", "player": 1}]
    events += [{"type": "card", "player": int(seat), "card": card} for seat, card in cards]
    path = tmp_path / "turned.ecarte.jsonl"
    path.write_text(log_text(events=events), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "tricks 2-3, points 1-1, score 1-1" in out
    assert "Klara turned up the king (+1)" in out
    assert "announced" not in out, "a turned-up king is not an announcement"
    assert "Leo took 3 tricks (+1)" in out


def test_summary_tells_an_announced_king_from_the_trick_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The base deck with KS and KH swapped: Leo holds the trump king (hearts).
    # Leo plays at once and announces: +1. KH-TH, QH-AH, 8H-9S Leo; 7D-8D
    # Klara; JD-8C Klara. Leo 3 tricks: +1 more, 2 points in the deal.
    deck = DECK.replace("KS", "XX").replace("KH", "KS").replace("XX", "KH")
    cards = [("1", "KH"), ("0", "TH"), ("1", "QH"), ("0", "AH"), ("1", "8H"), ("0", "9S")]
    cards += [("1", "7D"), ("0", "8D"), ("0", "JD"), ("1", "8C")]
    events = [{"type": "deal", "dealer": 0, "deck": deck}, {"type": "play", "player": 1}]
    events += [{"type": "king", "player": 1}]
    events += [{"type": "card", "player": int(seat), "card": card} for seat, card in cards]
    path = tmp_path / "announced.ecarte.jsonl"
    path.write_text(log_text(events=events), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "tricks 2-3, points 0-2, score 0-2" in out
    assert "Leo announced the king (+1)" in out
    assert "turned up" not in out
    assert "Leo took 3 tricks (+1)" in out, "the king's point is not a trick point"


def test_summary_lists_only_rules_that_differ(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rules.ecarte.jsonl"
    path.write_text(log_text(with_rules(target=7, ace_high=False, must_trump=False), []), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "target 7" in out and "must_trump false" in out
    assert "ace_high" not in out


def test_header_only_log_has_no_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "header.ecarte.jsonl"
    path.write_text(log_text(events=[]), encoding="utf-8")
    status, report = run_json(path, capsys)
    assert status == 0
    assert report == {
        "valid": True,
        "error": None,
        "complete": False,
        "winner": None,
        "games": [],
        "deals": [],
    }


def test_a_forfeit_kept_beside_the_log_is_the_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A forfeited match's log stops midway: the .forfeit file beside it (the
    app's and ecarte simulate's) says how it was decided; the JSON report
    stays the log's own (the format has no forfeit)."""
    path = tmp_path / "m.ecarte.jsonl"
    path.write_text(log_text(events=EVENTS[:4]), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert "Result: not decided; the log stops during the match." in capsys.readouterr().out
    (tmp_path / "m.ecarte.jsonl.forfeit").write_text(
        "bot 'b' forfeits (exited): it stopped\n  \x1b[2Jlast line\n", encoding="utf-8"
    )
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Result: decided by a forfeit, which m.ecarte.jsonl.forfeit beside the log explains:" in out
    assert "  bot 'b' forfeits (exited): it stopped\n    \\x1b[2Jlast line\n" in out
    assert "not decided" not in out
    status, report = run_json(path, capsys)
    assert status == 0 and report["complete"] is False and report["winner"] is None


def test_game_decided_in_the_deal_ends_the_match_and_nothing_may_follow(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Target 1: Leo's trick point wins the game and the one-game match.
    path = tmp_path / "won.ecarte.jsonl"
    path.write_text(log_text(with_rules(target=1)), encoding="utf-8")
    status, report = run_json(path, capsys)
    assert status == 0
    assert report["complete"] is True and report["winner"] == 1
    assert report["games"] == [[0, 1]]
    after = [*EVENTS, {"type": "deal", "dealer": 1, "deck": DECK}]
    path.write_text(log_text(with_rules(target=1), after), encoding="utf-8")
    status, report = run_json(path, capsys)
    assert status == 1
    assert report["error"]["line"] == 18
    assert "match is over" in report["error"]["message"]
    assert report["complete"] is True and report["deals"] == [EXPECTED_DEAL]


def test_dealer_may_announce_the_king_after_elders_lead(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Klara drew KH: announcing it after Leo's first lead scores 1 at once.
    events = [*EVENTS[:7], {"type": "king", "player": 0}, *EVENTS[7:]]
    report = check_report(replay_bytes(log_text(events=events).encode()))
    assert report["valid"] is True
    assert report["deals"][0]["points"] == [1, 1]
    assert report["deals"][0]["score"] == [1, 1]


def test_crlf_line_ends_and_a_missing_final_newline_are_accepted() -> None:
    text = log_text().replace("\n", "\r\n")
    assert check_report(replay_bytes(text.encode()))["deals"] == [EXPECTED_DEAL]
    replay = replay_bytes(log_text().rstrip("\n").encode())
    assert replay.error is None and not replay.truncated_last_line
    assert check_report(replay)["deals"] == [EXPECTED_DEAL]


def test_unknown_keys_are_ignored_and_line_separators_stay_inside_strings() -> None:
    header = {**HEADER, "players": ["Kla\u2028ra", "[bold]Leo[/]"], "levels": ["expert"], "time": "now"}
    events = [{**event, "ms": 12} for event in EVENTS]
    replay = replay_bytes(log_text(header, events).encode())
    assert replay.error is None
    assert replay.header is not None
    assert replay.header.players == ("Kla\u2028ra", "[bold]Leo[/]")
    assert replay.header.extra == {"levels": ["expert"], "time": "now"}


def test_names_are_printed_as_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    header = {**HEADER, "players": ["[bold]x[/]", "Esc\x1b[2J"]}
    path = tmp_path / "names.ecarte.jsonl"
    path.write_text(log_text(header), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[bold]x[/]" in out
    assert "\x1b" not in out and "Esc\\x1b[2J" in out


# ------------------------------------------------------------ every fault kind

TORN = json.dumps(EVENTS[-1])[:20]

# (test id, file text, the bad line, words the message must contain)
FAULTS: list[tuple[str, str | bytes, int, list[str]]] = [
    ("empty file", "", 1, ["empty"]),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\xff\xfe", 1, ["not UTF-8"]),
    ("utf-16", "\ufeff{}".encode("utf-16"), 1, ["not UTF-8"]),
    ("byte order mark", "\ufeff" + log_text(), 1, ["byte order mark"]),
    (
        "not UTF-8 later",
        log_text().replace('"propose"', '"propos\udce9"').encode("utf-8", "surrogateescape"),
        3,
        ["not UTF-8"],
    ),
    ("blank line", with_blank_line(4), 4, ["blank"]),
    ("two final newlines", log_text() + "\n", 18, ["blank"]),
    ("whitespace line", log_text() + "   \n", 18, ["blank"]),
    ("not JSON", log_text() + "card KS\n", 18, ["not valid JSON"]),
    (
        "unterminated string",
        log_text() + '{"type": "card", "player": 0, "card": "KS}\n',
        18,
        ["not valid JSON: a string that never ends, from column 39"],
    ),
    (
        "5000-digit integer",
        log_text() + '{"type": "card", "player": ' + "1" * 5000 + "}\n",
        18,
        ["not valid JSON: an integer of 5,000 digits (at most 4,300 are read)"],
    ),
    ("not an object", log_text() + "[1, 2]\n", 18, ["JSON object", "a list"]),
    ("header not an object", '"ecarte-log"\n', 1, ["JSON object"]),
    (
        "NaN",
        log_text(events=[*EVENTS[:7], {"type": "card", "player": 1, "card": "KS", "x": float("nan")}]),
        9,
        ["NaN"],
    ),
    (
        "Infinity",
        log_text().replace('"player": 1, "card": "8H"', '"player": Infinity, "card": "8H"'),
        17,
        ["Infinity"],
    ),
    ("huge number", log_text(events=[]) + '{"type": "deal", "dealer": 1e400, "deck": ""}\n', 2, ["dealer"]),
    ("deep nesting", log_text(events=[]) + "[" * 100_000 + "]" * 100_000 + "\n", 2, ["nested too deeply"]),
    ("deep nesting in header", '{"format": ' + "[" * 50_000 + "]" * 50_000 + "}\n", 1, ["nested too deeply"]),
    (
        "duplicate key",
        log_text().replace('"player": 1, "card": "8H"', '"player": 1, "player": 0, "card": "8H"'),
        17,
        ["twice"],
    ),
    ("torn last line", log_text(events=EVENTS[:-1]) + TORN, 17, ["cut short"]),
    (
        "deep nesting in a rule value",
        '{"format":"ecarte-log","version":1,"players":["A","B"],"first_dealer":0,"rules":{"target":'
        + "[" * 950
        + "]" * 950
        + "}}\n",
        1,
        ["nested too deeply"],
    ),
    (
        "deep nesting in an extra key",
        log_text(events=[]).replace('"rules": {}', '"rules": {}, "x": ' + "[" * 101 + "]" * 101),
        1,
        ["nested too deeply"],
    ),
    # header
    ("no format", log_text({k: v for k, v in HEADER.items() if k != "format"}), 1, ["format", "ecarte-log"]),
    ("wrong format", log_text({**HEADER, "format": "pgn"}), 1, ["ecarte-log", '"pgn"']),
    ("an event first", log_text(EVENTS[0], EVENTS[1:]), 1, ["format"]),
    ("version 2", log_text({**HEADER, "version": 2}), 1, ["version 2"]),
    ("version 1.0", log_text({**HEADER, "version": 1.0}), 1, ["version", "1.0"]),
    ("version true", log_text({**HEADER, "version": True}), 1, ["version", "true"]),
    ("no version", log_text({k: v for k, v in HEADER.items() if k != "version"}), 1, ["version"]),
    ("no players", log_text({k: v for k, v in HEADER.items() if k != "players"}), 1, ["players"]),
    ("one player", log_text({**HEADER, "players": ["Klara"]}), 1, ["players", "two", "found 1 name"]),
    ("three players", log_text({**HEADER, "players": ["A", "B", "C"]}), 1, ["players", "found 3 names"]),
    (
        "empty name",
        log_text({**HEADER, "players": ["Klara", ""]}),
        1,
        ["players", "non-empty", "the name of seat 1 is empty"],
    ),
    (
        "name not a string",
        log_text({**HEADER, "players": ["Klara", 7]}),
        1,
        ["players", "found 7 for seat 1"],
    ),
    ("players not a list", log_text({**HEADER, "players": "Klara"}), 1, ["players", 'found "Klara"']),
    (
        "no first_dealer",
        log_text({k: v for k, v in HEADER.items() if k != "first_dealer"}),
        1,
        ["first_dealer"],
    ),
    ("first_dealer 2", log_text({**HEADER, "first_dealer": 2}), 1, ["first_dealer", "0 or 1", "2"]),
    ("first_dealer true", log_text({**HEADER, "first_dealer": True}), 1, ["first_dealer", "true"]),
    ("no rules", log_text({k: v for k, v in HEADER.items() if k != "rules"}), 1, ["rules"]),
    ("rules not an object", log_text({**HEADER, "rules": [5]}), 1, ["rules", "object"]),
    ("unknown rule", log_text(with_rules(trumps="hearts")), 1, ["unknown rule", "trumps"]),
    ("target out of range", log_text(with_rules(target=0)), 1, ["target", "1 to 99", "0"]),
    ("target 5.0", log_text(with_rules(target=5.0)), 1, ["target", "5.0"]),
    ("bool rule as int", log_text(with_rules(ace_high=1)), 1, ["ace_high", "true or false"]),
    ("bad packets", log_text(with_rules(deal_packets=[4, 1])), 1, ["deal_packets"]),
    # event shapes
    ("no type", log_text(events=[{"dealer": 0, "deck": DECK}]), 2, ["type"]),
    (
        "unknown type",
        log_text(events=replace_line(7, {"type": "pass", "player": 1})),
        7,
        ["unknown", '"pass"'],
    ),
    ("type not a string", log_text(events=replace_line(7, {"type": 7, "player": 1})), 7, ["unknown", "7"]),
    ("no player", log_text(events=replace_line(7, {"type": "play"})), 7, ["player"]),
    (
        "player true",
        log_text(events=replace_line(7, {"type": "play", "player": True})),
        7,
        ["player", "true"],
    ),
    ("player 1.0", log_text(events=replace_line(7, {"type": "play", "player": 1.0})), 7, ["player", "1.0"]),
    (
        "player as text",
        log_text(events=replace_line(7, {"type": "play", "player": "1"})),
        7,
        ["player", '"1"'],
    ),
    ("player 2", log_text(events=replace_line(7, {"type": "play", "player": 2})), 7, ["player", "2"]),
    ("card missing", log_text(events=replace_line(8, {"type": "card", "player": 1})), 8, ["card"]),
    (
        "not a card",
        log_text(events=replace_line(8, {"type": "card", "player": 1, "card": "ks"})),
        8,
        ["'ks'", "not a card"],
    ),
    (
        "ten as 10",
        log_text(events=replace_line(8, {"type": "card", "player": 1, "card": "10C"})),
        8,
        ["not a card"],
    ),
    (
        "cards not a list",
        log_text(events=replace_line(5, {"type": "discard", "player": 1, "cards": "7D"})),
        5,
        ["cards", "list"],
    ),
    (
        "card named twice",
        log_text(events=replace_line(5, {"type": "discard", "player": 1, "cards": ["7D", "7D"]})),
        5,
        ["twice"],
    ),
    # deals
    ("deck missing", log_text(events=[{"type": "deal", "dealer": 0}]), 2, ["deck"]),
    ("deck of 31", log_text(events=[{"type": "deal", "dealer": 0, "deck": DECK[:-3]}]), 2, ["32", "31"]),
    (
        "card twice in deck",
        log_text(events=[{"type": "deal", "dealer": 0, "deck": DECK[:-2] + "QH"}]),
        2,
        ["QH", "twice"],
    ),
    (
        "double space in deck",
        log_text(events=[{"type": "deal", "dealer": 0, "deck": DECK.replace(" ", "  ", 1)}]),
        2,
        ["single spaces"],
    ),
    ("deck as a list", log_text(events=[{"type": "deal", "dealer": 0, "deck": DECK.split()}]), 2, ["deck"]),
    (
        "wrong first dealer",
        log_text(events=[{"type": "deal", "dealer": 1, "deck": DECK}]),
        2,
        ["seat 0", "first_dealer", "found seat 1"],
    ),
    ("dealer does not alternate", log_text(events=[*EVENTS, EVENTS[0]]), 18, ["seat 1", "alternates"]),
    (
        # Leo took the first trick, so he leads the second.
        "deal inside a deal",
        log_text(events=replace_line(10, EVENTS[0])),
        10,
        ["a new deal while the current deal is in progress; elder (seat 1) must lead a card"],
    ),
    ("decision before the deal", log_text(events=EVENTS[1:]), 2, ["expected a 'deal'"]),
    (
        "decision after the deal",
        log_text(events=[*EVENTS, {"type": "propose", "player": 0}]),
        18,
        ["expected a 'deal'"],
    ),
    # turns and moments
    (
        "not the player's turn",
        log_text(events=replace_line(8, {"type": "card", "player": 0, "card": "9S"})),
        8,
        ["card 9S by seat 0: it is seat 1's turn, not seat 0's; elder (seat 1) must lead a card"],
    ),
    (
        # Klara drew K♥ (trumps are hearts): her reply to the first lead is her
        # moment to announce it.
        "not the player's turn when the king may be announced",
        log_text(events=replace_line(9, {"type": "card", "player": 1, "card": "QH"})),
        9,
        [
            "it is seat 0's turn, not seat 1's; "
            "the dealer (seat 0) must play a card to the trick or announce the king"
        ],
    ),
    (
        "answer by elder",
        log_text(events=replace_line(4, {"type": "accept", "player": 1})),
        4,
        ["it is seat 0's turn, not seat 1's; the dealer (seat 0) must accept or refuse the proposal"],
    ),
    (
        "accept without a proposal",
        log_text(events=replace_line(3, {"type": "accept", "player": 1})),
        3,
        ["'accept' is not allowed now", "play or propose"],
    ),
    (
        "card during the answer",
        log_text(events=replace_line(4, {"type": "card", "player": 0, "card": "9S"})),
        4,
        ["accept or refuse"],
    ),
    # discards
    (
        "discard not in hand",
        log_text(events=replace_line(5, {"type": "discard", "player": 1, "cards": ["KH"]})),
        5,
        ["KH", "not in your hand"],
    ),
    (
        "elder discards nothing",
        log_text(events=replace_line(5, {"type": "discard", "player": 1, "cards": []})),
        5,
        ["at least 1"],
    ),
    (
        "dealer must exchange",
        log_text(
            with_rules(dealer_must_exchange=True),
            replace_line(6, {"type": "discard", "player": 0, "cards": []}),
        ),
        6,
        ["at least 1"],
    ),
    # tricks: the rule broken is named
    (
        "card not in hand",
        log_text(events=replace_line(9, {"type": "card", "player": 0, "card": "7S"})),
        9,
        ["7♠ is not in your hand"],
    ),
    (
        "must follow",
        log_text(events=replace_line(9, {"type": "card", "player": 0, "card": "8D"})),
        9,
        ["card 8D by seat 0", "must follow", "9♠"],
    ),
    (
        "must beat",
        log_text(events=replace_line(11, {"type": "card", "player": 0, "card": "AH"})),
        11,
        ["card AH by seat 0", "must beat the led Q♥", "K♥"],
    ),
    (
        "must trump",
        log_text(events=replace_line(15, {"type": "card", "player": 0, "card": "8D"})),
        15,
        ["no clubs", "must trump", "A♥"],
    ),
    # the king
    (
        "king by a non-holder",
        log_text(events=[*EVENTS[:6], {"type": "king", "player": 1}]),
        8,
        ["do not hold K♥"],
    ),
    (
        "king twice",
        log_text(events=[*EVENTS[:7], {"type": "king", "player": 0}, {"type": "king", "player": 0}]),
        10,
        ["already"],
    ),
    # no choice, no event
    (
        "play after the exchange limit",
        log_text(with_rules(max_exchanges=1)),
        7,
        ["exchange is over", "max_exchanges", "no choice"],
    ),
]


@pytest.mark.parametrize(
    ("text", "line", "words"), [fault[1:] for fault in FAULTS], ids=[f[0] for f in FAULTS]
)
def test_every_fault_is_reported_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | bytes, line: int, words: list[str]
) -> None:
    path = tmp_path / "bad.ecarte.jsonl"
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8", newline="")
    else:
        path.write_bytes(text)
    status, report = run_json(path, capsys)
    assert status == 1
    assert report["valid"] is False
    assert report["error"]["line"] == line
    for word in words:
        assert word in report["error"]["message"]
    # The readable form names the same line and says why, also exit 1.
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"INVALID at line {line}" in out


def test_dealer_announcing_before_elders_lead_is_refused() -> None:
    events = [*EVENTS[:6], {"type": "king", "player": 0}]
    report = check_report(replay_bytes(log_text(events=events).encode()))
    assert report["error"]["line"] == 8
    assert "after elder's first lead" in report["error"]["message"]


def test_dealer_announcing_after_playing_to_the_first_trick_is_refused() -> None:
    # After trick 1 Leo (elder) leads QH; Klara then tries to announce.
    events = [*EVENTS[:9], {"type": "king", "player": 0}]
    report = check_report(replay_bytes(log_text(events=events).encode()))
    assert report["error"]["line"] == 11
    assert "too late to announce the king" in report["error"]["message"]


def test_invalid_log_reports_the_valid_part_before_the_bad_line() -> None:
    events = replace_line(15, {"type": "card", "player": 0, "card": "8D"})
    report = check_report(replay_bytes(log_text(events=events).encode()))
    assert report["valid"] is False
    # Three tricks were complete: Leo 2, Klara 1; the deal is unfinished.
    assert report["deals"] == [
        {"game": 1, "dealer": 0, "trump": "H", "tricks": None, "points": [0, 0], "score": [0, 0]}
    ]
    assert report["games"] == [[0, 0]]
    assert report["complete"] is False and report["winner"] is None


def test_torn_last_line_is_flagged_and_the_prefix_measured() -> None:
    text = log_text(events=EVENTS[:-1])
    replay = replay_bytes((text + TORN).encode())
    assert replay.truncated_last_line
    assert replay.valid_bytes == len(text.encode())
    assert len(replay.events) == len(EVENTS) - 1


def test_a_complete_last_line_that_is_wrong_is_not_called_torn() -> None:
    text = log_text(events=replace_line(17, {"type": "card", "player": 1, "card": "KS"}))
    replay = replay_bytes(text.rstrip("\n").encode())
    assert replay.error is not None and replay.error.line == 17
    assert not replay.truncated_last_line


@pytest.mark.parametrize(
    ("last_line", "message"),
    [
        ("[1]", "each line must be a JSON object {...}; found a list"),
        ("12", "each line must be a JSON object {...}; found 12"),
        ('{"type": "propose", "player": 1, "player": 1}', 'the key "player" appears twice'),
        ("[" * 101 + "]" * 101, "nested too deeply"),
        ("[" * 5000 + "]" * 5000, "nested too deeply"),  # deeper than Python's parser goes
    ],
)
def test_a_last_line_of_whole_json_is_an_ordinary_bad_line(last_line: str, message: str) -> None:
    # Whole JSON parses: whatever is wrong with it, no write was cut short.
    text = log_text(events=EVENTS[:3])
    replay = replay_bytes((text + last_line).encode())
    assert replay.error is not None and replay.error.line == 5
    assert message in replay.error.message
    assert "cut short" not in replay.error.message
    assert not replay.truncated_last_line


@pytest.mark.parametrize("last_line", ['{"type": "card", "player": NaN}', "[" * 5000 + "]" * 4999, '["]'])
def test_a_last_line_that_does_not_parse_is_cut_short(last_line: str) -> None:
    text = log_text(events=EVENTS[:3])
    replay = replay_bytes((text + last_line).encode())
    assert replay.error is not None and replay.error.line == 5
    assert replay.truncated_last_line
    assert "cut short" in replay.error.message


def test_a_decision_before_any_deal_says_a_deal_is_expected() -> None:
    replay = replay_bytes((log_text(events=[]) + '{"type": "play", "player": 1}\n').encode())
    assert replay.error is not None and replay.error.line == 2
    assert replay.error.message == (
        "play by seat 1: no deal has begun; expected a 'deal' event after the header"
    )


@pytest.mark.parametrize("blank", ["\u00a0", "\x1c", "\u2028"])
def test_a_line_of_characters_json_does_not_count_as_blank_is_not_called_blank(blank: str) -> None:
    replay = replay_bytes((log_text(events=[]) + blank + "\n").encode())
    assert replay.error is not None and replay.error.line == 2
    assert "blank" not in replay.error.message
    assert "not valid JSON" in replay.error.message


def test_a_huge_version_is_quoted_shortly() -> None:
    replay = replay_bytes(log_text(header={**HEADER, "version": int("9" * 4300)}).encode())
    assert replay.error is not None and replay.error.line == 1
    assert replay.error.message == (
        "this is a version 999999999999999999999999...99999999 (4,300 characters) log; "
        "this ecarte reads version 1"
    )


def test_a_lower_limit_on_digits_in_the_environment_does_not_change_the_verdict(tmp_path: Path) -> None:
    # PYTHONINTMAXSTRDIGITS=640 would make Python refuse what the format allows.
    path = tmp_path / "long-integer.ecarte.jsonl"
    path.write_text(log_text(header={**HEADER, "note": int("7" * 4300)}, events=EVENTS[:3]))
    result = subprocess.run(
        [sys.executable, "-m", "ecarte", "check", "--json", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONINTMAXSTRDIGITS": "640"},
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["valid"] is True


# ------------------------------------------------------------ steps without a choice


def _exchange_until_stock_empty() -> tuple[list[dict[str, Any]], list[str]]:
    """Events that exchange 5+5, 5+5, then elder 1: the stock (21) is empty
    at the dealer's discard. Discards are chosen from the hands the rules
    deal (worked out here with the engine, which is what is under test in
    the engine's own tests; here it only picks legal discards)."""
    match = Match()
    match.deal(parse_deck(DECK))
    events: list[dict[str, Any]] = [EVENTS[0]]
    for elder_count, dealer_count in ((5, 5), (5, 5), (1, None)):
        events += [{"type": "propose", "player": 1}, {"type": "accept", "player": 0}]
        match.apply(PROPOSE_ACTION)
        match.apply(ACCEPT_ACTION)
        for seat, count in ((1, elder_count), (0, dealer_count)):
            if count is None:
                break
            chosen = match.hand(seat)[:count]
            events.append({"type": "discard", "player": seat, "cards": [card_code(card) for card in chosen]})
            match.apply(discard_action(chosen))
    assert match.stock_size == 0 and match.current_player == 1
    return events, [card_code(card) for card in match.hand(1)]


def test_play_after_the_stock_runs_out_is_an_error() -> None:
    events, elder_hand = _exchange_until_stock_empty()
    valid = replay_bytes(
        log_text(events=[*events, {"type": "card", "player": 1, "card": elder_hand[0]}]).encode()
    )
    assert valid.error is None
    bad = [*events, {"type": "play", "player": 1}]
    report = check_report(replay_bytes(log_text(events=bad).encode()))
    assert report["error"]["line"] == len(bad) + 1
    assert "the stock is empty" in report["error"]["message"]
    assert "no choice" in report["error"]["message"]


def test_dealer_discard_with_an_empty_stock_is_an_error() -> None:
    events, _ = _exchange_until_stock_empty()
    bad = [*events, {"type": "discard", "player": 0, "cards": []}]
    report = check_report(replay_bytes(log_text(events=bad).encode()))
    assert report["error"]["line"] == len(bad) + 1
    assert "not seat 0's" in report["error"]["message"]


def test_discarding_more_than_the_stock_holds_is_an_error() -> None:
    events, _ = _exchange_until_stock_empty()
    # Cut before elder's last discard (stock 1 then) and discard 2 instead.
    head = events[:-1]
    replay = replay_bytes(log_text(events=head).encode())
    assert replay.match is not None and replay.match.stock_size == 1
    two = [card_code(card) for card in replay.match.hand(1)[:2]]
    report = check_report(
        replay_bytes(log_text(events=[*head, {"type": "discard", "player": 1, "cards": two}]).encode())
    )
    assert report["error"]["line"] == len(head) + 2
    assert "stock holds only 1" in report["error"]["message"]


# ------------------------------------------------------------ files and exit statuses


def test_missing_file_exits_2_with_nothing_on_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--json", str(tmp_path / "nope.jsonl")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no such file" in captured.err


def test_a_folder_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "directory" in captured.err


def test_wrong_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["check"])
    assert stop.value.code == 2
    assert capsys.readouterr().out == ""


def test_a_file_over_10_mb_is_refused_unread(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.ecarte.jsonl"
    with open(path, "wb") as file:
        file.truncate(10_000_001)
    assert main(["check", "--json", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "at most 10,000,000 bytes is read" in captured.err


def test_a_file_over_100000_lines_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.ecarte.jsonl"
    path.write_text(log_text(events=[]) + "{}\n" * 100_000, encoding="utf-8")
    assert main(["check", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "100,000 lines" in captured.err


def test_exactly_100000_lines_are_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.ecarte.jsonl"
    path.write_text(log_text(events=[]) + "{}\n" * 99_999, encoding="utf-8")
    status, report = run_json(path, capsys)
    assert status == 1 and report["error"]["line"] == 2


def test_python_m_ecarte_check_in_a_subprocess(tmp_path: Path) -> None:
    good = tmp_path / "good.ecarte.jsonl"
    good.write_text(log_text(), encoding="utf-8")
    bad = tmp_path / "bad.ecarte.jsonl"
    bad.write_text(
        log_text(events=replace_line(11, {"type": "card", "player": 0, "card": "AH"})), encoding="utf-8"
    )
    ran = subprocess.run(
        [sys.executable, "-m", "ecarte", "check", "--json", str(good)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout)["deals"] == [EXPECTED_DEAL]
    ran = subprocess.run(
        [sys.executable, "-m", "ecarte", "check", str(bad)], capture_output=True, text=True, timeout=60
    )
    assert ran.returncode == 1
    assert "INVALID at line 11" in ran.stdout and "Traceback" not in ran.stderr + ran.stdout


def test_a_lone_surrogate_in_a_name_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "odd.ecarte.jsonl"
    path.write_text(log_text().replace('"Klara"', '"Kl\\udc80ara"'), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert "Kl\\udc80ara" in capsys.readouterr().out


def test_an_impossible_file_name_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "log\0.jsonl"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "file name" in captured.err


def test_an_unreadable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    path = tmp_path / "secret.ecarte.jsonl"
    path.write_text(log_text(), encoding="utf-8")
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as a user who can read any file")
        assert main(["check", str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "permission" in captured.err
    finally:
        path.chmod(0o600)


def test_a_write_torn_inside_a_character_is_a_torn_last_line() -> None:
    text = log_text(events=EVENTS[:-1]).encode()
    torn = '{"type":"card","player":1,"card":"8H","note":"Zoë"}'.encode()
    cut = torn.index("ë".encode()) + 1  # half of the two bytes of ë
    replay = replay_bytes(text + torn[:cut])
    assert replay.truncated_last_line
    assert replay.error is not None and replay.error.line == 17


def test_a_torn_header_points_to_no_summary_above(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A log whose only line, the header, was cut short: nothing was replayed,
    # so the summary must not send the reader to a part above that is not there.
    path = tmp_path / "torn-header.ecarte.jsonl"
    path.write_bytes(b'{"format":"ecarte-log"')
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "nothing could be replayed" in out
    assert "cut short" in out
    assert "above" not in out


def test_a_torn_last_line_after_valid_lines_points_to_the_summary_above(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "torn.ecarte.jsonl"
    path.write_text(log_text(events=EVENTS[:-1]) + TORN, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Deals (pairs are seat 0 - seat 1):" in out
    assert "cut short (a write interrupted); the rest is above." in out


HUGE = "A" * 3_000_000


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (log_text(events=replace_line(8, {"type": "card", "player": 1, "card": HUGE})), 8),
        (log_text(events=replace_line(3, {"type": "propose", "player": 1, "card": HUGE})), None),
        (log_text(events=replace_line(8, {"type": HUGE, "player": 1})), 8),
        (log_text(events=replace_line(8, {"type": "discard", "player": 1, "cards": [HUGE]})), 8),
        (log_text(with_rules(**{HUGE: 1})), 1),
        (log_text(with_rules(target=HUGE)), 1),
        (log_text(with_rules(target=[[HUGE]])), 1),
    ],
    ids=["card", "an ignored key", "type", "discard", "rule name", "rule value", "nested value"],
)
def test_a_huge_bad_value_is_quoted_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: int | None
) -> None:
    """A value of three million letters is named by its first few dozen: the
    message fits on a screen (it filled the replay viewer and the terminal)."""
    path = tmp_path / "huge.ecarte.jsonl"
    path.write_text(text, encoding="utf-8")
    status, report = run_json(path, capsys)
    if line is None:  # keys other than an event's own are ignored: valid
        assert status == 0 and report["valid"] is True
        return
    assert status == 1 and report["error"]["line"] == line
    message = report["error"]["message"]
    assert "AAAA" in message and len(message) < 400, len(message)
    assert "(3,000,0" in message  # its length, near enough for a nested value's quotes
    assert main(["check", str(path)]) == 1
    assert len(capsys.readouterr().out) < 2_000


HUGE_NAMES = {
    "letters": "A" * 100_000,
    "zero-width": "\u200b" * 200_000,
    "combining": "e" + "\u0301" * 200_000,
}


@pytest.mark.parametrize("name", list(HUGE_NAMES.values()), ids=list(HUGE_NAMES))
def test_a_huge_player_name_is_cut_in_the_summary_as_the_app_cuts_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """A name of 100,000 letters was printed whole at each mention: a summary
    of a megabyte (200,000 zero-width spaces, ten)."""
    from ecarte.text import printable, short_name

    path = tmp_path / "names.ecarte.jsonl"
    path.write_text(log_text({**HEADER, "players": ["Klara", name]}), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert len(out) < 2_000, len(out)
    shown = printable(short_name(name))
    assert shown.endswith("…") and f"seat 1 {shown}; first dealer: Klara" in out


@pytest.mark.parametrize(
    ("adds", "words"), [(False, "the vole (+2)"), (True, "the vole, you were liable (penalty) (+3)")]
)
def test_a_vole_names_the_liable_loser_only_where_the_penalty_added_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], adds: bool, words: str
) -> None:
    from ecarte.engine import Rules, deck_for, deck_string
    from ecarte.engine.actions import PLAY_ACTION
    from ecarte.log.format import decision_json

    # Elder (seat 1, "You") plays at once with nothing and loses every trick.
    rules = Rules(penalty_adds_to_vole=adds)
    deck = deck_for(["7S", "8S", "9S", "7D", "8D"], ["KH", "QH", "JH", "AH", "TH"], "7H")
    match = Match(rules, first_dealer=0)
    match.deal(deck)
    events: list[dict[str, Any]] = [{"type": "deal", "dealer": 0, "deck": deck_string(deck)}]
    match.apply(PLAY_ACTION, 1)
    events.append(decision_json(1, PLAY_ACTION))
    while match.phase == "tricks":
        seat = match.current_player
        action = match.legal_actions()[0]
        match.apply(action, seat)
        events.append(decision_json(seat, action))
    header = {**HEADER, "players": ["Computer", "You"], "rules": {"penalty_adds_to_vole": adds}}
    path = tmp_path / "vole.ecarte.jsonl"
    path.write_text(log_text(header=header, events=events), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Computer took all 5 tricks, {words}" in out, out
