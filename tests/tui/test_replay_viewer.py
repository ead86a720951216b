"""The replay viewer, stepping through a deal worked out by hand (see
``KNOWN_EVENTS`` in conftest.py) and through invalid logs."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from game_support import RecordingApp, until
from textual.widgets import Static

from ecarte.ai.base import make_player
from ecarte.engine import Rules
from ecarte.log import LogWriter, replay_file
from ecarte.play.settings import Settings
from ecarte.tournament import play_match
from ecarte.tui.app import EcarteApp
from ecarte.tui.help_screen import HelpScreen
from ecarte.tui.replay_screen import ReplayViewerScreen

SIZE = (100, 32)


def viewer_app(path: Path, settings: Settings | None = None) -> EcarteApp:
    replay = replay_file(path)
    return EcarteApp(settings or Settings(), first_screen=lambda: ReplayViewerScreen(path, replay))


def shown(app: EcarteApp, plain: Callable[..., str], widget_id: str) -> str:
    return " ".join(plain(app.screen.query_one(f"#{widget_id}", Static).content).split())


async def test_a_trick_the_player_won_is_said_to_them_not_of_a_name(
    tmp_path: Path, write_log: Callable[..., Path], known_events: tuple[str, ...], plain: Callable[..., str]
) -> None:
    """The app's player (the name You) took the trick: "won by You" read
    as a name in the middle of a sentence, where every other line speaks
    to the player."""
    log = write_log(tmp_path / "m.ecarte.jsonl", known_events, players=("Klara", "You"))
    app = viewer_app(log)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ReplayViewerScreen)
        for _step in range(8):  # up to the end of the first trick, Leo's K♠ over the 7♥
            await pilot.press("right")
        board = shown(app, plain, "replay-board-text")
        assert "Trick: You K♠, Klara 7♥ · you won it" in board, board
        assert "won by" not in board


async def test_stepping_forward_and_back_through_a_deal(known_log: Path, plain: Callable[..., str]) -> None:
    app = viewer_app(known_log)
    async with app.run_test(size=SIZE) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)

        def board() -> str:
            return shown(app, plain, "replay-board-text")

        def event() -> str:
            return shown(app, plain, "replay-event")

        assert "Klara deals first" in event()
        assert "Event 0 of 16" in shown(app, plain, "replay-status")

        await pilot.press("right")
        assert "the 9♣ is turned up: clubs are trumps" in event()
        assert "Stock: 21 cards" in board()
        klara, leo = board().split("Klara (dealer)")[1].split("Leo (elder)")
        # Both hands face up: the deal of the deck's first ten cards.
        for card in ("7♥", "8♥", "9♥", "7♦", "8♦"):
            assert card in klara
        for card in ("K♠", "Q♠", "J♠", "A♠", "10♠"):
            assert card in leo

        await pilot.press("right", "right", "right")  # propose, accept, Leo's discard
        assert "Stock: 20 cards" in board()
        leo_row = board().split("Leo (elder)")[1]
        assert "A♠" in leo_row  # his discard, shown in the discards column
        assert "K♥" in leo_row  # and the card he drew

        await pilot.press("right")  # Klara discards two and draws Q♥ J♥
        assert "Klara discards" in event()
        assert "Stock: 18 cards" in board()

        await pilot.press("right", "right", "right")  # play, K♠ led, 7♥ thrown
        assert viewer.position == 8
        assert "Trick: Leo K♠, Klara 7♥ · won by Leo" in board()

        await pilot.press("left")
        assert viewer.position == 7
        assert "Trick: Leo K♠" in board() and "won by" not in board()

        await pilot.press("end")
        assert viewer.position == 16
        assert "vole" in event() and "2 points" in event()
        assert "Score: Klara 0, Leo 2" in board()

        await pilot.press("right")  # nothing after the end
        assert viewer.position == 16

        await pilot.press("home")
        assert viewer.position == 0
        await pilot.press("left")
        assert viewer.position == 0


async def test_deal_by_deal_jumps(
    tmp_path: Path, write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    # The same deal twice: the second is dealt by Leo (the deal alternates).
    second_deal = json.loads(known_events[0]) | {"dealer": 1}
    path = write_log(tmp_path / "two.ecarte.jsonl", [*known_events, json.dumps(second_deal)])
    app = viewer_app(path)
    async with app.run_test(size=SIZE) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        await pilot.press("pagedown")
        assert viewer.position == 1
        await pilot.press("pagedown")
        assert viewer.position == 17
        await pilot.press("pagedown")  # no further deal: the end
        assert viewer.position == 17
        await pilot.press("left", "pageup")
        assert viewer.position == 1
        await pilot.press("pageup")
        assert viewer.position == 0


async def test_invalid_log_shows_the_error_and_replays_the_valid_part(
    tmp_path: Path, write_log: Callable[..., Path], known_events: tuple[str, ...], plain: Callable[..., str]
) -> None:
    # Line 10 (event 9): Klara plays, but Leo won the first trick and leads.
    events = [*known_events[:8], '{"type": "card", "player": 0, "card": "8H"}', *known_events[9:]]
    path = write_log(tmp_path / "bad.ecarte.jsonl", events)
    app = viewer_app(path)
    async with app.run_test(size=SIZE) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        error = shown(app, plain, "replay-error")
        assert "Line 10 is invalid" in error
        assert "8 valid events" in error
        await pilot.press("end")
        assert viewer.position == 8
        assert "won by Leo" in shown(app, plain, "replay-board-text")


async def test_torn_last_line_is_named_as_such(
    tmp_path: Path, write_log: Callable[..., Path], known_events: tuple[str, ...], plain: Callable[..., str]
) -> None:
    path = write_log(tmp_path / "torn.ecarte.jsonl", known_events[:5])
    with path.open("a") as stream:
        stream.write('{"type": "pla')
    app = viewer_app(path)
    async with app.run_test(size=SIZE):
        assert "cut short" in shown(app, plain, "replay-error")


async def test_header_only_garbage_shows_nothing_to_replay(tmp_path: Path, plain: Callable[..., str]) -> None:
    path = tmp_path / "garbage.ecarte.jsonl"
    path.write_bytes(b"\x00\xffnot a log at all\n")
    app = viewer_app(path)
    async with app.run_test(size=SIZE) as pilot:
        assert "Line 1 is invalid" in shown(app, plain, "replay-error")
        await pilot.press("right", "end", "pagedown", "left")
        assert "nothing to replay" in shown(app, plain, "replay-event")


async def test_names_from_the_log_are_shown_literally(
    tmp_path: Path, write_log: Callable[..., Path], known_events: tuple[str, ...], plain: Callable[..., str]
) -> None:
    path = write_log(
        tmp_path / "names.ecarte.jsonl", known_events, players=("[red]x[/]", "\x1b[31mLeo"), opponent=None
    )
    app = viewer_app(path)
    async with app.run_test(size=SIZE) as pilot:
        title = shown(app, plain, "replay-title")
        assert "[red]x[/] vs \\x1b[31mLeo" in title
        await pilot.press("right")
        assert "[red]x[/] deals" in shown(app, plain, "replay-event")
        assert "[red]x[/] (dealer)" in shown(app, plain, "replay-board-text")


async def test_letters_card_style(known_log: Path, plain: Callable[..., str]) -> None:
    app = viewer_app(known_log, Settings(card_style="letters"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")
        assert "the 9C is turned up" in shown(app, plain, "replay-event")
        assert "K♠" not in shown(app, plain, "replay-board-text")
        assert "KS" in shown(app, plain, "replay-board-text")


async def test_help_from_the_viewer_gives_the_rule_of_the_phase_shown(known_log: Path) -> None:
    app = viewer_app(known_log)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "right")  # after Leo's proposal: Klara answers
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.phase == "answer"
        assert not app.screen.query("#help-table-keys")  # no cards to play here
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayViewerScreen)
        assert app.screen.position == 2


async def test_the_discards_column_lists_the_cards_as_the_event_does(
    known_log: Path, plain: Callable[..., str]
) -> None:
    # Clubs are trumps; Klara discards 7♦ 8♦: strongest first, as her hand is shown.
    app = viewer_app(known_log)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "right", "right", "right", "right")
        assert "Klara discards 8♦, 7♦" in shown(app, plain, "replay-event")
        klara_row = shown(app, plain, "replay-board-text").split("Klara (dealer)")[1].split("Leo (elder)")[0]
        assert "8♦ 7♦" in klara_row, klara_row


async def test_a_match_still_being_played_keeps_the_computers_cards_face_down(
    tmp_path: Path, write_log: Callable[..., Path], known_events: tuple[str, ...], plain: Callable[..., str]
) -> None:
    """A second window watching the match the first still plays (or the
    Replay list opening an unfinished one) must not show what the table
    hides: the computer's hand and discards stay face down, and the
    analysis waits for the end of the match."""
    unfinished = write_log(tmp_path / "open.ecarte.jsonl", known_events[:8], players=("You", "Computer"))
    app = viewer_app(unfinished)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "right", "right", "right")  # the deal, the exchange, both discards
        board = shown(app, plain, "replay-board-text")
        mine, computers = board.split("You (dealer)")[1].split("Computer (elder)")
        for card in ("7♥", "8♥", "9♥", "7♦", "8♦"):
            assert card in mine
        for card in ("K♠", "Q♠", "J♠", "A♠", "10♠", "K♥"):
            assert card not in computers
        assert "▒▒" in computers
        assert "face down while the match is being played" in board
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ReplayViewerScreen)
        assert any("when the match is over" in str(toast.message) for toast in app._notifications)

    # Over, or between two other players, the log is shown face up.
    finished = write_log(tmp_path / "done.ecarte.jsonl", known_events, players=("You", "Computer"))
    # A game to 2: the deal's vole wins the match.
    finished.write_text(finished.read_text().replace('"rules": {}', '"rules": {"target": 2}', 1))
    assert replay_file(finished).match.is_over  # type: ignore[union-attr]
    others = write_log(tmp_path / "bots.ecarte.jsonl", known_events[:8], players=("Klara", "Leo"))
    # Damaged before its end, or forfeited, it can never be continued: it is
    # over for the viewer too (it hid the cards and refused the analysis for good).
    damaged = write_log(tmp_path / "damaged.ecarte.jsonl", known_events[:8], players=("You", "Computer"))
    lines = damaged.read_text().splitlines(keepends=True)
    damaged.write_text("".join([*lines[:4], "garbage\n", *lines[4:]]))
    assert not replay_file(damaged).can_continue
    forfeited = write_log(tmp_path / "forfeit.ecarte.jsonl", known_events[:8], players=("You", "Computer"))
    Path(f"{forfeited}.forfeit").write_text("the bot exited\n")
    for path in (damaged, forfeited):
        app = viewer_app(path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("right")
            board = shown(app, plain, "replay-board-text")
            assert all(card in board.split("Computer (elder)")[1] for card in ("K♠", "Q♠", "J♠", "A♠"))
            assert "face down" not in board
            await pilot.press("a")
            await until(pilot, lambda app=app: not isinstance(app.screen, ReplayViewerScreen))
    for path, name in ((finished, "Computer"), (others, "Leo")):
        app = viewer_app(path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("right")
            row = shown(app, plain, "replay-board-text").split(f"{name} (elder)")[1]
            assert all(card in row for card in ("K♠", "Q♠", "J♠", "A♠", "10♠"))


async def test_the_status_numbers_deals_within_their_game_as_the_table_does(
    tmp_path: Path, plain: Callable[..., str]
) -> None:
    """In a match of several games the second game's first deal reads
    "game 2, deal 1", as at the card table, not the match's fourth deal."""
    path = tmp_path / "games.ecarte.jsonl"
    rules = Rules(target=1, games_to_win=3)
    with LogWriter.create(path, ("Klara", "Leo"), 0, rules, {}, durable=False) as log:
        players = [make_player("classic", 1), make_player("random", 2)]
        play_match(players, rules, 0, random.Random(3), log)
    replay = replay_file(path)
    assert replay.match is not None and len(replay.match.games) >= 2
    app = viewer_app(path)
    async with app.run_test(size=SIZE) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen) and viewer.steps is not None
        second_game = next(
            position
            for position in viewer.steps.deal_positions
            if (state := viewer.state(position)) is not None and len(state.games) == 2
        )
        viewer.go(second_game)
        await pilot.pause()
        assert "game 2, deal 1" in shown(app, plain, "replay-status")


async def test_a_long_name_beside_its_hand_is_cut_with_the_mark(
    tmp_path: Path, write_log: Callable[..., Path], known_events: tuple[str, ...], plain: Callable[..., str]
) -> None:
    """A 24-character name beside its hand read "Konstantin-Alexandro
    (elder)": cut to make room for the cards, without the "…" that says
    it was cut, it read as another name."""
    long_name = "Konstantin-Alexandrovich"
    path = write_log(
        tmp_path / "long.ecarte.jsonl", list(known_events), players=("Klara", long_name), opponent=None
    )
    app = viewer_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right")
        board = shown(app, plain, "replay-board-text")
    beside_the_hand = board.split(" (elder)")[0].split()[-1]
    assert beside_the_hand != long_name, board  # cut, to keep the cards in view
    assert beside_the_hand.endswith("…") and long_name.startswith(beside_the_hand[:-1]), board


async def test_a_key_the_viewer_does_not_take_says_so(known_log: Path, plain: Callable[..., str]) -> None:
    """A letter that is no key of the viewer passed in silence; its keys
    (→, a) still act without a word."""
    replay = replay_file(known_log)
    app = RecordingApp(Settings(), first_screen=lambda: ReplayViewerScreen(known_log, replay))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        assert isinstance(app.screen, ReplayViewerScreen)
        await pilot.press("right")
        await pilot.pause()
        assert app.notes == []
        await pilot.press("x")
        await until(pilot, lambda: bool(app.notes))
        assert app.notes == ["The key x does nothing here: ? lists the keys."]
        assert "Event 1 of 16" in shown(app, plain, "replay-status")
