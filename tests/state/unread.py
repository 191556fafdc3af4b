"""A check that a file was refused unread, counted rather than timed (no timed assertions in tests): every
``os.read`` of a descriptor that is not a regular file (a FIFO, a device such as /dev/zero) is recorded. The
guarded reader (``state/reader.py``) reads with ``os.read``, so a refusal "at once, unread" leaves the list empty."""

from __future__ import annotations

import os
import stat


def non_regular_reads(monkeypatch) -> list[tuple[int, int]]:
    """Start recording; returns the list that fills with (descriptor, size asked) of each such read."""
    seen: list[tuple[int, int]] = []
    real = os.read

    def read(fd: int, n: int) -> bytes:
        try:
            regular = stat.S_ISREG(os.fstat(fd).st_mode)
        except OSError:
            regular = True  # a closed descriptor: the real read says so
        if not regular:
            seen.append((fd, n))
        return real(fd, n)

    monkeypatch.setattr(os, "read", read)
    return seen
