"""The error of a save that does not parse or validate (below save.py and migrations.py, which both raise it)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from automata.core.steps import Msg


class SaveError(Exception):
    """A save that does not parse or validate. The file is left as it was. ``problem`` says what is wrong: a message
    (ids ``core.save.*`` and ``core.shape.*``) that the CLI renders in the table's language."""

    def __init__(self, path: Path, problem: "Msg", line: int | None = None):
        super().__init__(f"{path}: {problem.id} {problem.params}" if hasattr(problem, "id") else f"{path}: {problem}")
        self.path = path
        self.problem = problem
        self.line = line
