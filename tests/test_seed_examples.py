"""The worked examples of the rule texts in shared/seeds/, played through the
engine as they are written there.

Where a seed disagrees with spec/rules.md, the spec wins: the test plays the
spec's rule (under the variant that matches the seed, when there is one) and
a comment says so.
"""

from __future__ import annotations

import pytest

from ecarte.engine import DEAL, EXCHANGE, OVER, TRICKS, Action, IllegalActionError, Match, Rules, deck_for

KLARA, LEO = 0, 1
ANNA, BEN = 0, 1


def deal(match: Match, elder: str, dealer: str, upcard: str, stock: str = "") -> None:
    match.deal(deck_for(elder.split(), dealer.split(), upcard, stock.split(), match.rules.deal_packets))


def act(match: Match, *texts: str) -> None:
    for text in texts:
        match.apply(Action.parse(text))


def tricks(match: Match, *plays: str) -> None:
    for trick in plays:
        for code in trick.split():
            match.apply(Action.parse(f"card {code}"))


def legal_cards(match: Match) -> set[str]:
    return {str(action).removeprefix("card ") for action in match.legal_actions() if action.type == "card"}


def offers_king(match: Match) -> bool:
    return any(action.type == "king" for action in match.legal_actions())


# --- Swedish (000): "Räkneexempel", Klara deals to Leo ----------------------------------


def klara_and_leo(klara_draws: str) -> Match:
    """Steps 1-6 of the example: hearts trump (9♥ turned), Leo proposes, Klara
    accepts, Leo swaps 7♦ 8♣ for J♥ 10♣, Klara swaps one card, Leo plays and
    takes the first three tricks."""
    match = Match(first_dealer=KLARA)
    # Leo: Q♥ 8♥ K♠ 7♦ 8♣. Klara: only one spade (9♠), A♥ and 10♥, and two more.
    deal(match, "QH 8H KS 7D 8C", "9S AH TH JD 8D", "9H", f"JH TC {klara_draws}")
    assert match.current_player == LEO and match.trump == 1  # hearts
    act(match, "propose", "accept", "discard 7D 8C")
    assert {str(card) for card in match.view(LEO).to_json()["hand"]} == {"QH", "8H", "KS", "JH", "TC"}
    act(match, "discard JD")  # "Klara byter ett kort"
    act(match, "play")
    assert match.liable is None
    # "Ingen har trumfkungen": no king is offered to Leo before his lead...
    assert not offers_king(match)
    tricks(match, "KS")
    # ...nor to Klara after it; her only spade must go.
    assert not offers_king(match)
    assert legal_cards(match) == {"9S"}
    tricks(match, "9S")
    assert match.tricks[-1].winner == LEO
    tricks(match, "QH")
    # Both her hearts are lower than the queen: either may follow, she plays the 10.
    assert legal_cards(match) == {"AH", "TH"}
    tricks(match, "TH")
    tricks(match, "JH")
    assert legal_cards(match) == {"AH"}
    tricks(match, "AH")
    assert [trick.winner for trick in match.tricks] == [LEO, LEO, LEO]
    return match


def test_swedish_deal_leo_secures_the_point() -> None:
    # Klara drew Q♣: she beats Leo's 10♣, and Leo's last trump takes the other trick.
    match = klara_and_leo(klara_draws="QC")
    tricks(match, "TC QC", "8D 8H")
    assert match.deals[-1].tricks == [1, 4]
    assert match.score == [0, 1]  # "Ställningen är 1–0 till Leo"
    assert not match.deals[-1].penalty  # "Eftersom kort byttes gäller inga straffpoäng"


def test_swedish_deal_leo_takes_the_vole() -> None:
    match = klara_and_leo(klara_draws="7C")
    tricks(match, "TC 7C", "8H 8D")
    assert match.deals[-1].tricks == [0, 5]
    assert match.score == [0, 2]  # "eller 2–0 vid vole"


def test_swedish_deal_had_leo_played_at_once_and_taken_two_tricks() -> None:
    # "Hade Leo i stället spelat direkt ... och fått bara två stick, hade Klara fått 2 poäng."
    match = Match(first_dealer=KLARA)
    deal(match, "QH 8H KS 7D 8C", "9S AH TH JD 8D", "9H")
    act(match, "play")
    assert match.liable == LEO
    tricks(match, "KS 9S", "QH TH", "7D JD", "AH 8H", "8D 8C")
    assert match.deals[-1].tricks == [3, 2]
    assert match.score == [2, 0]


# --- Swedish (000): "Ett helt parti till fem" -------------------------------------------


def test_swedish_whole_game_to_five() -> None:
    match = Match(first_dealer=KLARA)
    # Deal 1: Klara deals; an exchange, Leo takes 3 tricks. 0-1.
    deal(match, "QH JH AH 7S 8C", "AS KS AD KD KC", "9H", "7D")
    act(match, "propose", "accept", "discard 8C", "discard", "play")
    tricks(match, "QH KC", "JH KS", "AH KD", "7S AS", "AD 7D")
    assert match.score == [0, 1]
    # Deal 2: Leo deals and turns up a king (+1). Klara plays without an
    # exchange but takes only 2 tricks; Leo takes 3 and scores 2. 0-4.
    assert match.next_dealer == LEO
    deal(match, "AH KH AD KD KC", "QS JS AS 7H 7D", "KS")
    assert match.score == [0, 2]
    act(match, "play")
    tricks(match, "AH 7H", "AD 7D", "KH QS", "JS KD", "AS KC")
    assert match.deals[-1].tricks == [2, 3]
    assert match.score == [0, 4]
    # Deal 3: Klara deals, shows the trump king (+1) and takes all 5 (+2). 3-4.
    deal(match, "AS KS AD KD KC", "KH QH JH AH TH", "9H", "QC")
    act(match, "propose", "accept", "discard KC", "discard", "play")
    tricks(match, "AS")
    act(match, "king")  # the dealer announces after elder's lead
    tricks(match, "KH", "QH KS", "JH AD", "AH KD", "TH QC")
    assert match.deals[-1].points == [3, 0]
    assert match.score == [3, 4]
    # Deal 4: Leo deals, refuses Klara's proposal and takes 3 tricks. 3-5.
    deal(match, "AS KS AD KD KC", "QH JH AH 7S 7D", "9H")
    act(match, "propose", "refuse")
    tricks(match, "AS 7S", "AD 7D", "KS QH", "JH KD", "AH KC")
    # Leo refused and was liable, but he won: the ordinary 1 point.
    assert match.deals[-1].points == [0, 1]
    assert match.games == [[3, 5]]
    assert match.is_over and match.winner == LEO  # "Leo vinner med 5–3"
    assert [record.dealer for record in match.deals] == [KLARA, LEO, KLARA, LEO]


# --- German (002) -------------------------------------------------------------------------


def test_german_trick_example_must_play_the_king_to_win() -> None:
    # "Herz ist Trumpf. Du spielst D♠ aus. Dein Gegner hat B♠ und K♠: Er muss K♠ legen."
    match = Match(first_dealer=1)
    deal(match, "QS 7C 8C 9C TC", "JS KS 7D 8D 9D", "9H")
    act(match, "play")
    tricks(match, "QS")
    assert legal_cards(match) == {"KS"}
    with pytest.raises(
        IllegalActionError, match="J♠ is not allowed: you must beat the led Q♠ and you hold K♠"
    ):
        match.apply(Action.parse("card JS"))


def test_german_trick_example_must_trump_when_void() -> None:
    # "Hätte er kein Pik, aber 7♥, müsste er mit 7♥ trumpfen."
    match = Match(first_dealer=1)
    deal(match, "QS 7C 8C 9C TC", "7H KD 7D 8D 9D", "9H")
    act(match, "play")
    tricks(match, "QS")
    assert legal_cards(match) == {"7H"}
    with pytest.raises(IllegalActionError, match="must trump"):
        match.apply(Action.parse("card KD"))
    tricks(match, "7H")
    assert match.tricks[-1].winner == 1


def test_german_anna_and_ben() -> None:
    # "Pik ist Trumpf. Anna (Vorhand) hat K♠ und sagt 'Ich habe den König' – 1 Punkt.
    # Sie spielt ohne Vorschlag, macht aber nur 2 Stiche. Ben bekommt 2. Stand: Anna 1, Ben 2."
    match = Match(first_dealer=BEN)
    deal(match, "KS JS 7H 7D 7C", "QS AH KH AD KC", "9S")
    act(match, "play")
    act(match, "king")
    assert match.score == [1, 0]
    tricks(match, "KS QS", "JS KC", "7H AH", "AD 7D", "KH 7C")
    assert match.deals[-1].tricks == [2, 3]
    assert match.score == [1, 2]


def test_german_penalty_only_for_the_first_proposal_and_a_vole_stays_at_two() -> None:
    # "Das gilt nur für den ersten Vorschlag eines Spiels, und eine Vole bleibt bei 2."
    match = Match(first_dealer=BEN)
    deal(match, "KH QH JH AH 7C", "AS KS AD KD KC", "9H", "TH")
    act(match, "propose", "accept", "discard 7C", "discard", "propose", "refuse")
    assert match.liable is None
    tricks(match, "KH KC", "QH KD", "JH KS", "AH AD", "TH AS")
    assert match.score == [2, 0]
    match = Match(first_dealer=BEN)
    deal(match, "KH QH JH AH TH", "AS KS AD KD KC", "9H")
    act(match, "propose", "refuse")
    tricks(match, "KH KC", "QH KD", "JH KS", "AH AD", "TH AS")
    assert match.score == [2, 0]


# --- Finnish (003) ----------------------------------------------------------------------


def finnish_deal(elder: str, dealer: str, rules: Rules | None = None) -> Match:
    match = Match(rules or Rules(), first_dealer=0)
    deal(match, elder, dealer, "KH")  # "Jakaja kääntää kuninkaan valtiksi"
    assert match.score == [1, 0]
    return match


def test_finnish_example_1_dealer_takes_the_tricks() -> None:
    # The example says elder "starts by proposing", yet gives the dealer 2 points
    # for 3 or 4 tricks; its own table gives 2 only "when the opponent has not
    # proposed", and so does the spec (elder who plays without proposing is
    # liable). The spec wins: elder plays without proposing, 1 + 2 = 3 to 0.
    match = finnish_deal("AS KS AD KD KC", "QH JH AH 7S 7D")
    act(match, "play")
    tricks(match, "AS 7S", "AD 7D", "KS QH", "JH KD", "AH KC")
    assert match.deals[-1].tricks == [3, 2]
    assert match.score == [3, 0]


def test_finnish_example_1_with_a_proposal_the_dealer_scores_one() -> None:
    # What the spec gives for the example as literally worded (elder proposed):
    # no one is liable, so 3 or 4 tricks score 1.
    match = Match(first_dealer=0)
    deal(match, "AS KS AD KD KC", "QH JH AH 7S 7D", "KH", "QC")
    act(match, "propose", "accept", "discard KC", "discard", "play")
    assert match.liable is None
    tricks(match, "AS 7S", "AD 7D", "KS QH", "JH KD", "AH QC")
    assert match.deals[-1].tricks == [3, 2]
    assert match.score == [2, 0]


def test_finnish_example_1_elder_takes_three_or_five() -> None:
    # "Mikäli vastustaja ... saa kolme tai neljä tikkiä ... tilanne on 1–1."
    match = finnish_deal("QH JH AH 7S 7D", "AS KS AD KD KC")
    act(match, "play")
    tricks(match, "QH KC", "JH KS", "AH KD", "7S AS", "AD 7D")
    assert match.score == [1, 1]
    # "Jos vastustaja saa viisi tikkiä, on tilanne 2–1."
    match = finnish_deal("QH JH AH TH 9H", "AS KS AD KD KC")
    act(match, "play")
    tricks(match, "QH KC", "JH KS", "AH KD", "TH AS", "9H AD")
    assert match.score == [1, 2]


@pytest.mark.parametrize(("adds", "points"), [(True, 3), (False, 2)])
def test_finnish_table_penalty_vole_is_the_penalty_adds_to_vole_variant(adds: bool, points: int) -> None:
    # The Finnish table: "5 tikkiä, jotka jakaja saa kun vastustaja ei ole
    # ehdottanut ostoa: 3 pistettä". That is the spec's penalty_adds_to_vole;
    # by default (the spec, the German and Norwegian texts) it stays at 2.
    rules = Rules(penalty_adds_to_vole=adds)
    match = Match(rules, first_dealer=0)
    deal(match, "AS KS AD KD KC", "KH QH JH AH TH", "9H")
    act(match, "play")
    tricks(match, "AS KH", "QH KS", "JH AD", "AH KD", "TH KC")
    assert match.deals[-1].points == [points, 0]


def test_finnish_table_refused_first_proposal_elder_scores_two_and_three() -> None:
    # "3 tai 4 tikkiä, jotka vastustaja saa kun jakaja on kieltänyt 1. oston: 2 pistettä";
    # "Tätä rangaistuspistettä ei käytetä mikäli jakaja on kieltänyt ostamisen vasta toisella kerralla."
    match = Match(first_dealer=0)
    deal(match, "KH QH JH 7S 7D", "AS KS AD KD KC", "9H")
    act(match, "propose", "refuse")
    tricks(match, "KH KC", "QH KS", "JH KD", "7S AS", "AD 7D")
    assert match.score == [0, 2]
    match = Match(first_dealer=0)
    deal(match, "KH QH JH 7S 8C", "AS KS AD KD KC", "9H", "7D")
    act(match, "propose", "accept", "discard 8C", "discard", "propose", "refuse")
    tricks(match, "KH KC", "QH KS", "JH KD", "7S AS", "AD 7D")
    assert match.score == [0, 1]


def test_finnish_at_most_two_exchanges_is_max_exchanges_two() -> None:
    # "Kortteja saa ostaa enintään kahdesta. Sen jälkeen peli on aloitettava."
    match = Match(Rules(max_exchanges=2), first_dealer=0)
    deal(match, "KH QH JH 7S 7D", "AS KS AD KD KC", "9H")
    act(match, "propose", "accept", "discard 7D", "discard")
    assert match.phase == EXCHANGE
    act(match, "propose", "accept", "discard 7S", "discard")
    assert match.phase == TRICKS


def test_finnish_example_2_at_four_all_a_turned_up_king_wins_without_play() -> None:
    match = Match(first_dealer=0)
    match.games = [[4, 4]]
    deal(match, "QH JH 7S 7D 8C", "AS KS AD KD KC", "KH")
    assert match.score == [5, 4] and match.is_over and match.winner == 0
    assert match.deals[-1].tricks is None


@pytest.mark.parametrize("holder", ["elder", "dealer"])
def test_finnish_example_2_at_four_all_the_king_in_hand_wins_without_play(holder: str) -> None:
    match = Match(first_dealer=0)
    match.games = [[4, 4]]
    king_hand, other = "KH QH JH 7S 7D", "AS KS AD KD KC"
    if holder == "elder":
        deal(match, king_hand, other, "9H")
        act(match, "play", "king")
        assert match.winner == 1
    else:
        deal(match, other, king_hand, "9H")
        act(match, "play")
        tricks(match, "AS")
        act(match, "king")
        assert match.winner == 0
    assert match.phase == OVER and match.deals[-1].tricks is None


def test_finnish_example_2_four_all_becomes_three_all() -> None:
    # "jos pisteet ovat tasan 4–4, vähennetään kummaltakin yksi piste, jolloin
    # peli jatkuu tilanteesta 3–3": the four_all_reset variant.
    match = Match(Rules(four_all_reset=True), first_dealer=0)
    match.games = [[3, 4]]
    deal(match, "AS KS AD KD KC", "QH JH AH 7S 7D", "9H")
    act(match, "propose", "refuse")
    tricks(match, "AS 7S", "AD 7D", "KS QH", "JH KD", "AH KC")
    assert match.deals[-1].points == [1, 0]
    assert match.score == [3, 3] and match.deals[-1].four_all_reset
    # Now a turned-up king no longer wins at once.
    assert match.phase == DEAL
    deal(match, "QH JH 7S 7D 8C", "AS KS AD KD KC", "KH")
    assert match.score == [3, 4] and not match.is_over and match.phase == EXCHANGE


# --- Norwegian (001) ------------------------------------------------------------------


def test_norwegian_anna_leads_four_three_and_takes_three_tricks() -> None:
    # "Anna leder med fire mot tre og tar tre stikk. Hun får et poeng og vinner
    # partiet med fem mot tre."
    match = Match(first_dealer=BEN)
    match.games = [[4, 3]]
    deal(match, "KH QH JH 7S 8C", "AS KS AD KD KC", "9H", "7D")
    act(match, "propose", "accept", "discard 8C", "discard", "play")
    tricks(match, "KH KC", "QH KS", "JH KD", "7S AS", "AD 7D")
    assert match.deals[-1].points == [1, 0]
    assert match.games == [[5, 3]] and match.winner == ANNA
