"""Issue 37 item 5: one verdict per save for every command in every schema version; a lowered version line is
refused when the digests are there; every damage message names the file; no stray temporary file after a kill;
``serve`` stops on SIGINT and SIGTERM however it was started; a ``games`` that is a plain file is no "No saved games
yet"."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import midgame
from cli_checks import tt


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    return midgame.build(tmp_path_factory.mktemp("smaller") / "chaos", "chaos")


@pytest.fixture
def folder(_tabletop_home) -> Path:
    assert tt("new", "chaos", "--name", "g", "--seed", "5").exit_code == 0
    assert tt("play", "--steps", "2").exit_code in (0, 2)
    return _tabletop_home / "games" / "g"


def refused_by_every_command(folder: Path, *words: str) -> None:
    for args in (["status"], ["log"], ["play"], ["undo"], ["export", "--json"], ["chaos", "status"]):
        r = tt(*args)
        assert r.exit_code == 1, (args, r.exit_code, r.output)
        assert "save.toml" in r.output or "journal.toml" in r.output, (args, r.output)
        for word in words:
            assert word in r.output, (args, word, r.output)


def test_a_lowered_version_line_is_refused_when_the_digest_is_there(folder):
    """schema_version = 2 on a version-3 save turned the digest check off."""
    path = folder / "save.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("schema_version = 3", "schema_version = 2", 1), encoding="utf-8")
    refused_by_every_command(folder)
    without_digest = "".join(text.replace("schema_version = 3", "schema_version = 2", 1).splitlines(keepends=True)[1:])
    path.write_text(without_digest, encoding="utf-8")  # the digest line gone too: the journal's digest still says 3
    refused_by_every_command(folder, "schema_version")


def as_version_2(folder: Path) -> None:
    """The save as schema version 2 wrote it: no digest line, no journal digest."""
    path = folder / "save.toml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)[1:]
    text = "".join(x for x in lines if not x.startswith("journal_sha256 = "))
    path.write_text(text.replace("schema_version = 3", "schema_version = 2", 1), encoding="utf-8")
    journal = folder / "journal.toml"
    journal.write_text(journal.read_text(encoding="utf-8").replace("schema_version = 3", "schema_version = 2", 1),
                       encoding="utf-8")


def test_a_version_2_save_gets_one_verdict_from_every_command(template, _tabletop_home):
    """A damaged journal beside a version-2 save: 'status' (which did not read it) called the save sound, 'log' and
    'play' damaged."""
    folder = midgame.copy_game(template, _tabletop_home, "g")
    as_version_2(folder)
    assert tt("status").exit_code == 0 and tt("log").exit_code == 0  # a sound version-2 save reads
    journal = folder / "journal.toml"
    text = journal.read_text(encoding="utf-8")
    assert "\nn = 2\n" in text
    journal.write_text(text.replace("\nn = 2\n", "\nn = 7\n", 1), encoding="utf-8")
    refused_by_every_command(folder)


def test_export_of_a_damaged_save_names_the_file(folder):
    path = folder / "save.toml"
    path.write_bytes(path.read_bytes().replace(b"round = ", b"round_ = ", 1))
    for lang in ("en", "pt-BR"):
        r = tt("--lang", lang, "export", "--json")
        assert r.exit_code == 1 and str(path) in r.output, r.output


def dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_a_temporary_file_left_by_a_killed_write_is_removed_by_the_next_write(tmp_path):
    """A kill during 'export --bgstats FILE' (or any write) leaves '.FILE.<pid>.<random>.tmp' beside FILE; the next
    write of FILE removes it; a temporary file of a process still at work is left alone."""
    from state.atomic import temporary_prefix, write_atomic

    target = tmp_path / "play.bgsplay"
    left = tmp_path / f".{target.name}.{dead_pid()}.k1l2.tmp"
    working = tmp_path / f"{temporary_prefix(target)}w0rk.tmp"
    left.write_text("half", encoding="utf-8")
    working.write_text("half", encoding="utf-8")
    write_atomic(target, "whole\n", backup=False)
    assert target.read_text(encoding="utf-8") == "whole\n"
    assert not left.exists() and working.exists()


def test_a_games_folder_that_is_a_plain_file_is_said_not_no_saved_games(_tabletop_home):
    _tabletop_home.mkdir(parents=True)
    (_tabletop_home / "games").write_text("not a folder\n", encoding="utf-8")
    for lang, words in (("en", "cannot be read"), ("pt-BR", "Não foi possível ler")):
        r = tt("--lang", lang, "games")
        assert r.exit_code == 1 and words in r.output and "No saved games" not in r.output, r.output


def serve_started_with_sigint_ignored(home: Path) -> subprocess.Popen:
    """``tabletop serve`` as a background job of a script starts it: with SIGINT ignored."""
    env = {**os.environ, "TABLETOP_HOME": str(home)}
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from cli.main import main; sys.exit(main())",
                             "serve", "--port", "0"], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    seen = b""
    deadline = time.monotonic() + 60  # a guard against a server that never starts, not a timed assertion
    while b"http://" not in seen:
        ready, _, _ = select.select([proc.stderr], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            proc.kill()
            pytest.fail("the server never said where it listens")
        block = os.read(proc.stderr.fileno(), 4096)
        if not block:
            pytest.fail(f"the server ended: {seen!r}")
        seen += block
    return proc


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_serve_stops_on_a_signal_however_it_was_started(folder, _tabletop_home, sig):
    proc = serve_started_with_sigint_ignored(_tabletop_home)
    proc.send_signal(sig)
    try:
        code = proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        pytest.fail(f"serve went on after {sig.name}")
    assert code == 130, code
