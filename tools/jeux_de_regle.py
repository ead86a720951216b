"""The first computer table of écarté's jeux de règle (``docs/strategy.md``).

For every class of elder's hand (play or propose?) and of the dealer's hand
(accept or refuse?), at the scores the doctrine singles out, this draws
random deals conditioned on the class (a shuffled deck is redrawn until the
hand falls in it) and, with the expert on both sides:

- asks the evaluator (``ecarte.ai.evaluator``) what each option is worth to
  the seat deciding: its chance of winning the match, with a standard error;
- plays each option out with the engine (``Match``), both seats the expert,
  to the end of the deal: who won the point, and what the score it leaves
  is worth (the expert's match-value table, ``ecarte.ai.expert_value``);
- notes what the textbook (``classic``) and the expert would choose.

Elder's deals: the first decision of a deal. Playing is played out; so is
proposing, the expert dealer answering as it chooses. Dealer's deals: the
deck is redrawn until the expert elder proposes (the dealer's question only
arises then); accepting and refusing are both played out.

    python tools/jeux_de_regle.py --deals 12 --jobs 2 --seed 1 --out table.jsonl
    python tools/jeux_de_regle.py --summarise table.jsonl

The output (Markdown tables on stdout; with ``--out``, every deal's outcome
as JSON lines, written as it comes) is the same for the same ``--seed`` and
sizes, whatever ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from ecarte.ai.classic import ClassicPlayer
from ecarte.ai.classic_hands import HandReading
from ecarte.ai.coach import SeatEvaluator
from ecarte.ai.evaluator import Budget
from ecarte.ai.exchange_model import (
    DEALER_CLASSES,
    ELDER_CLASSES,
    SCORES,
    dealer_class,
    elder_class,
)
from ecarte.engine import Match, Phase, Rules, shuffled_deck
from ecarte.engine.actions import (
    ACCEPT_ACTION,
    PLAY_ACTION,
    PROPOSE_ACTION,
    REFUSE_ACTION,
    Action,
    ActionType,
)

ELDER, DEALER = 0, 1
"""The seats: elder sits at 0, so the first dealer is seat 1."""

# The classes and scores live with the expert's model of the exchange, which
# reads this table (``ecarte.ai.exchange_model``).

# ------------------------------------------------------------------ one deal


@dataclass(frozen=True, slots=True)
class Task:
    role: str
    """"elder" (play or propose) or "dealer" (accept or refuse)."""
    hand_class: str
    score: str
    index: int
    seed: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """One deal: the two options of the deciding seat (elder: play, propose;
    dealer: refuse, accept), from that seat's side."""

    role: str
    hand_class: str
    score: str
    found: bool
    """A deal of the class was found within the draws allowed."""
    draws: int
    """Decks drawn to find it (for the dealer, over every elder who played)."""
    eval_win: tuple[float, float]
    """The evaluator's P(win the match), in percent, of each option."""
    eval_se: tuple[float, float]
    point: tuple[int, int]
    """Played out: 1 when the deciding seat won the deal's trick points."""
    value: tuple[float, float]
    """Played out: P(win the match) of the score the deal left, in percent."""
    expert_first: bool
    """The expert chooses the first option (play; refuse)."""
    classic_first: bool
    """The textbook chooses the first option."""
    hand: int = 0
    """The deciding seat's hand (a card mask) and the trump suit."""
    trump: int = -1


MAX_DRAWS = 200_000
"""Decks drawn for one deal of a rare class before giving up."""
MAX_PROPOSALS = 60
"""Dealer's deals: decks of the class tried until the expert elder proposes."""


def _match_at(rules: Rules, score: tuple[int, int], deck: Sequence[int]) -> Match:
    match = Match(rules, first_dealer=DEALER)
    match.games = [[score[0], score[1]]]
    match.deal(deck)
    return match


def _deal_of_class(
    rng: random.Random, rules: Rules, score: tuple[int, int], role: str, hand_class: str
) -> tuple[tuple[int, ...] | None, int]:
    """A deck whose hand (elder's or the dealer's) is of ``hand_class`` and
    that leaves a decision (a turned-up king may end the game at once)."""
    classify = elder_class if role == "elder" else dealer_class
    seat = ELDER if role == "elder" else DEALER
    for draw in range(1, MAX_DRAWS + 1):
        deck = shuffled_deck(rng)
        match = _match_at(rules, score, deck)
        if match.current_player is None:
            continue
        if classify(match.hands[seat], match.trump, rules.ace_high) == hand_class:
            return deck, draw
    return None, MAX_DRAWS


def _hand(deck: Sequence[int], rules: Rules, score: tuple[int, int], seat: int) -> int:
    return _match_at(rules, score, deck).hands[seat]


def _players(rules: Rules, seed: int, budget: Budget) -> list[SeatEvaluator]:
    return [SeatEvaluator(seat, rules, seed * 2 + seat, budget) for seat in (0, 1)]


def _play_out(
    match: Match,
    players: list[SeatEvaluator],
    forced: dict[ActionType, Action],
    evaluate_at: ActionType | None,
) -> tuple[Match, tuple[float, float, float] | None, tuple[float, float] | None]:
    """Play the deal to its end, the expert on both sides. At the exchange
    decisions of the first round, ``forced`` gives the action by phase kind
    (``PROPOSE`` for elder's decision, ``ACCEPT`` for the dealer's); where
    ``evaluate_at`` is that kind, the evaluator values both options first."""
    win = se = None
    while match.current_player is not None:
        seat = match.current_player
        view = match.view(seat)
        legal = match.legal_actions()
        seat_player = players[seat]
        kind = {Phase.EXCHANGE: ActionType.PROPOSE, Phase.ANSWER: ActionType.ACCEPT}.get(view.phase)
        if kind is not None and kind in forced and view.exchanges == 0:
            action = forced[kind]
            if evaluate_at == kind:
                evaluation = seat_player.evaluate(view, legal)
                first, second = (
                    (PLAY_ACTION, PROPOSE_ACTION)
                    if kind == ActionType.PROPOSE
                    else (REFUSE_ACTION, ACCEPT_ACTION)
                )
                options = [evaluation.options[evaluation.index_of(option) or 0] for option in (first, second)]
                win = (options[0].win, options[1].win, float(evaluation.best.action == first))
                se = (options[0].se, options[1].se)
                seat_player.observe(view, action)
            else:
                seat_player.skip(view, action)
        else:
            action = seat_player.player.decide(view, legal)
        match.apply(action, seat)
    return match, win, se


def _result(match: Match, seat: int, rules: Rules, players: list[SeatEvaluator]) -> tuple[int, float]:
    """(won the point, P(win the match) in percent) for ``seat`` after the deal."""
    record = match.deals[-1]
    value_table = players[seat].player.value
    score = record.score
    winner = record.ended_game
    from_me = None if winner is None else int(winner != seat)
    value = value_table.after_scored_deal(
        (score[seat], score[1 - seat]), from_me, 0, 0, match.next_dealer == seat
    )
    return int(record.winner == seat), 100.0 * value


def _textbook_first(match: Match, rules: Rules) -> bool:
    seat = match.current_player
    assert seat is not None
    classic = ClassicPlayer(0)
    classic.start_match(seat, rules)
    action = classic.decide(match.view(seat), match.legal_actions())
    return action.type in (ActionType.PLAY, ActionType.REFUSE)


def run_task(job: tuple[Task, Rules, Budget]) -> Outcome:
    task, rules, budget = job
    rng = random.Random(task.seed)
    score = SCORES[task.score]
    missing = Outcome(
        task.role, task.hand_class, task.score, False, 0, (0, 0), (0, 0), (0, 0), (0, 0), False, False
    )
    if task.role == "elder":
        deck, draws = _deal_of_class(rng, rules, score, "elder", task.hand_class)
        if deck is None:
            return missing
        classic_first = _textbook_first(_match_at(rules, score, deck), rules)
        players = _players(rules, task.seed, budget)
        played, win, se = _play_out(
            _match_at(rules, score, deck), players, {ActionType.PROPOSE: PLAY_ACTION}, ActionType.PROPOSE
        )
        assert win is not None and se is not None
        play = _result(played, ELDER, rules, players)
        players = _players(rules, task.seed, budget)
        proposed, _, _ = _play_out(
            _match_at(rules, score, deck), players, {ActionType.PROPOSE: PROPOSE_ACTION}, None
        )
        propose = _result(proposed, ELDER, rules, players)
        return Outcome(
            task.role,
            task.hand_class,
            task.score,
            True,
            draws,
            win[:2],
            se,
            (play[0], propose[0]),
            (play[1], propose[1]),
            bool(win[2]),
            classic_first,
            _hand(deck, rules, score, ELDER),
            played.trump,
        )
    draws = 0
    for attempt in range(MAX_PROPOSALS):
        deck, tried = _deal_of_class(rng, rules, score, "dealer", task.hand_class)
        draws += tried
        if deck is None:
            return missing
        match = _match_at(rules, score, deck)
        players = _players(rules, task.seed + attempt, budget)
        elder_view = match.view(ELDER)
        elder_choice = players[ELDER].player.decide(elder_view, match.legal_actions())
        if elder_choice.type != ActionType.PROPOSE:
            continue
        match.apply(elder_choice, ELDER)
        classic_first = _textbook_first(match, rules)
        refused, win, se = _play_out(
            match.copy(), players, {ActionType.ACCEPT: REFUSE_ACTION}, ActionType.ACCEPT
        )
        assert win is not None and se is not None
        refuse = _result(refused, DEALER, rules, players)
        players = _players(rules, task.seed + attempt, budget)
        players[ELDER].skip(elder_view, PROPOSE_ACTION)
        accepted, _, _ = _play_out(match.copy(), players, {ActionType.ACCEPT: ACCEPT_ACTION}, None)
        accept = _result(accepted, DEALER, rules, players)
        return Outcome(
            task.role,
            task.hand_class,
            task.score,
            True,
            draws,
            win[:2],
            se,
            (refuse[0], accept[0]),
            (refuse[1], accept[1]),
            bool(win[2]),
            classic_first,
            _hand(deck, rules, score, DEALER),
            match.trump,
        )
    return missing


# ------------------------------------------------------------------ the table


def _seed_of(seed: int, *parts: int) -> int:
    value = seed
    for part in parts:
        value = (value * 1_000_003 + part) % (2**61 - 1)
    return value


def make_tasks(
    seed: int, deals: int, dealer_deals: int, scores: Sequence[str], roles: Sequence[str]
) -> list[Task]:
    """Every deal to compute, the deal number outermost: a run cut short has
    as many deals of every class and score (each deal's seed depends only on
    its place, so the sizes chosen do not change the deals)."""
    tasks = []
    for index in range(max(deals, dealer_deals)):
        for score_index, score in enumerate(SCORES):
            if score not in scores:
                continue
            for role_index, (role, classes, count) in enumerate(
                (("elder", ELDER_CLASSES, deals), ("dealer", DEALER_CLASSES, dealer_deals))
            ):
                if role not in roles or index >= count:
                    continue
                for class_index, hand_class in enumerate(classes):
                    seed_here = _seed_of(seed, score_index, role_index, class_index, index)
                    tasks.append(Task(role, hand_class, score, index, seed_here))
    return tasks


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    count = len(values)
    if not count:
        return math.nan, math.nan
    mean = sum(values) / count
    if count < 2:
        return mean, math.nan
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, math.sqrt(variance / count)


@dataclass(frozen=True, slots=True)
class Row:
    role: str
    hand_class: str
    score: str
    deals: int
    point: tuple[tuple[float, float], tuple[float, float]]
    """Per option: played-out share of points won (percent) and its standard error."""
    value: tuple[tuple[float, float], tuple[float, float]]
    """Per option: played-out match value (percent) and its standard error."""
    eval_win: tuple[tuple[float, float], tuple[float, float]]
    """Per option: the evaluator's match value over the class, and its standard error."""
    eval_gain: tuple[float, float]
    """The evaluator's first-minus-second option, paired per deal: mean, se."""
    played_gain: tuple[float, float]
    """The same, played out."""
    doctrine_gain: tuple[float, float]
    """The evaluator's value of the textbook's choice minus the other, per deal."""
    eval_se: float
    """The mean per-deal standard error the evaluator reported."""
    expert_first: float
    classic_first: float
    share: float
    """The share of all deals (whose seat has a decision) in this class, percent."""


def _pair(items: Sequence[Outcome], get: Callable[[Outcome], tuple[float, float]]) -> tuple[Any, Any]:
    return mean_se([get(o)[0] for o in items]), mean_se([get(o)[1] for o in items])


def _doctrine_gain(outcome: Outcome) -> float:
    gain = outcome.eval_win[0] - outcome.eval_win[1]
    return gain if outcome.classic_first else -gain


def summarise(outcomes: Sequence[Outcome], shares: dict[tuple[str, str], float]) -> list[Row]:
    groups: dict[tuple[str, str, str], list[Outcome]] = {}
    for outcome in outcomes:
        if outcome.found:
            groups.setdefault((outcome.score, outcome.role, outcome.hand_class), []).append(outcome)
    rows = []
    for (score, role, hand_class), items in groups.items():
        count = len(items)
        rows.append(
            Row(
                role,
                hand_class,
                score,
                count,
                _pair(items, lambda o: (100.0 * o.point[0], 100.0 * o.point[1])),
                _pair(items, lambda o: o.value),
                _pair(items, lambda o: o.eval_win),
                mean_se([o.eval_win[0] - o.eval_win[1] for o in items]),
                mean_se([o.value[0] - o.value[1] for o in items]),
                mean_se([_doctrine_gain(o) for o in items]),
                sum((o.eval_se[0] + o.eval_se[1]) / 2 for o in items) / count,
                100.0 * sum(o.expert_first for o in items) / count,
                100.0 * sum(o.classic_first for o in items) / count,
                shares.get((role, hand_class), 0.0),
            )
        )
    return rows


Z = 1.96
"""Intervals are 95%: the mean ± 1.96 standard errors."""


def _names(role: str) -> tuple[str, str]:
    return ("play", "propose") if role == "elder" else ("refuse", "accept")


def _settled(pair: tuple[float, float]) -> int:
    """1 or -1 when the 95% interval of ``pair`` is clear of zero, else 0."""
    mean, se = pair
    if math.isnan(se) or abs(mean) <= Z * se:
        return 0
    return 1 if mean > 0 else -1


def better_option(row: Row) -> str | None:
    """The option the evaluator's paired difference shows to be better."""
    first, second = _names(row.role)
    return {1: first, -1: second, 0: None}[_settled(row.eval_gain)]


def verdict(row: Row) -> str:
    """The textbook's choice on these deals (the ``classic`` player's), and
    whether it is right: the evaluator's value of that choice minus the
    other's, its 95% interval clear of zero, or not settled."""
    first, second = _names(row.role)
    if row.classic_first in (0.0, 100.0):
        doctrine = first if row.classic_first else second
    else:
        doctrine = f"{first} {row.classic_first:.0f}%"
    word = {1: "right", -1: "wrong", 0: "not settled"}[_settled(row.doctrine_gain)]
    if row.doctrine_gain == (0.0, 0.0):
        word = "either"  # the same value on every deal: the king wins the game

    return f"{doctrine}: {word}"


def _pm(pair: tuple[float, float]) -> str:
    mean, se = pair
    if math.isnan(mean):
        return "-"
    if math.isnan(se):
        return f"{mean:.1f}"
    return f"{mean:.1f} ± {Z * se:.1f}"


def markdown(rows: Sequence[Row]) -> str:
    lines = []
    for role in ("elder", "dealer"):
        first, second = _names(role)
        order = ELDER_CLASSES if role == "elder" else DEALER_CLASSES
        for score in SCORES:
            chosen = sorted(
                (row for row in rows if row.role == role and row.score == score),
                key=lambda row: order.index(row.hand_class),
            )
            if not chosen:
                continue
            elder_score, dealer_score = SCORES[score]
            lines.append(
                f"\n#### {role.capitalize()}, {score} (elder {elder_score}, dealer {dealer_score})\n"
            )
            lines.append(
                f"| hand | deals | share | point: {first} | {second} | played match: {first} | {second} "
                f"| evaluator: {first} | {second} | {first} − {second} | played {first} − {second} "
                f"| textbook: verdict | expert {first} |"
            )
            lines.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|")
            for row in chosen:
                cells = [
                    row.hand_class,
                    str(row.deals),
                    f"{row.share:.1f}%",
                    _pm(row.point[0]),
                    _pm(row.point[1]),
                    _pm(row.value[0]),
                    _pm(row.value[1]),
                    _pm(row.eval_win[0]),
                    _pm(row.eval_win[1]),
                    _pm(row.eval_gain),
                    _pm(row.played_gain),
                    verdict(row),
                    f"{row.expert_first:.0f}%",
                ]
                lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def verdict_matrix(rows: Sequence[Row]) -> str:
    """Each class by score: the textbook's choice and its verdict (the
    evaluator's gain of that choice over the other, in points, ± its 95%
    interval); then whether the expert's own choice follows the better
    option where the table settles it."""
    lines = []
    agree: list[str] = []
    disagree: list[str] = []
    contradicted: list[str] = []
    by_key = {(row.role, row.score, row.hand_class): row for row in rows}
    for role in ("elder", "dealer"):
        order = ELDER_CLASSES if role == "elder" else DEALER_CLASSES
        lines.append(f"\n#### Verdicts, {role}\n")
        lines.append("| hand | " + " | ".join(SCORES) + " |")
        lines.append("|---|" + "---|" * len(SCORES))
        for hand_class in order:
            cells = []
            for score in SCORES:
                row = by_key.get((role, score, hand_class))
                if row is None:
                    cells.append("-")
                    continue
                cells.append(f"{verdict(row)} ({_pm(row.doctrine_gain)})")
                better = better_option(row)
                if better is not None:
                    first, second = _names(role)
                    expert = first if row.expert_first >= 50 else second
                    label = (
                        f"{role}, {score}, {hand_class} (better: {better}; "
                        f"the expert: {first} on {row.expert_first:.0f}%)"
                    )
                    (agree if expert == better else disagree).append(label)
                    if _settled(row.played_gain) == -_settled(row.eval_gain):
                        contradicted.append(f"{role}, {score}, {hand_class}")
            lines.append(f"| {hand_class} | " + " | ".join(cells) + " |")
    settled = len(agree) + len(disagree)
    lines.append(
        f"\nThe expert's usual choice is the better option on {len(agree)} of the {settled} settled rows."
    )
    for label in disagree:
        lines.append(f"- not on: {label}")
    lines.append(
        f"The played-out difference contradicts the evaluator's better option (its interval on the"
        f" other side of zero) on {len(contradicted)} of them{': ' if contradicted else '.'}"
        + "; ".join(contradicted)
    )
    return "\n".join(lines) + "\n"


SHARE_DECKS = 40_000
"""Random deals classified to give each class's share of all deals."""


def class_shares(seed: int, decks: int = SHARE_DECKS) -> dict[tuple[str, str], float]:
    """(role, class) -> share of all deals, in percent, from ``decks`` random
    deals at 0-0 (the same generator for a seed)."""
    rng = random.Random(seed)
    counts: dict[tuple[str, str], int] = {}
    rules = Rules()
    for _ in range(decks):
        match = _match_at(rules, (0, 0), shuffled_deck(rng))
        for role, seat, classify in (("elder", ELDER, elder_class), ("dealer", DEALER, dealer_class)):
            key = (role, classify(match.hands[seat], match.trump))
            counts[key] = counts.get(key, 0) + 1
    return {key: 100.0 * count / decks for key, count in counts.items()}


def _feature_key(outcome: Outcome) -> str:
    """What the data groups elder's hands by: trumps, the king of trumps,
    and the probable tricks (``docs/ai.md``)."""
    reading = HandReading(outcome.hand, outcome.trump, False)
    king = " with the king" if reading.trump_king else ""
    return f"{min(reading.trumps, 3)} trumps{king}, {min(reading.probable_tricks(), 5)} probable tricks"


def regrouped(outcomes: Sequence[Outcome], shares: dict[tuple[str, str], float]) -> str:
    """Elder's deals grouped by ``_feature_key`` instead of the doctrine's
    classes. The deals were drawn class by class, so each is weighted by its
    class's share of all deals over the number of its deals."""
    by_class: dict[tuple[str, str], list[Outcome]] = {}
    for outcome in outcomes:
        if outcome.found and outcome.role == "elder":
            by_class.setdefault((outcome.score, outcome.hand_class), []).append(outcome)
    weighted: dict[tuple[str, str], list[tuple[float, Outcome]]] = {}
    for (_, hand_class), items in by_class.items():
        weight = shares.get(("elder", hand_class), 0.0) / len(items)
        for outcome in items:
            weighted.setdefault((outcome.score, _feature_key(outcome)), []).append((weight, outcome))
    lines = []
    for score in SCORES:
        keys = sorted(key for (at, key) in weighted if at == score)
        if not keys:
            continue
        lines.append(f"\n#### Elder by trumps and probable tricks, {score}\n")
        lines.append("| hand | deals | share | evaluator play − propose | textbook play | expert play |")
        lines.append("|---|--:|--:|--:|--:|--:|")
        total = sum(w for (at, _), items in weighted.items() if at == score for w, _ in items)
        for key in keys:
            items = weighted[(score, key)]
            weights = sum(w for w, _ in items)
            gains = [(w, o.eval_win[0] - o.eval_win[1]) for w, o in items]
            mean = sum(w * g for w, g in gains) / weights
            se = (
                math.sqrt(sum((w * (g - mean)) ** 2 for w, g in gains)) / weights
                if len(items) > 1
                else math.nan
            )
            play = 100.0 * sum(w for w, o in items if o.classic_first) / weights
            expert = 100.0 * sum(w for w, o in items if o.expert_first) / weights
            lines.append(
                f"| {key} | {len(items)} | {100.0 * weights / total:.1f}% | {_pm((mean, se))} "
                f"| {play:.0f}% | {expert:.0f}% |"
            )
    return "\n".join(lines) + "\n"


def _progress_map(
    function: Callable[[Any], Outcome], jobs: list[Any], workers: int, on_result: Callable[[Outcome], None]
) -> list[Outcome]:
    """``map`` with a Rich progress bar on a terminal; results in job order,
    each passed to ``on_result`` as it comes."""

    def results() -> Iterator[Outcome]:
        if workers <= 1:
            yield from map(function, jobs)
            return
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            yield from pool.map(function, jobs, chunksize=1)

    done = []
    if not sys.stderr.isatty():
        for outcome in results():
            on_result(outcome)
            done.append(outcome)
        return done
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("deals"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        bar = progress.add_task("deals", total=len(jobs))
        for outcome in results():
            on_result(outcome)
            done.append(outcome)
            progress.advance(bar)
    return done


def read_outcomes(path: str) -> tuple[list[Outcome], dict[str, Any]]:
    """The outcomes a run wrote with ``--out`` (JSON lines: the arguments,
    one line per deal, then the time taken), even of a run cut short."""
    outcomes = []
    header: dict[str, Any] = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            if "role" in record:
                for key in ("eval_win", "eval_se", "point", "value"):
                    record[key] = tuple(record[key])
                outcomes.append(Outcome(**record))
            else:
                header.update(record)
    return outcomes, header


Counts = dict[tuple[str, str, str], tuple[int, int]]
"""(role, score, class) -> (deals on which the expert chose the first option
(play; refuse), deals)."""


def counts_from_rows(rows: Sequence[Row]) -> Counts:
    return {
        (row.role, row.score, row.hand_class): (round(row.expert_first * row.deals / 100.0), row.deals)
        for row in rows
    }


def counts_from_markdown(text: str) -> Counts:
    """The same counts, read back from the published tables (``docs/strategy.md``:
    the sections "Elder, SCORE" and "Dealer, SCORE", their columns "deals" and,
    last, the expert's share of the first option)."""
    counts: Counts = {}
    section: tuple[str, str] | None = None
    for line in text.splitlines():
        if line.startswith("#### "):
            title = line[5:]
            role, _, rest = title.partition(", ")
            score = rest.partition(" (")[0]
            section = (role.lower(), score) if role in ("Elder", "Dealer") and score in SCORES else None
            continue
        if section is None or not line.startswith("| ") or line.startswith("| hand "):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        deals = int(cells[1])
        share = float(cells[-1].rstrip("%"))
        counts[(section[0], section[1], cells[0])] = (round(share * deals / 100.0), deals)
    return counts


def model_module(counts: Counts, command: str) -> str:
    """The Python module ``ecarte.ai.exchange_model`` reads (``exchange_table``):
    every class at every score, in the table's order."""
    lines = [
        '"""The expert\'s exchange choices in the table of the jeux de règle',
        "(``docs/strategy.md``): for each (score, class of hand), the deals on which",
        "the expert chose to play (elder) or to refuse (dealer), and the deals.",
        "",
        "Generated; do not edit. Regenerate with:",
        "",
        f"    {command}",
        '"""',
        "",
        "from __future__ import annotations",
        "",
    ]
    for role, name, classes in (
        ("elder", "ELDER_PLAYS", ELDER_CLASSES),
        ("dealer", "DEALER_REFUSES", DEALER_CLASSES),
    ):
        lines.append(f"{name}: dict[tuple[str, str], tuple[int, int]] = {{")
        for score in SCORES:
            for hand_class in classes:
                key = (role, score, hand_class)
                if key not in counts:
                    raise SystemExit(f"the table has no {role} row for {hand_class!r} at {score}")
                chosen, deals = counts[key]
                names = ", ".join(json.dumps(name, ensure_ascii=False) for name in (score, hand_class))
                lines.append(f"    ({names}): ({chosen}, {deals}),")
        lines.append("}")
        lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Compute the table of the jeux de règle (docs/strategy.md).")
    parser.add_argument("--deals", type=int, default=40, help="deals per class of elder's hand and score")
    parser.add_argument(
        "--dealer-deals", type=int, default=None, help="deals per dealer's class and score (default: --deals)"
    )
    parser.add_argument("--scores", nargs="*", default=list(SCORES), choices=list(SCORES), metavar="SCORE")
    parser.add_argument("--roles", nargs="*", default=["elder", "dealer"], choices=["elder", "dealer"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--target-se", type=float, default=2.5, help="the evaluator's standard error per deal, in points"
    )
    parser.add_argument("--most", type=int, default=320, help="the evaluator's most simulations per decision")
    parser.add_argument("--out", help="write the arguments and every deal's outcome here, as JSON lines")
    parser.add_argument("--summarise", metavar="FILE", help="print the table of a run's --out file and stop")
    parser.add_argument(
        "--export-model",
        metavar="PY",
        help="with --summarise (a run's --out file, or the published docs/strategy.md): write the "
        "expert's choices per class as the module ecarte.ai.exchange_model reads, and stop",
    )
    arguments = parser.parse_args(argv)
    if arguments.export_model:
        if not arguments.summarise:
            parser.error("--export-model needs --summarise FILE (the table to export)")
        source = arguments.summarise
        if source.endswith(".md"):
            with open(source, encoding="utf-8") as handle:
                counts = counts_from_markdown(handle.read())
        else:
            outcomes, _ = read_outcomes(source)
            counts = counts_from_rows(summarise(outcomes, {}))
        target = arguments.export_model
        command = f"python tools/jeux_de_regle.py --summarise {source} --export-model {target}"
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(model_module(counts, command))
        return
    if arguments.summarise:
        outcomes, header = read_outcomes(arguments.summarise)
        if "seconds" not in header:
            # Cut short: count only the deal numbers every class has.
            given = header["arguments"]
            round_size = len(make_tasks(0, 1, 1, given["scores"], given["roles"]))
            rounds = len(outcomes) // round_size
            outcomes = outcomes[: rounds * round_size]
            sys.stdout.write(
                f"(a run cut short: its first {rounds} deals of each class, as --deals {rounds})\n"
            )
        shares = class_shares(header.get("arguments", {}).get("seed", 1))
        sys.stdout.write(markdown(summarise(outcomes, shares)))
        sys.stdout.write(regrouped(outcomes, shares))
        sys.stdout.write(verdict_matrix(summarise(outcomes, shares)))
        seconds = header.get("seconds")
        sys.stdout.write(f"\n{len(outcomes)} deals" + (f" in {seconds:.0f} s\n" if seconds else "\n"))
        return
    dealer_deals = arguments.deals if arguments.dealer_deals is None else arguments.dealer_deals
    rules = Rules()
    budget = Budget(exchange_samples=(60, 160), target_se=arguments.target_se, most=arguments.most)
    tasks = make_tasks(arguments.seed, arguments.deals, dealer_deals, arguments.scores, arguments.roles)
    out = open(arguments.out, "w", encoding="utf-8") if arguments.out else None  # noqa: SIM115

    def write(outcome: Outcome) -> None:
        if out is not None:
            out.write(json.dumps(asdict(outcome)) + "\n")
            out.flush()

    if out is not None:
        out.write(json.dumps({"arguments": vars(arguments)}) + "\n")
    started = time.perf_counter()
    outcomes = _progress_map(run_task, [(task, rules, budget) for task in tasks], arguments.jobs, write)
    elapsed = time.perf_counter() - started
    if out is not None:
        out.write(json.dumps({"seconds": elapsed}) + "\n")
        out.close()
    shares = class_shares(arguments.seed)
    sys.stdout.write(markdown(summarise(outcomes, shares)))
    sys.stdout.write(regrouped(outcomes, shares))
    sys.stdout.write(verdict_matrix(summarise(outcomes, shares)))
    sys.stdout.write(f"\n{len(tasks)} deals in {elapsed:.0f} s\n")


if __name__ == "__main__":
    main()
