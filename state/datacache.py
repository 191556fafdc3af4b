"""A cache of parsed files in ``$TABLETOP_HOME/cache``: the game data and catalogs (marshal files keyed by path,
size and mtime), the saves (one marshal file per save, keyed by the digest its first line proves), and which
shipped data was checked and found sound (one marshal file per data folder, keyed by the files' sizes and mtimes).

Only a speed-up, never a source of truth (issue 37): every entry begins with a checksum of its own bytes, which
is checked before anything is unmarshalled (a flipped bit, random bytes or a truncated entry are passed over and
the file parsed afresh); an entry is read through the guarded reader, bounded in size; a save's entry is used only
by a command that does not hold the save's lock (``state/save.py``), so nothing taken from the cache is ever written
into a save. Any problem reading or writing it falls back to parsing the file.
"""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path
from typing import Any

VERSION = 2  # 2: every entry carries the checksum of its bytes (version-1 entries are never read)

#: an entry's first bytes: this mark, then the checksum (BLAKE2b, 32 bytes) of the bytes after it
MAGIC = b"TTcache2"
SUM_BYTES = 32
#: no entry larger than this is read (a save is at most 64 MB of text; its parsed form is smaller)
MAX_ENTRY_BYTES = 96 * 1024 * 1024


class ParsedFileCache:
    """``create``: whether a missing cache folder is made (else nothing is written until it exists)."""

    def __init__(self, folder: Path, create: bool = True):
        self.folder = folder
        self.create = create

    def _file(self, path: Path) -> Path | None:
        try:
            st = os.stat(path)
        except OSError:
            return None
        return self.folder / f"{_where(path)}.{st.st_size}.{st.st_mtime_ns}.v{VERSION}.py{_py()}.marshal"

    def get(self, path: Path) -> dict[str, Any] | None:
        f = self._file(path)
        if f is None:
            return None
        data = _load(f)
        return data if isinstance(data, dict) else None

    def put(self, path: Path, data: dict[str, Any]) -> None:
        f = self._file(path)
        if f is None:
            return
        try:
            blob = marshal.dumps(data)
        except ValueError:  # a value marshal cannot store; the cache is only a speed-up
            return
        self._write(f, blob)

    # -- files whose content proves itself (a save: its digest line), one entry per file -----------------------
    def _digest_file(self, path: Path) -> Path:
        return self.folder / f"{_where(path)}.digested.v{VERSION}.py{_py()}.marshal"

    def get_digested(self, path: Path, digest: str) -> dict[str, Any] | None:
        """The parsed content of the file ``path`` whose bytes have ``digest`` (the caller has just checked them);
        None when the cache holds another version of the file, or nothing."""
        got = _load(self._digest_file(path))
        if isinstance(got, tuple) and len(got) == 2 and got[0] == digest and isinstance(got[1], dict):
            return got[1]
        return None

    def put_digested(self, path: Path, digest: str, blob: bytes) -> None:
        """Keep ``blob`` (``digested_blob``: the parsed content of the bytes with ``digest``) for ``path``, in place of
        the version kept before."""
        self._write(self._digest_file(path), blob)

    # -- what was checked before (automata/core/datafiles.py checked_before) -------------------------------------
    def _checked_file(self, what: Path) -> Path:
        return self.folder / f"{_where(what)}.checked.v{VERSION}.py{_py()}.marshal"

    def checked(self, what: Path, key: Any) -> bool:
        """Whether ``mark_checked(what, key)`` was the last record for ``what``."""
        try:
            return _load(self._checked_file(what)) == key
        except Exception:  # a value that cannot be compared: not checked
            return False

    def mark_checked(self, what: Path, key: Any) -> None:
        try:
            blob = marshal.dumps(key)
        except ValueError:
            return
        self._write(self._checked_file(what), blob)

    def _write(self, f: Path, blob: bytes) -> None:
        tmp = f.with_name(f"{f.name}.{os.getpid()}.tmp")
        try:
            if self.create:
                self.folder.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as fh:
                fh.write(MAGIC + _checksum(blob) + blob)
            os.replace(tmp, f)
        except OSError:
            try:
                tmp.unlink()
            except OSError:
                pass

    def clean_stray_temporary_files(self) -> list[Path]:
        """Remove the temporary entries (``*.<pid>.tmp``) whose writer is gone (a kill during a cache write);
        returns them. An entry being written by a live process is left alone."""
        from .atomic import remove_dead_writers

        return remove_dead_writers(self.folder, lambda n: n[:-4].rpartition(".")[2] if n.endswith(".tmp") else None)


def _checksum(blob: bytes) -> bytes:
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - other Pythons
        from hashlib import blake2b
    return blake2b(blob, digest_size=SUM_BYTES).digest()


def digested_blob(digest: str, data: dict[str, Any]) -> bytes | None:
    """What ``put_digested`` keeps, taken at once (the caller may change ``data`` afterwards); None when marshal
    cannot store a value of it."""
    try:
        return marshal.dumps((digest, data))
    except ValueError:
        return None


def _where(path: Path) -> str:
    return os.path.abspath(path).strip(os.sep).replace(os.sep, "_").replace(":", "_")[-120:]


def _py() -> str:
    return "".join(str(x) for x in sys.version_info[:2])


def _load(f: Path) -> Any:
    """The value marshalled in ``f``, once its checksum proves its bytes; None when it is missing, not a regular
    file, too large, unreadable, or its bytes are not the ones written."""
    from .reader import Refused, read_regular

    try:
        raw = read_regular(f, MAX_ENTRY_BYTES, follow=False)  # a FIFO or a device put there is never waited for
    except (OSError, Refused):
        return None
    head = len(MAGIC) + SUM_BYTES
    if len(raw) < head or not raw.startswith(MAGIC):
        return None
    blob = raw[head:]
    if _checksum(blob) != raw[len(MAGIC):head]:
        return None
    try:
        return marshal.loads(blob)
    except Exception:
        return None


#: The cache the command line installed for this run (``cli/commands/env.py`` ``install_data_cache``); None: every file is
#: parsed afresh (the rules and the tests use no cache unless they install one).
_installed: ParsedFileCache | None = None


def install(cache: ParsedFileCache | None) -> None:
    global _installed
    _installed = cache


def installed() -> ParsedFileCache | None:
    return _installed
