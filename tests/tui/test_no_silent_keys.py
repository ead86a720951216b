"""Keys a player presses are answered, and the screens say what they show:
the Rules and Statistics screens have a help like every other screen; q at
the card table says how to leave it; the lesson's footer names what Enter
does at the discard; a damaged unfinished match is named on the title (and
by c) for as long as it shows; the Coach setting says that matches played
with hints are counted apart in the statistics."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import RecordingApp, until
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets._footer import FooterKey
from textual.widgets._toast import Toast

from ecarte.play import paths
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.help_screen import HelpScreen
from ecarte.tui.key_footer import KeyFooter
from ecarte.tui.lesson_screen import LessonScreen
from ecarte.tui.replay_screen import ReplayListScreen, ReplayViewerScreen
from ecarte.tui.rules_screen import RulesScreen
from ecarte.tui.settings_screen import SettingsScreen
from ecarte.tui.stats_screen import StatsScreen
from ecarte.tui.title_screen import TitleScreen

SIZE = (100, 30)
INSTANT = Settings(opponent="random", speed="instant")


def footer_keys(screen: Screen[Any]) -> dict[str, str]:
    """Each key the footer shows, by what it shows for it: {"?": "Help"}."""
    return {key.key_display: key.description for key in screen.query(FooterKey)}


def words_of(screen: Screen[Any], widget_id: str, plain: Callable[..., str]) -> str:
    return " ".join(plain(screen.query_one(f"#{widget_id}", Static).content).split())


@pytest.mark.parametrize(
    ("key", "screen_type", "about"),
    [("r", RulesScreen, "The rules"), ("t", StatsScreen, "Your record")],
    ids=["rules", "statistics"],
)
async def test_the_rules_and_the_statistics_have_a_help_as_every_screen(
    key: str, screen_type: type[Screen[Any]], about: str, plain: Callable[..., str]
) -> None:
    app = EcarteApp(INSTANT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, screen_type))
        await pilot.pause()
        # The footer offers it, as the other screens' do.
        assert footer_keys(app.screen).get("?") == "Help", footer_keys(app.screen)
        for help_key in ("question_mark", "f1"):
            await pilot.press(help_key)
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            help_screen = app.screen
            # What the screen shows, then its keys.
            shown = words_of(help_screen, "help-about", plain)
            assert shown.startswith(about) and "scroll" in shown, shown
            keys = words_of(help_screen, "help-keys", plain)
            for expected in ("Esc, q Back", "?, F1 Help", "Ctrl+Q Quit"):
                assert expected in keys, keys
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, screen_type))
        # The command palette offers the help there too.
        assert "Help" in [command.title for command in app.get_system_commands(app.screen)]


async def test_f2_opens_the_rules_from_every_screen(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    """F2 is the rules "anywhere" (the README): on the title, the Replay
    list, the replay viewer and the Statistics it did nothing, without a
    word. The viewer opens them with the rules the match was played under."""
    import json

    log = write_log(paths.matches_dir() / "20261128-201500.ecarte.jsonl", known_events, ("You", "Computer"))
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    log.write_text(
        "\n".join([json.dumps({**header, "rules": {"target": 7}}), *known_events]) + "\n", encoding="utf-8"
    )
    app = EcarteApp(INSTANT)
    async with app.run_test(size=SIZE) as pilot:

        async def f2_then_back(back_to: type[Screen[Any]]) -> RulesScreen:
            await pilot.press("f2")
            await until(pilot, lambda: isinstance(app.screen, RulesScreen))
            rules_page = app.screen
            assert isinstance(rules_page, RulesScreen)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, back_to))
            return rules_page

        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await f2_then_back(TitleScreen)
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert footer_keys(app.screen).get("F2") == "Rules"
        await f2_then_back(StatsScreen)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ReplayListScreen))
        await f2_then_back(ReplayListScreen)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayViewerScreen))
        rules_page = await f2_then_back(ReplayViewerScreen)
        assert rules_page.rules is not None and rules_page.rules.target == 7


async def test_the_help_from_a_screen_that_says_nothing_of_itself_has_no_about() -> None:
    app = EcarteApp(INSTANT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert not app.screen.query_one("#help-about").display


@pytest.mark.parametrize(
    ("key", "screen_type", "words"),
    [
        ("n", GameScreen, ("Esc opens the menu", "saved")),
        ("l", LessonScreen, ("Esc leaves the lesson", "starts again")),
    ],
    ids=["table", "lesson"],
)
async def test_q_where_letters_are_moves_says_how_to_leave_and_leaves_nothing(
    key: str, screen_type: type[Screen[Any]], words: tuple[str, str]
) -> None:
    """At the table and in the lesson the letters are moves: q does not take
    the player away (Esc and Ctrl+Q do), but says so rather than nothing,
    and is not listed among the keys that quit."""
    app = RecordingApp(INSTANT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, screen_type))
        screen = app.screen
        await pilot.pause()
        await pilot.press("q")
        await until(pilot, lambda: any("Ctrl+Q" in note for note in app.notes))
        [note] = [note for note in app.notes if "Ctrl+Q" in note]
        assert all(word in note for word in words), note
        assert app.screen is screen and app.return_code is None
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = " ".join(str(app.screen.query_one("#help-keys", Static).content).split())
        assert "q, Ctrl+Q" not in keys


@pytest.mark.parametrize(
    ("key", "screen_type"), [("n", GameScreen), ("l", LessonScreen)], ids=["table", "lesson"]
)
async def test_the_notice_of_how_to_leave_goes_with_the_screen_left(
    key: str, screen_type: type[Screen[Any]]
) -> None:
    """A play-tester pressed q in the lesson, then Esc: the title screen
    went on saying for seconds how to leave the lesson no longer there."""
    app = EcarteApp(INSTANT)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        title = app.screen
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, screen_type))
        await pilot.pause()
        await pilot.press("q")
        await until(pilot, lambda: bool(app.screen.query(Toast)))
        # A notice of the app's own (a full disk, say) is no notice in passing: it stays.
        app.notify("The autosave stopped.", timeout=30)
        await until(pilot, lambda: len(app.screen.query(Toast)) == 2)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is title)
        await pilot.pause()
        assert len(app.screen.query(Toast)) == 1
        assert "autosave" in str(app.screen.query_one(Toast).render())


async def test_the_notice_of_a_key_that_does_nothing_goes_with_the_replay_covered(
    known_log: Path,
) -> None:
    """x in the replay, then a: "The key x does nothing here" stayed over the
    analysis, covering its detail line."""
    from ecarte.log import replay_file
    from ecarte.tui.analysis_screen import AnalysisScreen
    from ecarte.tui.replay_screen import ReplayViewerScreen

    replay = replay_file(known_log)
    app = RecordingApp(INSTANT, first_screen=lambda: ReplayViewerScreen(known_log, replay))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayViewerScreen))
        await pilot.pause()
        await pilot.press("x")
        await until(pilot, lambda: bool(app.screen.query(Toast)))
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        await pilot.pause()
        assert not app.screen.query(Toast)


async def test_the_lessons_footer_says_what_enter_does_at_each_step() -> None:
    app = EcarteApp(Settings(speed="instant"), first_screen=LessonScreen)
    async with app.run_test(size=(80, 24)) as pilot:

        def ready() -> bool:
            return isinstance(app.screen, LessonScreen) and app.screen.waiting

        async def press(*keys: str) -> None:
            for key in keys:
                await pilot.press(key)
                await until(pilot, ready)
                await pilot.pause()

        await until(pilot, ready)
        await pilot.pause()
        assert footer_keys(app.screen).get("⏎") == "Go on / play"
        await press("enter", "enter", "enter")  # three explanations: propose is the step
        # Enter does not propose: it says which key does, and the footer says so.
        assert footer_keys(app.screen).get("⏎") == "What to press", footer_keys(app.screen)
        await press("e")  # propose: the discard
        assert footer_keys(app.screen).get("⏎") == "Discard", footer_keys(app.screen)
        await press("4", "5")
        assert footer_keys(app.screen).get("⏎") == "Discard"
        await press("enter")  # 7♦ 8♣ discarded: the step is to play (p)
        assert footer_keys(app.screen).get("⏎") == "What to press", footer_keys(app.screen)
        await press("p")  # played: the first lead, a card, which Enter plays
        assert footer_keys(app.screen).get("⏎") == "Go on / play", footer_keys(app.screen)


def damaged_log(write_log: Callable[..., Path], known_events: tuple[str, ...], name: str) -> Path:
    """An unfinished match whose fourth event line (line 5) is cut short,
    not its last line: it cannot be continued."""
    events = list(known_events[:8])
    events[3] = events[3][:20]
    return write_log(paths.matches_dir() / name, events, players=("You", "Computer"))


def title_damaged(app: EcarteApp) -> str:
    widget = app.screen.query_one("#title-damaged", Static)
    return " ".join(str(widget.content).split()) if widget.display else ""


def box_fits(app: EcarteApp) -> bool:
    """Whether the title's box is whole at 80x24: above the footer."""
    box, footer = app.screen.query_one("#title-box"), app.screen.query_one(KeyFooter)
    return box.region.y >= 0 and 0 < box.region.bottom <= footer.region.y


async def test_a_damaged_unfinished_match_is_named_on_the_title_and_by_c(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    log = damaged_log(write_log, known_events, "20261128-201500.ecarte.jsonl")
    app = RecordingApp(INSTANT)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: bool(title_damaged(app)))
        said = title_damaged(app)
        assert log.name in said and "line 5 is damaged" in said and "cannot be continued" in said, said
        menu = app.screen.query_one("#title-menu", OptionList)
        assert "continue" not in [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        # Said once, in the box: not again by a toast over it (at 80x24 the
        # toast covered the end of the box's own words).
        await pilot.pause(0.2)
        assert not any("line 5 is damaged" in note for note in app.notes), app.notes
        # Toasts of the start fade; the title still says it.
        app.clear_notifications()
        await pilot.pause()
        assert title_damaged(app) == said
        # c says what is wrong and where, the whole path, rather than nothing.
        assert footer_keys(app.screen).get("c") == "Continue"
        app.notes.clear()
        await pilot.press("c")
        await until(pilot, lambda: bool(app.notes))
        assert str(log) in app.notes[0] and "line 5 is damaged" in app.notes[0], app.notes
        assert isinstance(app.screen, TitleScreen)
        # Back from another screen, as long as the title is shown.
        await pilot.press("r")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.pause(0.1)
        assert title_damaged(app) == said
        # Whole at 80x24.
        await until(pilot, lambda: box_fits(app))


async def test_an_empty_match_log_is_not_said_to_be_replayable() -> None:
    """A log of no bytes (the machine stopped as the match began) has no
    header: Replay has nothing to show, so the title does not send the
    player there."""
    log = paths.matches_dir() / "20261207-090000.ecarte.jsonl"
    log.parent.mkdir(parents=True)
    log.write_bytes(b"")
    app = RecordingApp(INSTANT)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: bool(title_damaged(app)))
        said = title_damaged(app)
        assert log.name in said and "line 1 is damaged (the file is empty" in said, said
        assert "can be neither continued nor replayed" in said and "Replay shows" not in said, said
        await until(pilot, lambda: box_fits(app))


async def test_an_older_match_is_continued_while_a_newer_damaged_one_is_named(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    older = write_log(
        paths.matches_dir() / "20261127-201500.ecarte.jsonl", known_events[:3], players=("You", "Computer")
    )
    os.utime(older, (1_000_000_000, 1_000_000_000))
    newer = damaged_log(write_log, known_events, "20261128-201500.ecarte.jsonl")
    app = RecordingApp(INSTANT)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(title_damaged(app)))
        assert isinstance(app.screen, TitleScreen) and app.screen.unfinished == older
        assert newer.name in title_damaged(app)
        # Made compact to fit, with the Continue's lines as well.
        await until(pilot, lambda: box_fits(app))


async def test_a_log_of_two_programs_is_not_offered_to_continue(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    """A log ``ecarte simulate`` wrote, of a match it did not finish, copied
    into the matches folder: Continue seated the player as "A: classic" against "B:
    random" and wrote into the tournament's log. Two programs' match has
    no seat for the player: an older match of the player's is continued."""
    import json

    older = write_log(
        paths.matches_dir() / "20261127-201500.ecarte.jsonl", known_events[:3], players=("You", "Computer")
    )
    os.utime(older, (1_000_000_000, 1_000_000_000))
    simulated = write_log(
        paths.matches_dir() / "20261128-201500.ecarte.jsonl",
        known_events[:4],
        players=("A: classic", "B: random"),
        opponent=None,
    )
    header, *events = simulated.read_text(encoding="utf-8").splitlines()
    tournament = {**json.loads(header), "tournament_seed": 1}
    simulated.write_text("\n".join([json.dumps(tournament), *events]) + "\n", encoding="utf-8")
    before = simulated.read_bytes()
    app = RecordingApp(INSTANT)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.unfinished is not None)
        assert isinstance(app.screen, TitleScreen) and app.screen.unfinished == older
        assert title_damaged(app) == ""
    assert simulated.read_bytes() == before


async def test_the_coach_setting_says_matches_with_hints_are_counted_apart(
    plain: Callable[..., str],
) -> None:
    app = EcarteApp(INSTANT)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        helps = [" ".join(plain(widget.content).split()) for widget in app.screen.query(".setting-help")]
        [coach] = [text for text in helps if text.startswith("Each option's chance of winning")]
        assert "counted apart in the statistics" in coach and "with always, every match" in coach, coach


async def test_a_move_key_at_the_wrong_moment_says_why_and_moves_nothing(tmp_path: Path) -> None:
    """At elder's first decision a card, Enter, an arrow, accept or refuse is no move:
    the table says why in the player's words (as the lesson does; no seat
    numbers, no protocol words), instead of nothing, and the match is as it
    was."""
    from game_support import GameApp

    from ecarte.engine import Phase
    from ecarte.play.session import HUMAN, MatchSession

    sessions = (
        MatchSession.new(INSTANT, opponent="random", seed=seed, directory=tmp_path / str(seed))
        for seed in range(40)
    )
    session = next(candidate for candidate in sessions if candidate.match.first_dealer != HUMAN)
    app = GameApp(session, INSTANT)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: session.match.phase == Phase.EXCHANGE and session.to_move == HUMAN)
        await pilot.pause()
        for key, words in [
            ("1", "No card is played before the exchange is over."),
            ("enter", "No card is played before the exchange is over."),
            ("a", "There is no proposal to answer: you speak first."),
            ("left", "No card is played before the exchange is over."),
            ("r", "There is no proposal to answer: you speak first."),
            ("right", "No card is played before the exchange is over."),
        ]:
            await pilot.press(key)
            await pilot.pause()
            message = str(app.screen.query_one("#message", Static).content)
            assert words in message, (key, message)
            assert session.match.phase == Phase.EXCHANGE and session.to_move == HUMAN


async def _refuse_a_card(session: Any) -> bool:
    """Play ``session`` taking the first legal move, until a card the rules
    refuse can be named: name it (its number key), check the ▲ and Enter,
    and say whether one was found."""
    from game_support import GameApp

    from ecarte.engine import Phase
    from ecarte.engine.cards import bit
    from ecarte.play.session import HUMAN
    from ecarte.tui.widgets import CardSlot

    app = GameApp(session, INSTANT)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)

        def ready() -> bool:
            return bool(session.is_over or (session.to_move == HUMAN and not screen.thinking))

        for _ in range(200):
            await until(pilot, ready)
            if session.is_over:
                return False
            match = session.match
            playable = match.playable_cards() if match.phase == Phase.TRICKS else None
            hand = match.hand(HUMAN)
            refused = [i for i, card in enumerate(hand) if playable is not None and not playable & bit(card)]
            if refused and refused[-1] != screen.cursor:
                index = refused[-1]
                await pilot.press(str(index + 1))
                await pilot.pause()
                assert screen.cursor == index
                marked = [slot.index for slot in screen.query(CardSlot) if slot.look.cursor]
                assert marked == [index], "the ▲ is under the card named"
                message = str(screen.query_one("#message", Static).content)
                await pilot.press("enter")
                await pilot.pause()
                assert str(screen.query_one("#message", Static).content) == message
                return True
            session.apply(HUMAN, match.legal_actions()[0])
            screen.refresh_view()
            screen.call_after_refresh(screen.advance)
            await pilot.pause()
    return False


async def test_a_refused_card_takes_the_cursor_so_enter_means_the_same_card(tmp_path: Path) -> None:
    """A number key names a card; refused (a card the rules do not allow),
    the ▲ still moves to it, so that what is shown and what Enter plays
    agree."""
    from ecarte.play.session import MatchSession

    for seed in range(60):
        session = MatchSession.new(INSTANT, opponent="random", seed=seed, directory=tmp_path / str(seed))
        if await _refuse_a_card(session):
            return
    pytest.fail("no deal offered a card the rules refuse")
