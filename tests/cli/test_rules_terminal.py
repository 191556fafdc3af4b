"""'?' at a question of 'play', at a real terminal (pexpect), issue 18: the rule behind the question is shown, the
same question comes back, and nothing is recorded for the look-up."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

pexpect = pytest.importorskip("pexpect")

from state.save import read  # noqa: E402

TABLETOP = str(Path(sys.executable).with_name("tabletop"))


@pytest.fixture
def term_env(_tabletop_home):
    env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_NO_PROMPT", "NO_COLOR")}
    env.update(TABLETOP_HOME=str(_tabletop_home), TABLETOP_LANG="en", TERM="xterm")
    env["PROMPT_TOOLKIT_NO_CPR"] = "1"
    return env


def test_question_mark_shows_the_rule_and_asks_the_same_question_again(term_env, _tabletop_home):
    new = subprocess.run([TABLETOP, "new", "chaos", "--name", "g1", "--seed", "7"],
                         env={**term_env, "TABLETOP_NO_PROMPT": "1"}, capture_output=True, text=True, timeout=60)
    assert new.returncode == 0, new.stderr
    child = pexpect.spawn(TABLETOP, ["play"], env=term_env, encoding="utf-8", dimensions=(40, 120), timeout=20)
    # a yes/no question: the '?' key
    child.expect("Setup step 1 done")
    child.send("?")
    child.expect("Setup: board, dials and seats")  # the topic of the step
    child.expect("From: the table.s own summary of the game")
    child.expect("nothing recorded")
    child.expect("Setup step 1 done")  # the same question again
    child.send("y\r")  # a key chooses, Enter confirms
    for n in range(2, 9):
        child.expect(f"Setup step {n} done")
        child.send("y\r")
    # a menu question (long list: type to filter): the '?' key, which takes no number of the menu
    child.expect("Which Old World card did")
    child.send("?")
    child.expect("Old World phase")
    child.expect("nothing recorded")
    child.expect("Which Old World card did")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130

    save = read(_tabletop_home / "games" / "g1")
    records = [r for e in save.journal() for r in e["records"]]
    assert [(r["id"], r["value"]) for r in records] == [(f"chaos.setup.{n}", True) for n in range(1, 9)]
    assert not (save.pending or {}).get("records")  # the look-up at the card question recorded nothing
