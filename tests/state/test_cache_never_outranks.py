"""Issue 37 item 1: a cache can only make the program faster, never different. Every cache entry proves its own
bytes (a checksum) before it is used, else it is passed over and the file parsed afresh; a command that writes the
save (it holds the lock) never takes a save from the cache; a write killed half way leaves no temporary entry that
the next command does not remove."""

from __future__ import annotations

import json
import marshal
import os
import random
from pathlib import Path

import pytest

from cli_checks import tt
from state import datacache
from state.save import read


@pytest.fixture(autouse=True)
def _as_a_fresh_process(monkeypatch):
    """No shipped file kept parsed in the process (automata/core/datafiles.py ``_shipped_key``): every command here
    reads the catalogs and data through the home's cache, as a command in a process of its own does."""
    from automata.core import datafiles

    monkeypatch.setattr(datafiles, "_PROGRAM", ())


@pytest.fixture
def folder(_tabletop_home) -> Path:
    assert tt("new", "chaos", "--name", "g", "--seed", "7", "--powers", "khorne,nurgle,tzeentch,slaanesh").exit_code == 0
    assert tt("status").exit_code == 0  # the command fills the home's cache with the save's entry
    return _tabletop_home / "games" / "g"


def save_entry(home: Path) -> Path:
    (entry,) = (home / "cache").glob("*save.toml.digested.*")
    return entry


def status_json() -> dict:
    r = tt("status", "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def khorne_vp(data: dict) -> int:
    return data["state"]["p"]["khorne"]["vp"]


def test_a_planted_entry_of_the_old_kind_is_never_shown(folder, _tabletop_home):
    """The issue's planted entry (Khorne 0 -> 49 VP), written as the cache wrote entries before: it carries the
    save's digest but no checksum of its own bytes, so it is passed over."""
    truth = status_json()
    entry = save_entry(_tabletop_home)
    digest, data = datacache._load(entry)
    assert khorne_vp(data) == 0
    data["state"]["p"]["khorne"]["vp"] = 49
    entry.write_bytes(marshal.dumps((digest, data)))  # the old format: trusted whenever the digest matched
    assert status_json() == truth


def test_a_flipped_bit_in_the_cache_never_changes_or_damages_the_save(folder, _tabletop_home):
    """One flipped bit in the cache (not in the save) made a sound save 'damaged' or showed another board."""
    truth = status_json()
    entry = save_entry(_tabletop_home)
    good = entry.read_bytes()
    rng = random.Random(37)
    for i in [rng.randrange(len(good)) for _ in range(6)] + [len(good) - 3]:
        flipped = bytearray(good)
        flipped[i] ^= 1 << rng.randrange(8)
        entry.write_bytes(bytes(flipped))
        assert status_json() == truth, i


def test_random_bytes_in_every_cache_file_are_passed_over(folder, _tabletop_home):
    truth = status_json()
    rng = random.Random(7)
    for f in (_tabletop_home / "cache").iterdir():
        f.write_bytes(bytes(rng.randrange(256) for _ in range(4096)))
    assert status_json() == truth


def test_an_entry_with_a_valid_checksum_is_never_written_into_the_save(folder, _tabletop_home):
    """Even an entry that proves its bytes (written by the cache itself) is not taken by a command that writes:
    'play' reads the save from its own bytes, so a board the save does not hold is never made permanent."""
    entry = save_entry(_tabletop_home)
    digest, data = datacache._load(entry)
    data["state"]["p"]["khorne"]["vp"] = 49
    datacache.ParsedFileCache(entry.parent)._write(entry, marshal.dumps((digest, data)))
    tt("play", "--steps", "1")  # writes the step it reaches (a question then waits)
    datacache.install(None)
    assert khorne_vp(read(folder).to_data()) == 0


def test_a_cache_entry_is_read_through_the_guarded_reader(tmp_path):
    """A FIFO, a link to /dev/zero or a folder where an entry would be is passed over at once."""
    source = tmp_path / "data.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    cache = datacache.ParsedFileCache(tmp_path / "cache")
    cache.put(source, {"a": 1})
    assert cache.get(source) == {"a": 1}
    for make in (os.mkfifo, lambda p: p.symlink_to("/dev/zero"), os.mkdir):
        f = cache._file(source)
        if f.is_dir() and not f.is_symlink():
            f.rmdir()
        elif os.path.lexists(f):
            f.unlink()
        make(f)
        assert cache.get(source) is None


def test_a_temporary_entry_left_by_a_killed_write_is_removed_by_the_next_command(folder, _tabletop_home):
    cache = _tabletop_home / "cache"
    import subprocess
    import sys

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = cache / f"x.marshal.{int(gone.stdout)}.tmp"  # what a write killed half way leaves
    alive = cache / f"y.marshal.{os.getpid()}.tmp"  # a write in progress (this very process)
    dead.write_bytes(b"half")
    alive.write_bytes(b"half")
    assert tt("status").exit_code == 0
    assert not dead.exists() and alive.exists()
