"""The parsed-save cache (state/datacache.py, used by state/save.py ``read``): a save read again unchanged is not
parsed again, and the cache never weakens the proof of a save (issue 31: the digest is checked on every read; a
save that is not sound is refused, and nothing is written for it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from state import datacache
from state.save import SaveError, read

runner = CliRunner()


def tt(*args):
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def cache(tmp_path):
    """A cache of parsed files installed for the test, taken away after it."""
    before = datacache.installed()
    c = datacache.ParsedFileCache(tmp_path / "parsed")
    datacache.install(c)
    yield c
    datacache.install(before)


@pytest.fixture
def folder(_tabletop_home) -> Path:
    assert tt("new", "chaos", "--name", "g", "--seed", "7").exit_code == 0
    return _tabletop_home / "games" / "g"


def parser_forbidden(monkeypatch):
    import tomllib

    def refuse(*_a, **_k):
        raise AssertionError("the save was parsed again")

    monkeypatch.setattr(tomllib, "loads", refuse)


def entries(cache) -> list[Path]:
    return sorted(cache.folder.glob("*.digested.*")) if cache.folder.exists() else []


def fields(save) -> dict:
    return {**save.to_data(), "sound": save.sound, "folder": save.folder, "journal_path": save._journal_path}


def test_a_save_read_again_unchanged_is_not_parsed_again(folder, cache, monkeypatch):
    first = read(folder)
    assert len(entries(cache)) == 1
    parser_forbidden(monkeypatch)
    again = read(folder)
    assert fields(again) == fields(first)
    again.state["round"] = 99  # each read hands out its own objects
    assert read(folder).state["round"] == first.state["round"]
    monkeypatch.undo()
    assert again.journal() == first.journal()


def kept_digest(entry: Path) -> str:
    from state.datacache import _load

    return _load(entry)[0]


def first_line_digest(folder: Path) -> str:
    return (folder / "save.toml").read_text(encoding="utf-8").splitlines()[0].split('"')[1]


def test_a_changed_save_is_parsed_afresh_and_kept_in_place_of_the_old(folder, cache):
    read(folder)
    (entry,) = entries(cache)
    before = first_line_digest(folder)
    assert kept_digest(entry) == before
    tt("--game", "g", "play", "--steps", "1")  # the save changes (the step reached is written), a question waits
    datacache.install(cache)  # the command installed the home's own cache
    assert first_line_digest(folder) != before
    changed = read(folder)
    assert changed.pending is not None
    assert entries(cache) == [entry] and kept_digest(entry) == first_line_digest(folder)  # one entry per save


def test_the_digest_is_checked_on_every_read_even_with_the_sound_version_cached(folder, cache):
    """Issue 31: a byte changed outside the program makes the save damaged, cached or not."""
    read(folder)
    path = folder / "save.toml"
    text = path.read_text(encoding="utf-8")
    assert "vp = 0" in text
    path.write_text(text.replace("vp = 0", "vp = 1", 1), encoding="utf-8")
    with pytest.raises(SaveError) as e:
        read(folder)
    assert e.value.problem.id in ("core.save.digest", "core.save.key")


def test_an_unsound_save_leaves_nothing_in_the_cache(folder, cache):
    path = folder / "save.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("vp = 0", "vp = 1", 1), encoding="utf-8")  # digest no longer matches
    with pytest.raises(SaveError):
        read(folder)
    (folder / "journal.toml").write_text("# not the journal the save belongs to\n", encoding="utf-8")
    path.write_text(text, encoding="utf-8")  # the save is sound again, its journal is not
    with pytest.raises(SaveError):
        read(folder)
    assert entries(cache) == []


@pytest.mark.parametrize("damage", [b"", b"not marshal", None])
def test_a_damaged_cache_entry_is_passed_over(folder, cache, damage):
    first = read(folder)
    (entry,) = entries(cache)
    if damage is None:  # another save's entry where this one's should be
        import marshal

        cache._write(entry, marshal.dumps(("0" * 64, {"name": "other"})))
    else:
        entry.write_bytes(damage)
    assert fields(read(folder)) == fields(first)


def test_status_json_is_the_same_from_the_cache_and_without_it(folder, monkeypatch):
    plain = tt("--game", "g", "status", "--json")
    cached = tt("--game", "g", "status", "--json")  # the first command through the CLI filled the cache
    monkeypatch.setenv("TABLETOP_NO_CACHE", "1")
    uncached = tt("--game", "g", "status", "--json")
    outs = [json.loads(r.stdout) for r in (plain, cached, uncached)]
    assert outs[0] == outs[1] == outs[2] and outs[0]["name"] == "g"
