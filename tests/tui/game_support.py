"""Helpers for the game screen's tests: a tiny app that shows a GameScreen
(so the screen is tested without the rest of the app), scripted players,
and decks built to make a given situation happen."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from ecarte.engine import Action, Card, Rules, View, parse_card
from ecarte.play.session import MatchSession
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.game_screen import GameScreen

INSTANT = Settings(speed="instant", player_name="You")


class GameApp(EcarteApp):
    """Just the game screen, as `ecarte play` would show it (without the
    title screen below it: leaving the game quits)."""

    BASE_SCREEN = None
    TITLE = "GameApp"  # the caption of the snapshots' window

    def __init__(self, session: MatchSession, settings: Settings = INSTANT) -> None:
        super().__init__(settings, first_screen=lambda: GameScreen(session, settings))
        self.session = session


class ScriptedPlayer:
    """Plays the scripted actions in order while they are legal; otherwise
    the first legal action (the lowest card, say). Records what it saw."""

    name = "scripted"

    def __init__(self, script: Iterable[str] = ()) -> None:
        self.script = [Action.parse(text) for text in script]
        self.views: list[View] = []

    def start_match(self, seat: int, rules: Rules) -> None:
        self.seat = seat

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        self.views.append(view)
        if self.script and self.script[0] in legal:
            return self.script.pop(0)
        return legal[0]


class FailingPlayer:
    """A bot that breaks at its first decision, as a crashed cmd: bot does."""

    name = "failing"

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        raise RuntimeError("bot 'crashy' forfeits (exited): it stopped with exit status 3")


class SlowThenBroken:
    """A bot that thinks until ``thinking`` is set, then breaks (a timeout)."""

    name = "slow"

    def __init__(self) -> None:
        self.thinking = threading.Event()

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        self.thinking.wait(10)
        raise RuntimeError("bot 'slow' forfeits (timeout): no answer")


def deck(codes: str) -> tuple[Card, ...]:
    """A deck from the codes of its first cards; the rest of the 32 follow
    in card order."""
    first = [parse_card(code) for code in codes.split()]
    return tuple(first + [card for card in range(32) if card not in first])


def scripted_session(
    tmp_path: Path,
    decks: Sequence[Sequence[Card]],
    script: Iterable[str] = (),
    *,
    first_dealer: int = 1,
    rules: Rules | None = None,
    seed: int = 7,
) -> tuple[MatchSession, ScriptedPlayer]:
    session = MatchSession.new(
        INSTANT,
        opponent="random",
        rules=rules,
        seed=seed,
        decks=decks,
        first_dealer=first_dealer,
        directory=tmp_path,
    )
    player = ScriptedPlayer(script)
    player.start_match(1, session.rules)
    session.opponent = player
    return session, player


def forfeited_match(tmp_path: Path, deal: Sequence[Card]) -> tuple[GameApp, MatchSession]:
    """A match the opponent forfeits at its first decision (the human is
    elder and plays): the app, and its session."""
    session, _ = scripted_session(tmp_path, [deal], first_dealer=0)
    session.opponent = FailingPlayer()
    return GameApp(session), session


async def settle(pilot: Pilot[None], rounds: int = 200) -> None:
    """Wait until the screen waits for the human, shows a modal, or the
    match is over."""
    for _ in range(rounds):
        await pilot.pause()
        screen = pilot.app.screen
        if not isinstance(screen, GameScreen):
            return
        if screen.awaiting_human or screen.session.is_over:
            await pilot.pause()
            return
    raise AssertionError("the game screen never came back to the human")


async def until(pilot: Pilot[Any], condition: Callable[[], bool], rounds: int = 400) -> None:
    """Wait, a frame at a time, until ``condition()`` holds (a worker's
    result, a resize, a toast), instead of guessing a fixed delay."""
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the condition never came true")


class RecordingApp(EcarteApp):
    """The app, keeping every notification it shows."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.notes: list[str] = []

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        self.notes.append(message)
        super().notify(message, *args, **kwargs)


def matches_folder_that_is_not_one(kind: str) -> str:
    """Make the matches folder ``kind`` ("a regular file" or "a FIFO (named
    pipe)") instead of a folder, check that a new match refuses to start and
    names it, and return those words, for a screen to say them too."""
    import os

    import pytest

    from ecarte.play import paths
    from ecarte.play.session import SessionError

    folder = paths.matches_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    if kind == "a regular file":
        folder.write_text("notes\n")
    else:
        os.mkfifo(folder)
    reason = f"{folder} is not a folder but {kind}"
    with pytest.raises(SessionError) as new_match:
        MatchSession.new(INSTANT, opponent="random", seed=1)
    assert reason in str(new_match.value)
    return reason


def event_at_random(session: MatchSession, rng: random.Random) -> bool:
    """The next event of the match: a deal when one is due (``False``),
    else a random legal decision of the seat to move (``True``)."""
    if session.deal_due:
        session.deal_next()
        return False
    seat = session.to_move
    assert seat is not None
    legal = session.match.legal_actions()
    session.apply(seat, legal[rng.randrange(len(legal))])
    return True


def play_at_random(session: MatchSession, rng: random.Random, decisions: int | None = None) -> None:
    """``decisions`` random legal decisions by both seats (every one to the
    match's end when ``None``), dealing as due."""
    done = 0
    while (decisions is None or done < decisions) and not session.is_over:
        done += event_at_random(session, rng)
