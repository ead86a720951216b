"""Measure the deal model of ``ecarte.ai.expert_value`` from self-play.

Plays single deals from 0-0 (so no score effect) between two players
(default: the expert against itself) and prints, from elder's side, how
often the turned-up card is a king, how often each side announces the trump
king, how often elder takes the deal, and how the trick points split into 1,
2 and 3 points (3 only under ``penalty_adds_to_vole``). These are the
constants at the top of ``expert_value.py``.

    python tools/measure_deals.py [--deals 2000] [--player expert] [--seed 1]
        [--rules KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import random

from ecarte.ai.base import make_player
from ecarte.engine import Match, shuffled_deck
from ecarte.engine.rules import rules_from_assignments


def main() -> None:
    parser = argparse.ArgumentParser(description="Measure the expert's deal model from self-play.")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--player", default="expert")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE")
    arguments = parser.parse_args()
    rules = rules_from_assignments(arguments.rules)
    rng = random.Random(arguments.seed)
    upcard_kings = elder_kings = dealer_kings = elder_wins = 0
    shares = [0, 0, 0]
    for number in range(arguments.deals):
        players = [
            make_player(arguments.player, arguments.seed * 7919 + 2 * number + seat) for seat in (0, 1)
        ]
        for seat, player in enumerate(players):
            player.start_match(seat, rules)
        match = Match(rules, first_dealer=number % 2)
        match.deal(shuffled_deck(rng))
        dealer, elder = match.dealer, match.elder
        while match.current_player is not None:
            seat = match.current_player
            match.apply(players[seat].decide(match.view(seat), match.legal_actions()))
        record = match.deals[-1]
        upcard_kings += record.turned_king
        elder_kings += record.king_points[elder]
        dealer_kings += record.king_points[dealer] - record.turned_king
        if record.winner is None:
            continue
        elder_wins += record.winner == elder
        shares[min(record.trick_points, 3) - 1] += 1
    deals = arguments.deals
    played = sum(shares) or 1
    print(
        f"{deals} deals of {arguments.player} against itself, rules {' '.join(arguments.rules) or 'default'}"
    )
    print(f"UPCARD_KING = {upcard_kings / deals:.3f}")
    others = max(1, deals - upcard_kings)
    print(f"ELDER_ANNOUNCES = {elder_kings / others:.3f}")
    print(f"DEALER_ANNOUNCES = {dealer_kings / others:.3f}")
    print(f"ELDER_WINS = {elder_wins / played:.3f}")
    print(f"POINTS_SHARE = ({shares[0] / played:.3f}, {shares[1] / played:.3f}, {shares[2] / played:.3f})")


if __name__ == "__main__":
    main()
