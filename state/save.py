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

from automata.core.shape import MISSING, wrong
from automata.core.steps import Msg, msg

from .atomic import write_atomic
from .errors import SaveError
from .migrations import CURRENT_VERSION, END_MARK, FIRST_WITH_END_MARK, JOURNAL_MIGRATIONS, migrate

SAVE_FILE = "save.toml"
JOURNAL_FILE = "journal.toml"


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
    """The TOML text of a save or journal, with the end line (see ``migrations.END_MARK``)."""
    import tomli_w

    return tomli_w.dumps(_drop_none(data)) + f"\n{END_MARK}\n"


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


#: A save or journal larger than this is refused, not read (a hand-made file, or a disk error).
MAX_FILE_BYTES = 64 * 1024 * 1024


def read(folder: Path) -> Save:
    path = folder / SAVE_FILE
    data = _parse(path)
    data = migrate(data, path)
    return _validate(data, path, folder)


def _parse(path: Path) -> dict[str, Any]:
    try:
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise SaveError(path, msg("core.save.not_regular"))
        if path.stat().st_size > MAX_FILE_BYTES:
            raise SaveError(path, msg("core.save.too_large", mb=MAX_FILE_BYTES // (1024 * 1024)))
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(path, msg("core.save.file_missing")) from None
    except UnicodeDecodeError as e:
        raise SaveError(path, msg("core.save.not_utf8", byte=e.start)) from None
    except OSError as e:
        raise SaveError(path, msg("core.save.unreadable", problem=os_problem(e))) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+), column (\d+)", str(e))
        if m:
            raise SaveError(path, msg("core.save.not_toml", line=int(m.group(1)), column=int(m.group(2))), int(m.group(1))) from None
        raise SaveError(path, msg("core.save.not_toml_end"), text.count("\n") + 1) from None
    except RecursionError:
        raise SaveError(path, msg("core.save.too_deep")) from None
    version = data.get("schema_version")
    if isinstance(version, int) and version >= FIRST_WITH_END_MARK and not text.rstrip().endswith(END_MARK):
        raise SaveError(path, msg("core.save.cut_short", mark=END_MARK), text.count("\n") + 1)
    return data


def _line_of(path: Path, key: str) -> int | None:
    """The line of ``key`` (a dotted path such as ``state.regions.kislev.ruin``) in the file, as tomli_w writes it:
    the key's own table header, else the key's line under its parent's header, else the nearest parent's header."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    parts = [p for p in re.sub(r"\[\d+\]", "", key).split(".") if p]
    if not parts:
        return None

    def quoted(part: str) -> str:
        return re.escape(part) if re.fullmatch(r"[A-Za-z0-9_-]+", part) else re.escape('"' + part + '"')

    def header(ps: list[str]) -> int | None:
        pat = re.compile(r"^\s*\[\[?\s*" + r"\s*\.\s*".join(quoted(p) for p in ps) + r"\s*\]")
        for i, line in enumerate(lines, 1):
            if pat.match(line):
                return i
        return None

    own = header(parts)
    if own:
        return own
    for depth in range(len(parts) - 1, -1, -1):
        start = header(parts[:depth]) if depth else 0
        if start is None:
            continue
        leaf = re.compile(r"^\s*" + r"\s*\.\s*".join(quoted(p) for p in parts[depth:]) + r"\s*=")
        for i in range(start, len(lines)):
            if lines[i].lstrip().startswith("["):
                break
            if leaf.match(lines[i]):
                return i + 1
        if depth:
            return start
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
            raise SaveError(path, msg("core.save.key", key=key, problem=MISSING.to_data()))
        if not isinstance(data[key], typ) or isinstance(data[key], bool) and typ is int:
            raise SaveError(path, msg("core.save.key", key=key, problem=wrong(typ, data[key]).to_data()), _line_of(path, key))
    if data["journal_length"] < 0:
        raise SaveError(path, msg("core.save.key", key="journal_length", problem=msg("core.shape.not_negative").to_data()),
                        _line_of(path, "journal_length"))
    from automata.core.games import GAMES, UnknownGame, find_game

    try:
        info = find_game(data["game"])
    except UnknownGame:
        raise SaveError(path, msg("core.save.key", key="game", problem=msg(
            "core.shape.not_one_of", value=data["game"], valid=", ".join(g.id for g in GAMES)).to_data()), _line_of(path, "game")) from None
    dice = data["settings"].get("dice", "app")
    if dice not in ("app", "table"):
        raise SaveError(path, msg("core.save.key", key="settings.dice", problem=msg(
            "core.shape.not_one_of", value=str(dice), valid="app, table").to_data()), _line_of(path, "settings.dice"))
    pending = data.get("pending")
    if pending is not None:
        if not isinstance(pending, dict) or not isinstance(pending.get("step"), dict):
            raise SaveError(path, msg("core.save.pending"), _line_of(path, "pending"))
        if not isinstance(pending["step"].get("proc"), str):
            raise SaveError(path, msg("core.save.pending_proc"), _line_of(path, "pending.step"))
        records = pending.setdefault("records", [])
        problem = _records_problem(records)
        if problem:
            raise SaveError(path, msg("core.save.key", key="pending.records", problem=problem.to_data()), _line_of(path, "pending.records"))
    from automata.core.shape import check_state

    found = check_state(info.module, data["state"])
    if found:
        where, what = found
        raise SaveError(path, msg("core.save.key", key=where, problem=what.to_data()), _line_of(path, where))
    return Save(
        name=data["name"],
        game=info.id,
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


def _records_problem(records: Any) -> Msg | None:
    """What is wrong with a list of recorded answers and rolls ({id, value, source}), or None."""
    if not isinstance(records, list):
        return msg("core.save.records_list")
    for i, r in enumerate(records, 1):
        if not isinstance(r, dict) or not isinstance(r.get("id"), str) or "value" not in r:
            return msg("core.save.record", n=i)
        if "source" in r and not isinstance(r["source"], str):
            return msg("core.save.record_source", n=i)
    return None


def os_problem(e: OSError) -> str:
    """What went wrong with a file, as a message parameter: the term ``core.os.<errno>`` when there is one (in the
    table's language), else the system's own words."""
    import errno

    name = errno.errorcode.get(e.errno or 0, "")
    return f"@core.os.{name}" if name in KNOWN_OS_ERRORS else (e.strerror or str(e))


#: The errors of the file system that have their words in the catalogs (core.os.*).
KNOWN_OS_ERRORS = ("ENOSPC", "EROFS", "EACCES", "EPERM", "EDQUOT", "EPIPE", "ENOENT", "EISDIR", "ENOTDIR", "EIO", "ELOOP")


def read_journal(folder: Path, length: int) -> list[dict[str, Any]]:
    path = folder / JOURNAL_FILE
    if length == 0 and not path.exists():
        return []
    if not path.exists():
        raise SaveError(path, msg("core.save.journal_missing", count=length))
    data = migrate(_parse(path), path, table=JOURNAL_MIGRATIONS)
    entries = data.get("entries", [])
    if not isinstance(entries, list):
        raise SaveError(path, msg("core.save.key", key="entries", problem=wrong(list, entries).to_data()), _line_of(path, "entries"))
    if len(entries) < length:
        raise SaveError(path, msg("core.save.journal_short", entries=len(entries), count=length))
    for i, e in enumerate(entries[:length], 1):
        if not isinstance(e, dict) or not isinstance(e.get("step"), dict) or not isinstance(e["step"].get("proc"), str):
            raise SaveError(path, msg("core.save.entry_step", n=i), _entry_line(path, i))
        if "n" in e and (not isinstance(e["n"], int) or isinstance(e["n"], bool) or e["n"] != i):
            raise SaveError(path, msg("core.save.entry_n", n=i), _entry_line(path, i))
        label = e.get("label")
        if not isinstance(label, dict) or not isinstance(label.get("id"), str) or not isinstance(label.get("params", {}), dict):
            raise SaveError(path, msg("core.save.entry_label", n=i), _entry_line(path, i))
        problem = _records_problem(e.get("records", []))
        if problem:
            raise SaveError(path, msg("core.save.entry_key", n=i, key="records", problem=problem.to_data()), _entry_line(path, i))
        why = e.get("why", [])
        if not isinstance(why, list) or not all(isinstance(w, dict) and isinstance(w.get("id"), str) for w in why):
            raise SaveError(path, msg("core.save.entry_why", n=i), _entry_line(path, i))
    return entries[:length]


def _entry_line(path: Path, n: int) -> int | None:
    """The line where the journal's entry ``n`` (from 1) starts."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    seen = 0
    for i, line in enumerate(lines, 1):
        if line.strip() == "[[entries]]":
            seen += 1
            if seen == n:
                return i
    return None
