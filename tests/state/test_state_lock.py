"""Two writers on one save: the second fails clearly while the first holds the lock."""

import os
import subprocess
import sys

import pytest

from lock_clock import LockClock
from state.lock import SaveBusy, SaveLock

HOLDER = r"""
import sys
from pathlib import Path
from state.lock import SaveLock

with SaveLock(Path(sys.argv[1]), wait=0):
    print("locked", flush=True)
    sys.stdin.readline()  # hold the lock until the parent says so
print("released", flush=True)
"""


def hold_lock(folder):
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "locked\n"
    return child


def release(child):
    child.stdin.write("\n")
    child.stdin.flush()
    assert child.stdout.readline() == "released\n"
    child.wait(10)
    child.stdin.close()
    child.stdout.close()


def test_second_process_gets_save_busy(tmp_path, monkeypatch):
    """The second writer tries again through its whole wait, then gives up naming the holder. The wait is counted
    on a fake clock (no time limit in a test: last session's version measured the real time and could fail on a
    busy machine)."""
    import state.lock as lock_module

    folder = tmp_path / "g1"
    child = hold_lock(folder)
    clock = LockClock()
    monkeypatch.setattr(lock_module, "time", clock)
    try:
        with pytest.raises(SaveBusy) as e:
            with SaveLock(folder, wait=0.3):
                pytest.fail("got the lock while another process holds it")
        assert len(clock.slept) > 1 and sum(clock.slept) >= 0.3  # it tried again through the wait before giving up
        assert e.value.path == folder
        assert e.value.holder == str(child.pid)  # the message can name the process
    finally:
        release(child)
    monkeypatch.undo()
    with SaveLock(folder, wait=0) as lock:  # free again once the first is done
        assert (folder / ".lock").read_text() == str(os.getpid())
        assert lock.path == folder / ".lock"
    assert (folder / ".lock").read_text() == ""


def test_waits_for_a_holder_that_finishes_in_time(tmp_path, monkeypatch):
    """The lock is refused while another process holds it, and taken once that process lets go within the wait:
    the holder is told to let go at the first refusal, so the wait is seen without timing anything."""
    import state.lock as lock_module

    folder = tmp_path / "g1"
    child = hold_lock(folder)
    refusals = []
    real_lock = lock_module._lock

    def lock_and_release_at_the_first_refusal(fh):
        try:
            real_lock(fh)
        except OSError:
            if not refusals:
                child.stdin.write("\n")
                child.stdin.flush()  # the holder lets go now; the waiting lock tries again
            refusals.append(True)
            raise

    monkeypatch.setattr(lock_module, "_lock", lock_and_release_at_the_first_refusal)
    try:
        with SaveLock(folder, wait=30):
            assert (folder / ".lock").read_text() == str(os.getpid())
    finally:
        if not refusals:
            child.stdin.write("\n")
            child.stdin.flush()
        child.wait(10)
        child.stdin.close()
        child.stdout.close()
    assert refusals, "the lock was taken while another process held it"


def test_two_locks_in_one_process_also_exclude(tmp_path):
    with SaveLock(tmp_path, wait=0):
        with pytest.raises(SaveBusy):
            with SaveLock(tmp_path, wait=0):
                pass
    with SaveLock(tmp_path, wait=0):
        pass


def test_lock_released_when_the_holder_dies(tmp_path):
    folder = tmp_path / "g1"
    child = hold_lock(folder)
    with pytest.raises(SaveBusy):  # held while the holder lives
        with SaveLock(folder, wait=0):
            pytest.fail("got the lock while another process holds it")
    child.kill()
    child.wait(10)
    child.stdin.close()
    child.stdout.close()
    with SaveLock(folder, wait=2):  # the system let go of a dead holder's lock
        assert (folder / ".lock").read_text() == str(os.getpid())
