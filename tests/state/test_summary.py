"""state/summary.py: a saved game as plain data, read-only (issue 24: history, stats and export read it).

Finished games of every game, played to their end by the scripted tables through real saves (finished_saves.py);
the mid-game saves and every kind of damage of the damaged-save battery (test_damaged_saves.py): a summary never
raises, never takes the lock and never changes a byte of any file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import finished_saves
import midgame
from automata.core import contract
from state.save import read
from state.summary import summarize
from test_damaged_saves import CASES, kinds


@pytest.fixture(scope="session")
def finished_home(tmp_path_factory):
    return finished_saves.build(tmp_path_factory.mktemp("finished"))


@pytest.fixture(scope="session")
def midgame_templates(tmp_path_factory):
    root = tmp_path_factory.mktemp("midgame")
    return {w: midgame.build(root / w, w) for w in midgame.GAMES}


def tree(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` with its bytes and its modification time (a write would change one of them)."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", list(finished_saves.GAMES))
def test_a_finished_game_is_summarized_from_its_save(finished_home, name):
    folder = finished_home / "games" / name
    before = tree(finished_home)
    out = summarize(folder)
    assert tree(finished_home) == before  # nothing written, no lock, no cache
    save = read(folder)
    game_id, raw, _, seed, created = finished_saves.GAMES[name]
    result = contract.capability(game_id, "result").result(save.state)
    assert out["damaged"] == "" and out["name"] == name and out["game"] == game_id
    assert out["finished"] is True and out["result"] == result and out["seed"] == seed and out["created"] == created
    assert out["steps"] == save.journal_length == len(save.journal())
    assert "overrides" not in out["options"]
    assert out["modules"] == list(save.options.get("modules", []))
    ids = [s["id"] for s in out["seats"]]
    assert ids and len(set(ids)) == len(ids)
    for s in out["seats"]:  # each seat with its score (None: the game keeps none for it) and whether it won
        assert s["score"] == result["scores"].get(s["id"])
        assert s["winner"] is (s["id"] in result["winners"])
    assert {"started", "ended", "play_seconds", "seat_seconds"} <= set(out)
    full = summarize(folder, with_journal=True)
    assert full["journal"] == save.journal() and full["state"] == save.state
    assert {k: v for k, v in full.items() if k not in ("journal", "state")} == out


@pytest.mark.parametrize("which", list(midgame.GAMES))
def test_a_game_in_progress_is_summarized_unfinished_and_left_as_it_was(midgame_templates, tmp_path, which):
    folder = midgame.copy_game(midgame_templates[which], tmp_path, "half")
    before = tree(folder)
    out = summarize(folder)
    assert tree(folder) == before  # the step in progress, with its answer, is left as it was
    assert out["damaged"] == "" and out["finished"] is False and out["result"]["winners"] == []
    assert out["result"]["ended_by"] == "" and out["steps"] == read(folder).journal_length


@pytest.mark.parametrize("game, kind", CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_a_damaged_save_is_a_line_not_an_error_and_its_bytes_stay(midgame_templates, tmp_path, game, kind):
    """Every kind of damage of the damaged-save battery: the summary names what is wrong by a message id (or, for a
    flipped bit that left a valid save, reads it), and no file changes."""
    damage = {name: rest for name, *rest in kinds(midgame.GAMES[game][0])}[kind][0]
    folder = midgame.copy_game(midgame_templates[game], tmp_path, "damaged")
    damage(folder, random.Random(f"{game}/{kind}"))
    before = tree(folder)
    out = summarize(folder)
    assert tree(folder) == before
    assert out["name"] == "damaged"
    if out["damaged"]:
        assert out["damaged"].startswith("core.") and isinstance(out["damaged_params"], dict)
        assert out.get("game", midgame.GAMES[game][0]) == midgame.GAMES[game][0]
        assert "seats" not in out and "result" not in out
    else:
        assert out["result"]["finished"] is False


def test_a_half_written_save_is_damaged_and_unchanged(finished_home, tmp_path):
    """A save cut in the middle of its write (a crash before the atomic replace would never leave it, a copy might):
    damaged, its game still named from the file's first lines, and the file byte-identical."""
    games = finished_saves.copy_into(finished_home, tmp_path)
    path = games / "chaos-friday" / "save.toml"
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    before = tree(tmp_path)
    out = summarize(games / "chaos-friday")
    assert tree(tmp_path) == before
    assert out["damaged"] in ("core.save.cut_short", "core.save.not_toml", "core.save.not_toml_end") and out["game"] == "chaos" and out["file"].endswith("save.toml")


def test_the_summary_does_not_wait_for_the_lock(finished_home, tmp_path):
    """Another command holds the save (a 'play' at the table): the summary reads it anyway and takes no lock."""
    from state.lock import SaveLock

    games = finished_saves.copy_into(finished_home, tmp_path)
    with SaveLock(games / "radlands-duel"):
        before = tree(tmp_path)
        out = summarize(games / "radlands-duel")
        assert tree(tmp_path) == before
    assert out["damaged"] == "" and out["finished"] is True
