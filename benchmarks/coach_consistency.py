"""Does the coach contradict itself from one decision to the next?

A play-tester saw "Refuse 22%" at the dealer's answer, then 55% at the
forced reply to elder's lead just after. One lead can tell a lot, so a
single jump proves nothing; but the coach's value of an option is its
expected chance of winning, so over many deals the value shown at the next
decision must average the value of the option taken (a martingale), or the
coach is biased at one of the two.

Deals at 0-0, the player dealing; elder (the level given) proposes; the
coach values the answer (as the app's hint does, the seat's evaluator
against that level's model), the player refuses, elder plays on, and the
coach values the player's next decision. Printed: each pair, then the mean
difference with one standard error.

    python benchmarks/coach_consistency.py --level easy --deals 25 --seed 5
"""

from __future__ import annotations

import argparse
import random
import statistics

from ecarte.ai.base import make_player
from ecarte.ai.coach import SeatEvaluator, model_for
from ecarte.ai.evaluator import ANALYSIS_BUDGET
from ecarte.engine import Match, Rules, shuffled_deck
from ecarte.engine.actions import PROPOSE_ACTION, REFUSE_ACTION


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="easy", help="elder's level, and the coach's model of it")
    parser.add_argument("--deals", type=int, default=25)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rules = Rules()
    model, __ = model_for(args.level)
    rng = random.Random(args.seed)
    pairs: list[tuple[float, float]] = []
    while len(pairs) < args.deals:
        seed = rng.randrange(10**9)
        match = Match(rules, first_dealer=0)
        match.deal(shuffled_deck(random.Random(seed)))
        elder = make_player(args.level, seed)
        elder.start_match(1, rules)
        if elder.decide(match.view(1), match.legal_actions()) != PROPOSE_ACTION:
            continue
        match.apply(PROPOSE_ACTION)
        before = match.view(0)
        answer = SeatEvaluator(0, rules, seed, ANALYSIS_BUDGET, model).evaluate(before, match.legal_actions())
        refuse = next(option.win for option in answer.options if option.action == REFUSE_ACTION)
        match.apply(REFUSE_ACTION)
        while match.current_player == 1:
            match.apply(elder.decide(match.view(1), match.legal_actions()))
        # As the hint does: the evaluator is shown the seat's own decision first.
        evaluator = SeatEvaluator(0, rules, seed, ANALYSIS_BUDGET, model)
        evaluator.skip(before, REFUSE_ACTION)
        after = evaluator.evaluate(match.view(0), match.legal_actions())
        best = max(option.win for option in after.options)
        pairs.append((refuse, best))
        print(f"Refuse {refuse:5.1f}%  ->  next decision {best:5.1f}%", flush=True)
    differences = [after - before for before, after in pairs]
    error = statistics.stdev(differences) / len(differences) ** 0.5
    print(
        f"{len(pairs)} deals: Refuse {statistics.mean(a for a, __ in pairs):.1f}%, "
        f"next decision {statistics.mean(b for __, b in pairs):.1f}%, "
        f"difference {statistics.mean(differences):+.1f} ± {error:.1f} points (one standard error)"
    )


if __name__ == "__main__":
    main()
