"""Issue 27 part 5: a long screen (``log``, ``rules GAME``, ``status``) goes through the pager at a terminal only
(cli/terminal/pager.py), on a real pseudo-terminal as in test_terminal.py, and never off-terminal or under ``--json``.

The pager is ``$PAGER`` (else ``less`` with ``LESS=FRX`` unless ``LESS`` is set); ``TABLETOP_PAGER=0`` turns it off.
A stand-in pager (a ``sed`` that marks every line it shows) proves which runs went through it.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

pexpect = pytest.importorskip("pexpect")

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
MARK = "PAGED| "
MARKING_PAGER = "sed 's/^/PAGED| /'"  # a pager that shows every line with a mark, then ends


@pytest.fixture
def long_game(_tabletop_home):
    """A Time of Crisis game 60 steps in: its log is hundreds of lines, its status ~36 at 80 columns."""
    from serve_saves import make_save

    make_save("toc", "long", steps=60)
    env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_NO_PROMPT", "NO_COLOR", "PAGER", "LESS",
                                                               "TABLETOP_PAGER", "COLUMNS", "LINES")}
    env.update(TABLETOP_HOME=str(_tabletop_home), TABLETOP_LANG="en", TERM="xterm")
    return env


def spawn(env, *args, rows=24):
    return pexpect.spawn(TABLETOP, ["--game", "long", *args], env=env, encoding="utf-8", dimensions=(rows, 80),
                         timeout=20)


def finish(child) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


@pytest.mark.parametrize("args", [["log"], ["rules", "toc"], ["status"], ["toc", "status"]])
def test_a_long_screen_goes_through_the_pager_at_a_terminal(long_game, args):
    child = spawn({**long_game, "PAGER": MARKING_PAGER}, *args)
    child.expect_exact(MARK)
    assert finish(child) == 0


def test_less_holds_a_long_log_until_q_and_pager_off_prints_it_all(long_game):
    """The default pager is less: it shows the first screen and waits; q ends it, exit 0. TABLETOP_PAGER=0 prints
    the whole log at once (nothing waits)."""
    child = spawn(long_game, "log")
    child.expect("   1  ")  # the first entry, on the first screen
    child.expect(":")  # less's prompt: it waits for the table
    assert child.isalive()
    child.send("q")
    assert finish(child) == 0
    child = spawn({**long_game, "TABLETOP_PAGER": "0", "PAGER": MARKING_PAGER}, "log")
    text = child.read()
    child.close()
    assert child.exitstatus == 0 and MARK not in text and "  60  " in text


def test_a_screen_that_fits_is_not_paged(long_game):
    child = spawn({**long_game, "PAGER": MARKING_PAGER}, "log", "--last", "1", rows=60)
    text = child.read()
    child.close()
    assert child.exitstatus == 0 and MARK not in text and "  60  " in text


def test_no_pager_off_terminal_nor_under_json(long_game):
    """Piped output is never held by a pager, whatever PAGER says; --json at a terminal is never paged."""
    env = {**long_game, "PAGER": MARKING_PAGER}
    for args in (["log"], ["rules", "toc"], ["status"]):
        piped = subprocess.run([TABLETOP, "--game", "long", *args], env=env, capture_output=True, text=True,
                               timeout=60, stdin=subprocess.DEVNULL)
        assert piped.returncode == 0 and MARK not in piped.stdout and len(piped.stdout.splitlines()) > 24, args
    child = spawn(env, "--json", "log")
    text = child.read()
    child.close()
    assert child.exitstatus == 0 and MARK not in text
    assert json.loads(text[text.index("{"):])["ok"] is True
