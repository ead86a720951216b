"""``ecarte analyse``: a blunder is flagged, a forced move is never counted,
better players score a higher accuracy, broken logs get the exit statuses of
``ecarte check``, and the result depends only on the file and the seed.
The readable report speaks the players' words: their names, the level
played, "log line 6"; the JSON keeps its seats and models."""

from __future__ import annotations

import json
import os
import random
import re
import sys
from pathlib import Path

import pytest

from ecarte.ai.base import Player, make_player
from ecarte.analysis.match_analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    MatchAnalysis,
    analyse_replay,
    hint,
    label_for,
    move_accuracy,
)
from ecarte.cli import main
from ecarte.engine import Match, Rules, card_action, deck_for, parse_card
from ecarte.engine.actions import KING_ACTION, PLAY_ACTION
from ecarte.log import LogWriter, replay_file
from ecarte.tournament import play_match


def write_log(path: Path, lines: list[dict[str, object]], rules: Rules, first_dealer: int) -> Path:
    with LogWriter.create(path, ("Klara", "Leo"), first_dealer, rules, durable=False) as log:
        for line in lines:
            if line["type"] == "deal":
                deck = line["deck"]
                assert isinstance(deck, tuple)
                log.write_deal(int(str(line["dealer"])), deck)
            else:
                action = line["action"]
                assert not isinstance(action, (str, int, tuple))
                log.write_action(int(str(line["player"])), action)  # type: ignore[arg-type]
    return path


def king_log(path: Path) -> Path:
    """Elder (seat 0) holds the trump king in a one-point match and plays a
    card instead of announcing it: the point would have won the match. The
    dealer's reply is forced (its only heart)."""
    deck = deck_for(["KS", "7H", "8D", "7C", "9H"], ["AS", "QS", "JS", "AH", "TC"], "7S")
    lines: list[dict[str, object]] = [
        {"type": "deal", "dealer": 1, "deck": deck},
        {"type": "play", "player": 0, "action": PLAY_ACTION},
        {"type": "card", "player": 0, "action": card_action(parse_card("7H"))},
        {"type": "card", "player": 1, "action": card_action(parse_card("AH"))},
    ]
    return write_log(path, lines, Rules(target=1), first_dealer=1)


def played_log(path: Path, seat0: str, seat1: str, seed: int, rules: Rules | None = None) -> Path:
    players: list[Player] = [make_player(seat0, seed), make_player(seat1, seed + 1)]
    rules = rules or Rules()
    for seat, player in enumerate(players):
        player.start_match(seat, rules)
    first_dealer = seed % 2
    with LogWriter.create(path, (seat0, seat1), first_dealer, rules, durable=False) as log:
        play_match(players, rules, first_dealer, random.Random(seed), recorder=log)
    return path


def analyse(path: Path, seats: tuple[int, ...] = (0, 1), seed: int = 0) -> MatchAnalysis:
    return analyse_replay(replay_file(path), seats=seats, seed=seed)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["analyse", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# ---------------------------------------------------------------- labels


def test_the_thresholds_are_lichess_s_and_a_loss_within_two_errors_is_not_labelled() -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (5.0, 10.0, 15.0)
    assert label_for(4.9, 0.0) is None
    assert label_for(5.0, 0.5) == "inaccuracy"
    assert label_for(12.0, 1.0) == "mistake"
    assert label_for(30.0, 1.0) == "blunder"
    assert label_for(30.0, 15.0) is None
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(100.0) == 0.0
    assert 60 < move_accuracy(10.0) < 70  # 103.1668 e^-0.4354 - 3.1669 = 63.6


def test_keeping_quiet_about_a_winning_king_is_a_blunder(tmp_path: Path) -> None:
    analysis = analyse(king_log(tmp_path / "king.ecarte.jsonl"))
    quiet = next(decision for decision in analysis.decisions if decision.line == 4)
    assert quiet.seat == 0
    assert str(quiet.chosen) == "card 7H"
    assert quiet.best.type == "king"
    assert quiet.label == "blunder"
    assert quiet.loss > 2 * quiet.loss_se
    assert analysis.label_counts(0)["blunder"] == 1
    accuracy = analysis.accuracy(0)
    assert accuracy is not None and accuracy < 60


def test_a_forced_move_is_never_counted(tmp_path: Path) -> None:
    path = king_log(tmp_path / "king.ecarte.jsonl")
    analysis = analyse(path)
    # Line 5 is the dealer's only heart: no choice, no decision, no label.
    assert all(decision.line != 5 for decision in analysis.decisions)
    assert [decision.line for decision in analysis.decisions] == [3, 4]
    dealer_only = analyse(path, seats=(1,))
    assert dealer_only.decisions == []
    assert dealer_only.accuracy(1) is None
    assert dealer_only.label_counts(1) == {"inaccuracy": 0, "mistake": 0, "blunder": 0}
    # Every event still has a win chance.
    assert [line for line, _ in analysis.win_chance] == [2, 3, 4, 5]


def test_only_the_decisions_with_a_choice_are_analysed(tmp_path: Path) -> None:
    path = played_log(tmp_path / "m.ecarte.jsonl", "classic", "random", seed=4)
    replay = replay_file(path)
    assert replay.header is not None
    match = Match(replay.header.rules, replay.header.first_dealer)
    with_choice = []
    for event in replay.events:
        if event.type == "deal":
            assert event.deck is not None
            match.deal(event.deck)
            continue
        assert event.action is not None
        if len(match.legal_actions()) > 1:
            with_choice.append(event.line)
        match.apply(event.action, event.player)
    analysis = analyse(path)
    assert [decision.line for decision in analysis.decisions] == with_choice
    assert len(analysis.win_chance) == len(replay.events)
    for decision in analysis.decisions:
        assert decision.loss >= 0.0
        assert decision.label is None or decision.loss > 2 * decision.loss_se
        assert len(decision.options) >= 2 or decision.phase == "discard"


def test_the_expert_plays_more_accurately_than_classic_and_classic_than_random(tmp_path: Path) -> None:
    scores: dict[str, list[float]] = {"expert": [], "classic": [], "random": []}
    pairings = [("expert", "classic", 11), ("classic", "random", 13)]
    for seat0, seat1, seed in pairings:
        analysis = analyse(played_log(tmp_path / f"{seed}.ecarte.jsonl", seat0, seat1, seed))
        for seat, name in enumerate((seat0, seat1)):
            scores[name].extend(decision.accuracy for decision in analysis.decisions if decision.seat == seat)
    mean = {name: sum(values) / len(values) for name, values in scores.items()}
    assert mean["expert"] > mean["classic"] > mean["random"]


# ---------------------------------------------------------------- the command


def test_json_has_the_documented_shape_and_is_deterministic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played_log(tmp_path / "m.ecarte.jsonl", "classic", "random", seed=3)
    status, out, _ = run(capsys, str(path), "--json", "--seed", "7")
    assert status == 0
    report = json.loads(out)
    assert list(report)[:6] == ["seats", "decisions", "accuracy", "labels", "win_chance", "deals"]
    assert report["seats"] == [0, 1]
    assert report["error"] is None
    decision = report["decisions"][0]
    assert set(decision) == {"line", "seat", "phase", "chosen", "options", "best", "loss", "label"}
    assert set(decision["options"][0]) == {"action", "win", "se"}
    assert decision["chosen"]["type"] in {"propose", "play", "accept", "refuse", "discard", "king", "card"}
    assert len(report["accuracy"]) == 2 and len(report["labels"]) == 2
    assert set(report["labels"][0]) == {"inaccuracy", "mistake", "blunder"}
    assert all(0.0 <= chance <= 100.0 for _, chance in report["win_chance"])
    again = run(capsys, str(path), "--json", "--seed", "7")
    assert again == (status, out, "")


def test_the_last_deal_with_all_cards_known_is_reported(tmp_path: Path) -> None:
    analysis = analyse(king_log(tmp_path / "king.ecarte.jsonl"))
    (deal,) = analysis.deals
    assert deal.tricks is None  # not played out
    # Elder's weak hand against the dealer's spades: with every card seen the
    # dealer takes at least three tricks.
    assert deal.open_tricks is not None and deal.open_tricks[1] >= 3


def test_an_invalid_log_is_analysed_up_to_its_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = king_log(tmp_path / "king.ecarte.jsonl")
    with open(path, "a", encoding="utf-8") as file:
        file.write('{"type":"card","player":1,"card":"KS"}\n')  # elder holds the king
    status, out, err = run(capsys, str(path), "--json")
    assert status == 1
    report = json.loads(out)
    assert report["error"]["line"] == 6
    assert "not in your hand" in report["error"]["message"]
    assert [decision["line"] for decision in report["decisions"]] == [3, 4]
    assert "line 6" in err


def test_an_empty_or_garbage_log_is_invalid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.ecarte.jsonl"
    empty.write_bytes(b"")
    status, out, err = run(capsys, str(empty), "--json")
    assert status == 1
    assert json.loads(out)["error"]["line"] == 1 and json.loads(out)["decisions"] == []
    assert "empty" in err
    garbage = tmp_path / "garbage.ecarte.jsonl"
    garbage.write_bytes(b"\x00\xffnot json\n")
    status, out, err = run(capsys, str(garbage))
    assert status == 1
    # Said once, on standard output, as ecarte check says it; no seat is
    # reported on a log with nothing to analyse.
    assert out.count("INVALID at line 1") == 1 and err == ""
    assert "Nothing to analyse before the error." in out
    assert "Klara:" not in out and "No decision flagged" not in out
    # Nothing came before the error: the report does not say the lines before it were analysed.
    assert "lines before it" not in out
    status, out, err = run(capsys, str(empty))
    assert status == 1 and "lines before it" not in out
    assert out.count("INVALID at line 1: the file is empty") == 1, out
    status, out, err = run(capsys, str(empty), "--json")
    assert "analysed up to" not in err and "INVALID at line 1" in err


def test_a_log_invalid_after_its_first_lines_says_they_were_analysed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = king_log(tmp_path / "king.ecarte.jsonl")
    with open(path, "a", encoding="utf-8") as file:
        file.write("not json\n")
    status, out, __ = run(capsys, str(path))
    assert status == 1 and "(the analysis covers the lines before it)" in out
    status, __, err = run(capsys, str(path), "--json")
    assert status == 1 and "(analysed up to that line)" in err


def test_an_unreadable_log_exits_2_with_nothing_on_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, str(tmp_path / "missing.ecarte.jsonl"), "--json")
    assert (status, out) == (2, "")
    assert "no such file" in err
    status, out, err = run(capsys, str(tmp_path), "--json")
    assert (status, out) == (2, "")
    assert "directory" in err


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs are POSIX")
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.ecarte.jsonl"
    os.mkfifo(fifo)
    status, out, err = run(capsys, str(fifo))
    assert (status, out) == (2, "")
    assert "not a regular file" in err


def test_a_hint_values_every_option_of_the_decision_due(tmp_path: Path) -> None:
    path = king_log(tmp_path / "king.ecarte.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")  # before elder's card
    evaluation = hint(replay_file(path))
    assert evaluation is not None
    assert evaluation.seat == 0
    assert {str(option.action) for option in evaluation.options} == {
        "king",
        "card KS",
        "card 7H",
        "card 8D",
        "card 7C",
        "card 9H",
    }
    assert evaluation.best.action.type == "king"
    assert evaluation.ranked()[0] == evaluation.best
    finished = tmp_path / "over.ecarte.jsonl"
    played_log(finished, "classic", "random", seed=2)
    assert hint(replay_file(finished)) is None  # the match is over


def test_progress_is_reported_and_a_cancel_stops_between_decisions(tmp_path: Path) -> None:
    replay = replay_file(played_log(tmp_path / "m.ecarte.jsonl", "classic", "random", seed=5))
    calls: list[tuple[int, int]] = []
    full = analyse_replay(replay, progress=lambda done, total: calls.append((done, total)))
    assert full.complete
    total = len(full.decisions)
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert [done for done, _ in calls] == list(range(total + 1))
    asked = []

    def cancelled() -> bool:
        asked.append(True)
        return len(asked) > 3

    stopped = analyse_replay(replay, cancelled=cancelled)
    assert not stopped.complete
    assert len(stopped.decisions) == 3


def test_the_readable_report_names_the_blunder_and_the_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = king_log(tmp_path / "king.ecarte.jsonl")
    with open(path, "a", encoding="utf-8") as file:
        file.write("not json\n")
    status, out, _ = run(capsys, str(path))
    assert status == 1
    # The options in the player's words (as the Analysis view), not the protocol's codes.
    assert "log line 4: Klara blunder: 7♥ (" in out and "best Announce (" in out
    assert "INVALID at line 6" in out


def test_the_readable_report_names_options_in_the_players_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = king_log(tmp_path / "king.ecarte.jsonl")
    assert main(["--lang", "sv", "analyse", str(path)]) == 0
    out = capsys.readouterr().out
    flagged = next(line for line in out.splitlines() if "Klara bock" in line)
    assert "Klara bock: 7♥ (" in flagged and "bäst Visa (" in flagged
    assert "card" not in flagged and "king" not in flagged


def test_deals_are_numbered_within_their_game_as_the_table_numbers_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = Rules(target=2, games_to_win=2)
    path = played_log(tmp_path / "m.ecarte.jsonl", "random", "random", seed=3, rules=rules)
    replay = replay_file(path)
    assert replay.header is not None
    # What the table showed at each deal: the game begun, the deal within it.
    match = Match(rules, replay.header.first_dealer)
    shown = []
    for event in replay.events:
        if event.type == "deal":
            assert event.deck is not None
            match.deal(event.deck)
            shown.append((len(match.games), match.deal_in_game()))
        else:
            assert event.action is not None
            match.apply(event.action, event.player)
    assert len(match.games) >= 2  # a second game, whose first deal is deal 1 again
    analysis = analyse(path, seats=(1,))
    assert [(deal.game, deal.in_game) for deal in analysis.deals] == shown
    assert [deal.number for deal in analysis.deals] == list(range(1, len(shown) + 1))
    status, out, _ = run(capsys, "--json", str(path))
    assert status == 0
    deals = json.loads(out)["deals"]
    assert [(deal["game"], deal["deal_in_game"]) for deal in deals] == shown
    status, out, _ = run(capsys, str(path))
    first_of_second = shown.index((2, 1))
    assert f"Game 2, deal 1 (log line {analysis.deals[first_of_second].line})" in out


def test_the_players_of_a_simulate_log_are_recognised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ecarte simulate names its sides "A: classic", "B: random": the
    analysis values each seat against the built-in player it faced."""
    logs = tmp_path / "logs"
    command = ["simulate", "classic", "random", "--matches", "1", "--log-dir", str(logs)]
    assert main([*command, "--rules", "target=1"]) == 0
    capsys.readouterr()
    (log,) = logs.glob("*.ecarte.jsonl")
    status, out, _ = run(capsys, "--json", str(log))
    assert status == 0
    opponents = {entry["seat"]: entry for entry in json.loads(out)["opponents"]}
    header = replay_file(log).header
    assert header is not None
    for seat in (0, 1):
        faced = header.players[1 - seat].split(": ", 1)[1]
        assert opponents[seat]["known"] is True and opponents[seat]["model"] == faced
    # In words: each side is valued against the other side's level, never its own.
    status, out, _ = run(capsys, str(log))
    lines = out.splitlines()
    a, b = header.players
    for name, other in ((a, b), (b, a)):
        level = other.split(": ", 1)[1].capitalize()
        sentence = f"  {name}'s chances are valued against {other}, who played at the {level} level."
        assert sentence in lines, out


@pytest.mark.parametrize(
    "name",
    ["A" * 100_000, "\u200b" * 200_000, "e" + "\u0301" * 200_000],
    ids=["letters", "zero-width", "combining"],
)
def test_a_huge_player_name_is_cut_in_the_report_and_kept_whole_in_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """A name of 100,000 letters was printed whole at each mention: a report
    of 400 KB. The JSON is data: it keeps the name as the log writes it."""
    from ecarte.text import printable, short_name

    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    log = played_log(tmp_path / "names.ecarte.jsonl", "random", "random", seed=3, rules=Rules(target=1))
    header, *events = log.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.dumps({**json.loads(header), "players": [name, "random"]}) + "\n"
    log.write_text("".join([header, *events]), encoding="utf-8")
    status, out, _ = run(capsys, str(log))
    assert status == 0
    assert len(out) < 3_000, len(out)
    shown = printable(short_name(name))
    assert shown.endswith("…") and f"{shown}: accuracy" in out
    status, out, _ = run(capsys, "--json", str(log))
    assert json.loads(out)["opponents"][1]["player"] == name


def test_the_report_says_when_the_match_is_not_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A match stopped midway (the king log ends in the first trick) is said
    to be unfinished; a finished one is not; one the opponent forfeited says
    so instead (its .forfeit file lies beside the log)."""
    unfinished = king_log(tmp_path / "king.ecarte.jsonl")
    status, out, __ = run(capsys, str(unfinished))
    assert status == 0
    assert out.rstrip().endswith("The match is not over: the analysis stops where the log ends.")
    status, out, __ = run(capsys, str(unfinished), "--json")
    assert json.loads(out)["over"] is False

    Path(f"{unfinished}.forfeit").write_text("the bot exited\n")
    status, out, __ = run(capsys, str(unfinished))
    assert out.rstrip().endswith("The match ended when the opponent forfeited: the analysis stops there.")
    assert "not over" not in out

    finished = played_log(tmp_path / "m.ecarte.jsonl", "random", "random", seed=3)
    status, out, __ = run(capsys, str(finished))
    assert status == 0 and "not over" not in out and "forfeited" not in out
    status, out, __ = run(capsys, str(finished), "--json")
    assert json.loads(out)["over"] is True


def app_log(path: Path, opponent: str = "easy") -> Path:
    """A log as the app writes it: "You" at seat 0 against the computer
    ("Computer"), its level (``opponent``) named in the header; the king
    log's blunder."""
    deck = deck_for(["KS", "7H", "8D", "7C", "9H"], ["AS", "QS", "JS", "AH", "TC"], "7S")
    with LogWriter.create(
        path, ("You", "Computer"), 1, Rules(target=1), extra={"opponent": opponent}, durable=False
    ) as log:
        log.write_deal(1, deck)
        log.write_action(0, PLAY_ACTION)
        log.write_action(0, card_action(parse_card("7H")))
        log.write_action(1, card_action(parse_card("AH")))
    return path


def test_the_report_names_the_players_and_whom_their_chances_are_valued_against(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In players' words: the players by their names, the level played, and
    the computer's chances valued as if the player were as strong as the
    Expert; no seat numbers, models, or "a person" for the computer."""
    status, out, __ = run(capsys, str(app_log(tmp_path / "app.ecarte.jsonl")))
    assert status == 0
    lines = out.splitlines()
    assert any(line.startswith("You: accuracy ") for line in lines), out
    assert any(line.startswith("Computer: no decision with a choice") for line in lines), out
    assert "  Your chances are valued against Computer, who played at the Easy level." in lines, out
    assert (
        "  Computer's chances are valued as if you played as well as the Expert level: "
        "the analysis cannot know how well you play."
    ) in lines, out
    for programmers_word in ("seat", "Seat", "model", "a person"):
        assert programmers_word not in out, (programmers_word, out)
    # Where a decision and a deal are: the line of the log file.
    assert "  log line 4: You blunder: 7♥ (" in out
    assert "loss " in out and " percentage points" in out
    assert "Game 1, deal 1 (log line 2): " in out


def test_a_bot_that_is_not_a_level_is_named_as_the_app_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, __ = run(capsys, str(app_log(tmp_path / "bot.ecarte.jsonl", "cmd:./my-bot")), "--seat", "0")
    assert status == 0
    assert (
        "  Your chances are valued as if bot ./my-bot played as well as the Expert level: "
        "bot ./my-bot is not one of the computer's levels."
    ) in out.splitlines(), out
    assert "model" not in out and "cmd:" not in out


def test_the_report_says_what_accuracy_and_the_labels_measure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The thresholds said are those the labels are given by."""
    from ecarte.analysis import cli

    monkeypatch.setattr(cli, "MISTAKE", 12.5)
    status, out, __ = run(capsys, str(king_log(tmp_path / "king.ecarte.jsonl")))
    assert status == 0
    assert "Accuracy is out of 100: 100 when every choice was the best option." in out
    assert (
        f"loses {INACCURACY:g} percentage points or more of the chance of winning the match is an "
        f"inaccuracy, 12.5 or more a mistake, {BLUNDER:g} or more a blunder."
    ) in out


def test_the_json_still_names_seats_and_models(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The readable report speaks the players' words; the JSON, a documented
    machine format, keeps its seats, models and null for a person."""
    status, out, __ = run(capsys, str(app_log(tmp_path / "app.ecarte.jsonl")), "--json")
    assert status == 0
    assert json.loads(out)["opponents"] == [
        {"seat": 0, "player": "easy", "model": "easy", "known": True},
        {"seat": 1, "player": None, "model": "equal", "known": False},
    ]


def test_a_deal_ended_by_the_king_before_any_card_has_no_open_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # As in king_log, but elder announces the king before leading: its point
    # wins the one-point match, and no card is ever played. Like a deal ended
    # on a turned-up king, it has no result with all cards known.
    deck = deck_for(["KS", "7H", "8D", "7C", "9H"], ["AS", "QS", "JS", "AH", "TC"], "7S")
    lines: list[dict[str, object]] = [
        {"type": "deal", "dealer": 1, "deck": deck},
        {"type": "play", "player": 0, "action": PLAY_ACTION},
        {"type": "king", "player": 0, "action": KING_ACTION},
    ]
    path = write_log(tmp_path / "announced.ecarte.jsonl", lines, Rules(target=1), first_dealer=1)
    (deal,) = analyse(path).deals
    assert deal.tricks is None and deal.open_tricks is None and deal.open_points is None
    status, out, __ = run(capsys, str(path), "--json")
    assert status == 0
    assert json.loads(out)["deals"][0]["all_cards_known"] is None


def test_the_readable_report_writes_its_figures_with_the_languages_decimal_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "12.5" reads as a foreign figure in Swedish, which writes "12,5"; the
    figures themselves are the same in both languages."""
    path = king_log(tmp_path / "king.ecarte.jsonl")
    assert main(["analyse", str(path)]) == 0
    english = capsys.readouterr().out
    assert main(["--lang", "sv", "analyse", str(path)]) == 0
    swedish = capsys.readouterr().out
    english_figures = re.findall(r"\d+[.,]\d+", english)
    swedish_figures = re.findall(r"\d+[.,]\d+", swedish)
    # The accuracy of each seat and the flagged decision's two chances and loss.
    assert len(english_figures) >= 4 and all("." in figure for figure in english_figures)
    assert swedish_figures == [figure.replace(".", ",") for figure in english_figures]
