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
