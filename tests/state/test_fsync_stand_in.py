"""The test process's fsync (tests/conftest.py, _fsync_in_memory) refuses what the real one refuses and accepts what
it accepts, so that a save written in a test meets the same errors as at the table (only the wait for the disk is
left out)."""

from __future__ import annotations

import errno
import os

import pytest

from conftest import REAL_FSYNC


def _outcome(fsync, fd: int):
    try:
        fsync(fd)
    except OSError as e:
        return e.errno
    return None


def test_the_stand_in_is_the_one_the_tests_use():
    assert os.fsync is not REAL_FSYNC


@pytest.mark.parametrize("kind", ["file", "folder", "pipe", "closed"])
def test_the_stand_in_answers_as_the_real_fsync(tmp_path, kind):
    if kind == "file":
        fd = os.open(tmp_path / "save.toml", os.O_WRONLY | os.O_CREAT)
    elif kind == "folder":
        fd = os.open(tmp_path, os.O_RDONLY)
    else:
        fd, other = os.pipe()
        os.close(other)
        if kind == "closed":
            os.close(fd)
    try:
        expected = {"file": None, "folder": None, "pipe": errno.EINVAL, "closed": errno.EBADF}[kind]
        assert _outcome(REAL_FSYNC, fd) == expected
        assert _outcome(os.fsync, fd) == expected
    finally:
        if kind != "closed":
            os.close(fd)
