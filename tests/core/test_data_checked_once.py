"""The shipped data is checked (validated) once, not on every command: the parsed-file cache remembers that these
very files were checked by the code as it is now (automata/core/datafiles.py ``checked_before``,
automata/core/gamedata.py ``cached_default``). Skipping the check must change nothing in the data, and any change of
a data file or of the checking code makes the check run again."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from automata.core import datafiles, gamedata
from state.datacache import ParsedFileCache

DATA_MODULES = ("automata.chaos.data", "automata.toc.data", "automata.radlands.data", "automata.anachrony.data",
                "automata.anachrony.score_data", "automata.anachrony.solo.data")


@pytest.mark.parametrize("name", DATA_MODULES)
def test_the_data_made_without_the_check_is_the_data_made_with_it(name):
    """The check only reads: what a game's data is made of is the same whether the check ran or was skipped."""
    module = importlib.import_module(name)
    checked, unchecked = gamedata.fresh(module._shipped()), gamedata.fresh(module._shipped())
    module._default.make(checked, True)
    module._default.make(unchecked, False)
    assert checked == unchecked


@pytest.mark.parametrize("name", DATA_MODULES)
def test_the_code_that_checks_a_game_s_data_is_known(name):
    """A change of the code that checks the data makes it checked again: its files are in the key."""
    module = importlib.import_module(name)
    files = gamedata.code_files((name, *(("automata.radlands.schema",) if "radlands" in name else ())))
    assert module.__file__ in files
    assert importlib.import_module("automata.core.datacheck").__file__ in files
    if "radlands" in name:
        assert {importlib.import_module(f"automata.radlands.{m}").__file__ for m in ("data_check", "schema", "vocabulary")} <= set(files)


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """A data folder of two files and a ``make`` that records whether it was asked to check."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "a.toml").write_text("[a]\nx = 1\n", encoding="utf-8")
    (folder / "b.toml").write_text("[b]\ny = 2\n", encoding="utf-8")
    calls: list[bool] = []

    def make(ns, check=True):
        calls.append(check)
        if check and ns["a"]["x"] != 1:
            raise gamedata.DataError("a.x must be 1")
        return ns

    make.__module__ = __name__
    default = gamedata.cached_default(folder, (("a.toml", "a", "a"), ("b.toml", "b", "b")), {"a.toml": {"a"}, "b.toml": {"b"}})(make)
    monkeypatch.setattr(datafiles, "_cache", ParsedFileCache(tmp_path / "cache"))

    def run():
        default.cache_clear()
        default.shipped.cache_clear()
        before = len(calls)
        default()
        return calls[before:]

    return folder, run


def test_shipped_data_checked_once_is_not_checked_again(toy):
    folder, run = toy
    assert run() == [True]
    assert run() == [False]
    assert run() == [False]


def test_a_changed_data_file_is_checked_again(toy):
    folder, run = toy
    run()
    (folder / "b.toml").write_text("[b]\ny = 3\n", encoding="utf-8")
    assert run() == [True]
    assert run() == [False]


def test_a_data_file_that_fails_the_check_is_never_taken_for_checked(toy):
    folder, run = toy
    run()
    (folder / "a.toml").write_text("[a]\nx = 2\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(gamedata.DataError):
            run()


def test_a_change_of_the_checking_code_makes_the_data_checked_again(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "a.toml").write_text("a = 1\n", encoding="utf-8")
    code = tmp_path / "check.py"
    code.write_text("# the check\n", encoding="utf-8")
    monkeypatch.setattr(datafiles, "_cache", ParsedFileCache(tmp_path / "cache"))
    known, remember = datafiles.checked_before(folder, ["a.toml"], [str(code)])
    assert not known
    remember()
    assert datafiles.checked_before(folder, ["a.toml"], [str(code)])[0]
    code.write_text("# the check, stricter\n", encoding="utf-8")
    assert not datafiles.checked_before(folder, ["a.toml"], [str(code)])[0]
    os.utime(folder / "a.toml", ns=(1, 1))  # another modification time: another file for the cache
    assert not datafiles.checked_before(folder, ["a.toml"], [str(code)])[0]


def test_without_a_cache_the_data_is_always_checked(toy, monkeypatch):
    folder, run = toy
    monkeypatch.setattr(datafiles, "_cache", None)
    assert run() == [True]
    assert run() == [True]


def test_a_cache_that_cannot_remember_checks_the_data_every_time(toy, monkeypatch):
    folder, run = toy

    class ParsedOnly:
        def get(self, path: Path):
            return None

        def put(self, path: Path, data) -> None:
            pass

    monkeypatch.setattr(datafiles, "_cache", ParsedOnly())
    assert run() == [True]
    assert run() == [True]
