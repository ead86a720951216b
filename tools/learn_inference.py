"""Learn what the other player's decisions say about its hand (``ecarte.ai.inference``).

Plays matches between an observing seat (``--observer``, the expert by
default) and each observed player (``--observed``), and counts:

- **exchange**: at each moment the observer meets before any card is
  played (its exchange decisions, and the start of the tricks), in the
  situation it sees (``inference.exchange_context``), the class
  (``inference.exchange_class``) of the observed player's real hand, and the
  classes of ``--samples`` hands drawn as the expert's sampler would draw
  them there (uniform over the unseen cards, times the expert's own
  "elder proposed" / "dealer accepted" factors where it applies them).
  Their ratio is the weight the sampler was missing.
- **lead**: every card the observed player leads to the first three
  tricks, by the class of its hand then and the kind of lead
  (``inference.lead_category``).

    python tools/learn_inference.py --matches 150 --seed 7 --observed classic --counts /tmp/classic.json
    python tools/learn_inference.py --matches 150 --seed 8 --observed expert-2026-11 --counts /tmp/frozen.json
    python tools/learn_inference.py --merge /tmp/classic.json /tmp/frozen.json \
        --out src/ecarte/ai/inference_table.py

The counts are the same for the same ``--seed`` and sizes (one process;
every generator is seeded from the seed and the match number). ``--merge``
adds count files (a mixture of the observed players, each file counting
as many matches as it holds) and writes the table module.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from ecarte.ai.base import make_player
from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.expert_heuristics import dealer_would_refuse, elder_would_play
from ecarte.ai.inference import (
    EXCHANGE_CLASSES,
    HAND_CLASSES,
    LEAD_CATEGORIES,
    LEAD_TRICKS,
    LEAD_TRICKS_READ,
    exchange_class,
    exchange_context,
    hand_class,
    lead_category,
    textbook_strong,
    top_rank_mask,
)
from ecarte.ai.sampling import opponent_hands
from ecarte.engine.actions import CARD
from ecarte.engine.cards import power_table, shuffled_deck
from ecarte.engine.match import Match
from ecarte.engine.rules import Rules, rules_from_assignments
from ecarte.engine.view import Phase, View

MIN_CONTEXT = 40
"""Situations seen fewer times than this get no exchange weight (1 for all)."""
NOTHING_DECIDED = "dealer|exchange|x0|"
"""Elder's first decision: the dealer has decided nothing yet, so its hand
is as the sampler draws it (weight 1), whatever the counts' noise says."""
SHRINK = 5.0
"""Pseudo-observations at the coarser group's ratio, for each cell."""
LEAD_PRIOR = 10.0
"""Pseudo-observations at the category's share over all classes."""
RATIO_RANGE = (0.05, 5.0)


Counts = dict[str, Any]


def new_counts() -> Counts:
    return {
        "matches": 0,
        "exchange": {},
        "lead": [[[0] * LEAD_CATEGORIES for _ in range(HAND_CLASSES)] for _ in range(LEAD_TRICKS)],
    }


def _proposal_weight(view: View, rules: Rules, unlikely: float) -> Any:
    """The factor the expert applies on top of its opponent weight when it
    samples in this situation (``ExpertPlayer._answer_values``, ``_discard_values``)."""
    trump, ace_high = view.trump, rules.ace_high
    if view.phase == Phase.ANSWER:
        first = view.exchanges == 0
        return lambda hand: unlikely if elder_would_play(hand, trump, ace_high, first) else 1.0
    if view.phase == Phase.DISCARD and view.elder == view.seat:
        return lambda hand: unlikely if dealer_would_refuse(hand, trump, ace_high) else 1.0
    return None


def play_match(
    counts: Counts, observer_name: str, observed_name: str, seed: int, index: int, samples: int, rules: Rules
) -> None:
    """One match; adds what it saw to ``counts``."""
    tag = f"{seed}:{index}:{observed_name}"
    observer_seat = index % 2
    observed_seat = 1 - observer_seat
    deck_rng = random.Random(f"learn-inference-decks:{tag}")
    sample_rng = random.Random(f"learn-inference-samples:{tag}")
    players = [
        make_player(observer_name, random.Random(f"observer:{tag}").getrandbits(32)),
        make_player(observed_name, random.Random(f"observed:{tag}").getrandbits(32)),
    ]
    if observer_seat == 1:
        players.reverse()
    match = Match(rules, first_dealer=(index // 2) % 2)
    for seat, player in enumerate(players):
        player.start_match(seat, rules)
    # The observer's memory of the deal, kept apart from its own play.
    tracker = ExpertPlayer()
    tracker.start_match(observer_seat, rules)
    power = power_table(rules.ace_high)
    tops = top_rank_mask(power)
    exchange: dict[str, Any] = counts["exchange"]
    seen_here: set[str] = set()
    deals = 0

    def note_exchange(view: View) -> None:
        tracker._remember(view)
        refused_late = tracker._opponent_refused and view.exchanges > 0
        context = exchange_context(view, refused_late, tracker._elder_played_late, tracker._their_kept)
        if context in seen_here:
            return
        seen_here.add(context)
        row = exchange.setdefault(
            context, {"true": [0] * EXCHANGE_CLASSES, "sampled": [0.0] * EXCHANGE_CLASSES}
        )
        elder = view.elder == observed_seat

        def cls(hand: int) -> int:
            strong = textbook_strong(hand, view.trump, rules.ace_high, elder)
            return exchange_class(hand, view.trump, tops, strong)

        row["true"][cls(match.hands[observed_seat])] += 1
        weight = _proposal_weight(view, rules, tracker.unlikely)
        for hand, _ in opponent_hands(view, sample_rng, samples, weight):
            row["sampled"][cls(hand)] += 1.0 / samples

    while not match.is_over:
        seat = match.current_player
        if seat is None:
            match.deal(shuffled_deck(deck_rng))
            seen_here.clear()
            deals += 1
            continue
        view = match.view(seat)
        legal = match.legal_actions()
        no_card_yet = not view.tricks and not view.trick
        if seat == observer_seat:
            if no_card_yet:
                note_exchange(view)
            else:
                tracker._remember(view)
            action = players[seat].decide(view, legal)
            tracker._record(view, action)
        else:
            if no_card_yet and view.phase == Phase.TRICKS:
                # The observer's situation just before the other's first lead.
                note_exchange(match.view(observer_seat))
            action = players[seat].decide(view, legal)
            if action.type == CARD and not view.trick and len(view.tricks) < LEAD_TRICKS_READ:
                trick = min(len(view.tricks), LEAD_TRICKS - 1)
                hand = view.hand_mask
                cls = hand_class(hand, view.trump, tops)
                counts["lead"][trick][cls][lead_category(action.card, hand, view.trump, power)] += 1
        match.apply(action, seat)
    counts["matches"] += 1


def merge(files: list[Path]) -> Counts:
    total = new_counts()
    for path in files:
        counts = json.loads(path.read_text(encoding="utf-8"))
        total["matches"] += counts["matches"]
        for context, row in counts["exchange"].items():
            into = total["exchange"].setdefault(
                context, {"true": [0] * EXCHANGE_CLASSES, "sampled": [0.0] * EXCHANGE_CLASSES}
            )
            for cls in range(EXCHANGE_CLASSES):
                into["true"][cls] += row["true"][cls]
                into["sampled"][cls] += row["sampled"][cls]
        for trick in range(LEAD_TRICKS):
            for cls in range(HAND_CLASSES):
                for category in range(LEAD_CATEGORIES):
                    total["lead"][trick][cls][category] += counts["lead"][trick][cls][category]
    return total


def _shrunk(real: list[int], expected: list[float], classes: list[int], towards: float) -> float:
    """The ratio of real to expected hands over ``classes``, with ``SHRINK``
    pseudo-observations at ``towards``."""
    observed = sum(real[cls] for cls in classes)
    wanted = sum(expected[cls] for cls in classes)
    return (observed + SHRINK * towards) / (wanted + SHRINK)


def exchange_table(counts: Counts) -> dict[str, tuple[float, ...]]:
    """Situation -> each class's weight: how many real hands of the class
    were seen against how many the sampler's draws expect, shrunk in three
    steps (towards 1 for the textbook's strong / not strong hands, towards
    that for each count of trumps, towards that for the class) so that thin
    cells say little; clipped, the largest scaled to 1."""
    table: dict[str, tuple[float, ...]] = {}
    low, high = RATIO_RANGE
    for context in sorted(counts["exchange"]):
        row = counts["exchange"][context]
        seen = sum(row["true"])
        if seen < MIN_CONTEXT or context.startswith(NOTHING_DECIDED):
            continue
        sampled_total = sum(row["sampled"]) or 1.0
        # How many real hands each class would have had, were the sampler right.
        expected = [seen * value / sampled_total for value in row["sampled"]]
        real = row["true"]

        ratios = []
        for cls in range(EXCHANGE_CLASSES):
            strong = cls // HAND_CLASSES
            trumps = (cls % HAND_CLASSES) // 6
            group = [c for c in range(EXCHANGE_CLASSES) if c // HAND_CLASSES == strong]
            by_trumps = [c for c in group if (c % HAND_CLASSES) // 6 == trumps]
            first = _shrunk(real, expected, group, 1.0)
            second = _shrunk(real, expected, by_trumps, first)
            ratio = _shrunk(real, expected, [cls], second)
            ratios.append(min(high, max(low, ratio)))
        top = max(ratios)
        table[context] = tuple(round(value / top, 3) for value in ratios)
    return table


def lead_table(counts: Counts) -> list[list[list[float]]]:
    """[trick][class][category]: P(category | class), smoothed towards the
    category's share at that trick, each category's largest scaled to 1."""
    table = []
    for trick in range(LEAD_TRICKS):
        rows = counts["lead"][trick]
        totals = [
            sum(rows[cls][category] for cls in range(HAND_CLASSES)) for category in range(LEAD_CATEGORIES)
        ]
        grand = sum(totals) or 1
        share = [(total + 1) / (grand + LEAD_CATEGORIES) for total in totals]
        chances = []
        for cls in range(HAND_CLASSES):
            seen = sum(rows[cls])
            chances.append(
                [(rows[cls][c] + LEAD_PRIOR * share[c]) / (seen + LEAD_PRIOR) for c in range(LEAD_CATEGORIES)]
            )
        top = [max(chances[cls][c] for cls in range(HAND_CLASSES)) for c in range(LEAD_CATEGORIES)]
        table.append(
            [
                [round(chances[cls][c] / top[c], 3) for c in range(LEAD_CATEGORIES)]
                for cls in range(HAND_CLASSES)
            ]
        )
    return table


def write_module(counts: Counts, sources: list[str], path: Path) -> None:
    exchange = exchange_table(counts)
    lead = lead_table(counts)
    lines = [
        '"""What the other\'s decisions say of its hand, measured (``ai/inference.py``).',
        "",
        "Generated by ``tools/learn_inference.py --merge``; do not edit by hand.",
        f"From {counts['matches']} matches:",
        *(f"- {source};" for source in sources[:-1]),
        f"- {sources[-1]}.",
        '"""',
        "",
        "# fmt: off",
        "EXCHANGE: dict[str, tuple[float, ...]] = {",
    ]
    for context, ratios in exchange.items():
        lines.append(f"    {context!r}: (")
        for start in range(0, EXCHANGE_CLASSES, 10):
            lines.append("        " + " ".join(f"{value!r}," for value in ratios[start : start + 10]))
        lines.append("    ),")
    lines.append("}")
    lines.append(
        '"""Situation of the exchange -> weight of each hand class (``inference.exchange_context``)."""'
    )
    lines.append("")
    lines.append("LEAD: tuple[tuple[tuple[float, ...], ...], ...] = (")
    for trick in lead:
        lines.append("    (")
        for row in trick:
            lines.append("        (" + ", ".join(repr(value) for value in row) + "),")
        lines.append("    ),")
    lines.append(")")
    lines.append("# fmt: on")
    lines.append('"""[trick][hand class][lead category] -> relative chance of that lead (``inference``)."""')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _source(counts: Counts) -> str:
    """Where a count file's matches came from, in words."""
    observed = " and ".join(counts.get("observed", ["?"]))
    observer, seed = counts.get("observer", "?"), counts.get("seed", "?")
    return f"{counts['matches']} of {observed} observed by {observer} (--seed {seed})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=100, help="matches per observed player")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--observer", default="expert")
    parser.add_argument("--observed", nargs="+", default=["classic"])
    parser.add_argument("--samples", type=int, default=12, help="sampled hands per situation")
    parser.add_argument("--rules", nargs="*", default=[], help="rule settings, name=value")
    parser.add_argument("--counts", type=Path, help="write the counts here (JSON)")
    parser.add_argument("--merge", type=Path, nargs="+", help="count files to add up into the table")
    parser.add_argument("--out", type=Path, help="write the table module here")
    args = parser.parse_args(argv)
    if args.merge:
        for path in args.merge:
            if not path.is_file():
                parser.error(f"--merge: no count file {path}")
        counts = merge(args.merge)
        sources = [_source(json.loads(path.read_text(encoding="utf-8"))) for path in args.merge]
    else:
        if args.matches < 1 or args.samples < 1:
            parser.error("--matches and --samples must be at least 1")
        try:
            rules = rules_from_assignments(args.rules)
        except ValueError as error:
            parser.error(f"--rules: {error}")
        counts = new_counts()
        started = time.perf_counter()
        for observed in args.observed:
            for index in range(args.matches):
                play_match(counts, args.observer, observed, args.seed, index, args.samples, rules)
                if (index + 1) % 10 == 0:
                    elapsed = time.perf_counter() - started
                    print(f"{observed}: {index + 1}/{args.matches} matches, {elapsed:.0f} s", file=sys.stderr)
        counts["observed"] = args.observed
        counts["observer"] = args.observer
        counts["seed"] = args.seed
        sources = [_source(counts)]
        if args.counts:
            args.counts.write_text(json.dumps(counts), encoding="utf-8")
    if args.out:
        write_module(counts, sources, args.out)
    table = exchange_table(counts)
    print(f"{counts['matches']} matches; {len(table)} exchange situations with a table")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
