# FROZEN ON PURPOSE: see the header of expert.py in this package.
"""The expert as it was in November 2026 (before issue #10), frozen: the
baseline player ``expert-2026-11`` (``docs/ai.md``, "The frozen baseline")."""
