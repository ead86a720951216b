"""The tournament runner, ``ecarte simulate``."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from ecarte import tournament
from ecarte.ai import make_player
from ecarte.cli import main
from ecarte.engine import Action, Rules, View, shuffled_deck
from ecarte.tournament import (
    MatchOutcome,
    TournamentSpec,
    match_plan,
    play_match,
    play_tournament,
    wilson_interval,
)

BOTS = Path(__file__).resolve().parent / "bots"


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["simulate", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def simulate_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = simulate(capsys, *argv, "--json")
    assert status == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    summary = json.loads(json.dumps(summary))
    for key in ("speed", "jobs"):
        summary.pop(key)
    for side in summary["sides"].values():
        for key in ("thinking_seconds", "decisions_per_second"):
            side.pop(key)
    return summary


# ------------------------------------------------------------ the Wilson interval


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Reference values of the 95% Wilson score interval (z = 1.96).
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (1, 1, 0.2065, 1.0),
    ],
)
def test_wilson_interval_matches_reference_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    interval = wilson_interval(successes, trials)
    assert interval == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_narrows_with_more_matches_and_holds_the_rate() -> None:
    small = wilson_interval(60, 100)
    large = wilson_interval(600, 1000)
    assert small[0] < 0.6 < small[1] and large[0] < 0.6 < large[1]
    assert large[1] - large[0] < small[1] - small[0]


# ------------------------------------------------------------ the schedule


def test_each_side_is_seat_0_and_first_dealer_equally_often() -> None:
    plans = [match_plan(7, index) for index in range(8)]
    seats_of_a = [seat for seat, _, _ in plans]
    first_dealers = [dealer for _, dealer, _ in plans]
    assert seats_of_a.count(0) == 4
    # A deals first when the first dealer is A's seat.
    a_deals_first = sum(seat == dealer for seat, dealer, _ in plans)
    assert a_deals_first == 4
    assert first_dealers.count(0) == 4


def test_the_two_matches_of_a_pair_share_decks_and_first_dealer_with_sides_swapped() -> None:
    first = match_plan(3, 4)
    second = match_plan(3, 5)
    assert first[0] != second[0], "the sides swap seats"
    assert first[1] == second[1], "the same seat deals first, so the cards go to the other side"
    assert [shuffled_deck(first[2]) for _ in range(5)] == [shuffled_deck(second[2]) for _ in range(5)]
    assert shuffled_deck(match_plan(3, 6)[2]) != shuffled_deck(match_plan(3, 4)[2])


class FirstLegal:
    """Always the first legal action: deterministic and seed-free."""

    name = "first"

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]


def test_identical_players_on_a_pair_of_matches_mirror_each_other() -> None:
    # With the sides swapped on the same decks, two identical deterministic
    # players produce the same match, so each side wins exactly one.
    spec = TournamentSpec("random", "random", 2, seed=9, rules=Rules())
    outcomes = []
    for index in range(2):
        _, first_dealer, decks = match_plan(spec.seed, index)
        outcomes.append(play_match([FirstLegal(), FirstLegal()], spec.rules, first_dealer, decks))
    assert outcomes[0].winner == outcomes[1].winner  # the same seat wins...
    assert outcomes[0].games == outcomes[1].games  # ...with the same cards


# ------------------------------------------------------------ results and determinism


def test_the_same_seed_gives_the_same_results_with_one_or_two_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    one = simulate_json(capsys, "random", "random", "--matches", "30", "--seed", "4", "--jobs", "1")
    two = simulate_json(capsys, "random", "random", "--matches", "30", "--seed", "4", "--jobs", "2")
    assert without_timing(one) == without_timing(two)
    other_seed = simulate_json(capsys, "random", "random", "--matches", "30", "--seed", "5", "--jobs", "1")
    assert without_timing(other_seed) != without_timing(one)


def test_jobs_beyond_four_a_core_are_cut_with_a_note(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--jobs 100` on 2 cores started 100 workers (100,000 would have been
    tried): now at most 4 a core, said on standard error, the results the same."""
    monkeypatch.setattr(tournament.os, "cpu_count", lambda: 1)
    status, out, err = simulate(
        capsys, "random", "random", "--matches", "6", "--seed", "4", "--jobs", "100", "--json"
    )
    assert status == 0
    assert err == (
        "ecarte simulate: --jobs 100 is more than 1 core can use; 4 worker processes are used (4 a core)\n"
    )
    summary = json.loads(out)
    assert summary["jobs"] == 4
    one = simulate_json(capsys, "random", "random", "--matches", "6", "--seed", "4", "--jobs", "1")
    assert without_timing(summary) == without_timing(one)
    # Asked for no more than that, or for more than the matches need: no note.
    for jobs in ("4", "5"):
        status, _, err = simulate(capsys, "random", "random", "--matches", "4", "--jobs", jobs, "--json")
        assert (status, err) == (0, "")


def test_json_output_has_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    summary = simulate_json(
        capsys, "random", "random", "--matches", "12", "--jobs", "1", "--rules", "target=3"
    )
    assert summary["players"] == {"A": "random", "B": "random"}
    assert summary["matches"] == 12
    assert summary["rules"] == Rules(target=3).to_dict()
    assert summary["forfeits"] == []
    a, b = summary["sides"]["A"], summary["sides"]["B"]
    assert a["matches_won"] + b["matches_won"] == 12
    for side in (a, b):
        assert set(side) >= {
            "player",
            "matches_won",
            "win_rate",
            "win_interval",
            "games_won",
            "points_per_deal",
            "voles",
            "penalties_suffered",
            "king_points",
            "forfeits",
            "decisions",
            "decisions_per_second",
        }
        low, high = side["win_interval"]
        assert low <= side["win_rate"] <= high
        assert side["decisions"] > 0
        assert side["games_won"] == side["matches_won"], "one game to win a match by default"
    assert summary["deals"] > 0
    assert {"elapsed_seconds", "matches_per_second", "decisions_per_second"} <= set(summary["speed"])


def test_the_figures_agree_with_the_matches_played() -> None:
    spec = TournamentSpec("random", "random", 6, seed=2, rules=Rules(games_to_win=2))
    outcomes = play_tournament(spec)
    for index, outcome in enumerate(outcomes):
        assert outcome.games_won[outcome.winner] == 2
        points = [sum(score[seat] for score in outcome.games) for seat in (0, 1)]
        # Every point scored is in the game scores (four_all_reset is off).
        assert points == outcome.points
        assert outcome.deals >= len(outcome.games)
        assert match_plan(2, index)[0] == index % 2


def test_text_output_names_each_figure_and_shows_no_progress_bar_off_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = simulate(capsys, "random", "random", "--matches", "4", "--jobs", "1")
    assert status == 0
    assert out.startswith("4 matches, seed 0, rules: default")
    for label in (
        "matches won (95% CI)",
        "games won",
        "points per deal",
        "voles",
        "penalties suffered",
        "king points",
        "forfeits",
        "decisions per second",
    ):
        assert label in out
    assert "\r" not in out and "\x1b" not in out


# ------------------------------------------------------------ faults: the tournament goes on


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_faulty_bot_forfeits_each_match_and_the_tournament_goes_on(
    jobs: str, capsys: pytest.CaptureFixture[str]
) -> None:
    crash = f"cmd:{sys.executable} {BOTS / 'crash.py'}"
    summary = simulate_json(capsys, crash, "random", "--matches", "4", "--jobs", jobs)
    assert summary["sides"]["A"]["forfeits"] == 4
    assert summary["sides"]["B"]["matches_won"] == 4
    assert [forfeit["match"] for forfeit in summary["forfeits"]] == [1, 2, 3, 4]
    # Side A sat at both seats; its forfeits are credited to it wherever it sat.
    assert [forfeit["seat"] for forfeit in summary["forfeits"]] == [0, 1, 0, 1]
    assert all(forfeit["side"] == "A" for forfeit in summary["forfeits"])
    for forfeit in summary["forfeits"]:
        assert forfeit["kind"] == "exited"
        assert "it exited with status 1" in forfeit["message"]
        assert "crash bot: something went badly wrong" in forfeit["message"]


def test_a_timeout_in_the_tournament_uses_the_configured_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # The bot writes its last words at startup: 2.5 s leaves its interpreter
    # ample time to start even on a loaded machine.
    bot = f"cmd:{sys.executable} {BOTS / 'timeout.py'}"
    status, out, err = simulate(capsys, "random", bot, "--matches", "2", "--jobs", "1", "--timeout", "2.5")
    assert status == 0, err
    assert "forfeits (timeout): no answer within 2.5 s" in out
    assert "timeout bot: thinking very hard" in out


def test_an_in_process_player_that_breaks_the_rules_forfeits() -> None:
    class Cheat(FirstLegal):
        name = "cheat"

        def decide(self, view: View, legal: Sequence[Action]) -> Action:
            return Action("king")

    outcome = play_match([make_player("random", 1), Cheat()], Rules(), 1, random.Random(1))
    assert outcome.forfeit is not None
    assert outcome.forfeit.kind == "illegal" and outcome.forfeit.seat == 1
    assert "'cheat' chose 'king'" in outcome.forfeit.message
    assert outcome.winner == 0


# ------------------------------------------------------------ bad arguments


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["random", "random", "--matches", "0"], "--matches must be from 1 to 1,000,000, not 0"),
        # Every outcome is kept until the report: 10**23 matches was accepted.
        (["random", "random", "--matches", "1000001"], "must be from 1 to 1,000,000, not 1,000,001"),
        # An empty folder name wrote the logs into the current folder.
        (["random", "random", "--matches", "2", "--log-dir", ""], "--log-dir must name a folder"),
        (["random", "random", "--matches", "2", "--rules", "target=5", "--rules", "target=6"], "set twice"),
        # A command of 100,000 letters was quoted whole, in a line of 100 KB.
        (
            ["cmd:" + "x" * 100_000, "random", "--matches", "2"],
            "the bot command 'xxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxx' (100,000 characters) is not a program",
        ),
        (["random", "random", "--matches", "2", "--jobs", "0"], "--jobs must be at least 1"),
        (["random", "random", "--matches", "2", "--rules", "target=0"], "rule 'target' must be"),
        (["random", "random", "--matches", "2", "--rules", "colour=red"], "unknown rule 'colour'"),
        (["random", "random", "--matches", "2", "--rules", "target"], "'target' is not KEY=VALUE"),
        (["random", "wizard", "--matches", "2"], "unknown player 'wizard'"),
        (["cmd:", "random", "--matches", "2"], "the bot command is empty"),
        (["cmd:/no/such/bot", "random", "--matches", "2"], "'/no/such/bot' is not a program that can be run"),
        # 0 used to become the default 10 s, and -1 made every bot forfeit at once.
        (
            ["random", "random", "--matches", "2", "--timeout", "0"],
            "--timeout must be a number of seconds above 0",
        ),
        (
            ["random", "random", "--matches", "2", "--timeout", "-1"],
            "above 0 and at most 86400 (a day), not -1",
        ),
        (["random", "random", "--matches", "2", "--timeout", "nan"], "--timeout must be"),
        (["random", "random", "--matches", "2", "--timeout", "inf"], "--timeout must be"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = simulate(capsys, *argv)
    assert status == 2
    assert message in err
    assert err.startswith("ecarte simulate: ")
    assert out == "" and len(err) < 1000


@pytest.mark.parametrize(
    ("value", "message"),
    [
        # argparse echoed all 5,000 digits; int() read "٣" as 3 and "1_0" as 10.
        ("9" * 5000, "argument --matches: '9999999999999999…99999999' is far too large"),
        ("\u0663", "argument --matches: not a whole number: '\u0663'"),
        ("1_0", "argument --matches: not a whole number: '1_0'"),
    ],
)
def test_a_count_that_is_no_plain_number_is_refused_shortly(
    value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["simulate", "random", "random", "--matches", value])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err) < 1000


# ------------------------------------------------------------ match logs


def test_the_log_dir_is_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    existing = tmp_path / "match-0002.ecarte.jsonl"
    existing.write_text("precious\n")
    status, _, err = simulate(capsys, "random", "random", "--matches", "3", "--log-dir", str(tmp_path))
    assert status == 2
    assert "already holds match-0002.ecarte.jsonl" in err
    assert existing.read_text() == "precious\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["match-0002.ecarte.jsonl"]


def test_each_match_log_replays_to_the_tournament_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log_module = pytest.importorskip("ecarte.log")
    logs = tmp_path / "logs"
    spec = TournamentSpec("random", "random", 4, seed=8, rules=Rules(games_to_win=2), log_dir=str(logs))
    outcomes = play_tournament(spec, jobs=2)
    files = sorted(logs.iterdir())
    assert [path.name for path in files] == [f"match-000{n}.ecarte.jsonl" for n in range(1, 5)]
    for path, outcome in zip(files, outcomes, strict=True):
        replay = log_module.replay_file(path)
        assert replay.valid
        assert replay.match is not None and replay.match.is_over
        assert replay.match.winner == outcome.winner
        assert replay.match.games == outcome.games
        assert main(["check", str(path)]) == 0
    capsys.readouterr()


def test_tournament_logs_are_synced_once_per_match_not_once_per_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An fsync per line made --log-dir hundreds of times slower than playing.
    from ecarte.log import replay_file, writer

    synced: list[int] = []
    monkeypatch.setattr(writer, "_sync_file", lambda handle: synced.append(handle))
    spec = TournamentSpec("random", "random", 3, seed=2, rules=Rules(), log_dir=str(tmp_path))
    play_tournament(spec, jobs=1)
    files = sorted(tmp_path.iterdir())
    assert len(files) == 3
    assert len(synced) == 3, "one sync per log, at its end"
    for path in files:
        replay = replay_file(path)
        assert replay.error is None and replay.match is not None and replay.match.is_over


def test_log_dir_through_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ecarte.log")
    summary = simulate_json(
        capsys, "random", "random", "--matches", "2", "--jobs", "1", "--log-dir", str(tmp_path)
    )
    headers = [json.loads(path.read_text().splitlines()[0]) for path in sorted(tmp_path.iterdir())]
    assert [header["players"] for header in headers] == [
        ["A: random", "B: random"],
        ["B: random", "A: random"],
    ]
    assert [header["match"] for header in headers] == [1, 2]
    assert summary["matches"] == 2


def test_a_command_without_cmd_is_told_how_to_name_a_program(capsys: pytest.CaptureFixture[str]) -> None:
    """A bot author's first try, ``simulate 'python3 bot.py' classic``: the
    refusal says how a program is named, not only the built-in players."""
    assert main(["simulate", "python3 bot.py", "classic", "--matches", "1"]) == 2
    err = capsys.readouterr().err
    assert "unknown player 'python3 bot.py'" in err
    assert "cmd:COMMAND for a program speaking the bot protocol" in err
    assert "Traceback" not in err


# ------------------------------------------------------------ interrupted


class InProcessPool:
    """Stands in for the pool of worker processes: each batch is played here
    and at once, as it is submitted (a future may be done when it is given).
    Submitting more than ``LIMIT`` batches fails the test at once: the runner
    must not make a future for every batch of a huge tournament up front."""

    LIMIT = 2_000

    def __init__(self, max_workers: int, mp_context: object = None, initializer: object = None) -> None:
        self.submitted = 0

    def submit(self, function: Any, *args: Any) -> Future[Any]:
        self.submitted += 1
        if self.submitted > self.LIMIT:
            raise AssertionError(f"more than {self.LIMIT:,} batches submitted: one per batch, up front?")
        future: Future[Any] = Future()
        try:
            future.set_result(function(*args))
        except BaseException as error:  # KeyboardInterrupt too, as a worker sends it back
            future.set_exception(error)
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


@pytest.mark.parametrize("finished", [1_234, 50])
def test_an_interrupt_in_a_huge_tournament_tells_the_matches_finished(
    finished: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # With --matches 100000000 an interrupt after seconds of play was told
    # as "after 0 of 100,000,000 matches": the runner made its 4,000,000
    # batches' futures before it looked at one (the most is now 1,000,000). The matches of the batch
    # under way that finished before the interrupt count too.
    played = [0]
    outcome = MatchOutcome(winner=0, games=[[5, 0]], games_won=[1, 0])

    def play_one(spec: TournamentSpec, index: int) -> MatchOutcome:
        if played[0] == finished:
            raise KeyboardInterrupt  # Ctrl+C, in the middle of this match
        played[0] += 1
        return outcome

    monkeypatch.setattr(tournament, "ProcessPoolExecutor", InProcessPool)
    monkeypatch.setattr(tournament, "play_one", play_one)
    status, out, err = simulate(capsys, "random", "random", "--matches", "1000000", "--jobs", "2")
    assert played[0] == finished
    assert (status, out) == (130, "")
    assert err == (
        f"ecarte simulate: interrupted after {finished:,} of 1,000,000 matches; no results are printed\n"
    )
