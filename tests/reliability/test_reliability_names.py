"""A player name of any length or content takes a bounded room on screen."""

from __future__ import annotations

import pytest

from ecarte.text import NAME_CELLS, _cells, printable, short_name


@pytest.mark.parametrize(
    "name",
    ["K" * 10_000, "\x1b[2J" * 3_000, "漢" * 500, "e\u0301" * 2_000, "\U0001f600\u200b" * 800],
    ids=["letters", "escapes", "wide", "combining", "emoji-and-zero-width"],
)
def test_a_long_name_is_cut_to_fit_once_drawn(name: str) -> None:
    shown = short_name(name)
    assert shown.endswith("…")
    assert _cells(printable(shown)) <= NAME_CELLS
    assert name.startswith(shown[:-1]), "what is kept is the start of the name, as typed"


@pytest.mark.parametrize("name", ["You", "Klara", "K" * NAME_CELLS, "[bold]Bob[/]"])
def test_a_name_that_fits_is_left_as_it_is(name: str) -> None:
    assert short_name(name) == name


def test_wide_characters_count_twice() -> None:
    assert _cells("漢字") == 4
    assert short_name("漢" * 12) == "漢" * 12
    assert short_name("漢" * 13) == "漢" * 11 + "…"


@pytest.mark.parametrize("cells", [17, 18])
def test_a_cut_at_a_space_leaves_no_gap_before_the_mark(cells: int) -> None:
    # "Marie-Antoinette " is 17 cells: cut there, the space would stand
    # before the mark and read as a second word cut to nothing.
    shown = short_name("Marie-Antoinette Lorrain", cells)
    assert shown == "Marie-Antoinette…"


def test_a_name_of_marks_without_width_is_cut_too() -> None:
    """Combining marks take no cell: 200,000 of them on one letter were kept
    whole, and `ecarte check` printed megabytes of one name."""
    name = "e" + "\u0301" * 200_000
    shown = short_name(name)
    assert shown.endswith("…") and name.startswith(shown[:-1])
    assert len(shown) <= 3 * NAME_CELLS
