"""The error of a save that does not parse or validate (below save.py and migrations.py, which both raise it)."""

from __future__ import annotations

from pathlib import Path


class SaveError(Exception):
    """A save that does not parse or validate. The file is left as it was."""

    def __init__(self, path: Path, problem: str, line: int | None = None):
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem
        self.line = line
