"""``master``: the expert with a larger budget per decision (docs/ai.md,
"The master level").

The same player as ``expert`` (same model, same inferences, same valuation)
allowed up to about a second per decision: four times the samples of every
search, the exchange planned over further rounds and a wider discard search.
The budget is a number of samples, not a time, so its decisions are
deterministic for a seed whatever the machine's load.
"""

from __future__ import annotations

from .expert import ExpertPlayer


class MasterPlayer(ExpertPlayer):
    name = "master"
    trick_samples = 600
    exchange_samples = (120, 640)
    discard_samples = (80, 240)
    discard_breadth = 1
    exchange_rounds = 2
