"""Hostile environments and inputs (issue 13): read-only home, full disk, a non-UTF-8 terminal, stdout closed,
Ctrl-C while starting; names with control characters, a lock file that is a link, stray temporary files, a game
folder without its save.toml, answers and owner files that are huge, endless or nested too deeply, a wrong
TABLETOP_LANG, numbers without bounds. Each ends with one clear line and exit 1 (or 2 for bad input), never a
traceback, and the saves stay byte-identical."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from state import paths

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "state"))
import midgame  # noqa: E402

TABLETOP = [sys.executable, "-c", "from cli.main import main; main()"]


def tt(*args):
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.output
    return result


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and p.name != ".lock"}


@pytest.fixture
def mid(_tabletop_home):
    """A Chaos game in the middle of a step (the current game)."""
    folder = midgame.build(_tabletop_home / "games" / "mid", "chaos")
    (_tabletop_home / "current").write_text("mid\n", encoding="utf-8")
    return folder


def _answers_for_pending(folder: Path) -> list[str]:
    """Answers that complete the step in progress (so that 'play' writes), from the scripted table."""
    import importlib
    import tomllib

    from automata.core.games import load_game
    from automata.core.runner import DiceContext, Record, run

    data = tomllib.loads((folder / "save.toml").read_text(encoding="utf-8"))
    game = load_game(data["game"])
    policy = importlib.import_module("chaos_policy").Policy(5)
    policy.state = data["state"]
    recorded = [Record.from_data(r) for r in data["pending"]["records"]]
    result = run(game.procedure(data["state"], data["pending"]["step"]), policy, recorded,
                 DiceContext(data["seed"], data["journal_length"] + 1, "table"))
    out = []
    for r in result.records[len(recorded):]:
        value = " ".join(map(str, r.value)) if isinstance(r.value, list) else r.value
        out += ["--answer", f"{r.id}={'yes' if value is True else 'no' if value is False else value}"]
    return out


# -- the disk ------------------------------------------------------------------------------------


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "disk is full"), (errno.EROFS, "read-only"), (errno.EACCES, "permission denied")])
def test_a_write_that_fails_is_one_line_exit_1_and_the_save_is_intact(mid, monkeypatch, code, words):
    """Full disk (ENOSPC injected where the save is written), read-only home, no permission."""
    import state.atomic

    answers = _answers_for_pending(mid)
    before = files(mid)

    def fail(*a, **k):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(state.atomic.os, "fsync", fail)
    r = tt(*answers, "play", "--steps", "1")
    assert r.exit_code == 1, r.output
    last = r.output.strip().splitlines()[-1]  # the step's own lines, then one line saying what failed
    assert words in last and str(mid / "save.toml") in last and sum(words in line for line in r.output.splitlines()) == 1, r.output
    assert files(mid) == before
    assert not list(mid.glob("*.tmp")) and not list(mid.glob(".*.tmp"))


def test_a_read_only_home_is_one_line_exit_1(mid, _tabletop_home, monkeypatch):
    import tempfile

    def read_only(*a, **k):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(_tabletop_home))

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    r = tt("new", "chaos", "--name", "other")
    assert r.exit_code == 1 and "read-only" in r.output and str(_tabletop_home) in r.output, r.output
    before = files(mid)
    assert tt("status").exit_code == 0  # reading still works
    r = tt("undo")
    assert r.exit_code == 1 and "read-only" in r.output
    assert files(mid) == before


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes to read-only folders")
def test_a_really_read_only_home(mid, _tabletop_home):
    before = files(mid)
    for folder in (_tabletop_home, _tabletop_home / "games", mid):
        folder.chmod(0o555)
    try:
        r = tt("undo")
        assert r.exit_code == 1 and "Traceback" not in r.output
        assert files(mid) == before
    finally:
        for folder in (_tabletop_home, _tabletop_home / "games", mid):
            folder.chmod(0o755)


# -- the terminal ----------------------------------------------------------------------------------


def _run(args, env_extra=None, **kw):
    env = {**os.environ, **(env_extra or {})}
    return subprocess.run(TABLETOP + args, capture_output=True, env=env, timeout=60, **kw)


def _latin1_locale(tmp: Path) -> dict[str, str] | None:
    """A real pt_BR.ISO-8859-1 locale (compiled into ``tmp`` with localedef, so nothing of the machine changes);
    None where localedef or its sources are missing."""
    import shutil

    if not shutil.which("localedef"):
        return None
    out = tmp / "locales"
    out.mkdir(exist_ok=True)
    r = subprocess.run(["localedef", "-i", "pt_BR", "-f", "ISO-8859-1", str(out / "pt_BR.ISO-8859-1")],
                       capture_output=True, timeout=120)
    if not (out / "pt_BR.ISO-8859-1").exists():
        return None
    env = {"LOCPATH": str(out), "LANG": "pt_BR.ISO-8859-1", "LC_ALL": "pt_BR.ISO-8859-1"}
    probe = subprocess.run([sys.executable, "-c", "import sys; print(sys.stdout.encoding)"], capture_output=True,
                           env={**os.environ, **env}, timeout=60)
    return env if probe.stdout.strip().lower().replace(b"-", b"") == b"iso88591" else None


NOT_UTF8 = {
    "ascii": ({"PYTHONIOENCODING": "ascii"}, "ascii"),
    "latin-1": ({"PYTHONIOENCODING": "latin-1"}, "latin-1"),
    "C+ascii": ({"LANG": "C", "LC_ALL": "C", "PYTHONIOENCODING": "ascii"}, "ascii"),
}


@pytest.mark.parametrize("case", [*NOT_UTF8, "locale"])
def test_an_output_that_is_not_utf8_is_one_line_exit_1_and_nothing_is_done(mid, tmp_path, case):
    """Issue 13, environment: a non-UTF-8 output (PYTHONIOENCODING=ascii or latin-1, a pt_BR.ISO-8859-1 locale) gets
    one line on stderr, in the table's language and in an encoding it can show, naming the encoding and the fix;
    exit 1, nothing on stdout, no traceback; 'play' with the answers that would finish its step changes nothing."""
    if case == "locale":
        extra = _latin1_locale(tmp_path)
        if extra is None:
            pytest.skip("no localedef to make a pt_BR.ISO-8859-1 locale")
        encoding = "latin-1"
    else:
        extra, encoding = NOT_UTF8[case]
    answers = _answers_for_pending(mid)
    before = files(mid)
    for lang, words in (("en", "encoding"), ("pt-BR", "codifica")):
        for args in (["status"], ["log"], ["games"], ["undo"], ["play", *answers], ["chaos", "odds", "3"]):
            r = _run(["--lang", lang, *args], extra)
            assert r.returncode == 1, (args, r.returncode, r.stdout, r.stderr)
            assert r.stdout == b"", args
            text = r.stderr.decode(encoding)  # it can be shown in that encoding
            lines = text.strip().splitlines()
            assert len(lines) == 1, (args, lines)
            assert words in lines[0] and "UTF-8" in lines[0] and "PYTHONIOENCODING=utf-8" in lines[0], lines
            assert "Traceback" not in text and "?" not in text, text
        assert files(mid) == before
    r = _run(["--lang", "pt-BR", "status"], extra)
    if encoding == "ascii":  # Portuguese transliterated where it cannot be shown ("codificacao"), never '?'
        assert "codificacao da saida e ascii" in r.stderr.decode("ascii")
    else:
        assert "codificação da saída é" in r.stderr.decode("latin-1")


@pytest.mark.parametrize("extra", [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"}])
def test_json_and_version_work_in_any_encoding(mid, extra):
    """--json escapes what the output cannot show (docs/reference.md, exit codes and the save folder); --version is plain ASCII."""
    import json

    for lang in ("en", "pt-BR"):
        r = _run(["--lang", lang, "--json", "status"], extra)
        assert r.returncode == 0, r.stderr
        data = json.loads(r.stdout.decode("ascii"))
        assert data["ok"] is True
        r = _run(["--lang", lang, "--json", "log"], extra)
        assert r.returncode == 0 and json.loads(r.stdout.decode("ascii"))
    r = _run(["--version"], extra)
    assert r.returncode == 0 and r.stdout.startswith(b"tabletop ")


@pytest.mark.parametrize("extra", [{"LANG": "C"}, {"LANG": "C", "LC_ALL": "C"}, {"LANG": "POSIX", "LC_ALL": "POSIX"}])
def test_the_c_locale_gets_utf8_and_the_board(mid, extra):
    """LANG=C alone is UTF-8 in Python 3.11 (PEP 538 and 540): the board is shown as usual, accents and all."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8", "LC_CTYPE")}
    for lang in ("en", "pt-BR"):
        r = subprocess.run(TABLETOP + ["--lang", lang, "status"], capture_output=True, env={**env, **extra}, timeout=60)
        assert r.returncode == 0, r.stderr
        assert b"Traceback" not in r.stderr
        text = r.stdout.decode("utf-8")
        assert "?" not in text.splitlines()[0]
        if lang == "pt-BR":
            assert "Ameaça" in text
        r = subprocess.run(TABLETOP + ["--lang", lang, "log"], capture_output=True, env={**env, **extra}, timeout=60)
        assert r.returncode == 0 and b"Traceback" not in r.stderr


@pytest.mark.parametrize("lang, words", [("en", "standard output is closed"), ("pt-BR", "saída padrão está fechada")])
@pytest.mark.parametrize("command", ["status", "log", "play"])
def test_stdout_closed_is_one_line_exit_1(mid, lang, words, command):
    """Issue 13: 'tabletop status >&-' (and 'play', 'log') say so in one line of the table's language, exit 1."""
    before = files(mid)
    args = [command, *(_answers_for_pending(mid) if command == "play" else [])]
    r = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", *TABLETOP, "--lang", lang, *args], capture_output=False,
                       stderr=subprocess.PIPE, env=os.environ, timeout=60)
    assert r.returncode == 1
    lines = r.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and words in lines[0], lines
    assert files(mid) == before


def _into_a_closed_pipe(args: list[str]) -> subprocess.CompletedProcess:
    """Run with stdout a pipe whose reader has already gone (what 'tabletop log | head -1' meets once head exits)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(TABLETOP + args, stdout=write_end, stderr=subprocess.PIPE, env=os.environ, timeout=60)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("args", [["status"], ["log"], ["games"], ["--json", "status"], ["--json", "log"],
                                  ["--lang", "pt-BR", "status"], ["chaos", "odds", "3"]])
def test_a_broken_pipe_exits_quietly(mid, args):
    """Issue 13 / docs/reference.md (exit codes): the reader of the output has gone: exit 1 with nothing said (as command-line
    tools do), no traceback, no 'Exception ignored', and the saves untouched."""
    before = files(mid)
    r = _into_a_closed_pipe(args)
    assert r.returncode == 1, (r.returncode, r.stderr)
    assert r.stderr == b"", r.stderr
    assert files(mid) == before


def test_a_broken_pipe_during_play_leaves_a_save_that_reads(mid):
    """'tabletop play ... | head -1' whose reader goes at once: exit quietly; the save is either as it was or has the
    step completed (never half a step): it reads, and its state is the replay of its journal."""
    from state.session import Session

    before = files(mid)
    r = _into_a_closed_pipe(["play", *_answers_for_pending(mid)])
    assert r.returncode in (0, 1), r.stderr
    assert b"Traceback" not in r.stderr and b"Exception ignored" not in r.stderr, r.stderr
    after = files(mid)
    session = Session.open(mid)
    assert session.replay(session.save.journal()) == session.save.state
    if after != before:  # the step was completed: one more journal entry, nothing in progress
        import tomllib

        old = tomllib.loads(before["save.toml"].decode())
        assert session.save.journal_length == old["journal_length"] + 1 and session.save.pending is None


INTERRUPT_AT_IMPORT = """
import builtins, os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # as at a terminal (a background test run ignores it)
real = builtins.__import__
target = sys.argv[1]
def interrupting(name, *a, **k):
    if name == target:
        builtins.__import__ = real
        os.kill(os.getpid(), signal.SIGINT)
    return real(name, *a, **k)
builtins.__import__ = interrupting
sys.argv = ["tabletop", *sys.argv[2:]]
from cli.main import main
main()
"""


@pytest.mark.parametrize("module, args", [
    ("typer", ["status"]),  # while cli/main.py imports its libraries
    ("rich.console", ["status"]),  # while the command is being set up
    ("automata.core.runner", ["play"]),  # while 'play' loads the rules
    ("tomllib", ["games"]),
])
def test_ctrl_c_while_starting_exits_130_quietly(mid, module, args):
    """The SIGINT is sent at a precise moment of the start-up: when ``module`` is first imported."""
    before = files(mid)
    r = subprocess.run([sys.executable, "-c", INTERRUPT_AT_IMPORT, module, *args], capture_output=True,
                       env=os.environ, timeout=60)
    assert r.returncode == 130, (r.returncode, r.stderr)
    assert b"Traceback" not in r.stderr and b"KeyboardInterrupt" not in r.stderr, r.stderr
    assert files(mid) == before


def test_a_wrong_tabletop_lang_falls_back_to_english_with_one_warning(mid, monkeypatch):
    monkeypatch.setenv("TABLETOP_LANG", "xx")
    r = tt("games")
    assert r.exit_code == 0
    assert r.output.count("TABLETOP_LANG='xx'") == 1 and "using English" in r.output
    assert "mid" in r.output
    assert tt("--lang", "xx", "games").exit_code == 2  # a wrong --lang is still bad input


# -- names, locks, temporary files, missing saves ------------------------------------------------------


@pytest.mark.parametrize("code", list(range(32)) + [127])
def test_a_name_with_a_control_character_is_refused(code):
    for name in (f"x{chr(code)}", f"x{chr(code)}y", f"{chr(code)}x"):
        r = tt("new", "chaos", "--name", name, "--seed", "1")
        assert r.exit_code == 2, (code, r.output)
    assert not paths.games_dir().exists() or not any(paths.games_dir().iterdir())
    assert not paths.current_file().exists()


def test_a_lock_file_that_is_a_link_is_refused_not_followed(mid, tmp_path):
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me", encoding="utf-8")
    (mid / ".lock").symlink_to(outside)
    before = files(mid)
    for args in (["play"], ["undo"]):
        r = tt(*args)
        assert r.exit_code == 1 and "symbolic link" in r.output, r.output
    assert outside.read_text(encoding="utf-8") == "keep me"
    assert files(mid) == before


def test_stray_temporary_files_are_cleaned_on_the_next_open(mid):
    strays = [mid / ".save.toml.k1l2m3.tmp", mid / ".journal.toml.bak.4242.tmp"]
    for s in strays:
        s.write_text("half a save", encoding="utf-8")
    keep = mid / "notes.tmp"  # not ours: not a hidden temporary file
    keep.write_text("mine", encoding="utf-8")
    before = files(mid)
    assert tt("status").exit_code == 0 and all(s.exists() for s in strays)  # a reader takes no lock, removes nothing
    r = tt("play")
    assert r.exit_code == 2  # stopped at the next question, nothing to write
    assert not any(s.exists() for s in strays) and keep.exists()
    assert files(mid) == {k: v for k, v in before.items() if k not in {s.name for s in strays}}


def test_a_folder_without_its_save_is_listed_damaged_and_never_overwritten(mid):
    (mid / "save.toml").unlink()
    before = files(mid)
    r = tt("games")
    assert r.exit_code == 0 and "mid" in r.output and "tabletop restore mid" in r.output  # issue 31: the command
    r = tt("--json", "games")
    import json

    row = json.loads(r.stdout)["games"][0]
    assert row["name"] == "mid" and "error" in row
    r = tt("new", "chaos", "--name", "mid", "--seed", "3")
    assert r.exit_code == 1 and "tabletop restore mid" in r.output, r.output
    for args in (["status"], ["play"], ["log"], ["undo"]):
        r = tt(*args)
        assert r.exit_code == 1 and "tabletop restore mid" in r.output, (args, r.output)
    assert files(mid) == before
    assert tt("new", "chaos", "--name", "mid2", "--seed", "3").exit_code == 0  # another name is fine
    assert files(mid) == before
    assert tt("restore", "mid").exit_code == 0 and tt("--game", "mid", "status").exit_code == 0  # the backup is back


# -- files given by the table ----------------------------------------------------------------------------


def _deep_files(folder: Path) -> dict[str, str]:
    return {
        "deep.json": '{"a":' * 5000 + "1" + "}" * 5000,
        "deep_list.json": '{"a":' + "[" * 5000 + "]" * 5000 + "}",
        "deep.toml": "a = " + "[" * 5000 + "]" * 5000 + "\n",
        "inline.toml": "a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n",
        "dotted.toml": ".".join(["k"] * 3000) + " = 1\n",
        "list.json": "[1, 2, 3]",
        "big.toml": "a = 1\n" + "# " + "x" * (2 * 1024 * 1024) + "\n",
    }


@pytest.mark.parametrize("name", list(_deep_files(Path("."))))
def test_answers_files_nested_too_deeply_or_too_big_are_bad_input(mid, tmp_path, name):
    path = tmp_path / name
    path.write_text(_deep_files(tmp_path)[name], encoding="utf-8")
    before = files(mid)
    r = tt("--answers", str(path), "play")
    assert r.exit_code == 2, r.output
    assert "answers file" in r.output
    assert files(mid) == before


@pytest.mark.parametrize("special", ["/dev/zero", "fifo", "folder"])
def test_endless_answers_files_are_refused_unread(mid, tmp_path, special, monkeypatch):
    """state/reader.py: a FIFO, a device or a folder given as answers file is refused at once, unread (counted: no
    read of it happens; an endless read of /dev/zero would be recorded), exit 2, nothing changed."""
    from unread import non_regular_reads

    if special == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        special = str(tmp_path / "fifo")
        os.mkfifo(special)
    elif special == "folder":
        special = str(tmp_path)
    elif not os.path.exists(special):
        pytest.skip("no /dev/zero here")
    before = files(mid)
    reads = non_regular_reads(monkeypatch)
    r = tt("--answers", special, "play")
    assert r.exit_code == 2 and "answers file" in r.output, r.output
    assert reads == [] and files(mid) == before


@pytest.mark.parametrize("name", ["deep.toml", "inline.toml", "dotted.toml", "big.toml"])
def test_owner_files_nested_too_deeply_or_too_big_are_refused(_tabletop_home, name):
    folder = _tabletop_home / "overrides"
    folder.mkdir(parents=True)
    (folder / "chaos.toml").write_text(_deep_files(folder)[name], encoding="utf-8")
    for args in (["new", "chaos", "--name", "x"], ["data", "check", "chaos"]):
        r = tt(*args)
        assert r.exit_code == 1 and "owner data file" in r.output, (args, r.output)
    assert not paths.game_dir("x").exists()


@pytest.mark.parametrize("game, text", [
    ("anachrony", "[scoring]\nx = 1\n"),
    ("chaos", "scoring = 1\n"),
    ("toc", "[scoring]\nx = 1\n"),
    ("radlands", "[scoring]\nx = 1\n"),
    ("radlands", "[rules]\ncolumn_limit = 99999999999\n"),
])
def test_new_refuses_the_overrides_that_data_check_refuses_with_the_same_message(_tabletop_home, game, text):
    folder = _tabletop_home / "overrides"
    folder.mkdir(parents=True)
    (folder / f"{game}.toml").write_text(text, encoding="utf-8")
    check = tt("data", "check", game)
    new = tt("new", game, "--name", "x")
    assert check.exit_code == 1 and new.exit_code == 1, (check.output, new.output)
    assert new.output == check.output
    assert not paths.game_dir("x").exists()


# -- numbers ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["chaos", "odds", "1", "--at-least", "1000000"],
    ["chaos", "odds", "1", "--at-least", str(10**12)],
    ["chaos", "battle", str(10**40)],
    ["--seed", str(10**30), "new", "chaos"],
    ["--seed", "-1", "new", "chaos"],
    ["log", "--last", str(10**30)],
    ["play", "--steps", str(10**30)],
    ["undo", str(10**30)],
    ["new", "toc", "--humans", str(10**30)],
    ["anachrony", "score", "--players", str(10**30)],
    ["toc", "emperor-legacy", "military", "--support", str(10**30)],
])
def test_every_number_is_bounded(mid, args):
    """A huge number is refused before any work (no loop of 10**30 steps): the refusal names the valid range, which
    is said before the command runs (asserted by what is said, not by a time limit), and nothing changes."""
    before = files(mid)
    r = tt(*args)
    assert r.exit_code == 2, r.output
    assert "out of range" in r.output or "Valid: 0 to" in r.output, r.output
    assert files(mid) == before
