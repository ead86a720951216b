"""Frozen players: copies of earlier players kept unchanged as baselines
that later versions are measured against (``docs/ai.md``). Never edit them."""
