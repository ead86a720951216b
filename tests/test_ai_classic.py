"""The textbook player makes the textbook decision (spec/classic-strategy.md).

Each hand below was classified by hand against the doctrine; the comments
say which rule decides it. Trumps are spades unless said otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from ecarte.ai.base import make_player
from ecarte.ai.classic import ClassicPlayer
from ecarte.ai.classic_hands import (
    FOUR_COURT_CARDS,
    ONE_TRUMP_FOUR_CARD_SUIT,
    ONE_TRUMP_KING_QUEEN,
    ONE_TRUMP_QUEEN_GUARDED_KNAVE,
    ONE_TRUMP_TIERCE_MAJOR,
    ONE_TRUMP_TWO_QUEENS,
    THREE_TRUMPS,
    TWO_TRUMPS_HONOUR,
    TWO_TRUMPS_LONG_SUIT,
    HandReading,
)
from ecarte.engine import (
    Action,
    Card,
    Match,
    Rules,
    Trick,
    View,
    card_action,
    card_code,
    parse_card,
)
from ecarte.engine.actions import (
    ACCEPT_ACTION,
    KING_ACTION,
    PLAY_ACTION,
    PROPOSE_ACTION,
    REFUSE_ACTION,
    discard_action,
)
from ecarte.engine.cards import SUITS
from match_support import play_seeded_match

ELDER, DEALER = 0, 1


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


def two(text: str) -> tuple[Card, Card]:
    first, second = cards(text)
    return first, second


def make_view(
    hand: str,
    upcard: str = "7S",
    *,
    seat: int = ELDER,
    phase: str = "exchange",
    score: tuple[int, int] = (0, 0),
    exchanges: int = 0,
    liable: int | None = None,
    stock: int = 21,
    trick: str = "",
    tricks: Sequence[Trick] = (),
    announced: tuple[int, ...] = (),
) -> View:
    """A view of a deal where seat 1 deals, as the engine would show it."""
    return View(
        seat=seat,
        dealer=DEALER,
        phase=phase,
        hand=cards(hand),
        upcard=parse_card(upcard),
        trump=SUITS.index(upcard[1]),
        stock=stock,
        my_discards=(),
        their_discards=0,
        exchanges=exchanges,
        liable=liable,
        announced=announced,
        trick=cards(trick),
        tricks=tuple(tricks),
        score=score,
        games_won=(0, 0),
    )


def player(rules: Rules | None = None, seat: int = ELDER) -> ClassicPlayer:
    classic = ClassicPlayer(seed=0)
    classic.start_match(seat, rules or Rules())
    return classic


def elder_decision(
    hand: str, upcard: str = "7S", score: tuple[int, int] = (0, 0), rules: Rules | None = None
) -> Action:
    view = make_view(hand, upcard, score=score)
    return player(rules).decide(view, [PROPOSE_ACTION, PLAY_ACTION])


def dealer_decision(
    hand: str, upcard: str = "7S", score: tuple[int, int] = (0, 0), rules: Rules | None = None
) -> Action:
    view = make_view(hand, upcard, seat=DEALER, phase="answer", score=score)
    return player(rules, DEALER).decide(view, [ACCEPT_ACTION, REFUSE_ACTION])


def deck_for(elder: str, dealer: str, upcard: str, stock: str = "") -> list[Card]:
    """A deck dealt 3-2 that gives these hands, this upcard, and a stock
    starting with ``stock`` (the rest of the cards follow in code order)."""
    e, d = cards(elder), cards(dealer)
    top = [*e[:3], *d[:3], *e[3:], *d[3:], parse_card(upcard), *cards(stock)]
    return top + [card for card in range(32) if card not in top]


# ---------------------------------------------------------------- the views are the engine's


def test_hand_built_views_are_what_the_engine_shows() -> None:
    match = Match(first_dealer=DEALER)
    match.deal(deck_for("9S 8S KH 7D 8C", "QS AH TD 9D 7C", "7S"))
    expected = make_view("9S 8S KH 7D 8C")
    assert match.view(ELDER) == expected
    assert match.legal_actions() == [PROPOSE_ACTION, PLAY_ACTION]
    match.apply(PROPOSE_ACTION)
    assert match.view(DEALER) == make_view("QS AH TD 9D 7C", seat=DEALER, phase="answer")
    assert match.legal_actions() == [ACCEPT_ACTION, REFUSE_ACTION]


# ---------------------------------------------------------------- elder: the jeux de règle


@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("QS JS 9S 7H 8D", THREE_TRUMPS),
        ("9S 8S 7H 8H TH", TWO_TRUMPS_LONG_SUIT),
        ("9S 8S KH 7D 8C", TWO_TRUMPS_HONOUR),  # two trumps with a king
        ("9S 8S QH JD 7D", TWO_TRUMPS_HONOUR),  # a queen and a guarded knave
        ("9S 8S QH 7H 8D", TWO_TRUMPS_HONOUR),  # a guarded queen and a small card
        ("8S KH QH JH 7D", ONE_TRUMP_TIERCE_MAJOR),
        ("8S 7H 8H 9H TH", ONE_TRUMP_FOUR_CARD_SUIT),
        ("8S QH QD 7C 8C", ONE_TRUMP_TWO_QUEENS),
        ("8S QH JD 7D 8C", ONE_TRUMP_QUEEN_GUARDED_KNAVE),
        ("8S KH QD 7C 8C", ONE_TRUMP_KING_QUEEN),
        ("KH QH JD QC 7C", FOUR_COURT_CARDS),
    ],
)
def test_elder_plays_each_jeu_de_regle(hand: str, category: str) -> None:
    assert category in HandReading(sum(1 << card for card in cards(hand)), 0, False).jeux_de_regle()
    assert elder_decision(hand) == PLAY_ACTION


@pytest.mark.parametrize(
    "hand",
    [
        "8S 7H 9D TD 8C",  # one small trump, nothing else
        "AH TD 9C 8C 7D",  # no trump, no court card
        "8S KH 7D 8D 9C",  # one trump and a king only
        "9S 8S JH 7D 8C",  # two trumps, a knave, three suits
        "KH QD JC 7C 8H",  # three court cards without a trump
        "8S QH 7H JD 9C",  # one trump, a queen, an unguarded knave
    ],
)
def test_elder_proposes_on_weak_hands(hand: str) -> None:
    assert elder_decision(hand) == PROPOSE_ACTION


@pytest.mark.parametrize("hand", ["KS QS JS 9S 8S", "KS 8S KH 7D 8C", "KS 9S 7H 8D 9C"])
def test_elder_proposes_with_the_trump_king(hand: str) -> None:
    # The point is safe with the king; an exchange may bring the vole.
    assert elder_decision(hand) == PROPOSE_ACTION


def test_after_an_exchange_elder_plays_an_even_chance_without_the_penalty() -> None:
    even = "QH JD 7D TC 8C"  # a queen, a guarded knave, a guarded ten
    view = make_view(even, exchanges=1, stock=11)
    assert player().decide(view, [PROPOSE_ACTION, PLAY_ACTION]) == PLAY_ACTION
    weak = make_view("8S 7H 9D TD 8C", exchanges=1, stock=11)
    assert player().decide(weak, [PROPOSE_ACTION, PLAY_ACTION]) == PROPOSE_ACTION


def test_ace_high_reads_the_ace_as_the_top_card() -> None:
    # A K Q of hearts is the tierce major when the ace is high, not K Q J.
    assert elder_decision("8S AH KH QH 7D", rules=Rules(ace_high=True)) == PLAY_ACTION
    assert elder_decision("8S KH QH JH 7D", rules=Rules(ace_high=True)) == PROPOSE_ACTION
    assert elder_decision("8S KH QH JH 7D") == PLAY_ACTION


# ---------------------------------------------------------------- dealer: accept or refuse


@pytest.mark.parametrize(
    "hand",
    [
        "KH 8H QD 7D KC",  # guarded in three suits (a guarded queen guards)
        "9S KH 7H QD 8D",  # guarded in two suits with a trump
        "9S 8S QH 7H 8D",  # guarded in one suit with two trumps
    ],
)
def test_dealer_refuses_when_guarded(hand: str) -> None:
    assert dealer_decision(hand) == REFUSE_ACTION


def test_dealer_accepts_with_unguarded_queens_and_nothing_else() -> None:
    assert dealer_decision("QH QD 7C 8C 9C") == ACCEPT_ACTION


@pytest.mark.parametrize(
    ("weak", "strong"),
    [
        # 1. two trumps and three of a plain suit, unless headed by a court card
        ("9S 8S 7H 8H TH", "9S 8S JH 8H 7H"),
        # 2. one trump and a tierce major, unless the fifth card is a court card
        ("8S KH QH JH 7D", "8S KH QH JH JD"),
        # 4. one trump and two queens, unless both are singly guarded
        ("8S QH QD 7C 8C", "8S QH 7H QD 7D"),
        # 5. one trump, a queen and a guarded knave, unless the fourth suit's card is a court card
        ("8S QH JD 7D 8C", "8S QH JD 7D JC"),
        # 5. ... or unless the queen is guarded
        ("8S QH JD 7D 8C", "8S QH 7H JD 7D"),
        # 6. one trump, an unguarded king and queen, unless the fourth suit holds an ace or better
        ("8S KH QD 7C 8C", "8S KH QD AC 8C"),
        # 7. four court cards without a trump, unless they are in three suits
        ("KH QH JD QD 7C", "KH JH QD JC 7C"),
    ],
)
def test_dealer_accepts_on_the_exceptions_and_refuses_on_the_jeu(weak: str, strong: str) -> None:
    assert dealer_decision(weak) == ACCEPT_ACTION
    assert dealer_decision(strong) == REFUSE_ACTION


def test_dealer_accepts_one_trump_and_four_of_a_plain_suit() -> None:
    # Exception 3: too weak for the dealer, with no "unless".
    assert dealer_decision("8S 7H 8H JH AH") == ACCEPT_ACTION


def test_dealer_refuses_with_three_queens_two_singly_guarded() -> None:
    assert dealer_decision("QH 7H QD 7D QC") == REFUSE_ACTION
    assert dealer_decision("QH 7H 8H QD QC") == ACCEPT_ACTION


def test_dealer_with_three_trumps_refuses_unless_one_is_the_king() -> None:
    assert dealer_decision("QS JS 9S 7H 8D") == REFUSE_ACTION
    assert dealer_decision("KS 9S 8S 7H 8D") == ACCEPT_ACTION


def test_dealer_refuses_when_only_two_cards_could_be_discarded() -> None:
    # Two trumps and a king: only two cards to throw without a trump or a king.
    assert dealer_decision("9S 8S KH 7D 8C") == REFUSE_ACTION
    assert dealer_decision("KS 8S KH 7D 8C") == ACCEPT_ACTION  # ... unless with the trump king


def test_dealer_with_one_trump_and_nothing_above_a_ten_accepts() -> None:
    assert dealer_decision("8S 7H 8H 9D TC") == ACCEPT_ACTION


# ---------------------------------------------------------------- the score


def test_elder_plays_an_even_chance_when_the_dealer_is_at_four() -> None:
    hand = "QH JD 7D TC 8C"  # the doctrine's own example
    assert elder_decision(hand) == PROPOSE_ACTION
    assert elder_decision(hand, score=(0, 4)) == PLAY_ACTION
    assert (
        elder_decision(hand, score=(0, 6), rules=Rules(target=7)) == PLAY_ACTION
    )  # "four" = one from the target
    assert elder_decision(hand, score=(0, 4), rules=Rules(target=7)) == PROPOSE_ACTION


def test_elder_plays_any_trump_at_an_adverse_four_without_the_king() -> None:
    hand = "8S 7H 9D TD 8C"
    assert elder_decision(hand) == PROPOSE_ACTION
    assert elder_decision(hand, score=(2, 4)) == PLAY_ACTION
    # The king turned up: the dealer cannot draw it, so the rule does not apply.
    assert elder_decision("8S 7H 9D TD 8C", upcard="KS", score=(2, 4)) == PROPOSE_ACTION


def test_dealer_refuses_at_four_all() -> None:
    hand = "8S 7H 9D TD 8C"
    assert dealer_decision(hand) == ACCEPT_ACTION
    assert dealer_decision(hand, score=(4, 4)) == REFUSE_ACTION
    assert dealer_decision(hand, score=(10, 10), rules=Rules(target=11)) == REFUSE_ACTION


def test_dealer_at_four_refuses_on_an_even_chance() -> None:
    hand = "QH JD 7D TC 8C"
    assert dealer_decision(hand) == ACCEPT_ACTION
    assert dealer_decision(hand, score=(1, 4)) == REFUSE_ACTION


def test_dealer_refuses_with_a_trump_at_an_adverse_four_without_the_king() -> None:
    hand = "8S 7H 9D TD 8C"
    assert dealer_decision(hand, score=(4, 2)) == REFUSE_ACTION
    assert dealer_decision(hand, upcard="KS", score=(4, 2)) == ACCEPT_ACTION


def king_moment(score: tuple[int, int], liable: int | None) -> Action:
    """The dealer holds the trump king after elder's first lead."""
    view = make_view(
        "KS 9H 7D 8D 9C", upcard="7S", seat=DEALER, phase="tricks", score=score, liable=liable, trick="JH"
    )
    legal = [card_action(parse_card("9H")), KING_ACTION]
    return player(seat=DEALER).decide(view, legal)


def test_dealer_keeps_the_king_quiet_at_three_against_four_when_elder_played() -> None:
    assert king_moment((4, 3), liable=ELDER) == card_action(parse_card("9H"))


@pytest.mark.parametrize(
    ("score", "liable"), [((4, 3), None), ((4, 2), ELDER), ((0, 0), ELDER), ((3, 3), ELDER)]
)
def test_the_king_is_announced_otherwise(score: tuple[int, int], liable: int | None) -> None:
    assert king_moment(score, liable) == KING_ACTION


def test_elder_announces_the_king() -> None:
    view = make_view("KS 9S 7H 8D 9C", phase="tricks", score=(3, 4), liable=ELDER)
    legal = [*(card_action(card) for card in cards("KS 9S 7H 8D 9C")), KING_ACTION]
    assert player().decide(view, legal) == KING_ACTION


# ---------------------------------------------------------------- discards


def elder_discard(elder: str, upcard: str = "7S") -> set[str]:
    """What the player throws as elder after an accepted proposal."""
    match = Match(first_dealer=DEALER)
    match.deal(deck_for(elder, "AS TS JC AC 7C", upcard))
    match.apply(PROPOSE_ACTION)
    match.apply(ACCEPT_ACTION)
    action = player().decide(match.view(ELDER), match.legal_actions())
    match.apply(action)  # the engine takes it
    return {card_code(card) for card in action.cards}


def test_discard_keeps_trumps_and_kings_and_throws_low_plain_cards() -> None:
    assert elder_discard("9S KH 7H 8C TD") == {"7H", "8C", "TD"}


def test_discard_keeps_a_guarded_queen() -> None:
    assert elder_discard("9S QH 7H 8C 9D") == {"8C", "9D"}
    assert elder_discard("9S QH 8C 7D 9D") == {"QH", "8C", "7D", "9D"}  # an unguarded queen goes


def test_with_a_strong_hand_discard_draws_for_the_vole() -> None:
    # Two trumps and a king already hold the point: keep only trumps and kings.
    assert elder_discard("9S 8S KH QD 7D") == {"QD", "7D"}


def test_elder_discards_at_least_one_card() -> None:
    # Every card is a trump or a king, and elder must throw one: a plain king
    # goes before a trump.
    thrown = elder_discard("KS 9S 8S KH KD")
    assert thrown in ({"KH"}, {"KD"})


def test_the_dealer_keeps_a_hand_of_trumps_and_kings() -> None:
    match = Match(first_dealer=DEALER)
    match.deal(deck_for("QH 7H TH JD AD", "KS 9S 8S KH KD", "7S"))
    match.apply(PROPOSE_ACTION)
    match.apply(ACCEPT_ACTION)
    match.apply(discard_action(match.hand(ELDER)))
    action = player(seat=DEALER).decide(match.view(DEALER), match.legal_actions())
    assert action.type == "discard" and action.cards == []


def test_discard_throws_a_whole_weak_suit_rather_than_half_of_one() -> None:
    # Elder throws everything twice, the dealer five then four: two cards
    # remain in the stock when elder holds KS KH 9C 8C 7D.
    elder, dealer = "QH 7H TH JD AD", "QD AH 9D 8D AS"
    wanted = cards("KS KH 9C 8C 7D")
    used = set(cards(elder) + cards(dealer) + cards("7S") + wanted)
    filler = [card for card in range(32) if card not in used]
    stock = " ".join(card_code(card) for card in [*filler[:10], *wanted])
    match = Match(first_dealer=DEALER)
    match.deal(deck_for(elder, dealer, "7S", stock))
    for dealer_throws in (5, 4):
        match.apply(PROPOSE_ACTION)
        match.apply(ACCEPT_ACTION)
        match.apply(discard_action(match.hand(ELDER)))
        match.apply(discard_action(match.hand(DEALER)[:dealer_throws]))
    match.apply(PROPOSE_ACTION)
    match.apply(ACCEPT_ACTION)
    view = match.view(ELDER)
    assert set(view.hand) == set(wanted) and view.stock == 2
    action = player().decide(view, match.legal_actions())
    # The lowest two would be 7D and 8C, splitting the clubs; the whole club suit goes.
    assert {card_code(card) for card in action.cards} == {"9C", "8C"}


# ---------------------------------------------------------------- play of the cards


def test_second_player_takes_with_the_cheapest_winning_card() -> None:
    view = make_view("KH TH 8S 9D 8C", seat=DEALER, phase="tricks", trick="9H")
    legal = [card_action(parse_card(code)) for code in ("KH", "TH")]
    assert player(seat=DEALER).decide(view, legal) == card_action(parse_card("TH"))


def test_second_player_trumps_low_when_void() -> None:
    view = make_view("QS 8S 9D 8C 7C", seat=DEALER, phase="tricks", trick="9H")
    legal = [card_action(parse_card(code)) for code in ("QS", "8S")]
    assert player(seat=DEALER).decide(view, legal) == card_action(parse_card("8S"))


def test_second_player_plays_the_lowest_loser() -> None:
    view = make_view("9H 7H 8S 9D 8C", seat=DEALER, phase="tricks", trick="KH")
    legal = [card_action(parse_card(code)) for code in ("9H", "7H")]
    assert player(seat=DEALER).decide(view, legal) == card_action(parse_card("7H"))


def test_without_must_trump_a_void_player_still_trumps_to_win() -> None:
    view = make_view("8S 9D 8C 7C TD", seat=DEALER, phase="tricks", trick="9H")
    legal = [card_action(card) for card in cards("8S 9D 8C 7C TD")]
    assert player(Rules(must_trump=False), DEALER).decide(view, legal) == card_action(parse_card("8S"))


def lead(hand: str, upcard: str = "7S", tricks: Sequence[Trick] = ()) -> Card:
    view = make_view(hand, upcard, phase="tricks", tricks=tricks)
    legal = [card_action(card) for card in cards(hand)]
    return player().decide(view, legal).card


def test_lead_trumps_with_the_majority_of_them() -> None:
    # Four trumps against at most three unseen (eight, one turned up).
    assert lead("QS JS 9S 8S 7H", upcard="KS") == parse_card("QS")


def test_no_trump_lead_without_the_majority() -> None:
    assert lead("QS JS 9S KH 7H", upcard="KS") == parse_card("KH")


def test_lead_from_strength_the_king_of_a_suit_with_the_queen() -> None:
    assert lead("8S KH QH 7D 9C") == parse_card("KH")


def test_lead_a_singleton_when_holding_trumps() -> None:
    # No master card, no trump majority: the singleton, to trump that suit later.
    assert lead("9S 8S JH 9H 7D") == parse_card("7D")


def test_the_count_of_trumps_uses_the_cards_seen() -> None:
    # Elder held QS JS TS 9S 7D under the 8S; QS fell to KS, then JS took AS.
    # Two trumps in hand against one unseen (7S): lead trumps, not the singleton.
    tricks = [Trick(ELDER, two("QS KS"), DEALER), Trick(DEALER, two("AS JS"), ELDER)]
    assert lead("TS 9S 7D", upcard="8S", tricks=tricks) == parse_card("TS")
    # Before those tricks the same two trumps were outnumbered: the singleton.
    assert lead("TS 9S 7D QH 7H", upcard="8S") == parse_card("7D")


def test_no_lead_into_a_suit_the_other_is_known_to_trump() -> None:
    # The dealer trumped the 7C: his clubs are gone and he may hold more
    # trumps, so the master KC waits and the master KD goes first.
    tricks = [Trick(ELDER, two("7C 8S"), DEALER), Trick(DEALER, two("7H AH"), ELDER)]
    assert lead("KC 8C KD", tricks=tricks) == parse_card("KD")
    assert lead("KC 8C KD 7C AH") == parse_card("KC")  # knowing nothing: the longer suit


# ---------------------------------------------------------------- the registry and determinism


def test_registry_names_make_the_textbook_player() -> None:
    assert isinstance(make_player("classic", 3), ClassicPlayer)
    assert make_player("classic", 3).name == "classic"


def test_classic_is_deterministic_for_a_seed() -> None:
    def actions(seed: int) -> list[str]:
        players = [make_player("classic", seed), make_player("classic", seed + 1)]
        _, log = play_seeded_match(players, Rules(), random.Random(11))
        return [str(action) for _, action in log.decisions]

    assert actions(5) == actions(5)
