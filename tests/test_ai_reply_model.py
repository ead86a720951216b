"""The trick play against an opponent who replies by the textbook
(``ai/reply_model.py``)."""

from __future__ import annotations

import random

import pytest

from ecarte.ai.classic import textbook_reply
from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.reply_model import ModelledReplySolver
from ecarte.ai.solver import TrickSolver
from ecarte.engine.cards import beaters, cards_in, mask_of, parse_card, power_table
from ecarte.engine.tricks import leader_wins, legal_replies


def reference(mine: int, theirs: int, i_lead: bool, trump: int, ace_high: bool, must_trump: bool) -> int:
    """My tricks by plain search over the engine's rules, the other's replies
    chosen by the textbook's function, every other card best for its side."""
    if not mine:
        return 0
    power = power_table(ace_high)
    beat = beaters(ace_high)
    if i_lead:
        best = 0
        for led in cards_in(mine):
            reply = textbook_reply(
                theirs, legal_replies(theirs, led, trump, beat, must_trump), led, trump, power, beat
            )
            won = leader_wins(led, reply, trump, power)
            rest = reference(mine & ~(1 << led), theirs & ~(1 << reply), won, trump, ace_high, must_trump)
            best = max(best, int(won) + rest)
        return best
    worst = mine.bit_count()
    for led in cards_in(theirs):
        best = 0
        for reply in cards_in(legal_replies(mine, led, trump, beat, must_trump)):
            won = not leader_wins(led, reply, trump, power)
            rest = reference(mine & ~(1 << reply), theirs & ~(1 << led), won, trump, ace_high, must_trump)
            best = max(best, int(won) + rest)
        worst = min(worst, best)
    return worst


@pytest.mark.parametrize(("ace_high", "must_trump"), [(False, True), (True, True), (False, False)])
def test_the_modelled_search_agrees_with_a_plain_search_over_the_engine(
    ace_high: bool, must_trump: bool
) -> None:
    rng = random.Random(31)
    for _ in range(300):
        trump = rng.randrange(4)
        size = rng.randrange(1, 6)
        cards = rng.sample(range(32), 2 * size)
        mine, theirs = mask_of(cards[:size]), mask_of(cards[size:])
        modelled = ModelledReplySolver(TrickSolver(trump, ace_high, must_trump), ace_high)
        i_lead = rng.random() < 0.5
        got = modelled.mine_to_lead(mine, theirs) if i_lead else modelled.theirs_to_lead(mine, theirs)
        assert got == reference(mine, theirs, i_lead, trump, ace_high, must_trump)


def test_replies_fixed_by_the_textbook_never_give_me_fewer_tricks_than_best_replies() -> None:
    """The textbook's reply is one of the replies the solver's other may
    choose, so aiming at it can only gain."""
    rng = random.Random(32)
    gained = 0
    for _ in range(400):
        trump = rng.randrange(4)
        cards = rng.sample(range(32), 10)
        mine, theirs = mask_of(cards[:5]), mask_of(cards[5:])
        solver = TrickSolver(trump, False, True)
        modelled = ModelledReplySolver(solver, False)
        best_replies = solver.lead_tricks(mine, theirs)
        assert modelled.mine_to_lead(mine, theirs) >= best_replies
        gained += modelled.mine_to_lead(mine, theirs) > best_replies
    assert gained > 0


def hand(codes: str) -> int:
    return mask_of(parse_card(code) for code in codes.split())


def test_a_vole_from_the_textbooks_habit_of_throwing_its_lowest_card() -> None:
    """Clubs trumps. After K♣ draws the other's only trump, K♦ and Q♦ make
    it throw its two low hearts (its lowest cards); then K♥ fells its A♥
    and 9♥ takes the last trick over A♠. A best reply would keep a heart
    to guard the ace, and hold the leader to four."""
    solver = TrickSolver(3, False, True)
    mine, theirs = hand("KC KH 9H KD QD"), hand("TC AS AH 8H 7H")
    assert solver.lead_tricks(mine, theirs) == 4
    assert ModelledReplySolver(solver, False).mine_to_lead(mine, theirs) == 5


def test_the_experts_simulated_deals_count_that_vole_only_when_told_to_model_the_replies() -> None:
    expert = ExpertPlayer(1)
    solver = TrickSolver(3, False, True)
    mine, theirs = hand("KC KH 9H KD QD"), hand("TC AS AH 8H 7H")
    assert expert._my_tricks(solver, mine, theirs, True) == 4
    assert expert._my_tricks(solver, theirs, mine, False) == 1
    expert.textbook_replies = True
    assert expert._my_tricks(solver, mine, theirs, True) == 5
