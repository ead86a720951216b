"""One place for each style: no selector is given rules twice across the
app's stylesheets, so that a change of looks is made in one place and no
later rule silently overrides an earlier one."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import ecarte.tui

STYLESHEETS = sorted(Path(ecarte.tui.__file__).parent.rglob("*.tcss"))


def selectors(css: str) -> list[str]:
    """The selectors of every rule set of ``css``, each as written with its
    spaces normalised (``A, B { }`` gives ``A`` and ``B``)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for head in re.findall(r"([^{}]+)\{[^{}]*\}", css):
        for selector in head.split(","):
            found.append(" ".join(selector.split()))
    return found


def test_the_parser_sees_a_duplicate() -> None:
    css = "A { x: 1; }\n/* B { } */\nB,  A { y: 2; }\nA  B { }"
    assert selectors(css) == ["A", "B", "A", "A B"]


def test_no_selector_is_defined_twice() -> None:
    assert {path.name for path in STYLESHEETS} >= {"app.tcss", "game.tcss"}
    every = [selector for path in STYLESHEETS for selector in selectors(path.read_text(encoding="utf-8"))]
    twice = [selector for selector, count in Counter(every).items() if count > 1]
    assert twice == []
