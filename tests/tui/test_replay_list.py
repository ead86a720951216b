"""The list of saved matches: date, players, result or "in progress" with the score."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from game_support import INSTANT, play_at_random
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from ecarte import i18n
from ecarte.engine import Rules
from ecarte.i18n import _, pgettext
from ecarte.play import paths
from ecarte.play.session import MatchSession
from ecarte.tui.app import EcarteApp
from ecarte.tui.replay_screen import ReplayListScreen, ReplayViewerScreen, saved_logs, summarize_log

# Klara deals and turns up the K♣: the king's point reaches the target of 1,
# so she wins the game, and the match, at once.
KING_DECK = "KS QS JS 7H 8H 9H AS TS 7D 8D KC KH QH JH AH TH KD QD JD AD TD 9D 9C QC JC AC TC 8C 7C 9S 8S 7S"


def write_finished(path: Path, players: tuple[str, str] = ("Klara", "Leo")) -> Path:
    header = {"format": "ecarte-log", "version": 1, "players": list(players), "first_dealer": 0}
    header["rules"] = {"target": 1}
    header["created"] = "2026-11-27T09:00:00"
    deal = {"type": "deal", "dealer": 0, "deck": KING_DECK}
    path.write_text(json.dumps(header) + "\n" + json.dumps(deal) + "\n")
    return path


async def opened_list(pilot: Pilot[None]) -> DataTable[Text]:
    """The saved matches' table, opened from the title screen and filled."""
    await pilot.press("p")
    assert isinstance(pilot.app.screen, ReplayListScreen)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return pilot.app.screen.query_one(DataTable)


def test_summaries_say_result_players_and_date(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    folder = paths.matches_dir()
    write_log(folder / "a.ecarte.jsonl", known_events[:4])
    write_finished(folder / "b.ecarte.jsonl")
    write_log(folder / "c.ecarte.jsonl", [*known_events[:3], '{"type": "card"}'])
    (folder / "notes.txt").write_text("not a log")
    summaries = {summary.path.name: summary for summary in saved_logs()}
    assert set(summaries) == {"a.ecarte.jsonl", "b.ecarte.jsonl", "c.ecarte.jsonl"}
    # Mid-deal, nothing scored yet.
    assert summaries["a.ecarte.jsonl"].result == "in progress, 0-0"
    assert summaries["a.ecarte.jsonl"].players == "Klara vs Leo (Normal)"
    assert summaries["a.ecarte.jsonl"].date == "2026-11-28 20:15"
    assert summaries["b.ecarte.jsonl"].result == "Klara won 1-0"
    assert summaries["c.ecarte.jsonl"].result == "invalid log (line 5)"
    write_log(folder / "d.ecarte.jsonl", [], players=("[red]x[/]", "\x1b[2JLeo"))
    assert summarize_log(folder / "d.ecarte.jsonl").players == "[red]x[/] vs \\x1b[2JLeo (Normal)"
    # Newest first, by the date the match began.
    assert [summary.path.name for summary in saved_logs()][-1] == "b.ecarte.jsonl"


def test_no_directory_yet_is_an_empty_list() -> None:
    assert saved_logs() == []


async def test_the_list_opens_the_viewer(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    write_log(paths.matches_dir() / "a.ecarte.jsonl", known_events)
    app = EcarteApp()
    async with app.run_test(size=(100, 30)) as pilot:
        table = await opened_list(pilot)
        assert table.row_count == 1
        row = [str(cell) for cell in table.get_row_at(0)]
        # One deal of a game to 5 (Leo took 2 points): not decided yet.
        assert row[:3] == ["2026-11-28 20:15", "Klara vs Leo (Normal)", "in progress, 0-2"]
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayViewerScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayListScreen)
        await pilot.press("escape")
        assert type(app.screen).__name__ == "TitleScreen"


async def test_empty_list_says_where_matches_go() -> None:
    app = EcarteApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p")
        await app.workers.wait_for_complete()
        await pilot.pause()
        message = app.screen.query_one("#replay-list-empty")
        assert "No saved matches yet" in str(message.content)  # type: ignore[attr-defined]
        await pilot.press("enter")  # nothing to open: no crash, same screen
        assert isinstance(app.screen, ReplayListScreen)


@pytest.mark.parametrize("kind", ["a regular file", "a FIFO (named pipe)"])
async def test_a_matches_folder_that_is_not_one_is_named_as_a_new_match_names_it(kind: str) -> None:
    """Not "no saved matches yet": what the path is, in a new match's words."""
    from game_support import matches_folder_that_is_not_one

    reason = matches_folder_that_is_not_one(kind)
    app = EcarteApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await app.workers.wait_for_complete()
        await pilot.pause()
        message = app.screen.query_one("#replay-list-empty", Static)
        assert " ".join(str(message.content).split()) == f"No saved matches can be listed: {reason}."


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_list_names_the_level_in_words_and_fits_80_columns(
    language: str, write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    assert i18n.activate(language) == language
    # As the app names the seats: "You" is the player's own word for it.
    write_log(paths.matches_dir() / "a.ecarte.jsonl", known_events, players=("You", "Computer"))
    write_finished(paths.matches_dir() / "b.ecarte.jsonl")
    app = EcarteApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await opened_list(pilot)
        assert table.virtual_size.width <= table.scrollable_content_region.width, language
        players = str(table.get_row_at(0)[1])
        # The level as the title screen names it, in the player's language.
        assert players.endswith(f"({pgettext('level', 'Normal')})"), players


def random_match_the_computer_wins(opponent: str, rules: Rules | None = None) -> MatchSession:
    """A match of the app's (You against the computer at ``opponent``)
    played to its end at random, the first the computer wins; its log is
    in the matches folder."""
    for seed in range(50):
        session = MatchSession.new(INSTANT, opponent=opponent, seed=seed, rules=rules or Rules())
        play_at_random(session, random.Random(seed))
        session.close()
        if session.match.winner == 1:
            return session
        session.log_path.unlink()
    raise AssertionError("no match won by the computer in 50 seeds")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_apps_own_matches_take_a_line_each_at_80_columns(language: str) -> None:
    """Every row took two lines at 80 columns ("You vs Computer" over
    "(Expert)"), half the list out of sight: the file is now named under
    the table, for the row under the cursor, whole."""
    assert i18n.activate(language) == language
    # The longest rows of a match to 5 points: the Expert's name, the winner.
    won = random_match_the_computer_wins("expert")
    begun = MatchSession.new(INSTANT, opponent="expert", seed=1)
    play_at_random(begun, random.Random(1), decisions=3)
    begun.close()
    app = EcarteApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await opened_list(pilot)
        assert table.row_count == 2
        assert table.virtual_size.width <= table.scrollable_content_region.width, language
        assert all(row.height == 1 for row in table.ordered_rows), [table.get_row_at(i) for i in range(2)]
        line = app.screen.query_one("#replay-list-file", Static)
        # Three decisions of the first deal: nothing scored yet.
        assert begun.match.score == [0, 0]
        assert str(table.get_row_at(0)[2]) == _("in progress, {score}").format(score="0-0")
        assert str(begun.log_path) in " ".join(str(line.content).split())
        await pilot.press("down")
        assert str(won.log_path) in " ".join(str(line.content).split())


# As ecarte simulate names a program it ran: its whole command line.
LONG_BOT = "cmd:/usr/bin/python3 /home/someone/a_rather_long_directory_name/for_my_bots/version_two/bot.py"


async def test_a_program_named_by_its_whole_command_line_still_fits_80_columns() -> None:
    paths.matches_dir().mkdir(parents=True)
    write_finished(paths.matches_dir() / "sim-0001.ecarte.jsonl", players=(LONG_BOT, "random"))
    app = EcarteApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await opened_list(pilot)
        # No column pushed off the edge by the one long word, and the
        # result names the winner cut short.
        assert table.virtual_size.width <= table.scrollable_content_region.width
        result = str(table.get_row_at(0)[2])
        assert result.startswith("cmd:/usr/bin/") and "…" in result and result.endswith("won 1-0"), result


def test_a_folder_or_fifo_named_like_a_log_is_listed_as_what_it_is(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    """A play-tester replaced a log by a folder, then by a FIFO: the list
    left it out without a word, while the statistics named it. It is a row
    saying what it is; nothing opens the FIFO (the listing never blocks)."""
    import os

    folder = paths.matches_dir()
    write_log(folder / "a.ecarte.jsonl", known_events[:4])
    (folder / "b.ecarte.jsonl").mkdir()
    os.mkfifo(folder / "c.ecarte.jsonl")
    summaries = {summary.path.name: summary for summary in saved_logs()}
    assert set(summaries) == {"a.ecarte.jsonl", "b.ecarte.jsonl", "c.ecarte.jsonl"}
    assert summaries["a.ecarte.jsonl"].result == "in progress, 0-0"
    assert summaries["b.ecarte.jsonl"].result == "unreadable: not a regular file but a directory"
    assert summaries["c.ecarte.jsonl"].result == "unreadable: not a regular file but a FIFO (named pipe)"
    assert not summaries["c.ecarte.jsonl"].resumable


async def test_the_list_is_read_again_when_shown_again_and_keeps_its_row(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    """Back from a replay (or a match), the list showed what it read when it
    opened: a match finished or a log replaced meanwhile kept its old row."""
    folder = paths.matches_dir()
    changing = write_log(folder / "b.ecarte.jsonl", known_events[:4])
    write_finished(folder / "a.ecarte.jsonl")
    app = EcarteApp()
    async with app.run_test(size=(100, 30)) as pilot:
        table = await opened_list(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayListScreen)
        stems = [summary.path.name.removesuffix(".ecarte.jsonl") for summary in screen.summaries]
        results = {stem: str(table.get_row_at(i)[2]) for i, stem in enumerate(stems)}
        assert results == {"a": "Klara won 1-0", "b": "in progress, 0-0"}
        row = stems.index("b")
        table.move_cursor(row=row)
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayViewerScreen)
        write_finished(changing, players=("Anna", "Leo"))  # another window finished it, say
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayListScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert ["Anna vs Leo", "Anna won 1-0"] in [row[1:] for row in rows], rows
        assert rows[table.cursor_row][1:] == ["Anna vs Leo", "Anna won 1-0"]
        assert screen.summaries[table.cursor_row].path == changing


def test_matches_begun_in_the_same_second_are_listed_newest_first() -> None:
    """Four windows started a match in the same second: the logs are
    named …-174354, then -1, -2, -3 (the next free name); the list showed
    them in the order the files were last written."""
    folder = paths.matches_dir()
    names = ["20261207-174354", "20261207-174354-1", "20261207-174354-2", "20261207-174354-3"]
    folder.mkdir(parents=True)
    for index, stem in enumerate(names):
        path = write_finished(folder / f"{stem}.ecarte.jsonl")
        os.utime(path, (1_000_000 - index, 1_000_000 - index))  # the first written last
    listed = [summary.path.name.removesuffix(".ecarte.jsonl") for summary in saved_logs()]
    assert listed == names[::-1]


@pytest.mark.parametrize("opponent", ["z" * 100_000, "cmd:" + "z" * 100_000])
def test_an_opponent_of_any_length_in_a_log_is_named_on_one_line(
    opponent: str, write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    """A tester's log named an opponent of 100,000 letters: its row in the
    saved matches filled screen after screen. The name is cut, ending in "…"."""
    path = write_log(paths.matches_dir() / "a.ecarte.jsonl", known_events[:4], opponent=opponent)
    players = summarize_log(path).players
    assert players.startswith("Klara vs Leo (") and players.endswith("…)"), players[:100]
    assert len(players) <= 100, len(players)


def test_unfinished_matches_begun_the_same_minute_are_told_apart_by_their_score(
    write_log: Callable[..., Path], known_events: tuple[str, ...]
) -> None:
    """A play-tester left two matches unfinished in the same minute: both
    rows read "in progress", and only the file line under the table told
    them apart. The score so far is in the row."""
    folder = paths.matches_dir()
    write_log(folder / "a.ecarte.jsonl", known_events[:4])
    write_log(folder / "b.ecarte.jsonl", known_events)
    summaries = {summary.path.name: summary for summary in saved_logs()}
    assert summaries["a.ecarte.jsonl"].date == summaries["b.ecarte.jsonl"].date
    # Leo's vole scored 2 in b; nothing is scored yet in a.
    assert summaries["a.ecarte.jsonl"].result == "in progress, 0-0"
    assert summaries["b.ecarte.jsonl"].result == "in progress, 0-2"


def test_a_match_of_several_games_in_progress_shows_the_games_won(tmp_path: Path) -> None:
    # Klara turns up the king and wins the first game to 1 point at once;
    # the match is to two games, so the second (not dealt yet) is at 0-0.
    log = write_finished(tmp_path / "m.ecarte.jsonl")
    header, deal = log.read_text().splitlines()
    rules = json.loads(header)
    rules["rules"] = {"target": 1, "games_to_win": 2}
    log.write_text(json.dumps(rules) + "\n" + deal + "\n")
    assert summarize_log(log).result == "in progress, games 1-0, 0-0"
    assert summarize_log(log).resumable


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_matches_of_several_games_take_a_line_each_at_80_columns(language: str) -> None:
    """The French "… 2-0 en parties" took two lines at 80 columns; the
    results of a match of two games, won or in progress, take one in every
    language."""
    assert i18n.activate(language) == language
    two_games = Rules(games_to_win=2)
    random_match_the_computer_wins("expert", two_games)
    begun = MatchSession.new(INSTANT, opponent="expert", seed=3, rules=two_games)
    play_at_random(begun, random.Random(3), decisions=40)
    begun.close()
    app = EcarteApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await opened_list(pilot)
        assert table.row_count == 2
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(2)]
        assert all(row.height == 1 for row in table.ordered_rows), rows
        assert table.virtual_size.width <= table.scrollable_content_region.width, rows
