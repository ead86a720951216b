"""SVG snapshots of the lesson: its first words, the discard with two cards
picked, a wrong card explained in the engine's words (80x24), and the king
step at 120x40. Deterministic by construction: the lesson's decks and
Klara's moves are fixed, the pace instant.

Update with ``--snapshot-update`` after checking the new pictures by eye.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from game_support import until
from textual.pilot import Pilot

from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.lesson_screen import LessonScreen

Snap = Callable[..., bool]
FIXED = Settings(player_name="You", speed="instant")


def lesson_app() -> EcarteApp:
    app = EcarteApp(FIXED, first_screen=LessonScreen)
    app.animation_level = "none"
    return app


def keys(*presses: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Press keys, letting Klara answer after each."""

    def ready(pilot: Pilot[Any]) -> bool:
        screen = pilot.app.screen
        return isinstance(screen, LessonScreen) and screen.waiting

    async def run(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: ready(pilot))
        for key in presses:
            await pilot.press(key)
            await until(pilot, lambda: ready(pilot))
        await pilot.pause()

    return run


# From the start: three explanations, propose, the discard.
TO_THE_DISCARD = ("enter", "enter", "enter", "e")
# Then the rest of the first deal, its score, and deal 2 up to Klara's lead.
TO_THE_KING = (
    *TO_THE_DISCARD,
    "4",
    "5",
    "enter",
    "p",
    "4",
    "enter",
    "1",
    "1",
    "2",
    "1",
    "enter",
    "enter",
    "r",
)


def test_the_first_words(snap_compare: Snap) -> None:
    assert snap_compare(lesson_app(), run_before=keys(), terminal_size=(80, 24))


def test_the_discard_with_two_cards_picked(snap_compare: Snap) -> None:
    assert snap_compare(lesson_app(), run_before=keys(*TO_THE_DISCARD, "4", "5"), terminal_size=(80, 24))


def test_a_wrong_card_explained_in_the_engines_words(snap_compare: Snap) -> None:
    assert snap_compare(lesson_app(), run_before=keys(*TO_THE_KING, "4"), terminal_size=(80, 24))


def test_the_king_step_at_120x40(snap_compare: Snap) -> None:
    assert snap_compare(lesson_app(), run_before=keys(*TO_THE_KING), terminal_size=(120, 40))
