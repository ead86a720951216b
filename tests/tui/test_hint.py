"""The coach's hint at the table: `h` shows the options ranked by their win
chance with the best marked; the decision made after a hint says so in its
log line, which `ecarte check` still accepts; with the coach off the key only
says so; with it always on, the chances come without asking."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from game_support import INSTANT, GameApp, RecordingApp, deck, scripted_session, settle, until
from rich.cells import cell_len
from rich.console import Console
from textual.widgets import Static

from ecarte.ai.evaluator import Evaluation, OptionValue
from ecarte.analysis.match_analysis import hint
from ecarte.engine import Action, Phase
from ecarte.engine.cards import cards_in, parse_card
from ecarte.log import replay_file, run_check
from ecarte.tui.cards_render import card_text
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.hint_panel import OFF_MESSAGE, HintPanel, hint_lines

# Human (elder): K♥ A♠ 7♣ 8♦ 9♦ with the 7♥ turned up (hearts trumps): propose or play.
DEAL_ONE = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
SCRIPT = ["accept", "discard", "refuse", "card KC", "card JS"]


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))


def panel_text(panel: Static) -> list[str]:
    console = Console(width=60, record=True, file=io.StringIO())
    console.print(panel.content)
    return [line.rstrip() for line in console.export_text().splitlines() if line.strip()]


def decision_lines(path: Path) -> list[dict[str, object]]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines[1:] if line["type"] != "deal"]


def game(tmp_path: Path, coach: str) -> tuple[GameApp, Path]:
    session, _ = scripted_session(tmp_path, [DEAL_ONE], SCRIPT)
    return GameApp(session, replace(INSTANT, coach=coach)), session.log_path


async def test_h_ranks_the_options_marks_the_best_and_the_decision_is_logged_as_assisted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app, log = game(tmp_path, "request")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        panel = screen.query_one(HintPanel)
        assert not panel.display  # nothing shown before asking
        await pilot.press("h")
        await until(pilot, lambda: panel.evaluation is not None)
        assert panel.display
        # The evaluator's own numbers for this decision, from the log so far.
        expected = hint(replay_file(log))
        assert expected is not None
        ranked = expected.ranked()
        assert {option.action.type for option in ranked} == {"propose", "play"}
        lines = panel_text(panel)[1:]
        assert len(lines) == 2
        best_word = "Propose" if ranked[0].action.type == "propose" else "Play"
        assert lines[0].startswith(f"★ {best_word}")
        assert not lines[1].startswith("★")
        for line, option in zip(lines, ranked, strict=True):
            assert line.endswith(f"{option.win:3.0f}%")
        assert ranked[0].win >= ranked[1].win - 2 * max(ranked[0].se, ranked[1].se)
        await pilot.press("p")  # play without proposing
        await settle(pilot)
        assert not panel.display  # the hint went with its decision
        await pilot.press("1")  # the next decision, taken without a hint
        await settle(pilot)
    decisions = [line for line in decision_lines(log) if line["player"] == 0]
    assert decisions[0]["type"] == "play" and decisions[0].get("hint") is True
    assert all("hint" not in line for line in decisions[1:])
    assert run_check(str(log), as_json=False) == 0
    assert "valid" in capsys.readouterr().out.lower()


async def test_with_the_coach_off_the_key_only_says_so(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [DEAL_ONE], SCRIPT)
    off = replace(INSTANT, coach="off")
    app = RecordingApp(off, first_screen=lambda: GameScreen(session, off))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(HintPanel)
        await pilot.press("h")
        await pilot.pause()
        assert OFF_MESSAGE in app.notes
        assert not panel.display and panel.evaluation is None
        await pilot.press("p")
        await settle(pilot)
    assert all("hint" not in line for line in decision_lines(session.log_path))


async def test_with_the_coach_always_on_each_decision_gets_its_chances(tmp_path: Path) -> None:
    app, log = game(tmp_path, "always")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(HintPanel)
        await until(pilot, lambda: panel.evaluation is not None)
        first = panel.evaluation
        assert first is not None and first.phase == "exchange"
        await pilot.press("p")
        await settle(pilot)
        # The first card to lead: a new evaluation, of the cards.
        await until(pilot, lambda: panel.evaluation is not None and panel.evaluation.phase == "tricks")
        assert panel.display
        # The title, then announcing the king (K♥ in hand) and each of the five cards.
        lines = panel_text(panel)
        assert len(lines) == 1 + 6 + 1
        assert any(line.lstrip("★ ").startswith("Announce") for line in lines)
        # The card lines beside the king's are plays that keep it quiet: it says so.
        assert lines[-1] == "(cards: king kept quiet)"
        # h asks for what is already shown: it says so rather than nothing.
        await pilot.press("h")
        await until(
            pilot, lambda: any("The Coach is always on" in note.message for note in app._notifications)
        )
    assert decision_lines(log)[0].get("hint") is True


# The dealer's discards the coach valued on a real 80-column table: three
# of them began "Discard 7♦ 9♦ J" once cut to fit, and looked the same.
DISCARDS = ["discard 7D 9D JC", "discard 8H 7D 9D", "discard 7D 9D JD", "discard 7D 9D", "discard 7D"]
WIDE_DISCARDS = ["discard TD TC TH TS 9D", "discard TD TC TH TS", "discard", "discard 9D"]


def evaluation_of(actions: list[str]) -> Evaluation:
    options = tuple(
        OptionValue(Action.parse(text), win=41.0 - 3 * index, se=0.5, tricks=None, samples=100)
        for index, text in enumerate(actions)
    )
    return Evaluation(seat=1, phase=Phase.DISCARD, options=options, best_index=0)


@pytest.mark.parametrize("symbols", [True, False])
@pytest.mark.parametrize("width", [28, 34, 40, 60])  # 28: the panel at 80 columns, the narrowest
@pytest.mark.parametrize("actions", [DISCARDS, WIDE_DISCARDS], ids=["discards", "five-card discards"])
def test_each_discard_the_coach_shows_is_whole(actions: list[str], width: int, symbols: bool) -> None:
    lines = hint_lines(evaluation_of(actions), width, symbols).plain.split("\n")
    assert len(lines) == len(actions)
    for line, text in zip(lines, actions, strict=True):
        assert cell_len(line) < width, f"{line!r} is wider than the panel ({width})"
        cards = cards_in(Action.parse(text).discards)
        shown = [card_text(card, symbols).plain for card in cards]
        assert all(f" {card}" in f" {line} " for card in shown), f"{line!r} does not show all of {shown}"
    without_chances = [line.rsplit(" ", 1)[0].rstrip("█▏▎▍▌▋▊▉· ") for line in lines]
    assert len(set(without_chances)) == len(actions), "two options look the same"
    if width >= 40:  # room enough: the options are named in words, with a bar
        assert all("Discard" in line or "Keep" in line for line in lines)
        assert all("·" in line or "█" in line for line in lines)


def test_a_discard_the_coach_shows_lists_its_cards_in_the_order_of_the_hand() -> None:
    """As the History and the hand box name them: trumps first, then each
    suit strongest first (the log's action lists the cards by code)."""
    hearts = parse_card("KH") >> 3
    evaluation = evaluation_of(["discard 8S KS 7H", "discard 8S"])
    line = hint_lines(evaluation, 60, True, trump=hearts).plain.split("\n")[0]
    assert "Discard 7♥ K♠ 8♠" in line, line


def discard_note(loss: float, loss_se: float, label: str | None) -> str:
    """The analysis's detail line of a discard (hearts trumps) that chose
    the second of two options, ``loss`` below the best."""
    from ecarte.analysis.match_analysis import Decision
    from ecarte.tui.analysis_screen import decision_note

    evaluation = evaluation_of(["discard 8S KS 7H", "discard 8S"])
    decision = Decision(
        line=7,
        seat=0,
        phase=Phase.DISCARD,
        chosen=evaluation.options[1].action,
        options=evaluation.options,
        best=evaluation.options[0].action,
        loss=loss,
        loss_se=loss_se,
        label=label,
        trump=parse_card("KH") >> 3,
        ace_high=False,
    )
    return decision_note(decision, ("You", "Computer")).plain


def test_the_analysis_lists_a_discards_cards_in_the_order_of_the_hand() -> None:
    note = discard_note(1.0, 0.5, None)
    assert "Discard 7♥ K♠ 8♠" in note, note


def test_a_chance_looks_certain_only_when_it_is() -> None:
    """99.6% is not "100%" beside a bar with a gap, nor 0.5% or 0.4% "0%"; a certain
    win (the king that wins the match) is 100% with a full bar."""
    actions = ["king", "card KH", "card 9S", "card QS", "card AD", "card 7C"]
    wins = [100.0, 99.6, 99.2, 0.5, 0.4, 0.0]
    options = tuple(
        OptionValue(Action.parse(text), win=win, se=0.0, tricks=None, samples=100)
        for text, win in zip(actions, wins, strict=True)
    )
    evaluation = Evaluation(seat=0, phase=Phase.TRICKS, options=options, best_index=0)
    lines = hint_lines(evaluation, 40, True).plain.split("\n")
    chances = [line.rsplit(" ", 1)[-1] for line in lines]
    assert chances == ["100%", ">99%", "99%", "<1%", "<1%", "0%"]
    bars = [line.rstrip(" 0123456789%<>").rsplit(" ", 1)[-1] for line in lines]
    full, empty = bars[0], bars[-1]
    assert set(full) == {"█"} and set(empty) == {"·"}
    assert all(bar != full for bar in bars[1:3]), "a chance short of certain fills the bar"
    assert bars[3] != empty and bars[4] != empty, "a chance above nothing leaves the bar empty"


async def test_a_forced_move_shows_the_chance_without_making_the_match_assisted(tmp_path: Path) -> None:
    """With the coach always on, a move with no choice still says the chance
    of winning the match; it was no help, so its log line has no hint."""
    import random

    from ecarte.play.session import HUMAN, MatchSession

    session = MatchSession.new(INSTANT, opponent="random", seed=5, directory=tmp_path)
    app = GameApp(session, replace(INSTANT, coach="always"))
    rng = random.Random(1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        panel = screen.query_one(HintPanel)
        for _ in range(200):
            await until(pilot, lambda: screen.awaiting_human or session.is_over, rounds=2000)
            assert not session.is_over, "no forced move came"
            legal = session.match.legal_actions()
            await until(pilot, lambda: panel.evaluation is not None, rounds=3000)
            if len(legal) == 1:
                break
            screen._apply(HUMAN, legal[rng.randrange(len(legal))])
        lines = panel_text(panel)
        assert lines[0] == "Only one legal move: nothing to choose."
        evaluation = panel.evaluation
        assert evaluation is not None and len(evaluation.options) == 1
        win = evaluation.options[0].win
        assert lines[1].startswith("Chance to win the match: ")
        if 1 <= win <= 99:
            assert lines[1].endswith(f" {win:.0f}%")
        forced_line = len(session.log_path.read_text(encoding="utf-8").splitlines()) + 1
        screen._apply(HUMAN, legal[0])
        await settle(pilot)
    logged = json.loads(session.log_path.read_text(encoding="utf-8").splitlines()[forced_line - 1])
    assert logged["player"] == HUMAN and "hint" not in logged
    session.close()


async def test_one_discard_valued_of_several_is_not_called_forced(tmp_path: Path) -> None:
    """The discard search may value one discard of five legal ones (a stock
    of one card): that is still a choice, shown as the best with the count
    valued, never "Only one legal move"."""
    app, _log = game(tmp_path, "request")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(HintPanel)
        await pilot.press("h")
        await until(pilot, lambda: panel.evaluation is not None)
        assert not panel.forced
        (only,) = evaluation_of(["discard 7D"]).options
        panel.evaluation = Evaluation(seat=0, phase=Phase.DISCARD, options=(only,), best_index=0)
        panel._draw()
        shown = " ".join(panel_text(panel))
        assert "Only one legal move" not in shown and "Discard" in shown


@pytest.mark.parametrize("symbols", [True, False])
def test_an_option_the_samples_cannot_tell_from_the_best_is_marked(symbols: bool) -> None:
    """Play 48% beside Propose 50%, each known to 1.5 points: the star alone
    would call a coin toss. Such an option is marked, and a line says what
    the mark means; one clearly behind is not marked."""
    actions = ["propose", "play"]
    options = (
        OptionValue(Action.parse("propose"), win=50.0, se=1.5, tricks=None, samples=400),
        OptionValue(Action.parse("play"), win=48.0, se=1.5, tricks=None, samples=400),
    )
    close = Evaluation(seat=0, phase=Phase.EXCHANGE, options=options, best_index=0)
    lines = hint_lines(close, 40, symbols).plain.split("\n")
    mark = "≈" if symbols else "~"
    assert lines[0].startswith("★" if symbols else "*") and lines[1].startswith(mark)
    assert lines[2] == f"{mark} too close to call"
    assert len(lines) == len(actions) + 1
    behind = (options[0], OptionValue(Action.parse("play"), win=40.0, se=1.5, tricks=None, samples=400))
    clear = Evaluation(seat=0, phase=Phase.EXCHANGE, options=behind, best_index=0)
    lines = hint_lines(clear, 40, symbols).plain.split("\n")
    assert len(lines) == len(actions) and lines[1].startswith("  ")


def test_options_shown_with_the_same_chance_are_all_marked_however_precise() -> None:
    """Four leads at 72%, each known to 0.2 points: 71.6% is shown as 72%
    beside the best's 72.4%; a mark on one and not the others would tell
    apart what the panel shows as equal. A loss of a point or more keeps
    its place unmarked when the samples tell it apart."""
    cards = ["QS", "KH", "TS", "8D", "7C"]
    wins = [72.4, 72.3, 71.9, 71.6, 71.2]
    options = tuple(
        OptionValue(Action.parse(f"card {card}"), win=win, se=0.2, tricks=None, samples=2000)
        for card, win in zip(cards, wins, strict=True)
    )
    evaluation = Evaluation(seat=0, phase=Phase.TRICKS, options=options, best_index=0)
    lines = hint_lines(evaluation, 40, True).plain.split("\n")
    assert lines[0].startswith("★")
    assert [line[0] for line in lines[1:4]] == ["≈", "≈", "≈"]
    assert lines[4].startswith("  ")


def test_the_marks_never_tell_apart_what_is_ranked_or_shown_alike() -> None:
    """A learner saw "★ Q♦ 87%, ≈ J♣ 86%, Q♠ 86%": J♣'s samples were wide
    enough to be within the noise, Q♠'s were not, yet both read 86%. An
    option shown with a marked option's chance is marked too, and so is
    every option ranked above a marked one; the first clearly behind stays
    unmarked."""
    rows = [("QD", 87.2, 0.1), ("KH", 86.45, 0.1), ("JC", 86.4, 2.0), ("QS", 85.6, 0.1), ("7S", 84.0, 0.1)]
    options = tuple(
        OptionValue(Action.parse(f"card {card}"), win=win, se=se, tricks=None, samples=900)
        for card, win, se in rows
    )
    evaluation = Evaluation(seat=0, phase=Phase.TRICKS, options=options, best_index=0)
    assert not evaluation.within_noise(1) and evaluation.within_noise(2) and not evaluation.within_noise(3)
    lines = hint_lines(evaluation, 40, True).plain.split("\n")
    assert [line[:1] for line in lines[:5]] == ["★", "≈", "≈", "≈", " "], lines
    assert lines[3].endswith(" 86%") and lines[2].endswith(" 86%")


def test_the_coach_says_whom_its_chances_are_reckoned_against() -> None:
    """The chances value the rest of the match as the opponent plays it: a
    learner against Easy could not tell. The panel's frame says so; a bot,
    of which the coach has no model, gets no such claim."""
    from ecarte.tui.hint_panel import coach_subtitle

    assert coach_subtitle("easy") == "against Easy"
    assert coach_subtitle("expert") == "against Expert"
    assert coach_subtitle("cmd:python3 my_bot.py") == ""
    assert coach_subtitle(None) == ""


def test_discards_valued_among_many_say_so_in_one_line_at_80x24() -> None:
    """At 80x24 the panel is 28 cells wide and shows discards by their cards
    alone; the note under them says they are discards, whole, on one line."""
    discards = ["AH KH QH JH TH", "AH KH QH JH", "AH KH QH", "AH KH", "AH"]
    options = tuple(
        OptionValue(Action.parse(f"discard {cards}"), win=60.0 - index, se=1.0, tricks=None, samples=100)
        for index, cards in enumerate(discards)
    )
    evaluation = Evaluation(seat=0, phase=Phase.DISCARD, options=options, best_index=0)
    lines = hint_lines(evaluation, 28, True, legal=32).plain.split("\n")
    assert lines[-1] == "(5 most promising of 32)"
    assert all(len(line) <= 28 for line in lines)


# Human (elder): K♥ Q♥ A♠ 7♣ 8♦; the other: K♣ J♣ 8♠ 7♠ 10♦; the 7♥ turned up.
READING_DEAL = deck("KH QH AS KC JC 8S 7C 8D 7S TD 7H")


@pytest.mark.parametrize("coach", ["always", "request"])
async def test_with_the_coach_always_on_the_table_says_what_the_others_replies_showed(
    tmp_path: Path, coach: str
) -> None:
    from ecarte.play.session import HUMAN
    from ecarte.tui.widgets import TableView

    session, _ = scripted_session(tmp_path, [READING_DEAL])
    app = GameApp(session, replace(INSTANT, coach=coach))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = screen.query_one("#table", TableView)

        async def play(code: str) -> str:
            screen._apply(HUMAN, Action.parse(code))
            await settle(pilot)
            return panel_text(table)[-1].strip()

        await play("play")
        # A♠ answered by a low spade: none of the K, Q, J that beat the ace;
        # then K♥ answered off suit: no trump.
        after_ace = await play("card AS")
        after_king = await play("card KH")
        if coach == "always":
            assert after_ace == "Computer: no K♠, Q♠ or J♠"
            assert after_king == "Computer: no trump · no K♠, Q♠ or J♠"
        else:
            assert "Computer:" not in after_king


@pytest.mark.parametrize(
    ("loss", "loss_se", "label", "says_why"),
    [
        (10.0, 5.5, None, True),  # as big as a mistake, yet within two standard errors of none
        (10.3, 2.0, "mistake", False),
        (3.0, 2.0, None, False),  # below an inaccuracy: nothing to explain
    ],
)
def test_a_loss_as_big_as_a_label_says_why_it_has_none(
    loss: float, loss_se: float, label: str | None, says_why: bool
) -> None:
    """A player saw a loss of 10.0 without a label beside a 10.3 "mistake"
    and took it for a bug: the label waits until the samples tell the loss
    from none, and the detail line now says so, with the loss's error."""
    from ecarte.analysis.match_analysis import label_for

    assert label_for(loss, loss_se) == label
    note = discard_note(loss, loss_se, label)
    why = f"No label: its samples cannot tell this loss from none (it is known to ±{2 * loss_se:.1f} points)."
    assert (why in note) is says_why, note
