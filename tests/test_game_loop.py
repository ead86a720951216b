"""The one game loop (``MatchRunner``): what must happen next, the fault
policy, and the tournament, the app's step-by-step driving and the whole
``run`` playing the same match from the same cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from ecarte.ai import make_player
from ecarte.engine import Action, IllegalActionError, Match, Rules, View, shuffled_deck
from ecarte.engine.actions import ACCEPT_ACTION, KING_ACTION
from ecarte.play.loop import Due, FaultPolicy, MatchRunner, PlayerFault
from ecarte.play.session import SeededDecks
from ecarte.tournament import play_match
from match_support import DecisionLog


class Broken(Exception):
    pass


class Scripted:
    """A player with a chosen flaw: at its ``fail_at``-th decision it raises,
    or answers an illegal action; optionally it fails when told a result."""

    name = "scripted"

    def __init__(self, fail_at: int | None = None, illegal: bool = False, bad_result: bool = False) -> None:
        self.fail_at = fail_at
        self.illegal = illegal
        self.bad_result = bad_result
        self.decisions = 0
        self.results: list[int | None] = []

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        self.decisions += 1
        if self.decisions == self.fail_at:
            if self.illegal:
                return next(action for action in (KING_ACTION, ACCEPT_ACTION) if action not in legal)
            raise Broken("the bot fell over")
        return legal[0]

    def game_over(self, games: list[list[int]], winner: int | None) -> None:
        self.results.append(winner)
        if self.bad_result:
            raise Broken("no one listens")


def runner_for(
    players: Sequence[Scripted | None], policy: FaultPolicy | None = None, first_dealer: int = 0
) -> MatchRunner:
    rng = random.Random(1)
    rules = Rules(target=3, games_to_win=2)
    return MatchRunner(Match(rules, first_dealer), players, lambda: shuffled_deck(rng), DecisionLog(), policy)


def test_pending_says_deal_then_decision_then_over() -> None:
    runner = runner_for([Scripted(), Scripted()])
    assert runner.pending() == Due.DEAL and runner.to_move is None
    runner.step()
    assert runner.pending() == Due.DECISION
    assert runner.to_move == runner.match.current_player == runner.match.elder
    runner.run()
    assert runner.pending() == Due.OVER and runner.match.is_over
    assert runner.winner == runner.match.winner is not None


def test_each_game_result_is_told_to_the_players_that_listen() -> None:
    players = [Scripted(), Scripted()]
    runner = runner_for(players)
    runner.run()
    games = len(runner.match.games)
    assert games >= 2
    for player in players:
        assert len(player.results) == games
        assert player.results[-1] == runner.match.winner
        assert all(winner is None for winner in player.results[:-1])


def test_by_default_a_players_exception_is_a_bug_that_stops_the_match() -> None:
    runner = runner_for([Scripted(fail_at=3), Scripted()])
    with pytest.raises(Broken):
        runner.run()


def test_a_fault_the_policy_names_forfeits_the_match_to_the_other_seat() -> None:
    policy = FaultPolicy(faults=(Broken,), describe=lambda error: ("crash", str(error)))
    runner = runner_for([Scripted(), Scripted(fail_at=2)], policy)
    runner.run()
    assert runner.forfeit is not None
    assert (runner.forfeit.seat, runner.forfeit.kind, runner.forfeit.message) == (
        1,
        "crash",
        "the bot fell over",
    )
    assert runner.winner == 0 and runner.pending() == Due.OVER
    assert not runner.match.is_over  # decided by the forfeit, not by play


def test_an_illegal_answer_always_forfeits() -> None:
    runner = runner_for([Scripted(fail_at=1, illegal=True), Scripted()])
    runner.run()
    assert runner.forfeit is not None and runner.forfeit.seat == 0 and runner.forfeit.kind == "illegal"
    assert "not a legal action" in runner.forfeit.message
    assert runner.recorder is not None
    # Elder's proposal is recorded; the dealer's illegal answer is not.
    assert isinstance(runner.recorder, DecisionLog) and [seat for seat, _ in runner.recorder.decisions] == [1]


def test_a_fault_when_told_a_result_forfeits_only_if_the_policy_says_so() -> None:
    strict = runner_for([Scripted(), Scripted(bad_result=True)], FaultPolicy(faults=(Broken,)))
    strict.run()
    assert strict.forfeit is not None and strict.forfeit.seat == 1
    lenient = runner_for(
        [Scripted(), Scripted(bad_result=True)], FaultPolicy(faults=(Broken,), results_may_forfeit=False)
    )
    lenient.run()
    assert lenient.forfeit is None and lenient.match.is_over


def test_a_seat_without_a_player_is_decided_through_apply() -> None:
    runner = runner_for([None, Scripted()], first_dealer=1)
    runner.step()  # the deal: seat 1 deals, seat 0 is elder
    assert runner.to_move == 0
    with pytest.raises(ValueError, match="seat 0 has no player"):
        runner.step()
    with pytest.raises(IllegalActionError):
        runner.apply(0, ACCEPT_ACTION)
    assert isinstance(runner.recorder, DecisionLog) and runner.recorder.decisions == []
    chosen = runner.match.legal_actions()[0]
    runner.apply(0, chosen)
    assert runner.recorder.decisions == [(0, chosen)]
    assert runner.to_move is not None


def test_a_fault_of_an_asked_player_is_raised_for_the_caller_to_settle() -> None:
    # The app asks in a worker and settles the fault on its own thread.
    runner = runner_for([Scripted(fail_at=1), Scripted()], FaultPolicy(faults=(Broken,)), first_dealer=1)
    runner.step()
    seat = runner.to_move
    assert seat is not None
    with pytest.raises(PlayerFault, match="fell over"):
        runner.ask(seat, runner.match.view(seat), runner.match.legal_actions())
    assert runner.forfeit is None  # nothing is decided until the caller says so


def test_stepping_as_the_app_does_plays_the_same_match_as_run_and_the_tournament() -> None:
    rules = Rules(target=3)

    def by_run() -> list[tuple[int, Action]]:
        rng = random.Random(8)
        log = DecisionLog()
        players = [make_player("classic", 1), make_player("random", 2)]
        MatchRunner(Match(rules, 1), players, lambda: shuffled_deck(rng), log).run()
        return log.decisions

    def by_steps() -> list[tuple[int, Action]]:
        # Seat 0's decisions come from outside (as the human's keys), asked
        # of the same player; seat 1 is asked on a snapshot (as the worker).
        rng = random.Random(8)
        log = DecisionLog()
        outside = make_player("classic", 1)
        outside.start_match(0, rules)
        runner = MatchRunner(
            Match(rules, 1), [None, make_player("random", 2)], lambda: shuffled_deck(rng), log
        )
        runner.start()
        while runner.pending() != Due.OVER:
            if runner.pending() == Due.DEAL:
                runner.deal()
            elif runner.to_move == 0:
                runner.apply(0, outside.decide(runner.match.view(0), runner.match.legal_actions()))
            else:
                view, legal = runner.match.view(1), runner.match.legal_actions()
                runner.apply(1, runner.ask(1, view, legal))
        return log.decisions

    def by_tournament() -> list[tuple[int, Action]]:
        log = DecisionLog()
        players = [make_player("classic", 1), make_player("random", 2)]
        outcome = play_match(players, rules, 1, random.Random(8), log)
        assert outcome.forfeit is None
        return log.decisions

    assert by_run() == by_steps() == by_tournament()


def test_seeded_decks_of_a_resumed_match_go_on_where_the_new_one_was() -> None:
    new = SeededDecks(12)
    first = [new() for _ in range(5)]
    resumed = SeededDecks(12, deals_made=3)
    assert resumed.first_dealer == new.first_dealer
    assert [resumed(), resumed()] == first[3:]
    assert len({SeededDecks(seed).first_dealer for seed in range(40)}) == 2


def test_the_app_session_plays_through_the_loop(tmp_path: Path) -> None:
    from ecarte.play.session import COMPUTER, HUMAN, MatchSession
    from ecarte.play.settings import Settings

    session = MatchSession.new(Settings(), opponent="random", seed=3, directory=tmp_path)
    try:
        while not session.is_over:
            if session.deal_due:
                session.deal_next()
            elif session.to_move == COMPUTER:
                session.apply(COMPUTER, session.opponent_decision())
            else:
                session.apply(HUMAN, session.match.legal_actions()[0])
        assert session.winner == session.match.winner is not None
    finally:
        session.close()
