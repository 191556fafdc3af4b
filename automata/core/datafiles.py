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


#: the program's own folders: a file shipped in them is parsed once per process (``_shipped_parsed``)
_PROGRAM = tuple(str(Path(__file__).resolve().parents[2] / folder) + os.sep for folder in ("automata", "cli"))
#: parsed shipped files of this process, as marshal bytes (a fresh object for each reader), by path, size and mtime
_parsed: dict[tuple[str, int, int], bytes] = {}


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file (a fresh object the caller may change). Raises FileNotFoundError or TOMLDecodeError."""
    if _cache is not None:
        got = _cache.get(path)
        if got is not None:
            return got
    data = _shipped_parsed(path)
    if data is None:
        data = _parse(path)
    if _cache is not None:
        _cache.put(path, data)
    return data


def _parse(path: Path) -> dict[str, Any]:
    import tomllib

    with open(path, "rb") as fh:
        return tomllib.load(fh)


def _shipped_parsed(path: Path) -> dict[str, Any] | None:
    """A file shipped with the program (its catalogs, its games' data) parsed once in a process that reads it many
    times (a server, the tests' in-process commands): kept by path, size and modification time, so an edited file is
    parsed afresh, and handed out as a fresh copy. None for any other file (the owner's, a save): parsed each time."""
    where = os.path.abspath(path)
    if not where.startswith(_PROGRAM):
        return None
    try:
        st = os.stat(where)
    except OSError:
        return None
    key = (where, st.st_size, st.st_mtime_ns)
    blob = _parsed.get(key)
    if blob is None:
        data = _parse(path)
        try:
            blob = marshal.dumps(data)
        except ValueError:  # a value marshal cannot copy (a TOML date): parsed at every read, as before
            return data
        _parsed[key] = blob
    return marshal.loads(blob)


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
