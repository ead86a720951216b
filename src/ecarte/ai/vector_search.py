"""Card play over the worlds we cannot tell apart (vector minimax).

The expert's card play samples the other hand and solves each sample with
both hands in sight (``solver``), then averages. That average lets our
later cards differ from one sampled world to another even where we could
not tell those worlds apart when playing them: *strategy fusion* (Frank
and Basin, 1998). This search removes it on our side.

It searches all the worlds at once (the other's possible hands, each with
its weight). The value of a node is a vector: the tricks we end the deal
with in each world still possible there.

- At our turn, the worlds of the node are the ones we cannot tell apart:
  every card the other has played so far is common to them. We choose
  **one** card for all of them: the one whose vector is worth most, the
  weighted sum over the worlds of the match-win value of its tricks
  (``leaf``), more tricks breaking ties.
- At the other's turn, each world keeps the card that is worst for us in
  that world, as if the other saw everything (as the solver assumes). The
  card it plays tells us something: after it, the node holds only the
  worlds where that card could be played (held, and legal as a reply).

A node with one world left is solved by the exact solver. Nodes are
memoised on our hand, the other's cards played since the root, the set of
worlds (a bitmask of their indices), the tricks taken and the card led.

The vector is the exact value of the strategy it chooses against an other
that sees everything and answers it world by world; so it is never more
than the average of the per-world solutions (which fuse strategies), and
with one world it is the solver's value. It is not always the best
strategy against such an other (the other's choice of card in one world
decides which worlds share our next decision: Frank and Basin's
*non-locality*); the tests compare it with brute force over our strategies.

The rules are the engine's, through the solver: ``TrickSolver.replies``
calls ``tricks.legal_replies`` and ``TrickSolver.leader_takes`` reads the
table ``tricks.leader_wins`` filled.
"""

from __future__ import annotations

from collections.abc import Sequence

from ecarte.engine.cards import cards_in  # the set bits of a mask: cards, and here worlds too

from .solver import TrickSolver

Vector = dict[int, int]
"""World index -> the tricks we end the deal with in that world."""

TIE_BREAK = 1e-6
"""Weight of the expected tricks beside the expected value (more tricks win ties)."""


class VectorSearch:
    """One decision's search over the worlds ``hands`` (the other's possible
    hands now, with their ``weights``), for a deal valued by ``leaf``
    (match-win value by the tricks we end with, 0 to 5)."""

    __slots__ = ("_all", "_hands", "_leaf", "_memo", "_solver", "_weights")

    def __init__(
        self, solver: TrickSolver, hands: Sequence[int], weights: Sequence[float], leaf: Sequence[float]
    ) -> None:
        self._solver = solver
        self._hands = tuple(hands)
        self._weights = tuple(weights)
        self._leaf = tuple(leaf)
        self._all = (1 << len(self._hands)) - 1
        self._memo: dict[tuple[int, int, int, int, int], tuple[Vector, int]] = {}

    # ------------------------------------------------------------ the root

    def after_lead(self, mine: int, taken: int, card: int) -> list[int]:
        """Tricks we end with in each world (in order) when we lead ``card``
        from ``mine``, having taken ``taken`` tricks, and play on by the
        search."""
        vector = self._after_our_lead(mine, 0, self._all, taken, card)
        return [vector[world] for world in range(len(self._hands))]

    def after_reply(self, mine: int, taken: int, led: int, card: int) -> list[int]:
        """The same when we answer their ``led`` with ``card``."""
        vector = self._after_our_reply(mine, 0, self._all, taken, led, card)
        return [vector[world] for world in range(len(self._hands))]

    def lead_choice(self, mine: int, played: int, worlds: int, taken: int) -> int:
        """The card the search leads at the node (worlds given as a mask of
        indices, ``played`` the other's cards since the root)."""
        return self._our_lead(mine, played, worlds, taken)[1]

    def reply_choice(self, mine: int, played: int, worlds: int, taken: int, led: int) -> int:
        """The card the search answers ``led`` with at the node (``led`` is
        in ``played``)."""
        return self._our_reply(mine, played, worlds, taken, led)[1]

    # ------------------------------------------------------------ the nodes

    def _score(self, vector: Vector) -> float:
        leaf = self._leaf
        weights = self._weights
        value = 0.0
        tricks = 0.0
        for world, got in vector.items():
            value += weights[world] * leaf[got]
            tricks += weights[world] * got
        return value + TIE_BREAK * tricks

    def _our_lead(self, mine: int, played: int, worlds: int, taken: int) -> tuple[Vector, int]:
        """Our lead, one card for all ``worlds``."""
        key = (0, mine, played, worlds, taken << 5)
        found = self._memo.get(key)
        if found is not None:
            return found
        best: Vector = {}
        best_card = -1
        best_score = -1.0
        for card in cards_in(mine):
            vector = self._after_our_lead(mine, played, worlds, taken, card)
            score = self._score(vector)
            if score > best_score:
                best, best_card, best_score = vector, card, score
        self._memo[key] = best, best_card
        return best, best_card

    def _after_our_lead(self, mine: int, played: int, worlds: int, taken: int, card: int) -> Vector:
        """We lead ``card``; in each world the other answers as suits it."""
        solver = self._solver
        hands = self._hands
        rest = mine & ~(1 << card)
        if worlds & (worlds - 1) == 0:
            world = worlds.bit_length() - 1
            return {world: taken + solver.after_lead(mine, hands[world] & ~played, card)}
        by_reply: dict[int, int] = {}
        for world in cards_in(worlds):
            for reply in cards_in(solver.replies(hands[world] & ~played, card)):
                by_reply[reply] = by_reply.get(reply, 0) | 1 << world
        result: Vector = {}
        for reply, group in by_reply.items():
            after = played | 1 << reply
            if solver.leader_takes(card, reply):
                vector = self._our_lead(rest, after, group, taken + 1)[0] if rest else _flat(group, taken + 1)
            else:
                vector = self._their_lead(rest, after, group, taken) if rest else _flat(group, taken)
            for world, got in vector.items():
                if got < result.get(world, 6):
                    result[world] = got
        return result

    def _their_lead(self, mine: int, played: int, worlds: int, taken: int) -> Vector:
        """The other leads; in each world it leads what suits it there."""
        key = (1, mine, played, worlds, taken << 5)
        found = self._memo.get(key)
        if found is not None:
            return found[0]
        solver = self._solver
        hands = self._hands
        if worlds & (worlds - 1) == 0:
            world = worlds.bit_length() - 1
            theirs = hands[world] & ~played
            result = {world: taken + mine.bit_count() - solver.lead_tricks(theirs, mine)}
        else:
            by_lead: dict[int, int] = {}
            for world in cards_in(worlds):
                for led in cards_in(hands[world] & ~played):
                    by_lead[led] = by_lead.get(led, 0) | 1 << world
            result = {}
            for led, group in by_lead.items():
                vector = self._our_reply(mine, played | 1 << led, group, taken, led)[0]
                for world, got in vector.items():
                    if got < result.get(world, 6):
                        result[world] = got
        self._memo[key] = result, -1
        return result

    def _our_reply(self, mine: int, played: int, worlds: int, taken: int, led: int) -> tuple[Vector, int]:
        """Our answer to ``led``, one card for all ``worlds``."""
        key = (2, mine, played, worlds, taken << 5 | led)
        found = self._memo.get(key)
        if found is not None:
            return found
        best: Vector = {}
        best_card = -1
        best_score = -1.0
        for card in cards_in(self._solver.replies(mine, led)):
            vector = self._after_our_reply(mine, played, worlds, taken, led, card)
            score = self._score(vector)
            if score > best_score:
                best, best_card, best_score = vector, card, score
        self._memo[key] = best, best_card
        return best, best_card

    def _after_our_reply(
        self, mine: int, played: int, worlds: int, taken: int, led: int, card: int
    ) -> Vector:
        rest = mine & ~(1 << card)
        if self._solver.leader_takes(led, card):
            if not rest:
                return _flat(worlds, taken)
            return self._their_lead(rest, played, worlds, taken)
        if not rest:
            return _flat(worlds, taken + 1)
        return self._our_lead(rest, played, worlds, taken + 1)[0]


def _flat(worlds: int, taken: int) -> Vector:
    return dict.fromkeys(cards_in(worlds), taken)
