"""The coach's engine room: the analysis of a match (``ecarte analyse``)
and the player's record (``ecarte stats``), from the saved logs.

Pure functions returning dataclasses; see ``docs/analysis.md``."""
