"""Measure a deal model of ``ecarte.ai.expert_value`` from play.

Plays single deals from 0-0 (so no score effect) between ``--me`` (default
the expert) and ``--opponent`` (default: the same player), ``--me`` elder in
half of them and the dealer in the other half, and prints, for each role of
``--me``, how often each side announces the trump king (the turned-up king
aside), how often elder takes the deal, and how the trick points of each
side's wins split into 1, 2 and 3 points (3 only under
``penalty_adds_to_vole``, which is why the default rules here set it: under
the other rules those deals are worth 2). Every figure comes with its
standard error. These are the ``DealOdds`` of ``expert_value.py``; the
turned-up king (4 cards in 32) is not measured, it is chance.

    python tools/measure_deals.py [--deals 2000] [--me expert] [--opponent classic]
        [--seed 1] [--rules KEY=VALUE ...]

Deal ``n`` is the same shuffle for every opponent (the seed and ``n`` fix
it), so the models of different opponents differ by the opponent only.
"""

from __future__ import annotations

import argparse
import math
import random

from ecarte.ai.base import make_player
from ecarte.engine import Match, shuffled_deck
from ecarte.engine.rules import rules_from_assignments

DEFAULT_RULES = ["penalty_adds_to_vole=true"]


class RoleTally:
    """The deals in which ``--me`` held one role (elder or dealer)."""

    def __init__(self) -> None:
        self.deals = 0
        self.upcard_kings = 0
        self.elder_kings = 0
        self.dealer_kings = 0
        self.played = 0
        self.elder_wins = 0
        self.elder_points = [0, 0, 0]
        self.dealer_points = [0, 0, 0]


def share(count: int, total: int) -> str:
    if not total:
        return "-"
    p = count / total
    return f"{p:.3f} (se {math.sqrt(p * (1 - p) / total):.3f})"


def shares(counts: list[int]) -> str:
    total = sum(counts) or 1
    return "(" + ", ".join(f"{count / total:.3f}" for count in counts) + f") of {sum(counts)}"


def main() -> None:
    parser = argparse.ArgumentParser(description="Measure a deal model from play.")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--me", default="expert")
    parser.add_argument("--opponent", default=None, help="default: the same player as --me")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", nargs="*", default=DEFAULT_RULES, metavar="KEY=VALUE")
    arguments = parser.parse_args()
    opponent = arguments.opponent or arguments.me
    rules = rules_from_assignments(arguments.rules)
    tallies = {"elder": RoleTally(), "dealer": RoleTally()}
    for number in range(arguments.deals):
        deck_rng = random.Random(arguments.seed * 1_000_003 + number)
        my_seat = number % 2
        dealer = (number // 2) % 2
        players = [
            make_player(
                arguments.me if seat == my_seat else opponent, arguments.seed * 7919 + 2 * number + seat
            )
            for seat in (0, 1)
        ]
        for seat, player in enumerate(players):
            player.start_match(seat, rules)
        match = Match(rules, first_dealer=dealer)
        match.deal(shuffled_deck(deck_rng))
        elder = match.elder
        while match.current_player is not None:
            seat = match.current_player
            match.apply(players[seat].decide(match.view(seat), match.legal_actions()))
        record = match.deals[-1]
        tally = tallies["dealer" if my_seat == dealer else "elder"]
        tally.deals += 1
        tally.upcard_kings += record.turned_king
        tally.elder_kings += record.king_points[elder]
        tally.dealer_kings += record.king_points[dealer] - record.turned_king
        if record.winner is None:
            continue
        tally.played += 1
        points = min(record.trick_points, 3) - 1
        if record.winner == elder:
            tally.elder_wins += 1
            tally.elder_points[points] += 1
        else:
            tally.dealer_points[points] += 1
    print(
        f"python tools/measure_deals.py --deals {arguments.deals} --me {arguments.me} "
        f"--opponent {opponent} --seed {arguments.seed} --rules {' '.join(arguments.rules)}"
    )
    for role, tally in tallies.items():
        others = tally.deals - tally.upcard_kings
        print(f"{arguments.me} as {role}, {tally.deals} deals:")
        print(f"  upcard king          {share(tally.upcard_kings, tally.deals)}")
        print(f"  elder announces      {share(tally.elder_kings, others)}")
        print(f"  dealer announces     {share(tally.dealer_kings, others)}")
        print(f"  elder wins           {share(tally.elder_wins, tally.played)}")
        print(f"  elder's points 1/2/3 {shares(tally.elder_points)}")
        print(f"  dealer's points 1/2/3 {shares(tally.dealer_points)}")


if __name__ == "__main__":
    main()
