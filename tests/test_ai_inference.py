"""What the other's decisions say of its hand, learned from play (``ai/inference.py``)."""

from __future__ import annotations

import importlib.util
import json
import random
import re
from pathlib import Path

import pytest

from ecarte.ai import inference, inference_table
from ecarte.ai.expert import ExpertPlayer
from ecarte.ai.inference import (
    EXCHANGE_CLASSES,
    HAND_CLASSES,
    LEAD_CATEGORIES,
    LOW_LEAD,
    TOP_OF_SUIT_LEAD,
    TOP_RANK_LEAD,
    TRUMP_LEAD,
    cards_of_category,
    exchange_context,
    hand_class,
    lead_category,
    lead_weight,
    opponent_leads,
    top_rank_mask,
)
from ecarte.ai.sampling import opponent_hands, played_by
from ecarte.engine.actions import CARD, PLAY_ACTION, PROPOSE_ACTION
from ecarte.engine.cards import mask_of, parse_card, power_table, shuffled_deck
from ecarte.engine.match import Match
from ecarte.engine.rules import Rules
from tool_support import load_tool

POWER = power_table(False)
TOPS = top_rank_mask(POWER)
HEARTS = parse_card("KH") >> 3


def cards(*codes: str) -> int:
    return mask_of(parse_card(code) for code in codes)


def test_hand_class_counts_trumps_the_king_and_top_plain_cards() -> None:
    trump = HEARTS
    with_king = cards("KH", "7H", "8H", "KS", "7C")
    without = cards("QH", "7H", "8H", "KS", "KC")
    assert hand_class(with_king, trump, TOPS) != hand_class(without, trump, TOPS)
    # Five trumps and four trumps are one class; the plain king is not counted as a trump.
    five = cards("QH", "JH", "TH", "9H", "8H")
    four = cards("QH", "JH", "TH", "9H", "7S")
    assert hand_class(five, trump, TOPS) == hand_class(four, trump, TOPS)
    assert {hand_class(h, trump, TOPS) for h in (with_king, without, five)} <= set(range(HAND_CLASSES))


def test_every_hand_class_a_hand_of_five_can_hold_is_reached() -> None:
    rng = random.Random(3)
    seen = set()
    for _ in range(20000):
        hand = mask_of(rng.sample(range(32), 5))
        seen.add(hand_class(hand, rng.randrange(4), TOPS))
    # The trump king is a trump, so no hand without trumps holds it; four
    # trumps and two plain kings would be six cards.
    impossible = {0 * 6 + 1 * 3 + tops for tops in range(3)} | {4 * 6 + 0 * 3 + 2, 4 * 6 + 1 * 3 + 2}
    assert seen == set(range(HAND_CLASSES)) - impossible


def test_lead_categories() -> None:
    trump = HEARTS
    hand = cards("9H", "KS", "QC", "7C", "JD")
    assert lead_category(parse_card("9H"), hand, trump, POWER) == TRUMP_LEAD
    assert lead_category(parse_card("KS"), hand, trump, POWER) == TOP_RANK_LEAD
    assert lead_category(parse_card("QC"), hand, trump, POWER) == TOP_OF_SUIT_LEAD
    assert lead_category(parse_card("7C"), hand, trump, POWER) == LOW_LEAD
    assert lead_category(parse_card("JD"), hand, trump, POWER) == TOP_OF_SUIT_LEAD
    # A queen under the king of its suit is a low lead.
    assert lead_category(parse_card("QS"), cards("QS", "KS"), trump, POWER) == LOW_LEAD


def test_with_aces_high_the_ace_is_the_top_rank() -> None:
    power = power_table(True)
    tops = top_rank_mask(power)
    hand = cards("AS", "KS", "KC", "7H", "8H")
    assert lead_category(parse_card("AS"), hand, HEARTS, power) == TOP_RANK_LEAD
    assert lead_category(parse_card("KS"), hand, HEARTS, power) == LOW_LEAD
    assert lead_category(parse_card("KC"), hand, HEARTS, power) == TOP_OF_SUIT_LEAD
    assert cards_of_category(TOP_RANK_LEAD, hand, HEARTS, power, tops) == 1


def test_the_categories_share_out_every_card_of_a_hand() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        size = rng.randrange(1, 6)
        hand = mask_of(rng.sample(range(32), size))
        trump = rng.randrange(4)
        counts = [cards_of_category(c, hand, trump, POWER, TOPS) for c in range(LEAD_CATEGORIES)]
        assert sum(counts) == size
        for card in range(32):
            if hand >> card & 1:
                assert counts[lead_category(card, hand, trump, POWER)] >= 1


def test_the_lead_weights_of_a_hand_are_a_distribution_over_its_cards() -> None:
    # With every category equally likely for every class, the chance of each
    # card is 1/(categories present) / (cards of its category): they sum to 1
    # once multiplied by the number of categories present.
    flat = tuple((1.0,) * LEAD_CATEGORIES for _ in range(HAND_CLASSES))
    rng = random.Random(9)
    for _ in range(500):
        hand = mask_of(rng.sample(range(32), 5))
        trump = rng.randrange(4)
        present = {lead_category(card, hand, trump, POWER) for card in range(32) if hand >> card & 1}
        total = sum(
            lead_weight(card, hand, trump, POWER, TOPS, flat) for card in range(32) if hand >> card & 1
        )
        assert total == pytest.approx(len(present))


def test_the_shipped_table_is_well_formed() -> None:
    key = re.compile(
        r"^(elder|dealer)\|(exchange|answer|discard|tricks)\|x[012]\|(none|them|me)\|k[0-5]\|r[01]\|p[01]$"
    )
    for context, ratios in inference_table.EXCHANGE.items():
        assert key.match(context), context
        assert len(ratios) == EXCHANGE_CLASSES
        assert all(0.0 < value <= 1.0 for value in ratios)
        assert max(ratios) == 1.0
    assert len(inference_table.LEAD) == inference.LEAD_TRICKS
    for trick in inference_table.LEAD:
        assert len(trick) == HAND_CLASSES
        for row in trick:
            assert len(row) == LEAD_CATEGORIES
            assert all(0.0 < value <= 1.0 for value in row)


def _played_match(seed: int, stop_after_cards: int) -> Match:
    """A match between two textbook players, stopped once that many cards were played."""
    from ecarte.ai.classic import ClassicPlayer

    rng = random.Random(seed)
    match = Match(Rules(), first_dealer=0)
    players = [ClassicPlayer(seed), ClassicPlayer(seed + 1)]
    for seat, player in enumerate(players):
        player.start_match(seat, match.rules)
    match.deal(shuffled_deck(rng))
    played = 0
    while played < stop_after_cards:
        seat = match.current_player
        assert seat is not None
        action = players[seat].decide(match.view(seat), match.legal_actions())
        played += action.type == CARD
        match.apply(action, seat)
    return match


@pytest.mark.parametrize("cards_played", [1, 2, 3, 5, 7])
def test_the_leads_read_are_the_others_leads_with_the_cards_it_held(cards_played: int) -> None:
    match = _played_match(11 + cards_played, cards_played)
    seat = match.current_player
    assert seat is not None
    view = match.view(seat)
    opponent = 1 - seat
    leads = opponent_leads(view, POWER)
    expected = [trick.cards[0] for trick in view.tricks[:3] if trick.leader == opponent]
    if view.trick and len(view.tricks) < 3:
        expected.append(view.trick[0])
    assert [card for card, _, _, _ in leads] == expected
    for card, before, _, _ in leads:
        # The cards played before the lead are the other's, and not the lead itself.
        assert before & played_by(view, opponent) == before
        assert not before >> card & 1


def test_the_context_tells_who_did_what() -> None:
    match = Match(Rules(), first_dealer=0)
    match.deal(shuffled_deck(random.Random(2)))
    elder = match.elder
    match.apply(PLAY_ACTION, elder)
    seen_by_dealer = match.view(match.dealer)
    assert exchange_context(seen_by_dealer, False, False, 0).startswith("elder|tricks|x0|them|")
    other = Match(Rules(), first_dealer=0)
    other.deal(shuffled_deck(random.Random(2)))
    other.apply(PROPOSE_ACTION, other.elder)
    assert exchange_context(other.view(other.dealer), False, False, 0).startswith("elder|answer|x0|none|")


@pytest.mark.parametrize("flags", [(True, False), (False, True), (True, True)])
def test_the_learned_weights_stay_between_0_and_1_on_the_views_of_a_match(flags: tuple[bool, bool]) -> None:
    # The sampler accepts a hand with probability equal to its weight.
    rng = random.Random(4)
    for cards_played in (0, 1, 2, 4, 6):
        match = _played_match(20 + cards_played, cards_played)
        seat = match.current_player
        assert seat is not None
        view = match.view(seat)
        expert = ExpertPlayer(1)
        expert.learned_exchange, expert.learned_leads = flags
        expert.start_match(seat, match.rules)
        expert._remember(view)
        weight = expert._opponent_weight(view)
        for hand, _ in opponent_hands(view, rng, 50):
            assert 0.0 <= weight(hand) <= 1.0
        # The other's real hand is never ruled out.
        assert weight(match.hands[1 - seat]) > 0.0


def test_the_expert_with_learned_inference_is_deterministic_for_a_seed() -> None:
    from ecarte.ai.base import Player
    from ecarte.tournament import play_match

    def decisions() -> list[str]:
        made: list[str] = []

        class Recording(ExpertPlayer):
            learned_exchange = True
            learned_leads = True

            def decide(self, view, legal):  # type: ignore[no-untyped-def]
                action = super().decide(view, legal)
                made.append(str(action))
                return action

        from ecarte.ai.classic import ClassicPlayer

        players: list[Player] = [Recording(5), ClassicPlayer(6)]
        play_match(players, Rules(games_to_win=1), 0, random.Random(8))
        return made

    assert decisions() == decisions()


def test_the_tool_counts_the_same_for_the_same_seed_and_writes_a_loadable_table(tmp_path: Path) -> None:
    tool = load_tool("learn_inference")
    runs = []
    for _ in range(2):
        counts = tool.new_counts()
        for index in range(2):
            tool.play_match(counts, "classic", "classic", 3, index, 4, Rules())
        runs.append(json.dumps(counts, sort_keys=True))
    assert runs[0] == runs[1]
    counts = json.loads(runs[0])
    # Every lead of the observed seat is counted once; each deal has at least one.
    leads = sum(sum(sum(row) for row in trick) for trick in counts["lead"])
    assert leads >= 2
    path = tmp_path / "counts.json"
    path.write_text(runs[0], encoding="utf-8")
    out = tmp_path / "table.py"
    assert tool.main(["--merge", str(path), str(path), "--out", str(out)]) == 0
    merged = tool.merge([path, path])
    assert merged["matches"] == 2 * counts["matches"]
    spec = importlib.util.spec_from_file_location("table", out)
    assert spec is not None and spec.loader is not None
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    assert len(table.LEAD) == inference.LEAD_TRICKS
    for ratios in table.EXCHANGE.values():
        assert len(ratios) == EXCHANGE_CLASSES and max(ratios) == 1.0


def test_the_tool_refuses_a_missing_count_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_tool("learn_inference")
    with pytest.raises(SystemExit):
        tool.main(["--merge", str(tmp_path / "absent.json")])
    assert "no count file" in capsys.readouterr().err


def _synthetic(real: list[int], sampled: list[float]) -> dict[str, object]:
    tool = load_tool("learn_inference")
    counts = tool.new_counts()
    counts["exchange"]["elder|tricks|x0|them|k0|r0|p0"] = {"true": real, "sampled": sampled}
    return tool.exchange_table(counts)  # type: ignore[no-any-return]


def test_the_exchange_weights_are_flat_where_the_sampler_is_right() -> None:
    share = [float(cls % 7 + 1) for cls in range(EXCHANGE_CLASSES)]
    real = [int(value * 1000) for value in share]
    table = _synthetic(real, share)
    assert all(value == pytest.approx(1.0, abs=0.01) for value in table["elder|tricks|x0|them|k0|r0|p0"])


def test_a_class_seen_twice_as_often_as_sampled_weighs_twice_as_much() -> None:
    share = [10.0] * EXCHANGE_CLASSES
    real = [10_000] * EXCHANGE_CLASSES
    real[7] = 20_000
    ratios = _synthetic(real, share)["elder|tricks|x0|them|k0|r0|p0"]
    assert ratios[7] == 1.0
    assert ratios[8] == pytest.approx(0.5, abs=0.01)


def test_a_situation_seen_too_rarely_gets_no_table() -> None:
    tool = load_tool("learn_inference")
    real = [0] * EXCHANGE_CLASSES
    real[0] = tool.MIN_CONTEXT - 1
    assert _synthetic(real, [1.0] * EXCHANGE_CLASSES) == {}
