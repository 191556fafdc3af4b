"""Rule tests of the Chronossus (rules file §3.4), one per rule, each citing its section."""

from __future__ import annotations

from automata.anachrony.solo import actions as solo_actions
from automata.anachrony.solo import phases, rounds
from automata.anachrony.solo import state as solo_state
from automata.anachrony.solo.flow import score_answers
from automata.anachrony import spaces
from test_anachrony_solo_chronobot import SD, asked, full, in_actions, new, play, said


def cs(modules="", **raw):
    return new("chronossus", modules, **raw)


# -- §3.4.1-§3.4.3 setup, tiles, routes ------------------------------------------------------------------------


def test_base_tiles_and_the_four_routes_start_on_step_one():
    """§3.4.2: base layout C01A, C02A, C03A; §3.4.3: each token starts on step 1 of its route."""
    s = cs()["solo"]
    assert s["tiles"] == {"slot_1": "C01A", "slot_2": "C02A", "slot_3": "C03A"} and "covers" not in s
    assert [solo_state.action_at(SD, s, solo_state.chronossus_spot(SD, s, t)) for t in "2345"] == \
        ["construct_power_plant", "construct_life_support", "construct_factory", "recruit"]


def test_hypersync_layout_puts_c12_on_slot_one_and_c13_over_time_travel():
    """§3.4.2, §3.4.9 (setup 2): with Hypersync C12A on slot I and C13A over the printed Time Travel spot."""
    s = cs("hypersync")["solo"]
    assert s["tiles"]["slot_1"] == "C12A" and s["covers"] == {"c2": "C13A"}
    assert solo_state.action_at(SD, s, "c2") == "tile:C13A"


def test_neutronide_and_quantum_loops_change_no_tile():
    """§3.4.2: Neutronide and Quantum Loops keep the base tiles."""
    assert cs("neutronide,quantum-loops")["solo"]["tiles"] == cs()["solo"]["tiles"]


def test_routes_share_spots_and_never_hold_three_tokens():
    """§3.4.3: token 4's steps 2 and 3 are token 2's steps 3 and 2; token 5's steps 1-3 are token 2's 4, 5, 1."""
    routes = SD["chronossus"]["routes"]
    assert routes["4"][1:3] == [routes["2"][2], routes["2"][1]]
    assert routes["5"][:3] == [routes["2"][3], routes["2"][4], routes["2"][0]]
    spots = [x for r in routes.values() for x in r]
    assert max(spots.count(x) for x in spots) == 2


def test_harder_tiles_side_b_and_swap():
    """§3.4.13 (2)-(3): tiles flipped to side B; the tiles of slots I and III swapped."""
    s = cs(difficulty="side-b-2,swap-1-3")["solo"]
    assert s["tiles"] == {"slot_1": "C03A", "slot_2": "C02B", "slot_3": "C01A"}


def test_setup_fills_the_pool_and_reveals_three_solo_objectives():
    """§3.4.1 (3), (6): 5 + 5 Energy Pool tokens (harder: more Energy Cores); 3 Solo Objectives (harder: 2, 1 or none)."""
    st = cs(difficulty="cores=2,objectives=1")
    assert st["solo"]["pool"] == {"energized": 7, "exhausted": 5}
    play(phases.setup(st, SD), {"anachrony.solo.setup.done": True}, mode="app")
    assert len(st["solo"]["objectives"]) == 1
    st = cs()
    play(phases.setup(st, SD), {"anachrony.solo.setup.done": True})
    assert len(set(st["solo"]["objectives"])) == 3


# -- §3.4.4 Energy Pool and Power Up ---------------------------------------------------------------------------


def test_power_up_three_plus_the_energy_cores_drawn():
    """§3.4.4: 3 draws; X Energy Cores; 3 + X Exosuits before the Impact; one Exhausted back, the rest leave."""
    st = cs(random="table")
    play(phases.power_up(st, SD), {"anachrony.solo.pool.drawn": 2})
    s = st["solo"]
    assert s["exosuits"] == 5
    assert s["pool"] == {"energized": 3, "exhausted": 5}


def test_power_up_after_the_impact_two_plus_x_at_most_four():
    """§3.4.4: after the Impact 2 + X, at most 4."""
    st = cs(random="table")
    st["impact"] = True
    play(phases.power_up(st, SD), {"anachrony.solo.pool.drawn": 3})
    assert st["solo"]["exosuits"] == 4 and st["solo"]["pool"] == {"energized": 2, "exhausted": 5}


def test_the_program_draws_the_pool_when_it_makes_the_random_draws():
    """§3.4.4, §3.6: with random = app the program draws 3 tokens from the Pool it keeps (the same after undo)."""
    a, b = cs(), cs()
    play(phases.power_up(a, SD))
    play(phases.power_up(b, SD))
    assert a["solo"] == b["solo"] and 3 <= a["solo"]["exosuits"] <= 6
    assert sum(a["solo"]["pool"].values()) in (7, 8)


def test_an_empty_pool_gives_no_extra_exosuit():
    """§3.4.4: an empty Pool gives X = 0."""
    st = cs()
    st["solo"]["pool"] = {"energized": 0, "exhausted": 0}
    play(phases.power_up(st, SD))
    assert st["solo"]["exosuits"] == 3


def test_harder_extra_exosuit_beyond_the_maximum_scores_two_per_core():
    """§3.4.13 (5): one free extra Exosuit; beyond the maximum 2 VP per excess Energy Core."""
    st = cs(difficulty="extra-exosuit")
    st["solo"]["pool"] = {"energized": 3, "exhausted": 0}
    play(phases.power_up(st, SD))
    assert st["solo"]["exosuits"] == 6 and st["solo"]["vp"] == 2


# -- §3.4.6-§3.4.8 turn, Autoleap, Failed Actions, passing -----------------------------------------------------


def test_tiles_score_and_energy_pack():
    """§3.4.12: C02A +2 VP; C03A +1 Energy Core into its Pool; C01A Reboot does nothing."""
    st = cs()
    s = in_actions(st)
    play(solo_actions.perform(st, SD, "tile:C02A"))
    play(solo_actions.perform(st, SD, "tile:C03A"))
    play(solo_actions.perform(st, SD, "tile:C01A"))
    assert s["vp"] == 2 and s["pool"]["energized"] == 6 and s["failed"] == 0


def test_autoleap_performs_the_next_tile_at_once():
    """§3.4.6 (4): the token lands on an Autoleap tile (C03B): it acts at once and moves on again."""
    st = cs(difficulty="side-b-3")
    s = in_actions(st)
    s["route_step"]["5"] = 2  # on Construct Power Plant; next is slot III (C03B, Autoleap)
    s["turn"] = "bot"
    r = play(rounds.turn(st, SD, 2, 2), {"anachrony.solo.ai": "5", "anachrony.solo.stack.power_plant.primary": 2, "anachrony.solo.stack.power_plant.secondary": 1})
    assert "turn.autoleap" in said(r) and s["pool"]["energized"] == 6
    assert solo_state.chronossus_spot(SD, s, "5") == "a4" and s["actions"] == 1


def test_failed_with_no_space_also_discards_an_exosuit():
    """§3.4.7: no free space: +1 VP and one powered Exosuit discarded; an impossible effect keeps the Exosuit placed."""
    st = cs()
    s = in_actions(st, exosuits=4)
    full(st, "recruit", "council")
    play(solo_actions.perform(st, SD, "recruit"))
    assert s["vp"] == 1 and s["exosuits"] == 3 and s["placed"] == 0
    st["spaces"] = {}
    play(solo_actions.perform(st, SD, "recruit"), {"anachrony.solo.recruit.pool": []})
    assert s["vp"] == 2 and s["exosuits"] == 2 and s["placed"] == 1


def test_time_travel_failure_costs_no_exosuit():
    """§3.4.7: Time Travel and Remove Anomaly failures cost no Exosuit."""
    st = cs()
    s = in_actions(st, exosuits=2)
    play(solo_actions.perform(st, SD, "time_travel"))
    play(solo_actions.perform(st, SD, "remove_anomaly"))
    assert s["vp"] == 2 and s["exosuits"] == 2


def test_harder_two_vp_per_failed_action():
    """§3.4.13 (8): 2 VP per Failed Action."""
    st = cs(difficulty="failed-2vp")
    s = in_actions(st)
    play(solo_actions.perform(st, SD, "time_travel"))
    assert s["vp"] == 2


def test_it_passes_when_the_rolled_action_needs_an_exosuit_and_it_has_none():
    """§3.4.8: no powered Exosuit and the rolled Action needs one: it passes, its token stays."""
    st = cs()
    s = in_actions(st, exosuits=0)
    s["turn"] = "bot"
    play(rounds.turn(st, SD, 2, 4), {"anachrony.solo.ai": "2"})
    assert s["passed"] and s["route_step"]["2"] == 0 and s["turn"] == "p1"


def test_without_exosuits_it_still_performs_actions_that_need_none():
    """§3.4.8 reading: Time Travel, Remove Anomaly and tiles are performed until it passes."""
    st = cs()
    s = in_actions(st, exosuits=0)
    s["route_step"]["3"] = 1  # Time Travel
    s.update(turn="bot", warps={"1": 1})
    play(rounds.turn(st, SD, 2, 4), {"anachrony.solo.ai": "3"})
    assert not s["passed"] and s["time_travel"] == 1


def test_after_your_pass_it_plays_until_it_passes_with_no_minimum():
    """§3.4.8: no minimum of 3 Actions; after you pass it keeps taking turns until it passes."""
    st = cs()
    s = in_actions(st)
    s.update(turn="p1", actions=0)
    play(rounds.turn(st, SD, 2, 2), {"anachrony.solo.you": "pass"})
    assert s["turn"] == "bot" and st["next"]["proc"] == "solo_turn"
    s["exosuits"] = 0
    play(rounds.turn(st, SD, 2, 3), {"anachrony.solo.ai": "2"})
    assert st["next"] == {"proc": "phase", "era": 2, "phase": "clean_up"}


def test_research_harder_takes_a_shape_it_lacks():
    """§3.4.13 (9): on Research it takes a shape it does not have yet (the die rolled again)."""
    st = cs(difficulty="new-shape")
    s = in_actions(st)
    s["breakthroughs"] = {"circle": 1, "triangle": 0, "square": 1}
    play(solo_actions.perform(st, SD, "research"), {"anachrony.solo.shape": [[1], [3], [2]],
                                         "anachrony.solo.research.left": True})
    assert s["breakthroughs"]["triangle"] == 1


# -- §3.4.9 Hypersync -----------------------------------------------------------------------------------------------


def test_no_space_with_hypersync_places_a_solo_hypersync_tile():
    """§3.4.9: a Capital Action with no space (World Council included): a Solo Hypersync tile above this Era's
    tile, the Action without an Exosuit; at most 1 per Era."""
    st = cs("hypersync")
    s = in_actions(st, era=2)
    full(st, "recruit", "council")
    ans = {"anachrony.solo.recruit.pool": ["engineer"]}
    play(solo_actions.perform(st, SD, "recruit"), ans)
    assert s["hypersync"] == [2] and s["exosuits"] == 6 and s["workers"]["engineer"] == 1
    play(solo_actions.perform(st, SD, "recruit"), ans)
    assert s["hypersync"] == [2] and s["exosuits"] == 5 and s["failed"] == 1


def test_no_more_than_three_pending_solo_hypersync_tiles():
    """§3.4.9: at most 3 pending; beyond that the Action fails."""
    st = cs("hypersync")
    s = in_actions(st, era=5)
    s["hypersync"] = [1, 2, 3]
    full(st, "research", "council")
    play(solo_actions.perform(st, SD, "research"))
    assert s["failed"] == 1 and len(s["hypersync"]) == 3


def test_hypersync_action_recovers_its_earliest_tile_for_two_vp():
    """§3.4.9: with a pending tile from an earlier Era, an Exosuit on a Hypersync space picked by the shape die
    (a taken one rolled again), +2 VP, the earliest tile back, no Time Travel step; then C12A's Energy Core."""
    st = cs("hypersync")
    s = in_actions(st, era=4)
    s["hypersync"] = [1, 3]
    spaces.take(st, "hypersync", "left", "p1")  # your recovery this Era (the program saw it)
    play(solo_actions.perform(st, SD, "tile:C12A"), {"anachrony.solo.shape": [[1], [3]]})
    assert spaces.taken(st, "hypersync") == {"left": "p1", "right": "bot"}
    assert s["hypersync"] == [3] and s["vp"] == 2 and s["time_travel"] == 0 and s["exosuits"] == 5
    assert s["pool"]["energized"] == 6


def test_hypersync_action_without_an_earlier_tile_is_a_time_travel():
    """§3.4.9 (2)-(3): otherwise a normal Time Travel; neither possible: a Failed Action."""
    st = cs("hypersync")
    s = in_actions(st, era=3)
    s.update(hypersync=[3], warps={"1": 1})
    play(solo_actions.perform(st, SD, "tile:C13A"))
    assert s["time_travel"] == 1 and s["hypersync"] == [3]
    play(solo_actions.perform(st, SD, "tile:C13A"))
    assert s["failed"] == 1


def test_targeted_hypersync_blocks_your_oldest_tile():
    """§3.4.9 harder "Targeted Hypersync": the space matching your oldest pending Hypersync tile, no roll."""
    st = cs("hypersync", difficulty="targeted-hypersync")
    s = in_actions(st, era=4)
    s["hypersync"] = [2]
    st["players"]["p1"]["hypersync"] = {"construct": {"state": "pending", "era": 3}, "recruit": {"state": "pending", "era": 1},
                                        "research": {"state": "available"}}
    r = play(solo_actions.perform(st, SD, "tile:C12A"))
    assert not any(e.kind == "roll" for e in r.transcript)
    assert [e.msg.params["space"] for e in r.transcript if e.kind == "say" and e.msg.id == "anachrony.solo.hypersync_recover"] == \
        ["@anachrony.hs_space.middle"]


def test_its_pending_solo_hypersync_tiles_count_for_its_paradox_majority():
    """§3.4.9 and §4.1 item 20 (provisional, owner-replaceable): its pending tiles count like Warp tiles on their
    Timeline tile (§2.14.2 (1)); shown as provisional."""
    st = cs("hypersync")
    st["era"] = 3
    s = st["solo"]
    s.update(hypersync=[1], warps={"1": 1})
    st["players"]["p1"]["hypersync"]["construct"] = {"state": "pending", "era": 2}
    st["players"]["p1"]["hypersync"]["research"] = {"state": "pending", "era": 1}
    # the player has 1 ordinary Warp tile on Era 1; the program adds the pending Research tile it keeps: 2 = 2
    r = play(phases.paradox(st, SD), {"anachrony.solo.paradox.era1": 1, "anachrony.solo.paradox": "1"})
    assert s["paradox"] == 1 and "anachrony.provisional" in [e.msg.id for e in r.transcript if e.kind == "say"]
    assert "paradox.hypersync_fewer" in said(r) and "paradox.yours_tracked" in said(r)


def test_a_solo_hypersync_tile_alone_gives_no_tile_roll_but_the_most_tiles_roll_once_more():
    """§2.14.2: no Warp tile on a Timeline tile, no roll for it; after the normal rolls the most Hypersync tiles in
    play (ties included) roll once more (its Solo Hypersync tiles count: §4.1 item 20, provisional)."""
    st = cs("hypersync")
    st["era"] = 3
    s = st["solo"]
    s["hypersync"] = [1]
    r = play(phases.paradox(st, SD), {"anachrony.solo.paradox": "2"})
    assert "anachrony.solo.paradox.era1" not in [e.id for e in r.transcript]
    assert s["paradox"] == 2 and "paradox.hypersync_extra" in said(r)


def test_you_are_not_told_to_roll_the_extra_when_its_solo_hypersync_tiles_are_more():
    """§2.14.2 (2): only the most Hypersync tiles in play roll once more; against the Chronossus its Solo Hypersync
    tiles count (§3.4.9, §4.1 item 20, provisional), so with more of them the table's Paradox step names no player."""
    from automata.anachrony import eras, game

    st = cs("hypersync")
    st["era"] = 4
    st["solo"]["hypersync"] = [1, 2]
    st["players"]["p1"]["hypersync"]["construct"] = {"state": "pending", "era": 3}
    r = play(eras.paradox(st, game.data_of(st), 4))
    assert "anachrony.paradox.hypersync_opponent_more" in [e.msg.id for e in r.transcript if e.kind == "say"]
    assert "anachrony.paradox.hypersync_extra" not in [e.msg.id for e in r.transcript if e.kind == "say"]
    st["solo"]["hypersync"] = [1]  # a tie: you roll too
    r = play(eras.paradox(st, game.data_of(st), 4))
    assert "anachrony.paradox.hypersync_extra" in [e.msg.id for e in r.transcript if e.kind == "say"]


def test_the_owner_can_say_its_hypersync_tiles_do_not_count():
    """§4.1 item 20: the owner's value replaces the provisional one (overrides/anachrony.toml [solo.hypersync_paradox])."""
    from automata.anachrony.solo.data import load as load_solo

    sd = load_solo({"solo": {"hypersync_paradox": {"counts": False}}})
    st = cs("hypersync")
    st["era"] = 3
    st["solo"]["hypersync"] = [1]
    r = play(phases.paradox(st, sd))
    assert st["solo"]["paradox"] == 0 and not any(e.kind == "roll" for e in r.transcript)


# -- §3.4.10 Quantum Loops ------------------------------------------------------------------------------------------


def _ql(st):
    st["ql"] = {"offer": ["a", "b", "c"], "deck": ["d"], "out": []}
    st["era"] = 2


def test_quantum_loops_a_four_removes_the_card_farthest_from_the_deck():
    """§3.4.10 (2): after it places at least one Warp tile, an AI die of 4 removes the farthest card for good."""
    st = cs("quantum-loops")
    _ql(st)
    play(phases.warp(st, SD), {"anachrony.solo.paradox": "1", "anachrony.solo.ai": "4"})
    assert st["ql"]["offer"] == ["b", "c"] and st["ql"]["out"] == ["a"]
    play(phases.warp(st, SD), {"anachrony.solo.paradox": "1", "anachrony.solo.ai": "5"})
    assert st["ql"]["offer"] == ["b", "c"]


def test_quantum_loops_no_warp_tile_no_roll():
    """§3.4.10 (2): the roll comes only when it places at least 1 Warp tile."""
    st = cs("quantum-loops")
    _ql(st)
    r = play(phases.warp(st, SD), {"anachrony.solo.paradox": "6"})
    assert [e.id for e in r.transcript if e.kind == "roll"] == ["anachrony.solo.paradox"]


def test_quantum_loops_harder_five_removes_too_and_scores_two():
    """§3.4.10 (6): also on a 5; 2 VP per removed card."""
    st = cs("quantum-loops", difficulty="ql-remove-5,ql-vp")
    _ql(st)
    play(phases.warp(st, SD), {"anachrony.solo.paradox": "2", "anachrony.solo.ai": "5"})
    assert st["ql"]["out"] == ["a"] and st["solo"]["vp"] == 2


def test_a_card_you_return_goes_to_the_far_end_of_the_row():
    """§3.4.10 (4): a card you return goes back at the end of the row farthest from the deck."""
    st = cs("quantum-loops")
    s = in_actions(st, era=3)
    st["ql"] = {"offer": ["b", "c"], "deck": [], "out": []}
    st["players"]["p1"]["quantum"] = {"warp": "timeline", "era": 1, "card": "a", "payback": "circle 1"}
    s["turn"] = "p1"
    play(rounds.turn(st, SD, 3, 2), {"anachrony.solo.you": "quantum_payback"})
    assert st["ql"]["offer"] == ["a", "b", "c"]


def test_cosmic_data_leak_brings_two_more_solo_objectives():
    """§3.4.10 (5): you take Cosmic Data Leak: 2 unused Solo Objectives come into play."""
    st = cs("quantum-loops")
    st["era"] = 2
    st["solo"]["objectives"] = ["water", "morale", "workers"]
    st["players"]["p1"]["quantum"] = {"warp": "timeline", "era": 2, "card": "cosmic_data_leak"}
    play(phases.cosmic_leak(st, SD), mode="app")
    assert len(st["solo"]["objectives"]) == 5 and len(set(st["solo"]["objectives"])) == 5


# -- §3.4.14 scoring ------------------------------------------------------------------------------------------------


def test_its_score_answers_include_the_energy_cores_option_and_its_hypersync_tiles():
    """§3.4.14, §3.4.13 (6): the Energy Cores left count only with that option; its Solo Hypersync tiles are reported."""
    st = cs("hypersync", difficulty="core-vp")
    st["solo"]["hypersync"] = [5]
    known = score_answers(st)
    assert known["anachrony.score.opponent"] == "chronossus"
    assert known["anachrony.score.bot.energy_core_option"] is True and known["anachrony.score.bot.energy_cores"] == 5
    assert known["anachrony.score.bot.hypersync_out"] == 1


def test_its_exosuits_never_share_a_space_and_reach_the_solo_hypersync_fallback():
    """§3.4.7 (placement as the Chronobot's, §3.2.5) and §3.4.9 (no space, World Council included: a Solo
    Hypersync tile): its own Exosuits fill Recruit's two spaces, then the left World Council space (the right one
    is covered with Hypersync), then a Solo Hypersync tile; nothing is asked (issue 30 item 14)."""
    st = cs("hypersync")
    s = in_actions(st, era=2)
    where = [play(solo_actions.place_capital(st, SD, "recruit")) for _ in range(4)]
    assert [r.result for r in where] == ["top", "middle", "council_left", "hypersync"]
    assert not any(asked(r) for r in where) and s["placed"] == 3 and s["hypersync"] == [2]
