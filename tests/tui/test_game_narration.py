"""The words of the game screen: narration, card rendering, liability."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar

import pytest
from game_support import deck

from ecarte.engine import DealRecord, Match, Rules, parse_card
from ecarte.engine.actions import (
    ACCEPT_ACTION,
    KING_ACTION,
    PLAY_ACTION,
    PROPOSE_ACTION,
    REFUSE_ACTION,
    card_action,
    discard_action,
)
from ecarte.tui.cards_render import card_face, card_text, letters
from ecarte.tui.narration import (
    describe_action,
    describe_deal,
    describe_deal_end,
    liability_warning,
    printable,
)

NAMES = ("You", "Computer")
# Human elder: K♥ A♠ 7♣ 8♦ 9♦; computer: K♣ J♠ 8♠ 7♠ 10♣; 7♥ up; stock K♠ Q♠...
DEAL_ONE = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")


def dealt(cards: tuple[int, ...] = DEAL_ONE, first_dealer: int = 1, rules: Rules | None = None) -> Match:
    match = Match(rules, first_dealer=first_dealer)
    match.deal(cards)
    return match


def step(match: Match, action, names=NAMES) -> str:  # type: ignore[no-untyped-def]
    seat = match.current_player
    assert seat is not None
    text = describe_action(match, seat, action, names)
    match.apply(action)
    return text


def test_the_exchange_in_words() -> None:
    match = dealt()
    assert step(match, PROPOSE_ACTION) == "You propose"
    assert step(match, ACCEPT_ACTION) == "Computer accepts"
    # The human's own discards and draws are named, in hand order.
    assert step(match, discard_action(cards("8D 9D"))) == "You discard 9♦, 8♦ and draw K♠, Q♠"
    assert step(match, discard_action(cards("7S 8S TC"))) == "Computer discards 3 cards"
    assert step(match, PROPOSE_ACTION) == "You propose another exchange"
    assert step(match, REFUSE_ACTION) == "Computer refuses"


def test_the_computer_discards_are_never_named() -> None:
    match = dealt(first_dealer=0)  # the computer is elder
    step(match, PROPOSE_ACTION)
    step(match, ACCEPT_ACTION)
    text = step(match, discard_action(cards("KH")))
    assert text == "Computer discards 1 card"
    assert "K♥" not in text


def test_liability_in_words() -> None:
    match = dealt()
    assert step(match, PLAY_ACTION) == "You play without proposing"
    assert liability_warning(match, NAMES) == (
        "You played without proposing. If you lose this deal, Computer scores 2 points."
    )
    refused = dealt(first_dealer=0)
    step(refused, PROPOSE_ACTION)
    assert step(refused, REFUSE_ACTION) == "You refuse the first proposal"
    assert liability_warning(refused, NAMES) == (
        "You refused the first proposal. If you lose this deal, Computer scores 2 points."
    )
    nobody = dealt()
    step(nobody, PROPOSE_ACTION)
    assert liability_warning(nobody, NAMES) is None


def test_the_other_sides_liability_is_said_from_the_players_side() -> None:
    """A learner read "Computer refused the first proposal: losing this deal
    costs 2 points" as a threat to themselves: the warning says who scores."""
    played = dealt(first_dealer=0)  # the computer is elder
    step(played, PLAY_ACTION)
    assert liability_warning(played, NAMES) == (
        "Computer played without proposing. If Computer loses this deal, you score 2 points."
    )
    refused = dealt()
    step(refused, PROPOSE_ACTION)
    step(refused, REFUSE_ACTION)
    assert liability_warning(refused, NAMES) == (
        "Computer refused the first proposal. If Computer loses this deal, you score 2 points."
    )
    # Two programs (a replay of bots): both named.
    assert liability_warning(refused, ("Anna", "Bo")) == (
        "Bo refused the first proposal. If Bo loses this deal, Anna scores 2 points."
    )


def test_the_liability_warning_ends_when_the_liable_player_has_won_the_deal() -> None:
    # You (elder) hold K Q J A 10 of hearts, trumps: three tricks win the deal.
    match = dealt(deck("KH QH JH 7S 8S 9S AH TH 7D 8D 7H"))
    step(match, PLAY_ACTION)
    for code in ("KH", "QH"):
        step(match, card_action(parse_card(code)))
        step(match, match.legal_actions()[0])
        assert liability_warning(match, NAMES) is not None, code
    step(match, card_action(parse_card("JH")))
    step(match, match.legal_actions()[0])
    assert match.tricks_won[0] == 3 and match.liable == 0
    assert liability_warning(match, NAMES) is None


def test_the_liability_warning_ends_when_the_liable_player_has_lost_the_deal() -> None:
    """A tester read "If Computer loses this deal, you score 2" with three
    tricks already taken: the deal was decided, the warning outlived it.
    Only where a vole would score more is something still to come."""
    weak = deck("7S 8S 9S KH QH JH 7D 8D AH TH 7H")  # the computer (elder) is weak
    for rules, kept in ((Rules(), False), (Rules(penalty_adds_to_vole=True), True)):
        match = dealt(weak, first_dealer=0, rules=rules)
        step(match, PLAY_ACTION)  # the computer plays without proposing: liable
        while match.tricks_won[0] < 3:
            assert liability_warning(match, NAMES) is not None
            step(match, match.legal_actions()[-1] if match.current_player == 0 else match.legal_actions()[0])
        assert match.liable == 1 and match.tricks_won == [3, 0]
        # Decided: said no more, unless the vole (3 points) is still to come.
        assert (liability_warning(match, NAMES) is not None) == kept, rules


def test_the_king_and_the_tricks_in_words() -> None:
    match = dealt()
    step(match, PLAY_ACTION)
    assert step(match, KING_ACTION) == "You announce the king (K♥): 1 point"
    assert step(match, card_action(parse_card("7C"))) == "You lead the 7♣"
    # The K♣ beats the 7♣: the one who played second wins.
    assert step(match, card_action(parse_card("KC"))) == "Computer wins the trick with the K♣"
    assert step(match, card_action(parse_card("JS"))) == "Computer leads the J♠"
    # The human must follow spades; the A♠ (below the J: K Q J A 10...) is
    # the only spade, so it is played and loses.
    assert (
        step(match, card_action(parse_card("AS"))) == "You play the A♠; Computer wins the trick with the J♠"
    )


def test_a_trump_winning_the_trick_is_named_as_trump() -> None:
    match = dealt()
    step(match, PLAY_ACTION)
    step(match, card_action(parse_card("7C")))
    step(match, card_action(parse_card("KC")))
    # The computer leads the 10♣: the human has no club left and must trump
    # with the K♥.
    step(match, card_action(parse_card("TC")))
    assert step(match, card_action(parse_card("KH"))) == "You win the trick with the K♥ (trump)"


def test_other_names_get_the_third_person() -> None:
    match = dealt()
    names = ("Klara", "Computer")
    assert step(match, PROPOSE_ACTION, names) == "Klara proposes"


def test_the_deal_in_words_with_a_turned_up_king() -> None:
    match = dealt(deck("7H 8H 9H 7S 8S 9S 7D 8D 9D TS KC"), first_dealer=1)
    text = describe_deal(match, NAMES)
    assert text.startswith("Computer deals, turns up the K♣ and scores 1 point: clubs are trumps.")
    assert match.score == [0, 1]


@pytest.mark.parametrize(
    ("adds", "points", "words"),
    [
        # A vole is worth 2 whether or not the loser was liable: the liability
        # is not given as a reason for points it did not add, and a learner
        # who expected 3 is told why.
        (
            False,
            2,
            "Computer takes all five tricks, the vole: 2 points. The loser was liable, but a vole scores "
            "as much either way: under these rules the penalty does not add to it.",
        ),
        (True, 3, "Computer takes all five tricks, the vole: 3 points (you were liable and lost)."),
    ],
)
def test_a_vole_with_a_penalty_in_words(adds: bool, points: int, words: str) -> None:
    # The human holds nothing; the computer all the top hearts, and hearts
    # are trumps. The human plays without proposing (liable) and loses all.
    match = dealt(
        deck("7S 8S 9S KH QH JH 7D 8D AH TH 7H"), first_dealer=1, rules=Rules(penalty_adds_to_vole=adds)
    )
    step(match, PLAY_ACTION)
    while match.phase == "tricks":
        seat = match.current_player
        assert seat is not None
        match.apply(match.legal_actions()[0])
    record = match.deals[-1]
    assert record.vole and record.penalty and record.points == [0, points]
    assert record.penalty_points == points - 2
    assert describe_deal_end(record, NAMES) == words


def test_a_game_ended_by_the_king_in_the_first_trick_is_not_said_to_end_before_it() -> None:
    # Klara leads, the player announces the king in reply and reaches the
    # target: a card was played, so "before the tricks were played" is false.
    ended = DealRecord(
        game=1,
        dealer=0,
        upcard=parse_card("7D"),
        trump=2,
        points=[1, 0],
        score=[5, 3],
        tricks=None,
        king_points=[1, 0],
        ended_game=0,
    )
    assert describe_deal_end(ended, NAMES) == (
        "Your point for the king ended the game; the tricks were not played out. You win the game 5-3."
    )


def test_deal_end_reasons_in_words() -> None:
    king_and_tricks = DealRecord(
        game=1,
        dealer=1,
        upcard=parse_card("7H"),
        trump=1,
        points=[2, 0],
        score=[2, 0],
        tricks=[3, 2],
        king_points=[1, 0],
        winner=0,
        trick_points=1,
    )
    # The king's point was scored when it was announced: recalled, not scored twice.
    assert describe_deal_end(king_and_tricks, NAMES) == (
        "The king gave you 1 point earlier. You take 3 tricks to 2: 1 point."
    )
    reset = DealRecord(
        game=1,
        dealer=0,
        upcard=parse_card("7H"),
        trump=1,
        points=[0, 1],
        score=[3, 3],
        tricks=[2, 3],
        winner=1,
        trick_points=1,
        four_all_reset=True,
    )
    assert describe_deal_end(reset, NAMES) == (
        "Computer takes 3 tricks to 2: 1 point. Four all: both scores drop by one, to 3-3."
    )
    # In a game to 3 the rule strikes at two all: not "four all".
    reset_at_two = DealRecord(
        game=1,
        dealer=0,
        upcard=parse_card("7H"),
        trump=1,
        points=[0, 1],
        score=[1, 1],
        tricks=[2, 3],
        winner=1,
        trick_points=1,
        four_all_reset=True,
    )
    assert describe_deal_end(reset_at_two, NAMES) == (
        "Computer takes 3 tricks to 2: 1 point. "
        "2 all, one point from the target: both scores drop by one, to 1-1."
    )
    won = DealRecord(
        game=1,
        dealer=0,
        upcard=parse_card("7H"),
        trump=1,
        points=[2, 0],
        score=[6, 3],
        tricks=[5, 0],
        winner=0,
        vole=True,
        trick_points=2,
        ended_game=0,
    )
    assert (
        describe_deal_end(won, NAMES) == "You take all five tricks, the vole: 2 points. You win the game 6-3."
    )


def test_names_and_text_are_made_printable() -> None:
    assert printable("[red]x[/]") == "[red]x[/]"
    assert printable("a\x1b[31mb") == "a\\x1b[31mb"
    assert printable("tab\there") == "tab\\x09here"
    assert printable("Zoë ♥") == "Zoë ♥"
    # A non-breaking space would make two names look alike ("You" and
    # "You\xa0"); between digits it is how French sets thousands apart.
    assert printable("You\xa0") == "You\\xa0"
    assert printable("a\u202fb") == "a\\u202fb"
    assert printable("5\xa0000 et 1\u202f000") == "5\xa0000 et 1\u202f000"
    match = dealt()
    assert step(match, PROPOSE_ACTION, ("\x1b[2J", "Computer")) == "\\x1b[2J proposes"


def test_cards_render_in_colour_and_in_letters() -> None:
    heart = card_text(parse_card("TH"))
    spade = card_text(parse_card("KS"))
    assert heart.plain == "10♥" and spade.plain == "K♠"
    assert "red" in str(heart.style)
    assert "red" not in str(spade.style)
    assert card_text(parse_card("TD"), symbols=False).plain == "10D"
    assert card_face(parse_card("QC")).plain == "┌───┐\n│Q♣ │\n└───┘"
    assert (
        letters("A♠ is not allowed: you must beat the led J♠")
        == "AS is not allowed: you must beat the led JS"
    )


def cards(codes: str) -> list[int]:
    return [parse_card(code) for code in codes.split()]


def test_you_mid_sentence_is_lower_case() -> None:
    match = dealt()
    step(match, PLAY_ACTION)
    step(match, card_action(parse_card("9D")))
    # The computer has neither diamonds nor trumps (hearts): any card goes,
    # and the led 9♦ wins.
    assert (
        step(match, card_action(parse_card("7S"))) == "Computer plays the 7♠; you win the trick with the 9♦"
    )


def test_a_vole_without_liability_says_nothing_of_a_penalty() -> None:
    free = dealt(deck("7S 8S 9S KH QH JH 7D 8D AH TH 7H"), first_dealer=1)
    step(free, PROPOSE_ACTION)
    step(free, REFUSE_ACTION)  # the dealer refuses, so is liable, and wins every trick
    while free.phase == "tricks":
        free.apply(free.legal_actions()[0])
    assert free.deals[-1].vole and not free.deals[-1].penalty
    assert describe_deal_end(free.deals[-1], NAMES) == "Computer takes all five tricks, the vole: 2 points."


def test_a_vole_with_a_penalty_under_penalty_adds_to_vole() -> None:
    # The rule variant: a liable player who loses the vole gives 3 points, and
    # the warning says so beforehand (rules.md, penalty_adds_to_vole).
    rules = Rules(penalty_adds_to_vole=True)
    match = dealt(deck("7S 8S 9S KH QH JH 7D 8D AH TH 7H"), first_dealer=1, rules=rules)
    step(match, PLAY_ACTION)
    assert liability_warning(match, NAMES) == (
        "You played without proposing. If you lose this deal, Computer scores 2 points (3 for a vole)."
    )
    while match.phase == "tricks":
        match.apply(match.legal_actions()[0])
    record = match.deals[-1]
    assert record.vole and record.penalty and record.points == [0, 3]
    assert describe_deal_end(record, NAMES) == (
        "Computer takes all five tricks, the vole: 3 points (you were liable and lost)."
    )


def test_a_later_refusal_is_not_narrated_as_the_first() -> None:
    match = dealt()
    step(match, PROPOSE_ACTION)
    step(match, ACCEPT_ACTION)
    step(match, discard_action(cards("8D")))
    step(match, discard_action(cards("7S")))
    step(match, PROPOSE_ACTION)
    assert step(match, REFUSE_ACTION) == "Computer refuses"
    assert liability_warning(match, NAMES) is None


def test_one_printable_for_the_app_and_the_command_line() -> None:
    from ecarte.log import check

    # A non-breaking space or a line separator in a name is shown, not
    # silently turned into something else, the same way everywhere.
    assert check.printable is printable
    assert printable("Kla\u00a0ra\u2028") == "Kla\\xa0ra\\u2028"
    assert printable("two\nlines", keep_newlines=True) == "two\nlines"


def test_the_trick_list_of_a_deal_summary_keeps_each_trick_whole(plain: Callable[..., str]) -> None:
    from ecarte.engine.view import Trick
    from ecarte.tui.deal_summary import tricks_line

    played = (("7C", "KC", 1), ("JS", "KS", 0), ("KH", "7S", 0), ("QS", "8S", 0), ("AS", "TC", 1))

    class Played:
        tricks: ClassVar[list[Trick]] = [
            Trick(cards=(parse_card(a), parse_card(b)), leader=0, winner=winner) for a, b, winner in played
        ]

    names = ("You", "Maximilian the Great")
    # The summary's box leaves 62 columns.
    lines = plain(tricks_line(Played(), names, True), width=62).splitlines()  # type: ignore[arg-type]
    lines = [line for line in lines if line.strip()]
    assert len(lines) == 2
    assert lines[0].split() == ["Tricks", "7♣", "K♣", "J♠", "K♠", "K♥", "7♠", "Q♠", "8♠", "A♠", "10♣"]
    # A name too long for the row is cut, with its sign, as little as the row allows.
    takers = re.split(r"\s{2,}", lines[1].strip())
    assert takers[1:4] == ["You", "You", "You"]
    assert takers[0] == takers[4] and takers[0].endswith("…")
    assert "Maximilian the Great".startswith(takers[0][:-1]) and len(takers[0]) >= 10
    assert max(len(line) for line in lines) <= 62
    # A name that fits beside the others is whole: "Ordinateur" (ten letters)
    # took two tricks, "Vous" three.
    french = plain(tricks_line(Played(), ("Vous", "Ordinateur"), True), width=62).splitlines()
    assert re.split(r"\s{2,}", french[1].strip()) == ["Ordinateur", "Vous", "Vous", "Vous", "Ordinateur"]
    # Tricks stand apart from each other more than a trick's two cards do,
    # even where a short name leaves its column narrow.
    # The widest: five names cut to their width beside the label (six letters in
    # every language); a pair of cards is at most seven cells (10H 10C).
    widest = plain(tricks_line(Played(), ("Maximilian", "Maximilian"), False), width=200).splitlines()
    assert max(len(line.rstrip()) for line in widest) <= 62
    assert re.split(r"\s{2,}", lines[0].strip()) == ["Tricks", "7♣ K♣", "J♠ K♠", "K♥ 7♠", "Q♠ 8♠", "A♠ 10♣"]


@pytest.mark.parametrize("language", ["en", "fr", "sv", "nb", "de", "fi", "nl"])
def test_the_computers_name_under_the_tricks_is_cut_like_the_players(
    plain: Callable[..., str], language: str
) -> None:
    """In French the computer is "Ordinateur", ten letters: beside a long
    name of the player the row cuts both to one width, and every trick the
    computer took names it alike (it was left whole, and the table then cut
    some of its columns and not others: "Ordinateur", "Ordinate…")."""
    from ecarte import i18n
    from ecarte.engine.view import Trick
    from ecarte.log.names import COMPUTER, shown_name
    from ecarte.tui.deal_summary import tricks_line

    played = (("KD", "KH", 0), ("9S", "JD", 1), ("8S", "QD", 1), ("JS", "TC", 1), ("7S", "AC", 1))

    class Played:
        tricks: ClassVar[list[Trick]] = [
            Trick(cards=(parse_card(a), parse_card(b)), leader=0, winner=winner) for a, b, winner in played
        ]

    assert i18n.activate(language) == language
    computer = shown_name(COMPUTER)
    lines = plain(tricks_line(Played(), ("Jean-Baptiste Poquelin", COMPUTER), False), width=62).splitlines()
    takers = re.split(r"\s{2,}", lines[1].strip())
    assert len(takers) == 5, takers
    assert len(set(takers[1:])) == 1, takers  # the computer's four tricks, named alike
    assert computer.startswith(takers[1].rstrip("…")), takers
    assert "Jean-Baptiste Poquelin".startswith(takers[0].rstrip("…")), takers
    assert max(len(line.rstrip()) for line in lines) <= 62
