"""A message: an id plus parameters, rendered in the table's language by the command line (``cli/words/i18n.py``).

Its own small module, so that what only says things (reading a save, checking data) does not import the steps of
play (``steps.py``, which re-exports both names)."""

from __future__ import annotations

from typing import Any

_NO_PARAMS: Any = object()  # no parameters given (an explicit None is kept, as a data class keeps it)


class Msg:
    """A message id plus parameters.

    A parameter value that is a string starting with ``@`` names another
    message id (a term such as a region name) and is translated too.

    Immutable and compared by value, as a frozen data class would be; written out by hand because every command
    imports it (building a data class costs start-up time).
    """

    __match_args__ = ("id", "params")
    id: str
    params: dict[str, Any]

    def __init__(self, id: str, params: dict[str, Any] = _NO_PARAMS) -> None:  # type: ignore[assignment]
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "params", {} if params is _NO_PARAMS else params)  # a new dict for each message

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(id={self.id!r}, params={self.params!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.id, self.params) == (other.id, other.params)  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.id, self.params))

    def __setattr__(self, name: str, value: Any) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "params": dict(self.params)} if self.params else {"id": self.id}

    @staticmethod
    def from_data(data: dict[str, Any]) -> "Msg":
        return Msg(data["id"], dict(data.get("params", {})))


def msg(id: str, **params: Any) -> Msg:
    return Msg(id, params)
