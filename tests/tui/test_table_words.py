"""What the table says as a match goes: the discard prompt, the cards just
drawn, the end of the exchange, the cut, the History (also rebuilt on
Continue), and the match-over window's keys, which are the table's own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from game_support import GameApp, deck, scripted_session, settle
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Button, RichLog, Static

from ecarte.engine import Rules
from ecarte.play import paths
from ecarte.play.session import MatchSession
from ecarte.tui.deal_summary import DealSummaryScreen, MatchOverScreen
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.widgets import CardSlot

# Human (elder): K♥ A♠ 7♣ 8♦ 9♦; the computer deals and holds K♣ J♠ 8♠ 7♠ 10♣;
# the 7♥ is turned up; the stock starts K♠ Q♠.
DEAL_ONE = deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")
SIZE = (80, 24)


def words(screen: GameScreen, selector: str) -> str:
    content = screen.query_one(selector, Static).content
    assert isinstance(content, Text)
    return content.plain


def history(screen: GameScreen) -> list[str]:
    return [entry.plain for entry in screen.history_entries]


def shown_history(screen: GameScreen) -> str:
    log = screen.query_one("#history", RichLog)
    return " ".join(" ".join(line.text for line in log.lines).split())


def marked_new(screen: GameScreen) -> list[str]:
    return [str(slot.index + 1) for slot in screen.query(CardSlot) if slot.look is not None and slot.look.new]


async def test_drawn_cards_are_marked_and_the_end_of_the_exchange_is_said(tmp_path: Path) -> None:
    session, _ = scripted_session(
        tmp_path, [DEAL_ONE], ["accept", "discard"], first_dealer=1, rules=Rules(max_exchanges=1)
    )
    app = GameApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        # Who deals first and why, before the first deal.
        assert history(screen)[0] == "The cut, at random: Computer deals first; you speak first."
        await pilot.press("e")
        await settle(pilot)
        assert words(screen, "#prompt").startswith("Pick 1 to 5 cards to discard")
        await pilot.press("4", "5", "enter")  # 9♦ 8♦ (the hand is sorted)
        await settle(pilot)
        hand = screen.match.hand(0)
        drawn = {str(index + 1) for index, card in enumerate(hand) if card in (DEAL_ONE[11], DEAL_ONE[12])}
        assert len(drawn) == 2 and set(marked_new(screen)) == drawn
        assert all(
            f"+{number}" in slot.content.plain
            for slot in screen.query(CardSlot)
            for number in [slot.index + 1]
            if str(number) in drawn
        )  # type: ignore[union-attr]
        # One exchange allowed: the History says why the tricks begin.
        assert "No more exchanges: the limit of 1 exchange is reached." in history(screen)
        await pilot.press("k")  # the next decision: the marks go
        await settle(pilot)
        assert marked_new(screen) == []
    session.close()


async def test_the_dealers_discard_prompt_does_not_contradict_itself(tmp_path: Path) -> None:
    # The computer is elder: it proposes, the human accepts, both discard.
    session, _ = scripted_session(tmp_path, [DEAL_ONE], ["propose", "discard"], first_dealer=0)
    app = GameApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        prompt = words(screen, "#prompt")
        assert "Enter to keep your hand" in prompt and "Chosen" not in prompt
        # The button says what Enter does, as the prompt does.
        button = screen.query_one("#discard", Button)
        assert button.display and str(button.label) == "Keep hand (Enter)"
        menu = screen.query_one("#leave", Button).region
        await pilot.press("1", "2")
        await pilot.pause()
        # The Menu button beside it stays where it was as the label changes,
        # whenever the row is laid out again (a label alone does not do it:
        # a resize there and back does).
        await pilot.resize_terminal(SIZE[0] + 1, SIZE[1])
        await pilot.pause()
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert screen.query_one("#leave", Button).region == menu
        prompt = words(screen, "#prompt")
        assert "Chosen: 2." in prompt and "keep your hand" not in prompt
        # Up to five, as before a card was picked: not "Pick 0 to 5 cards".
        assert prompt.startswith("Pick up to 5 cards to discard") and "0 to" not in prompt, prompt
        assert str(button.label) == "Discard (Enter)"
        await pilot.press("1", "2")  # picked again: none
        await pilot.pause()
        assert str(button.label) == "Keep hand (Enter)"
    session.close()


async def to_the_match_over(pilot: Pilot[None], screen: GameScreen) -> None:
    for _ in range(40):
        await settle(pilot)
        if isinstance(pilot.app.screen, MatchOverScreen):
            return
        if isinstance(pilot.app.screen, DealSummaryScreen):
            await pilot.press("enter")
            continue
        match = screen.match
        if match.phase == "exchange":
            await pilot.press("p")
        else:
            hand, playable = match.hand(0), match.playable_cards()
            await pilot.press(str(next(i for i, card in enumerate(hand) if playable >> card & 1) + 1))
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("key", ["n", "escape"])
async def test_the_match_over_window_answers_to_the_tables_keys(tmp_path: Path, key: str) -> None:
    # A game to 1 point in a match of one game: the first deal ends it.
    session, _ = scripted_session(tmp_path, [DEAL_ONE], [], first_dealer=1, rules=Rules(target=1))
    app = GameApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await to_the_match_over(pilot, screen)
        buttons = " ".join(str(button.label) for button in app.screen.query("SummaryButton"))
        assert "Rematch (n)" in buttons and "Menu (Esc)" in buttons
        assert any("wins the match" in line for line in history(screen))
        await pilot.press(key)
        await pilot.pause()
        if key == "n":
            games = [shown for shown in app.screen_stack if isinstance(shown, GameScreen)]
            assert len(games) == 1 and games[0] is not screen
            assert games[0].session.log_path != session.log_path
            games[0].session.close()
        else:
            # The menu: here, with the game opened directly, that quits.
            assert app.return_code == 0
    session.close()


async def test_continue_rebuilds_the_history_from_the_log(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    # You (seat 0) deal; Computer proposes, you accept, both discard, Computer plays.
    saved = write_log(
        paths.matches_dir() / "20261128-201500.ecarte.jsonl", known_events[:6], ("You", "Computer")
    )
    session, _ = MatchSession.resume(saved)
    app = GameApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.pause()
        lines = history(screen)
        assert lines[:3] == [
            "The cut, at random: You deal first; Computer speaks first.",
            "── Game 1, deal 1 ──",
            "You deal; the 9♣ is turned up: clubs are trumps.",
        ]
        # Every move of the log, as it was narrated when it was played.
        assert lines[3:9] == [
            "Computer proposes",
            "You accept",
            "Computer discards 1 card",
            "You discard 8♦, 7♦ and draw Q♥, J♥",
            "Computer plays: no more exchanges",
            "Match resumed where it stopped: game 1, deal 1, 0-0.",
        ]

    session.close()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_history_wraps_anew_when_the_terminal_is_resized(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    session, _ = scripted_session(tmp_path, [DEAL_ONE], [], first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        log = screen.query_one("#history", RichLog)
        old_width = log.scrollable_content_region.width
        other = (120, 40) if size == (80, 24) else (80, 24)
        await pilot.resize_terminal(*other)
        await settle(pilot)
        await pilot.pause()
        width = log.scrollable_content_region.width
        longest = max(len(line.text.rstrip()) for line in log.lines)
        assert longest <= width
        if width > old_width:
            # Written anew at the new width, not kept at the old wrap.
            assert longest > old_width
        assert "The cut, at random" in shown_history(screen)
    session.close()


async def test_k_says_why_the_king_may_not_be_announced(tmp_path: Path) -> None:
    # The human deals and holds K♣ J♠ 8♠ 7♠ 10♣: not the K♥ of trumps.
    session, _ = scripted_session(tmp_path, [DEAL_ONE], ["play"], first_dealer=0)
    app = GameApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        assert screen.match.phase == "tricks" and screen.awaiting_human
        await pilot.press("k")
        await pilot.pause()
        assert "You cannot announce the king: you do not hold K♥" in words(screen, "#message")
        assert screen.match.phase == "tricks" and screen.awaiting_human
    session.close()


def test_the_rules_in_force_in_players_words() -> None:
    from ecarte.play.names import rules_in_words

    assert rules_in_words(Rules()) == "Usual rules"
    assert rules_in_words(Rules(), with_target=True) == "Game to 5 · usual rules"
    odd = Rules(target=7, ace_high=True, must_trump=False, max_exchanges=1)
    assert rules_in_words(odd) == "Ace high · at most 1 exchange · must trump: off"
    with_target = rules_in_words(odd, with_target=True)
    assert with_target == "Game to 7 · ace high · at most 1 exchange · must trump: off"


async def test_the_table_help_and_rules_speak_of_the_rules_in_force(tmp_path: Path) -> None:
    from ecarte.tui.help_screen import HelpScreen
    from ecarte.tui.rules_screen import RulesScreen
    from ecarte.tui.widgets import ScorePanel

    odd = Rules(ace_high=True, must_trump=False, max_exchanges=1)
    session, _ = scripted_session(tmp_path, [DEAL_ONE], ["play"], first_dealer=0, rules=odd)
    app = GameApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        score = screen.query_one(ScorePanel)
        assert score.look is not None
        assert score.look.rules == "Ace high · at most 1 exchange · must trump: off"
        await pilot.press("question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        rule = str(help_screen.query_one("#help-rule", Static).content)
        assert "need not trump" in rule and "unless the variant" not in rule
        assert "1 round of exchange" in rule
        await pilot.press("escape", "f2")
        rules_page = app.screen
        assert isinstance(rules_page, RulesScreen)
        opening = rules_page.query_one("#rules-in-force", Static).content
        assert "above the king" in str(getattr(opening, "markup", opening))
    session.close()


async def test_the_score_header_stays_put_when_the_liability_note_comes(tmp_path: Path) -> None:
    from ecarte.tui.widgets import ScorePanel

    # The human (elder) plays without proposing: liable.
    session, _ = scripted_session(tmp_path, [DEAL_ONE], [], first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        panel = screen.query_one(ScorePanel)

        def header() -> str:
            return panel.render_lines(panel.region.reset_offset)[1].text

        before = header()
        await pilot.press("p")
        await settle(pilot)
        assert session.match.liable == 0
        assert "⚠" in " ".join(strip.text for strip in panel.render_lines(panel.region.reset_offset))
        assert header() == before
    session.close()


async def test_the_hand_box_names_the_discards_in_the_historys_order(tmp_path: Path) -> None:
    # Hearts are trumps; the human discards 9♦ 8♦ 7♣, the last three of the
    # sorted hand K♥ A♠ 9♦ 8♦ 7♣.
    session, _ = scripted_session(tmp_path, [DEAL_ONE], ["accept", "discard"], first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        await pilot.press("3", "4", "5", "enter")
        await settle(pilot)
        assert any(entry.startswith("You discard 9♦, 8♦, 7♣ and draw") for entry in history(screen))
        subtitle = str(screen.query_one("#you").border_subtitle)
        assert subtitle.endswith("discarded 9♦ 8♦ 7♣"), subtitle
    session.close()


@pytest.mark.parametrize(("winner", "expected"), [(0, "Computer You ✓"), (1, "✓ Computer You")])
def test_the_taker_of_a_trick_is_ticked_on_the_outer_side(
    winner: int, expected: str, plain: Callable[..., str]
) -> None:
    """The computer led, the player replied: the tick sits on the taker's
    outer side, never between the two names ("Computer ✓ You" read as either)."""
    from ecarte.engine import parse_card
    from ecarte.engine.view import Trick
    from ecarte.tui.widgets.table import TableLook, TableView

    taken = Trick(leader=1, cards=(parse_card("KS"), parse_card("AS")), winner=winner)
    look = TableLook(1, 1, parse_card("7H"), 1, 11, (), 0, (taken,), ("You", "Computer"), True, False)
    names = [line for line in plain(TableView._trick(look)).splitlines() if "You" in line]
    assert [" ".join(line.split()) for line in names] == [expected], names


@pytest.mark.parametrize("leader", [0, 1])
def test_the_taker_keeps_the_tick_however_long_its_name(leader: int, plain: Callable[..., str]) -> None:
    """A play-tester named "Konstantin-Alexandrovich" took a trick as the
    second to play, and the table read "Datorn  Konstantin-…": the name was
    cut with the tick after it, and without colours the tick is the one
    mark of who took the trick. The name is cut, never the tick."""
    from ecarte.engine import parse_card
    from ecarte.engine.view import Trick
    from ecarte.tui.widgets.table import TableLook, TableView

    long_name = "Konstantin-Alexandrovich"
    cards = (parse_card("KS"), parse_card("AS")) if leader == 1 else (parse_card("AS"), parse_card("KS"))
    taken = Trick(leader=leader, cards=cards, winner=0)
    look = TableLook(1, 1, parse_card("7H"), 1, 11, (), 0, (taken,), (long_name, "Computer"), True, False)
    line = next(line for line in plain(TableView._trick(look)).splitlines() if "Computer" in line)
    words = line.split()
    assert "✓" in words, line
    # The tick stands beside the taker's name, on its outer side.
    assert words.index("✓") == (len(words) - 1 if leader == 1 else 0), line
    assert any(word.startswith("Konst") for word in words), line


def test_a_name_of_wide_letters_is_cut_whole_letters_then_the_mark(plain: Callable[..., str]) -> None:
    """A name of letters two cells wide, cut to the room under its card,
    read "山田太 …" (a gap before the mark, Rich's own cut): it is cut by
    the app's rule, whole letters and then "…", within its cells."""
    from ecarte.engine import parse_card
    from ecarte.text import short_name
    from ecarte.tui.widgets.table import TableLook, TableView

    wide = "山田太郎花子山田太郎花子"
    look = TableLook(
        1, 1, parse_card("7H"), 1, 11, (parse_card("7S"),), 1, (), (wide, "Computer"), True, False
    )
    line = next(line for line in plain(TableView._trick(look, (8, 12))).splitlines() if "Computer" in line)
    assert short_name(wide, 8) == "山田太…"  # the rule itself: 6 cells of letters, the mark
    assert "山田太…" in line, line
