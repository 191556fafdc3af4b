"""Every test gets its own empty TABLETOP_HOME and English messages unless it asks otherwise.

`random_games(full)` is how many random games a property test plays: `full` in CI and in the README's test
command, a handful with `TABLETOP_QUICK=1` (a developer's run in under a minute). The quick run also leaves out
the whole-program batteries, by their marker (`pytestmark = pytest.mark.battery`, declared in pyproject.toml: real
terminals, the phone server and a real browser, damaged saves and killed writers, fuzzing, hostile environments,
pictures at every width, status after every step, the examples of the README and docs/, the rules-topic and catalog scans,
owner-data errors through the CLI, the bad-input battery, finished games of every game through history, stats,
export and the end-of-game clocks): TABLETOP_QUICK=1 runs ``-m "not battery"`` (``pytest_configure``), which also
works without it. CI runs everything.
"""

import os
import sys
from pathlib import Path

import pytest

# Every test folder is importable by its modules' names (the scripted tables such as toc_policy, the shared helpers
# policy_runner and leaks), wherever the test that uses them lives: tests/<area>/ and tests/<area>/<game>/.
_TESTS = Path(__file__).resolve().parent
for _folder in sorted({p.parent for p in _TESTS.glob("*/**/*.py")}, reverse=True):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

QUICK_SHARE = 40  # TABLETOP_QUICK=1 plays one game in 40 (at least 3) of every random-game test

#: what TABLETOP_QUICK=1 leaves out: the tests marked as whole-program batteries (pyproject.toml's markers)
QUICK_MARKS = "not battery"


def _quick() -> bool:
    return os.environ.get("TABLETOP_QUICK", "") not in ("", "0")


def pytest_configure(config):
    """TABLETOP_QUICK=1: the run selects ``-m "not battery"`` (with a ``-m`` of its own: both)."""
    if _quick():
        own = config.option.markexpr
        config.option.markexpr = f"({own}) and {QUICK_MARKS}" if own else QUICK_MARKS


#: the helpers that compare with a stored file and rewrite it under UPDATE_GOLDEN=1 (policy_runner, cli_checks)
GOLDEN_WRITERS = frozenset({"golden_text", "stored_snapshot"})


def _writes_golden(code, module_globals: dict, depth: int = 2) -> bool:
    """Whether ``code`` (a test, its nested functions, or a helper of its own module it calls) uses a GOLDEN_WRITER."""
    if GOLDEN_WRITERS & set(code.co_names):
        return True
    nested = [c for c in code.co_consts if hasattr(c, "co_names")]
    helpers = [g.__code__ for n in code.co_names if callable(g := module_globals.get(n)) and hasattr(g, "__code__")
               and g.__globals__ is module_globals] if depth else []
    return any(_writes_golden(c, module_globals, depth - (c in helpers)) for c in nested + helpers)


#: The longest tests (a whole program installed, hundreds of random games, programs started and killed), longest
#: first: they run first, so that the run's last minutes are short tests that both cores share, not one long test
#: on one core while the other waits (``--dist worksteal``, pyproject.toml, hands the queue of a busy core to an
#: idle one). Node ids' beginnings; a test that grows long belongs here (``--durations=40`` names them).
RUN_FIRST = (
    "tests/cli/test_readme.py::test_the_install_command_runs_as_written",
    "tests/automata/radlands/test_radlands_playthrough.py::test_random_games_keep_the_invariants_and_always_end",
    "tests/automata/chaos/test_chaos_playthrough.py::test_random_games_keep_the_invariants",
    "tests/cli/test_hostile_environment.py::test_an_output_that_is_not_utf8",
    "tests/state/test_state_atomic.py::test_sigkill_midway",
    "tests/cli/test_conventions.py::test_every_example_runs",
    "tests/state/test_state_save.py::test_round_trip_property",
    "tests/cli/test_readme.py::test_every_command_in_the_text_runs",
)


def _first(item) -> int:
    return next((i for i, start in enumerate(RUN_FIRST) if item.nodeid.startswith(start)), len(RUN_FIRST))


def pytest_collection_modifyitems(config, items):
    """The longest tests first (RUN_FIRST; the others keep their order). Every test that compares with a golden
    playthrough or a stored snapshot gets the ``golden`` marker, so that ``UPDATE_GOLDEN=1 python -m pytest -n0 -m
    golden`` regenerates them all (ARCHITECTURE.md)."""
    items.sort(key=_first)  # a stable sort: the same order in every worker, as pytest-xdist requires
    for item in items:
        function = getattr(item, "function", None)
        if function is not None and _writes_golden(function.__code__, function.__globals__):
            item.add_marker(pytest.mark.golden)


def random_games(full: int, quick_least: int = 3) -> int:
    """The number of random games (or hypothesis examples) a property test plays: `full` unless TABLETOP_QUICK is
    set to something other than empty or 0, then a small share of it (at least ``quick_least``: 1 for a test whose
    every game goes through real saves on disk)."""
    if not _quick():
        return full
    return min(full, max(quick_least, full // QUICK_SHARE))


@pytest.fixture(autouse=True)
def _tabletop_home(tmp_path, monkeypatch):
    home = tmp_path / "tabletop-home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    monkeypatch.setenv("TABLETOP_LANG", "en")
    monkeypatch.setenv("TABLETOP_NO_PROMPT", "1")
    # the clocks' time stamps (state/clock.py): one fixed moment, so that a save's files do not depend on when the
    # test ran; a clock test sets its own
    monkeypatch.setenv("TABLETOP_NOW", "2026-01-01T10:00:00Z")
    # pytest-xdist's workers set COLUMNS=80 and LINES=24, which a program started by a test (a real terminal of
    # 120 columns) would take over the terminal's own size: a test sets them itself when it wants a width
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    # no parsed-file cache left installed by an earlier test's command (it would be another home's): each test reads
    # the files afresh until a command of its own installs its home's cache
    from automata.core import datafiles
    from state import datacache

    monkeypatch.setattr(datafiles, "_cache", None)
    monkeypatch.setattr(datacache, "_installed", None)
    return home


REAL_FSYNC = os.fsync  # the real one, for the test that compares the two (tests/state/test_fsync_stand_in.py)


def _fsync_in_memory(fd: int) -> None:
    """``os.fsync`` in the test process: the same refusals (a closed descriptor, one that is neither a file nor a
    folder), without waiting for the disk. What fsync adds (the bytes survive a power cut) no test can see; waiting
    for it at every save was most of the wall time of the tests that play games through real saves. Programs the
    tests start (the killed writers of test_state_atomic.py, the real terminals) keep the real one; a test that
    makes fsync fail (a full disk) sets its own over this one."""
    import errno
    import stat

    mode = os.fstat(fd).st_mode  # OSError EBADF for a closed descriptor, as fsync gives
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise OSError(errno.EINVAL, os.strerror(errno.EINVAL))


@pytest.fixture(autouse=True)
def _no_disk_wait(monkeypatch):
    monkeypatch.setattr(os, "fsync", _fsync_in_memory)
