"""A message: an id plus parameters, rendered in the table's language by the command line (``cli/i18n.py``).

Its own small module, so that what only says things (reading a save, checking data) does not import the steps of
play (``steps.py``, which re-exports both names)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Msg:
    """A message id plus parameters.

    A parameter value that is a string starting with ``@`` names another
    message id (a term such as a region name) and is translated too.
    """

    id: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "params": dict(self.params)} if self.params else {"id": self.id}

    @staticmethod
    def from_data(data: dict[str, Any]) -> "Msg":
        return Msg(data["id"], dict(data.get("params", {})))


def msg(id: str, **params: Any) -> Msg:
    return Msg(id, params)
