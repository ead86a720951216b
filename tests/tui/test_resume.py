"""Resuming an autosave on the game screen: at the exact decision, with the
same cards, after a cut log and after a torn last line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from game_support import INSTANT, GameApp, settle
from textual.widgets import RichLog, Static

from ecarte.engine import Match
from ecarte.log import replay_file
from ecarte.play.session import HUMAN, MatchSession
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.widgets.hand import CardSlot


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))


def play_until(session: MatchSession, stop, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Random legal decisions for both seats until ``stop(match)``."""
    for _ in range(10_000):
        if stop(session.match):
            return
        if session.deal_due:
            session.deal_next()
            continue
        seat = session.to_move
        assert seat is not None
        legal = session.match.legal_actions()
        session.apply(seat, legal[rng.randrange(len(legal))])
    raise AssertionError("never reached the wanted moment")


def human_to_play_a_card(match: Match) -> bool:
    return match.phase == "tricks" and match.current_player == HUMAN and len(match.tricks) >= 1


async def test_resume_a_log_cut_in_the_middle_of_a_deal(tmp_path: Path) -> None:
    original = MatchSession.new(INSTANT, opponent="random", seed=21, directory=tmp_path)
    play_until(original, human_to_play_a_card, random.Random(4))
    expected = original.match.copy()
    size_at_cut = original.log_path.stat().st_size
    # The match goes on and the app "crashes" later; the log is then cut
    # back to the moment above (as a copy whose tail was lost).
    play_until(original, lambda match: len(match.tricks) >= 4 or match.phase != "tricks", random.Random(5))
    original.close()
    data = original.log_path.read_bytes()[:size_at_cut]
    cut = tmp_path / "cut.ecarte.jsonl"
    cut.write_bytes(data)

    session, notice = MatchSession.resume(cut, INSTANT)
    assert notice is None
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.awaiting_human
        match = session.match
        # Same cards, same decision.
        assert match.hand(0) == expected.hand(0)
        assert match.hands[1] == expected.hands[1]
        assert match.trick == expected.trick and match.tricks == expected.tricks
        assert match.score == expected.score
        lines = " ".join(line.text for line in screen.query_one("#history", RichLog).lines)
        assert "Match resumed" in lines
        # The narration line says so too, with the score (before, it was empty).
        narration = str(screen.query_one("#narration", Static).content)
        assert narration.startswith("Match resumed where it stopped: game ")
        assert narration.endswith(f", {match.score[0]}-{match.score[1]}.")
        # And play goes on from there through the keys.
        playable = match.playable_cards()
        index = next(i for i, card in enumerate(match.hand(0)) if playable >> card & 1)
        tricks_before = len(match.tricks) + (1 if match.trick else 0)
        await pilot.press(str(index + 1))
        await settle(pilot)
        assert len(match.tricks) + (1 if match.trick else 0) >= tricks_before
        assert match.hands[0].bit_count() == expected.hands[0].bit_count() - 1 or match.phase == "deal"
        await pilot.press("escape")
        await pilot.pause()
    replay = replay_file(cut)
    assert replay.error is None
    assert replay.match is not None
    assert replay.match.hands[0].bit_count() < expected.hands[0].bit_count() or replay.match.phase == "deal"


async def test_resume_after_a_torn_last_line(tmp_path: Path) -> None:
    original = MatchSession.new(INSTANT, opponent="random", seed=22, directory=tmp_path)
    play_until(
        original, lambda match: match.phase == "tricks" and match.current_player == HUMAN, random.Random(6)
    )
    expected = original.match.copy()
    original.close()
    with original.log_path.open("ab") as file:
        file.write(b'{"type":"card","player":0,"ca')

    assert MatchSession.unfinished(tmp_path) == original.log_path
    session, notice = MatchSession.resume(original.log_path, INSTANT)
    assert notice is not None and "dropped" in notice
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.awaiting_human
        assert session.match.hand(0) == expected.hand(0)
        assert session.match.trick == expected.trick
        await pilot.press("escape")
        await pilot.pause()
    assert replay_file(original.log_path).error is None


async def test_resume_when_a_deal_is_due(tmp_path: Path) -> None:
    # The log stops right after a deal's last trick: the next deal is dealt
    # from the seed, as it would have been.
    original = MatchSession.new(INSTANT, opponent="random", seed=23, directory=tmp_path)
    play_until(original, lambda match: len(match.deals) == 1 and match.phase == "deal", random.Random(7))
    original.close()
    session, _ = MatchSession.resume(original.log_path, INSTANT)
    if session.is_over:
        session.close()
        return
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert len(session.match.deals) == 2
        from ecarte.engine import shuffled_deck

        check = random.Random(23)
        check.randrange(2)
        shuffled_deck(check)
        assert session.match.deck == shuffled_deck(check)
        await pilot.press("escape")
        await pilot.pause()


async def test_resuming_between_two_deals_says_the_next_one_follows(tmp_path: Path) -> None:
    """A match left after a deal ended (the deal-over window open, say)
    resumes with the next deal: the words say so, not "where it stopped:
    deal 1" as the table deals deal 2."""
    original = MatchSession.new(INSTANT, opponent="random", seed=21, directory=tmp_path)
    play_until(original, lambda match: original.deal_due and len(match.deals) == 1, random.Random(4))
    score = f"{original.match.score[0]}-{original.match.score[1]}"
    original.close()
    session, _notice = MatchSession.resume(original.log_path, INSTANT)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        lines = " ".join(line.text for line in screen.query_one("#history", RichLog).lines)
        told = f"Match resumed after game 1, deal 1, {score}: the next deal follows."
        assert told in " ".join(lines.split())
        assert len(session.match.deals) == 2
        await pilot.press("escape")


async def test_the_cards_just_drawn_stay_marked_after_continue(tmp_path: Path) -> None:
    """Quit right after a discard: resumed, the cards drawn are marked "+"
    as they were, until the player's next decision."""
    from ecarte.engine import ActionType

    original = MatchSession.new(INSTANT, opponent="random", seed=8, directory=tmp_path)
    rng = random.Random(2)
    drawn = 0
    for _ in range(10_000):
        if original.deal_due:
            original.deal_next()
            continue
        seat = original.to_move
        assert seat is not None
        legal = original.match.legal_actions()
        action = legal[rng.randrange(len(legal))]
        before = original.match.hands[HUMAN]
        original.apply(seat, action)
        if seat == HUMAN and action.type == ActionType.DISCARD and original.match.hands[HUMAN] != before:
            drawn = original.match.hands[HUMAN] & ~before
            break
    assert drawn, "the player never drew a card"
    original.close()

    session, _ = MatchSession.resume(original.log_path, INSTANT)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.new_cards == drawn
        slots = {slot.card: slot for slot in screen.query(CardSlot)}
        for card in session.match.hand(HUMAN):
            look = slots[card].look
            assert look is not None and look.new == bool(drawn >> card & 1), card
    session.close()
