"""Schema migrations, run on load for saves written by older versions.

Each migration takes the parsed data of version N and returns version N+1.
A save from a newer version than this program is refused (never rewritten).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from automata.core.msg import msg

from .errors import SaveError

CURRENT_VERSION = 3

#: Version 2 files end with this line, so that a file cut short (a disk error, a copy stopped half way) is seen as
#: damaged even where the part left is valid TOML. Version 1 files (the same data, without the line) still read.
END_MARK = "# end"
FIRST_WITH_END_MARK = 2

#: Version 3 saves begin with their digest and hold their journal's (state/save.py): a save changed outside the
#: program is damaged. Version 2 saves read as they did (no digest to check); the next write adds the digests.
FIRST_WITH_DIGEST = 3


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    return data  # the same data; the end line is written with the next save


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    return data  # the same data; the digests are written with the next save


# from-version -> function turning that version's data into the next version's,
# for save.toml and for journal.toml (both carry the same schema_version).
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}
JOURNAL_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}


def migrate(data: dict[str, Any], path: Path, target: int | None = None, table: dict | None = None) -> dict[str, Any]:
    table = MIGRATIONS if table is None else table
    target = CURRENT_VERSION if target is None else target
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, msg("core.save.no_version"), 1)
    if version > target:
        raise SaveError(path, msg("core.save.newer", version=version, target=target))
    while version < target:
        step = table.get(version)
        if step is None:
            raise SaveError(path, msg("core.save.no_migration", version=version))
        data = step(dict(data))
        version += 1
        data["schema_version"] = version
    return data
