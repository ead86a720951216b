"""The lesson's script against the engine: every move it asks for or plays
for Klara is legal where it stands, every claim its steps make (a forced
card, who takes a trick, the score, who is liable) is what the engine does,
and a wrong move is explained, never refused in silence."""

from __future__ import annotations

from pathlib import Path

import pytest

from ecarte.engine import Action, Match, Rules, parse_card
from ecarte.play import paths
from ecarte.play.lesson import (
    KLARA,
    STEPS,
    YOU,
    Lesson,
    StepKind,
    card_words,
    lesson_finished,
    mark_finished,
    newcomer,
    rules_note,
    wants,
)


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))


def legal_texts(match: Match) -> list[str]:
    return [str(action) for action in match.legal_actions()]


def play_through(lesson: Lesson, on_step: object = None) -> list[tuple[int, Match, Match]]:
    """Take every step as the script says: (step index, match before, after)."""
    seen = []
    while not lesson.is_last:
        index = lesson.index
        before = lesson.match.copy()
        step = lesson.step
        if lesson.automatic:
            lesson.run_automatic()
        elif step.kind == StepKind.SAY:
            assert lesson.go_on() is None
        else:
            assert lesson.try_move(wants(step)) is None
        seen.append((index, before, lesson.match.copy()))
    return seen


def test_each_move_of_the_script_is_legal_where_it_stands() -> None:
    lesson = Lesson()
    for index, before, _ in play_through(lesson):
        step = STEPS[index]
        if step.kind in (StepKind.YOU, StepKind.KLARA):
            seat = YOU if step.kind == StepKind.YOU else KLARA
            assert before.current_player == seat, index
            assert step.action in legal_texts(before), (index, step.action, legal_texts(before))


def test_the_claims_of_the_script_are_what_the_engine_does() -> None:
    claims = 0
    for index, before, after in play_through(Lesson()):
        step = STEPS[index]
        if step.only_move:
            assert [text for text in legal_texts(before) if text.startswith("card")] == [step.action]
            claims += 1
        if step.trick_to is not None:
            assert len(after.tricks) == len(before.tricks) + 1 or (after.deals != before.deals), index
            last = after.tricks[-1]
            assert last.winner == step.trick_to, (index, step.action)
            claims += 1
        if step.score is not None:
            assert tuple(after.score) == step.score, (index, after.score)
            claims += 1
        if step.liable is not None:
            assert after.liable == step.liable, index
            claims += 1
    assert claims >= 20


def test_the_first_deal_is_the_swedish_example_of_klara_and_leo() -> None:
    # The Swedish text: Klara deals to Leo, the 9♥ is turned up; Leo holds
    # Q♥ 8♥ K♠ 7♦ 8♣, swaps 7♦ 8♣ for J♥ 10♣; Klara's only spade, the 9♠, falls
    # to K♠; her 10♥ and A♥ fall to Q♥ and J♥. "Leo har säkrat poängen."
    lesson = Lesson()
    lesson.run_automatic()
    match = lesson.match
    assert match.dealer == KLARA and match.upcard == parse_card("9H")
    assert {card for card in match.hand(YOU)} == {parse_card(code) for code in ["QH", "8H", "KS", "7D", "8C"]}
    seen = play_through(lesson)
    first_deal = [after for index, _, after in seen if after.deals and len(after.deals) == 1]
    tricks = [trick for trick in first_deal[-1].tricks]
    assert [tuple(trick.cards) for trick in tricks[:3]] == [
        (parse_card("KS"), parse_card("9S")),
        (parse_card("QH"), parse_card("TH")),
        (parse_card("JH"), parse_card("AH")),
    ]
    assert all(trick.winner == YOU for trick in tricks[:3])


def test_the_lesson_is_a_game_to_five_that_the_player_wins_with_both_penalties_met() -> None:
    lesson = Lesson()
    play_through(lesson)
    match = lesson.match
    assert match.is_over and match.winner == YOU and match.games == [[5, 1]]
    deal_one, deal_two, deal_three = match.deals
    assert deal_one.tricks == [4, 1] and deal_one.points == [1, 0] and not deal_one.penalty
    # You refused (liable) and won: the ordinary point, and the king's.
    assert deal_two.king_points == [1, 0] and deal_two.trick_points == 1 and not deal_two.penalty
    # Klara turned up a king, refused your proposal and lost: 2 points.
    assert deal_three.turned_king and deal_three.king_points == [0, 1]
    assert deal_three.penalty and deal_three.points == [2, 1]
    assert lesson.step.kind == StepKind.SAY  # the last word before the real game


def test_a_legal_move_that_is_not_the_steps_is_explained_and_not_played() -> None:
    lesson = Lesson()
    while lesson.step.action != "propose":
        if lesson.automatic:
            lesson.run_automatic()
        else:
            lesson.go_on()
    before = legal_texts(lesson.match)
    answer = lesson.try_move(Action.parse("play"))
    assert answer is not None and "Klara scores 2" in answer
    assert legal_texts(lesson.match) == before and lesson.step.action == "propose"


def test_an_illegal_card_gets_the_engines_reason_and_the_step_stays() -> None:
    lesson = Lesson()
    while lesson.step.action != "card KD":
        if lesson.automatic:
            lesson.run_automatic()
        elif lesson.step.kind == StepKind.SAY:
            lesson.go_on()
        else:
            lesson.try_move(wants(lesson.step))
    index = lesson.index
    answer = lesson.try_move(Action.parse("card 7D"))
    assert answer is not None
    assert "7♦ is not allowed: you must beat the led A♦ and you hold K♦" in answer
    assert "Play the K♦" in answer
    assert lesson.index == index


def test_keys_at_an_explanation_and_enter_at_a_move_are_answered() -> None:
    lesson = Lesson()
    lesson.run_automatic()
    assert lesson.step.kind == StepKind.SAY
    assert lesson.try_move(Action.parse("propose")) == "Read the lesson, then press Enter to go on."
    lesson.go_on()
    lesson.go_on()
    lesson.go_on()
    assert lesson.step.action == "propose"
    assert lesson.go_on() == "Press e to propose."
    assert lesson.try_move(Action.parse("accept")) == (
        "There is no proposal to answer: you speak first. Press e to propose."
    )
    # The engine's words for the king, as for a card: the learner does not hold K♥, and is
    # told so rather than that it is too early (which would suggest the king is in the hand).
    assert lesson.try_move(Action.parse("king")) == (
        "You cannot announce the king: you do not hold K♥. Press e to propose."
    )


def test_every_card_code_in_the_texts_is_a_card_and_becomes_its_label() -> None:
    assert card_words("the {TH} and the {AS}") == "the 10♥ and the A♠"
    for step in STEPS:
        for text in (step.text, step.hint, step.why):
            assert "{" not in card_words(text), text


def test_the_title_points_newcomers_at_the_lesson_until_it_is_finished() -> None:
    assert newcomer() and not lesson_finished()
    mark_finished()
    assert lesson_finished() and not newcomer()


def test_a_saved_match_means_the_player_is_no_newcomer() -> None:
    folder = paths.matches_dir()
    folder.mkdir(parents=True)
    (folder / "20261201-080000.ecarte.jsonl").write_text("{}\n", encoding="utf-8")
    assert not newcomer()


def test_the_end_of_the_lesson_says_how_the_settings_rules_differ() -> None:
    assert rules_note(Rules()) == ""
    assert rules_note(Rules(ace_high=True)) == "Your settings differ from the lesson: ace high."
    note = rules_note(Rules(must_trump=False, target=7, four_all_reset=True))
    assert "trumping optional" in note and "game to 7" in note and "more under F2" in note
