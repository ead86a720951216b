"""The card play over the worlds we cannot tell apart (``vector_search``):
with one world it is the exact solver; with several, its values are those
of a real strategy of ours (one card per information set) against an other
who sees everything, checked by brute force over the engine's rules; it
never does better than the best such strategy, and it is that best where
no later choice is left; the expert using it stays legal and deterministic."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product

from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.solver import TrickSolver
from ecarte.ai.vector_search import VectorSearch
from ecarte.engine.actions import CARD, Action
from ecarte.engine.cards import beaters, cards_in, parse_card, power_table
from ecarte.engine.rules import Rules
from ecarte.engine.tricks import leader_wins, legal_replies
from ecarte.engine.view import View
from match_support import play_seeded_match
from test_ai_expert import cards, endgame_view, trick

# A match-win value by tricks that is not linear: three tricks matter most.
LEAF = (0.0, 0.01, 0.02, 0.9, 0.91, 1.0)


def random_position(rng: random.Random, size: int, worlds: int) -> tuple[int, int, list[int], bool, bool]:
    """Trump, our hand, the other's possible hands (distinct), ace high, must trump."""
    trump = rng.randrange(4)
    # A small pool, so that the worlds share cards and the information sets
    # hold several worlds.
    pool = rng.sample(range(32), size * 2 + rng.randint(1, 3))
    mine = sum(1 << card for card in pool[:size])
    rest = pool[size:]
    hands: set[int] = set()
    for _ in range(worlds * 4):
        if len(hands) == worlds:
            break
        hands.add(sum(1 << card for card in rng.sample(rest, size)))
    return trump, mine, sorted(hands), rng.random() < 0.5, rng.random() < 0.5


@dataclass
class InfoSet:
    """One decision of ours with a choice: what we hold and have seen there."""

    options: list[int]
    worlds: int
    """The worlds that can reach it (a mask of their indices)."""
    mine: int
    played: int
    """The other's cards played since the root."""
    taken: int
    led: int
    """Their led card when we answer it; -1 when we lead."""


class BruteForce:
    """Our pure strategies after leading one card, evaluated world by world
    against an other who sees our cards and our strategy, by plain recursion
    over the engine's ``legal_replies`` and ``leader_wins``. An information
    set is the sequence of cards played since the root: all we observe."""

    def __init__(self, trump: int, ace_high: bool, must_trump: bool, mine: int, hands: list[int]) -> None:
        self.trump = trump
        self.beaters = beaters(ace_high)
        self.power = power_table(ace_high)
        self.must_trump = must_trump
        self.mine = mine
        self.hands = hands

    def legal(self, hand: int, led: int) -> list[int]:
        return cards_in(legal_replies(hand, led, self.trump, self.beaters, self.must_trump))

    def leader_wins(self, led: int, reply: int) -> bool:
        return leader_wins(led, reply, self.trump, self.power)

    # The state: (mine, theirs, taken, whose turn, led card or -1, history).

    def information_sets(self, card: int) -> dict[tuple[int, ...], InfoSet]:
        """Each of our decisions with a choice after leading ``card``: its
        options, the worlds that can reach it, and where it stands."""
        found: dict[tuple[int, ...], InfoSet] = {}
        for world, hand in enumerate(self.hands):
            self._walk(world, self.mine & ~(1 << card), hand, 0, "reply", card, (card,), 0, found)
        return found

    def _walk(
        self,
        world: int,
        mine: int,
        theirs: int,
        taken: int,
        turn: str,
        led: int,
        history: tuple[int, ...],
        played: int,
        found: dict[tuple[int, ...], InfoSet],
    ) -> None:
        if turn == "reply":  # they answer our led card
            for reply in self.legal(theirs, led):
                rest, after = theirs & ~(1 << reply), played | 1 << reply
                if self.leader_wins(led, reply):
                    self._walk(world, mine, rest, taken + 1, "lead", -1, (*history, reply), after, found)
                else:
                    self._walk(world, mine, rest, taken, "their lead", -1, (*history, reply), after, found)
        elif turn == "their lead":
            for their_card in cards_in(theirs):
                rest, after = theirs & ~(1 << their_card), played | 1 << their_card
                self._walk(
                    world, mine, rest, taken, "answer", their_card, (*history, their_card), after, found
                )
        elif turn in ("lead", "answer"):
            if not mine:
                return
            options = cards_in(mine) if turn == "lead" else self.legal(mine, led)
            if len(options) > 1:
                entry = found.setdefault(history, InfoSet(options, 0, mine, played, taken, led))
                entry.worlds |= 1 << world
            for choice in options:
                rest = mine & ~(1 << choice)
                if turn == "lead":
                    self._walk(world, rest, theirs, taken, "reply", choice, (*history, choice), played, found)
                elif self.leader_wins(led, choice):
                    self._walk(
                        world, rest, theirs, taken, "their lead", -1, (*history, choice), played, found
                    )
                else:
                    self._walk(world, rest, theirs, taken + 1, "lead", -1, (*history, choice), played, found)

    def last_choice_worth(
        self,
        entry: InfoSet,
        history: tuple[int, ...],
        option: int,
        weights: list[float],
        leaf: tuple[float, ...],
    ) -> float:
        """The weighted value, over the worlds of an information set, of
        playing ``option`` there when every later card of ours is forced."""
        total = 0.0
        turn = "lead" if entry.led == -1 else "answer"
        for world, hand in enumerate(self.hands):
            if entry.worlds >> world & 1:
                theirs = hand & ~entry.played
                got = self._value(
                    entry.mine, theirs, entry.taken, turn, entry.led, history, {history: option}
                )
                total += weights[world] * leaf[got]
        return total

    def value(self, world: int, card: int, strategy: dict[tuple[int, ...], int]) -> int:
        """Tricks we end with in ``world`` after leading ``card`` and playing
        ``strategy``, the other answering it as best it can."""
        return self._value(self.mine & ~(1 << card), self.hands[world], 0, "reply", card, (card,), strategy)

    def _value(
        self,
        mine: int,
        theirs: int,
        taken: int,
        turn: str,
        led: int,
        history: tuple[int, ...],
        strategy: dict[tuple[int, ...], int],
    ) -> int:
        if turn == "reply":
            outcomes = []
            for reply in self.legal(theirs, led):
                rest = theirs & ~(1 << reply)
                if self.leader_wins(led, reply):
                    outcomes.append(
                        self._value(mine, rest, taken + 1, "lead", -1, (*history, reply), strategy)
                    )
                else:
                    outcomes.append(
                        self._value(mine, rest, taken, "their lead", -1, (*history, reply), strategy)
                    )
            return min(outcomes)
        if turn == "their lead":
            if not theirs:
                return taken
            return min(
                self._value(mine, theirs & ~(1 << c), taken, "answer", c, (*history, c), strategy)
                for c in cards_in(theirs)
            )
        if not mine:
            return taken
        options = cards_in(mine) if turn == "lead" else self.legal(mine, led)
        choice = options[0] if len(options) == 1 else strategy[history]
        rest = mine & ~(1 << choice)
        if turn == "lead":
            return self._value(rest, theirs, taken, "reply", choice, (*history, choice), strategy)
        if self.leader_wins(led, choice):
            return self._value(rest, theirs, taken, "their lead", -1, (*history, choice), strategy)
        return self._value(rest, theirs, taken + 1, "lead", -1, (*history, choice), strategy)


def worth(vector: list[int], weights: list[float]) -> float:
    return sum(w * LEAF[t] for w, t in zip(weights, vector, strict=True))


def test_with_one_world_it_is_the_exact_solver() -> None:
    rng = random.Random(1)
    for _ in range(300):
        trump, mine, hands, ace_high, must_trump = random_position(rng, rng.randint(1, 5), 1)
        solver = TrickSolver(trump, ace_high, must_trump)
        search = VectorSearch(solver, hands, [1.0], LEAF)
        for card in cards_in(mine):
            assert search.after_lead(mine, 0, card) == [solver.after_lead(mine, hands[0], card)]


def test_the_same_hand_twice_is_the_exact_solver_in_each() -> None:
    # Two worlds we cannot tell apart because they are the same: choosing
    # one card for both loses nothing, so the search must find the solver's
    # tricks (this goes through the search's own nodes, not the solver's).
    rng = random.Random(2)
    for _ in range(200):
        trump, mine, hands, ace_high, must_trump = random_position(rng, rng.randint(2, 5), 1)
        solver = TrickSolver(trump, ace_high, must_trump)
        search = VectorSearch(solver, [hands[0], hands[0]], [0.5, 0.5], LEAF)
        theirs = hands[0]
        search = VectorSearch(solver, [theirs, theirs], [0.5, 0.5], LEAF)
        for card in cards_in(mine):
            exact = solver.after_lead(mine, theirs, card)
            assert search.after_lead(mine, 0, card) == [exact, exact]
        # The other leads from the same hand: we answer.
        for their_card in cards_in(theirs):
            rest = theirs & ~(1 << their_card)
            search = VectorSearch(solver, [rest, rest], [0.5, 0.5], LEAF)
            for reply in cards_in(legal_replies(mine, their_card, trump, beaters(ace_high), must_trump)):
                exact = solver.after_reply(mine, rest, their_card, reply)
                assert search.after_reply(mine, 0, their_card, reply) == [exact, exact]


def test_its_values_are_those_of_its_own_strategy_and_never_beat_the_best_one() -> None:
    rng = random.Random(3)
    checked = 0
    for _ in range(600):
        size = rng.choice((2, 3, 3, 4))
        trump, mine, hands, ace_high, must_trump = random_position(rng, size, rng.randint(2, 3))
        if len(hands) < 2:
            continue
        weights = [rng.choice((0.25, 1.0)) for _ in hands]
        solver = TrickSolver(trump, ace_high, must_trump)
        search = VectorSearch(solver, hands, weights, LEAF)
        brute = BruteForce(trump, ace_high, must_trump, mine, hands)
        for card in cards_in(mine):
            sets = brute.information_sets(card)
            # The search's own strategy, read at each information set.
            own = {}
            for history, entry in sets.items():
                args = (entry.mine, entry.played, entry.worlds, entry.taken)
                if entry.led == -1:
                    own[history] = search.lead_choice(*args)
                else:
                    own[history] = search.reply_choice(*args, entry.led)
            vector = search.after_lead(mine, 0, card)
            assert vector == [brute.value(world, card, own) for world in range(len(hands))]
            for history, entry in sets.items():
                if entry.mine.bit_count() == 2:
                    # Our last choice: the best card for the worlds there.
                    worths = {
                        option: brute.last_choice_worth(entry, history, option, weights, LEAF)
                        for option in entry.options
                    }
                    assert worths[own[history]] >= max(worths.values()) - 1e-12
            strategies = 1
            for entry in sets.values():
                strategies *= len(entry.options)
            if strategies > 256:
                continue
            best = -1.0
            keys = list(sets)
            for choices in product(*(sets[key].options for key in keys)):
                strategy = dict(zip(keys, choices, strict=True))
                values = [brute.value(world, card, strategy) for world in range(len(hands))]
                best = max(best, worth(values, weights))
            assert worth(vector, weights) <= best + 1e-12
            if size == 2:
                # No choice after the first card: nothing to fuse.
                assert worth(vector, weights) == best
            checked += 1
    # Enough positions small enough to enumerate every strategy of ours.
    assert checked > 300, checked


def test_never_more_than_the_average_of_the_worlds_solved_apart() -> None:
    # Solving each world with both hands in sight lets our later cards
    # depend on the world: an upper bound of any one strategy, world by world.
    rng = random.Random(4)
    for _ in range(200):
        trump, mine, hands, ace_high, must_trump = random_position(rng, rng.randint(2, 5), rng.randint(2, 8))
        solver = TrickSolver(trump, ace_high, must_trump)
        search = VectorSearch(solver, hands, [1.0] * len(hands), LEAF)
        for card in cards_in(mine):
            vector = search.after_lead(mine, 0, card)
            for world, hand in enumerate(hands):
                assert vector[world] <= solver.after_lead(mine, hand, card)


def seeded_match(seed: int, rules: Rules, vector_from_trick: int) -> list[str]:
    players = [ExpertPlayer(seed), ExpertPlayer(seed + 1)]
    for player in players:
        player.vector_from_trick = vector_from_trick
    _, log = play_seeded_match(players, rules, random.Random(seed))
    return [str(action) for _, action in log.decisions]


def test_the_expert_with_it_plays_whole_matches_legally_and_deterministically() -> None:
    # play_seeded_match fails on any illegal action or exception.
    for rules in (Rules(target=2), Rules(target=2, must_trump=False, ace_high=True)):
        assert seeded_match(7, rules, 2) == seeded_match(7, rules, 2)


def decide_with_vector_search(view: View, legal_cards: str) -> Action:
    player = ExpertPlayer(1)
    player.vector_from_trick = 1
    player.start_match(0, Rules())
    return player.decide(view, [Action(CARD, card=card) for card in cards(legal_cards)])


def test_the_expert_with_it_solves_the_worked_endgames() -> None:
    # The endgames of test_ai_expert.py, worked out there by hand, with
    # the card decisions through the vector search.
    tricks = [trick(0, "KC", "7C", 0), trick(0, "8C", "9C", 1), trick(1, "QC", "TC", 1)]
    view = endgame_view("KH 7S", "8H 9D", "H", tricks)
    assert decide_with_vector_search(view, "KH 7S") == Action(CARD, card=parse_card("KH"))
    tricks = [trick(0, "KC", "7C", 0), trick(0, "QC", "8C", 0), trick(0, "JC", "9C", 0)]
    view = endgame_view("KH 7S", "8H 9D", "H", tricks)
    assert decide_with_vector_search(view, "KH 7S") == Action(CARD, card=parse_card("KH"))
    tricks = [trick(0, "KC", "7C", 0), trick(0, "8C", "9C", 1)]
    view = endgame_view("KS TS 7D", "QS 8D", "H", tricks, trick="9S")
    assert decide_with_vector_search(view, "KS TS") == Action(CARD, card=parse_card("TS"))
