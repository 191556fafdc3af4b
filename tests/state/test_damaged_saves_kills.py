"""Issue 37 item 6: kills during every writing command. A kill is made at every point where a writing command
replaces a file (each ``os.replace``): from that moment the process is gone, so nothing it would still do happens
(not even the removal of its temporary file). After each kill the save reads sound with no completed step lost,
and the next command that takes the lock leaves no temporary file behind.

Deterministic: the kill is injected at a known call, not timed. Left out by TABLETOP_QUICK (a battery)."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

import midgame
from cli_checks import tt
from state.save import read

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)


class Killed(BaseException):
    """The process is gone (a SIGKILL): nothing after it runs."""


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    return midgame.build(tmp_path_factory.mktemp("kills") / "chaos", "chaos")


def complete_a_step(folder: Path) -> None:
    """'play' completing the step in progress (the scripted table answers), under the lock."""
    from state.lock import SaveLock
    from state.session import Session

    module, cls = midgame.GAMES["chaos"][2].split(":")
    policy = getattr(importlib.import_module(module), cls)(11)
    with SaveLock(folder):
        session = Session.open(folder)
        policy.state = session.save.state
        session.play(policy, max_steps=1)


def damage_then_restore(folder: Path) -> None:
    path = folder / "save.toml"
    path.write_bytes(path.read_bytes().replace(b"round = ", b"round_ = ", 1))
    tt("restore", "g")


WRITERS = {
    "play": complete_a_step,
    "undo": lambda folder: tt("undo"),
    "restore": damage_then_restore,
    "new": lambda folder: tt("new", "chaos", "--name", "other", "--seed", "2"),
}


def kill_at(mp, n: int) -> list[int]:
    """Kill the process at the ``n``-th file replacement (counted in the list returned)."""
    plain_replace = os.replace
    calls = [0]

    def replace(src, dst, *a, **k):
        calls[0] += 1
        if calls[0] == n:
            mp.setattr(os, "unlink", dead)  # what a killed process would still have done does not happen
            raise Killed
        return plain_replace(src, dst, *a, **k)

    def dead(*a, **k):
        raise Killed

    mp.setattr(os, "replace", replace)
    return calls


def fresh(template: Path, home: Path) -> Path:
    import shutil

    if home.exists():
        shutil.rmtree(home)
    return midgame.copy_game(template, home, "g")


def temporary_files(home: Path) -> list[str]:
    return sorted(str(p.relative_to(home)) for p in home.rglob("*.tmp"))


@pytest.mark.parametrize("what", list(WRITERS))
def test_a_kill_at_any_write_loses_no_step_and_leaves_no_temporary_file(template, _tabletop_home, what):
    with pytest.MonkeyPatch.context() as mp:  # how many files the command replaces
        calls = kill_at(mp, 0)
        WRITERS[what](fresh(template, _tabletop_home))
    assert calls[0] >= 1, what
    for n in range(1, calls[0] + 1):
        folder = fresh(template, _tabletop_home)
        steps = read(folder).journal_length
        with pytest.MonkeyPatch.context() as mp:
            kill_at(mp, n)
            try:
                WRITERS[what](folder)
            except Killed:
                pass
        with pytest.MonkeyPatch.context() as mp:
            import state.atomic

            mp.setattr(state.atomic, "alive", lambda pid: False)  # the killed process is gone
            if what == "restore" and tt("status").exit_code == 1:  # killed before the rebuilt save was in place
                assert tt("restore", "g").exit_code == 0, (what, n)
            status = tt("status")
            assert status.exit_code == 0, (what, n, status.output)
            kept = read(folder).journal_length
            assert kept >= steps - (1 if what == "undo" else 0), (what, n, kept, steps)
            tt("--game", "g", "play", "--steps", "1")  # takes the lock: the game folder is cleaned
            tt("use", "g")  # writes 'current': its stray temporary files go
            if what == "new":  # the name again: made now, or the save the kill left, which play then takes
                tt("new", "chaos", "--name", "other", "--seed", "2")
                assert tt("--game", "other", "play", "--steps", "1").exit_code in (0, 2), (what, n)
            assert temporary_files(_tabletop_home) == [], (what, n)
