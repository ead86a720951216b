"""The analysis of a match log: what each decision was worth (``docs/analysis.md``).

``analyse_replay`` walks the valid events of a replayed log and asks the
evaluator, for every decision with a choice, what each option was worth to
the deciding seat from what that seat could know at that moment. It is a
pure function returning dataclasses, with a progress callback and a cancel
check between decisions, so a screen can run it in a worker.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import takewhile
from typing import Any

from ecarte.ai.coach import SeatEvaluator, model_for
from ecarte.ai.evaluator import ANALYSIS_BUDGET, NOISE_ERRORS, Budget, Evaluation, OptionValue
from ecarte.ai.expert_value import EQUAL, DealModel, MatchValue, match_value
from ecarte.ai.solver import solver_for
from ecarte.engine import Action, Match, Rules
from ecarte.engine.scoring import game_won, trick_points
from ecarte.engine.view import Phase
from ecarte.log import LogError, LogEvent, LogHeader, Replay, replay_states
from ecarte.log.format import EventType
from ecarte.log.opponents import header_level, level_now, level_of_record, levels_played

INACCURACY = 5.0
MISTAKE = 10.0
BLUNDER = 15.0
"""Loss thresholds in win-chance points: lichess's, on its 0-100 win scale."""
LABELS = ("inaccuracy", "mistake", "blunder")


def label_for(loss: float, loss_se: float) -> str | None:
    """The label of a loss, or ``None``: never one within two standard errors."""
    if loss <= NOISE_ERRORS * loss_se:
        return None
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def move_accuracy(loss: float) -> float:
    """Lichess's accuracy of one move from its loss in win-chance points,
    0-100 (100 for no loss, as lichess gives it)."""
    if loss <= 0.0:
        return 100.0
    value = 103.1668 * math.exp(-0.04354 * loss) - 3.1669
    return min(100.0, max(0.0, value))


@dataclass(frozen=True, slots=True)
class Decision:
    line: int
    """1-based log line of the decision's event."""
    seat: int
    phase: Phase
    chosen: Action
    options: tuple[OptionValue, ...]
    """Best first."""
    best: Action
    loss: float
    """Best minus chosen, in win-chance points; never negative."""
    loss_se: float
    label: str | None
    trump: int
    """The deal's trump, and below whether the ace is high: a discard's cards
    are shown in the order of the hand (trumps first, strongest first)."""
    ace_high: bool

    @property
    def accuracy(self) -> float:
        return move_accuracy(self.loss)


@dataclass(frozen=True, slots=True)
class DealResult:
    """A deal as played, and with every card visible."""

    number: int
    """Counted through the match (the JSON's ``deal``)."""
    game: int
    in_game: int
    """The deal's number within its game, as the table counts them."""
    line: int
    dealer: int
    tricks: tuple[int, int] | None
    """Tricks each seat took, if the deal was played out."""
    open_tricks: tuple[int, int] | None
    """Tricks with all cards known: best play by both from the hands the
    tricks began with, every card visible (what was possible, not what could
    have been known)."""
    open_points: tuple[int, int] | None
    """What ``open_tricks`` would have scored for the tricks."""


@dataclass(frozen=True, slots=True)
class Opponent:
    """Who a seat's chances are valued against (``ai.coach.model_for``)."""

    player: str | None
    """The opponent's player name as the log gives it; ``None`` for a person."""
    model: DealModel
    known: bool
    """False: an unknown player, a person or a ``cmd:`` bot, valued with the equal model."""


def opponents_of(header: LogHeader, level: str | None = None) -> tuple[Opponent, Opponent]:
    """Each seat's opponent from a log's header. A log of the app names the
    computer's level (the ``opponent`` key) and seats the person at 0, so
    seat 0 faces that level (or ``level``, the one that took over at a
    Continue: ``log.opponents``) and seat 1 a person; another log's
    ``players`` are the players' names (``ecarte simulate``, the tests)."""
    if header_level(header.extra) is None:
        level = None
    elif level is None:
        level = header_level(header.extra)
    if isinstance(level, str):
        model, known = model_for(level)
        return Opponent(level, model, known), Opponent(None, EQUAL, False)
    from ecarte.tournament import player_in_log  # ecarte simulate's "B: random"

    found = []
    for seat in (0, 1):
        name = player_in_log(header.players[1 - seat], header.extra)
        model, known = model_for(name)
        found.append(Opponent(name, model, known))
    return found[0], found[1]


@dataclass(slots=True)
class MatchAnalysis:
    seats: tuple[int, ...]
    opponents: tuple[Opponent, ...] = ()
    """Per seat analysed, what its chances are valued against."""
    decisions: list[Decision] = field(default_factory=list)
    win_chance: list[tuple[int, float]] = field(default_factory=list)
    """(line, P(seat 0 wins the match) in percent) after every event."""
    deals: list[DealResult] = field(default_factory=list)
    error: LogError | None = None
    """The log's error: the analysis covers the lines before it."""
    complete: bool = True
    """False when cancelled before the end."""
    over: bool = False
    """Whether the log's valid events end the match (a match stopped midway,
    or forfeited by the opponent, has no last event to end it)."""

    def accuracy(self, seat: int) -> float | None:
        """The mean of lichess's move accuracy over the seat's decisions with a choice."""
        scores = [decision.accuracy for decision in self.decisions if decision.seat == seat]
        return sum(scores) / len(scores) if scores else None

    def label_counts(self, seat: int) -> dict[str, int]:
        counts = dict.fromkeys(LABELS, 0)
        for decision in self.decisions:
            if decision.seat == seat and decision.label is not None:
                counts[decision.label] += 1
        return counts


Progress = Callable[[int, int], None]
"""Called with (decisions done, decisions with a choice in all)."""


def analyse_replay(
    replay: Replay,
    seats: Sequence[int] = (0, 1),
    seed: int = 0,
    budget: Budget = ANALYSIS_BUDGET,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> MatchAnalysis:
    """The analysis of a replayed log's valid events, for ``seats``.

    Deterministic for a replay and ``seed``. ``cancelled`` is asked between
    decisions; when it answers true the analysis stops there (``complete``
    false)."""
    analysis = MatchAnalysis(seats=tuple(seats), error=replay.error)
    if replay.header is None:
        return analysis
    analysis.over = replay.match is not None and replay.match.is_over
    rules = replay.header.rules
    # Valued against the level that played most of the match, if a Continue changed it.
    played = levels_played(replay.header.extra, replay.events)
    opponents = opponents_of(replay.header, level_of_record(played))
    analysis.opponents = tuple(opponents[seat] for seat in seats)
    states = positions(replay)
    events = replay.events
    evaluators = {seat: SeatEvaluator(seat, rules, seed, budget, opponents[seat].model) for seat in seats}
    # The graph is seen from one seat, with that seat's model of its
    # opponent (seat 0 when analysed): mixing the two seats' models would
    # make it jump at every change of decider.
    graph_seat = 0 if 0 in seats else seats[0]
    total = sum(
        1
        for event, before in zip(events, states, strict=False)
        if event.type != EventType.DEAL and event.player in evaluators and len(before.legal_actions()) > 1
    )
    done = 0
    if progress is not None:
        progress(done, total)
    value = match_value(rules, opponents[graph_seat].model)
    last = 50.0
    pending: list[int] = []
    deal_number = 0
    for index, event in enumerate(events):
        before, after = states[index], states[index + 1]
        if event.type == EventType.DEAL:
            deal_number += 1
            analysis.deals.append(_deal_result(deal_number, event, states, index, rules))
            pending.append(event.line)
        else:
            assert event.player is not None and event.action is not None
            seat, action = event.player, event.action
            evaluator = evaluators.get(seat)
            legal = before.legal_actions()
            view = before.view(seat)
            if evaluator is None:
                pending.append(event.line)
            elif len(legal) == 1:
                evaluator.skip(view, action)
                pending.append(event.line)
            else:
                if cancelled is not None and cancelled():
                    analysis.complete = False
                    break
                evaluation = evaluator.evaluate(view, legal, action)
                evaluator.observe(view, action)
                decision = _decision(event.line, seat, action, evaluation, view.trump, before.rules.ace_high)
                done += 1
                if decision is None:  # pragma: no cover - the evaluator values the option chosen
                    pending.append(event.line)
                    continue
                analysis.decisions.append(decision)
                if progress is not None:
                    progress(done, total)
                if seat != graph_seat:
                    pending.append(event.line)
                else:
                    # The position before this decision, as the decider saw it.
                    best = _for_seat_zero(seat, evaluation.best.win)
                    analysis.win_chance.extend((line, best) for line in pending)
                    pending = []
                    chosen = next(option for option in decision.options if option.action == action)
                    last = _for_seat_zero(seat, chosen.win)
                    analysis.win_chance.append((event.line, last))
                    continue
        if after.current_player is None:
            last = _settled(after, value, graph_seat)
            analysis.win_chance.extend((line, last) for line in pending)
            pending = []
    analysis.win_chance.extend((line, last) for line in pending)
    analysis.win_chance.sort()
    return analysis


def positions(replay: Replay) -> list[Match]:
    """The match before the first valid event and after each one.

    The one place the analysis reads the log's fold, through the log
    reader's public API."""
    return replay_states(replay)


def _for_seat_zero(seat: int, win: float) -> float:
    return win if seat == 0 else 100.0 - win


def _settled(match: Match, value: MatchValue, seat: int) -> float:
    """P(seat 0 wins) when no one is to decide: the match is over, or a
    deal is due (known from the score alone, as ``seat`` values it)."""
    if match.winner is not None:
        return 100.0 if match.winner == 0 else 0.0
    other = 1 - seat
    score = match.score
    games = match.games_won
    i_deal = match.next_dealer == seat
    mine, theirs = (0, 0) if game_won(max(score), match.rules) else (score[seat], score[other])
    # A game that just ended leaves the next to begin at 0-0.
    chance = 100.0 * value.before_deal(mine, theirs, games[seat], games[other], i_deal)
    return _for_seat_zero(seat, chance)


def _decision(
    line: int, seat: int, action: Action, evaluation: Evaluation, trump: int, ace_high: bool
) -> Decision | None:
    ranked = evaluation.ranked()
    chosen_index = evaluation.index_of(action)
    if chosen_index is None:
        return None
    chosen = evaluation.options[chosen_index]
    best = evaluation.best
    loss = max(0.0, best.win - chosen.win)
    loss_se = evaluation.loss_se(chosen_index)
    return Decision(
        line=line,
        seat=seat,
        phase=evaluation.phase,
        chosen=action,
        options=tuple(ranked),
        best=best.action,
        loss=loss,
        loss_se=loss_se,
        label=label_for(loss, loss_se),
        trump=trump,
        ace_high=ace_high,
    )


def _deal_result(number: int, event: LogEvent, states: list[Match], index: int, rules: Rules) -> DealResult:
    """The deal starting at ``events[index]``: its tricks as played and
    with all cards known."""
    dealt = states[index + 1]
    record = dealt.deals[-1] if dealt.deals else None
    dealer = dealt.dealer
    open_tricks: tuple[int, int] | None = None
    open_points: tuple[int, int] | None = None
    played: tuple[int, int] | None = None
    in_deal = list(takewhile(lambda state: len(state.deals) == len(dealt.deals), states[index + 1 :]))
    ended = in_deal[-1].deals[-1] if in_deal[-1].deals else None
    # A game ended on the king's point before any card (elder announcing
    # before the first lead): the tricks never began, as with a turned-up
    # king, and there are none to solve.
    never_began = (
        ended is not None
        and ended.ended_game is not None
        and ended.tricks is None
        and not any(state.trick or state.tricks for state in in_deal)
    )
    for state in [] if never_began else in_deal:
        if state.phase == Phase.TRICKS and not state.tricks and not state.trick:
            elder = 1 - state.dealer
            solver = solver_for(state.trump, rules.ace_high, rules.must_trump)
            elder_tricks = solver.lead_tricks(state.hands[elder], state.hands[state.dealer])
            tricks = [0, 0]
            tricks[elder] = elder_tricks
            tricks[state.dealer] = 5 - elder_tricks
            open_tricks = (tricks[0], tricks[1])
            winner = 0 if tricks[0] >= 3 else 1
            points = [0, 0]
            points[winner] = trick_points(tricks[winner], state.liable == 1 - winner, rules)
            open_points = (points[0], points[1])
            break
    if record is not None:
        last = states[-1]
        if len(last.deals) >= len(dealt.deals):
            final = last.deals[len(dealt.deals) - 1]
            if final.tricks is not None:
                played = (final.tricks[0], final.tricks[1])
    game, in_game = len(dealt.games), dealt.deal_in_game()
    return DealResult(number, game, in_game, event.line, dealer, played, open_tricks, open_points)


# ------------------------------------------------------------------ JSON


def _round(value: float) -> float:
    return round(value, 1)


def analysis_json(analysis: MatchAnalysis) -> dict[str, Any]:
    """The object ``ecarte analyse --json`` prints (``docs/analysis.md``)."""
    return {
        "seats": list(analysis.seats),
        "decisions": [
            {
                "line": decision.line,
                "seat": decision.seat,
                "phase": str(decision.phase),
                "chosen": decision.chosen.to_json(),
                "options": [
                    {
                        "action": option.action.to_json(),
                        "win": _round(option.win),
                        "se": _round(option.se),
                        **({} if option.tricks is None else {"tricks": round(option.tricks, 2)}),
                    }
                    for option in decision.options
                ],
                "best": decision.best.to_json(),
                "loss": _round(decision.loss),
                "label": decision.label,
            }
            for decision in analysis.decisions
        ],
        "accuracy": [_maybe_round(analysis.accuracy(seat)) for seat in analysis.seats],
        "labels": [analysis.label_counts(seat) for seat in analysis.seats],
        "win_chance": [[line, _round(chance)] for line, chance in analysis.win_chance],
        "deals": [
            {
                "deal": deal.number,
                "game": deal.game,
                "deal_in_game": deal.in_game,
                "line": deal.line,
                "dealer": deal.dealer,
                "tricks": None if deal.tricks is None else list(deal.tricks),
                "all_cards_known": None
                if deal.open_tricks is None or deal.open_points is None
                else {"tricks": list(deal.open_tricks), "points": list(deal.open_points)},
            }
            for deal in analysis.deals
        ],
        "error": None
        if analysis.error is None
        else {"line": analysis.error.line, "message": analysis.error.message},
        "opponents": [
            {"seat": seat, "player": opponent.player, "model": opponent.model.name, "known": opponent.known}
            for seat, opponent in zip(analysis.seats, analysis.opponents, strict=False)
        ],
        "complete": analysis.complete,
        "over": analysis.over,
    }


def _maybe_round(value: float | None) -> float | None:
    return None if value is None else _round(value)


# ------------------------------------------------------------------ hints


def hint(replay: Replay, seed: int = 0, budget: Budget = ANALYSIS_BUDGET) -> Evaluation | None:
    """The options of the decision due after a log's valid events, for the
    seat to move, from what that seat has seen: its earlier views and
    decisions are shown to the evaluator first, as the expert remembers
    them. ``None`` when no one is to decide (a deal is due, the match is
    over) or without a valid header. For the app's hint, in a worker.

    The numbers are those ``analyse_replay`` with the same ``seed`` gives
    the decision once it is in the log (the same opponent model, the same
    position seed), unless the player then picks a discard the evaluator
    did not value: the analysis values it too, which changes the sampling."""
    if replay.header is None:
        return None
    states = positions(replay)
    now = states[-1]
    seat = now.current_player
    if seat is None:
        return None
    opponent = opponents_of(replay.header, level_now(replay.header.extra, replay.events))[seat]
    evaluator = SeatEvaluator(seat, replay.header.rules, seed, budget, opponent.model)
    for event, before in zip(replay.events, states, strict=False):
        if event.type != EventType.DEAL and event.player == seat and event.action is not None:
            evaluator.skip(before.view(seat), event.action)
    return evaluator.evaluate(now.view(seat), now.legal_actions())
