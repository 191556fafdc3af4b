"""A menu item the table cannot pick now keeps its place (issue 11, "menus that never move under the finger"):
``Choice.unavailable`` carries the reason; every way of answering refuses it with that reason."""

from __future__ import annotations

import pytest

from automata.core.runner import BadAnswer, ScriptedAnswers, run
from automata.core.steps import ONE_OF, SEVERAL_OF, Ask, Choice, InvalidAnswer, Msg, available_values, msg

REASON = msg("core.yes")  # any message: the tests check that it is carried, not its text


def menu(kind=ONE_OF, **kw):
    return Ask("m", Msg("core.yes"), kind, (
        Choice("a", Msg("core.yes")),
        Choice("b", Msg("core.no"), aliases=("bee",), unavailable=REASON),
        Choice("c", Msg("core.no")),
    ), **kw)


@pytest.mark.parametrize("raw", ["b", "B", "bee", " b "])
def test_an_unavailable_choice_is_refused_with_its_reason_however_it_is_named(raw):
    with pytest.raises(InvalidAnswer) as bad:
        menu().normalise(raw)
    assert bad.value.msg.id == "core.invalid.unavailable"
    assert bad.value.msg.params["reason"] == REASON.to_data()
    assert bad.value.msg.params["valid"] == "a, c"  # what is valid now


def test_the_other_choices_still_answer_and_the_unknown_lists_only_available_ones():
    ask = menu()
    assert ask.normalise("c") == "c" and available_values(ask) == ["a", "c"]
    with pytest.raises(InvalidAnswer) as bad:
        ask.normalise("zzz")
    assert bad.value.msg.id == "core.invalid.choice" and bad.value.msg.params["valid"] == "a, c"


def test_several_of_refuses_an_unavailable_item_and_counts_only_available_ones():
    ask = menu(SEVERAL_OF)
    assert ask.normalise("a, c") == ["a", "c"]
    with pytest.raises(InvalidAnswer) as bad:
        ask.normalise(["a", "b"])
    assert bad.value.msg.id == "core.invalid.unavailable"


def test_a_scripted_answer_picking_it_stops_with_the_reason():
    def proc():
        yield menu()

    with pytest.raises(BadAnswer) as bad:
        run(proc(), ScriptedAnswers({"m": "b"}))
    assert bad.value.ask_id == "m" and bad.value.problem.id == "core.invalid.unavailable"
    assert bad.value.problem.params["reason"] == REASON.to_data()


def test_the_reason_is_rendered_in_both_languages():
    from cli.words.i18n import Translator

    ask = Ask("m", Msg("core.yes"), ONE_OF, (Choice("draw", Msg("core.yes"), unavailable=msg("radlands.unavailable.water", cost=2, water=1)),
                                              Choice("end", Msg("core.no"))))
    with pytest.raises(InvalidAnswer) as bad:
        ask.normalise("draw")
    assert Translator("en").render(bad.value.msg) == "'draw' cannot be chosen now: needs 2 water, you have 1. Valid now: end."
    assert Translator("pt-BR").render(bad.value.msg) == ("'draw' não pode ser escolhido agora: precisa de 2 água, você tem 1. "
                                                         "Válido agora: end.")
