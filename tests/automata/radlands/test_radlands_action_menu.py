"""The Radlands action menu keeps fixed numbers (issue 11): every action of the seed's Actions phase ("Fluxo do
Jogo" 3: play a person, play an event, draw, junk, take the Water Silo, use an ability, end) is always offered in
the same order; one the player cannot take now stays in its place, marked with the reason, and is refused with
that reason when picked."""

from __future__ import annotations

import pytest

from automata.core.runner import BadAnswer, ScriptedAnswers, run, DiceContext
from automata.radlands.turn import ACTIONS, action, legal_actions

from test_radlands_rules import data, fresh


def menu(state, side="a"):
    result = run(action(state, data(), side, 1), ScriptedAnswers({}), dice=DiceContext(1, 1, "app"))
    assert result.pending is not None and result.pending.id == "action"
    return result.pending


@pytest.mark.parametrize("water", [0, 1, 2, 3])
def test_every_action_keeps_its_place_and_only_the_legal_ones_can_be_picked(water):
    state = fresh(water=water)
    ask = menu(state)
    assert tuple(c.value for c in ask.choices) == ACTIONS
    free = [c.value for c in ask.choices if c.unavailable is None]
    assert free == legal_actions(state, data(), "a")
    assert all(c.unavailable is not None for c in ask.choices if c.value not in free)


def test_draw_without_2_water_is_marked_with_the_cost_and_refused_when_picked():
    """Comprar Carta: a card costs 2 water; with 1 left the action says so."""
    state = fresh(water=1)
    draw = next(c for c in menu(state).choices if c.value == "draw")
    assert draw.unavailable.id == "radlands.unavailable.water"
    assert draw.unavailable.params == {"cost": 2, "water": 1}
    with pytest.raises(BadAnswer) as bad:
        run(action(state, data(), "a", 1), ScriptedAnswers({"action": "draw"}), dice=DiceContext(1, 1, "app"))
    assert bad.value.problem.id == "core.invalid.unavailable"
    assert bad.value.problem.params["reason"] == draw.unavailable.to_data()
    assert state["players"]["a"]["hand"] == 0  # nothing happened


def test_the_reasons_name_what_is_missing():
    """Empty hand: no person, no event, nothing to junk (Junk Card needs a card or the Water Silo in hand);
    the Water Silo taken into hand (Pegar Water Silo) cannot be taken again."""
    state = fresh(water=3)
    state["players"]["a"]["hand"] = 0
    state["players"]["a"]["silo"] = "hand"
    reasons = {c.value: c.unavailable.id for c in menu(state).choices if c.unavailable is not None}
    assert reasons["person"] == reasons["event"] == "radlands.unavailable.no_hand"
    assert reasons["silo"] == "radlands.unavailable.silo_away"
    assert "junk" not in reasons  # the Water Silo in hand can be junked
    state["players"]["a"]["silo"] = "area"
    reasons = {c.value: c.unavailable.id for c in menu(state).choices if c.unavailable is not None}
    assert reasons["junk"] == "radlands.unavailable.no_junk" and "silo" not in reasons
