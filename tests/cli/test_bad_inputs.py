"""Inputs the other batteries (test_fuzz_command_line, test_hostile_environment, test_data_errors) did not reach:
the terminal's size from the environment, answers given twice or with control characters, empty values that
meant "not given", files beside the saves, the phones' server. The promise is the README's: every error says what
was wrong and what is valid, in the table's language; no traceback; a refused command changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_checks import tt

SETUP = [a for n in (1, 2, 3) for a in ("--answer", f"chaos.setup.{n}=yes")]


def files(home: Path) -> dict[str, bytes]:
    """Every file of the home folder but the cache and the lock, byte for byte."""
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*"))
            if p.is_file() and "cache" not in p.relative_to(home).parts and p.name != ".lock"}


@pytest.fixture
def mid(_tabletop_home):
    """A Chaos game three setup steps in (the current game), made in-process."""
    assert tt("new", "chaos", "--seed", "4", "--name", "g").exit_code == 0
    assert tt("play", "--steps", "3", *SETUP).exit_code == 0
    return _tabletop_home


# -- the terminal's size ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("var, value", [("COLUMNS", "0"), ("COLUMNS", "-5"), ("COLUMNS", "abc"), ("COLUMNS", ""),
                                        ("COLUMNS", "99999999"), ("COLUMNS", "٣٣"), ("LINES", "0"),
                                        ("LINES", "99999999"), ("LINES", "x")])
@pytest.mark.parametrize("args", [["status"], ["games"], ["log"]])
def test_a_wrong_terminal_size_in_the_environment_is_ignored(mid, var, value, args):
    """COLUMNS=0 printed nothing at all (exit 0, the board lost); COLUMNS=99999999 drew for minutes. A size that is
    no whole number of a terminal's order is left out: the output is the one of no COLUMNS (80 columns off a
    terminal)."""
    expected = tt(*args)
    got = tt(*args, env={var: value})
    assert got.exit_code == expected.exit_code == 0
    assert got.output == expected.output and got.output.strip()


# -- files beside the saves ------------------------------------------------------------------------------------

DEEP = "a = " + "[" * 3000 + "]" * 3000 + "\n"


@pytest.mark.parametrize("lang, words", [("en", "nests tables or lists too deeply"), ("pt-BR", "aninha tabelas ou listas em níveis demais")])
@pytest.mark.parametrize("args", [["collection"], ["collection", "add", "chaos", "base"], ["new", "chaos", "--name", "n"]])
def test_a_collection_file_nested_too_deeply_is_refused_by_name(mid, lang, words, args):
    """It was 'Unexpected error: RecursionError' (the TOML reader recursing); now the file and what is wrong."""
    (mid / "collection.toml").write_text(DEEP, encoding="utf-8")
    before = files(mid)
    r = tt("--lang", lang, *args)
    assert r.exit_code == 1 and words in r.output and "collection.toml" in r.output, r.output
    assert "Unexpected" not in r.output and "Traceback" not in r.output
    assert files(mid) == before


# -- the phones' server ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["chaos", "toc", "radlands", "anachrony"])
def test_the_phones_page_is_the_same_whatever_the_save_is_called(_tabletop_home, game):
    """A save named 's' turned every 's' of the board's HTML into 'this game' ('<this gamepan clathis game=…'), and
    'Khorne' every Khorne: the save's name is kept from the phones where it is rendered (webboard.py), never by
    replacing text afterwards. The board and the log of one save are the same under any name, in both languages."""
    import shutil

    from cli.webboard import Board

    assert tt("new", game, "--seed", "4", "--name", "secret-save-name").exit_code == 0
    tt("play", "--steps", "2", "--answer", f"{game}.setup.1=yes")
    games = _tabletop_home / "games"
    for name in ("s", "span", "Khorne", "a", "quot"):
        shutil.copytree(games / "secret-save-name", games / name)
    for lang in ("en", "pt-BR"):
        shots = {name: Board(name, games / name, lang).snapshot(lang)
                 for name in ("secret-save-name", "s", "span", "Khorne", "a", "quot")}
        first = shots["secret-save-name"]
        assert first["board"] and "secret-save-name" not in str(first["board"]) + str(first["log"])
        for name, shot in shots.items():
            assert (shot["board"], shot["log"], shot["turn"]) == (first["board"], first["log"], first["turn"]), name
