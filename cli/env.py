"""One injectable environment: language, output mode, answers, dice, paths."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Any



class Exit(IntEnum):
    OK = 0
    FAILURE = 1  # e.g. a damaged save
    USAGE = 2  # bad input, or a question that has no answer without a terminal
    INTERRUPTED = 130


@dataclass
class Env:
    lang: str = "en"
    json: bool = False
    game: str | None = None
    answers: dict[str, Any] = field(default_factory=dict)
    dice: str | None = None
    seed: int | None = None
    explain: bool = False  # show the rule behind each decision (Say style "why")
    _t: Any = None
    _console: Any = None
    _err: Any = None

    @property
    def t(self):
        """The translator for the table's language."""
        if self._t is None:
            from .i18n import Translator

            self._t = Translator(self.lang)
        return self._t

    @property
    def out(self):
        """Where the table's text goes: stdout, or stderr when stdout carries JSON."""
        if self.json:
            return self.err
        if self._console is None:
            from rich.console import Console

            self._console = Console(highlight=False, soft_wrap=True)
        return self._console

    @property
    def err(self):
        if self._err is None:
            from rich.console import Console

            self._err = Console(stderr=True, highlight=False, soft_wrap=True)
        return self._err

    def interactive(self) -> bool:
        if os.environ.get("TABLETOP_NO_PROMPT"):
            return False
        try:
            return sys.stdin.isatty() and sys.stdout.isatty()
        except (AttributeError, ValueError):
            return False

    def emit_json(self, data: dict[str, Any]) -> None:
        import json

        sys.stdout.write(json.dumps(data, ensure_ascii=False, sort_keys=False) + "\n")
        sys.stdout.flush()


_current = Env()


def current() -> Env:
    return _current


def set_current(env: Env) -> None:
    global _current
    _current = env


class CliError(Exception):
    """A clear message for the table and an exit code; nothing has been changed."""

    def __init__(self, text: str, code: Exit = Exit.USAGE, data: dict[str, Any] | None = None):
        super().__init__(text)
        self.text = text
        self.code = code
        self.data = data or {}


def load_answers_file(path: Path) -> dict[str, Any]:
    env = current()
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise CliError(env.t("core.error.answers_unreadable", path=str(path), problem=e.strerror or str(e)))
    try:
        if path.suffix.lower() == ".json":
            import json

            data = json.loads(raw.decode("utf-8"))
        else:
            import tomllib

            data = tomllib.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        raise CliError(env.t("core.error.answers_invalid", path=str(path), problem=str(e)))
    if not isinstance(data, dict):
        raise CliError(env.t("core.error.answers_invalid", path=str(path), problem="not a mapping"))
    return _flatten(data)


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """TOML files may nest ids as tables (``[chaos.summon] khorne = ...``)."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, full + "."))
        else:
            out[full] = value
    return out
