"""A `new` killed between its journal and its first save (journal.toml written, save.toml not yet) left a name that
neither `new`, `play` nor `restore` could use: a dead end (found by the kill battery, tests/state/
test_damaged_saves_kills.py). Nothing in such a folder can be lost, so `new` takes the name again; a folder that
holds a step, or anything else, is still refused with the way to restore it, and left as it was."""

from __future__ import annotations

import midgame
from cli_checks import tt

from state import paths


def cut_new(name: str) -> None:
    """What a `new` killed after its journal write leaves: the journal of no step, no save."""
    assert tt("new", "chaos", "--name", name, "--seed", "2").exit_code == 0
    (paths.game_dir(name) / "save.toml").unlink()


def test_a_new_cut_before_its_first_save_frees_its_name(_tabletop_home):
    cut_new("other")
    again = tt("new", "chaos", "--name", "other", "--seed", "2")
    assert again.exit_code == 0, again.output
    assert (paths.game_dir("other") / "save.toml").exists()
    assert tt("--game", "other", "play", "--steps", "1").exit_code in (0, 2)


def test_a_folder_holding_a_step_is_never_taken_over(_tabletop_home, tmp_path):
    folder = midgame.copy_game(midgame.build(tmp_path / "chaos", "chaos"), _tabletop_home, "kept")
    (folder / "save.toml").unlink()
    for extra in folder.iterdir():
        if extra.name.endswith(".bak"):
            extra.unlink()
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    assert "journal.toml" in before and b"[[entries]]" in before["journal.toml"]
    refused = tt("new", "chaos", "--name", "kept", "--seed", "2")
    assert refused.exit_code == 1 and "restore kept" in refused.output
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before


def test_a_folder_with_anything_else_is_refused(_tabletop_home):
    cut_new("odd")
    (paths.game_dir("odd") / "notes.txt").write_text("the table's notes", encoding="utf-8")
    refused = tt("new", "chaos", "--name", "odd", "--seed", "2")
    assert refused.exit_code == 1 and "restore odd" in refused.output
    assert (paths.game_dir("odd") / "notes.txt").exists()
