"""Issue 40 item 6: the quick run (TABLETOP_QUICK=1) leaves the whole-program batteries out by their pytest marker
(``battery``, pyproject.toml), no longer by pieces of file names. Every test file the old name list left out
carries the marker, so that no battery moves into the quick run unnoticed; the marker is declared, and the quick
run's selection is ``-m "not battery"`` (joined to a ``-m`` of the command's own)."""

from __future__ import annotations

import ast
import tomllib
import types
from pathlib import Path

import pytest

import conftest

ROOT = Path(__file__).resolve().parents[2]

#: the name pieces of the quick run's old list (tests/conftest.py's QUICK_LEAVES_OUT until the markers)
OLD_LIST = (
    "terminal", "test_serve", "damaged_saves", "fuzz_command_line", "hostile_environment", "state_atomic",
    "_picture", "status_steps", "test_readme", "test_conventions", "test_rules", "_pause", "data_errors",
    "secret_camps", "test_i18n_coverage", "clock_cli", "bad_inputs", "history_stats", "test_export",
)


def _module_marks(path: Path) -> set[str]:
    """The markers of the module's ``pytestmark`` (one mark or a list), read from its source."""
    marks = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in node.targets):
            for sub in ast.walk(node.value):
                if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Attribute) and sub.value.attr == "mark":
                    marks.add(sub.attr)
    return marks


def test_every_file_the_old_list_left_out_is_marked_battery():
    matched = [p for p in sorted((ROOT / "tests").rglob("test_*.py")) if any(part in p.stem for part in OLD_LIST)]
    assert len(matched) >= 37  # the 37 test files of the list on 2026-12-07
    unmarked = [str(p.relative_to(ROOT)) for p in matched if "battery" not in _module_marks(p)]
    assert unmarked == []


def test_the_battery_marker_is_declared():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert any(line.startswith("battery:") for line in options["markers"])


def test_no_file_name_list_is_left():
    assert not hasattr(conftest, "QUICK_LEAVES_OUT")


@pytest.mark.parametrize(("quick", "own", "expected"), [
    ("1", "", "not battery"),
    ("1", "golden", "(golden) and not battery"),
    ("", "golden", "golden"),
    ("0", "", ""),
])
def test_the_quick_run_selects_by_marker(monkeypatch, quick, own, expected):
    monkeypatch.setenv("TABLETOP_QUICK", quick)
    config = types.SimpleNamespace(option=types.SimpleNamespace(markexpr=own))
    conftest.pytest_configure(config)
    assert config.option.markexpr == expected
