"""Session.apply: a helper command played as a step out of the game's order (``tabletop radlands event|raid``).

It is journalled like any step (undo takes it back, replay repeats it), it never drops answers already given,
and a command waiting for its first answer is saved so that ``play`` resumes it.
"""

from __future__ import annotations

import pytest

from automata.core.runner import ScriptedAnswers
from state.session import Session, StepInProgress
from test_state_session import new, toy  # noqa: F401  (the toy game and its registration fixture)
from test_state_session import _toy_registered  # noqa: F401


def test_an_applied_step_is_journalled_and_leaves_the_game_where_it_was():
    s = new()
    before = s.game.next_step(s.save.state)
    r = s.apply({"proc": "bump"}, ScriptedAnswers({"toy.bump": 4}))
    assert r.steps_done == 1 and s.save.state["bonus"] == 4
    assert s.game.next_step(s.save.state) == before and s.save.pending is None
    assert s.save.journal()[-1]["step"] == {"proc": "bump"}
    s.undo(1)
    assert s.save.state["bonus"] == 0


def test_a_half_answered_step_must_be_finished_first():
    s = new(steps=5)
    s.play(ScriptedAnswers({"toy.add": [1, 1, 1]}))  # steps 1 and 2, then step 3 waits for its bonus question
    assert s.save.pending and s.save.pending["records"]
    with pytest.raises(StepInProgress) as busy:
        s.apply({"proc": "bump"}, ScriptedAnswers({"toy.bump": 1}))
    assert busy.value.answers == len(s.save.pending["records"]) and s.save.state["bonus"] == 0


def test_a_command_waiting_for_its_first_answer_is_saved_and_resumed_by_play():
    s = new()
    r = s.apply({"proc": "bump"}, ScriptedAnswers({}))
    assert r.pending is not None and r.pending.id == "toy.bump"
    reopened = Session.open(s.save.folder)
    assert reopened.save.pending["step"] == {"proc": "bump"}
    with pytest.raises(StepInProgress):  # a second command cannot drop the first
        reopened.apply({"proc": "bump"}, ScriptedAnswers({"toy.bump": 1}))
    reopened.play(ScriptedAnswers({"toy.bump": 3}), max_steps=1)
    assert reopened.save.state["bonus"] == 3 and reopened.save.state["n"] == 0
