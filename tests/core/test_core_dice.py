"""Dice: specs, the app's derived rolls, and validation of the faces the table types in."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.core.dice import (
    DiceSpec,
    app_roll,
    expected_count,
    parse_spec,
    parse_table_faces,
)
from automata.core.steps import InvalidAnswer


@pytest.mark.parametrize(
    "text, spec",
    [
        ("3d6", DiceSpec(3, 6, False)),
        ("3d6!", DiceSpec(3, 6, True)),
        (" 1D20 ", DiceSpec(1, 20, False)),
        ("0d6", DiceSpec(0, 6, False)),
        ("12d2!", DiceSpec(12, 2, True)),
    ],
)
def test_parse_spec(text, spec):
    assert parse_spec(text) == spec
    assert parse_spec(str(spec)) == spec


@pytest.mark.parametrize("text", ["", "d6", "3d", "3d1", "3x6", "-1d6", "3d6!!", "3 d6", "3d6+1"])
def test_parse_spec_rejects(text):
    with pytest.raises(ValueError, match="bad dice spec"):
        parse_spec(text)


def test_app_roll_same_inputs_same_dice():
    spec = parse_spec("10d6")
    a = app_roll(spec, 7, 3, "chaos.battle.khorne", 0)
    assert a == app_roll(spec, 7, 3, "chaos.battle.khorne", 0)
    assert len(a) == 10 and all(1 <= f <= 6 for f in a)


def test_app_roll_ignores_global_randomness():
    spec = parse_spec("10d6")
    random.seed(1)
    a = app_roll(spec, 7, 3, "x", 0)
    random.seed(2)
    random.random()
    assert app_roll(spec, 7, 3, "x", 0) == a


def test_app_roll_is_the_same_in_another_process_whatever_the_hash_seed():
    # A resumed or undone game runs in a new process: its dice must not depend on PYTHONHASHSEED.
    import subprocess
    import sys

    code = "from automata.core.dice import *; print(app_roll(parse_spec('8d6'), 7, 1, 'toy.roll', 0))"
    outs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONHASHSEED": h},
                       check=True).stdout
        for h in ("0", "1", "12345")
    }
    assert outs == {str(app_roll(parse_spec("8d6"), 7, 1, "toy.roll", 0)) + "\n"}


def test_app_roll_depends_on_each_input():
    spec = parse_spec("20d6")
    base = app_roll(spec, 7, 3, "x", 0)
    assert app_roll(spec, 8, 3, "x", 0) != base
    assert app_roll(spec, 7, 4, "x", 0) != base
    assert app_roll(spec, 7, 3, "y", 0) != base
    assert app_roll(spec, 7, 3, "x", 1) != base


@settings(max_examples=200, deadline=None)
@given(
    count=st.integers(0, 8),
    sides=st.integers(2, 12),
    seed=st.integers(0, 2**31),
    step=st.integers(1, 10_000),
    occ=st.integers(0, 5),
)
def test_exploding_rolls_are_complete(count, sides, seed, step, occ):
    spec = DiceSpec(count, sides, True)
    faces = app_roll(spec, seed, step, "r", occ)
    assert all(1 <= f <= sides for f in faces)
    assert len(faces) == expected_count(spec, faces)
    # and the table typing in the same faces is accepted
    assert parse_table_faces(spec, " ".join(map(str, faces))) == faces


def test_table_faces_accepts_spaces_commas_and_lists():
    spec = parse_spec("3d6")
    assert parse_table_faces(spec, "6 4 1") == [6, 4, 1]
    assert parse_table_faces(spec, "6,4, 1") == [6, 4, 1]
    assert parse_table_faces(spec, "6;4;1") == [6, 4, 1]
    assert parse_table_faces(spec, [6, "4", 1]) == [6, 4, 1]


@pytest.mark.parametrize("raw", ["0 4 1", "7 4 1", "6 x 1", "6 4 -1"])
def test_table_faces_must_be_faces(raw):
    with pytest.raises(InvalidAnswer) as e:
        parse_table_faces(parse_spec("3d6"), raw)
    assert e.value.msg.id == "core.dice.not_a_face"
    assert e.value.msg.params["sides"] == 6


@pytest.mark.parametrize("raw", ["6 4", "6 4 1 2", ""])
def test_table_faces_count_must_match(raw):
    with pytest.raises(InvalidAnswer) as e:
        parse_table_faces(parse_spec("3d6"), raw)
    assert e.value.msg.id == "core.dice.count"
    assert e.value.msg.params["want"] == 3


def test_table_faces_exploding_sixes_need_one_more_each():
    spec = parse_spec("3d6!")
    assert parse_table_faces(spec, "2 3 4") == [2, 3, 4]
    assert parse_table_faces(spec, "6 3 4 5") == [6, 3, 4, 5]
    assert parse_table_faces(spec, "6 6 4 6 1 2") == [6, 6, 4, 6, 1, 2]  # the extra dice explode again
    with pytest.raises(InvalidAnswer) as e:
        parse_table_faces(spec, "6 3 4")
    assert e.value.msg.id == "core.dice.count_explode"
    assert (e.value.msg.params["got"], e.value.msg.params["want"]) == (3, 4)
    with pytest.raises(InvalidAnswer):
        parse_table_faces(spec, "6 6 3 4")  # two sixes: five dice
