"""The runner: sequencing, stopping at the first unanswered question, replay, errors, dice."""

import pytest

from automata.core.dice import app_roll, parse_spec
from automata.core.runner import (
    NO_ANSWER,
    BadAnswer,
    ChainedSource,
    DiceContext,
    NoAnswers,
    Record,
    ReplayMismatch,
    ScriptedAnswers,
    run,
)
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, YES_NO, Ask, Choice, Roll, Say, msg

COLOURS = (Choice("red", msg("c.red")), Choice("blue", msg("c.blue"), ("azul",)))


def proc(log=None):
    """Say, ask a yes/no, roll, ask a number, ask a choice; return what it got."""
    log = [] if log is None else log
    yield Say(msg("p.hello"), "head")
    ok = yield Ask("p.ok", msg("p.ok"), YES_NO)
    log.append(("ok", ok))
    faces = yield Roll("p.dice", "3d6")
    log.append(("dice", faces))
    n = yield Ask("p.n", msg("p.n"), NUMBER, min=1, max=4)
    log.append(("n", n))
    colour = yield Ask("p.colour", msg("p.colour"), ONE_OF, choices=COLOURS)
    log.append(("colour", colour))
    yield Say(msg("p.bye", n=n), "score")
    return {"ok": ok, "faces": faces, "n": n, "colour": colour}


ALL = {"p.ok": "yes", "p.n": "3", "p.colour": "Azul"}


def test_runs_to_the_end_in_order():
    log = []
    r = run(proc(log), ScriptedAnswers(ALL), dice=DiceContext(seed=7, step=2))
    assert r.done and r.pending is None and r.pending_id is None
    faces = app_roll(parse_spec("3d6"), 7, 2, "p.dice", 0)
    assert r.result == {"ok": True, "faces": faces, "n": 3, "colour": "blue"}
    assert log == [("ok", True), ("dice", faces), ("n", 3), ("colour", "blue")]
    assert [(e.kind, e.id) for e in r.transcript] == [
        ("say", ""), ("ask", "p.ok"), ("roll", "p.dice"), ("ask", "p.n"), ("ask", "p.colour"), ("say", ""),
    ]
    assert r.transcript[0].style == "head" and r.transcript[-1].msg == msg("p.bye", n=3)
    assert [(x.id, x.value, x.source) for x in r.records] == [
        ("p.ok", True, "answers"), ("p.dice", faces, "app"), ("p.n", 3, "answers"), ("p.colour", "blue", "answers"),
    ]
    assert not any(e.replayed for e in r.transcript)


def test_stops_cleanly_at_first_unanswered_question():
    log = []
    events = []
    r = run(proc(log), ScriptedAnswers({"p.ok": "no", "p.colour": "red"}), dice=DiceContext(7, 2), on_event=events.append)
    assert not r.done
    assert r.pending_id == "p.n"
    assert isinstance(r.pending, Ask) and r.pending.max == 4
    assert log[0] == ("ok", False) and log[1][0] == "dice" and len(log) == 2  # nothing after the question ran
    assert [x.id for x in r.records] == ["p.ok", "p.dice"]
    assert events == r.transcript
    assert r.transcript[-1].kind == "roll"


def test_no_answers_stops_at_the_first_ask():
    r = run(proc())
    assert not r.done and r.pending_id == "p.ok"
    assert [e.kind for e in r.transcript] == ["say"] and r.records == []


def test_on_record_sees_each_new_answer_as_it_is_given():
    seen = []
    r = run(proc(), ScriptedAnswers({"p.ok": "y"}), dice=DiceContext(1, 1), on_record=lambda rec: seen.append(rec.id))
    assert seen == ["p.ok", "p.dice"] and r.pending_id == "p.n"


def test_replay_of_recorded_answers_resumes_where_it_stopped():
    first = run(proc(), ScriptedAnswers({"p.ok": "yes"}), dice=DiceContext(7, 2))
    assert first.pending_id == "p.n"
    # a later run: the recorded answers are replayed, the new source only answers what is new
    new = []
    second = run(
        proc(), ScriptedAnswers({"p.n": 2, "p.colour": "red"}), recorded=first.records, dice=DiceContext(7, 2),
        on_record=new.append,
    )
    assert second.done
    assert [x.id for x in new] == ["p.n", "p.colour"]  # replayed records are not reported again
    assert second.records[:2] == first.records
    assert second.result["faces"] == first.records[1].value
    replayed = [e.replayed for e in second.transcript]
    assert replayed == [True, True, True, False, False, False]


def test_replay_keeps_recorded_dice_even_in_table_mode():
    first = run(proc(), ScriptedAnswers(ALL), dice=DiceContext(7, 2))
    again = run(proc(), NoAnswers(), recorded=first.records, dice=DiceContext(999, 99, "table"))
    assert again.done and again.result == first.result


def test_replay_mismatch_on_a_different_question():
    with pytest.raises(ReplayMismatch, match="p.other"):
        run(proc(), recorded=[Record("p.other", True, "table")])


def test_replay_mismatch_on_a_different_roll():
    recs = [Record("p.ok", True, "table"), Record("p.other_dice", [1, 2, 3], "app")]
    with pytest.raises(ReplayMismatch):
        run(proc(), recorded=recs)


def test_replay_mismatch_on_leftover_answers():
    full = run(proc(), ScriptedAnswers(ALL), dice=DiceContext(7, 2))
    with pytest.raises(ReplayMismatch, match="left over"):
        run(proc(), recorded=full.records + [Record("p.extra", 1, "table")])


def test_bad_scripted_answer_raises_bad_answer():
    with pytest.raises(BadAnswer) as e:
        run(proc(), ScriptedAnswers({"p.ok": "yes", "p.n": "7"}), dice=DiceContext(7, 2))
    assert e.value.ask_id == "p.n" and e.value.value == "7"
    assert e.value.problem.id == "core.invalid.range"
    with pytest.raises(BadAnswer) as e:
        run(proc(), ScriptedAnswers({"p.ok": "perhaps"}))
    assert e.value.ask_id == "p.ok" and e.value.problem.id == "core.invalid.yesno"
    with pytest.raises(BadAnswer) as e:
        run(proc(), ScriptedAnswers({**ALL, "p.colour": "rde"}))
    assert e.value.problem.id == "core.invalid.choice" and e.value.problem.params["close"] == "red"


def test_bad_answer_does_not_record_it():
    seen = []
    with pytest.raises(BadAnswer):
        run(proc(), ScriptedAnswers({"p.ok": "yes", "p.n": "0"}), dice=DiceContext(7, 2), on_record=seen.append)
    assert [x.id for x in seen] == ["p.ok", "p.dice"]


def test_yielding_something_else_is_a_type_error():
    def bad():
        yield "hello"

    with pytest.raises(TypeError):
        run(bad())


# -- dice --------------------------------------------------------------------


def rolls_twice():
    a = yield Roll("r.x", "4d6")
    b = yield Roll("r.x", "4d6")
    c = yield Roll("r.y", "4d6!")
    return a, b, c


def test_app_dice_derive_from_seed_step_id_and_occurrence():
    r = run(rolls_twice(), dice=DiceContext(seed=11, step=5))
    a, b, c = r.result
    spec = parse_spec("4d6")
    assert a == app_roll(spec, 11, 5, "r.x", 0)
    assert b == app_roll(spec, 11, 5, "r.x", 1)
    assert c == app_roll(parse_spec("4d6!"), 11, 5, "r.y", 0)
    assert all(x.source == "app" for x in r.records)
    # the same step played again gets the same dice; another step gets others
    assert run(rolls_twice(), dice=DiceContext(11, 5)).result == r.result
    assert run(rolls_twice(), dice=DiceContext(11, 6)).result != r.result


def test_table_dice_are_validated_and_recorded_as_table():
    answers = ScriptedAnswers({"r.x": [[1, 2, 3, 4], ["6", "6", "6", "6"]], "r.y": "6 1 1 1 2"})
    r = run(rolls_twice(), answers, dice=DiceContext(11, 5, "table"))
    assert r.done
    assert r.result == ([1, 2, 3, 4], [6, 6, 6, 6], [6, 1, 1, 1, 2])
    assert [(x.id, x.source) for x in r.records] == [("r.x", "table")] * 2 + [("r.y", "table")]
    assert [e.source for e in r.transcript] == ["table"] * 3


def test_table_dice_missing_stops_at_the_roll():
    r = run(rolls_twice(), ScriptedAnswers({"r.x": [[1, 2, 3, 4]]}), dice=DiceContext(1, 1, "table"))
    assert not r.done and r.pending_id == "r.x" and isinstance(r.pending, Roll)
    assert len(r.records) == 1


@pytest.mark.parametrize("faces", ["1 2 3", "1 2 3 7", "6 1 1 1"])
def test_bad_table_dice_raise_bad_answer(faces):
    def one():
        return (yield Roll("r.y", "4d6!"))

    with pytest.raises(BadAnswer) as e:
        run(one(), ScriptedAnswers({"r.y": faces}), dice=DiceContext(1, 1, "table"))
    assert e.value.ask_id == "r.y"
    assert e.value.problem.id in ("core.dice.count", "core.dice.count_explode", "core.dice.not_a_face")


# -- scripted sources -----------------------------------------------------------


def repeated():
    a = yield Ask("q.n", msg("q"), NUMBER)
    b = yield Ask("q.n", msg("q"), NUMBER)
    c = yield Ask("q.many", msg("q"), SEVERAL_OF, choices=COLOURS)
    d = yield Ask("q.many", msg("q"), SEVERAL_OF, choices=COLOURS)
    return a, b, c, d


def test_scripted_lists_answer_successive_asks():
    r = run(repeated(), ScriptedAnswers({"q.n": [1, "2"], "q.many": [["red"], ["blue", "red"]]}))
    assert r.result == (1, 2, ["red"], ["blue", "red"])


def test_scripted_list_for_a_several_of_question_is_one_answer():
    def one():
        return (yield Ask("q.many", msg("q"), SEVERAL_OF, choices=COLOURS))

    assert run(one(), ScriptedAnswers({"q.many": ["red", "blue"]})).result == ["red", "blue"]


def test_scripted_list_runs_out():
    r = run(repeated(), ScriptedAnswers({"q.n": [1]}))
    assert r.pending_id == "q.n" and len(r.records) == 1


def test_chained_source_first_answer_wins():
    class Fixed:
        def __init__(self, value):
            self.value = value
            self.asked = []

        def answer(self, ask):
            self.asked.append(ask.id)
            return (self.value, "table")

        def table_dice(self, roll, spec):
            return NO_ANSWER

    fallback = Fixed("red")
    r = run(proc(), ChainedSource(NoAnswers(), ScriptedAnswers({"p.ok": "yes", "p.n": 1}), fallback))
    assert r.done and r.result["colour"] == "red"
    assert fallback.asked == ["p.colour"]  # asked only what the script could not answer
    assert [x.source for x in r.records] == ["answers", "app", "answers", "table"]


def test_chained_source_with_no_answer_anywhere_stops():
    r = run(proc(), ChainedSource(NoAnswers(), ScriptedAnswers({})))
    assert r.pending_id == "p.ok"


def test_a_scripted_no_to_a_question_asked_again_does_not_loop_forever():
    def setup_step():
        while not (yield Ask("s.done", msg("s.done"), YES_NO)):
            yield Say(msg("s.again"), "warn")

    given = []

    def guard(record):
        given.append(record)
        if len(given) > 50:
            raise RuntimeError("the same scripted answer was given 50 times in one step")

    try:
        r = run(setup_step(), ScriptedAnswers({"s.done": "no"}), on_record=guard)
    except BadAnswer as e:  # refusing the repeated answer is fine too
        assert e.ask_id == "s.done"
        return
    assert r.pending_id == "s.done" and len(given) == 1  # stops and asks the table again
