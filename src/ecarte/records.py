"""Value classes without ``dataclasses``: equality, ``repr``, and for the
immutable ones hashing, refused assignment and pickling, all from
``__slots__``.

The engine's and the log's values (``Action``, ``Rules``, ``View``, a log's
header and events...) are on the path of ``ecarte check``, which must start
fast: importing ``dataclasses`` pulls in ``inspect`` and its kin, and each
``@dataclass`` compiles code when its module loads (``python
benchmarks/startup.py``; docs/architecture.md, "Start-up"). A class lists its
fields in ``__slots__`` in the order of its constructor's parameters, sets
them in ``__init__``, and gets the rest here. Imports nothing of ecarte.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing at run time
if TYPE_CHECKING:
    from typing import Any


class Record:
    """Equal to a value of the same class with equal fields; shown with its
    fields. Mutable, so not hashable."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={value!r}" for name, value in zip(self.__slots__, self._values(), strict=True)
        )
        return f"{type(self).__name__}({fields})"


class FrozenRecord(Record):
    """A ``Record`` that refuses assignment (``__init__`` sets its fields with
    ``object.__setattr__``), is hashed by its fields, and is pickled (to
    ``ecarte simulate``'s workers) through its constructor, which checks its
    values again: the default pickling would set the slots, which this class
    refuses."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot set {name!r}: a {type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete {name!r}: a {type(self).__name__} is immutable")

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._values())
