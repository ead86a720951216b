"""Settings for the whole test suite.

Under CI (``CI`` set, as ``.ci/run`` is run) the property tests draw their
examples from a fixed seed, so that a run's verdict depends on the code and
not on the luck of the draw; on a developer's machine they explore anew each
run, and hypothesis keeps any failure it finds for the next run.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
