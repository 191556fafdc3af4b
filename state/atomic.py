"""Atomic file writes: a temporary file in the same folder, fsync, replace."""

from __future__ import annotations

import os
from pathlib import Path


def write_atomic(path: Path, text: str, backup: bool = True) -> None:
    """Replace ``path`` with ``text`` so that a reader sees the old or the new file, never half of one.

    With ``backup`` the previous version is kept as ``<name>.bak``. The file keeps its permission bits (a new
    file gets the ones a plain ``open`` would give it under the umask), not the temporary file's 0600.
    """
    import shutil
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fchmod(fh.fileno(), _mode(path))
            os.fsync(fh.fileno())
        if backup and path.exists():
            # The backup is replaced atomically too: an interrupted copy never leaves a broken .bak.
            bak = path.with_name(path.name + ".bak")
            bak_tmp = path.with_name(f".{path.name}.bak.{os.getpid()}.tmp")
            try:
                shutil.copy2(path, bak_tmp)
                with open(bak_tmp, "rb") as fh:
                    os.fsync(fh.fileno())
                os.replace(bak_tmp, bak)
            finally:
                if bak_tmp.exists():
                    bak_tmp.unlink()
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError) and e.filename is None:  # say which file could not be written
            raise OSError(e.errno, e.strerror or str(e), str(path)) from None
        raise
    _fsync_dir(path.parent)


def _mode(path: Path) -> int:
    """The permission bits ``path`` has, or, for a new file, 0666 less the umask (what ``open`` gives)."""
    import stat

    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
