"""Issue 31: a save is proven sound before anything is written, and the .bak is the last sound save.

The cases of the issue itself (the battery in test_damaged_saves.py samples every kind of damage over every game):
`journal_length` 30 -> 20, a Chaos region's `cultist` renamed `cultisT`, an Anachrony solo save's `time_travel`
renamed; a write beside an unsound file keeps the good backup; `tabletop restore` in both languages; an unreadable
games folder.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import midgame
from cli.main import app
from state.save import SaveError, read

runner = CliRunner()


def tt(*args):
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("sound")
    return {w: midgame.build(root / w, w) for w in ("chaos", "anachrony_solo")}


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and p.name != ".lock"}


def edit_text(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def commands(game: str) -> list[list[str]]:
    return [["status"], ["status", "--json"], ["play"], ["log"], ["undo"], [game, "status"], ["games", "--json"]]


def refused_everywhere(folder: Path, game: str, what: str) -> None:
    """Every command that reads the save refuses it naming the file and ``what``; nothing is written."""
    before = files(folder)
    for args in commands(game):
        r = tt(*args)
        if args[0] == "games":
            row = json.loads(r.stdout)["games"][0]
            assert what in row["error"] and row["restore"] == f"tabletop restore {folder.name}", row
            continue
        assert r.exit_code == 1, (args, r.output)
        assert "save.toml" in r.output and what in r.output, (args, r.output)
        assert "Unexpected error" not in r.output
        assert files(folder) == before, args


def test_journal_length_smaller_than_the_journal_is_refused_and_nothing_is_lost(built, _tabletop_home):
    """The issue's first case: journal_length 30 -> 20 (one flipped bit) was accepted and 10 steps were lost."""
    folder = midgame.copy_game(built["chaos"], _tabletop_home, "g")
    n = read(folder).journal_length
    edit_text(folder / "save.toml", f"journal_length = {n}\n", f"journal_length = {n - 10}\n")
    refused_everywhere(folder, "chaos", f"'journal_length' says {n - 10} completed steps, but the journal holds {n}")
    assert tt("restore").exit_code == 0
    assert read(folder).journal_length == n and len(read(folder).journal()) == n


def test_a_renamed_key_in_one_region_is_refused_before_any_answer_is_recorded(built, _tabletop_home):
    """The issue's second case: 'cultist' -> 'cultisT' in one region: play recorded an answer (rotating the good
    .bak away) before saying the save was damaged, and in most positions the damage was carried forward."""
    folder = midgame.copy_game(built["chaos"], _tabletop_home, "g")
    text = (folder / "save.toml").read_text(encoding="utf-8")
    assert re.search(r"\bcultist = ", text)
    bak = (folder / "save.toml.bak").read_bytes()
    edit_text(folder / "save.toml", "cultist = ", "cultisT = ")
    refused_everywhere(folder, "chaos", "cultisT' is not what the journal replays to")  # the key, from the journal
    r = tt("play", "--answer", "chaos.end.oldworld.2.changes=no")
    assert r.exit_code == 1 and (folder / "save.toml.bak").read_bytes() == bak
    assert tt("restore").exit_code == 0 and tt("status").exit_code == 0


def test_a_renamed_solo_key_is_refused_by_every_command_naming_the_file(built, _tabletop_home):
    """The issue's third case: an Anachrony solo save with 'time_travel' renamed: status said damaged, play wrote a
    step anyway, log and 'anachrony status' printed 'Unexpected error: KeyError'."""
    folder = midgame.copy_game(built["anachrony_solo"], _tabletop_home, "g")
    edit_text(folder / "save.toml", "time_travel = ", "time_travel_ = ")
    refused_everywhere(folder, "anachrony", "time_travel")


def test_a_write_never_turns_an_unsound_file_into_the_backup(built, _tabletop_home):
    """The .bak is the last save proven sound: a save that was not read and checked (here: made in memory, while
    the file on disk is damaged) is written without rotating the good backup away."""
    from state.save import write

    folder = midgame.copy_game(built["chaos"], _tabletop_home, "g")
    sound = read(folder)
    good_bak = (folder / "save.toml.bak").read_bytes()
    edit_text(folder / "save.toml", "round = ", "round_ = ")
    with pytest.raises(SaveError):
        read(folder)
    sound.sound = False  # as a save the program did not prove sound
    write(sound)
    assert (folder / "save.toml.bak").read_bytes() == good_bak
    write(sound)  # the file on disk is now the program's own: it may become the backup
    assert read(folder, folder / "save.toml.bak").journal_length == sound.journal_length


def test_restore_speaks_portuguese_and_refuses_an_unsound_backup(built, _tabletop_home):
    folder = midgame.copy_game(built["chaos"], _tabletop_home, "g")
    assert "não está danificado" in tt("--lang", "pt-BR", "restore", "g").output  # a sound save: nothing to restore
    edit_text(folder / "save.toml", "seed = ", "seed_ = ")
    edit_text(folder / "save.toml.bak", "round = ", "round_ = ")
    r = tt("--lang", "pt-BR", "restore", "g")
    assert r.exit_code == 1 and "save.toml.bak" in r.output and "não pode ser restaurado" in r.output, r.output
    assert "restore" in tt("--lang", "pt-BR", "status").output
    (folder / "save.toml.bak").write_bytes((folder / "journal.toml").read_bytes())  # not even a save
    assert tt("restore", "g").exit_code == 1
    (folder / "save.toml.bak").unlink()
    assert tt("restore", "g").exit_code == 1


def test_restore_keeps_the_damaged_files_and_the_game_goes_on(built, _tabletop_home):
    folder = midgame.copy_game(built["chaos"], _tabletop_home, "g")
    damaged = (folder / "save.toml").read_bytes().replace(b"round = ", b"round_ = ", 1)
    (folder / "save.toml").write_bytes(damaged)
    r = tt("--lang", "pt-BR", "restore", "g")
    assert r.exit_code == 0 and "voltou à última cópia boa" in r.output, r.output
    assert (folder / "save.toml.damaged").read_bytes() == damaged
    assert tt("status").exit_code == 0
    assert tt("play", "--steps", "1", "--answer", "chaos.end.oldworld.2.changes=no").exit_code in (0, 2)
    read(folder, folder / "save.toml.bak").journal()  # the backup after a write is sound


def test_an_unreadable_games_folder_is_not_no_saved_games(monkeypatch, _tabletop_home):
    (_tabletop_home / "games").mkdir(parents=True)

    def refuse(self):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "iterdir", refuse)
    for lang, words in (("en", "cannot be read"), ("pt-BR", "Não foi possível ler")):
        r = tt("--lang", lang, "games")
        assert r.exit_code == 1 and words in r.output and "No saved games" not in r.output, r.output


def test_a_fifo_in_the_data_cache_is_never_waited_for(tmp_path):
    """Issue 31 item 3: nothing the program reads at start-up waits for ever (here: a FIFO where a parsed data file's
    cache would be); the cache is only a speed-up, so it is passed over."""
    import os

    from state.datacache import ParsedFileCache

    source = tmp_path / "data.toml"
    source.write_text("a = 1\n", encoding="utf-8")
    cache = ParsedFileCache(tmp_path / "cache")
    (tmp_path / "cache").mkdir()
    os.mkfifo(cache._file(source))
    assert cache.get(source) is None


def test_a_fifo_or_a_link_to_dev_zero_as_save_is_refused_at_once(tmp_path, monkeypatch):
    """state/reader.py: refused at once, unread (counted: no read of it; a read would also end in another
    verdict, too large or not a save), rather than timed."""
    import os

    from unread import non_regular_reads

    reads = non_regular_reads(monkeypatch)
    for make in (lambda p: os.mkfifo(p), lambda p: p.symlink_to("/dev/zero"), lambda p: p.mkdir()):
        folder = tmp_path / f"g{len(list(tmp_path.iterdir()))}"
        folder.mkdir()
        make(folder / "save.toml")
        with pytest.raises(SaveError) as e:
            read(folder)
        assert e.value.problem.id == "core.save.not_regular" and reads == []


def test_a_fifo_as_the_current_file_is_no_current_game(_tabletop_home):
    import os

    _tabletop_home.mkdir(parents=True, exist_ok=True)
    os.mkfifo(_tabletop_home / "current")
    r = tt("status")  # would wait for ever for a writer
    assert r.exit_code in (1, 2) and "No saved games" in r.output, r.output
