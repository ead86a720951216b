"""The variant settings of a match (``docs/rules.md``, "Variants").

``Rules`` is a plain class, not a dataclass, and ``typing`` is imported for
the type checker only: ``ecarte check`` loads this module, and importing
``dataclasses`` (which brings ``inspect``) and ``typing``, and making the
dataclasses, was a third of its start-up beyond the bare interpreter's
(``python benchmarks/startup.py``). ``RULE_NAMES`` lists its settings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ecarte.i18n import _, translated
from ecarte.records import FrozenRecord

from .quoting import quoted, shorten

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from typing import Any

PACKET_PATTERNS: tuple[tuple[int, ...], ...] = ((3, 2), (2, 3), (2, 2, 1))


class RulesError(ValueError):
    """A rules setting that is unknown or out of range."""


RULE_NAMES: tuple[str, ...] = (
    "target",
    "games_to_win",
    "ace_high",
    "deal_packets",
    "dealer_must_exchange",
    "max_exchanges",
    "must_trump",
    "penalty_adds_to_vole",
    "four_all_reset",
)
"""The settings of ``Rules``, in the order they are declared, written and shown."""


class Rules(FrozenRecord):
    """The variant settings: immutable, checked when made, equal and hashed by
    their values."""

    __slots__ = RULE_NAMES

    target: int
    games_to_win: int
    ace_high: bool
    deal_packets: tuple[int, ...]
    dealer_must_exchange: bool
    max_exchanges: int | None
    must_trump: bool
    penalty_adds_to_vole: bool
    four_all_reset: bool

    def __init__(
        self,
        target: int = 5,
        games_to_win: int = 1,
        ace_high: bool = False,
        deal_packets: tuple[int, ...] = (3, 2),
        dealer_must_exchange: bool = False,
        max_exchanges: int | None = None,
        must_trump: bool = True,
        penalty_adds_to_vole: bool = False,
        four_all_reset: bool = False,
    ) -> None:
        set_rule = object.__setattr__
        set_rule(self, "target", target)
        set_rule(self, "games_to_win", games_to_win)
        set_rule(self, "ace_high", ace_high)
        set_rule(self, "deal_packets", deal_packets)
        set_rule(self, "dealer_must_exchange", dealer_must_exchange)
        set_rule(self, "max_exchanges", max_exchanges)
        set_rule(self, "must_trump", must_trump)
        set_rule(self, "penalty_adds_to_vole", penalty_adds_to_vole)
        set_rule(self, "four_all_reset", four_all_reset)
        self._check()

    def _values(self) -> tuple[Any, ...]:
        return (
            self.target,
            self.games_to_win,
            self.ace_high,
            self.deal_packets,
            self.dealer_must_exchange,
            self.max_exchanges,
            self.must_trump,
            self.penalty_adds_to_vole,
            self.four_all_reset,
        )

    def _check(self) -> None:
        _check_int("target", self.target, 1, 99)
        _check_int("games_to_win", self.games_to_win, 1, 9)
        for name in (
            "ace_high",
            "dealer_must_exchange",
            "must_trump",
            "penalty_adds_to_vole",
            "four_all_reset",
        ):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RulesError(
                    _("rule {name} must be true or false, not {value}").format(
                        name=repr(name), value=_shown(value)
                    )
                )
        packets = self.deal_packets
        if (
            not isinstance(packets, tuple)
            or any(type(packet) is not int for packet in packets)
            or packets not in PACKET_PATTERNS
        ):
            raise RulesError(_packets_error(self.deal_packets))
        if self.max_exchanges is not None:
            _check_int("max_exchanges", self.max_exchanges, 1, 9, nullable=True)

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Rules:
        """Rules from JSON-like values; missing keys take their defaults."""
        if not isinstance(values, Mapping):
            raise RulesError(
                _("rules must be an object of settings, not {value}").format(value=_shown(values))
            )
        arguments: dict[str, Any] = {}
        for key, value in values.items():
            if key not in RULE_NAMES:
                raise RulesError(_unknown_rule(key, RULE_NAMES))
            if key == "deal_packets":
                if not isinstance(value, list | tuple):
                    raise RulesError(_packets_error(value))
                if any(not isinstance(item, int) or isinstance(item, bool) for item in value):
                    raise RulesError(_packets_error(value))
                value = tuple(value)
            arguments[key] = value
        return cls(**arguments)

    def to_dict(self) -> dict[str, Any]:
        """Every key with its value, JSON-ready (as in the protocol's hello)."""
        result: dict[str, Any] = {}
        for name in RULE_NAMES:
            value = getattr(self, name)
            result[name] = list(value) if isinstance(value, tuple) else value
        return result

    def replace(self, **changes: Any) -> Rules:
        return Rules.from_mapping({**self.to_dict(), **changes})


def _shown(value: Any) -> str:
    """A rule's value from outside, as JSON, cut short, in the player's words."""
    return translated(shorten(value))


def _quoted(text: str) -> str:
    """A name or text from outside, quoted, cut short, in the player's words."""
    return translated(quoted(text))


def _packets_error(value: Any) -> str:
    return _("rule 'deal_packets' must be [3, 2], [2, 3] or [2, 2, 1], not {value}").format(
        value=_shown(value)
    )


def _unknown_rule(key: str, known: Iterable[str]) -> str:
    return _("unknown rule {key}; the rules are: {rules}").format(
        key=_quoted(key), rules=", ".join(sorted(known))
    )


def _check_int(name: str, value: Any, low: int, high: int, nullable: bool = False) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        values = {"name": repr(name), "low": low, "high": high, "value": _shown(value)}
        if nullable:
            raise RulesError(
                _(
                    "rule {name} must be none (no limit) or an integer from {low} to {high}, not {value}"
                ).format(**values)
            )
        raise RulesError(
            _("rule {name} must be an integer from {low} to {high}, not {value}").format(**values)
        )


# Only ASCII digits: Python's int() also reads "٣", "３" and "1_000", which a
# command line should not turn silently into 3, 3 and 1000.
_NUMBER = re.compile(r"[+-]?[0-9]+", re.ASCII)
_LIST_PART = re.compile(r"[0-9]+", re.ASCII)
# No rule's value has more digits than this; a longer number is refused before
# int() meets Python's 4,300-digit limit and says something less clear.
_DIGITS_AT_MOST = 20


def _number(key: str, raw: str) -> int:
    if len(raw.lstrip("+-")) > _DIGITS_AT_MOST:
        raise RulesError(
            _("rule {key}: a number of {count} digits is far out of range").format(
                key=_quoted(key), count=len(raw.lstrip("+-"))
            )
        )
    return int(raw)


def parse_rule_assignment(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` from a command line: ``target=7``, ``ace_high=true``,
    ``deal_packets=2,2,1``, ``max_exchanges=none``."""
    if "=" not in text:
        raise RulesError(_("{text} is not KEY=VALUE").format(text=_quoted(text)))
    key, raw = text.split("=", 1)
    key, raw = key.strip(), raw.strip()
    if key not in RULE_NAMES:
        raise RulesError(_unknown_rule(key, RULE_NAMES))
    lowered = raw.lower()
    value: Any
    if lowered in ("true", "yes", "on"):
        value = True
    elif lowered in ("false", "no", "off"):
        value = False
    elif not raw:
        raise RulesError(_("rule {key}: the value after = is empty").format(key=_quoted(key)))
    elif lowered in ("null", "none"):
        value = None
    elif _NUMBER.fullmatch(raw):
        # A signed number (max_exchanges=-5) is a number, out of range or
        # not, never the list "3-2" of deal_packets.
        value = _number(key, raw)
    elif "," in raw or "-" in raw or raw.startswith("["):
        parts = [part.strip() for part in raw.strip("[]").replace("-", ",").split(",")]
        # Every part a number: "3,,2" and "3,2," are slips, not [3, 2].
        if not all(_LIST_PART.fullmatch(part) for part in parts):
            raise RulesError(
                _("rule {key}: {value} is not a list of numbers").format(key=_quoted(key), value=_quoted(raw))
            )
        value = [_number(key, part) for part in parts]
    else:
        raise RulesError(
            _("rule {key}: {value} is not a number, true/false or a list").format(
                key=_quoted(key), value=_quoted(raw)
            )
        )
    return key, value


def rules_from_assignments(assignments: list[str], base: Rules | None = None) -> Rules:
    """The rules of ``base`` (the defaults if none) with each ``KEY=VALUE``
    set; a rule set twice is refused, since which one was meant is a guess."""
    values = (base or Rules()).to_dict()
    given: dict[str, str] = {}
    for text in assignments:
        key, value = parse_rule_assignment(text)
        if key in given:
            raise RulesError(
                _("rule {key} is set twice: {first} and {second}").format(
                    key=_quoted(key), first=_quoted(given[key]), second=_quoted(text.strip())
                )
            )
        given[key] = text.strip()
        values[key] = value
    return Rules.from_mapping(values)
