"""Compare expert variants against the same opponent on duplicate deals.

Each variant plays the same matches (the decks, first dealers and player
seeds of ``ecarte simulate``'s schedule, so each deck is played twice with
the sides swapped) against the opponent, and the script prints, per
variant, the share of matches won and the points per deal, and for each
variant against the first (the baseline) the paired difference in matches
won with its standard error. A variant is a set of attributes of
``ExpertPlayer`` to override, given as ``name:attr=value,attr=value``
(values are Python literals).

    python tools/compare_variants.py --matches 400 --jobs 2 \
        base "samples:trick_samples=300,exchange_samples=(60,320)"

A variant may also name the player it is made of (``old:player='expert-2026-11'``),
to compare two players on the very same decks and seeds, and the deal model
it values the match by, by the name of the player modelled, as the coach
names them (``dm:deal_model='classic'``).
``--player`` names the player the variants are made of (``expert`` by
default; ``master`` and ``expert-2026-11`` are experts too), ``--opponent``
the one they all face (``classic`` by default; ``expert-2026-11`` measures
a change against the frozen baseline).
"""

from __future__ import annotations

import argparse
import ast
import math
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ecarte.ai.base import Player, make_player
from ecarte.ai.coach import MODELS_BY_PLAYER
from ecarte.engine.rules import Rules, rules_from_assignments
from ecarte.tournament import match_plan, play_match, player_seed


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    name, _, settings = text.partition(":")
    overrides: dict[str, Any] = {}
    for item in filter(None, settings.split(";") if ";" in settings else _split_top(settings)):
        key, _, value = item.partition("=")
        overrides[key.strip()] = ast.literal_eval(value.strip())
    return name, overrides


def _split_top(text: str) -> list[str]:
    """Split on commas outside brackets."""
    parts, depth, current = [], 0, ""
    for char in text:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return parts


def play(job: tuple[dict[str, Any], str, str, int, int, Rules]) -> tuple[int, int, int, int]:
    """(expert won, expert points, deals, opponent points) of one match."""
    overrides, player, opponent, seed, index, rules = job
    seat_of_a, first_dealer, deck_rng = match_plan(seed, index)
    overrides = dict(overrides)
    # A variant may name another player (``player='expert-2026-11'``): the
    # same decks and seeds, so the two differ only where their play does.
    player = overrides.pop("player", player)
    expert = make_player(player, player_seed(seed, index, "A"))
    for key, value in overrides.items():
        if not hasattr(expert, key):
            raise SystemExit(f"{player} has no setting {key!r}")
        if key == "deal_model":  # by the name of the player it models
            if value not in MODELS_BY_PLAYER:
                raise SystemExit(f"deal_model={value!r}: no model; one of {', '.join(MODELS_BY_PLAYER)}")
            value = MODELS_BY_PLAYER[value]
        setattr(expert, key, value)
    other = make_player(opponent, player_seed(seed, index, "B"))
    players: list[Player] = [expert, other] if seat_of_a == 0 else [other, expert]
    outcome = play_match(players, rules, first_dealer, deck_rng)
    return (
        int(outcome.winner == seat_of_a),
        outcome.points[seat_of_a],
        outcome.deals,
        outcome.points[1 - seat_of_a],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Compare expert variants on duplicate deals.")
    parser.add_argument("variants", nargs="+", help="name:attr=value,... (the first is the baseline)")
    parser.add_argument("--player", default="expert")
    parser.add_argument("--opponent", default="classic")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE")
    arguments = parser.parse_args()
    rules = rules_from_assignments(arguments.rules)
    variants = [parse_variant(text) for text in arguments.variants]
    jobs = [
        (overrides, arguments.player, arguments.opponent, arguments.seed, index, rules)
        for _, overrides in variants
        for index in range(arguments.matches)
    ]
    with ProcessPoolExecutor(arguments.jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(play, jobs, chunksize=10))
    n = arguments.matches
    rows = [results[k * n : (k + 1) * n] for k in range(len(variants))]
    base = rows[0]
    for (name, overrides), row in zip(variants, rows, strict=True):
        wins = sum(r[0] for r in row)
        deals = sum(r[2] for r in row)
        mine = sum(r[1] for r in row) / deals
        theirs = sum(r[3] for r in row) / deals
        differences = [r[0] - b[0] for r, b in zip(row, base, strict=True)]
        mean = sum(differences) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / max(1, n - 1) / n)
        # The margin's paired difference: per match, (points won - lost) per deal.
        per_deal = sum(b[2] for b in base) / n
        gaps = [((r[1] - r[3]) - (b[1] - b[3])) / per_deal for r, b in zip(row, base, strict=True)]
        gap = sum(gaps) / n
        gap_spread = math.sqrt(sum((g - gap) ** 2 for g in gaps) / max(1, n - 1) / n)
        print(
            f"{name:>12}: wins {wins / n:6.1%} (vs base {mean:+.1%} ± {spread:.1%})  "
            f"points/deal {mine:.3f} / {theirs:.3f} margin {mine - theirs:+.3f} "
            f"(vs base {gap:+.3f} ± {gap_spread:.3f})  {overrides}"
        )


if __name__ == "__main__":
    main()
