"""Placeholder until tools/learn_inference.py writes the table."""

EXCHANGE: dict[str, tuple[float, ...]] = {}
LEAD: tuple[tuple[tuple[float, ...], ...], ...] = tuple(
    tuple((1.0, 1.0, 1.0, 1.0) for _ in range(30)) for _ in range(2)
)
