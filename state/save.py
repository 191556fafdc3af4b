"""The save: one folder per game with ``save.toml`` and ``journal.toml``.

``save.toml`` holds what every command needs (schema version, game, options,
seed, settings, the state snapshot, the journal length and the step in
progress with its answers so far). ``journal.toml`` holds one labelled entry
per completed step; it is read only by commands that need it (play, log,
undo), so that ``status`` stays fast on a long game. The journal is written
first and the save second.

Since schema version 3 (issue 31) a save is proven sound before anything reads or writes it:
- ``save.toml`` begins with ``digest = "<sha256>"``, the digest of every byte after that line: any change made
  outside the program (a flipped bit, a renamed key, a hand edit) makes the save damaged;
- ``save.toml`` holds ``journal_sha256``, the digest of the bytes of the journal it belongs to. A crash between
  the journal's write and the save's leaves the new journal beside the old save; the old journal is then
  ``journal.toml.bak``, whose digest matches, and it is the one read (the step in progress is replayed from
  the answers in the save, so nothing is lost);
- a file is written with a backup (``.bak``) only when the file it replaces was proven sound, so the ``.bak``
  is always the last sound save (``tabletop restore NAME``, ``state/restore.py``, rebuilds a damaged save from the
  newest sound source: its journal replayed, else this backup).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from automata.core.shape import MISSING, wrong
from automata.core.msg import Msg, msg

from .atomic import write_atomic
from .errors import SaveError
from .migrations import CURRENT_VERSION, END_MARK, FIRST_WITH_DIGEST, FIRST_WITH_END_MARK, JOURNAL_MIGRATIONS, migrate

SAVE_FILE = "save.toml"
JOURNAL_FILE = "journal.toml"


class Save:
    """One saved game as the program holds it (a plain class written out: every command builds one, and a data
    class costs start-up time; equality and ``repr`` are a data class's)."""

    name: str
    game: str
    seed: int
    options: dict[str, Any]
    settings: dict[str, Any]
    state: dict[str, Any]
    journal_length: int
    pending: dict[str, Any] | None  # {"step": {...}, "records": [...], "started": iso}
    created: str
    #: the clocks summed over the journal's time stamps (state/clock.py; a cache, like the state snapshot)
    clock: dict[str, Any] | None
    schema_version: int
    folder: Path | None
    #: the digest of the journal's bytes this save belongs to (None: a save older than schema version 3)
    journal_sha256: str | None
    #: the save on disk was proven sound (read and checked whole, or written by this program): only then may a
    #: write turn it into the ``.bak``
    sound: bool
    _journal: list[dict[str, Any]] | None
    #: the journal that matches the save is ``journal.toml.bak`` (a crash between the two writes): the
    #: ``journal.toml`` beside it was not proven sound and never becomes the backup
    _journal_from_bak: bool
    _journal_path: Path | None
    #: ``journal.toml.bak`` is a copy of the journal this save belongs to (so that ``save.toml.bak``, written by
    #: an answer, has its journal among the backups)
    _journal_bak_synced: bool
    #: the bytes of ``_journal_path`` whose digest ``read`` checked: the journal is parsed from them, never read
    #: again by its name (a writer may have replaced the file since; issue 37)
    _journal_raw: bytes | None = None
    #: the TOML text of each journal entry already written, as (entry, text): the next write of the journal serialises
    #: only the entries added since (``journal_text``), not the whole journal after every step
    _entry_texts: tuple = ()

    #: the fields, in the order of ``__init__``; those after ``sound`` are not shown by ``repr``
    _FIELDS = ("name", "game", "seed", "options", "settings", "state", "journal_length", "pending", "created", "clock",
               "schema_version", "folder", "journal_sha256", "sound", "_journal", "_journal_from_bak", "_journal_path",
               "_journal_bak_synced")
    _SHOWN = _FIELDS[:14]
    __match_args__ = _FIELDS

    def __init__(self, name: str, game: str, seed: int, options: dict[str, Any], settings: dict[str, Any],
                 state: dict[str, Any], journal_length: int = 0, pending: dict[str, Any] | None = None,
                 created: str = "", clock: dict[str, Any] | None = None, schema_version: int = CURRENT_VERSION,
                 folder: Path | None = None, journal_sha256: str | None = None, sound: bool = False,
                 _journal: list[dict[str, Any]] | None = None, _journal_from_bak: bool = False,
                 _journal_path: Path | None = None, _journal_bak_synced: bool = False) -> None:
        self.name = name
        self.game = game
        self.seed = seed
        self.options = options
        self.settings = settings
        self.state = state
        self.journal_length = journal_length
        self.pending = pending
        self.created = created
        self.clock = clock
        self.schema_version = schema_version
        self.folder = folder
        self.journal_sha256 = journal_sha256
        self.sound = sound
        self._journal = _journal
        self._journal_from_bak = _journal_from_bak
        self._journal_path = _journal_path
        self._journal_bak_synced = _journal_bak_synced

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self._SHOWN) + ")"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return tuple(getattr(self, k) for k in self._FIELDS) == tuple(getattr(other, k) for k in self._FIELDS)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (mutable: compared by value, never hashed)

    # -- journal ---------------------------------------------------------
    def journal(self) -> list[dict[str, Any]]:
        if self._journal is None:
            if not self.folder:
                self._journal = []
            elif self.journal_sha256 is None:
                self._journal = read_journal(self.folder, self.journal_length)
            else:
                path, raw = self._journal_path, self._journal_raw
                if path is None:
                    path, raw = find_journal(self.folder, self.journal_sha256, self.journal_length)
                self._journal_from_bak = path is not None and path.name.endswith(".bak")
                self._journal = read_journal(self.folder, self.journal_length, path, exact=True, raw=raw) if path else []
                self._journal_raw = None
        return self._journal

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "schema_version": self.schema_version,
            "name": self.name,
            "game": self.game,
            "seed": self.seed,
            "created": self.created,
            "journal_length": self.journal_length,
            "journal_sha256": self.journal_sha256,
            "options": self.options,
            "settings": self.settings,
            "state": self.state,
        }
        if self.clock is not None:
            data["clock"] = self.clock
        if self.pending is not None:
            data["pending"] = self.pending
        return data


def dumps(data: dict[str, Any], digest: bool = False) -> str:
    """The TOML text of a save or journal, with the end line (see ``migrations.END_MARK``); with ``digest``, the
    first line is ``digest = "<sha256 of the rest>"`` (a save)."""
    import tomli_w

    body = tomli_w.dumps(_drop_none(data)) + f"\n{END_MARK}\n"
    if digest:
        return f'{DIGEST_KEY} = "{sha256(body.encode("utf-8"))}"\n' + body
    return body


DIGEST_KEY = "digest"
_DIGEST_LINE = re.compile(rb'digest = "([0-9a-f]{64})"\r?\n')


def sha256(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex, from the interpreter's own module (``hashlib`` loads OpenSSL: some
    milliseconds of every command's start-up)."""
    try:
        from _sha256 import sha256 as make  # Python 3.11
    except ImportError:  # pragma: no cover - other Pythons
        try:
            from _sha2 import sha256 as make  # Python 3.12+
        except ImportError:
            from hashlib import sha256 as make
    return make(data).hexdigest()


def _drop_none(value: Any) -> Any:
    """TOML has no null: absent keys are omitted."""
    if isinstance(value, dict):
        return {str(k): _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_drop_none(v) for v in value if v is not None]
    return value


def journal_text(save: Save, entries: list[dict[str, Any]]) -> str:
    """``dumps`` of the journal ``{"schema_version", "entries"}``, byte for byte, serialising only the entries not
    written before by this save. TOML writes each entry as its own ``[[entries]]`` table after the version line, so
    the text is that line, then each entry's table after an empty line. An entry's text is kept with the entry and
    used again for that same entry object: a journal entry is a record, never changed in place once in the journal
    (a step adds a new one, undo keeps a shorter list, a read makes new ones). Without entries, or if an entry is
    not written as a table of its own (a tiny entry tomli_w would write inline), the whole journal is serialised."""
    import tomli_w

    if not entries:
        return dumps({"schema_version": save.schema_version, "entries": entries})
    kept = save._entry_texts
    texts = []
    for i, entry in enumerate(entries):
        if i < len(kept) and kept[i][0] is entry:
            texts.append(kept[i])
            continue
        text = tomli_w.dumps({"entries": [_drop_none(entry)]})
        if not text.startswith("[[entries]]\n"):
            return dumps({"schema_version": save.schema_version, "entries": entries})
        texts.append((entry, text))
    save._entry_texts = tuple(texts)
    head = tomli_w.dumps({"schema_version": save.schema_version})
    return head + "".join("\n" + text for _, text in texts) + f"\n{END_MARK}\n"


def write(save: Save, journal: bool = True) -> None:
    """Write the journal (if ``journal``) then the save, each atomically. The journal is read and checked first
    if it was not yet (nothing is written beside a damaged journal); a file becomes the ``.bak`` only if it was
    proven sound."""
    assert save.folder is not None
    entries = save.journal()  # raises SaveError on a damaged journal: nothing is written
    if journal or save.journal_sha256 is None or save._journal_from_bak:
        text = journal_text(save, entries[: save.journal_length])
        write_atomic(save.folder / JOURNAL_FILE, text, backup=save.sound and not save._journal_from_bak)
        save.journal_sha256 = sha256(text.encode("utf-8"))
        save._journal_from_bak = False
        save._journal_path = save.folder / JOURNAL_FILE
        save._journal_raw = None
        save._journal_bak_synced = False
    sync = not journal and save.sound and not save._journal_bak_synced and save._journal_path is not None
    write_atomic(save.folder / SAVE_FILE, dumps(save.to_data(), digest=True), backup=save.sound)
    save.sound = True
    if sync:  # the save's backup just written belongs to this journal: its copy joins the backups (best effort:
        try:  # the older journal.toml.bak stays if it cannot be written, and the save is already safe)
            _replace_bytes(save.folder / (JOURNAL_FILE + ".bak"), read_bytes(save._journal_path))
            save._journal_bak_synced = True
        except (OSError, SaveError):
            pass


#: A save or journal larger than this is refused, not read (a hand-made file, or a disk error).
MAX_FILE_BYTES = 64 * 1024 * 1024


#: How many times a read that found damage is tried again when a writer changed the files meanwhile (issue 37)
READ_TRIES = 6


def left_by_a_cut_new(folder: Path) -> bool:
    """``folder`` is what a ``new`` cut short before its first save left: no save file nor its ``.bak``, and at most
    a journal of no step (a new game's journal is written first) and stray temporary files. Nothing in it can be
    lost, so the name may be taken again; a journal holding a step, or anything else, keeps the folder."""
    if not folder.is_dir():
        return False
    for p in folder.iterdir():
        if p.name in (".lock", JOURNAL_FILE) or p.name.endswith(".tmp"):
            continue
        return False
    journal = folder / JOURNAL_FILE
    if journal.exists():
        try:
            data = _parse(journal)
        except (SaveError, OSError):
            return False
        if data.get("entries"):
            return False
    return True


def read(folder: Path, path: Path | None = None, recover: bool = False) -> Save:
    """The save of ``folder`` (or the file ``path``, e.g. a backup), proven sound: parsed, its digest and its
    journal's digest matching, every key of the game's shape in place. Else SaveError naming the file and what is
    wrong; nothing is written.

    A reader takes no lock (a writer holds it while the table thinks), so a command may read while another writes:
    the save and its journal are each replaced whole, but a reader can meet the new journal beside the old save. A
    read that finds damage is therefore tried again while the files changed during it; damage is said only when
    the files stayed as they were (damage that stays)."""
    path = path or folder / SAVE_FILE
    for attempt in range(READ_TRIES):
        before = _files_now(folder, path)
        try:
            return _read_once(folder, path, recover)
        except SaveError:
            if attempt + 1 == READ_TRIES or _files_now(folder, path) == before:
                raise
        import time

        time.sleep(0.02 * (attempt + 1))  # the writer's next file is a moment away
    raise AssertionError("unreachable")  # pragma: no cover


def _files_now(folder: Path, path: Path) -> tuple:
    """What identifies the version of the save's files now (each file's inode, size and time, without reading it):
    a write replaces a file by another, so any write changes it."""
    out = []
    for f in (path, folder / JOURNAL_FILE, folder / (JOURNAL_FILE + ".bak")):
        try:
            st = os.lstat(f)
            out.append((st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns))
        except OSError:
            out.append(None)
    return tuple(out)


def _read_once(folder: Path, path: Path, recover: bool) -> Save:
    raw = read_bytes(path)
    found = _DIGEST_LINE.match(raw)
    proven = found is not None and sha256(raw[found.end():]) == found.group(1).decode()
    from . import datacache

    from .lock import holds

    # bytes proven by their digest: parsed once, then cached; a command holding the lock (it writes) never takes
    # the cache's word for them: nothing read from a cache is ever written into a save
    cache = datacache.installed() if proven and not holds(folder) else None
    data = cache.get_digested(path, found.group(1).decode()) if cache is not None else None
    blob = None
    if data is None:
        data = _parse(path, raw)
        if cache is not None:
            blob = datacache.digested_blob(found.group(1).decode(), data)  # before anything below changes data
    version = data.get("schema_version")
    digested = isinstance(version, int) and not isinstance(version, bool) and version >= FIRST_WITH_DIGEST
    if isinstance(version, int) and not digested and (found is not None or "journal_sha256" in data):
        # the version line lowered on a save that has the digests: it would turn the digest check off
        raise SaveError(path, msg("core.save.downgraded", version=version, target=FIRST_WITH_DIGEST),
                        _line_of(path, "schema_version"))
    altered = digested and not proven
    data.pop(DIGEST_KEY, None)
    data = migrate(data, path)
    save = _validate(data, path, folder, digested)  # a key missing or mistyped is named, before the digest speaks
    if altered:
        explain_alteration(save, path)
        raise SaveError(path, msg("core.save.digest" if found else "core.save.no_digest"), 1)
    if save.journal_sha256 is not None:
        # the journal is checked by every command (its bytes' digest: no parsing, status stays fast)
        save._journal_path, save._journal_raw = find_journal(folder, save.journal_sha256, save.journal_length, recover)
    else:  # a save older than the digests: its journal is read and checked whole by every command (one verdict;
        save.journal()  # the next write gives it the digests)
    save.sound = True
    if blob is not None:  # only a save proven sound is kept
        cache.put_digested(path, found.group(1).decode(), blob)
    return save


#: An altered save whose journal is at most this long is replayed to name the key that was changed (a longer one
#: is only said to be altered: the replay would make every command slow on it)
EXPLAIN_REPLAY_MAX = 400


def explain_alteration(save: Save, path: Path) -> None:
    """A save changed outside the program: raise SaveError naming what changed where it can be said, from its
    journal (sound, by its digest): ``journal_length`` that does not count the journal's entries, or the first key of
    the state that is not what the journal replays to. Returns when nothing more precise can be said."""
    try:
        folder = save.folder
        digest = save.journal_sha256
        if folder is None or digest is None:
            return
        entries_path = journal_path(folder, digest, save.journal_length)
        if entries_path is None:
            return
        entries = _parse(entries_path).get("entries")
        if not isinstance(entries, list):
            return
        if len(entries) != save.journal_length:
            raise SaveError(path, msg("core.save.key", key="journal_length", problem=msg(
                "core.save.length_vs_journal", entries=len(entries), count=save.journal_length).to_data()),
                _line_of(path, "journal_length"))
        if len(entries) > EXPLAIN_REPLAY_MAX:
            return
        from .replay import replay_save

        replayed = replay_save(save, entries)
        import tomllib

        replayed = tomllib.loads(dumps({"state": replayed}))["state"]  # as the file holds it
    except SaveError as e:
        if e.path == path:
            raise
        return
    except Exception:  # the rules on a save that does not fit them: nothing more precise to say
        return
    where = first_difference(save.state, replayed, "state")
    if where is not None:
        raise SaveError(path, msg("core.save.key", key=where, problem=msg("core.save.not_replayed").to_data()),
                        _line_of(path, where))


def first_difference(a: Any, b: Any, path: str) -> str | None:
    """The first key (dotted path) where ``a`` differs from ``b``: a key only one of them holds, or another value."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b and type(a) is type(b) else path


def journal_path(folder: Path, digest: str, length: int, recover: bool = False) -> Path | None:
    """The journal whose bytes have ``digest`` (see ``find_journal``)."""
    return find_journal(folder, digest, length, recover)[0]


def find_journal(folder: Path, digest: str, length: int, recover: bool = False) -> tuple[Path | None, bytes | None]:
    """The journal whose bytes have ``digest``, and those bytes: ``journal.toml``, else ``journal.toml.bak`` when
    ``journal.toml`` is what a crash between the journal's write and the save's leaves (the same entries and one
    more, or fewer: an undo), or with ``recover`` (``tabletop restore``); else SaveError. (None, None): no journal
    file and no step to hold."""
    path = folder / JOURNAL_FILE
    if not os.path.lexists(path):
        if length == 0:
            return None, None
        raise SaveError(path, msg("core.save.journal_missing", count=length))
    try:
        raw = read_bytes(path)
        if sha256(raw) == digest:
            return path, raw
    except SaveError:
        if not recover:
            raise
    bak = folder / (JOURNAL_FILE + ".bak")
    try:
        raw = read_bytes(bak)
        if sha256(raw) == digest and (recover or _left_by_a_crash(path, bak)):
            return bak, raw
    except SaveError:
        pass
    if not recover:
        read_journal(folder, length, path, exact=True)  # what is wrong, said precisely where it can be (a line, an entry)
    raise SaveError(path, msg("core.save.journal_digest"))


def _left_by_a_crash(path: Path, bak: Path) -> bool:
    """``path`` is a sound journal whose entries are those of ``bak`` and one more (a step ended), or a part of
    them (an undo): what a crash between the journal's write and the save's leaves."""
    try:
        new_data, old_data = _parse(path), _parse(bak)
    except SaveError:
        return False
    new, old = new_data.get("entries"), old_data.get("entries")
    if not isinstance(new, list) or not isinstance(old, list) or new_data.get("schema_version") != CURRENT_VERSION:
        return False
    return (len(new) == len(old) + 1 and new[: len(old)] == old) or (len(new) < len(old) and old[: len(new)] == new)


def read_bytes(path: Path) -> bytes:
    """The bytes of a save or journal file, through the guarded reader (``state/reader.py``); SaveError (at once)
    for a file that is not a regular file (a FIFO, a device, a symbolic link), is larger than any game makes, or
    cannot be read."""
    from .reader import TOO_LARGE, Refused, read_regular

    try:
        return read_regular(path, MAX_FILE_BYTES, follow=False)
    except FileNotFoundError:
        raise SaveError(path, msg("core.save.file_missing")) from None
    except Refused as e:
        if e.reason == TOO_LARGE:
            raise SaveError(path, msg("core.save.too_large", mb=MAX_FILE_BYTES // (1024 * 1024))) from None
        raise SaveError(path, msg("core.save.not_regular")) from None
    except OSError as e:
        raise SaveError(path, msg("core.save.unreadable", problem=os_problem(e))) from None


def _text_of(path: Path) -> list[str] | None:
    """The lines of a save or journal (to name a line), through the guarded reader; None when it cannot be read."""
    try:
        return read_bytes(path).decode("utf-8").splitlines()
    except (SaveError, UnicodeDecodeError):
        return None


def _parse(path: Path, raw: bytes | None = None) -> dict[str, Any]:
    if raw is None:
        raw = read_bytes(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveError(path, msg("core.save.not_utf8", byte=e.start)) from None
    import tomllib  # here: a save read again unchanged comes from the cache (read), without the parser

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
    lines = _text_of(path)
    if lines is None:
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


def _validate(data: dict[str, Any], path: Path, folder: Path, digested: bool = False) -> Save:
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
    digest = data.get("journal_sha256")
    if digested and not (isinstance(digest, str) and re.fullmatch(r"[0-9a-f]{64}", digest)):
        raise SaveError(path, msg("core.save.key", key="journal_sha256", problem=(
            MISSING if digest is None else wrong(str, digest)).to_data()), _line_of(path, "journal_sha256"))
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
        clock=data.get("clock") if isinstance(data.get("clock"), dict) else None,  # a cache: anything else is summed again
        schema_version=data["schema_version"],
        folder=folder,
        journal_sha256=data.get("journal_sha256") if digested else None,
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
KNOWN_OS_ERRORS = ("ENOSPC", "EROFS", "EACCES", "EPERM", "EDQUOT", "EPIPE", "ENOENT", "EISDIR", "ENOTDIR", "EIO", "ELOOP",
                   "EEXIST", "ENAMETOOLONG", "EBUSY")


def read_journal(folder: Path, length: int, path: Path | None = None, exact: bool = False,
                 raw: bytes | None = None) -> list[dict[str, Any]]:
    """The first ``length`` entries of the journal, each checked; ``exact``: the journal holds exactly ``length``
    entries (a save of schema version 3, whose journal's digest matched). Older saves may have one entry more
    (a crash between the two writes), which is dropped."""
    path = path or folder / JOURNAL_FILE
    if raw is None and length == 0 and not path.exists():
        return []
    if raw is None and not path.exists():
        raise SaveError(path, msg("core.save.journal_missing", count=length))
    data = migrate(_parse(path, raw), path, table=JOURNAL_MIGRATIONS)
    entries = data.get("entries", [])
    if not isinstance(entries, list):
        raise SaveError(path, msg("core.save.key", key="entries", problem=wrong(list, entries).to_data()), _line_of(path, "entries"))
    if len(entries) < length:
        raise SaveError(path, msg("core.save.journal_short", entries=len(entries), count=length))
    if len(entries) > length + (0 if exact else 1):
        raise SaveError(path, msg("core.save.journal_long", entries=len(entries), count=length))
    for i, e in enumerate(entries[:length], 1):
        if not isinstance(e, dict) or not isinstance(e.get("step"), dict) or not isinstance(e["step"].get("proc"), str):
            raise SaveError(path, msg("core.save.entry_step", n=i), _entry_line(path, i))
        if ("n" in e or exact) and (not isinstance(e.get("n"), int) or isinstance(e["n"], bool) or e["n"] != i):
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
    lines = _text_of(path)
    if lines is None:
        return None
    seen = 0
    for i, line in enumerate(lines, 1):
        if line.strip() == "[[entries]]":
            seen += 1
            if seen == n:
                return i
    return None


BACKUP_FILE = SAVE_FILE + ".bak"


def _replace_bytes(path: Path, data: bytes) -> None:
    import tempfile

    from .atomic import _fsync_dir, temporary_prefix

    fd, tmp = tempfile.mkstemp(prefix=temporary_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if os.path.isdir(path) and not os.path.islink(path):
            raise SaveError(path, msg("core.save.not_regular"))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)
