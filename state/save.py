"""The save: one folder per game with ``save.toml`` and ``journal.toml``.

``save.toml`` holds what every command needs (schema version, game, options,
seed, settings, the state snapshot, the journal length and the step in
progress with its answers so far). ``journal.toml`` holds one labelled entry
per completed step; it is read only by commands that need it (play, log,
undo), so that ``status`` stays fast on a long game. The journal is written
first and the save second: a crash between the two leaves a journal with one
entry more than the save counts, which is ignored and rewritten.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .atomic import write_atomic
from .migrations import CURRENT_VERSION, JOURNAL_MIGRATIONS, migrate

SAVE_FILE = "save.toml"
JOURNAL_FILE = "journal.toml"


class SaveError(Exception):
    """A save that does not parse or validate. The file is left as it was."""

    def __init__(self, path: Path, problem: str, line: int | None = None):
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem
        self.line = line


@dataclass
class Save:
    name: str
    game: str
    seed: int
    options: dict[str, Any]
    settings: dict[str, Any]
    state: dict[str, Any]
    journal_length: int = 0
    pending: dict[str, Any] | None = None  # {"step": {...}, "records": [...]}
    created: str = ""
    schema_version: int = CURRENT_VERSION
    folder: Path | None = None
    _journal: list[dict[str, Any]] | None = field(default=None, repr=False)

    # -- journal ---------------------------------------------------------
    def journal(self) -> list[dict[str, Any]]:
        if self._journal is None:
            self._journal = read_journal(self.folder, self.journal_length) if self.folder else []
        return self._journal

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "schema_version": self.schema_version,
            "name": self.name,
            "game": self.game,
            "seed": self.seed,
            "created": self.created,
            "journal_length": self.journal_length,
            "options": self.options,
            "settings": self.settings,
            "state": self.state,
        }
        if self.pending is not None:
            data["pending"] = self.pending
        return data


def dumps(data: dict[str, Any]) -> str:
    import tomli_w

    return tomli_w.dumps(_drop_none(data))


def _drop_none(value: Any) -> Any:
    """TOML has no null: absent keys are omitted."""
    if isinstance(value, dict):
        return {str(k): _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_drop_none(v) for v in value if v is not None]
    return value


def write(save: Save, journal: bool = True) -> None:
    """Write the journal (if loaded and ``journal``) then the save, each atomically with a backup."""
    assert save.folder is not None
    if journal and save._journal is not None:
        entries = save._journal[: save.journal_length]
        write_atomic(save.folder / JOURNAL_FILE, dumps({"schema_version": CURRENT_VERSION, "entries": entries}))
    write_atomic(save.folder / SAVE_FILE, dumps(save.to_data()))


def read(folder: Path) -> Save:
    path = folder / SAVE_FILE
    data = _parse(path)
    data = migrate(data, path)
    return _validate(data, path, folder)


def _parse(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(path, "the save file is missing") from None
    except UnicodeDecodeError as e:
        raise SaveError(path, f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        line = None
        m = re.search(r"line (\d+)", str(e))
        if m:
            line = int(m.group(1))
        elif "end of document" in str(e):
            line = text.count("\n") + 1
        raise SaveError(path, f"not valid TOML: {e}", line) from None


def _line_of(path: Path, key: str) -> int | None:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    pat = re.compile(rf"^\s*(\[+\s*)?{re.escape(key)}\b")
    for i, line in enumerate(lines, 1):
        if pat.match(line):
            return i
    return None


_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "schema_version": int,
    "name": str,
    "game": str,
    "seed": int,
    "journal_length": int,
    "options": dict,
    "settings": dict,
    "state": dict,
}


def _validate(data: dict[str, Any], path: Path, folder: Path) -> Save:
    for key, typ in _REQUIRED.items():
        if key not in data:
            raise SaveError(path, f"missing key '{key}'")
        if not isinstance(data[key], typ) or isinstance(data[key], bool) and typ is int:
            raise SaveError(
                path, f"'{key}' must be {_type_name(typ)}, found {type(data[key]).__name__}", _line_of(path, key)
            )
    if data["journal_length"] < 0:
        raise SaveError(path, "'journal_length' must be 0 or more", _line_of(path, "journal_length"))
    from automata.core.games import UnknownGame, find_game

    try:
        find_game(data["game"])
    except UnknownGame:
        raise SaveError(path, f"unknown game '{data['game']}'", _line_of(path, "game")) from None
    pending = data.get("pending")
    if pending is not None:
        if not isinstance(pending, dict) or not isinstance(pending.get("step"), dict):
            raise SaveError(path, "'pending' must be a table with a 'step' table", _line_of(path, "pending"))
        records = pending.setdefault("records", [])
        if not isinstance(records, list) or not all(isinstance(r, dict) and "id" in r and "value" in r for r in records):
            raise SaveError(path, "'pending.records' must be a list of {id, value, source}", _line_of(path, "pending"))
    return Save(
        name=data["name"],
        game=data["game"],
        seed=data["seed"],
        options=data["options"],
        settings=data["settings"],
        state=data["state"],
        journal_length=data["journal_length"],
        pending=pending,
        created=str(data.get("created", "")),
        schema_version=data["schema_version"],
        folder=folder,
    )


def _type_name(typ) -> str:
    return {int: "an integer", str: "a string", dict: "a table", list: "a list"}.get(typ, str(typ))


def read_journal(folder: Path, length: int) -> list[dict[str, Any]]:
    path = folder / JOURNAL_FILE
    if length == 0 and not path.exists():
        return []
    data = migrate(_parse(path), path, table=JOURNAL_MIGRATIONS)
    entries = data.get("entries", [])
    if not isinstance(entries, list):
        raise SaveError(path, "'entries' must be a list of tables", _line_of(path, "entries"))
    if len(entries) < length:
        raise SaveError(path, f"the journal has {len(entries)} entries but the save counts {length}")
    for i, e in enumerate(entries[:length], 1):
        if not isinstance(e, dict) or not isinstance(e.get("step"), dict) or not isinstance(e.get("records", []), list):
            raise SaveError(path, f"journal entry {i} must have a 'step' table and a 'records' list")
    return entries[:length]
