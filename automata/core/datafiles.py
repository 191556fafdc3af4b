"""Reading a game's shipped data files (TOML), through an optional cache.

The rules only read their own static data here. A caller (the command line)
may install a cache of parsed files so that short commands start fast; the
cache does its own I/O and is keyed by the file's path, size and mtime, so an
edited data file is always read afresh.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol


class ParsedCache(Protocol):
    def get(self, path: Path) -> dict[str, Any] | None: ...

    def put(self, path: Path, data: dict[str, Any]) -> None: ...


_cache: ParsedCache | None = None


def set_cache(cache: ParsedCache | None) -> None:
    global _cache
    _cache = cache


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file (a fresh object the caller may change). Raises FileNotFoundError or TOMLDecodeError."""
    if _cache is not None:
        got = _cache.get(path)
        if got is not None:
            return got
    import tomllib

    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    if _cache is not None:
        _cache.put(path, data)
    return data
