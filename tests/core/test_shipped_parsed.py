"""The program's own TOML files (catalogs, game data, rule topics) are parsed once in a process that reads them many
times (automata/core/datafiles.py ``read_toml``): each reader gets a fresh copy, an edited file is parsed afresh,
and a file outside the program (the owner's, a save) is parsed at every read. The tests' in-process commands spent
about a quarter of their time parsing the same catalogs again (issue 40)."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from automata.core import datafiles

CATALOG = Path(datafiles.__file__).resolve().parents[2] / "cli" / "locales" / "en" / "core.toml"


@pytest.fixture
def parses(monkeypatch) -> list[str]:
    """The files tomllib parses from now on (an empty memory of parsed files to start with)."""
    seen: list[str] = []
    real = tomllib.load

    def load(fh, **kw):
        seen.append(fh.name)
        return real(fh, **kw)

    monkeypatch.setattr(tomllib, "load", load)
    monkeypatch.setattr(datafiles, "_parsed", {})
    return seen


def test_a_shipped_catalog_is_parsed_once_and_each_reader_gets_its_own_copy(parses):
    first = datafiles.read_toml(CATALOG)
    first.clear()  # a reader may change what it got
    second = datafiles.read_toml(CATALOG)
    assert second and second == datafiles.read_toml(CATALOG) and second is not first
    assert len(parses) == 1


def test_an_edited_program_file_is_parsed_again(parses, tmp_path, monkeypatch):
    monkeypatch.setattr(datafiles, "_PROGRAM", (str(tmp_path) + os.sep,))
    data = tmp_path / "data.toml"
    data.write_text("x = 1\n", encoding="utf-8")
    assert datafiles.read_toml(data) == {"x": 1}
    data.write_text("x = 10\n", encoding="utf-8")  # another size: another file for the memory
    assert datafiles.read_toml(data) == {"x": 10}
    assert len(parses) == 2


def test_a_file_outside_the_program_is_parsed_at_every_read(parses, tmp_path):
    owner = tmp_path / "overrides.toml"
    owner.write_text("x = 1\n", encoding="utf-8")
    stamp = owner.stat().st_mtime_ns
    assert datafiles.read_toml(owner) == {"x": 1}
    owner.write_text("x = 2\n", encoding="utf-8")  # the same size and, set back, the same modification time
    os.utime(owner, ns=(stamp, stamp))
    assert datafiles.read_toml(owner) == {"x": 2}
    assert len(parses) == 2
