"""Issue 37 item 3: a reader never calls a sound save damaged because a writer is at work. Readers take no lock (a
writer holds it while the table thinks), so ``status``, ``log``, ``export``, ``history`` and ``games`` may read
while ``play`` writes; they called a sound save damaged in 20 of 96 reads.

The race is made deterministic: the writer's steps are driven at a known point of the reader (right after it
read ``save.toml``, or after ``read`` returned and before the journal is parsed)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

import midgame
from cli_checks import tt
from state import save as save_module


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    return midgame.build(tmp_path_factory.mktemp("race") / "chaos", "chaos")


def writer_steps(folder: Path, steps: int) -> None:
    """The writer at work: ``steps`` steps completed under the lock, as 'play' completes them."""
    from state.lock import SaveLock
    from state.session import Session

    module, cls = midgame.GAMES["chaos"][2].split(":")
    policy = getattr(importlib.import_module(module), cls)(11)
    with SaveLock(folder):
        session = Session.open(folder)
        policy.state = session.save.state
        assert session.play(policy, max_steps=steps).steps_done == steps


def writer_after_the_save_is_read(monkeypatch, folder: Path, steps: int = 2) -> list:
    """The writer runs once, right after the first reader has read ``save.toml`` (before its journal)."""
    plain = save_module.read_bytes
    fired: list = []

    def read_bytes(path):
        data = plain(path)
        if not fired and path.name == "save.toml":
            fired.append(path)
            monkeypatch.setattr(save_module, "read_bytes", plain)  # the writer reads as usual
            writer_steps(folder, steps)
        return data

    monkeypatch.setattr(save_module, "read_bytes", read_bytes)
    return fired


@pytest.mark.parametrize("args", [["status"], ["log"], ["games", "--json"], ["history", "--json"],
                                  ["export", "--json"]], ids=lambda a: a[0])
def test_a_reader_racing_a_writer_never_calls_the_save_damaged(template, _tabletop_home, monkeypatch, args):
    folder = midgame.copy_game(template, _tabletop_home, "g")
    n = save_module.read(folder).journal_length
    fired = writer_after_the_save_is_read(monkeypatch, folder)
    r = tt(*args)
    assert fired, "the writer never ran"
    assert r.exit_code == 0, (args, r.output)
    assert "is damaged" not in r.output and "restore" not in r.output, (args, r.output)
    if args[0] == "history":
        (row,) = json.loads(r.stdout)["games"]
        assert row["damaged"] == "" and row["steps"] == n + 2, row
    if args[0] == "games":
        (row,) = json.loads(r.stdout)["games"]
        assert "error" not in row and row["steps"] == n + 2, row
    assert save_module.read(folder).journal_length == n + 2


def test_the_journal_is_the_one_the_save_was_read_with(template, _tabletop_home):
    """A step completed between the read of the save and the parse of its journal: the journal parsed is the one
    whose digest was checked (it was read again by its name, and found one entry too long)."""
    folder = midgame.copy_game(template, _tabletop_home, "g")
    save = save_module.read(folder)
    writer_steps(folder, 1)
    assert len(save.journal()) == save.journal_length


def test_damage_that_stays_is_still_said(template, _tabletop_home):
    folder = midgame.copy_game(template, _tabletop_home, "g")
    path = folder / "save.toml"
    path.write_bytes(path.read_bytes().replace(b"round = ", b"round_ = ", 1))
    with pytest.raises(save_module.SaveError):
        save_module.read(folder)
