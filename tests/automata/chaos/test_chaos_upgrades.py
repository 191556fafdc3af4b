"""Chaos in the Old World, issue 29: what a figure is worth now (automata/chaos/worth.py), the upgrades of
rules file §2.7, the defense cards and A Great Foul Consumption of §2.8, and the PROVISIONAL rules of §3.10–3.11
said with their key."""

from __future__ import annotations

import pytest

from automata.chaos import worth
from automata.chaos.board import FIGURE_KINDS, in_reserve
from automata.chaos.casualties import CasualtyAsk
from automata.chaos.corruption import domination_values
from automata.chaos.game import data_of
from automata.core.runner import DiceContext, ScriptedAnswers, run
from test_chaos_rules import after_setup, battle_state, corruption_state, place, play_step, says

from automata.chaos import game


def upgraded(state, power, *keys):
    state["p"][power]["upgrades"].extend(keys)
    return state


def pending(state, step, answers):
    """Run a step until the first question the answers do not cover; the result (pending_id is that question)."""
    return run(game.procedure(state, step), ScriptedAnswers(answers), dice=DiceContext(1, 1, "table"))


def said(result, mid):
    return [e.msg for e in result.transcript if e.kind == "say" and e.msg.id == mid]


# -- §2.7 Khorne: Bloodsworn +1 attack --------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 4])
def test_upgraded_bloodsworn_roll_one_die_each(n):
    """Rules §2.7 (Khorne cultist upgrade: Bloodsworn +1 attack) and §1.7 step 1 (dice = attack of the figures):
    n upgraded Bloodsworn facing a Leper fight a battle and roll n dice; without the upgrade there is none."""
    state = battle_state()
    place(state, "kislev", "khorne", cultist=n)
    place(state, "kislev", "nurgle", cultist=1)
    data = data_of(state)
    from automata.chaos.battle import has_battle

    assert not has_battle(state, data, "kislev")
    upgraded(state, "khorne", "cultist")
    assert has_battle(state, data, "kislev")
    assert worth.attack_dice(state, data, "kislev", "khorne") == n
    r = pending(state, {"proc": "battle", "region": "kislev"}, {})
    assert r.pending_id == "chaos.battle.kislev.khorne"
    assert r.pending.dice == f"{n}d6!"
    r = play_step(state, {"proc": "battle", "region": "kislev"}, {"chaos.battle.kislev.khorne": "4" + " 1" * (n - 1)})
    assert state["regions"]["kislev"]["figures"]["nurgle"]["cultist"] == 0
    assert said(r, "chaos.worth.attack")[0].params["value"] == 1  # the table is told why


def test_the_battle_phase_finds_the_upgraded_bloodsworn_battle():
    """Issue 29: after the Bloodsworn upgrade, 2 Bloodsworn facing a Leper are a battle (not 'No region has a
    battle this round'), found by the same search the round uses."""
    from automata.chaos.battle import next_battle

    state = battle_state()
    place(state, "estalia", "khorne", cultist=2)
    place(state, "estalia", "nurgle", cultist=1)
    data = data_of(state)
    assert next_battle(state, data, None) == {"proc": "domination"}
    upgraded(state, "khorne", "cultist")
    assert next_battle(state, data, None) == {"proc": "battle", "region": "estalia"}


# -- §2.7 Khorne: Bloodletters roll early -----------------------------------------------------


def test_upgraded_bloodletters_roll_early_and_not_again():
    """Rules §2.7 (Bloodletter upgrade: they roll and score their hits before the other figures roll) and §1.7
    (early hits remove their kills at once): the Plaguebearer they kill never rolls, and no normal Khorne roll."""
    state = upgraded(battle_state(), "khorne", "warrior")
    place(state, "kislev", "khorne", warrior=1)
    place(state, "kislev", "nurgle", warrior=1)
    data = data_of(state)
    assert worth.early_dice(state, data, "kislev", "khorne") == 2
    assert worth.attack_dice(state, data, "kislev", "khorne") == 0
    r = play_step(state, {"proc": "battle", "region": "kislev"}, {"chaos.battle.kislev.khorne.early": "5 1"})
    rolls = [e.id for e in r.transcript if e.kind == "roll"]
    assert rolls == ["chaos.battle.kislev.khorne.early"]
    assert state["regions"]["kislev"]["figures"]["nurgle"]["warrior"] == 0
    assert state["regions"]["kislev"]["figures"]["khorne"]["warrior"] == 1
    assert said(r, "chaos.worth.early")


def test_bloodletter_early_dice_add_to_blood_frenzy():
    """Rules §2.8 Blood Frenzy (2 early dice) and §2.7 (Bloodletters early): one early roll of both."""
    state = upgraded(battle_state(), "khorne", "warrior")
    place(state, "kislev", "khorne", warrior=2)
    place(state, "kislev", "nurgle", cultist=1)
    state["regions"]["kislev"]["cards"] = [{"power": "khorne", "card": "blood_frenzy", "cost": 0}]
    assert worth.early_dice(state, data_of(state), "kislev", "khorne") == 6


# -- §2.7 Khorne: the Bloodthirster counts as three for domination ----------------------------


def test_upgraded_bloodthirster_counts_three_figures_for_domination():
    """Rules §2.7 (Bloodthirster upgrade) and §1.8 step 1 (value = card costs + figures counted)."""
    state = corruption_state()
    place(state, "tilea", "khorne", daemon=1)
    place(state, "tilea", "nurgle", cultist=2)
    data = data_of(state)
    assert domination_values(state, data, "tilea") == {"khorne": 1, "nurgle": 2}
    play_step(state, {"proc": "domination"})
    assert state["p"]["khorne"]["vp"] == 0 and state["p"]["nurgle"]["vp"] == 0  # 2 is not above resistance 2
    upgraded(state, "khorne", "daemon")
    assert domination_values(state, data, "tilea") == {"khorne": 3, "nurgle": 2}
    r = play_step(state, {"proc": "domination"})
    assert state["p"]["khorne"]["vp"] == data.region("tilea")["conquest"]  # 3 > resistance 2
    assert said(r, "chaos.worth.domination")[0].params["n"] == 3


# -- §2.7 Slaanesh: Seductress +1 defense -----------------------------------------------------


@pytest.mark.parametrize("hits,left", [(1, 1), (2, 0)])
def test_upgraded_seductress_needs_two_hits(hits, left):
    """Rules §2.7 (Seductress upgrade: +1 defense) and §1.7 step 2 (a figure needs hits equal to its defense;
    spare hits are lost): one hit no longer kills a Seductress, two do."""
    state = upgraded(battle_state(), "slaanesh", "cultist")
    place(state, "tilea", "khorne", warrior=1)
    place(state, "tilea", "slaanesh", cultist=1)
    faces = {1: "4 1", 2: "4 5"}[hits]
    r = play_step(state, {"proc": "battle", "region": "tilea"}, {"chaos.battle.tilea.khorne": faces})
    assert state["regions"]["tilea"]["figures"]["slaanesh"]["cultist"] == left
    assert said(r, "chaos.worth.defense")[0].params["value"] == 2
    if left:
        assert "chaos.battle.spare" in says(r)


# -- §2.8 Plague Touch and Rain of Pus: defense from the cards in the region ------------------


def test_plague_touch_lowers_enemy_defense_never_below_one():
    """Rules §2.8 Plague Touch: enemy figures here −1 defense, minimum 1; Nurgle's own figures unchanged."""
    state = battle_state()
    place(state, "kislev", "tzeentch", cultist=1, warrior=1, daemon=1)
    place(state, "kislev", "slaanesh", daemon=1)
    place(state, "kislev", "nurgle", warrior=1)
    state["regions"]["kislev"]["cards"] = [{"power": "nurgle", "card": "plague_touch", "cost": 0}]
    data = data_of(state)
    d = {(p, k): worth.defense(state, data, "kislev", p, k) for p in ("tzeentch", "slaanesh", "nurgle") for k in FIGURE_KINDS}
    assert d[("tzeentch", "cultist")] == 1  # 1, never below 1
    assert d[("tzeentch", "warrior")] == 1  # Horror 2 → 1
    assert d[("tzeentch", "daemon")] == 1  # Lord of Change 2 → 1
    assert d[("slaanesh", "daemon")] == 3  # Keeper of Secrets 4 → 3
    assert d[("nurgle", "warrior")] == 1  # the card's owner is not touched


def test_plague_touch_one_hit_between_lord_of_change_and_cultist_is_the_tables_choice():
    """Rules §2.8 Plague Touch and §1.7 step 2: with 1 hit, a Lord of Change (defense 2 → 1) beside an Acolyte
    are two legal targets: the program asks once, and applies the table's answer."""
    state = battle_state()
    place(state, "kislev", "nurgle", warrior=1)  # Plaguebearer, 1 die
    place(state, "kislev", "tzeentch", cultist=1, daemon=1)
    state["regions"]["kislev"]["cards"] = [{"power": "nurgle", "card": "plague_touch", "cost": 0}]
    dice = {"chaos.battle.kislev.nurgle": "4", "chaos.battle.kislev.tzeentch": "1 1 1"}
    r = pending(state, {"proc": "battle", "region": "kislev"}, dice)
    assert r.pending_id == "chaos.battle.kislev.nurgle.target"
    assert isinstance(r.pending, CasualtyAsk)
    assert {(g.owner, g.kind, g.defense) for g in r.pending.groups} == {("tzeentch", "cultist", 1), ("tzeentch", "daemon", 1)}
    r = play_step(state, {"proc": "battle", "region": "kislev"}, {**dice, "chaos.battle.kislev.nurgle.target": "lord of change"})
    figs = state["regions"]["kislev"]["figures"]["tzeentch"]
    assert figs["daemon"] == 0 and figs["cultist"] == 1
    # the card is computed: no 'what did the cards change' question for it
    assert not [e for e in r.transcript if e.kind == "ask" and e.id.endswith(".changes")]


def test_without_plague_touch_the_single_hit_goes_to_the_cultist_unasked():
    """Rules §1.7 step 2 (control case): 1 hit, Lord of Change at defense 2 and an Acolyte: only one legal set."""
    state = battle_state()
    place(state, "kislev", "nurgle", warrior=1)
    place(state, "kislev", "tzeentch", cultist=1, daemon=1)
    play_step(state, {"proc": "battle", "region": "kislev"}, {"chaos.battle.kislev.nurgle": "4", "chaos.battle.kislev.tzeentch": "1 1 1"})
    assert state["regions"]["kislev"]["figures"]["tzeentch"] == {"cultist": 0, "warrior": 0, "daemon": 1}


def test_rain_of_pus_raises_nurgle_defense():
    """Rules §2.8 Rain of Pus: Nurgle's figures here +1 defense; other Powers' figures unchanged."""
    state = battle_state()
    place(state, "kislev", "nurgle", cultist=1)
    place(state, "kislev", "khorne", cultist=1)
    state["regions"]["kislev"]["cards"] = [{"power": "nurgle", "card": "rain_of_pus", "cost": 1}]
    data = data_of(state)
    assert worth.defense(state, data, "kislev", "nurgle", "cultist") == 2
    assert worth.defense(state, data, "kislev", "khorne", "cultist") == 1


# -- §2.7 Nurgle: Plaguebearers' parting hits, the Great Unclean One's corruption --------------


def test_killed_upgraded_plaguebearers_send_hits_back_to_the_killer():
    """Rules §2.7 (Plaguebearer upgrade): when an enemy kills Plaguebearers, that many hits go back onto that
    enemy's figures in the region."""
    state = upgraded(battle_state(), "nurgle", "warrior")
    place(state, "kislev", "khorne", warrior=1)
    place(state, "kislev", "nurgle", warrior=1)
    r = play_step(state, {"proc": "battle", "region": "kislev"}, {"chaos.battle.kislev.khorne": "5 1", "chaos.battle.kislev.nurgle": "1"})
    figs = state["regions"]["kislev"]["figures"]
    assert figs["nurgle"]["warrior"] == 0 and figs["khorne"]["warrior"] == 0  # the Bloodletter (defense 1) took the hit back
    assert said(r, "chaos.battle.parting")[0].params["hits"] == 1


def test_upgraded_great_unclean_one_places_two_corruption_when_summoned():
    """Rules §2.7 (Great Unclean One upgrade): summoning it places 2 Nurgle corruption tokens in its region."""
    state = upgraded(after_setup(), "nurgle", "daemon")
    state["round"] = 1
    state["p"]["nurgle"]["pp"] = 6
    answers = {"chaos.summon.r1.nurgle": "great unclean one tilea"}
    play_step(state, {"proc": "summon_line", "power": "nurgle"}, answers)
    assert state["regions"]["tilea"]["corruption"] == {"nurgle": 2}
    assert state["p"]["nurgle"]["placed_round"] == {"tilea": 2}
    state2 = upgraded(after_setup(), "nurgle", "daemon")
    state2["round"] = 1
    state2["p"]["nurgle"]["pp"] = 6
    play_step(state2, {"proc": "summon", "power": "nurgle"}, {"chaos.summon.nurgle": "daemon", "chaos.summon.nurgle.region": "tilea"})
    assert state2["regions"]["tilea"]["corruption"] == {"nurgle": 2}


# -- §2.6/§2.7 Tzeentch: the Lord of Change's two magic symbols ---------------------------------


@pytest.mark.parametrize("upgrade,counter", [(False, 0), (True, 1)])
def test_upgraded_lord_of_change_counts_two_magic_symbols_for_tzeentchs_counter(upgrade, counter):
    """Rules §2.6 (Tzeentch earns a counter placing 2+ corruption where magic symbols and Warpstone add up to 2;
    the upgraded Lord of Change carries two magic symbols) and §2.7."""
    state = corruption_state()
    if upgrade:
        upgraded(state, "tzeentch", "daemon")
    place(state, "tilea", "tzeentch", cultist=2, daemon=1)
    assert worth.magic_symbols(state, data_of(state), "tilea") == (2 if upgrade else 0)
    r = play_step(state, {"proc": "corruption"})
    assert state["p"]["tzeentch"]["dac"] == counter
    assert bool(said(r, "chaos.worth.magic")) == upgrade


# -- §2.8 A Great Foul Consumption -------------------------------------------------------------


@pytest.mark.parametrize("cultists,warriors,daemon", [(3, 2, 0), (1, 0, 1), (2, 3, 1), (0, 1, 0)])
def test_a_great_foul_consumption_removes_nurgles_figures_and_places_one_per_two(cultists, warriors, daemon):
    """Rules §2.8 (A Great Foul Consumption: after corruption is placed, before the ruination check, all Nurgle
    figures here are removed; 1 corruption per 2 removed): nothing asked, and the figures leave the board (back
    in the reserve for the next summoning)."""
    state = corruption_state()
    place(state, "kislev", "nurgle", cultist=cultists, warrior=warriors, daemon=daemon)
    place(state, "kislev", "khorne", cultist=1)
    state["regions"]["kislev"]["cards"] = [{"power": "nurgle", "card": "a_great_foul_consumption", "cost": 2}]
    r = play_step(state, {"proc": "corruption"})
    assert not [e for e in r.transcript if e.kind == "ask"]
    removed = cultists + warriors + daemon
    region = state["regions"]["kislev"]
    assert sum(region["figures"]["nurgle"].values()) == 0
    assert region["figures"]["khorne"]["cultist"] == 1
    assert region["corruption"].get("nurgle", 0) == cultists + removed // 2
    data = data_of(state)
    assert all(in_reserve(state, data, "nurgle", k) == data.power("nurgle")["followers"][k]["count"] for k in FIGURE_KINDS)
    # Nurgle's counter is judged on all it placed there in this step (Kislev is populous)
    assert state["p"]["nurgle"]["dac"] == (1 if cultists + removed // 2 >= 2 else 0)


def test_a_great_foul_consumption_comes_before_the_ruination_check():
    """Rules §2.8: the tokens from the removed figures count toward the 12 that ruin the region."""
    state = corruption_state()
    region = state["regions"]["kislev"]
    region["corruption"] = {"khorne": 10}
    place(state, "kislev", "nurgle", warrior=4, daemon=1)
    region["cards"] = [{"power": "nurgle", "card": "a_great_foul_consumption", "cost": 2}]
    play_step(state, {"proc": "corruption"})
    assert region["corruption"]["nurgle"] == 2  # 5 figures removed → 2 tokens
    assert region["ruin"] == 1  # 10 + 2 = 12: ruined, and Nurgle is a ruiner
    assert state["p"]["nurgle"]["vp"] == data_of(state).ruiner_vp(1)


# -- §2.7 upgrades the program does not compute -------------------------------------------------


def test_an_upgrade_the_program_does_not_compute_is_said_provisional_with_its_key():
    """Rules §2.7 (several upgrade effects are MISSING) and §3.0 (never a silent value): taking one, and every
    Draw phase after, the program says PROVISIONAL with the key `tabletop data check chaos` lists."""
    from automata.chaos.data import provisional_items

    state = after_setup()
    state["round"] = 1
    data = data_of(state)
    r = play_step(state, {"proc": "draw"}, {"chaos.draw.r1.tzeentch.discard": "no"})
    assert not said(r, "chaos.upgrade_not_computed")
    upgraded(state, "tzeentch", "warrior")
    upgraded(state, "khorne", "cultist")  # computed: not said
    r = play_step(state, {"proc": "draw"}, {"chaos.draw.r1.tzeentch.discard": "no"})
    keys = [m.params["key"] for m in said(r, "chaos.upgrade_not_computed")]
    assert keys == ["powers.tzeentch.upgrades.warrior"]
    assert keys[0] in {i["key"] for i in provisional_items(data)}
    every = [(p, u["key"]) for p in data.power_ids for u in data.power(p)["upgrades"] if not worth.computed(u)]
    listed = {i["key"] for i in provisional_items(data)}
    assert all(f"powers.{p}.upgrades.{k}" in listed for p, k in every)


@pytest.mark.parametrize("power,key", [(p, u["key"]) for p in ("khorne", "nurgle", "tzeentch", "slaanesh")
                                       for u in data_of(game.new_state(game.check_options({}), 1)).power(p)["upgrades"]])
def test_every_upgrade_is_computed_or_said_provisional(power, key):
    """Issue 29 §1: every upgrade of every Power is either applied by the program (pp_bonus or a modifier of
    §2.7 in the data) or, when its effect is missing or disputed, flagged U/provisional for `data check`."""
    data = data_of(game.new_state(game.check_options({}), 1))
    u = next(x for x in data.power(power)["upgrades"] if x["key"] == key)
    if u["effect"] and u.get("confidence") not in ("U", "provisional"):
        assert worth.computed(u), (power, key, u["effect"])
    else:
        assert not worth.computed(u) and u["confidence"] in ("U", "provisional")


# -- §3.10, §3.11, §3.3: decisions taken by a provisional rule say so, with their key --------------


def test_a_power_out_of_corruption_tokens_says_provisional():
    """Rules §3.11 (when a Power has no tokens left: provisional, place what it has)."""
    state = corruption_state()
    state["regions"]["norsca"]["corruption"] = {"nurgle": 28}
    place(state, "tilea", "nurgle", cultist=3)
    r = play_step(state, {"proc": "corruption"})
    assert state["regions"]["tilea"]["corruption"] == {"nurgle": 1}
    keys = [m.params["key"] for m in said(r, "chaos.provisional")]
    assert keys == ["rules.corruption.when_exhausted"]


def test_ruined_region_ranking_with_one_power_and_warpstone_left_say_provisional():
    """Rules §3.10 (min_tokens_to_rank, Warpstone after ruination: provisional): the scoring of a ruined region
    where one Power alone holds corruption, with Warpstone there, says both rules with their keys."""
    state = corruption_state()
    region = state["regions"]["kislev"]
    region.update(ruin=1, ruin_face_up=True, corruption={"khorne": 12})
    region["tokens"]["warpstone"] = 1
    r = play_step(state, {"proc": "end_ruination"})
    keys = [m.params["key"] for m in said(r, "chaos.provisional")]
    assert keys == ["rules.ruination.min_tokens_to_rank", "rules.ruination.warpstone_removed_with_corruption"]
    assert region["tokens"]["warpstone"] == 1
    region.update(ruin_face_up=True, corruption={"khorne": 7, "nurgle": 5})
    region["tokens"]["warpstone"] = 0
    r = play_step(state, {"proc": "end_ruination"})
    assert not said(r, "chaos.provisional")  # two Powers ranked, no Warpstone: nothing provisional decided


def test_a_move_allowed_only_by_the_moved_figure_says_provisional():
    """Rules §3.11 (a moved figure still counts where it stands: provisional): said only when it decided."""
    state = after_setup()
    state["round"] = 1
    state["p"]["khorne"]["pp"] = 7
    place(state, "norsca", "khorne", cultist=1)
    place(state, "tilea", "khorne", warrior=1)
    # Troll Country is next to Norsca, and to no other Khorne figure: only the moved cultist makes it a target
    answers = {"chaos.summon.khorne": "cultist", "chaos.summon.khorne.from": "norsca", "chaos.summon.khorne.region": "troll_country"}
    r = play_step(state, {"proc": "summon", "power": "khorne"}, answers)
    assert [m.params["key"] for m in said(r, "chaos.provisional")] == ["rules.summoning.moved_figure_counts_for_placement"]
    # Bretonnia is next to Tilea's Bloodletter: the rule decides nothing, nothing is said
    answers = {"chaos.summon.khorne": "cultist", "chaos.summon.khorne.from": "troll_country", "chaos.summon.khorne.region": "bretonnia"}
    r = play_step(state, {"proc": "summon", "power": "khorne"}, answers)
    assert state["regions"]["bretonnia"]["figures"]["khorne"]["cultist"] == 1
    assert not said(r, "chaos.provisional")


def test_nurgles_unconfirmed_vp_space_says_provisional_with_its_key():
    """Rules §3.3 (Nurgle's dial rewards after the first are unconfirmed): turning onto the +3 VP space says so."""
    state = after_setup()
    state["round"] = 1
    state["p"]["nurgle"]["dac"] = 1
    state["p"]["khorne"]["dac"] = 2  # Khorne has the most: Nurgle turns one position, onto its +3 VP space
    r = play_step(state, {"proc": "end_dials"}, {"chaos.dial.khorne.r1.2.upgrade": "pp1"})
    assert state["p"]["nurgle"]["dial"] == 1 and state["p"]["nurgle"]["vp"] == 3
    msgs = said(r, "chaos.dial.reward_provisional")
    assert [m.params["key"] for m in msgs] == ["powers.nurgle.dial.rewards[1]"]


def test_plague_touch_with_hits_for_every_target_asks_nothing():
    """Rules §1.7 step 2 and §2.8 Plague Touch: 2 hits, a Lord of Change at defense 1 and an Acolyte: both die,
    one legal set, no question."""
    state = battle_state()
    place(state, "kislev", "nurgle", warrior=2)
    place(state, "kislev", "tzeentch", cultist=1, daemon=1)
    state["regions"]["kislev"]["cards"] = [{"power": "nurgle", "card": "plague_touch", "cost": 0}]
    r = play_step(state, {"proc": "battle", "region": "kislev"}, {"chaos.battle.kislev.nurgle": "4 5", "chaos.battle.kislev.tzeentch": "1 1 1"})
    assert not [e for e in r.transcript if e.kind == "ask"]
    assert state["regions"]["kislev"]["figures"]["tzeentch"] == {"cultist": 0, "warrior": 0, "daemon": 0}


def test_after_a_great_foul_consumption_the_rest_of_the_round_and_the_next_use_the_board_without_them():
    """Rules §2.8 (A Great Foul Consumption) with §1.9 step 2 (Heroes: the highest Threat among Powers with
    figures in the region) and §1.6 (summoning next to your figures): Nurgle's removed figures are gone for the
    Heroes, for where Nurgle may summon, and back in its reserve."""
    state = corruption_state()
    place(state, "kislev", "nurgle", cultist=2, warrior=1)
    place(state, "norsca", "khorne", cultist=1)
    place(state, "kislev", "slaanesh", cultist=1)
    state["regions"]["kislev"]["cards"] = [{"power": "nurgle", "card": "a_great_foul_consumption", "cost": 2}]
    state["regions"]["kislev"]["tokens"]["hero"] = 1
    state["p"]["nurgle"]["dial"] = 8  # Nurgle has the highest Threat: the Hero would take a Nurgle figure
    play_step(state, {"proc": "corruption"})
    play_step(state, {"proc": "end_heroes"})
    figs = state["regions"]["kislev"]["figures"]
    assert sum(figs["nurgle"].values()) == 0 and figs["slaanesh"]["cultist"] == 0  # the Hero took Slaanesh's
    from automata.chaos.board import valid_summon_regions

    data = data_of(state)
    assert valid_summon_regions(state, data, "nurgle") == data.region_ids  # no Nurgle figure left: anywhere
    assert in_reserve(state, data, "nurgle", "cultist") == data.power("nurgle")["followers"]["cultist"]["count"]


def test_an_owner_gives_the_effect_of_an_upgrade_the_program_did_not_compute():
    """Rules §3.0 (an owner's value replaces a provisional one) and §2.7 (Daemonette upgrade: effect MISSING): the
    owner's overrides add what the printed card does; the program then computes it and no longer flags it."""
    from automata.chaos.data import DataError, load, provisional_items

    data = load({"powers": {"slaanesh": {"upgrades": {"warrior": {"defense": 1, "effect": "Daemonettes get +1 defense."}}}}})
    state = upgraded(battle_state(), "slaanesh", "warrior")
    place(state, "kislev", "slaanesh", warrior=1)
    assert worth.defense(state, data, "kislev", "slaanesh", "warrior") == 3
    assert not worth.not_computed(state, data, "slaanesh")
    assert "powers.slaanesh.upgrades.warrior" not in {i["key"] for i in provisional_items(data)}
    with pytest.raises(DataError):
        load({"powers": {"slaanesh": {"upgrades": {"warrior": {"early": 1}}}}})  # true or false
    with pytest.raises(DataError):
        load({"powers": {"slaanesh": {"upgrades": {"pp2": {"attack": 1}}}}})  # no figure kind
