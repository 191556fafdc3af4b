"""``tabletop new GAME --random`` at a terminal: the draw is shown, then keep/redraw asked; a redraw shows the next
draw (the next seed of the sequence) and Enter keeps it."""

from __future__ import annotations

import pytest

from test_terminal import DOWN, finish, spawn, term_env  # noqa: F401  (the terminal fixture)

pexpect = pytest.importorskip("pexpect")


def test_redraw_then_keep_at_a_terminal(term_env, _tabletop_home):
    import tomllib

    from cli.setupdraw import next_seed

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
