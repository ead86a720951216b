"""Does the coach value "play" at the exchange as it values the play that
follows? Elder's exchange decision from a fresh deal at 0-0: the coach's
chance for playing at once, then, once elder has played, its chance for the
best first lead (or the king). Both are the expert's valuation at the
analysis budget, from elder's view only. Nothing happens in between, so
they should agree within the sampling errors (about 1.5 points each),
give or take three small effects that nearly cancel (docs/analysis.md):
the point the expert takes off playing at once (``play_bias``), the
exchange's simulations choosing the lead as if they saw the sampled hand
(about a point for Play), and the best of several noisy estimates (about
half a point for the lead). Measured on 2026-12-03: -0.23 ± 0.32 (classic),
-0.18 ± 0.31 (equal); +1.80 and +1.52 before the dealer's trump king to
come was counted at the first lead.

    python benchmarks/coach_consistency.py [POSITIONS] [MODEL]

MODEL is ``equal`` (default) or ``classic`` (the model the coach uses
against the Normal level).
"""

from __future__ import annotations

import math
import random
import statistics
import sys

from ecarte.ai.coach import SeatEvaluator
from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.expert_value import CLASSIC, EQUAL
from ecarte.engine import Match, Rules
from ecarte.engine.actions import PLAY_ACTION
from ecarte.engine.cards import shuffled_deck


def main(positions: int, model_name: str) -> None:
    model = CLASSIC if model_name == "classic" else EQUAL
    differences: list[float] = []
    for seed in range(positions):
        rules = Rules()
        match = Match(rules, first_dealer=1)
        match.deal(shuffled_deck(random.Random(seed)))
        if match.phase != "exchange":
            continue  # a king turned up that ended the game: no decision
        seat = match.current_player
        assert seat is not None
        coach = SeatEvaluator(seat, rules, seed=seed, opponent=model)
        view = match.view(seat)
        before = {
            str(option.action): option.win for option in coach.evaluate(view, match.legal_actions()).options
        }
        coach.observe(view, PLAY_ACTION)
        match.apply(PLAY_ACTION, seat)
        after = coach.evaluate(match.view(seat), match.legal_actions())
        best = after.ranked()[0]
        differences.append(best.win - before["play"])
        print(
            f"deal {seed:3}: play {before['play']:5.1f}  propose {before['propose']:5.1f}"
            f"  -> best first move {best.win:5.1f} ({best.action})",
            flush=True,
        )
    mean = statistics.mean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    print(
        f"\n{len(differences)} positions ({model_name} model): the first move's chance minus "
        f"play's: {mean:+.2f} points ± {error:.2f} (one standard error); "
        f"the expert takes {-100 * ExpertPlayer.play_bias:.0f} point off playing at once"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40, sys.argv[2] if len(sys.argv) > 2 else "equal")
