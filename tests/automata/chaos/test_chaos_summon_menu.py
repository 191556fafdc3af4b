"""The one-action Summoning menu (``tabletop new chaos --summoning turns``) keeps docs/playing.md's two promises
(issue 30, item 21): its numbers never move (an item the Power cannot take now stays in its place, marked with the
reason) and Enter alone is the answer for "nothing happened" (pass).

Seed 003, Fase de Invocação: on its turn a Power summons one figure, plays one Chaos card, or passes (its power
marker to 0); "Se não tiver Poder suficiente, não pode invocar" / "não pode jogar"; a card goes to an empty card
space (two per region). Rules file §1.6 (A, B, C)."""

from __future__ import annotations

import copy
import itertools

import pytest

from automata.chaos import game
from automata.chaos.board import FIGURE_KINDS
from automata.chaos.turn import summon_choices
from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run
from cli.words.i18n import Translator
from test_chaos_rules import after_setup, data_of, place, play_step

MENU = ("cultist", "warrior", "daemon", "card", "pass")


def summoning(pp: int, hand: int = 2) -> dict:
    state = after_setup()
    state["round"] = 1
    for p in state["powers"]:
        state["p"][p]["pp"] = pp
        state["p"][p]["hand"] = hand
    return state


def menu_of(state: dict, power: str):
    r = run(game.procedure(state, {"proc": "summon", "power": power}), ScriptedAnswers({}), dice=DiceContext(1, 1))
    assert r.pending_id == f"chaos.summon.{power}"
    return r.pending


@pytest.mark.parametrize("power", ["khorne", "nurgle", "tzeentch", "slaanesh"])
def test_walking_down_the_power_the_numbers_stay_and_enter_passes(power):
    """From 7 power down to 1 (and with no card in hand): always the same five items in the same order; each item
    is takeable exactly when the seed allows it (its cost within the power left; a card needs one in hand and one
    the Power can pay for), else marked with a reason; Enter (Ask.default) is always "pass", which is always takeable."""
    data = data_of(summoning(1))
    followers = data.power(power)["followers"]
    cheapest = min(c["cost"] for c in data.chaos_cards(power))
    for pp, hand in itertools.product(range(7, 0, -1), (2, 0)):
        ask = menu_of(summoning(pp, hand), power)
        assert tuple(c.value for c in ask.choices) == MENU, (pp, hand)
        assert ask.default == "pass" and ask.choices[-1].available
        for c in ask.choices[:3]:
            assert c.available == (followers[c.value]["cost"] <= pp), (pp, c.value)
            if not c.available:
                assert c.unavailable.id == "chaos.summon.unavailable.power"
                assert c.unavailable.params == {"cost": followers[c.value]["cost"], "pp": pp}
        card = ask.choices[3]
        assert card.available == (hand > 0 and cheapest <= pp)
        if hand == 0:
            assert card.unavailable.id == "chaos.summon.unavailable.no_hand"


def test_a_card_with_every_card_space_full_is_marked_not_removed():
    """Seed 003, Fase de Invocação B.3: a region whose two spaces are taken takes no card; with every region full
    the card item stays, marked."""
    state = summoning(3)
    for rid in state["regions"]:
        state["regions"][rid]["cards"] = [{"power": "nurgle", "card": "influenza", "cost": 1}] * 2
    card = menu_of(state, "khorne").choices[3]
    assert card.value == "card" and card.unavailable.id == "chaos.summon.unavailable.no_space"


def test_picking_a_marked_item_is_refused_with_its_reason_and_changes_nothing():
    state = summoning(2)
    before = copy.deepcopy(state)
    with pytest.raises(BadAnswer) as bad:
        play_step(state, {"proc": "summon", "power": "khorne"}, {"chaos.summon.khorne": "daemon"})  # Bloodthirster costs 3
    assert bad.value.problem.id == "core.invalid.unavailable"
    assert bad.value.problem.params["reason"] == {"id": "chaos.summon.unavailable.power", "params": {"cost": 3, "pp": 2}}
    assert (state["p"], state["regions"]) == (before["p"], before["regions"])  # the CLI also keeps the save as it was
    en = Translator("en").render(bad.value.problem)
    pt = Translator("pt-BR").render(bad.value.problem)
    assert "costs 3 power, you have 2" in en and "custa 3 de Poder, você tem 2" in pt


@pytest.mark.parametrize("answer, kind", [
    ("cultista", "cultist"), ("Cultista", "cultist"), ("guerreiro", "warrior"), ("grande demônio", "daemon"),
    ("Grande Demonio", "daemon"), ("bloodletter", "warrior"), ("Bloodsworn", "cultist"), ("Bloodthirster", "daemon"),
])
def test_the_menu_takes_figures_by_their_portuguese_and_their_own_names(answer, kind):
    """Issue 30 item 22: the pt-BR names the catalogs and seed 003 use ("cultista") and the followers' own names
    answer the menu (``--answer`` / answers file) as in the Summoning line."""
    state = summoning(3)
    ask = menu_of(state, "khorne")
    assert ask.normalise(answer) == kind


def test_passing_and_no_card_by_their_portuguese_words():
    ask = menu_of(summoning(3), "khorne")
    assert ask.normalise("passar") == "pass" and ask.normalise("nada") == "pass" and ask.normalise("carta") == "card"


def test_the_menu_is_the_same_function_the_step_asks():
    """summon_choices is what the step shows (no second copy of the menu), for a Power with figures on the board."""
    state = summoning(4)
    place(state, "kislev", "khorne", cultist=2)
    data = data_of(state)
    assert menu_of(state, "khorne").choices == summon_choices(state, data, "khorne")
    assert tuple(c.value for c in summon_choices(state, data, "khorne")) == MENU
    assert set(FIGURE_KINDS) < set(MENU)
