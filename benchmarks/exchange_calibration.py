"""Are the expert's exchange decisions calibrated? ``python benchmarks/exchange_calibration.py``.

At each deal's first exchange decision of the expert (elder: play at once
or propose; the dealer: accept or refuse the first proposal) the script
asks the expert's own evaluator for each option's chance of winning the
match, as the expert does when it decides, and then plays *each* option
out: the match and both players are copied, the option is applied, and
the real players finish the deal from there (the real stock, the real
other hand, the other's real answers, discards and cards, the expert's
own later decisions). The deal's end is valued by the expert's own table
of the match's chances at the score it leads to (``MatchValue``), the
currency of the predictions. The match then goes on from the option the
expert chose, so the decisions are the ones the expert meets in play.

Since both options are played on the same world, their difference is
paired: for each decision, the difference the expert predicted
(``play - propose``, ``refuse - accept``; playing at once is shown with
the point the expert takes off it) and the difference found on the real
cards. Averaged over many decisions the second is what each choice is
worth in that situation against this opponent, so the script prints:

- the calibration: the mean of the real difference less the predicted
  one, overall and by the hand's trumps, and the real difference by bins
  of the predicted one (where the sign changes is where the expert should
  change its mind);
- what recalibrating would gain: for each class of decision (the phase,
  the number of trumps, whether the trump king is held) the offset to the
  predicted difference (from -6 to +6 points) that would have gained most
  on the decisions of the even-numbered matches, and what those offsets
  gain on the odd-numbered ones (held out), in matches won per hundred;
- hindsight: what choosing the better option on the real cards at every
  such decision would gain (an oracle's bound, not reachable).

The matches are ``ecarte simulate``'s schedule (decks, first dealers and
player seeds; the expert on both sides of each deck), and the output is
the same for a seed whatever ``--jobs``.

    python benchmarks/exchange_calibration.py --matches 8000 --jobs 2 --seed 4242
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ecarte.ai.base import Player, make_player
from ecarte.ai.evaluator import evaluate_options
from ecarte.ai.expert import ExpertPlayer
from ecarte.engine import Match, shuffled_deck
from ecarte.engine.actions import ActionType
from ecarte.engine.cards import SUIT_MASKS, trump_king
from ecarte.engine.rules import Rules, rules_from_assignments
from ecarte.engine.view import Phase
from ecarte.tournament import match_plan, player_seed

# The option whose advantage is measured in each phase, and the other one.
MEASURED = {
    Phase.EXCHANGE: (ActionType.PLAY, ActionType.PROPOSE),
    Phase.ANSWER: (ActionType.REFUSE, ActionType.ACCEPT),
}
OFFSETS = [step / 100 for step in range(-6, 7)]


@dataclass(frozen=True)
class Decision:
    match: int
    phase: str
    trumps: int
    king: bool
    chose_measured: bool
    """The expert chose the measured option (play at once; refuse)."""
    predicted: float
    """The measured option's value less the other's, as the expert saw them."""
    real: float
    """The same difference, each option played out on the real cards."""


def deal_end_value(match: Match, me: int, expert: ExpertPlayer) -> float:
    """P(``me`` wins the match) by the expert's table, once a deal is over."""
    if match.is_over:
        return 1.0 if match.winner == me else 0.0
    games = match.games_won
    # A game that just ended leaves its score on the match: the next starts at 0-0.
    score = [0, 0] if match.deals[-1].ended_game is not None else match.score
    return expert.value.before_deal(
        score[me], score[1 - me], games[me], games[1 - me], match.next_dealer == me
    )


def finish_deal(match: Match, players: Sequence[Player]) -> None:
    while not match.is_over and match.current_player is not None:
        seat = match.current_player
        match.apply(players[seat].decide(match.view(seat), match.legal_actions()), seat)


def play(job: tuple[str, int, int, Rules]) -> list[Decision]:
    opponent, seed, index, rules = job
    seat_of_a, first_dealer, deck_rng = match_plan(seed, index)
    expert = make_player("expert", player_seed(seed, index, "A"))
    assert isinstance(expert, ExpertPlayer)
    other = make_player(opponent, player_seed(seed, index, "B"))
    me = seat_of_a
    players: list[Player] = [expert, other] if me == 0 else [other, expert]
    for seat, player in enumerate(players):
        player.start_match(seat, rules)
    match = Match(rules, first_dealer)
    decisions: list[Decision] = []
    while not match.is_over:
        if match.current_player is None:
            match.deal(shuffled_deck(deck_rng))
            continue
        seat = match.current_player
        view = match.view(seat)
        legal = match.legal_actions()
        if seat != me or view.phase not in MEASURED or len(legal) != 2:
            match.apply(players[seat].decide(view, legal), seat)
            continue
        # The expert's own decision, taken apart: what it remembers of the
        # view, its evaluation, and for each option what it records.
        expert._remember(view)
        evaluation = evaluate_options(expert, view, legal, expert.budget())
        chosen = evaluation.best.action
        measured, other = MEASURED[view.phase]
        shown: dict[ActionType, float] = {}
        real: dict[ActionType, float] = {}
        after_chosen: tuple[Match, list[Player]] | None = None
        for option in evaluation.options:
            branch, branch_players = match.copy(), copy.deepcopy(players)
            branch_expert = branch_players[me]
            assert isinstance(branch_expert, ExpertPlayer)
            branch_expert._record(view, option.action)
            branch.apply(option.action, me)
            finish_deal(branch, branch_players)
            shown[option.action.type] = option.win / 100
            real[option.action.type] = deal_end_value(branch, me, branch_expert)
            if option.action == chosen:
                after_chosen = (branch, branch_players)
        assert after_chosen is not None
        match, players = after_chosen
        expert_now = players[me]
        assert isinstance(expert_now, ExpertPlayer)
        expert = expert_now
        hand = view.hand_mask
        trumps = (hand & SUIT_MASKS[view.trump]).bit_count()
        decisions.append(
            Decision(
                match=index,
                phase=view.phase.value,
                trumps=trumps,
                king=bool(hand >> trump_king(view.trump) & 1),
                chose_measured=chosen.type == measured,
                predicted=shown[measured] - shown[other],
                real=real[measured] - real[other],
            )
        )
    return decisions


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    count = len(values)
    if count < 2:
        return math.nan, math.nan
    mean = sum(values) / count
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def points(value: float) -> str:
    return f"{value * 100:+6.2f}"


def switch_gain(decisions: Sequence[Decision], offset: float) -> tuple[float, float]:
    """(gain, its variance) in matches, choosing by ``predicted + offset > 0``
    instead of the expert's choice (each switched decision gains its real
    difference, in the direction switched)."""
    gain = variance = 0.0
    for decision in decisions:
        switch_to_measured = decision.predicted + offset > 0
        if switch_to_measured != decision.chose_measured:
            change = decision.real if switch_to_measured else -decision.real
            gain += change
            variance += change * change
    return gain, variance


def report(decisions: Sequence[Decision], matches: int) -> None:
    names = {"exchange": "elder: play - propose", "answer": "dealer: refuse - accept"}
    for phase, title in names.items():
        mine = [decision for decision in decisions if decision.phase == phase]
        if not mine:
            continue
        print(f"\n{title}: {len(mine)} decisions (in points of match-win chance, ± one standard error)")
        bias, se = mean_se([decision.real - decision.predicted for decision in mine])
        print(f"  real less predicted, all: {points(bias)} ± {se * 100:.2f}")
        by_trumps: dict[int, list[Decision]] = defaultdict(list)
        for decision in mine:
            by_trumps[min(decision.trumps, 3)].append(decision)
        for trumps, group in sorted(by_trumps.items()):
            bias, se = mean_se([decision.real - decision.predicted for decision in group])
            label = f"{trumps}+" if trumps == 3 else str(trumps)
            print(f"    {label} trumps ({len(group):6d}): {points(bias)} ± {se * 100:.2f}")
        print("  real difference by the predicted one:")
        bins: dict[int, list[float]] = defaultdict(list)
        for decision in mine:
            bins[max(-6, min(6, math.floor(decision.predicted * 50)))].append(decision.real)
        for low, values in sorted(bins.items()):
            mean, se = mean_se(values)
            span = f"{2 * low:+d} to {2 * low + 2:+d}"
            if low == -6:
                span = "below -10"
            elif low == 6:
                span = "from +12"
            print(f"    predicted {span:>12} ({len(values):6d}): {points(mean)} ± {se * 100:.2f}")
    classes: dict[tuple[str, int, bool], list[Decision]] = defaultdict(list)
    for decision in decisions:
        classes[(decision.phase, min(decision.trumps, 3), decision.king)].append(decision)
    fitted_gain = held_gain = held_variance = 0.0
    print("\nrecalibrated by class (offset fitted on the even matches, tried on the odd ones):")
    for key, group in sorted(classes.items()):
        fit = [decision for decision in group if decision.match % 2 == 0]
        held = [decision for decision in group if decision.match % 2 == 1]
        best = max(OFFSETS, key=lambda offset: (switch_gain(fit, offset)[0], -abs(offset)))
        gain_fit, _ = switch_gain(fit, best)
        gain_held, variance_held = switch_gain(held, best)
        fitted_gain += gain_fit
        held_gain += gain_held
        held_variance += variance_held
        phase, trumps, king = key
        label = f"{phase} {trumps}{'+' if trumps == 3 else ''} trumps{', king' if king else ''}"
        print(
            f"  {label:28} {len(group):6d} decisions, offset {best * 100:+.0f}: "
            f"fitted {gain_fit:+6.1f}, held out {gain_held:+6.1f} matches"
        )
    half = matches / 2
    print(
        f"  in all: fitted {100 * fitted_gain / half:+.2f}, held out {100 * held_gain / half:+.2f}"
        f" ± {100 * math.sqrt(held_variance) / half:.2f} matches won per hundred"
    )
    # Each decision's regret on the real cards: the other option's gain, when it had one.
    hindsight = sum(
        max(0.0, -decision.real if decision.chose_measured else decision.real) for decision in decisions
    )
    print(
        "hindsight (the better option on the real cards, stock and all, every time):"
        f" +{100 * hindsight / matches:.2f} per hundred"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="classic")
    parser.add_argument("--rules", nargs="*", default=[], help="rule settings, as ecarte simulate takes them")
    arguments = parser.parse_args()
    rules = rules_from_assignments(arguments.rules)
    started = time.perf_counter()
    jobs = [(arguments.opponent, arguments.seed, index, rules) for index in range(arguments.matches)]
    with ProcessPoolExecutor(arguments.jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        decisions = [decision for found in pool.map(play, jobs, chunksize=8) for decision in found]
    print(
        f"expert against {arguments.opponent}, {arguments.matches} matches, seed {arguments.seed}"
        f"{', rules ' + ' '.join(arguments.rules) if arguments.rules else ''}"
    )
    report(decisions, arguments.matches)
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
