"""The expert's trump king, decided by value (docs/ai.md, "The king by
value"): it announces when the point can change the outcome of the match,
and keeps quiet when the point is worth nothing (the classic case: at 3
against 4, after the other refused), since announcing would only tell the
other what it faces."""

from __future__ import annotations

from ecarte.ai.evaluator import evaluate_options
from ecarte.ai.expert import ExpertPlayer
from ecarte.engine import Match, Rules, deck_for
from ecarte.engine.actions import KING, PROPOSE_ACTION, REFUSE_ACTION, Action, ActionType


def after_refusal(score: tuple[int, int]) -> Match:
    """Seat 0 (elder) holds the king of spades, proposed, and was refused."""
    match = Match(Rules(), first_dealer=1)
    match.games.append(list(score))
    match.deal(deck_for(["KS", "9S", "8H", "QD", "7C"], ["AH", "TH", "9D", "8C", "7D"], "7S", []))
    match.apply(PROPOSE_ACTION)
    match.apply(REFUSE_ACTION)
    assert match.current_player == 0
    return match


def expert_choice(match: Match) -> ActionType:
    player = ExpertPlayer(3)
    player.start_match(0, match.rules)
    legal = match.legal_actions()
    assert any(action.type == KING for action in legal)
    return player.decide(match.view(0), legal).type


def test_keeps_quiet_at_three_against_four_after_a_refusal() -> None:
    # Winning the deal scores two (the refusal): the game is ours with or
    # without the king. Losing it gives the other its fifth point.
    assert expert_choice(after_refusal((3, 4))) == ActionType.CARD


def test_announces_when_the_point_matters() -> None:
    # At 3 all a lost deal leaves 4-4 with the king, 3-4 without.
    assert expert_choice(after_refusal((3, 3))) == KING
    assert expert_choice(after_refusal((0, 0))) == KING


def test_the_evaluator_ranks_the_king_as_the_expert_plays_it() -> None:
    for score, best_is_king in (((3, 4), False), ((3, 3), True)):
        match = after_refusal(score)
        valuer = ExpertPlayer(3)
        valuer.start_match(0, match.rules)
        view = match.view(0)
        valuer._remember(view)
        evaluation = evaluate_options(valuer, view, match.legal_actions(), valuer.budget())
        assert (evaluation.best.action.type == KING) is best_is_king
        index = evaluation.index_of(Action(KING))
        assert index is not None
        king = evaluation.options[index]
        if not best_is_king:
            # Worth exactly as much as the best card: the point changes nothing.
            assert abs(king.win - evaluation.best.win) < 1e-6
