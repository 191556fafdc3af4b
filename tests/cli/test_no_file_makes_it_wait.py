"""Issue 37 item 4: no file the program reads can make it wait. The table's language was looked up with a plain
read before the guarded reader ran, so with ``save.toml`` a link to /dev/zero or a FIFO, or ``current`` a FIFO,
every command (``games`` and ``restore`` too) read for ever unless --lang was given. Each case runs the installed
program in a child process; a child still reading when the guard's time runs out is a hang (the test fails)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_checks import tt

HANG = 60  # seconds: far more than any command takes; only a read that never ends reaches it


def run(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TABLETOP_HOME": str(home)}
    env.pop("TABLETOP_LANG", None)  # the language comes from the save, as at a real table
    try:
        return subprocess.run([sys.executable, "-c", "import sys; from cli.main import main; sys.exit(main())", *args], env=env, capture_output=True, text=True,
                              timeout=HANG, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"tabletop {' '.join(args)} waited for ever")


def zero_link(p: Path) -> None:
    p.symlink_to("/dev/zero")


@pytest.mark.parametrize("where, make", [("games/g/save.toml", zero_link), ("games/g/save.toml", os.mkfifo),
                                          ("current", os.mkfifo)],
                         ids=["save-dev-zero", "save-fifo", "current-fifo"])
def test_no_command_waits_on_a_file_that_is_not_a_file(_tabletop_home, where, make):
    assert tt("new", "chaos", "--name", "g", "--seed", "3").exit_code == 0
    target = _tabletop_home / where
    if where.endswith("save.toml"):
        os.replace(target, target.with_name("kept.toml"))
    else:
        target.unlink()
    make(target)
    for args in (["games"], ["status"], ["restore", "g"], ["log"]):
        r = run(_tabletop_home, *args)
        assert "Traceback" not in r.stderr, (args, r.stderr)
        if where.endswith("save.toml") and args != ["games"]:
            assert r.returncode == 1, (args, r.returncode, r.stdout, r.stderr)
            assert "save.toml" in r.stdout + r.stderr, (args, r.stdout, r.stderr)  # the refusal names the file


def test_the_language_lookup_goes_through_the_guarded_reader(_tabletop_home):
    from cli.words.lang import saved_lang

    assert tt("--lang", "pt-BR", "new", "chaos", "--name", "g", "--seed", "3").exit_code == 0
    assert saved_lang() == "pt-BR"
    save = _tabletop_home / "games" / "g" / "save.toml"
    save.unlink()
    os.mkfifo(save)
    assert saved_lang() is None  # at once: the FIFO is refused, not read
    (_tabletop_home / "current").unlink()
    (_tabletop_home / "current").symlink_to(_tabletop_home / "current")  # a link loop
    assert saved_lang() is None


def test_a_current_file_that_is_not_a_file_is_refused_naming_it(_tabletop_home):
    """Item 4: a FIFO named 'current' gets a clear refusal naming it (it was passed over in silence), in both
    languages; 'tabletop use' replaces it and the game goes on; --game still chooses a game."""
    assert tt("new", "chaos", "--name", "g", "--seed", "3").exit_code == 0
    current = _tabletop_home / "current"
    current.unlink()
    os.mkfifo(current)
    for lang, words in (("en", "is not a regular file"), ("pt-BR", "não é um arquivo comum")):
        r = tt("--lang", lang, "status")
        assert r.exit_code == 1 and str(current) in r.output and words in r.output, r.output
    assert tt("--game", "g", "status").exit_code == 0
    assert tt("new", "chaos", "--name", "h", "--seed", "4").exit_code == 0  # a new game is made current
    assert current.is_file() and tt("status").exit_code == 0
    current.unlink()
    os.mkfifo(current)
    assert tt("use", "g").exit_code == 0 and tt("status").exit_code == 0
