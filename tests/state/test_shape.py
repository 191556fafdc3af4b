"""The shape check of saved states (automata/core/shape.py and automata/<game>/shape.py): what it accepts, what it
refuses, and that every state a real game goes through (saved and read back) fits its game's shape."""

from __future__ import annotations

import importlib
import re
import tomllib

import pytest

import midgame
from automata.core.games import find_game, load_game
from automata.core.runner import DiceContext, run
from automata.core.shape import ANY, Each, Either, Opt, check_state, problem, undescribed
from state.save import dumps


def en(found):
    """A shape problem (path, message) with its message as the English table reads it."""
    from cli.words.i18n import Translator

    return None if found is None else (found[0], Translator("en").render(found[1]))


def test_types_tables_lists_and_options():
    shape = {"a": int, "b": Opt(str), "c": [{"x": bool}], "d": Each(float, keys=("k",)), "e": Either(int, str), "f": ANY}
    good = {"a": 1, "c": [{"x": True}], "d": {"k": 1, "j": 2.5}, "e": "s", "f": None, "extra": "allowed"}
    assert problem(good, shape) is None
    assert en(problem({**good, "a": True}, shape)) == ("a", "must be an integer, found true or false")
    assert en(problem({**good, "b": 3}, shape)) == ("b", "must be a string, found an integer")
    assert en(problem({k: v for k, v in good.items() if k != "a"}, shape)) == ("a", "is missing")
    assert en(problem({**good, "c": [{"x": True}, {"x": 1}]}, shape)) == ("c[1].x", "must be true or false, found an integer")
    assert en(problem({**good, "d": {"j": 1}}, shape)) == ("d.k", "is missing")
    assert en(problem({**good, "d": {"k": "1"}}, shape)) == ("d.k", "must be a number, found a string")
    assert en(problem({**good, "e": []}, shape)) == ("e", "must be an integer or a string, found a list")
    assert en(problem([], shape)) == ("", "must be a table, found a list")


def test_a_game_without_a_shape_only_needs_a_table():
    # a module whose package has no shape module (json.decoder: no json.shape)
    assert check_state("json.decoder", {"anything": 1}) is None
    assert en(check_state("json.decoder", [])) == ("state", "must be a table, found a list")


@pytest.mark.parametrize("which", list(midgame.GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_state_of_a_whole_game_fits_its_shape(which, seed):
    """A whole game by the scripted table (up to 400 steps): each state, written as TOML and read back, fits, and
    every key it holds is described by the game's shape (issue 31: a key a game adds to its state fails here until
    ``automata/<game>/shape.py`` names it, so the shape the saves are checked against never falls behind)."""
    game_id, raw, factory, _ = midgame.GAMES[which]
    game = load_game(game_id)
    shape = importlib.import_module(find_game(game_id).module.rsplit(".", 1)[0] + ".shape").STATE
    unknown: dict[str, int] = {}
    module, cls = factory.split(":")
    policy = getattr(importlib.import_module(module), cls)(seed)
    state = game.new_state(game.check_options(dict(raw)), seed)
    policy.state = state
    for n in range(1, 401):
        back = tomllib.loads(dumps({"state": state}))["state"]
        assert check_state(find_game(game_id).module, back) is None, (n, check_state(find_game(game_id).module, back))
        for path in undescribed(back, shape, "state"):
            unknown.setdefault(re.sub(r"\[\d+\]", "[]", path), n)
        step = game.next_step(state)
        if step is None:
            break
        assert run(game.procedure(state, step), policy, dice=DiceContext(seed, n, "table")).done
    assert not unknown, f"keys of the state missing from automata/{game_id}/shape.py (key: first step): {unknown}"


def test_undescribed_names_every_key_a_shape_does_not_hold():
    shape = {"a": int, "t": {"x": int}, "e": Each({"v": int}), "l": [{"k": str}], "free": dict, "o": Opt({"y": int})}
    value = {"a": 1, "new": 2, "t": {"x": 1, "z": 0}, "e": {"p": {"v": 1, "w": 2}}, "l": [{"k": "s", "j": 1}],
             "free": {"anything": 1}, "o": {"y": 1, "q": 2}}
    assert sorted(undescribed(value, shape)) == ["e.p.w", "l[0].j", "new", "o.q", "t.z"]
    assert undescribed({"a": 1, "t": {"x": 1}, "e": {}, "l": [], "free": {}}, shape) == []
