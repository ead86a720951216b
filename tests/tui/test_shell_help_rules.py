"""The help screen (keys of the screen below, the rule of the phase) and the
rules screen (docs/rules.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import pytest
from game_support import GameApp, deck, scripted_session, settle
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from ecarte import i18n
from ecarte.tui import rules_screen
from ecarte.tui.app import EcarteApp
from ecarte.tui.help_screen import PHASE_RULES, PHASE_TITLES, HelpScreen
from ecarte.tui.rules_screen import MISSING_RULES, RulesScreen, rules_text
from ecarte.tui.title_screen import TitleScreen

SIZE = (100, 40)
DEAL = "KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS"
"""The computer deals; the human, elder, may propose."""


def text_of(app: EcarteApp, widget_id: str, plain: Callable[..., str]) -> str:
    return " ".join(plain(app.screen.query_one(f"#{widget_id}", Static).content).split())


async def test_help_lists_the_keys_of_the_screen_below(plain: Callable[..., str]) -> None:
    app = EcarteApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        keys = text_of(app, "help-keys", plain)
        for expected in ("n New match", "p Replay", "s Settings", "r, F2 Rules", "q, Ctrl+Q Quit"):
            assert expected in keys
        # Textual's own keys (focus cycling) are not the player's concern.
        assert "Focus Next" not in keys
        # Away from a match: the game in brief, no card-table keys.
        assert "The game in brief" in text_of(app, "help-rule", plain)
        assert not app.screen.query("#help-table-keys")
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


@pytest.mark.parametrize("phase", ["exchange", "answer", "discard", "tricks", "deal", "over"])
async def test_help_reminds_the_rule_of_each_phase(phase: str, plain: Callable[..., str]) -> None:
    app = EcarteApp(first_screen=lambda: HelpScreen(phase))
    async with app.run_test(size=SIZE):
        rule = text_of(app, "help-rule", plain)
        title, text = PHASE_RULES[phase]
        assert rule == f"Rule of the moment: {title} {' '.join(text.split())}"
        assert app.screen.query("#help-table-keys")


def test_phase_reminders_state_the_rules() -> None:
    # The reminders are the rules of docs/rules.md, in short.
    assert "liable" in PHASE_RULES["exchange"][1] and "2 points" in PHASE_RULES["exchange"][1]
    assert "first proposal" in PHASE_RULES["answer"][1]
    assert "1 to 5" in PHASE_RULES["discard"][1] and "0 to 5" in PHASE_RULES["discard"][1]
    tricks = PHASE_RULES["tricks"][1]
    for rule in ("Follow suit", "beat the card led", "trump", "announced"):
        assert rule in tricks


def test_rules_text_reads_docs_rules_md() -> None:
    text = rules_text()
    assert text is not None
    repo_copy = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    if repo_copy.exists():
        assert text == repo_copy.read_text(encoding="utf-8")


def test_rules_text_is_none_when_the_shipped_copy_is_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(rules_screen.resources, "files", lambda package: tmp_path)
    assert rules_text() is None


async def test_rules_screen_shows_the_rules_or_says_they_are_missing(
    monkeypatch: pytest.MonkeyPatch, plain: Callable[..., str]
) -> None:
    app = EcarteApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        shown = plain(app.screen.query_one("#rules-text", Static).content)
        text = rules_text()
        assert text is not None
        # Every heading without inline markup, as the reader sees it.
        headings = [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]
        plain_headings = [heading for heading in headings if not set(heading) & set("*`_[")]
        assert plain_headings
        for heading in plain_headings:
            assert heading in shown
    monkeypatch.setattr(rules_screen, "rules_text", lambda: None)
    app = EcarteApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        shown = plain(app.screen.query_one("#rules-text", Static).content)
        assert MISSING_RULES.splitlines()[0].lstrip("# ") in shown


class CardTable(Screen[None]):
    """A screen with keys like the game's: one shown for five hidden ones."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "card(0)", "Card", key_display="1-5"),
        Binding("2", "card(1)", "Card 2", show=False),
        Binding("k", "king", "Announce king"),
        Binding("x", "secret", "Hidden but declared", show=False),
        Binding("z", "off", "Not allowed now"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "off"

    def action_card(self, index: int) -> None: ...
    def action_king(self) -> None: ...
    def action_secret(self) -> None: ...
    def action_off(self) -> None: ...


async def test_help_lists_each_key_of_the_moment_once(plain: Callable[..., str]) -> None:
    app = EcarteApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(CardTable())
        await pilot.pause()
        app.push_screen(HelpScreen(table_keys=False))
        await pilot.pause()
        keys = text_of(app, "help-keys", plain)
        assert "1-5 Card" in keys and "Card 2" not in keys
        assert "k Announce king" in keys
        assert "x Hidden but declared" in keys
        assert "Not allowed now" not in keys


def shown_rows(screen: HelpScreen, widget_id: str) -> list[str]:
    """The rows of a part of the help as drawn, at the width it has."""
    widget = screen.query_one(f"#{widget_id}", Static)
    return [strip.text.rstrip() for strip in widget.render_lines(widget.region.reset_offset)]


def description_columns(rows: list[str], headings: set[str]) -> tuple[set[int], set[int]]:
    """Where the descriptions start on the rows with keys, and where the
    rows that go on from them (a description wrapped) start: every row but
    the headings and the blank ones is one or the other."""
    keyed, continued = set(), set()
    for row in rows:
        if not row.strip() or row.strip() in headings:
            continue
        assert row.startswith("  "), f"not under its description: {row!r}"
        if row[2] != " ":
            after_keys = row.index("  ", 2)
            keyed.add(after_keys + len(row[after_keys:]) - len(row[after_keys:].lstrip()))
        else:
            continued.add(len(row) - len(row.lstrip()))
    return keyed, continued


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_table_help_lists_the_keys_phase_by_phase_in_two_columns(
    language: str, tmp_path: Path
) -> None:
    """Opened in the discard: the keys of each phase in the order of a deal
    (the exchange's first, not the king's), the discard marked as the phase
    of the moment, and a description too long for its line goes on under
    itself, at 80x24 in every language."""
    assert i18n.activate(language) == language
    session, __ = scripted_session(tmp_path, [deck(DEAL)], ["accept"], first_dealer=1)
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")  # the computer accepts: the human discards
        await settle(pilot)
        assert session.match.phase == "discard"
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        table, others = shown_rows(screen, "help-table-keys"), shown_rows(screen, "help-keys")
        words = " ".join(" ".join(table).split())
        titles = [i18n._(PHASE_TITLES[phase]) for phase in ("exchange", "answer", "discard", "tricks")]
        titles[2] = i18n._("{phase} (now)").format(phase=titles[2])
        keys = [
            f"e {i18n._('propose an exchange of cards')}",
            f"a {i18n._('accept the proposal: both may discard and draw')}",
            f"{i18n._('Enter')} {i18n._('confirm the discard')}",
            f"1-5 {i18n._('play that card')}",
        ]
        order = [titles[0], keys[0], titles[1], keys[1], titles[2], keys[2], titles[3], keys[3]]
        places = [words.find(" ".join(part.split())) for part in order]
        assert -1 not in places and places == sorted(places), (language, places)
        # What the card table's keys do is said once, by phase: not among the others.
        other_words = " ".join(" ".join(others).split())
        assert i18n._("Announce king") not in other_words
        assert f"{i18n._('Hint')}" in other_words and "Ctrl+Q" in other_words
        # One column of descriptions for both lists, and every wrapped line under it.
        headings = {*titles, i18n._("At the card table"), i18n._("Other keys")}
        keyed, continued = description_columns(table + others, headings)
        assert len(keyed) == 1 and continued <= keyed, (language, keyed, continued, table + others)
        if language == "en":
            assert continued, "a description wraps at 80 columns"
    session.close()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_keys_of_the_tricks_are_in_sight_when_the_help_opens_in_them(language: str) -> None:
    """The tricks' keys come last: the help opens scrolled to them, whole."""
    assert i18n.activate(language) == language
    app = EcarteApp(first_screen=lambda: HelpScreen("tricks"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        seen = " ".join(" ".join(strip.text.split()) for strip in app.screen._compositor.render_strips())
        title = i18n._("{phase} (now)").format(phase=i18n._(PHASE_TITLES["tricks"]))
        for words in (title, i18n._("play that card"), i18n._("play the card under the cursor")):
            assert " ".join(words.split()) in seen, (language, words)


async def test_the_lessons_help_keeps_its_enter_and_offers_no_coach(plain: Callable[..., str]) -> None:
    """In the lesson Enter also goes on to the next step: the help says so
    (the table's own Enter rows say only what it does at the table); and h
    there only says that the lesson has no coach, so no Hint is offered."""
    from ecarte.tui.lesson_screen import LessonScreen

    app = EcarteApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        others = text_of(app, "help-keys", plain)
        assert "Go on / play" in others
        assert "Hint" not in others


async def test_the_help_at_the_end_of_a_match_lists_its_choices_in_the_buttons_order(
    tmp_path: Path, plain: Callable[..., str]
) -> None:
    """Back at the table after the match: Rematch before Analyse, as the
    match-over window's buttons and footer have them (the table's "a"
    accepts a proposal earlier in its list of keys)."""
    from game_support import until

    from ecarte.engine.rules import Rules
    from ecarte.tui.deal_summary import DealSummaryScreen, MatchOverScreen
    from ecarte.tui.game_screen import GameScreen

    # A one-point match; the human holds the king of trumps and announces it.
    session, __ = scripted_session(tmp_path, [deck(DEAL)], ["accept"], rules=Rules(target=1))
    app = GameApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        await pilot.press("enter")  # look at the table
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = text_of(app, "help-keys", plain)
        assert "n Rematch" in keys and "a Analyse" in keys, keys
        assert keys.index("n Rematch") < keys.index("a Analyse"), keys
    session.close()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_rules_page_names_each_variant_as_the_settings_screen_does(language: str) -> None:
    """A player who reads "Must trump" on the Settings screen finds the
    variant under that name on the Rules page (F2), in every language; the
    settings file's key follows it, for those who edit the file."""
    from ecarte.tui.settings_screen import RULE_ROWS

    i18n.activate(language)
    text = rules_text(language)
    assert text is not None
    headings = [line for line in text.splitlines() if line.startswith("### ")]
    table = [line for line in text.splitlines() if line.startswith("| ")]
    for key, label, __ in RULE_ROWS:
        named = f"{i18n._(label)} (`{key}`)"
        assert any(line.startswith(f"### {named}") for line in headings), (language, named)
        assert any(line.startswith(f"| {named} |") for line in table), (language, named)


@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_arrows_go_from_section_to_section_of_the_rules(language: str) -> None:
    """→ brings each section of the guide in turn to the top of the page (as
    far as the page scrolls), ← goes back one, and back to the top before
    the first: a player looking for the variants does not page through all
    the rules."""
    i18n.activate(language)
    text = rules_text(language)
    assert text is not None
    sections = [
        line[3:].replace("`", "").replace("*", "") for line in text.splitlines() if line.startswith("## ")
    ]
    assert len(sections) >= 10
    app = EcarteApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)

        def rows() -> list[str]:
            # Each row as read, without the scroll bar at its right.
            return [
                strip.text.rstrip(" ▁▂▃▄▅▆▇█▉▊▋▌▍▎▏").strip()
                for strip in app.screen._compositor.render_strips()
            ]

        top_of_page = rows()[0]
        for number, section in enumerate(sections):
            await pilot.press("right")
            await pilot.pause()
            shown = rows()
            assert any(row and section.startswith(row) for row in shown[:-2]), (language, section)
            if number < 3:
                assert section.startswith(shown[0]), (language, section, shown[0])
        await pilot.press("home")
        await pilot.press("right", "right")
        await pilot.pause()
        assert sections[1].startswith(rows()[0])
        await pilot.press("left")
        await pilot.pause()
        assert sections[0].startswith(rows()[0])
        await pilot.press("left")
        await pilot.pause()
        assert rows()[0] == top_of_page


async def test_the_rules_page_writes_the_cards_in_the_letters_style_when_chosen(
    plain: Callable[..., str],
) -> None:
    """A player who chose letters because the terminal lacks the suit
    symbols reads the guide's examples in letters too ("Q♠ is led" as "QS
    is led"), in English and in French (whose letters are its own), but for
    the paragraph that shows both ways of writing a card."""
    from ecarte.play.settings import Settings

    for language, symbols, letters in (
        ("en", "Q♠ is led", "QS is led"),
        ("fr", "On entame la D♠", "On entame la DP"),
    ):
        text = rules_text(language)
        assert text is not None and symbols in text.replace("`", ""), language
        i18n.activate(language)
        app = EcarteApp(Settings(card_style="letters", language=language))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            shown = plain(app.screen.query_one("#rules-text", Static).content)
            assert letters in shown and symbols not in shown, language
            # Only the paragraph that shows both ways of writing a card keeps
            # the symbols (in letters it would read "symbol: KS … letter: KS").
            with_symbols = [line for line in shown.splitlines() if set(line) & set("♠♥♦♣")]
            assert 1 <= len(with_symbols) <= 3, (language, with_symbols)
