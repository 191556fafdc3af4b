"""Chaos in the Old World, issue 38 item 1: rules found wrong in play (the Great Unclean One's tokens where no
corruption may go; The Skull Throne computed instead of asked)."""

from __future__ import annotations

import pytest

from automata.chaos.corruption import domination_values
from automata.chaos.game import data_of
from test_chaos_rules import after_setup, corruption_state, place, play_step, says
from test_chaos_upgrades import said, upgraded

BATTLE_CRY = {"power": "khorne", "card": "battle_cry", "cost": 1}
PLAGUE_AURA = {"power": "nurgle", "card": "plague_aura", "cost": 0}


def _nurgle_summons_the_great_unclean_one_into_tilea(state, line: bool):
    state["round"] = 1
    state["p"]["nurgle"]["pp"] = 6
    if line:
        return play_step(state, {"proc": "summon_line", "power": "nurgle"}, {"chaos.summon.r1.nurgle": "great unclean one tilea"})
    return play_step(state, {"proc": "summon", "power": "nurgle"}, {"chaos.summon.nurgle": "daemon", "chaos.summon.nurgle.region": "tilea"})


@pytest.mark.parametrize("line", [True, False])
def test_the_great_unclean_ones_tokens_are_not_placed_in_a_ruined_region(line):
    """Rules file §2.3 (no corruption placement in a ruined region; figures may still go there) and §2.7 (the
    Great Unclean One upgrade places 2 corruption when summoned): summoned into ruined Tilea, it places none, and
    the table is told why."""
    state = upgraded(after_setup(), "nurgle", "daemon")
    state["regions"]["tilea"]["ruin"] = 1
    r = _nurgle_summons_the_great_unclean_one_into_tilea(state, line)
    assert state["regions"]["tilea"]["figures"]["nurgle"]["daemon"] == 1
    assert state["regions"]["tilea"]["corruption"] == {}
    assert state["p"]["nurgle"]["placed_round"] == {}
    assert "chaos.summon.corruption_ruined" in says(r) and "chaos.summon.corruption" not in says(r)


@pytest.mark.parametrize("line", [True, False])
def test_the_great_unclean_ones_tokens_are_not_placed_under_battle_cry(line):
    """Rules file §2.8 (Battle Cry: no corruption tokens may be placed in its region this round) and §2.7: the
    Great Unclean One summoned where Khorne's Battle Cry lies places no token, so Plague Aura (+1 Nurgle
    domination per Nurgle token there) counts none of them: Nurgle 1 (one figure), not 3."""
    state = upgraded(after_setup(), "nurgle", "daemon")
    state["regions"]["tilea"]["cards"] = [dict(BATTLE_CRY), dict(PLAGUE_AURA)]
    r = _nurgle_summons_the_great_unclean_one_into_tilea(state, line)
    assert state["regions"]["tilea"]["corruption"] == {}
    assert said(r, "chaos.summon.corruption_blocked")[0].params["card"] == "@chaos.card.khorne.battle_cry"
    d = play_step(state, {"proc": "domination"})
    computed = [m for m in said(d, "chaos.domination.computed") if m.params["power"] == "@chaos.power.nurgle"]
    assert computed == []  # Plague Aura adds nothing: no Nurgle token in Tilea
    assert domination_values(state, data_of(state), "tilea")["nurgle"] == 1


def test_the_great_unclean_one_still_places_its_tokens_elsewhere():
    """Rules file §2.7: with Battle Cry in another region, Tilea takes the 2 tokens as before."""
    state = upgraded(after_setup(), "nurgle", "daemon")
    state["regions"]["kislev"]["cards"] = [dict(BATTLE_CRY)]
    _nurgle_summons_the_great_unclean_one_into_tilea(state, line=True)
    assert state["regions"]["tilea"]["corruption"] == {"nurgle": 2}


# -- The Skull Throne: computed, not asked ------------------------------------------------------


def skull_throne_state(**khorne):
    state = corruption_state()
    place(state, "kislev", "khorne", **khorne)
    place(state, "kislev", "nurgle", cultist=3)
    state["regions"]["kislev"]["cards"] = [{"power": "khorne", "card": "the_skull_throne", "cost": 1}]
    return state


def test_the_skull_throne_counts_attack_and_asks_nothing():
    """Rules file §2.8 (The Skull Throne: for domination here Khorne counts the total attack of his figures instead
    of their number) and seed 003, Fase de Corrupção step 1 (card costs + figures): 2 Bloodletters (attack 2) and
    1 Bloodsworn (attack 0) count 4, not 3; with the card's cost Khorne has 5 against Nurgle's 3 and Kislev's
    resistance 3, and dominates. Nothing is asked; the table is told the computed value."""
    state = skull_throne_state(cultist=1, warrior=2)
    r = play_step(state, {"proc": "domination"})
    assert not [e for e in r.transcript if e.kind == "ask"]
    told = said(r, "chaos.domination.by_attack")[0].params
    assert (told["attack"], told["figures"], told["value"]) == (4, 3, 5)
    assert said(r, "chaos.domination.wins")[0].params["value"] == 5
    assert state["p"]["khorne"]["vp"] > 0


def test_the_skull_throne_counts_the_upgraded_attack_and_can_lower_the_value():
    """Rules file §2.8 and §2.7 (the Bloodsworn upgrade: +1 attack): the attack counted is the figure's attack now.
    Without the upgrade 3 Bloodsworn have attack 0, so Khorne's value is the card's 1, not 4; with it, 3 + 1 = 4."""
    state = skull_throne_state(cultist=3)
    play_step(state, {"proc": "domination"})
    assert state["p"]["khorne"]["vp"] == 0
    state = upgraded(skull_throne_state(cultist=3), "khorne", "cultist")
    r = play_step(state, {"proc": "domination"})
    assert said(r, "chaos.domination.by_attack")[0].params["value"] == 4
    assert state["p"]["khorne"]["vp"] > 0


def test_two_skull_thrones_replace_the_count_once():
    """Rules file §2.8: the card replaces the count by the attack; a second copy adds only its cost (1)."""
    state = skull_throne_state(warrior=1)
    state["regions"]["kislev"]["cards"].append({"power": "khorne", "card": "the_skull_throne", "cost": 1})
    r = play_step(state, {"proc": "domination"})
    assert len(said(r, "chaos.domination.by_attack")) == 1
    assert said(r, "chaos.domination.by_attack")[0].params["value"] == 1 + 1 + 2
