"""The joints battery (issue 36, ../shared/DESIGN.md "The joints"): every game of the registry played through every
capability together, from one table of drivers (tests/joints/drivers.py). A fifth game gets every check here by
adding its row there.

What is checked, in random legal games of every game:
- a correction is read back by the reader of corrections at once (`fix --list`) and reversed by its opposite;
"""

from __future__ import annotations

import copy
import random

import pytest
from drivers import DRIVERS, Table, first_tables

from automata.core import fix, fixstep
from automata.core.games import GAMES, load_game
from automata.core.runner import DiceContext, NoAnswers, run
from conftest import random_games


def test_every_registered_game_has_a_driver_row():
    """A game the registry knows and no battery plays would get none of the joints' checks."""
    assert {g.id for g in GAMES} == set(DRIVERS)
    for game_id, tables in DRIVERS.items():
        assert tables and all(t.game == game_id for t in tables)


def _game(table: Table):
    return fixstep.WithCorrections(load_game(table.game))


def _random_game(table: Table, seed: int, on_step=None, max_steps: int = 5000) -> dict:
    """Play ``table`` to its end with its scripted table; ``on_step(state, n)`` after every step; the final state."""
    game = _game(table)
    state = game.new_state(game.check_options(dict(table.options)), seed)
    policy = table.player(seed)
    for n in range(1, max_steps + 1):
        step = game.next_step(state)
        if step is None:
            return state
        policy.state = state
        result = run(game.procedure(state, step), policy, dice=DiceContext(seed, n, "app"))
        assert result.done, f"{table.label}: step {step} stopped at {result.pending_id}"
        if on_step is not None:
            on_step(state, n)
    raise AssertionError(f"{table.label}: the game did not end")


def _corrected(game, state: dict, text: str) -> tuple[dict, list[dict]] | None:
    """``state`` after the correction ``text`` played as `tabletop fix` plays it (a journal step), and the lines it
    wrote (``{"field", "keys", "before", "after"}``); None when refused."""
    try:
        changes = fix.check(text, game.fix_fields, state)
    except fix.FixError:
        return None
    after = copy.deepcopy(state)
    result = run(game.procedure(after, fixstep.step(changes)), NoAnswers(), dice=DiceContext(0, 1, "app"))
    assert result.done
    return after, result.result or []


def _word(game, state: dict, row: dict, key):
    """How the table types the value ``key`` of ``row``: a choice's shown word, a count as it is; None if none."""
    if "choices" not in row:
        return key
    the_field = next(f for f in game.fix_fields if f.id == row["field"])
    options = the_field.choices(state, tuple(row["keys"])) if the_field.choices else []
    return next((fix.shown(o) for o in options if o.key == key), None)


def _other_value(row: dict, rng: random.Random):
    """A valid value of ``row`` (a row of ``fix.listing``) other than the one held, as typed; or None."""
    if "choices" in row:
        return rng.choice(row["choices"]) if len(row["choices"]) > 1 else None
    for value in rng.sample([row["value"] + 1, row["value"] - 1], 2):
        if value >= row["min"] and value <= row.get("max", value):
            return value
    return None


def _values(rows: list[dict]) -> dict:
    return {(r["field"], tuple(r["keys"])): r["value"] for r in rows}


def check_corrections_read_back_and_reversed(game, state: dict, rng: random.Random, label: str, tries: int = 12):
    """Issue 36 item 2: what `fix` writes, its reader (`fix --list`) reads at once; a correction to another value
    and then back to the first gives that value back (its opposite is accepted: never "already")."""
    rows = fix.listing(state, game.fix_fields)
    before = _values(rows)
    for row in rng.sample(rows, min(tries, len(rows))):
        value = _other_value(row, rng)
        if value is None:
            continue
        text = f"{row['words']} {value}"
        done = _corrected(game, state, text)
        if done is None:  # refused by a rule's limit: nothing to read back
            continue
        after, lines = done
        key = (row["field"], tuple(row["keys"]))
        mine = [line for line in lines if (line["field"], tuple(line["keys"])) == key]
        if not mine or mine[-1]["after"] == row["value"]:
            continue  # the same value typed another way: nothing was changed
        read = _values(fix.listing(after, game.fix_fields))
        if set(read) != set(before):
            continue  # the correction changed which values exist (a person taken out): no single opposite
        assert read[key] == mine[-1]["after"], (
            f"{label}: '{text}' wrote {mine[-1]['after']!r} but fix --list still reads {read[key]!r}")
        back = _word(game, after, row, row["value"])
        if back is None:
            continue
        undone = _corrected(game, after, f"{row['words']} {back}")
        assert undone is not None, f"{label}: '{text}' cannot be taken back by '{row['words']} {back}'"
        # its own value comes back (a hand made smaller and then larger discards and then draws: the piles it
        # moved follow the rules of each way, not a rewind)
        assert _values(fix.listing(undone[0], game.fix_fields)).get(key) == row["value"], (
            f"{label}: '{text}' then '{row['words']} {back}' did not give back {row['value']!r}")


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
@pytest.mark.parametrize("seed", range(random_games(2, quick_least=1)))
def test_corrections_are_read_back_and_reversed_during_random_games(table, seed):
    game = _game(table)
    rng = random.Random(seed)
    checked = []

    def on_step(state, n):
        if rng.random() < 0.04:
            check_corrections_read_back_and_reversed(game, state, rng, f"{table.label} seed {seed} step {n}")
            checked.append(n)

    final = _random_game(table, seed, on_step)
    check_corrections_read_back_and_reversed(game, final, rng, f"{table.label} seed {seed} at the end")
    assert checked, "no step was checked"
