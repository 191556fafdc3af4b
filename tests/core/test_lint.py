"""The linter runs with the tests (issue 40): syntax errors and pyflakes' findings (unused imports and names,
undefined names) anywhere in the project fail the run, with ruff's own report. The rules chosen are in
pyproject.toml ([tool.ruff.lint]); ruff is a test dependency, so the README's test command (and CI) runs it."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_linter_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
