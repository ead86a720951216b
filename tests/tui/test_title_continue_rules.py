"""The title's Continue says where the unfinished match stands (against
whom, which game, the score) and which rules it is played under, in the
words the table uses, whole at 80x24: they may differ from the settings'
rules, which only a new match takes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from game_support import until
from textual.widgets import OptionList

from ecarte import i18n
from ecarte.engine import Action, Rules, deck_for
from ecarte.i18n import _
from ecarte.log import LogWriter
from ecarte.play import paths
from ecarte.play.names import rules_in_words
from ecarte.play.settings import Settings
from ecarte.tui.app import EcarteApp
from ecarte.tui.key_footer import KeyFooter

SMALLEST = (80, 24)

EVERY_VARIANT = Rules(
    target=11,
    games_to_win=2,
    ace_high=True,
    deal_packets=(2, 2, 1),
    dealer_must_exchange=True,
    max_exchanges=3,
    must_trump=False,
    penalty_adds_to_vole=True,
    four_all_reset=True,
)


def unfinished_log(rules: Rules, deal: str) -> Path:
    """An autosave of a match begun under ``rules``, its first ``deal`` made."""
    header = {
        "format": "ecarte-log",
        "version": 1,
        "players": ["You", "Computer"],
        "first_dealer": 0,
        "rules": rules.to_dict(),
        "created": "2026-11-28T20:15:00",
        "opponent": "random",
    }
    path = paths.matches_dir() / "20261128-201500.ecarte.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(header) + "\n" + deal + "\n", encoding="utf-8")
    return path


def shown_lines(app: EcarteApp) -> list[str]:
    """The screen's text, line by line, as the player sees it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def menu_ids(menu: OptionList) -> list[str | None]:
    return [menu.get_option_at_index(index).id for index in range(menu.option_count)]


@pytest.mark.parametrize(
    "rules",
    [Rules(target=7, ace_high=True, max_exchanges=1, must_trump=False), EVERY_VARIANT, Rules()],
    ids=["some variants", "every variant", "usual rules"],
)
async def test_continue_shows_the_matchs_rules_whole_at_80x24(
    rules: Rules, known_events: tuple[str, ...]
) -> None:
    unfinished_log(rules, known_events[0])
    # The settings' own rules differ: Continue must speak of the match's.
    # A 24-character name makes the summary below the menu two lines long.
    app = EcarteApp(
        Settings(rules=Rules(target=5), opponent="random", player_name="Wolfgang-Amadeus-Mozarts")
    )
    async with app.run_test(size=SMALLEST) as pilot:
        menu = app.screen.query_one("#title-menu", OptionList)
        await until(pilot, lambda: "continue" in menu_ids(menu))
        await pilot.pause()
        words = rules_in_words(rules, with_target=True)
        first, *below = str(menu.get_option("continue").prompt).splitlines()
        assert first == "Continue"
        standing = "against Random, game 1: 0-0" + (" · games won 0-0" if rules.games_to_win > 1 else "")
        assert " ".join(line.strip() for line in below) == f"{standing} {words}"
        # Set in, so that without colours they do not read as menu entries.
        assert all(line.startswith("  ") for line in below)
        # Whole on screen: the menu scrolls nothing away, and every word of the
        # rules is drawn (wrapped over lines inside the title's box).
        assert menu.virtual_size.height <= menu.content_size.height
        screen_text = " ".join(" ".join(line.replace("│", " ").split()) for line in shown_lines(app))
        assert " ".join(words.split()) in screen_text
        assert "Quit" in screen_text
        assert "Wolfgang-Amadeus-Mozarts against Computer" in screen_text
        assert "game to 5 points" in screen_text


def voled_log(rules: Rules, opponent: str = "expert") -> Path:
    """The player deals; the computer, elder, holds five hearts, trumps, plays
    without proposing and takes every trick: a vole, 2 points."""
    path = paths.matches_dir() / "20261128-201500.ecarte.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    extra = {"opponent": opponent, "created": "2026-11-28T20:15:00"}
    computer, player = ["QH", "JH", "TH", "9H", "8H"], ["KS", "QS", "JS", "TS", "9S"]
    with LogWriter.create(path, ("You", "Computer"), 0, rules, extra, durable=False) as log:
        log.write_deal(0, deck_for(computer, player, "7H"))
        log.write_action(1, Action.parse("play"))
        for led, followed in zip(computer, player, strict=True):
            log.write_action(1, Action.parse(f"card {led}"))
            log.write_action(0, Action.parse(f"card {followed}"))
    return path


async def under_continue(
    rules: Rules, opponent: str = "expert", settings: str = "random", trusted_bot: str | None = None
) -> str:
    """What the title shows under Continue for ``voled_log(rules)``, on one line."""
    voled_log(rules, opponent)
    app = EcarteApp(Settings(opponent=settings), trusted_bot=trusted_bot)
    async with app.run_test(size=SMALLEST) as pilot:
        menu = app.screen.query_one("#title-menu", OptionList)
        await until(pilot, lambda: "continue" in menu_ids(menu))
        await pilot.pause()
        return " ".join(line.strip() for line in str(menu.get_option("continue").prompt).splitlines()[1:])


async def test_continue_tells_the_opponent_the_game_and_the_score() -> None:
    below = await under_continue(Rules(target=7, games_to_win=2))
    # The player's points first: the computer's vole is 0-2.
    assert below.startswith("against Expert, game 1: 0-2 · games won 0-0 Game to 7"), below


@pytest.mark.parametrize(
    ("settings", "shown"),
    [
        ("easy", "against Easy,"),
        ("cmd:python3 other_bot.py", "against Normal,"),
        ("cmd:python3 bot.py", "against bot"),
    ],
)
async def test_continue_names_who_will_play_a_match_saved_against_a_bot(settings: str, shown: str) -> None:
    """A bot the settings do not name is not started again (a log may come
    from anywhere): a level plays in its place, and Continue names that
    level, not the bot."""
    below = await under_continue(Rules(), opponent="cmd:python3 bot.py", settings=settings)
    assert below.startswith(shown), below


async def test_continue_names_the_bot_the_player_named_on_this_runs_command_line() -> None:
    # ecarte play --opponent cmd:python3 bot.py, then Esc to the title: Continue plays it again.
    below = await under_continue(
        Rules(), opponent="cmd:python3 bot.py", settings="easy", trusted_bot="cmd:python3 bot.py"
    )
    assert below.startswith("against bot"), below
    (paths.matches_dir() / "20261128-201500.ecarte.jsonl").unlink()
    below = await under_continue(
        Rules(), opponent="cmd:python3 bot.py", settings="easy", trusted_bot="cmd:python3 other.py"
    )
    assert below.startswith("against Easy,"), below


async def test_after_a_game_is_won_continue_tells_the_next_game_at_0_0() -> None:
    below = await under_continue(Rules(target=2, games_to_win=2))  # the vole wins the first game
    assert below.startswith("against Expert, game 2: 0-0 · games won 0-1"), below


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_title_box_with_every_rule_under_continue_fits_80x24(
    language: str, known_events: tuple[str, ...]
) -> None:
    """Every rule changed, in every language, with the longest name: the
    title's box stays on screen above the footer, its frame and the summary
    below the menu whole, and the games won are not split over two lines."""
    assert i18n.activate(language) == language
    unfinished_log(EVERY_VARIANT, known_events[0])
    app = EcarteApp(Settings(opponent="random", player_name="Wolfgang-Amadeus-Mozarts"))
    async with app.run_test(size=SMALLEST) as pilot:
        menu = app.screen.query_one("#title-menu", OptionList)
        await until(pilot, lambda: "continue" in menu_ids(menu))

        def box_fits() -> bool:
            """The box above the footer, and the menu whole inside it."""
            box = app.screen.query_one("#title-box").region
            footer = app.screen.query_one(KeyFooter).region
            whole = menu.virtual_size.height <= menu.content_size.height
            return box.y >= 0 and box.bottom <= footer.y and whole

        # Made compact a frame or two after Continue appears (on a loaded
        # machine, more than one pause): the box must come to fit.
        await until(pilot, box_fits)
        won = _("games won {won}").format(won="0-0")
        below = str(menu.get_option("continue").prompt).splitlines()[1:]
        assert any(won in line for line in below), below
