"""The expert: the strongest player we can make (issue #3).

It sees only its seat's ``View`` and the legal actions, like every player.
Each decision is a small Monte Carlo search over the hidden cards:

- It draws the opponent hands its view cannot rule out (``sampling``): never
  a card its replies showed it lacks (it had to follow, beat, trump),
  weighted by what the opponent's decisions suggest (elder who played at
  once, a dealer who refused, a king not announced).
- The trick play is solved exactly for each sampled hand (``solver``: both
  hands known, forced replies, memoised over bitmasks) and each card is
  scored by the average over the samples.
- Play or propose, accept or refuse, and the discards are scored by
  simulating the rest of the deal for each sampled hand: the stock is
  shuffled, the opponent answers and discards by the textbook
  (``expert_heuristics``), then the tricks are solved. Sampling is
  adaptive: an option drops out once the best clearly leads it.
- Every outcome (tricks taken, king points, liability, vole) is valued by
  the probability of winning the match from the score it leads to
  (``expert_value``): a point counts for more when it wins the game, a
  vole only when its second point matters.

Its decisions are deterministic for a seed: chance comes from one
generator, reseeded at each ``start_match``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

from ecarte.engine.actions import (
    ACCEPT_ACTION,
    DISCARD,
    KING,
    PLAY,
    PLAY_ACTION,
    PROPOSE_ACTION,
    REFUSE,
    REFUSE_ACTION,
    Action,
    ActionType,
)
from ecarte.engine.cards import cards_in, power_table
from ecarte.engine.exchange import dealer_discards, discard_range, exchange_over, liable_after
from ecarte.engine.king import announce_moment_passed
from ecarte.engine.rules import Rules
from ecarte.engine.scoring import dealer_of_next_deal, points_needed, score_deal, trick_points, trick_winner
from ecarte.engine.view import Phase, View

from .card_model import textbook_card_fit
from .evaluator import Budget, Sampled, evaluate_options, keep_sampling, king_point_matters
from .exchange_model import dealer_refuse_chance, elder_play_chance, table_score
from .expert_heuristics import (
    dealer_would_refuse,
    discard_order,
    elder_would_play,
    good_cards,
    quick_discard,
    textbook_at_score,
    textbook_discard_of,
    textbook_kept_most,
)
from .expert_value import EQUAL, DealModel, MatchValue, match_value
from .inference import (
    exchange_class,
    exchange_context,
    exchange_ratios,
    lead_weight,
    opponent_leads,
    textbook_strong,
    top_rank_mask,
)
from .reply_model import modelled_for
from .sampling import HandWeight, opponent_hands, played_by, unseen_pool
from .solver import TrickSolver, solver_for

TRICK_SAMPLES = 150
"""Opponent hands sampled for a card decision (all of them when there are
at most ``evaluator.TRICK_ENUMERATE``)."""
EXCHANGE_SAMPLES = (30, 160)
"""Deals simulated for play/propose and accept/refuse: at least, at most."""
DISCARD_SAMPLES = (20, 60)
"""Deals simulated for the discards considered: at least, at most."""
SAMPLE_BATCH = 20
CLEAR_MARGIN = 2.0
"""Stop simulating when the best option leads the next by this many standard
errors: clear decisions are quick, close ones get the samples."""
UNLIKELY = 0.05
"""Weight of an opponent hand that does not fit the opponent's decision."""
KING_KEPT_QUIET = 0.1
"""Weight of a hand holding the trump king when its owner did not announce it."""


class ExpertPlayer:
    name = "expert"
    play_bias = -0.01
    """Added to the value of playing at once (elder), in match-win probability:
    a point less, measured in duplicate matches (docs/ai.md, "Trusting the
    textbook's answers"); the hint shows the value with it. Not added when
    every simulated deal wins the match, or every one loses it."""
    bias_when_sure = False
    """``True`` restores the bias on a sure result too (before 2026-12-03),
    for measurement (docs/ai.md)."""
    refuse_bias = 0.0
    """Added to the value of refusing (dealer), in match-win probability."""
    # The settings below are attributes so that tools/compare_variants.py can
    # measure other values against these on the same deals (docs/ai.md).
    trick_samples = TRICK_SAMPLES
    exchange_samples = EXCHANGE_SAMPLES
    discard_samples = DISCARD_SAMPLES
    unlikely = UNLIKELY
    king_kept_quiet = KING_KEPT_QUIET
    discard_breadth = 0
    """Discards searched: the textbook order cut at each count, and with one of
    the cut's cards swapped for one of the next ``discard_breadth``."""
    all_discards_up_to = 5
    """When the legal discards are this few, all of them are searched: with one
    card left in the stock, the five single cards (the order's cut would be
    one), as the coach lists them; 0 searches the cuts alone (before
    2026-12-07), for measurement (docs/ai.md)."""
    exchange_rounds = 1
    """Rounds of exchange simulated after proposing (later ones by the textbook)."""
    read_replies = True
    """Rule out the cards the other's replies showed it does not hold."""
    learned_exchange = False
    """Weight the other's hand by what its exchange says as measured in play
    (``inference``), instead of the textbook's fits."""
    learned_leads = False
    """Weight the other's hand by the cards it chose to lead, as measured in
    play (``inference``)."""
    exchange_model = "textbook_score"
    """How the other's first exchange decision of a deal (elder: play at once?
    the dealer: refuse?) is modelled, in the simulated deals and in the
    weights of the sampled hands: ``"textbook"`` (``expert_heuristics``, at
    an ordinary score), ``"textbook_score"`` (the textbook player's own rule
    with its score adjustments: the four-all refusal, the adverse four; also
    for the answer to a later proposal), ``"table"`` (what the expert chose
    on most of the deals of the hand's class at that score in the table of
    the jeux de règle, ``exchange_model``) or ``"table_mix"`` (the table's
    share as a chance: the simulated answer mixes both, the weight is that
    chance). Other later decisions stay with the ordinary textbook."""
    card_model = False
    """Weigh the other's hand by whether the textbook's play of the cards
    explains the cards it chose (``card_model``)."""
    card_unlikely = 0.05
    """The weight of each choice of card the hand does not explain."""
    card_adaptive = False
    """The weight of a misfit from how well the textbook has explained this
    opponent's cards so far in the match (``card_prior`` to start)."""
    card_prior = (2.0, 0.5)
    """(fits, misfits) counted before any deal of the match is judged."""
    textbook_replies = False
    """Model the other's replies to our leads as the textbook's
    (``reply_model``), in the card play and in the simulated deals of the
    exchange, instead of its best replies. Off: against the textbook itself
    it measured no gain (docs/ai.md, "The other's replies by the
    textbook")."""
    count_pending_king = True
    """At elder's first lead, value the hands in which the dealer holds the
    trump king with the point it will announce (``evaluator.card_values``);
    off: those points are left out, as before 2026-12-03."""
    discard_model = "quick"
    """How the other's discards are modelled, in the simulated deals and in
    what the number it kept says of its hand: ``"quick"`` (``quick_discard``
    and ``good_cards``: a keep-value order) or ``"textbook"`` (the textbook
    player's own rule, ``classic.textbook_discard``, which keeps a guarded
    queen with its guard; no reading of a discard the stock cut short)."""
    vector_from_trick = 0
    """From this trick on (1 to 5; 0: never) the card play chooses each later
    card once for the worlds it cannot tell apart (``vector_search``)
    instead of solving each sampled hand on its own."""

    def __init__(self, seed: int = 0, deal_model: DealModel = EQUAL) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.rules = Rules()
        self.seat = 0
        self.deal_model = deal_model
        """What the rest of the match is valued by: the expert plays with
        ``EQUAL`` (an opponent as strong as itself) whoever it faces; the
        coach passes the model of the opponent faced (``coach.py``)."""
        self.value: MatchValue = match_value(self.rules, deal_model)
        self._power = power_table(False)
        # What this seat saw of the opponent's decisions in the current deal.
        self._last_seen: tuple[int, int, int, int, bool] | None = None
        self._proposed_at: int | None = None
        self._opponent_refused = False
        self._their_discards_before = 0
        self._their_kept = 0
        self._their_kept_cut = False
        self._my_last: ActionType | None = None
        self._elder_played_late = False
        self._card_fits = [0, 0]
        """(choices judged, misfits) of the other's cards against the textbook."""

    def start_match(self, seat: int, rules: Rules) -> None:
        self.seat = seat
        self.rules = rules
        self.rng = random.Random(self.seed)
        self.value = match_value(rules, self.deal_model)
        self._power = power_table(rules.ace_high)
        self._last_seen = None
        self._card_fits = [0, 0]

    # ------------------------------------------------------------ decisions

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        self._remember(view)
        action = self._choose(view, legal)
        self._record(view, action)
        return action

    def _choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The best option of the evaluator (``evaluator``), at this player's budget."""
        if len(legal) == 1:
            return legal[0]
        if any(action.type == KING for action in legal) and king_point_matters(self, view):
            # The point can only help (docs/ai.md, "The king by value"):
            # announce without a search, as the evaluator ranks it. When it
            # is worth nothing the evaluator ranks keeping quiet first.
            return next(action for action in legal if action.type == KING)
        return evaluate_options(self, view, legal, self.budget()).best.action

    def budget(self) -> Budget:
        """This player's own sample budget, from its settings."""
        return Budget(self.trick_samples, self.exchange_samples, self.discard_samples)

    def _record(self, view: View, action: Action) -> None:
        """What this seat decided, for ``_remember`` to read its next view by."""
        self._my_last = action.type
        if action.type == ActionType.PROPOSE:
            self._proposed_at = view.exchanges

    def _remember(self, view: View) -> None:
        """Track what the opponent's decisions showed in this deal beyond what
        the view keeps: a refusal of a later proposal (the first shows as
        ``liable``), how many cards it kept at its last discard, whether
        elder chose to play after an exchange."""
        last = self._last_seen
        self._last_seen = (
            view.upcard,
            view.dealer,
            len(view.tricks),
            view.exchanges,
            view.phase == Phase.TRICKS,
        )
        if (
            last is None
            or last[:2] != self._last_seen[:2]
            or len(view.tricks) < last[2]
            or view.exchanges < last[3]
            or (last[4] and view.phase != Phase.TRICKS)
        ):
            self._proposed_at = None
            self._opponent_refused = False
            self._their_discards_before = 0
            self._their_kept = 0
            self._their_kept_cut = False
            self._my_last = None
            self._elder_played_late = False
        if view.phase == Phase.TRICKS and len(view.tricks) == 4 and view.trick and self.card_adaptive:
            # The other led the last card: its whole hand is known now.
            counted = [0]
            self._card_fits[1] += textbook_card_fit(view, self.rules, counted)(0)
            self._card_fits[0] += counted[0]
        thrown = view.their_discards - self._their_discards_before
        if thrown > 0:
            self._their_kept = 5 - thrown
            # Seen right after the other drew: an empty stock may have cut
            # its discard short of what it wanted to throw.
            self._their_kept_cut = view.stock == 0
        self._their_discards_before = view.their_discards
        if (
            view.phase == Phase.TRICKS
            and not view.tricks
            and not view.trick
            and self._proposed_at is not None
            and view.exchanges == self._proposed_at
        ):
            self._opponent_refused = True
        if (
            view.phase == Phase.TRICKS
            and view.dealer == self.seat
            and view.exchanges > 0
            and self._my_last == DISCARD
        ):
            forced = exchange_over(view.exchanges, view.stock, self.rules)
            self._elder_played_late = not forced

    def _answer_chances(self, view: View, first: bool) -> tuple[HandWeight, HandWeight]:
        """(the chance elder plays a hand at once, the chance the dealer
        refuses a hand) by ``exchange_model``: 0 or 1 except for ``"table_mix"``.
        ``first``: the deal's first decision (the only one the table has)."""
        trump = view.trump
        ace_high = self.rules.ace_high
        model = self.exchange_model
        if model not in ("textbook", "textbook_score", "table", "table_mix"):
            raise ValueError(
                f"exchange_model must be 'textbook', 'textbook_score', 'table' or 'table_mix', not {model!r}"
            )
        # The score the exchange was decided at: without a king announced since.
        elder, dealer = 1 - view.dealer, view.dealer
        points = [view.score[seat] - (seat in view.announced) for seat in (elder, dealer)]
        if model == "textbook_score":
            elder_need, dealer_need = (points_needed(point, self.rules) for point in points)
            elder_needs, dealer_needs = (elder_need, dealer_need), (dealer_need, elder_need)
            turned = view.upcard == view.trump_king
            exchanges = 0 if first else view.exchanges

            def plays_at_score(hand: int) -> float:
                at_score = textbook_at_score(hand, trump, ace_high, True, exchanges, elder_needs, turned)
                return 1.0 if at_score else 0.0

            def refuses_at_score(hand: int) -> float:
                at_score = textbook_at_score(hand, trump, ace_high, False, exchanges, dealer_needs, turned)
                return 1.0 if at_score else 0.0

            return plays_at_score, refuses_at_score
        if model == "textbook" or not first:

            def textbook_plays(hand: int) -> float:
                return 1.0 if elder_would_play(hand, trump, ace_high, first) else 0.0

            def textbook_refuses(hand: int) -> float:
                return 1.0 if dealer_would_refuse(hand, trump, ace_high) else 0.0

            return textbook_plays, textbook_refuses
        score = table_score(points[0], points[1], self.rules.target)
        if model == "table_mix":

            def plays_by_share(hand: int) -> float:
                return elder_play_chance(hand, trump, ace_high, score)

            def refuses_by_share(hand: int) -> float:
                return dealer_refuse_chance(hand, trump, ace_high, score)

            return plays_by_share, refuses_by_share

        # The expert's choice on most of the class's deals (half counts).
        def plays_mostly(hand: int) -> float:
            return 1.0 if elder_play_chance(hand, trump, ace_high, score) >= 0.5 else 0.0

        def refuses_mostly(hand: int) -> float:
            return 1.0 if dealer_refuse_chance(hand, trump, ace_high, score) >= 0.5 else 0.0

        return plays_mostly, refuses_mostly

    def _fit(self, chance: float) -> float:
        """The weight of a hand on which the other's decision had this chance:
        a yes-or-no model gives a misfit ``unlikely``; a mixed one, the chance."""
        if self.exchange_model == "table_mix":
            return chance
        return 1.0 if chance >= 1.0 else self.unlikely

    def _opponent_weight(self, view: View) -> HandWeight:
        """Weight of a candidate opponent hand (its cards now) by what its
        decisions in this deal suggest."""
        opponent = 1 - self.seat
        played = played_by(view, opponent)
        trump = view.trump
        power = self._power
        king = view.trump_king
        quiet = False
        if view.phase == Phase.TRICKS and opponent not in view.announced:
            quiet = announce_moment_passed(opponent == view.dealer, len(view.tricks), len(view.trick))
        opponent_is_elder = view.elder == opponent
        strong_at_once = view.exchanges == 0 and view.liable == opponent
        refused_late = self._opponent_refused and view.exchanges > 0
        played_late = self._elder_played_late
        kept = self._their_kept
        ace_high = self.rules.ace_high
        kept_most: Callable[[int], int]
        if self.discard_model == "textbook":
            kept = 0 if self._their_kept_cut else kept

            def kept_most(hand: int) -> int:
                return textbook_kept_most(hand, trump, ace_high)
        else:

            def kept_most(hand: int) -> int:
                return good_cards(hand, trump, power)

        unlikely = self.unlikely
        king_quiet = self.king_kept_quiet
        ratios = (
            exchange_ratios(exchange_context(view, refused_late, played_late, kept))
            if self.learned_exchange
            else None
        )
        tops = top_rank_mask(power) if self.learned_exchange or self.learned_leads else 0
        leads = opponent_leads(view, power) if self.learned_leads else []
        elder_plays, dealer_refuses = self._answer_chances(view, first=True)
        fit = self._fit
        card_misfits = (
            textbook_card_fit(view, self.rules) if self.card_model and view.phase == Phase.TRICKS else None
        )
        card_unlikely = self.card_unlikely
        if self.card_adaptive:
            fits_prior, misfits_prior = self.card_prior
            judged, missed = self._card_fits
            card_unlikely = min(1.0, (missed + misfits_prior) / (judged - missed + fits_prior))

        def weight(hand: int) -> float:
            original = hand | played
            w = 1.0
            if card_misfits is not None:
                w *= card_unlikely ** card_misfits(hand)
            if quiet and original >> king & 1:
                w *= king_quiet
            for card, before, likelihoods, scale in leads:
                w *= scale * lead_weight(card, original & ~before, trump, power, tops, likelihoods)
            if ratios is not None:
                # The measured weight of the exchange replaces the textbook's.
                strong = textbook_strong(original, trump, ace_high, opponent_is_elder)
                return w * ratios[exchange_class(original, trump, tops, strong)]
            if strong_at_once:
                w *= fit(elder_plays(original) if opponent_is_elder else dealer_refuses(original))
            if refused_late and not dealer_would_refuse(original, trump, ace_high):
                w *= unlikely
            if played_late and not elder_would_play(original, trump, ace_high, first=False):
                w *= unlikely
            if kept and kept_most(original) < kept:
                w *= unlikely
            return w

        return weight

    # ------------------------------------------------------------ values

    def _solver(self, view: View) -> TrickSolver:
        return solver_for(view.trump, self.rules.ace_high, self.rules.must_trump)

    def _my_tricks(self, solver: TrickSolver, mine: int, theirs: int, i_lead: bool) -> int:
        """Tricks this seat takes with both hands known, the other's replies
        modelled as the textbook's under ``textbook_replies``."""
        if self.textbook_replies:
            modelled = modelled_for(solver, self.rules.ace_high)
            return modelled.mine_to_lead(mine, theirs) if i_lead else modelled.theirs_to_lead(mine, theirs)
        if i_lead:
            return solver.lead_tricks(mine, theirs)
        return 5 - solver.lead_tricks(theirs, mine)

    def _leaf_values(self, view: View, liable: int | None) -> list[list[list[float]]]:
        """values[my_tricks][my_king][their_king]: P(win the match) once the
        deal ends so, from the score the view shows (scored by the engine's
        ``score_deal``: kings first, in their order, then the tricks)."""
        me = self.seat
        opponent = 1 - me
        rules = self.rules
        my_games, their_games = view.games_won[me], view.games_won[opponent]
        i_deal_next = dealer_of_next_deal(view.dealer) == me
        table: list[list[list[float]]] = []
        for tricks in range(6):
            tricks_won = [0, 0]
            tricks_won[me], tricks_won[opponent] = tricks, 5 - tricks
            winner = trick_winner(tricks_won)
            points = trick_points(tricks_won[winner], liable == 1 - winner, rules)
            by_king: list[list[float]] = []
            for my_king in (0, 1):
                row: list[float] = []
                for their_king in (0, 1):
                    kings = [0, 0]
                    kings[me], kings[opponent] = my_king, their_king
                    score, game_winner = score_deal(view.score, view.dealer, kings, winner, points, rules)
                    mine, theirs = score[me], score[opponent]
                    # The value table sees the score from this seat: 0 is me.
                    winner_from_me = None if game_winner is None else int(game_winner != me)
                    row.append(
                        self.value.after_scored_deal(
                            (mine, theirs), winner_from_me, my_games, their_games, i_deal_next
                        )
                    )
                by_king.append(row)
            table.append(by_king)
        return table

    # ------------------------------------------------------------ exchange

    def _stock_order(self, pool: int, opponent: int, stock: int) -> list[int]:
        """A random order of the stock: the unseen cards outside the sampled
        opponent hand (the rest are the opponent's discards)."""
        rest = cards_in(pool & ~opponent)
        self.rng.shuffle(rest)
        return rest[:stock]

    def _king_bits(self, view: View, mine: int, theirs: int) -> tuple[int, int]:
        """Who will announce the trump king, from the hands at the end of the
        exchange (a turned-up king is the dealer's, and scored already)."""
        king = view.trump_king
        return mine >> king & 1, theirs >> king & 1

    def _exchange_round(
        self, view: View, elder: int, dealer: int, stock: list[int], elder_discard: int | None
    ) -> tuple[int, int]:
        """One accepted proposal, simulated: elder discards (``elder_discard``
        or the textbook), then the dealer by the textbook; both draw. Then,
        up to ``exchange_rounds`` rounds in all, elder proposes again unless
        the textbook would play the new hand, and the dealer accepts unless
        the textbook would refuse."""
        power = self._power
        trump = view.trump
        rules = self.rules
        ace_high = rules.ace_high
        textbook = self.discard_model == "textbook"
        i_am_elder = view.elder == self.seat

        def discard(hand: int, theirs: bool, fewest: int, most: int) -> int:
            if textbook and theirs:
                return textbook_discard_of(hand, trump, ace_high, fewest, most)
            return quick_discard(hand, trump, power, fewest, most)

        drawn = 0
        for round_number in range(self.exchange_rounds):
            left = len(stock) - drawn
            if round_number:
                if exchange_over(view.exchanges + round_number, left, rules):
                    break
                if elder_would_play(elder, trump, ace_high, first=False):
                    break
                if dealer_would_refuse(dealer, trump, ace_high):
                    break
            if round_number or elder_discard is None:
                elder_discard = discard(elder, not i_am_elder, *discard_range(False, left, rules))
            count = elder_discard.bit_count()
            elder &= ~elder_discard
            for card in stock[drawn : drawn + count]:
                elder |= 1 << card
            drawn += count
            left = len(stock) - drawn
            if dealer_discards(left):
                thrown = discard(dealer, i_am_elder, *discard_range(True, left, rules))
                dealer &= ~thrown
                for card in stock[drawn : drawn + thrown.bit_count()]:
                    dealer |= 1 << card
                drawn += thrown.bit_count()
        return elder, dealer

    def _simulate(
        self,
        view: View,
        weight: HandWeight,
        evaluate: Callable[[int, list[int]], list[float]],
        options: int,
        samples: tuple[int, int],
        budget: Budget,
    ) -> list[list[float]]:
        """Each option's values over sampled opponent hands.

        ``evaluate(hand, active)`` values the ``active`` options on one
        sampled deal (common random numbers: every option sees the same
        deal). Batches are added until one option is left: an option drops
        out when the best leads it by ``CLEAR_MARGIN`` standard errors, so
        clear decisions are quick and close ones get the samples. A budget
        with a ``target_se`` goes on until the options still in the running
        are known that well."""
        least, most = samples
        active = list(range(options))
        values: list[list[float]] = [[] for _ in range(options)]
        drawn = 0
        while (drawn < most and len(active) > 1) or keep_sampling(values, active, budget, drawn):
            batch = least if not drawn else SAMPLE_BATCH
            for hand, _ in opponent_hands(view, self.rng, batch, weight):
                row = evaluate(hand, active)
                if len(row) != len(active):  # it valued every option
                    row = [row[option] for option in active]
                for option, value in zip(active, row, strict=True):
                    values[option].append(value)
            drawn += batch
            if drawn >= least:
                active = _contenders(active, values)
        return values

    def _exchange_values(self, view: View, legal: Sequence[Action], budget: Budget) -> list[Sampled]:
        """Elder: play now, or propose?"""
        me = self.seat
        opponent = 1 - me
        play_values = self._leaf_values(view, liable_after(view.liable, me, PLAY, view.exchanges))
        refused_values = self._leaf_values(view, liable_after(view.liable, opponent, REFUSE, view.exchanges))
        free_values = self._leaf_values(view, view.liable)
        solver = self._solver(view)
        mine = view.hand_mask
        pool = unseen_pool(view)
        _, dealer_refuses = self._answer_chances(view, view.exchanges == 0)

        def evaluate(dealer: int, active: list[int]) -> list[float]:
            stock = self._stock_order(pool, dealer, view.stock)
            tricks = self._my_tricks(solver, mine, dealer, True)
            my_king, their_king = self._king_bits(view, mine, dealer)
            play = play_values[tricks][my_king][their_king]
            refused = refused_values[tricks][my_king][their_king]
            chance = dealer_refuses(dealer)
            if chance >= 1.0:
                return [play, refused]
            elder_after, dealer_after = self._exchange_round(view, mine, dealer, stock, None)
            tricks = self._my_tricks(solver, elder_after, dealer_after, True)
            my_king, their_king = self._king_bits(view, elder_after, dealer_after)
            accepted = free_values[tricks][my_king][their_king]
            if chance <= 0.0:
                return [play, accepted]
            return [play, chance * refused + (1.0 - chance) * accepted]

        play, propose = self._simulate(
            view, self._opponent_weight(view), evaluate, 2, budget.exchange_samples, budget
        )
        # Playing wins a tie. The bias hedges against the simulations' trust in
        # playing; when every simulated deal wins the match (the king's point
        # at 4-2, say), or every one loses it, there is nothing to hedge, and
        # the coach would show a sure win as 99%.
        bias = self.play_bias if 0.0 < _mean(play) < 1.0 or self.bias_when_sure else 0.0
        return [
            Sampled(PLAY_ACTION, play, _mean(play) + bias, correction=bias),
            Sampled(PROPOSE_ACTION, propose, _mean(propose)),
        ]

    def _answer_values(self, view: View, legal: Sequence[Action], budget: Budget) -> list[Sampled]:
        """Dealer: accept the proposal, or refuse it?"""
        me = self.seat
        first = view.exchanges == 0
        refuse_values = self._leaf_values(view, liable_after(view.liable, me, REFUSE, view.exchanges))
        free_values = self._leaf_values(view, view.liable)
        solver = self._solver(view)
        mine = view.hand_mask
        pool = unseen_pool(view)

        known = self._opponent_weight(view)
        elder_plays, _ = self._answer_chances(view, first)
        fit = self._fit

        def weight(hand: int) -> float:
            # Elder proposed: a hand good enough to play is less likely.
            return known(hand) * fit(1.0 - elder_plays(hand))

        def evaluate(elder: int, active: list[int]) -> list[float]:
            stock = self._stock_order(pool, elder, view.stock)
            tricks = self._my_tricks(solver, mine, elder, False)
            my_king, their_king = self._king_bits(view, mine, elder)
            refuse = refuse_values[tricks][my_king][their_king]
            elder_after, dealer_after = self._exchange_round(view, elder, mine, stock, None)
            tricks = self._my_tricks(solver, dealer_after, elder_after, False)
            my_king, their_king = self._king_bits(view, dealer_after, elder_after)
            return [refuse, free_values[tricks][my_king][their_king]]

        refuse, accept = self._simulate(view, weight, evaluate, 2, budget.exchange_samples, budget)
        # Accepting wins a tie.
        return [
            Sampled(ACCEPT_ACTION, accept, _mean(accept)),
            Sampled(REFUSE_ACTION, refuse, _mean(refuse) + self.refuse_bias, correction=self.refuse_bias),
        ]

    def _discard_values(
        self, view: View, legal: Sequence[Action], budget: Budget, also: Action | None
    ) -> list[Sampled]:
        """Which cards to throw: the textbook order, searched over how many
        (and ``also``, when the search would not consider it)."""
        me = self.seat
        i_am_elder = view.elder == me
        by_mask = {action.discards: action for action in legal}
        counts = sorted({action.discards.bit_count() for action in legal})
        mine = view.hand_mask
        order = discard_order(mine, view.trump, self._power)
        candidates: list[int] = []
        if len(legal) <= self.all_discards_up_to:
            # Few choices (the stock nearly out): search them all, in the
            # order's ranking, rather than the one cut of each count.
            rank = {card: index for index, card in enumerate(order)}
            candidates = sorted(by_mask, key=lambda mask: sorted(rank[card] for card in cards_in(mask)))
        for count in counts:
            # The first ``count`` cards of the order, and the sets that keep
            # one of them for one of the next ``discard_breadth`` cards.
            reach = order[: count + self.discard_breadth]
            for chosen in combinations(reach, count):
                # max(): for count 0 (keeping the hand) order[:-1] would ask
                # for every card but one, and keeping was never searched.
                if any(card not in chosen for card in order[: max(count - 1, 0)]):
                    continue
                mask = 0
                for card in chosen:
                    mask |= 1 << card
                if mask in by_mask and mask not in candidates:
                    candidates.append(mask)
        if also is not None and also.discards not in candidates:
            candidates.append(also.discards)
        if len(candidates) <= 1 and also is None and budget.target_se is None:
            only = by_mask[candidates[0]] if candidates else legal[0]
            return [Sampled(only, [], 0.0)]
        values = self._leaf_values(view, view.liable)
        solver = self._solver(view)
        pool = unseen_pool(view)
        known = self._opponent_weight(view)
        _, dealer_refuses = self._answer_chances(view, view.exchanges == 0)
        fit = self._fit

        def weight(hand: int) -> float:
            # Elder discarding: the dealer accepted, so its hand is not one
            # to refuse on.
            if i_am_elder:
                return known(hand) * fit(1.0 - dealer_refuses(hand))
            return known(hand)

        def evaluate(opponent: int, active: list[int]) -> list[float]:
            stock = self._stock_order(pool, opponent, view.stock)
            row = []
            for thrown in (candidates[index] for index in active):
                if i_am_elder:
                    elder, dealer = self._exchange_round(view, mine, opponent, stock, thrown)
                    tricks = self._my_tricks(solver, elder, dealer, True)
                    my_king, their_king = self._king_bits(view, elder, dealer)
                else:
                    dealer = mine & ~thrown
                    for card in stock[: thrown.bit_count()]:
                        dealer |= 1 << card
                    tricks = self._my_tricks(solver, dealer, opponent, False)
                    my_king, their_king = self._king_bits(view, dealer, opponent)
                row.append(values[tricks][my_king][their_king])
            return row

        rows = self._simulate(view, weight, evaluate, len(candidates), budget.discard_samples, budget)
        return [Sampled(by_mask[mask], row, _mean(row)) for mask, row in zip(candidates, rows, strict=True)]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else -1.0


def _contenders(active: list[int], values: list[list[float]]) -> list[int]:
    """The options still in the running: those the best does not lead by
    more than ``CLEAR_MARGIN`` standard errors of the paired differences."""
    count = len(values[active[0]])
    means = {option: sum(values[option]) / count for option in active}
    best = max(active, key=lambda option: (means[option], -option))
    kept = [best]
    for option in active:
        if option == best:
            continue
        lead = means[best] - means[option]
        differences = [a - b for a, b in zip(values[best], values[option], strict=True)]
        variance = sum((d - lead) ** 2 for d in differences) / max(1, count - 1)
        # Options that never differ on the samples are equivalent: drop them.
        if variance > 0.0 and lead * lead <= CLEAR_MARGIN * CLEAR_MARGIN * variance / count:
            kept.append(option)
    return sorted(kept)
