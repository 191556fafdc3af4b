"""Where saves live: ``$TABLETOP_HOME``, else the platform's app folder."""

from __future__ import annotations

import os
import re
from pathlib import Path

NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")  # matched whole (fullmatch): no newline may end a name


def home() -> Path:
    env = os.environ.get("TABLETOP_HOME")
    if env:
        return Path(env).expanduser()
    import typer  # only for its platform rules; already imported by the CLI

    return Path(typer.get_app_dir("tabletop"))


def games_dir() -> Path:
    return home() / "games"


def game_dir(name: str) -> Path:
    return games_dir() / name


def current_file() -> Path:
    return home() / "current"


def overrides_file(game_id: str) -> Path:
    """Owner values that replace shipped (provisional) data for one game."""
    return home() / "overrides" / f"{game_id}.toml"


def collection_file() -> Path:
    """What the table owns, per game (``tabletop collection``); the owner's file, beside ``overrides/``."""
    return home() / "collection.toml"


def valid_name(name: str) -> bool:
    return isinstance(name, str) and NAME_RE.fullmatch(name) is not None
