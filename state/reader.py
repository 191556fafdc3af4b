"""The one guarded reader (issue 37): every file the program reads of its own (a save, a journal, ``current``, the
table's language, the collection, the caches, an answers or owner file) is opened here, so that no file can make
the program wait or fill its memory: only a regular file is read (a FIFO, a device, a socket, a link loop or a
folder is refused at once, named), never more than a bound, and the open never blocks.

Kept tiny (``os`` and ``stat`` only): the table's language is looked up through it before anything is printed.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: why a file was refused: not a regular file (a FIFO, a device, a socket, a folder; a link when links are not
#: followed), a link that never ends (a loop), or larger than the bound
NOT_REGULAR = "not_regular"
LINK_LOOP = "link_loop"
TOO_LARGE = "too_large"


class Refused(ValueError):
    """``path`` was not read: ``reason`` is ``NOT_REGULAR``, ``LINK_LOOP`` or ``TOO_LARGE`` (``limit``: the bound)."""

    def __init__(self, path: Path | str, reason: str, limit: int = 0):
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason
        self.limit = limit


def open_regular(path: Path | str, follow: bool = True) -> int:
    """A file descriptor of ``path``, proven a regular file, opened without blocking (the caller closes it).
    ``follow``: a symbolic link is followed (an owner's file may be one); else a link is refused. Raises
    ``Refused``, or OSError (missing, no permission...)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        if e.errno == errno.ELOOP:  # a link loop, or (not following) a link
            raise Refused(path, NOT_REGULAR if not follow and os.path.islink(path) else LINK_LOOP) from None
        if e.errno in (errno.ENXIO, errno.EISDIR, getattr(errno, "EMLINK", -1), getattr(errno, "ENODEV", -1)):
            raise Refused(path, NOT_REGULAR) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Refused(path, NOT_REGULAR)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: Path | str, limit: int, follow: bool = True) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (a larger file is ``Refused``, unread)."""
    fd = open_regular(path, follow)
    try:
        if os.fstat(fd).st_size > limit:
            raise Refused(path, TOO_LARGE, limit)
        return read_fd(fd, path, limit)
    finally:
        os.close(fd)


def read_fd(fd: int, path: Path | str, limit: int) -> bytes:
    """Up to ``limit`` bytes of ``fd`` (a file that grew past it while read is ``Refused``)."""
    parts = []
    size = 0
    while True:
        block = os.read(fd, min(1 << 20, limit + 1 - size))
        if not block:
            break
        parts.append(block)
        size += len(block)
        if size > limit:
            raise Refused(path, TOO_LARGE, limit)
    return b"".join(parts)

