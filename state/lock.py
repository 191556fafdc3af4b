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


class LockNotAFile(RuntimeError):
    """The lock file is a symbolic link or not a regular file: refused, never followed."""

    def __init__(self, path: Path):
        super().__init__(str(path))
        self.path = path


def _open_lock(path: Path):
    """Open (or create) the lock file for reading and appending without following a symbolic link."""
    flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    if path.is_symlink():
        raise LockNotAFile(path)
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as e:
        import errno

        if e.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO, getattr(errno, "EMLINK", -1)):
            raise LockNotAFile(path) from None
        raise
    import stat

    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise LockNotAFile(path)
    return os.fdopen(fd, "a+")


def clean_stray_temporary_files(folder: Path) -> list[Path]:
    """Remove the temporary files (``.*.tmp``) that a write killed half way left in ``folder``.

    Call it only while holding the folder's lock: every writer of the folder holds it, so a temporary file there
    then belongs to a process that is gone. Returns the files removed.
    """
    removed = []
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return removed
    for tmp in candidates:
        try:
            if tmp.is_file() and not tmp.is_symlink():
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            pass
    return removed


#: The save folders whose lock this process holds (``holds``): a save read under its lock is about to be written,
#: so it is read from its own bytes, never from the cache (state/save.py ``read``).
_HELD: set[str] = set()


def holds(folder: Path) -> bool:
    """Whether this process holds the lock of the save folder ``folder``."""
    return bool(_HELD) and os.path.abspath(folder) in _HELD


class SaveLock:
    """An exclusive, non-blocking lock on ``<folder>/.lock``; waits up to ``wait`` seconds."""

    def __init__(self, folder: Path, wait: float = 2.0):
        self.path = folder / ".lock"
        self.wait = wait
        self._fh = None

    def __enter__(self) -> "SaveLock":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fh = _open_lock(self.path)
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
        _HELD.add(os.path.abspath(self.path.parent))
        clean_stray_temporary_files(self.path.parent)
        return self

    def __exit__(self, *exc) -> None:
        _HELD.discard(os.path.abspath(self.path.parent))
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
