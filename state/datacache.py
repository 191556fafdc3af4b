"""A cache of parsed game-data files in ``$TABLETOP_HOME/cache`` (marshal files keyed by path, size and mtime).

Only a speed-up: any problem reading or writing it falls back to parsing the file.
"""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path
from typing import Any

VERSION = 1


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
        where = os.path.abspath(path).strip(os.sep).replace(os.sep, "_").replace(":", "_")[-120:]
        py = "".join(str(x) for x in sys.version_info[:2])
        return self.folder / f"{where}.{st.st_size}.{st.st_mtime_ns}.v{VERSION}.py{py}.marshal"

    def get(self, path: Path) -> dict[str, Any] | None:
        f = self._file(path)
        if f is None:
            return None
        try:
            import stat

            fd = os.open(f, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO put there is never waited for
            with os.fdopen(fd, "rb") as fh:
                if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                    return None
                data = marshal.load(fh)
        except Exception:
            return None
        return data if isinstance(data, dict) else None

    def put(self, path: Path, data: dict[str, Any]) -> None:
        f = self._file(path)
        if f is None:
            return
        tmp = f.with_suffix(f".{os.getpid()}.tmp")
        try:
            if self.create:
                self.folder.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as fh:
                marshal.dump(data, fh)
            os.replace(tmp, f)
        except (OSError, ValueError):  # ValueError: a value marshal cannot store; the cache is only a speed-up
            try:
                tmp.unlink()
            except OSError:
                pass
