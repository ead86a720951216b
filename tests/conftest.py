"""Settings for the whole test suite.

Under CI (``CI`` set, as ``.ci/run`` is run) the property tests draw their
examples from a fixed seed, so that a run's verdict depends on the code and
not on the luck of the draw; on a developer's machine they explore anew each
run, and hypothesis keeps any failure it finds for the next run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# The tests read the app's English (the source text): whatever the machine's
# locale, the app and every ``ecarte`` started by a test choose English
# (``LANGUAGE`` comes first in gettext's order), and each test starts in it.
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    from ecarte import i18n

    i18n.activate("en")
    yield
    i18n.activate("en")


@pytest.fixture(autouse=True)
def _as_in_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under pytest standard input and output are no terminal, and ``ecarte``
    refuses to start its app there; the tests that start it run it headless
    or keep it unrun, as if in one. ``tests/tui/test_no_terminal.py`` starts
    ``ecarte`` without a terminal, as a process of its own."""
    monkeypatch.setattr("ecarte.tui.launch.terminal_problem", lambda: None)
