"""``tabletop new GAME --random`` at a terminal: the draw is shown, then keep/redraw asked; a redraw shows the next
draw (the next seed of the sequence) and Enter keeps it."""

from __future__ import annotations

import pytest

from test_terminal import DOWN, finish, spawn, term_env  # noqa: F401  (the terminal fixture)

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

pexpect = pytest.importorskip("pexpect")


def test_redraw_then_keep_at_a_terminal(term_env, _tabletop_home):
    import tomllib

    from cli.setup.setupdraw import next_seed

    child = spawn(term_env, "new", "chaos", "--random", "--powers", "3", "--seed", "7", "--name", "r1")
    child.expect("Random setup \\(seed 7\\)")
    child.expect("Keep this random setup, or draw a new one")
    child.send(DOWN)
    child.send("\r")  # draw a new one
    child.expect(f"Random setup \\(seed {next_seed(7)}\\)")
    child.expect("Keep this random setup, or draw a new one")
    child.send("\r")  # Enter keeps it
    assert finish(child) == 0
    save = tomllib.loads((_tabletop_home / "games" / "r1" / "save.toml").read_text("utf-8"))
    assert save["seed"] == next_seed(7)


def test_a_random_solo_anachrony_asks_the_opponent_then_draws_for_it(term_env, _tabletop_home):
    """Rules file §3.1: the solo opponent is the table's choice (the Chronobot plays the base game only), so a
    random solo game asks it first, draws the modules that fit it, and shows it with the draw."""
    import tomllib

    child = spawn(term_env, "new", "anachrony", "--random", "--players", "1", "--seed", "4", "--name", "solo")
    child.expect("Which solo opponent")
    child.send(DOWN)
    child.send("\r")  # the Chronobot
    child.expect("Random setup \\(seed 4\\)")
    child.expect("The base game, no modules")  # the Chronobot plays without modules
    child.expect("Player board: side")
    child.expect("Solo opponent: the Chronobot")
    child.send("\r")
    assert finish(child) == 0
    save = tomllib.loads((_tabletop_home / "games" / "solo" / "save.toml").read_text("utf-8"))
    assert save["options"]["opponent"] == "chronobot" and save["options"]["modules"] == []
