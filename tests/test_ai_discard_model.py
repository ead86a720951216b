"""The expert's model of the other's discards by the textbook's own rule
(``ExpertPlayer.discard_model = "textbook"``, ``docs/ai.md``, "The other's
discards by the textbook's own rule"): what the number of cards the textbook
kept says of its hand never rules out the hand it holds."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

from ecarte.ai.base import Player, make_player
from ecarte.ai.classic import textbook_discard
from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.expert_heuristics import good_cards, quick_discard, textbook_discard_of, textbook_kept_most
from ecarte.ai.sampling import played_by
from ecarte.engine import Match, Rules, parse_card, shuffled_deck
from ecarte.engine.actions import Action
from ecarte.engine.cards import mask_of, power_table
from ecarte.engine.view import View
from ecarte.play.loop import MatchRunner
from ecarte.tournament import BOT_FAULTS

SPADES = parse_card("7S") >> 3


def mask(codes: str) -> int:
    return mask_of(parse_card(code) for code in codes.split())


def test_the_model_throws_what_the_textbook_throws_keeping_a_guarded_queen_with_its_guard() -> None:
    hand = mask("9S QH 7H 8C 9D")
    assert textbook_discard_of(hand, SPADES, False, 1, 5) == mask("8C 9D")
    # The keep-value order, the expert's default model, throws the guard too.
    assert quick_discard(hand, SPADES, power_table(False), 1, 5) == mask("7H 8C 9D")
    # Asked again with a stock of one card, it answers for that stock: of
    # two whole weak suits, the lower card.
    assert textbook_discard_of(hand, SPADES, False, 1, 1) == mask("8C")


def test_what_the_textbook_kept_never_exceeds_what_the_model_allows_whatever_it_drew() -> None:
    rng = random.Random(5)
    power = power_table(False)
    misread_by_the_keep_values = 0
    for _ in range(4000):
        trump = rng.randrange(4)
        ace_high = rng.random() < 0.3
        cards = rng.sample(range(32), 10)
        hand = mask_of(cards[:5])
        thrown = textbook_discard(hand, trump, ace_high, 1, 5)
        kept = hand & ~thrown
        after = kept | mask_of(cards[5 : 5 + thrown.bit_count()])
        assert textbook_kept_most(after, trump, ace_high) >= kept.bit_count()
        if not ace_high and good_cards(after, trump, power) < kept.bit_count():
            misread_by_the_keep_values += 1
    # The default model's count misreads some of these hands (it keeps a
    # guarded queen but not its guard), or this test shows nothing.
    assert misread_by_the_keep_values > 0


class _Watching(ExpertPlayer):
    """The expert with the textbook's discards, checking at each decision that
    the number the other kept does not count against the hand it holds."""

    discard_model = "textbook"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.match: Match | None = None
        self.readings = 0

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        self._remember(view)
        assert self.match is not None
        if self._their_kept and not self._their_kept_cut:
            self.readings += 1
            theirs = self.match.hands[1 - view.seat] | played_by(view, 1 - view.seat)
            assert textbook_kept_most(theirs, view.trump, self.rules.ace_high) >= self._their_kept
        return super().decide(view, legal)


def test_against_the_textbook_player_its_true_hand_always_fits_what_it_kept() -> None:
    readings = 0
    for index in range(12):
        deck_rng = random.Random(index)
        expert = _Watching(index)
        players: list[Player] = [expert, make_player("classic", index)]
        if index % 2:
            players.reverse()
        deal = partial(shuffled_deck, deck_rng)
        runner = MatchRunner(Match(Rules(), index % 2), players, deal, None, BOT_FAULTS)
        expert.match = runner.match
        runner.start()
        runner.run()
        runner.close_players()
        readings += expert.readings
    assert readings > 0
