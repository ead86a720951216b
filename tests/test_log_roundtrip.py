"""Random matches under random variants, written with ``LogWriter`` and
replayed: the replay reaches the live match's state, and the numbers of
``ecarte check`` obey the scoring rules."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecarte.engine import Match, Rules
from ecarte.log import check_report, replay_file, replay_states
from test_log_support import play_random_match, random_rules, writes_without_fsync


@pytest.fixture(autouse=True, scope="module")
def _fast_writes() -> Iterator[None]:
    # These tests are about agreement, not durability: skip the per-line fsync.
    with writes_without_fsync():
        yield


def trick_points_by_rule(tricks: int, loser_liable: bool, rules: Rules) -> int:
    """``rules.md``, "Scoring a deal", restated for checking."""
    if tricks == 5:
        return 3 if loser_liable and rules.penalty_adds_to_vole else 2
    return 2 if loser_liable else 1


def assert_report_obeys_the_rules(report: dict[str, Any], match: Match) -> None:
    rules = match.rules
    assert report["valid"] is True
    previous: list[int] = [0, 0]
    game = 0
    for number, (deal, record) in enumerate(zip(report["deals"], match.deals, strict=True)):
        if deal["game"] != game:
            assert deal["game"] == game + 1
            game = deal["game"]
            previous = [0, 0]
        added = [previous[seat] + deal["points"][seat] for seat in (0, 1)]
        if record.four_all_reset:
            assert rules.four_all_reset and added == [rules.target - 1] * 2
            assert deal["score"] == [rules.target - 2] * 2
        else:
            # Points never stop at the target: 4 + 2 is 6.
            assert deal["score"] == added
        last = number == len(match.deals) - 1
        if deal["tricks"] is None:
            # Only a deal cut short: by a king point ending the game, or the log's end.
            assert last or record.ended_game is not None
        else:
            assert sum(deal["tricks"]) == 5
            winner = 0 if deal["tricks"][0] >= 3 else 1
            assert record.winner == winner
            assert deal["points"][1 - winner] == record.king_points[1 - winner]
            earned = deal["points"][winner] - record.king_points[winner]
            assert earned == trick_points_by_rule(deal["tricks"][winner], record.penalty, rules)
        if record.ended_game is not None:
            assert deal["score"][record.ended_game] >= rules.target
            assert deal["score"][1 - record.ended_game] < rules.target
        else:
            assert max(deal["score"]) < rules.target
        previous = deal["score"]
    assert len(report["games"]) == game
    for number, score in enumerate(report["games"], 1):
        last_of_game = [deal for deal in report["deals"] if deal["game"] == number][-1]
        assert score == last_of_game["score"]
    won = [sum(1 for score in report["games"] if score[seat] >= rules.target) for seat in (0, 1)]
    assert won == match.games_won
    if report["complete"]:
        assert report["winner"] is not None and won[report["winner"]] == rules.games_to_win
        assert won[1 - report["winner"]] < rules.games_to_win
    else:
        assert report["winner"] is None and max(won) < rules.games_to_win


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), stop=st.one_of(st.none(), st.integers(0, 120)))
def test_written_and_replayed_matches_agree(seed: int, stop: int | None) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.ecarte.jsonl"
        live = play_random_match(rng, path, rules, max_events=stop)
        replay = replay_file(path)
    assert replay.error is None
    assert replay.match is not None and replay.header is not None
    assert replay.header.rules == rules
    replayed = replay.match
    assert replayed.games == live.games
    assert replayed.games_won == live.games_won
    assert replayed.winner == live.winner
    assert replayed.deals == live.deals
    assert replayed.current_player == live.current_player
    assert replayed.legal_actions() == live.legal_actions()
    if live.deals:
        assert replayed.view(0) == live.view(0) and replayed.view(1) == live.view(1)
    if stop is None:
        assert replayed.is_over
    assert_report_obeys_the_rules(check_report(replay), live)


def test_replay_states_step_through_the_match(tmp_path: Path) -> None:
    path = tmp_path / "match.ecarte.jsonl"
    live = play_random_match(random.Random(7), path, Rules(games_to_win=2))
    replay = replay_file(path)
    states = replay_states(replay)
    assert len(states) == len(replay.events) + 1
    assert states[0].deals == [] and states[0].current_player is None
    assert states[1].deals and states[1].current_player == 1 - states[1].deals[0].dealer
    final = states[-1]
    assert final.games == live.games and final.winner == live.winner
    # Each state is a copy: stepping back does not see later moves.
    assert [len(state.deals) for state in states] == sorted(len(state.deals) for state in states)


def test_replay_states_of_an_unreadable_log_is_empty() -> None:
    from ecarte.log import replay_bytes

    assert replay_states(replay_bytes(b"garbage\n")) == []


def test_the_log_event_types_are_a_deal_and_every_action_type() -> None:
    # A decision is logged under its action's own type; the log adds only the
    # deal (chance). A new action type without its event type fails here.
    from ecarte.engine import ActionType
    from ecarte.log import EventType

    assert {str(kind) for kind in EventType} == {"deal"} | {str(kind) for kind in ActionType}
