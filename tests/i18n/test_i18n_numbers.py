"""Numbers as each language writes them: English "52.5" and "5,000"; the
other languages shipped write the decimals after a comma ("52,5") and so
set thousands apart with a space. What a program reads keeps the English
figure."""

from __future__ import annotations

import pytest

from ecarte import i18n
from ecarte.i18n import N_, Deferred, Grouped, decimal_text, trimmed

DECIMAL_MARKS = {"en": ".", "fr": ",", "de": ",", "sv": ",", "nb": ",", "fi": ",", "nl": ","}
"""The decimal mark of each language (what its readers write), known
apart from the catalogs."""


def test_every_language_shipped_has_its_decimal_mark_here() -> None:
    assert set(DECIMAL_MARKS) == set(i18n.LANGUAGES)


@pytest.mark.parametrize("language", sorted(DECIMAL_MARKS))
def test_decimals_are_written_with_the_languages_mark(language: str) -> None:
    i18n.activate(language)
    mark = DECIMAL_MARKS[language]
    assert i18n.decimal_mark() == mark
    assert decimal_text(52.46) == f"52{mark}5"
    assert decimal_text(0.375, 3) == f"0{mark}375"
    assert decimal_text(7.25, 1, 5) == f"  7{mark}2"  # the width on the left, as a column wants it
    separator = i18n.thousands_separator()
    # Where the comma is the decimal mark it cannot also set thousands apart.
    assert (separator == ",") == (mark == ".")
    assert f"{Grouped(12345.67):,.1f}" == f"12{separator}345{mark}7"
    assert f"{Grouped(4000):,}" == f"4{separator}000"


def test_a_message_kept_in_english_keeps_the_point_and_the_players_has_the_comma() -> None:
    """A bot's timeout as the ``.forfeit`` file and ``--json`` keep it, and
    as the table says it in French."""
    i18n.activate("fr")
    fault = Deferred(
        N_("no answer within {seconds} s to a decide in the {phase} phase"),
        seconds=trimmed(2.5),
        phase="tricks",
    )
    assert str(fault) == "no answer within 2.5 s to a decide in the tricks phase"
    said = fault.translated()
    assert "2,5 s" in said and "2.5" not in said and said != str(fault)


def test_a_whole_number_is_written_without_decimals() -> None:
    i18n.activate("de")
    assert Deferred(N_("{count} MB"), count=trimmed(10.0)).translated() == "10 MB"
    assert Deferred(N_("{count} MB"), count=trimmed(10.5)).translated() == "10,5 MB"
    assert str(Deferred(N_("{count} MB"), count=trimmed(10.0))) == "10 MB"
