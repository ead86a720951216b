"""How fast the rules engine plays: run ``python benchmarks/engine.py``.

Prints, as medians over several runs in one process:
- random deals per second: whole matches of random legal play (default
  rules), counting deals, including the shuffles and the random choices;
- the cost of one ``legal_actions()`` and one ``apply()`` in the trick phase,
  in nanoseconds per call, over states reached by random play.

Figures depend on the machine and its load; compare runs on the same machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ecarte.engine import TRICKS, Action, ActionType, Match, Rules, shuffled_deck
from ecarte.engine.cards import beaters, power_table
from ecarte.engine.tricks import leader_wins, legal_replies


def random_deals(deals: int, seed: int) -> float:
    """Seconds to play ``deals`` deals of random legal play, in whole matches."""
    rng = random.Random(seed)
    rules = Rules()
    # A uniform choice among the legal actions; random() is cheaper than
    # randrange(), so the figure is the engine's, not the chooser's.
    choose = rng.random
    played = 0
    start = time.perf_counter()
    while played < deals:
        match = Match(rules, first_dealer=rng.randrange(2))
        while not match.is_over:
            if match.current_player is None:
                match.deal(shuffled_deck(rng))
                played += 1
                continue
            actions = match.legal_actions()
            match.apply(actions[int(choose() * len(actions))])
    return time.perf_counter() - start


def trick_states(count: int, seed: int) -> list[tuple[Match, Action]]:
    """``count`` trick-phase states met in random play, each with a legal card to play."""
    rng = random.Random(seed)
    states: list[tuple[Match, Action]] = []
    while len(states) < count:
        match = Match(Rules(), first_dealer=rng.randrange(2))
        while not match.is_over and len(states) < count:
            if match.current_player is None:
                match.deal(shuffled_deck(rng))
                continue
            actions = match.legal_actions()
            action = actions[rng.randrange(len(actions))]
            if match.phase == TRICKS and action.type == ActionType.CARD:
                states.append((match.copy(), action))
            match.apply(action)
    return states


def per_call_ns(seconds: float, calls: int) -> float:
    return seconds * 1e9 / calls


def measure_legal_actions(states: list[tuple[Match, Action]], repeats: int) -> list[float]:
    matches = [match for match, _ in states]
    results = []
    for _ in range(repeats):
        start = time.perf_counter()
        for match in matches:
            match.legal_actions()
        results.append(per_call_ns(time.perf_counter() - start, len(matches)))
    return results


def measure_apply(states: list[tuple[Match, Action]], repeats: int) -> list[float]:
    results = []
    for _ in range(repeats):
        # apply() changes the state: play each run on fresh copies, made untimed.
        fresh = [(match.copy(), action) for match, action in states]
        start = time.perf_counter()
        for match, action in fresh:
            match.apply(action)
        results.append(per_call_ns(time.perf_counter() - start, len(fresh)))
    return results


def measure_trick_rules(states: list[tuple[Match, Action]], repeats: int) -> tuple[list[float], list[float]]:
    """ns per call of the two functions the AI's search calls most: the legal
    replies to a led card and whether the leader wins."""
    rules = Rules()
    beaters_table = beaters(rules.ace_high)
    power = power_table(rules.ace_high)
    cases = [
        (match.hands[match.current_player or 0], match.trick[0], action.card, match.trump)
        for match, action in states
        if match.trick
    ]
    replies: list[float] = []
    winners: list[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        for hand, led, _reply, trump in cases:
            legal_replies(hand, led, trump, beaters_table, True)
        replies.append(per_call_ns(time.perf_counter() - start, len(cases)))
        start = time.perf_counter()
        for _hand, led, reply, trump in cases:
            leader_wins(led, reply, trump, power)
        winners.append(per_call_ns(time.perf_counter() - start, len(cases)))
    return replies, winners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals per run (default 20000)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each measurement (default 5)")
    parser.add_argument("--states", type=int, default=5_000, help="trick-phase states (default 5000)")
    arguments = parser.parse_args()

    rates = [arguments.deals / random_deals(arguments.deals, seed) for seed in range(arguments.runs)]
    print(
        f"random legal play: {statistics.median(rates):,.0f} deals/s "
        f"(median of {arguments.runs} runs of {arguments.deals:,} deals; "
        f"min {min(rates):,.0f}, max {max(rates):,.0f})"
    )
    states = trick_states(arguments.states, seed=1)
    legal = measure_legal_actions(states, arguments.runs)
    applied = measure_apply(states, arguments.runs)
    print(
        f"legal_actions() in the trick phase: {statistics.median(legal):,.0f} ns per call "
        f"(median of {arguments.runs} runs over {len(states):,} states)"
    )
    print(
        f"apply(card) in the trick phase: {statistics.median(applied):,.0f} ns per call "
        f"(median of {arguments.runs} runs over {len(states):,} states)"
    )
    replies, winners = measure_trick_rules(states, arguments.runs)
    print(
        f"legal_replies(): {statistics.median(replies):,.0f} ns per call; leader_wins(): "
        f"{statistics.median(winners):,.0f} ns per call (medians, loop included)"
    )


if __name__ == "__main__":
    main()
