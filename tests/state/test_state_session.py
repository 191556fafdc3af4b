"""A game in progress: playing steps against the save, resuming, undoing (with a tiny test game)."""

import importlib.util
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from automata.core.runner import ScriptedAnswers
from conftest import random_games
from state import paths
from state.save import SAVE_FILE, SaveError, read
from state.session import Session


def _load_toy():
    name = "tabletop_toy_game"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parents[1] / "fixtures" / "toy_game.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


toy = _load_toy()


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch):
    toy.register(monkeypatch)


def new(name="t1", steps=20, seed=7) -> Session:
    return Session.create(name, "toy", {"steps": steps}, seed, {"dice": "app"}, "2024-01-01")


def answers_for(adds, bonuses=()):
    return ScriptedAnswers({"toy.add": list(adds), "toy.bonus": list(bonuses)})


def test_create_writes_the_save_and_the_empty_journal():
    s = new()
    folder = paths.game_dir("t1")
    assert (folder / SAVE_FILE).exists() and (folder / "journal.toml").exists()
    back = read(folder)
    assert back.game == "toy" and back.seed == 7 and back.journal_length == 0 and back.pending is None
    assert back.state == toy.new_state({"steps": 20}, 7) == s.save.state


def test_play_all_steps():
    s = new(steps=4)
    r = s.play(answers_for([1, 2, 3, 4], ["yes"]))
    assert r.finished and r.steps_done == 4 and r.pending is None
    assert s.save.state["n"] == 4 and s.save.state["bonus"] == 1
    journal = Session.open(paths.game_dir("t1")).save.journal()
    assert [e["n"] for e in journal] == [1, 2, 3, 4]
    assert journal[0]["label"] == {"id": "toy.label", "params": {"n": 1}}
    assert [r["id"] for r in journal[2]["records"]] == ["toy.add", "toy.roll", "toy.roll", "toy.bonus"]
    assert [r["source"] for r in journal[2]["records"]] == ["answers", "app", "app", "answers"]


def test_max_steps():
    s = new(steps=10)
    r = s.play(answers_for(range(10), [True] * 3), max_steps=3)
    assert r.steps_done == 3 and not r.finished and s.save.journal_length == 3


def test_stop_at_unanswered_and_resume_later_gives_the_same_game():
    one_go = new("a", steps=3)
    one_go.play(answers_for([5, 6, 7], [False]))

    s = new("b", steps=3)
    r = s.play(answers_for([5, 6]))
    assert not r.finished and r.steps_done == 2 and r.pending.id == "toy.add"
    # the third step is asked again later, in a new process: nothing given so far is lost
    s = Session.open(paths.game_dir("b"))
    r = s.play(answers_for([7]))
    assert r.pending.id == "toy.bonus"  # the add and both rolls were recorded with the step in progress
    on_disk = read(paths.game_dir("b"))
    assert [x["id"] for x in on_disk.pending["records"]] == ["toy.add", "toy.roll", "toy.roll"]
    r = Session.open(paths.game_dir("b")).play(answers_for([], ["no"]))
    assert r.finished
    a, b = read(paths.game_dir("a")), read(paths.game_dir("b"))
    assert a.state == b.state
    assert a.journal() == b.journal()


def test_resume_does_not_re_roll_in_the_step_in_progress():
    s = new(steps=1)
    s.play(answers_for([]))  # stops at the first question: no dice yet
    s.play(answers_for([4]), max_steps=None)
    rolls = [x["value"] for x in read(paths.game_dir("t1")).journal()[0]["records"] if x["id"] == "toy.roll"]
    assert rolls and Session.open(paths.game_dir("t1")).save.state["history"][0]["faces"] == rolls[0] + rolls[1]


def test_undo_restores_the_state_before_the_last_steps_and_redo_gets_the_same_dice():
    s = new(steps=6)
    s.play(answers_for([1, 2, 3, 4, 5, 6], [True, False]))
    full = read(paths.game_dir("t1"))
    ref = new("ref", steps=6)
    ref.play(answers_for([1, 2, 3, 4], [True]), max_steps=4)

    s = Session.open(paths.game_dir("t1"))
    dropped = s.undo(2)
    assert [e["n"] for e in dropped] == [5, 6]
    back = read(paths.game_dir("t1"))
    assert back.journal_length == 4 and back.state == ref.save.state and back.pending is None
    Session.open(paths.game_dir("t1")).play(answers_for([5, 6], [False]))
    again = read(paths.game_dir("t1"))
    assert again.journal() == full.journal() and again.state == full.state


def test_undo_drops_the_step_in_progress():
    s = new(steps=5)
    s.play(answers_for([1, 2]))
    assert s.save.pending is not None
    assert Session.open(paths.game_dir("t1")).undo(0) == []
    back = read(paths.game_dir("t1"))
    assert back.pending is None and back.journal_length == 2
    assert Session.open(paths.game_dir("t1")).undo(99) and read(paths.game_dir("t1")).journal_length == 0
    assert read(paths.game_dir("t1")).state == toy.new_state({"steps": 5}, 7)


def test_step_in_progress_that_no_longer_replays_is_a_save_error():
    s = new(steps=3)
    s.play(answers_for([1, 2, 3]))  # step 3 stops at toy.bonus with its add and rolls recorded
    save = read(paths.game_dir("t1"))
    assert save.pending is not None
    save.pending["records"] = [{"id": "toy.something_else", "value": 1, "source": "table"}]
    from state.save import write

    save._journal = None
    write(save)
    before = (paths.game_dir("t1") / SAVE_FILE).read_bytes()
    with pytest.raises(SaveError, match=r"core.save.(pending|entry)_replay"):
        Session.open(paths.game_dir("t1")).play(answers_for([3]))
    assert (paths.game_dir("t1") / SAVE_FILE).read_bytes() == before


STEPS = st.lists(st.tuples(st.integers(0, 9), st.booleans()), min_size=1, max_size=9)


@settings(max_examples=random_games(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS, data=st.data(), seed=st.integers(0, 2**31))
def test_undo_property(steps, data, seed):
    """Play k steps, undo n: the state is that after k-n steps; the same answers again give the same journal."""
    k = len(steps)
    n = data.draw(st.integers(0, k), label="n")
    adds = [a for a, _ in steps]
    bonuses = [b for i, (_, b) in enumerate(steps, 1) if i % 3 == 0]
    with tempfile.TemporaryDirectory() as home, pytest.MonkeyPatch.context() as mp:
        mp.setenv("TABLETOP_HOME", home)
        s = new("p", steps=k, seed=seed)
        assert s.play(answers_for(adds, bonuses)).finished
        full = read(paths.game_dir("p"))
        full_journal = full.journal()  # read now: the journal is loaded lazily
        ref = new("ref", steps=k, seed=seed)
        ref.play(answers_for(adds[: k - n], bonuses), max_steps=k - n)

        Session.open(paths.game_dir("p")).undo(n)
        back = read(paths.game_dir("p"))
        assert back.journal_length == k - n
        assert back.state == read(paths.game_dir("ref")).state
        assert back.journal() == full_journal[: k - n]

        redo_bonuses = [b for i, (_, b) in enumerate(steps, 1) if i % 3 == 0 and i > k - n]
        assert Session.open(paths.game_dir("p")).play(answers_for(adds[k - n:], redo_bonuses)).finished
        again = read(paths.game_dir("p"))
        assert again.journal() == full_journal  # identical answers and identical dice
        assert again.state == full.state
