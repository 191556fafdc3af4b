"""Issue 11, the optional "done" pause: at a terminal a bot's turn ends with one pause ("press Enter when the table has
caught up") that is no question: no id, not journalled, not counted; off-terminal (answers, piped stdin) it never
shows and never waits."""

import subprocess

import pytest

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

pexpect = pytest.importorskip("pexpect")

from state.save import read  # noqa: E402
from test_terminal import TABLETOP, finish, spawn, term_env, tt  # noqa: E402,F401  (term_env is a fixture)

SETUP = [a for n in range(1, 10) for a in ("--answer", f"toc.setup.{n}=yes")]
BOT_TURN = ["--answer", "toc.red.crisis=barbarians", "--answer", "toc.red.mode=none", "--answer", "toc.red.apl.1=none",
            "--answer", "toc.red.legacy=0", "--answer", "toc.red.political=0"]


def new_game(env):
    assert tt(env, "new", "toc", "--name", "g", "--humans", "1", "--bots", "red").returncode == 0


def test_the_pause_shows_at_a_terminal_after_a_bot_turn_and_is_not_journalled(term_env, _tabletop_home):
    new_game(term_env)
    child = spawn(term_env, "play", *SETUP, *BOT_TURN)
    child.expect("The turn of red .* is over: press Enter when the table has caught up")
    child.send("\r")
    child.expect("What did the crisis roll give for human player 1")  # the next turn's first question
    child.sendintr()
    assert finish(child) == 130
    save = read(_tabletop_home / "games" / "g")
    journal = save.journal()
    assert journal[-1]["step"]["proc"] == "bot_end"
    records = [r["id"] for e in journal for r in e["records"]]
    assert not [r for r in records if "pause" in r or "caught" in r]  # not a question, not journalled
    assert "caught up" not in str(journal)


def test_off_terminal_the_pause_never_shows_nor_waits(term_env, _tabletop_home):
    new_game(term_env)
    env = {k: v for k, v in term_env.items() if k != "TABLETOP_NO_PROMPT"}
    # piped stdin, no terminal: play runs through the bot's turn and stops at the human's question, without waiting
    run = subprocess.run([TABLETOP, "play", *SETUP, *BOT_TURN], env=env, input="", capture_output=True, text=True, timeout=60)
    assert "caught up" not in run.stdout + run.stderr
    assert "toc.human1.crisis" in run.stderr
    assert read(_tabletop_home / "games" / "g").journal()[-1]["step"]["proc"] == "bot_end"
