"""Issue 37 item 2: ``tabletop restore`` keeps every step a sound file holds. When only ``save.toml`` is damaged and
``journal.toml`` is sound, the save is rebuilt by replaying the journal (it went back to the ``.bak``, one step
earlier, and filed the sound journal away); it says how many steps were kept and which were lost; it never deletes
or overwrites anything set aside before (the ``.damaged`` copies are numbered)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

import midgame
from cli_checks import tt
from state.save import read


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    return midgame.build(tmp_path_factory.mktemp("restore") / "chaos", "chaos")


def step_completed(folder: Path) -> None:
    """The step in progress finished by the scripted table, as 'play' does: the journal grows by one entry, the
    save follows; the save's .bak is now one step behind the journal."""
    from state.session import Session

    module, cls = midgame.GAMES["chaos"][2].split(":")
    policy = getattr(importlib.import_module(module), cls)(11)
    session = Session.open(folder)
    policy.state = session.save.state
    assert session.play(policy, max_steps=1).steps_done == 1


def damage_the_save(folder: Path) -> bytes:
    path = folder / "save.toml"
    damaged = path.read_bytes().replace(b"round = ", b"round_ = ", 1)
    path.write_bytes(damaged)
    return damaged


def test_a_sound_journal_is_replayed_and_no_completed_step_is_lost(template, _tabletop_home):
    """The issue's case: only save.toml damaged, journal.toml sound and one step ahead of the .bak."""
    folder = midgame.copy_game(template, _tabletop_home, "g")
    step_completed(folder)
    good = read(folder)
    n = good.journal_length
    assert read(folder, folder / "save.toml.bak").journal_length == n - 1
    journal = (folder / "journal.toml").read_bytes()
    damaged = damage_the_save(folder)
    r = tt("restore", "g")
    assert r.exit_code == 0 and f"all {n} completed steps are kept" in r.output, r.output
    restored = read(folder)
    assert restored.journal_length == n and restored.state == good.state
    assert (folder / "journal.toml").read_bytes() == journal  # the sound journal stays where it is
    assert not (folder / "journal.toml.damaged").exists()
    assert (folder / "save.toml.damaged").read_bytes() == damaged
    assert tt("status").exit_code == 0


def test_restore_says_what_it_kept_in_portuguese_and_json(template, _tabletop_home):
    folder = midgame.copy_game(template, _tabletop_home, "g")
    step_completed(folder)
    n = read(folder).journal_length
    damage_the_save(folder)
    r = tt("--lang", "pt-BR", "--json", "restore", "g")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["kept"] == n and out["source"] == "journal" and out["lost"] == [], out
    damage_the_save(folder)
    r = tt("--lang", "pt-BR", "restore", "g")
    assert f"todos os {n} passos concluídos foram mantidos" in r.output, r.output


def test_steps_no_sound_file_holds_are_named_as_lost(template, _tabletop_home):
    """save.toml damaged and the journal's last entry does not replay: the .bak is the newest sound source, and the
    entry it cannot keep is named."""
    folder = midgame.copy_game(template, _tabletop_home, "g")
    step_completed(folder)
    n = read(folder).journal_length
    import tomllib

    from state.save import dumps

    path = folder / "journal.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["entries"][-1]["records"][0]["id"] = "no.such.question"  # an answer the rules never asked for
    path.write_text(dumps(data), encoding="utf-8")
    damage_the_save(folder)
    r = tt("restore", "g")
    assert r.exit_code == 0, r.output
    assert f"({n - 1} completed steps)" in r.output and f"Lost (no sound file holds it): step {n} (" in r.output, r.output
    assert read(folder).journal_length == n - 1
    assert (folder / "journal.toml.damaged").exists()


def test_nothing_set_aside_before_is_deleted_or_overwritten(template, _tabletop_home):
    folder = midgame.copy_game(template, _tabletop_home, "g")
    earlier = folder / "save.toml.damaged"
    earlier.mkdir()
    (earlier / "kept.txt").write_text("an earlier copy\n", encoding="utf-8")
    (folder / "save.toml.damaged.2").write_bytes(b"an earlier damaged save\n")
    damaged = damage_the_save(folder)
    assert tt("restore", "g").exit_code == 0
    assert (earlier / "kept.txt").read_text(encoding="utf-8") == "an earlier copy\n"
    assert (folder / "save.toml.damaged.2").read_bytes() == b"an earlier damaged save\n"
    assert (folder / "save.toml.damaged.3").read_bytes() == damaged


def test_an_undo_made_after_the_backup_stays_made(template, _tabletop_home):
    """The journal is written before the save: after an undo, a damaged save.toml beside a sound, shorter journal
    is rebuilt from that journal, not from the .bak of before the undo (which would bring the undone step back)."""
    folder = midgame.copy_game(template, _tabletop_home, "g")
    n = read(folder).journal_length
    assert tt("undo").exit_code == 0
    undone = read(folder)
    assert undone.journal_length == n - 1 and read(folder, folder / "save.toml.bak").journal_length == n
    damage_the_save(folder)
    r = tt("restore", "g")
    assert r.exit_code == 0, r.output
    assert read(folder).journal_length == n - 1 and read(folder).state == undone.state
