"""A lock file so that two terminals cannot write the same save at once."""

from __future__ import annotations

import os
import time
from pathlib import Path


class SaveBusy(RuntimeError):
    def __init__(self, path: Path, holder: str):
        super().__init__(str(path))
        self.path = path
        self.holder = holder


class SaveLock:
    """An exclusive, non-blocking lock on ``<folder>/.lock``; waits up to ``wait`` seconds."""

    def __init__(self, folder: Path, wait: float = 2.0):
        self.path = folder / ".lock"
        self.wait = wait
        self._fh = None

    def __enter__(self) -> "SaveLock":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fh = open(self.path, "a+")
        deadline = time.monotonic() + self.wait
        while True:
            try:
                _lock(fh)
                break
            except OSError:
                if time.monotonic() >= deadline:
                    fh.seek(0)
                    holder = fh.read().strip()
                    fh.close()
                    raise SaveBusy(self.path.parent, holder) from None
                time.sleep(0.05)
        fh.seek(0)
        fh.truncate()
        fh.write(str(os.getpid()))
        fh.flush()
        self._fh = fh
        return self

    def __exit__(self, *exc) -> None:
        if self._fh is not None:
            try:
                self._fh.seek(0)
                self._fh.truncate()
                _unlock(self._fh)
            finally:
                self._fh.close()
                self._fh = None


try:
    import fcntl

    def _lock(fh) -> None:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fh) -> None:
        fcntl.flock(fh.fileno(), fcntl.LOCK_UN)

except ImportError:  # Windows
    import msvcrt

    def _lock(fh) -> None:
        fh.seek(0)
        msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)

    def _unlock(fh) -> None:
        fh.seek(0)
        msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
