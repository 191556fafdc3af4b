"""The rules of the work: no timed assertions in tests (speed is measured by the bench/ scripts). This guard reads
every test file and names each ``assert`` that compares a reading of the real clock (``time.monotonic()``,
``time.time()``, ``time.perf_counter()``, ``time.process_time()`` and their ``_ns`` forms), or a name computed from
one in the same function (``elapsed = time.perf_counter() - start``), with anything.

Precise by construction: a bounded wait that only guards against a hang passes the clock to a call
(``wait_for_step(stream, n, time.monotonic() + 30)``) or loops on it (``while time.monotonic() < deadline``), and
neither is a comparison inside an ``assert``; a fake clock (``clock.monotonic()``, tests/cli/gate_clock.py) is
not the ``time`` module's."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
CLOCKS = {"monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns", "time", "time_ns", "process_time",
          "process_time_ns"}


def _clock_names(tree: ast.Module) -> set[str]:
    """Names bound to the real clock's functions by ``from time import monotonic`` (or ``as``)."""
    return {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and node.module == "time" for alias in node.names if alias.name in CLOCKS}


def _reads_clock(node: ast.AST, bare: set[str], derived: set[str]) -> bool:
    """``node`` reads the clock, or a name computed from it, other than in the arguments of a call (a deadline
    handed to a bounded wait)."""
    if isinstance(node, ast.Call):
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr in CLOCKS and isinstance(f.value, ast.Name) and f.value.id == "time":
            return True
        return isinstance(f, ast.Name) and f.id in bare
    if isinstance(node, ast.Name):
        return node.id in derived
    if isinstance(node, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    return any(_reads_clock(child, bare, derived) for child in ast.iter_child_nodes(node))


def _operands_reading_clock(test: ast.AST, bare: set[str], derived: set[str]) -> bool:
    """An operand of a comparison in ``test`` reads the clock (arguments of calls do not count: a bounded wait)."""
    for sub in ast.walk(test):
        if isinstance(sub, ast.Compare):
            for operand in (sub.left, *sub.comparators):
                if _reads_clock(operand, bare, derived):
                    return True
    return False


def timed_assertions(source: str, name: str = "<test>") -> list[str]:
    """``name:line`` of each timed assertion in ``source``."""
    tree = ast.parse(source)
    bare = _clock_names(tree)
    found = []
    scopes = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))] + [tree]
    for scope in scopes:
        body = list(ast.walk(scope)) if scope is not tree else [n for n in tree.body]
        derived: set[str] = set()
        for node in body:  # names computed from the clock, anywhere in the function
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None \
                    and _reads_clock(node.value, bare, set()):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                derived |= {t.id for target in targets for t in ast.walk(target) if isinstance(t, ast.Name)}
        for node in body:
            if isinstance(node, ast.Assert) and _operands_reading_clock(node.test, bare, derived):
                found.append(f"{name}:{node.lineno}")
    return sorted(set(found), key=lambda where: int(where.rsplit(":", 1)[1]))


def test_no_test_asserts_on_elapsed_time():
    """Every test file: no assert compares a clock reading (COMMON rules: 'No timed assertions in tests')."""
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        found += timed_assertions(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS)))
    assert found == [], "timed assertions (use a fake clock, an event, or assert what happened): " + ", ".join(found)


def test_the_guard_finds_the_forms_it_names_and_passes_bounded_waits():
    """The guard itself, on the forms removed from this suite (chaos odds, serve, hostile environment) and on the
    bounded waits and fake clocks that stay."""
    timed = '''
import time
from time import perf_counter as pc

def a():
    start = time.perf_counter()
    dist = f()
    elapsed = time.perf_counter() - start
    assert elapsed < 0.2

def b():
    started = time.monotonic()
    assert status == 200 and time.monotonic() - started < 2

def c():
    start = pc()
    assert pc() - start < 1

def d():
    assert time.time() > 0
'''
    assert [line.split(":")[1] for line in timed_assertions(timed)] == ["9", "13", "17", "20"]
    fine = '''
import time

def a(clock):
    assert wait_for_step(stream, n, time.monotonic() + 30)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        pass
    assert closed_by_server(s, within=30)
    assert clock.monotonic() - clock.start < 2
    assert sum(clock.slept) >= 0.3
    assert phones_online(folder) == set()
    first = read_event(stream, time.monotonic() + 5)
    assert first["v"] == 1
'''
    assert timed_assertions(fine) == []
