"""Which language the app speaks: ``--lang``, else the settings' language,
else the environment in gettext's order, else English; a language the app
lacks is English, without an error. Tested with throwaway catalogs, so that
what is checked is the choice, not the translators' words."""

from __future__ import annotations

from pathlib import Path

import pytest
from catalog_support import write_catalog

from ecarte import cli, i18n
from ecarte.i18n import _, choose_language, language_from_environment, ngettext, normalize
from ecarte.play.language import saved_language
from ecarte.play.settings import Settings, load_settings, save_settings


@pytest.mark.parametrize(
    ("code", "language"),
    [
        ("sv_SE.UTF-8", "sv"),
        ("sv", "sv"),
        ("nb_NO", "nb"),
        ("nb_NO.UTF-8", "nb"),
        ("no", "nb"),
        ("no_NO.UTF-8", "nb"),
        ("de_AT.UTF-8", "de"),
        ("fr_CA", "fr"),
        ("fi_FI@euro", "fi"),
        ("nl-BE", "nl"),
        ("en_GB.UTF-8", "en"),
        ("xx_YY", None),
        ("", None),
    ],
)
def test_locale_names_give_the_apps_languages(code: str, language: str | None) -> None:
    assert normalize(code) == language


def test_the_first_variable_set_decides_in_gettexts_order() -> None:
    assert language_from_environment({"LANG": "sv_SE.UTF-8"}) == "sv"
    assert language_from_environment({"LC_MESSAGES": "de_DE.UTF-8", "LANG": "sv_SE.UTF-8"}) == "de"
    assert language_from_environment({"LC_ALL": "fi_FI.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "sv"}) == "fi"
    assert language_from_environment({"LANGUAGE": "nl", "LC_ALL": "fi_FI.UTF-8"}) == "nl"
    # LANGUAGE may list several: the first the app has.
    assert language_from_environment({"LANGUAGE": "xx:nb:sv", "LANG": "de_DE"}) == "nb"
    # C and POSIX ask for no language: English.
    assert language_from_environment({"LC_ALL": "C", "LANG": "sv_SE.UTF-8"}) is None
    assert language_from_environment({"LANG": "C.UTF-8"}) is None
    assert language_from_environment({}) is None


def test_command_line_over_settings_over_environment() -> None:
    swedish = {"LANG": "sv_SE.UTF-8"}
    assert choose_language(None, None, swedish) == "sv"
    assert choose_language(None, "auto", swedish) == "sv"
    assert choose_language(None, "de", swedish) == "de"
    assert choose_language("fi", "de", swedish) == "fi"
    assert choose_language(None, None, {}) == "en"


def test_a_language_the_app_lacks_is_english_without_an_error() -> None:
    assert choose_language("xx", "de", {"LANG": "sv"}) == "en"
    assert i18n.activate("klingon") == "en"
    assert _("New match") == "New match"


def swedish_catalog(folder: Path) -> Path:
    return write_catalog(
        folder,
        "sv",
        {
            "New match": "Ny match",
            ("{count} point", "{count} points"): ("{count} poäng", "{count} poäng"),
            ("{count} exchange", "{count} exchanges"): ("{count} byte", "{count} byten"),
        },
    )


def test_an_active_catalog_translates_and_counts(tmp_path: Path) -> None:
    assert i18n.activate("sv", swedish_catalog(tmp_path)) == "sv"
    assert i18n.current_language() == "sv"
    assert _("New match") == "Ny match"
    assert ngettext("{count} exchange", "{count} exchanges", 1) == "{count} byte"
    assert ngettext("{count} exchange", "{count} exchanges", 3) == "{count} byten"
    # A string the catalog lacks stays in English rather than vanishing.
    assert _("Quit") == "Quit"
    i18n.activate("en")
    assert _("New match") == "New match"


def test_french_counts_zero_as_one(tmp_path: Path) -> None:
    write_catalog(tmp_path, "fr", {("{count} point", "{count} points"): ("{count} point", "{count} points")})
    i18n.activate("fr", tmp_path)
    assert ngettext("{count} point", "{count} points", 0) == "{count} point"
    assert ngettext("{count} point", "{count} points", 2) == "{count} points"


def test_the_cli_takes_lang_before_or_after_the_command() -> None:
    parser = cli.build_parser()
    assert parser.parse_args(["--lang", "sv", "check", "x.jsonl"]).lang == "sv"
    assert parser.parse_args(["check", "--lang", "de", "x.jsonl"]).lang == "de"
    assert parser.parse_args(["stats", "--lang=fi"]).lang == "fi"
    assert parser.parse_args(["play"]).lang is None


def test_the_cli_chooses_lang_then_the_settings_then_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path))
    for language in ("sv", "de", "fi"):
        write_catalog(tmp_path, language, {"New match": f"New match ({language})"})
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    cli.choose_language(["stats"])
    assert i18n.current_language() == "sv"
    save_settings(Settings(language="de"))
    cli.choose_language(["stats"])
    assert i18n.current_language() == "de"
    cli.choose_language(["--lang", "fi", "stats"])
    assert i18n.current_language() == "fi"
    cli.choose_language(["stats", "--lang=fi"])
    assert _("New match") == "New match (fi)"


def test_what_programs_read_stays_in_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(swedish_catalog(tmp_path)))
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    for argv in (
        ["check", "--json", "x.jsonl"],
        ["--lang", "sv", "analyse", "x", "--json"],
        ["bot", "expert"],
    ):
        cli.choose_language(argv)
        assert i18n.current_language() == "en", argv
    cli.choose_language(["check", "x.jsonl"])
    assert i18n.current_language() == "sv"


def test_the_language_setting_is_checked_and_saved(tmp_path: Path) -> None:
    save_settings(Settings(language="nb"))
    settings, warning = load_settings()
    assert (settings.language, warning) == ("nb", None)
    assert saved_language() == "nb"
    path = tmp_path / "config" / "settings.toml"
    path.write_text('language = "klingon"\n', encoding="utf-8")
    settings, warning = load_settings()
    assert settings.language == "auto"
    assert warning is not None and "language must be one of auto, en, fr, sv, nb, de, fi, nl" in warning
    assert '"klingon"' in warning
    assert saved_language() is None
