"""An exact solver for the trick play with both hands known.

With both hands in sight, écarté's five tricks are a tiny two-player game:
the follower's replies are forced by the rules (follow, beat, trump), so the
tree from five cards each has at most a few hundred distinct positions. The
solver searches it over hand bitmasks with memoisation and returns the
number of tricks the player to lead takes with best play on both sides.

Maximising tricks is also right for any goal that only grows with one's
tricks (points, the chance of winning the match): with perfect information,
the minimax of a non-decreasing function of the outcome is that function of
the minimax outcome. The expert player averages over the opponent hands it
samples (see ``sampling``), which is where its goals enter.

The rules themselves come from the engine: ``tricks.legal_replies`` and
``tricks.leader_wins`` are the definitions. Who wins a trick is read from a
table the engine's ``leader_wins`` fills; which replies are allowed is the
one rule written twice: the inner loop of ``lead_tricks`` inlines
``legal_replies`` over the engine's tables (``cards.beaters``,
``SUIT_MASKS``), since a call there costs a large share of the search. The
tests check the solver against plain minimax over the engine's functions
on many random positions (``tests/test_ai_expert.py``).

Positions of four or five cards a hand are remembered by their *shape*
rather than their cards: in each suit, the order of power in which the two
hands hold their cards (cards neither holds change nothing), with the three
plain suits in any order (they are alike) and the trump suit apart. Two
positions of the same shape have the same value whatever the cards and
whichever suit is trumps, so one table serves every trump of a rule set and
every decision of the process. The sampled deals of an exchange decision
differ in their cards but mostly not in their shape: solving a dealt hand
then costs a few dictionary look-ups (``benchmarks/ai_latency.py``;
docs/ai.md, "Solving by shape").
"""

from __future__ import annotations

from ecarte.engine.cards import SUIT_MASKS, beaters, cards_in, power_table
from ecarte.engine.tricks import leader_wins, legal_replies

_CACHE_LIMIT = 100_000
"""Positions kept by their cards (three cards a hand or fewer) before the
table starts again."""
SHAPE_FROM = 4
"""Positions with this many cards a hand or more are kept by their shape."""
_SHAPE_LIMIT = 1_000_000
"""Shapes kept before the table starts again: far more than écarté has
(about ten thousand turn up in two hundred thousand random deals)."""
_SHAPES: dict[tuple[bool, bool], dict[int, int]] = {}
"""Values by shape, one table per rule set (rank order, must trump)."""
_SUIT_SHAPES: dict[bool, dict[int, int]] = {}
"""Per rank order: the code of one suit's shape, by ``held << 8 | leader's``."""


class TrickSolver:
    """Perfect-information trick play for one trump suit and rule set."""

    __slots__ = (
        "_beaters",
        "_cache",
        "_power",
        "_rank_order",
        "_shapes",
        "_suit_shapes",
        "_trump_mask",
        "must_trump",
        "trump",
        "wins_table",
    )

    def __init__(self, trump: int, ace_high: bool, must_trump: bool) -> None:
        self.trump = trump
        self.must_trump = must_trump
        self._beaters = beaters(ace_high)
        self._power = power_table(ace_high)
        self._trump_mask = SUIT_MASKS[trump]
        self._cache: dict[int, int] = {}
        self._shapes = _SHAPES.setdefault((ace_high, must_trump), {})
        self._suit_shapes = _SUIT_SHAPES.setdefault(ace_high, {})
        self._rank_order = sorted(range(8), key=lambda rank: self._power[rank])
        # 1 where the led card (index // 32) beats the reply (index % 32).
        self.wins_table = tuple(
            int(leader_wins(led, reply, trump, self._power)) for led in range(32) for reply in range(32)
        )
        """1 at ``led << 5 | reply`` where the led card takes the trick (the
        engine's ``leader_wins``; ``reply_model`` reads it too)."""

    def replies(self, hand: int, led: int) -> int:
        """The engine's ``legal_replies`` for this trump and rule set."""
        return legal_replies(hand, led, self.trump, self._beaters, self.must_trump)

    def lead_tricks(self, leader: int, follower: int) -> int:
        """Tricks the leader takes from here with best play by both, when
        the leader holds ``leader`` and the follower ``follower`` (masks of
        the same size)."""
        if leader.bit_count() >= SHAPE_FROM:
            return self._by_shape(leader, follower)
        return self._search(leader, follower)

    def _by_shape(self, leader: int, follower: int) -> int:
        """``lead_tricks``, looked up by the position's shape (module doc)."""
        suit_shapes = self._suit_shapes
        trump = self.trump
        plain: list[int] = []
        trump_code = 0
        for suit in range(4):
            shift = suit << 3
            leaders = leader >> shift & 0xFF
            index = (leaders | follower >> shift & 0xFF) << 8 | leaders
            code = suit_shapes.get(index)
            if code is None:
                code = suit_shapes[index] = _suit_shape(index >> 8, leaders, self._rank_order)
            if suit == trump:
                trump_code = code
            else:
                plain.append(code)
        plain.sort()
        # A suit's code is below 1 << 9: one marker bit and one bit a card.
        key = trump_code | plain[0] << 9 | plain[1] << 18 | plain[2] << 27
        shapes = self._shapes
        value = shapes.get(key)
        if value is None:
            value = self._search(leader, follower)
            if len(shapes) > _SHAPE_LIMIT:
                shapes.clear()
            shapes[key] = value
        return value

    def _search(self, leader: int, follower: int) -> int:
        """``lead_tricks`` by searching the position; one of fewer than
        ``SHAPE_FROM`` cards a hand is remembered by its cards (the larger
        ones by their shape, in ``_by_shape``)."""
        if not leader:
            return 0
        n = leader.bit_count()
        by_cards = n < SHAPE_FROM
        key = leader | follower << 32
        cache = self._cache
        if by_cards:
            value = cache.get(key)
            if value is not None:
                return value
        wins = self.wins_table
        if n == 1:
            value = wins[(leader.bit_length() - 1) << 5 | (follower.bit_length() - 1)]
            cache[key] = value
            return value
        beat = self._beaters
        trump_mask = self._trump_mask
        must_trump = self.must_trump
        next_solve = self._by_shape if n - 1 >= SHAPE_FROM else self._search
        best = -1
        leads = leader
        tried = 0
        while leads:
            led_bit = leads & -leads
            leads ^= led_bit
            led = led_bit.bit_length() - 1
            suit_mask = SUIT_MASKS[led >> 3]
            # A card next to one already tried (no card of the follower's
            # between them) leads to the same result: skip it.
            same = tried & suit_mask
            tried |= led_bit
            if same:
                equivalent = False
                while same:
                    other = same & -same
                    same ^= other
                    if not follower & (beat[led] ^ beat[other.bit_length() - 1]):
                        equivalent = True
                        break
                if equivalent:
                    continue
            # The engine's tricks.legal_replies, inlined for speed (see the
            # module doc; tested against the engine's function).
            follow = follower & suit_mask
            if follow:
                replies = follow & beat[led] or follow
            elif must_trump and follower & trump_mask:
                replies = follower & trump_mask
            else:
                replies = follower
            rest_leader = leader ^ led_bit
            row = led << 5
            worst = n + 1
            answered = 0
            others = rest_leader | led_bit
            while replies:
                low = replies & -replies
                replies ^= low
                reply = low.bit_length() - 1
                same = answered & SUIT_MASKS[reply >> 3]
                answered |= low
                if same:
                    equivalent = False
                    while same:
                        other = same & -same
                        same ^= other
                        if not others & (beat[reply] ^ beat[other.bit_length() - 1]):
                            equivalent = True
                            break
                    if equivalent:
                        continue
                rest_follower = follower ^ low
                if n == 2:
                    # The last trick, inline: whoever won this one leads it.
                    last_leader = rest_leader.bit_length() - 1
                    last_follower = rest_follower.bit_length() - 1
                    if wins[row | reply]:
                        got = 1 + wins[last_leader << 5 | last_follower]
                    else:
                        got = 1 - wins[last_follower << 5 | last_leader]
                elif wins[row | reply]:
                    got = 1 + next_solve(rest_leader, rest_follower)
                else:
                    got = n - 1 - next_solve(rest_follower, rest_leader)
                if got < worst:
                    worst = got
                    # The follower has a reply at least as good as the
                    # leader's best other lead: this lead cannot be better.
                    if worst <= best:
                        break
            if worst > best:
                best = worst
                if best == n:
                    break
        if by_cards:
            if len(cache) > _CACHE_LIMIT:
                cache.clear()
            cache[key] = best
        return best

    def _wins(self, led: int, reply: int) -> bool:
        return bool(self.wins_table[led << 5 | reply])

    def leader_takes(self, led: int, reply: int) -> bool:
        """Whether ``led`` takes the trick against ``reply`` (the engine's
        ``leader_wins``, read from the table it filled)."""
        return bool(self.wins_table[led << 5 | reply])

    def after_lead(self, leader: int, follower: int, led: int) -> int:
        """Tricks the leader takes from here (this trick included) when leading
        ``led`` and both then play perfectly."""
        replies = self.replies(follower, led)
        n = leader.bit_count()
        rest_leader = leader & ~(1 << led)
        worst = n
        for reply in cards_in(replies):
            got = self.after_trick(rest_leader, follower & ~(1 << reply), self._wins(led, reply))
            if got < worst:
                worst = got
        return worst

    def after_trick(self, mine: int, theirs: int, i_won: bool) -> int:
        """Tricks I take from a trick just finished (counted) to the end, given
        the hands left."""
        if i_won:
            return 1 + self.lead_tricks(mine, theirs)
        return mine.bit_count() - self.lead_tricks(theirs, mine)

    def after_reply(self, mine: int, theirs: int, led: int, reply: int) -> int:
        """Tricks I take, replying ``reply`` (from ``mine``) to their ``led``,
        this trick included; ``theirs`` is their hand after leading."""
        return self.after_trick(mine & ~(1 << reply), theirs, not self._wins(led, reply))


def _suit_shape(held: int, leaders: int, rank_order: list[int]) -> int:
    """One suit's shape as a number: a marker bit, then for each card either
    hand holds, weakest first, 1 if it is the leader's."""
    code = 1
    for rank in rank_order:
        if held >> rank & 1:
            code = code << 1 | (leaders >> rank & 1)
    return code


_SOLVERS: dict[tuple[int, bool, bool], TrickSolver] = {}


def solver_for(trump: int, ace_high: bool, must_trump: bool) -> TrickSolver:
    """A shared solver (its cache of positions survives between decisions)."""
    key = (trump, ace_high, must_trump)
    solver = _SOLVERS.get(key)
    if solver is None:
        solver = _SOLVERS[key] = TrickSolver(trump, ace_high, must_trump)
    return solver
