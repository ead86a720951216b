"""How often does the textbook's play of the cards explain a player's cards?
``python benchmarks/card_model_fit.py --opponent classic``.

The expert's ``card_model`` (``ai/card_model.py``) weighs each hand the
other may hold by whether the textbook, holding it, would have chosen the
cards the other chose. This measures how far that model describes a
player: the observed player faces ``classic`` for ``--matches`` matches,
and at each card decision of ``classic`` after the other has played a card
of the deal, the observed player's true hand is put to the model. The
script prints how many of those decisions found a misfit in the true hand
(a choice of card the textbook would not have made from it), and how many
of the judgements of a choice (a choice with more than one legal card,
judged again at each later decision of the deal) found one.

Against ``classic`` itself the true hand misfits only where its discards,
which the other seat never sees, changed what it counted as unseen.

    python benchmarks/card_model_fit.py --opponent classic --matches 30
    python benchmarks/card_model_fit.py --opponent expert-2026-11 --matches 30
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from ecarte.ai.base import Player, make_player
from ecarte.ai.card_model import textbook_card_fit
from ecarte.engine import Action, Match, Rules, View, shuffled_deck
from ecarte.engine.view import Phase


def measure(opponent: str, matches: int, seed: int) -> tuple[int, int, int, int]:
    """(decisions, decisions with a misfit, choices judged, choices misfit)."""
    decisions = misfit_decisions = judged = misfits = 0
    rules = Rules()
    for index in range(matches):
        match = Match(rules, first_dealer=index % 2)
        players: list[Player] = [make_player("classic", seed + index), make_player(opponent, seed + index)]
        for seat, player in enumerate(players):
            player.start_match(seat, rules)
        deck_rng = random.Random(seed * 1_000_003 + index)
        while not match.is_over:
            match.deal(shuffled_deck(deck_rng))
            while (seat := match.current_player) is not None:
                view = match.view(seat)
                legal: Sequence[Action] = match.legal_actions()
                if seat == 0 and view.phase == Phase.TRICKS and (view.tricks or view.trick):
                    theirs: View = match.view(1)
                    counted = [0]
                    found = textbook_card_fit(view, rules, counted)(theirs.hand_mask)
                    decisions += 1
                    misfit_decisions += found > 0
                    judged += counted[0]
                    misfits += found
                match.apply(players[seat].decide(view, legal), seat)
    return decisions, misfit_decisions, judged, misfits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--opponent", default="classic", help="the player observed")
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    decisions, misfit_decisions, judged, misfits = measure(args.opponent, args.matches, args.seed)
    print(f"{args.opponent}, {args.matches} matches against classic, seed {args.seed}")
    print(f"  decisions with its true hand put to the model: {decisions}, with a misfit: {misfit_decisions}")
    share = misfits / max(1, judged)
    print(f"  judgements of its choices of card: {judged}, misfit: {misfits} ({share:.1%})")


if __name__ == "__main__":
    main()
