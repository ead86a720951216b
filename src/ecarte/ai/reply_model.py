"""Trick play against an opponent who replies by the textbook.

The solver (``solver``) assumes the other replies to each lead with its
best card. A player who keeps to the textbook does not: it takes a trick
with its cheapest winning card whenever it can, and otherwise throws its
lowest card. Against such a player the expert could aim its leads at that
habit (leads it knows will be taken cheaply, to make it throw the low cards
that guard its aces, say). This search gives the tricks each side takes
with both hands known when the other's replies are the textbook's
(``classic.textbook_reply``) and every other card, ours and the other's
leads, is chosen best for its side.

The expert uses it only when told (``ExpertPlayer.textbook_replies``):
against the textbook player itself it gained nothing measurable (docs/ai.md,
"The other's replies by the textbook"), since the hands it aims at are
guessed, and a line that fells a guarded ace needs the hand it was planned
for.
"""

from __future__ import annotations

from ecarte.engine.cards import SUIT_MASKS, beaters, cards_in, power_table
from ecarte.engine.tricks import legal_replies

from .classic import textbook_reply
from .solver import TrickSolver

_CACHE_LIMIT = 200_000
"""Positions kept before the table starts again."""


class ModelledReplySolver:
    """``TrickSolver``'s questions, answered with the other's replies by the
    textbook; ``after_lead`` and ``after_reply`` as there."""

    def __init__(self, solver: TrickSolver, ace_high: bool) -> None:
        self.trump = solver.trump
        self.must_trump = solver.must_trump
        self._power = power_table(ace_high)
        self._beaters = beaters(ace_high)
        self._wins = solver.wins_table
        self._cache: dict[int, int] = {}
        self._replies: dict[int, int] = {}

    def their_reply(self, theirs: int, led: int) -> int:
        """The card the textbook replies to ``led`` from ``theirs``
        (remembered: the same question comes up across many positions)."""
        key = theirs << 5 | led
        reply = self._replies.get(key)
        if reply is None:
            playable = legal_replies(theirs, led, self.trump, self._beaters, self.must_trump)
            reply = textbook_reply(theirs, playable, led, self.trump, self._power, self._beaters)
            if len(self._replies) > _CACHE_LIMIT:
                self._replies.clear()
            self._replies[key] = reply
        return reply

    def mine_to_lead(self, mine: int, theirs: int) -> int:
        """Tricks I take from here, leading, hands ``mine`` and ``theirs``."""
        if not mine:
            return 0
        key = mine | theirs << 32 | 1 << 64
        cache = self._cache
        value = cache.get(key)
        if value is not None:
            return value
        n = mine.bit_count()
        beat = self._beaters
        best = 0
        tried = 0
        for led in cards_in(mine):
            led_bit = 1 << led
            # A card next to one already tried (none of theirs between them)
            # draws the same reply and leads to the same result.
            same = tried & SUIT_MASKS[led >> 3]
            tried |= led_bit
            if any(not theirs & (beat[led] ^ beat[other]) for other in cards_in(same)):
                continue
            got = self.after_lead(mine, theirs, led)
            if got > best:
                best = got
                if best == n:
                    break
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        cache[key] = best
        return best

    def theirs_to_lead(self, mine: int, theirs: int) -> int:
        """Tricks I take from here when the other leads."""
        if not mine:
            return 0
        key = mine | theirs << 32
        cache = self._cache
        value = cache.get(key)
        if value is not None:
            return value
        worst = mine.bit_count()
        for led in cards_in(theirs):
            rest = theirs & ~(1 << led)
            best = 0
            for reply in cards_in(legal_replies(mine, led, self.trump, self._beaters, self.must_trump)):
                got = self.after_reply(mine, rest, led, reply)
                if got > best:
                    best = got
                    if best >= worst:
                        break  # this lead cannot hold me to fewer
            if best < worst:
                worst = best
                if not worst:
                    break
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        cache[key] = worst
        return worst

    def after_lead(self, mine: int, theirs: int, led: int) -> int:
        """Tricks I take leading ``led``, this trick included."""
        reply = self.their_reply(theirs, led)
        rest_mine = mine & ~(1 << led)
        rest_theirs = theirs & ~(1 << reply)
        if self._wins[led << 5 | reply]:
            return 1 + self.mine_to_lead(rest_mine, rest_theirs)
        return self.theirs_to_lead(rest_mine, rest_theirs)

    def after_reply(self, mine: int, theirs: int, led: int, reply: int) -> int:
        """Tricks I take replying ``reply`` to their ``led``, this trick
        included; ``theirs`` is their hand after leading."""
        rest_mine = mine & ~(1 << reply)
        if self._wins[led << 5 | reply]:
            return self.theirs_to_lead(rest_mine, theirs)
        return 1 + self.mine_to_lead(rest_mine, theirs)


_MODELLED: dict[tuple[int, bool, bool], ModelledReplySolver] = {}


def modelled_for(solver: TrickSolver, ace_high: bool) -> ModelledReplySolver:
    """A shared modelled solver for ``solver``'s trump and rules."""
    key = (solver.trump, ace_high, solver.must_trump)
    modelled = _MODELLED.get(key)
    if modelled is None:
        modelled = _MODELLED[key] = ModelledReplySolver(solver, ace_high)
    return modelled
