"""Reading a game's shipped data files (TOML), through an optional cache.

The rules only read their own static data here. A caller (the command line)
may install a cache of parsed files so that short commands start fast; the
cache does its own I/O and is keyed by the file's path, size and mtime, so an
edited data file is always read afresh. The same cache remembers which shipped files were checked (validated)
and found sound (``checked_before``), keyed by their size and mtime and those of the code that checked them.
"""

from __future__ import annotations

import marshal
import os
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol


class ParsedCache(Protocol):
    def get(self, path: Path) -> dict[str, Any] | None: ...

    def put(self, path: Path, data: dict[str, Any]) -> None: ...

    # what was checked before (optional: a cache without them remembers nothing)
    def checked(self, what: Path, key: Any) -> bool: ...

    def mark_checked(self, what: Path, key: Any) -> None: ...


_cache: ParsedCache | None = None


def set_cache(cache: ParsedCache | None) -> None:
    global _cache
    _cache = cache


#: the program's own folders: a file shipped in them is read once a process (``_shipped_key``)
_PROGRAM = tuple(str(Path(__file__).resolve().parents[2] / folder) + os.sep for folder in ("automata", "cli"))
#: the shipped files this process has read, as marshal bytes (a fresh object for each reader), by ``_shipped_key``
_parsed: dict[tuple[str, int, int], bytes] = {}


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file (a fresh object the caller may change). Raises FileNotFoundError or TOMLDecodeError."""
    shipped = _shipped_key(path)
    if shipped is not None:
        blob = _parsed.get(shipped)
        if blob is not None:
            return marshal.loads(blob)
    data = _cache.get(path) if _cache is not None else None
    if data is None:
        data = _parse(path)
        if _cache is not None:
            _cache.put(path, data)
    if shipped is not None:
        try:
            _parsed[shipped] = marshal.dumps(data)  # before the caller may change it
        except ValueError:  # a value marshal cannot copy (a TOML date): read at every call, as before
            pass
    return data


def _parse(path: Path) -> dict[str, Any]:
    import tomllib

    with open(path, "rb") as fh:
        return tomllib.load(fh)


def _shipped_key(path: Path) -> tuple[str, int, int] | None:
    """For a file shipped with the program (its catalogs, its games' data): the key under which a process that
    reads it many times (a server, the tests' in-process commands) keeps it parsed, its path, size and modification
    time, so that an edited file is read afresh. None for any other file (the owner's, a save): read at every call."""
    where = os.path.abspath(path)
    if not where.startswith(_PROGRAM):
        return None
    try:
        st = os.stat(where)
    except OSError:
        return None
    return where, st.st_size, st.st_mtime_ns


def checked_before(folder: Path, names: Iterable[str], code: Iterable[str]) -> tuple[bool, Callable[[], None]]:
    """Whether the files ``names`` of ``folder``, as they are now (size and modification time), were checked before by
    the code of the files ``code`` as it is now; and what records that they were (to call once the check passed).
    Without a cache (the rules alone, the tests): never, and nothing is recorded."""
    cache = _cache
    if cache is None or not hasattr(cache, "checked"):
        return False, _nothing
    import os

    try:
        key = (tuple((name, *_stamp(os.stat(folder / name))) for name in names),
               tuple((name, *_stamp(os.stat(name))) for name in code))
    except OSError:
        return False, _nothing
    if cache.checked(folder, key):
        return True, _nothing
    return False, lambda: cache.mark_checked(folder, key)


def _stamp(st) -> tuple[int, int]:
    return st.st_size, st.st_mtime_ns


def _nothing() -> None:
    return None
