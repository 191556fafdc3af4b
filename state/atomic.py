"""Atomic file writes: a temporary file in the same folder, fsync, replace."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Callable


def write_atomic(path: Path, text: str, backup: bool = True) -> None:
    """Replace ``path`` with ``text`` so that a reader sees the old or the new file, never half of one.

    With ``backup`` the previous version is kept as ``<name>.bak``. The file keeps its permission bits (a new
    file gets the ones a plain ``open`` would give it under the umask), not the temporary file's 0600.
    """
    import shutil
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    clean_dead_temporaries(path)
    fd, tmp = tempfile.mkstemp(prefix=temporary_prefix(path), suffix=".tmp", dir=path.parent)
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


def temporary_prefix(path: Path) -> str:
    """The name a temporary file for ``path`` begins with: hidden, the file's name, the writer's process id."""
    return f".{path.name}.{os.getpid()}."


def clean_dead_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files for ``path`` (``temporary_prefix``) whose writer is gone: a kill during a write
    (an export to a file of the table's, a save) leaves one, which the next write of that file removes. A file of a
    process still alive is left alone. Returns the files removed."""
    start = f".{path.name}."

    def writer(name: str) -> str | None:
        if name.startswith(start) and name.endswith(".tmp"):
            return name[len(start):].split(".", 1)[0]
        return None

    return remove_dead_writers(path.parent, writer)


def remove_dead_writers(folder: Path, writer: Callable[[str], str | None]) -> list[Path]:
    """Remove the files of ``folder`` whose writer (``writer(name)``: the process id in a temporary file's name, or
    None for a file that is not one) is gone; a file of a live process is left alone. Returns the files removed."""
    removed: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        pid = writer(name)
        if pid is None or not pid.isdigit() or alive(int(pid)):
            continue
        try:
            os.unlink(folder / name)
            removed.append(folder / name)
        except OSError:
            pass
    return removed


def alive(pid: int) -> bool:
    """Whether the process ``pid`` still runs (its temporary files are then its own)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


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
