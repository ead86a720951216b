"""The app in another language: the card letters of each language behind
the card style, the rules guide in the chosen language, the title greeting
a Swedish environment, and a change of language in the Settings. Throwaway
catalogs: what is checked is that the words come from the catalog."""

from __future__ import annotations

from pathlib import Path

import pytest
from catalog_support import write_catalog
from game_support import RecordingApp, until
from textual.widgets import OptionList, Static

from ecarte import cli, i18n
from ecarte.engine.cards import (
    RANK_LABELS,
    card_code,
    card_label,
    make_card,
    parse_card,
    rank_label,
    suit_name,
)
from ecarte.play.names import rules_in_words
from ecarte.play.settings import Settings, load_settings
from ecarte.tui import rules_screen
from ecarte.tui.app import EcarteApp
from ecarte.tui.cards_render import card_face, letters
from ecarte.tui.narration import describe_exchange_over
from ecarte.tui.rules_screen import rules_text
from ecarte.tui.settings_screen import Choice, SettingsScreen
from ecarte.tui.title_screen import TitleScreen

SIZE = (100, 30)
GERMAN_RANKS = {
    ("rank", "K", ""): "K",
    ("rank", "Q", ""): "D",
    ("rank", "J", ""): "B",
    ("rank", "A", ""): "A",
}
FINNISH_RANKS = {
    ("rank", "K", ""): "K",
    ("rank", "Q", ""): "R",
    ("rank", "J", ""): "S",
    ("rank", "A", ""): "A",
}


def test_the_rank_letters_come_from_the_language(tmp_path: Path) -> None:
    queen_of_hearts, jack_of_clubs, ten_of_spades = parse_card("QH"), parse_card("JC"), parse_card("TS")
    assert (card_label(queen_of_hearts), card_label(jack_of_clubs, symbols=False)) == ("Q♥", "JC")
    i18n.activate("de", write_catalog(tmp_path, "de", {**GERMAN_RANKS, ("suit", "hearts", ""): "Herz"}))
    assert card_label(queen_of_hearts) == "D♥"
    assert card_label(jack_of_clubs, symbols=False) == "BC"
    assert card_label(ten_of_spades) == "10♠"  # the numbers stay
    assert suit_name(1) == "Herz"
    # What programs read never changes: the log's and the protocol's codes.
    assert (card_code(queen_of_hearts), card_code(jack_of_clubs)) == ("QH", "JC")
    i18n.activate("fi", write_catalog(tmp_path, "fi", FINNISH_RANKS))
    assert [rank_label(rank) for rank in range(8)] == ["7", "8", "9", "10", "A", "S", "R", "K"]
    i18n.activate("en")
    assert [rank_label(rank) for rank in range(8)] == list(RANK_LABELS)
    assert card_label(make_card(7, 0)) == "K♠"


def test_the_engines_reasons_and_the_words_of_the_rules_are_translated(tmp_path: Path) -> None:
    from ecarte.engine import IllegalActionError, Match, Rules, card_action
    from ecarte.engine.actions import PLAY_ACTION

    catalog = {
        "ace high": "ess högt",
        ("at most {count} exchange", "at most {count} exchanges"): (
            "högst {count} byte",
            "högst {count} byten",
        ),
        "{card} is not in your hand": "{card} finns inte på din hand",
        "No more exchanges.": "Inga fler byten.",
    }
    i18n.activate("sv", write_catalog(tmp_path, "sv", catalog))
    assert rules_in_words(Rules(ace_high=True, max_exchanges=2)) == "Ess högt · högst 2 byten"
    match = Match(Rules())
    match.deal(tuple(range(32)))
    match.apply(PLAY_ACTION)
    assert describe_exchange_over(match) == "Inga fler byten."
    elder = match.current_player
    assert elder is not None
    absent = next(card for card in range(32) if card not in match.hand(elder))
    with pytest.raises(IllegalActionError, match=f"^{card_label(absent)} finns inte på din hand$"):
        match.apply(card_action(absent))


def test_the_rules_guide_is_read_in_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "rules.md").write_text("# Rules\n", encoding="utf-8")
    (docs / "rules.sv.md").write_text("# Regler\n", encoding="utf-8")
    monkeypatch.setattr(rules_screen.resources, "files", lambda package: tmp_path)
    assert rules_text("sv") == "# Regler\n"
    assert rules_text("de") == "# Rules\n"  # no German guide: the English one
    assert rules_text("en") == "# Rules\n"
    i18n.activate("sv", tmp_path / "no-catalog")
    assert rules_text() == "# Regler\n"


def test_the_shipped_guides_are_the_repositorys() -> None:
    # Each translation the package ships is the docs/ page of that language.
    package_docs = Path(rules_screen.__file__).resolve().parents[1] / "docs"
    for guide in sorted(package_docs.glob("rules.*.md")):
        language = guide.name.split(".")[1]
        assert language in i18n.LANGUAGES, guide.name
        assert rules_text(language) == guide.read_text(encoding="utf-8")


def menu_entries(app: EcarteApp) -> list[str]:
    menu = app.screen.query_one("#title-menu", OptionList)
    return [str(menu.get_option_at_index(index).prompt) for index in range(menu.option_count)]


SWEDISH_TITLE = {
    "New match": "Nytt parti",
    "Learn to play": "Lär dig spela",
    "Quit": "Avsluta",
    "Settings": "Inställningar",
    "Settings saved.": "Inställningarna sparade.",
}


FRENCH_SUITS = {
    ("rank", "Q", ""): "D",
    ("suit letter", "S", ""): "P",
    ("suit letter", "H", ""): "C",
    ("suit letter", "D", ""): "K",
    ("suit letter", "C", ""): "T",
    ("suit", "spades", ""): "pique",
    ("suit", "hearts", ""): "cœur",
    ("suit", "diamonds", ""): "carreau",
    ("suit", "clubs", ""): "trèfle",
    "letters {letters}": "lettres {letters}",
}


async def test_the_suit_letters_come_from_the_language(tmp_path: Path) -> None:
    """Without suit symbols the suits are the language's letters, on the
    cards, in the messages and in the Settings' legend; never in the log."""
    i18n.activate("fr", write_catalog(tmp_path, "fr", FRENCH_SUITS))
    queen_of_clubs, ten_of_hearts = parse_card("QC"), parse_card("TH")
    assert card_label(queen_of_clubs, symbols=False) == "DT"
    assert card_label(ten_of_hearts, symbols=False) == "10C"
    assert card_label(queen_of_clubs) == "D♣"
    assert "T" in card_face(queen_of_clubs, symbols=False, large=True).plain
    assert letters("atout ♣, le 10♥") == "atout T, le 10C"
    assert card_code(queen_of_clubs) == "QC"
    app = RecordingApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        style = app.screen.query_one("#card-style", Choice)
        assert "lettres P C K T" in [str(label) for label, __ in style.options]
        shown = " ".join(str(widget.content) for widget in app.screen.query(Static))
        assert "P pique, C cœur, K carreau, T trèfle" in shown


async def test_a_swedish_environment_is_greeted_in_swedish(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(write_catalog(tmp_path, "sv", SWEDISH_TITLE)))
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    cli.choose_language([])  # as `ecarte` does before opening the app
    app = EcarteApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, TitleScreen)
        entries = menu_entries(app)
        assert entries[0] == "Nytt parti" and entries[1] == "Lär dig spela" and entries[-1] == "Avsluta"
        assert "Replay" in entries  # no translation in this catalog: the English stays


async def test_choosing_a_language_in_the_settings_opens_the_screens_anew_in_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(write_catalog(tmp_path, "sv", SWEDISH_TITLE)))
    app = RecordingApp(Settings(opponent="random"))
    async with app.run_test(size=SIZE) as pilot:
        assert menu_entries(app)[0] == "New match"
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        choice = app.screen.query_one("#language", Choice)
        assert choice.value == "auto"
        choice.value = "sv"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert menu_entries(app)[0] == "Nytt parti"
        # The footer's keys too: the key n's description.
        assert app.screen.active_bindings["n"].binding.description == "Nytt parti"
        assert "Inställningarna sparade." in app.notes
    assert load_settings()[0].language == "sv"
    assert i18n.current_language() == "sv"
