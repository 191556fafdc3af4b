"""Rule tests of the Chronobot (rules file §3.1-§3.3), one per rule, each citing its section.

Procedures are driven with scripted answers and table dice (the AI die typed as its number, the Paradox
die as 1, 2 or 6 for the blank, the shape die 1-3)."""

from __future__ import annotations

import pytest

from automata.anachrony import game, spaces
from automata.anachrony.solo import actions as solo_actions
from automata.anachrony.solo import phases, rounds
from automata.anachrony.solo import state as solo_state
from automata.anachrony.solo.data import load
from automata.anachrony.solo.flow import score_answers
from automata.core.games import OptionError
from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run

SD = load()


def new(opponent="chronobot", modules="", **raw):
    return game.new_state(game.check_options({"players": 1, "modules": modules, "opponent": opponent, **raw}), 1)


def play(gen, answers=None, mode="table"):
    r = run(gen, ScriptedAnswers(answers or {}), dice=DiceContext(1, 1, mode))
    assert r.done, f"stopped at {r.pending_id}"
    return r


def asked(r) -> list[str]:
    return [e.id for e in r.transcript if e.kind == "ask"]


def said(r) -> list[str]:
    return [e.msg.id.removeprefix("anachrony.solo.") for e in r.transcript if e.kind == "say"]


def full(state, *kinds, who="p1"):
    """Every space of ``kinds`` taken this Era by ``who`` (the program keeps them: rules file §2.10, §3.2.5)."""
    for kind in kinds:
        for x in spaces.SPACES[kind]:
            spaces.take(state, kind, x, who)


def in_actions(state, era=2, exosuits=6):
    state["era"] = era
    state["solo"]["exosuits"] = exosuits
    state["solo"]["spaces_era"] = era  # the Action Rounds began: the program keeps the spaces (rounds.start)
    return state["solo"]


# -- §3.1 options ------------------------------------------------------------------------------------------


def test_the_chronobot_plays_the_base_game_only():
    """§3.1: the Chronobot is offered for a base-game solo only; the same message as the scoring helper."""
    with pytest.raises(OptionError) as e:
        new(modules="hypersync")
    assert e.value.msg.id == "anachrony.score.error.chronobot_modules"


def test_an_opponent_needs_a_solo_game_and_intrigues_are_refused():
    """§3.1: an opponent only with --players 1; Intrigues of the Council has no solo rules."""
    with pytest.raises(OptionError) as e:
        game.check_options({"players": 2, "opponent": "chronobot"})
    assert e.value.msg.id == "anachrony.score.error.opponent_multi"
    with pytest.raises(OptionError) as e:
        new("chronossus", "intrigues")
    assert e.value.msg.id == "anachrony.error.intrigues_solo"


def test_unknown_opponent_and_difficulty_say_what_is_valid():
    """Options: a wrong name gets the valid ones and the closest."""
    with pytest.raises(OptionError) as e:
        new("chronobt")
    assert e.value.msg.params["close"].startswith("chronobot")
    with pytest.raises(OptionError) as e:
        new(difficulty="min6x")
    assert "min-6" in e.value.msg.params["valid"]


# -- §3.2.1-§3.2.3 setup, dice, tokens -------------------------------------------------------------------------


def test_setup_puts_the_four_command_tokens_on_their_start_spots():
    """§3.2.3: token 3 on short 1, token 4 on long 2, token 2 on long 4, token 5 on long 8; it is First Player."""
    st = new()
    s = st["solo"]
    assert {t: solo_state.token_spot(s, t) for t in "2345"} == {"2": "long.4", "3": "short.1", "4": "long.2", "5": "long.8"}
    assert s["first"] == "bot"
    r = play(phases.setup(st, SD), {"anachrony.solo.setup.done": True})
    assert said(r).count("setup.token") == 4


def test_the_ai_die_is_typed_as_shown_and_a_d6_maps_to_its_faces():
    """§3.2.2: faces 2, 3, 3, 4, 4, 5: the typed 2-5 count as shown; a d6's 1 counts 3 and its 6 counts 4."""
    assert [SD.ai(f) for f in range(1, 7)] == [3, 2, 3, 4, 5, 4]
    assert sorted(SD.ai(f) for f in range(1, 7)) == SD["dice"]["ai_faces"]


def test_the_paradox_die_counts_zero_one_or_two():
    """§2.6, §3.2.2: faces 0, 1, 1, 1, 1, 2 (6 typed for the blank)."""
    assert sorted(SD.paradox(f) for f in range(1, 7)) == [0, 1, 1, 1, 1, 2]
    assert SD.paradox(1) == 1 and SD.paradox(2) == 2 and SD.paradox(6) == 0


def test_a_token_loops_on_its_path():
    """§3.2.3: each path is a loop: short 4 (Remove Anomaly) goes back to short 1."""
    s = new()["solo"]
    for _ in range(4):
        solo_state.advance_chronobot(SD, s, "3")
    assert solo_state.token_spot(s, "3") == "short.1"


def test_a_third_token_bumps_the_top_one_on():
    """§3.2.3: a spot holds two tokens at most; the top one of the two moves on first."""
    s = new()["solo"]
    s["spots"] = {"long.3": ["2", "5"], "long.2": ["4"], "short.1": ["3"]}
    moves = solo_state.advance_chronobot(SD, s, "4")
    assert moves == [("5", "long.3", "long.4"), ("4", "long.2", "long.3")]
    assert s["spots"]["long.3"] == ["2", "4"] and s["spots"]["long.4"] == ["5"]


# -- §3.2.4 phases -------------------------------------------------------------------------------------------------


def test_power_up_six_exosuits_before_the_impact_four_after():
    """§3.2.4 Power Up: 6 Exosuits before the Impact, 4 after; it spends nothing."""
    st = new()
    play(phases.power_up(st, SD))
    assert st["solo"]["exosuits"] == 6
    st["impact"] = True
    play(phases.power_up(st, SD))
    assert st["solo"]["exosuits"] == 4


def test_warp_places_as_many_tiles_as_the_paradox_die_shows():
    """§3.2.4 Warp: a Paradox-die roll of 2 puts 2 of its Warp tiles on this Era's tile; a blank puts none."""
    st = new()
    st["era"] = 3
    play(phases.warp(st, SD), {"anachrony.solo.paradox": "2"})
    assert st["solo"]["warps"] == {"3": 2}
    play(phases.warp(st, SD), {"anachrony.solo.paradox": "6"})
    assert st["solo"]["warps"] == {"3": 2}


def test_warp_never_places_more_than_its_eight_tiles():
    """§3.2.1: it has 8 Solo Warp tiles."""
    st = new()
    st["era"] = 5
    st["solo"]["warps"] = {"1": 2, "2": 2, "3": 2, "4": 1}
    play(phases.warp(st, SD), {"anachrony.solo.paradox": "2"})
    assert solo_state.warps_out(st["solo"]) == 8


def test_paradox_rolls_only_where_it_has_the_most_ties_included():
    """§3.2.4 Paradox: it rolls for a past tile where it has the most Warp tiles (ties count), not where you have more."""
    st = new()
    st["era"] = 3
    st["solo"]["warps"] = {"1": 1, "2": 1}
    r = play(phases.paradox(st, SD), {"anachrony.solo.paradox.era1": 1, "anachrony.solo.paradox.era2": 2,
                                     "anachrony.solo.paradox": "1"})
    assert said(r).count("paradox.rolled") == 1 and "paradox.fewer" in said(r)
    assert st["solo"]["paradox"] == 1


def test_an_anomaly_stops_its_rolls_and_costs_a_warp_tile_from_its_biggest_pile():
    """§3.2.4: at a third Paradox it gains an Anomaly, stops rolling and removes a Warp tile from the tile
    where it has the most (the oldest on a tie)."""
    st = new()
    st["era"] = 4
    s = st["solo"]
    s["paradox"] = 2
    s["warps"] = {"1": 1, "2": 2, "3": 2}
    r = play(phases.paradox(st, SD), {"anachrony.solo.paradox.era1": 0, "anachrony.solo.paradox": "1"})
    assert s["anomalies"] == 1 and s["paradox"] == 0
    assert s["warps"] == {"1": 1, "2": 1, "3": 2}
    assert said(r).count("paradox.rolled") == 1


def test_with_three_anomalies_it_gains_none_and_removes_nothing():
    """§3.2.4: with 3 Anomalies it gains none and removes nothing."""
    st = new()
    st["era"] = 3
    s = st["solo"]
    s.update(paradox=2, anomalies=3, warps={"1": 2})
    play(phases.paradox(st, SD), {"anachrony.solo.paradox.era1": 0, "anachrony.solo.paradox": "2"})
    assert s["anomalies"] == 3 and s["warps"] == {"1": 2}


def test_clean_up_takes_its_exosuits_back_and_the_left_council_space_sets_the_first_player():
    """§3.2.4 Clean Up and §2.5 (7): its Exosuits come back; the left World Council space decides the First Player."""
    st = new()
    s = st["solo"]
    s.update(placed=4, exosuits=2, first_next="bot", first="p1")
    play(phases.clean_up(st, SD))
    assert s["first"] == "bot" and s["exosuits"] == 0 and s["placed"] == 0
    play(phases.clean_up(st, SD), {"anachrony.solo.clean.council": True})
    assert s["first"] == "p1"


# -- §3.2.5-§3.2.6 placement and Failed Actions -------------------------------------------------------------------


def test_it_takes_the_topmost_free_space():
    """§3.2.5: the topmost free space of the rolled Capital Action, an empty Exosuit. The program keeps which
    spaces its Exosuits hold this Era, so it never asks, and never puts two on one space (issue 30 item 14)."""
    st = new()
    s = in_actions(st)
    r = play(solo_actions.place_capital(st, SD, "recruit"))
    assert r.result == "top" and s["exosuits"] == 5 and s["placed"] == 1 and not asked(r)
    r = play(solo_actions.place_capital(st, SD, "recruit"))
    assert r.result == "middle" and spaces.taken(st, "recruit") == {"top": "bot", "middle": "bot"}
    r = play(solo_actions.place_capital(st, SD, "recruit"))  # its own two Exosuits fill Recruit: the World Council
    assert r.result == "council_left" and s["exosuits"] == 3 and not asked(r)


def test_your_exosuit_on_a_space_blocks_it_for_the_opponent():
    """§2.10 (one Exosuit per Main-board space per Era) with §3.2.5: you say where your Exosuit went, once, on
    your turn; the opponent then takes the topmost space still free."""
    st = new()
    s = in_actions(st)
    s.update(turn="p1", you_exosuits=3)
    play(rounds.turn(st, SD, 2, 2), {"anachrony.solo.you": "construct.top"})
    assert spaces.taken(st, "construct") == {"top": "p1"} and s["you_exosuits"] == 2
    r = play(solo_actions.place_capital(st, SD, "construct"))
    assert r.result == "middle" and not asked(r)
    s["turn"] = "p1"
    r = run(rounds.turn(st, SD, 2, 3), ScriptedAnswers({}), dice=DiceContext(1, 1, "table"))
    offered = [c.value for c in r.pending.choices]
    assert "construct.top" not in offered and "construct.middle" not in offered and "recruit.top" in offered


def test_after_the_impact_a_used_capital_space_stays_hex_unavailable():
    """§2.9: after the Impact every Capital space carries a Collapsing tile (2 per Action with 2 players, solo
    too) that flips to Hex Unavailable when the Exosuit leaves in the Clean Up; §3.2.5: it cannot use those."""
    st = game.new_state(game.check_options({"players": 1, "modules": "", "opponent": "chronobot"}), 1)
    st["era"], st["impact"] = 5, True
    in_actions(st, era=5)
    spaces.take(st, "research", "top", "p1")
    play(solo_actions.place_capital(st, SD, "research"))
    play(game.procedure(st, {"proc": "phase", "era": 5, "phase": "clean_up"}), {"anachrony.clean_up.collapsed": False})
    assert sorted(spaces.collapsed(st, "research")) == ["middle", "top"] and spaces.taken(st, "research") == {}
    in_actions(st, era=6)
    r = play(solo_actions.place_capital(st, SD, "research"))
    assert r.result == "council_left"


@pytest.mark.parametrize("opponent", ["chronobot", "chronossus"])
@pytest.mark.parametrize("left", [0, 1, 3, 6])
def test_the_program_says_whether_the_capital_collapsed_instead_of_asking(opponent, left):
    """Rules file §2.3 (base game end: after the Era in which the last Collapsing Capital tile became Hex Unavailable)
    and §2.9 (solo: 2 tiles on each Capital Action, every space of the 2-player side; each flips when an Exosuit
    leaves it): in a solo game the program keeps every Capital space, its Exosuits and yours, so it knows when the
    last tile flips and does not ask (a question it can answer from what it tracks); ``left`` tiles still face up."""
    st = new(opponent)
    st["impact"] = True
    in_actions(st, era=6)
    st["solo"]["spaces_from"] = 1
    tiles = [(kind, x) for kind in spaces.CAPITAL for x in spaces.SPACES[kind]]
    for kind, x in tiles[left:]:
        spaces.take(st, kind, x, "p1")
    r = play(game.procedure(st, {"proc": "phase", "era": 6, "phase": "clean_up"}))
    assert "anachrony.clean_up.collapsed" not in asked(r)
    assert (st["next"] == {"proc": "end"}) == (left == 0)
    assert ("anachrony.clean_up.capital_collapsed" in said(r)) == (left == 0)
    if left:
        assert [e.msg.params["n"] for e in r.transcript if e.kind == "say" and e.msg.id == "anachrony.clean_up.capital_standing"] == [left]


def test_the_collapse_is_asked_when_the_program_did_not_see_every_era_since_the_impact():
    """Rules file §2.3: a save that began keeping the spaces after the first Era past the Impact may miss a flipped
    tile, so the table is asked, as in a multi-player game (where the Capital spaces are not kept)."""
    st = new()
    st["impact"] = True
    in_actions(st, era=6)
    st["solo"]["spaces_from"] = 6
    r = play(game.procedure(st, {"proc": "phase", "era": 6, "phase": "clean_up"}), {"anachrony.clean_up.collapsed": False})
    assert "anachrony.clean_up.collapsed" in asked(r)


def test_before_the_impact_the_spaces_are_free_again_each_era():
    """§2.10: a space takes one Exosuit per Era; the Clean Up brings the Exosuits back (§3.2.4 Clean Up)."""
    st = new()
    in_actions(st)
    full(st, "construct")
    play(game.procedure(st, {"proc": "phase", "era": 2, "phase": "clean_up"}))
    assert spaces.taken(st, "construct") == {} and spaces.collapsed(st, "construct") == []


def test_a_full_action_sends_it_to_the_world_council_first_player_space_first():
    """§3.2.5: no free space: a World Council space, the First Player one when free (it becomes First Player)."""
    st = new()
    s = in_actions(st)
    full(st, "research")
    r = play(solo_actions.place_capital(st, SD, "research"))
    assert r.result == "council_left" and s["first_next"] == "bot" and not asked(r)
    r = play(solo_actions.place_capital(st, SD, "research"))
    assert r.result == "council_right"


def test_your_left_council_space_makes_you_first_player_without_a_question():
    """§2.5 (7): whoever took the left World Council space is First Player next Era; the program saw yours."""
    st = new()
    s = in_actions(st)
    s.update(turn="p1", you_exosuits=2, first="bot", spaces_era=2)
    play(rounds.turn(st, SD, 2, 2), {"anachrony.solo.you": "council.left"})
    r = play(phases.clean_up(st, SD))
    assert s["first"] == "p1" and not asked(r)
    full(st, "research")
    r = play(solo_actions.place_capital(st, SD, "research"))
    assert r.result == "council_right"


def test_the_covered_right_council_space_is_not_used():
    """§3.2.9: harder option, the right World Council space covered by a Hex Unavailable tile."""
    st = new(difficulty="wc-right")
    s = in_actions(st)
    full(st, "research")
    spaces.take(st, "council", "left", "p1")
    play(solo_actions.perform(st, SD, "research"))
    assert s["failed"] == 1 and s["exosuits"] == 6 and "right" not in spaces.taken(st, "council")


def test_no_space_anywhere_is_a_failed_action_without_an_exosuit():
    """§3.2.6: no space available: no Exosuit placed, +1 VP."""
    st = new()
    s = in_actions(st)
    full(st, "recruit", "council")
    r = play(solo_actions.perform(st, SD, "recruit"))
    assert s["vp"] == 1 and s["exosuits"] == 6 and s["failed"] == 1 and not asked(r)


def test_an_impossible_effect_still_blocks_the_space():
    """§3.2.6: a space is free but the effect impossible (a fourth Lab): the Exosuit is placed, +1 VP."""
    st = new()
    s = in_actions(st)
    s["buildings"]["lab"] = 3
    play(solo_actions.perform(st, SD, "construct_lab"))
    assert s["vp"] == 1 and s["exosuits"] == 5 and s["buildings"]["lab"] == 3


# -- §3.2.7 Actions ------------------------------------------------------------------------------------------------


def test_construct_takes_the_higher_top_and_the_secondary_on_a_tie():
    """§3.2.7 Construct: the higher-VP of the two stack tops, the secondary stack on a tie; VP counted when taken."""
    st = new()
    s = in_actions(st)
    ans = {"anachrony.solo.stack.factory.primary": 3,
           "anachrony.solo.stack.factory.secondary": 3}
    r = play(solo_actions.perform(st, SD, "construct_factory"), ans)
    assert s["buildings"]["factory"] == 1 and s["vp"] == 3
    assert [e for e in r.transcript if e.kind == "say" and e.msg.id.endswith(".construct")][0].msg.params["stack"].endswith("secondary")
    ans.update({"anachrony.solo.stack.factory.primary": 4, "anachrony.solo.stack.factory.secondary": -1})
    play(solo_actions.perform(st, SD, "construct_factory"), ans)
    assert s["vp"] == 7


def test_superproject_spends_the_shape_it_has_most_of():
    """§3.2.7 Construct Superproject: a Breakthrough of the shape it holds most of, then the best face-up Superproject."""
    st = new()
    s = in_actions(st, era=3)
    s["breakthroughs"] = {"circle": 1, "triangle": 2, "square": 0}
    r = play(solo_actions.perform(st, SD, "construct_superproject"), {"anachrony.solo.superproject.eras": ["1", "2", "3"],
                                                            "anachrony.solo.superproject.vp.1": 5, "anachrony.solo.superproject.vp.2": 5,
                                                            "anachrony.solo.superproject.vp.3": 4})
    assert s["breakthroughs"] == {"circle": 1, "triangle": 1, "square": 0} and s["superprojects"] == 1 and s["vp"] == 5
    # the highest VP, the oldest Era on a tie: Era 1's
    assert [e.msg.params["era"] for e in r.transcript if e.kind == "say" and e.msg.id == "anachrony.solo.superproject"] == [1]


def test_superproject_tie_between_shapes_is_broken_by_the_shape_die():
    """§3.2.7: random on a tie: the shape die is rolled until it shows one of the tied shapes."""
    st = new()
    s = in_actions(st, era=3)
    s["breakthroughs"] = {"circle": 1, "triangle": 0, "square": 1}
    play(solo_actions.perform(st, SD, "construct_superproject"), {"anachrony.solo.superproject.eras": ["1"],
                                                        "anachrony.solo.superproject.vp.1": 2, "anachrony.solo.shape": [[2], [3]]})
    assert s["breakthroughs"] == {"circle": 1, "triangle": 0, "square": 0}


def test_superproject_without_a_breakthrough_fails():
    """§3.2.7: no Breakthrough: Failed Action (the Exosuit stays on the space)."""
    st = new()
    s = in_actions(st)
    play(solo_actions.perform(st, SD, "construct_superproject"), {})
    assert s["vp"] == 1 and s["superprojects"] == 0 and s["exosuits"] == 5


def test_recruit_takes_a_type_it_lacks_by_priority_and_scores_one():
    """§3.2.7 Recruit: a type it lacks, Genius > Administrator > Engineer > Scientist; +1 VP, no bonus."""
    st = new()
    s = in_actions(st)
    s["workers"]["genius"] = 1
    play(solo_actions.perform(st, SD, "recruit"), {"anachrony.solo.recruit.pool": ["scientist", "genius", "engineer"]})
    assert s["workers"] == {"genius": 1, "administrator": 0, "engineer": 1, "scientist": 0} and s["vp"] == 1


def test_recruit_completing_the_four_types_trades_them_for_five():
    """§3.2.7: once it holds all 4 types it discards one of each for +5 VP."""
    st = new()
    s = in_actions(st)
    s["workers"] = {"genius": 1, "administrator": 2, "engineer": 1, "scientist": 0}
    play(solo_actions.perform(st, SD, "recruit"), {"anachrony.solo.recruit.pool": ["scientist"]})
    assert s["workers"] == {"genius": 0, "administrator": 1, "engineer": 0, "scientist": 0} and s["vp"] == 6


def test_recruit_genius_or_research():
    """§3.2.7: a Genius in the pool is recruited (+1 VP, even if it has one); otherwise Research."""
    st = new()
    s = in_actions(st)
    s["workers"]["genius"] = 1
    play(solo_actions.perform(st, SD, "recruit_genius_or_research"), {"anachrony.solo.genius_in_pool": True})
    assert s["workers"]["genius"] == 2 and s["vp"] == 1
    play(solo_actions.perform(st, SD, "recruit_genius_or_research"), {"anachrony.solo.genius_in_pool": False, "anachrony.solo.shape": "2", "anachrony.solo.research.left": True})
    assert s["breakthroughs"]["triangle"] == 1


def test_research_rolls_the_shape_die_and_fails_when_that_shape_is_gone():
    """§3.2.7 Research: the shape die only; none of that shape left: Failed Action."""
    st = new()
    s = in_actions(st)
    play(solo_actions.perform(st, SD, "research"), {"anachrony.solo.shape": "1",
                                         "anachrony.solo.research.left": False})
    assert s["breakthroughs"]["circle"] == 0 and s["vp"] == 1


def test_mine_takes_the_resources_it_lacks_first_then_by_priority():
    """§3.2.7 Mine: the 2 Resources it wants most (types it lacks first; Neutronium > Uranium > Gold > Titanium),
    the topmost space giving them."""
    s = new()["solo"]
    s["resources"]["uranium"] = 1
    assert solo_actions.mine_choice(s, ["upper", "middle", "lower"], ["neutronium", "uranium"]) == ("middle", "neutronium")
    assert solo_actions.mine_choice(s, ["upper", "lower"], []) == ("lower", None)


def test_mine_with_no_free_space_fails_without_an_exosuit():
    """§3.2.7: Mine is no Capital Action: no free Mine space is a Failed Action, no World Council fallback."""
    st = new()
    s = in_actions(st)
    full(st, "mine")
    r = play(solo_actions.perform(st, SD, "mine"))
    assert s["vp"] == 1 and s["exosuits"] == 6 and not asked(r) and spaces.taken(st, "council") == {}


def test_mine_takes_a_space_nobody_holds():
    """§3.2.7 Mine with §2.10: the topmost Mine space giving what it wants among those free this Era."""
    st = new()
    s = in_actions(st)
    spaces.take(st, "mine", "upper", "p1")
    play(solo_actions.perform(st, SD, "mine"), {"anachrony.solo.mine.pool": []})
    assert spaces.taken(st, "mine") == {"upper": "p1", "middle": "bot"} and s["resources"]["gold"] == 1


def test_time_travel_takes_back_from_its_biggest_past_pile_oldest_first():
    """§3.2.7 Time Travel: from the past tile where it has the most (the oldest on a tie); this Era's tiles do not count."""
    st = new()
    s = in_actions(st, era=4)
    s["warps"] = {"1": 1, "2": 2, "3": 2, "4": 2}
    play(solo_actions.perform(st, SD, "time_travel"))
    assert s["warps"] == {"1": 1, "2": 1, "3": 2, "4": 2} and s["time_travel"] == 1 and s["exosuits"] == 6


def test_time_travel_with_only_present_tiles_fails():
    """§3.2.7: no Warp tile on a past tile: Failed Action (+1 VP)."""
    st = new()
    s = in_actions(st, era=2)
    s["warps"] = {"2": 2}
    play(solo_actions.perform(st, SD, "time_travel"))
    assert s["vp"] == 1 and s["time_travel"] == 0


def test_remove_anomaly_pays_two_cubes_by_its_priority():
    """§3.2.7 Remove Anomaly: the types it has most of (Titanium > Gold > Uranium > Neutronium on a tie)."""
    st = new()
    s = in_actions(st)
    s.update(anomalies=1, resources={"neutronium": 0, "uranium": 1, "gold": 1, "titanium": 1})
    play(solo_actions.perform(st, SD, "remove_anomaly"))
    assert s["anomalies"] == 0 and s["resources"] == {"neutronium": 0, "uranium": 1, "gold": 0, "titanium": 0}


def test_remove_anomaly_a_neutronium_counts_two():
    """§3.2.7: 1 Neutronium counts as 2 cubes."""
    st = new()
    s = in_actions(st)
    s.update(anomalies=2, resources={"neutronium": 3, "uranium": 0, "gold": 0, "titanium": 0})
    play(solo_actions.perform(st, SD, "remove_anomaly"))
    assert s["anomalies"] == 1 and s["resources"]["neutronium"] == 2


def test_remove_anomaly_weighs_a_neutronium_as_two_cubes_when_ranking_and_paying():
    """§3.2.7 Remove Anomaly: "1 Neutronium counts as 2 cubes" both for which type it has most of and for what
    it pays (ISSUE_12): 1 Neutronium + 1 Titanium pays the Neutronium only; 2 + 2 pays one Neutronium."""
    for before, paid in [({"neutronium": 1, "titanium": 1}, ["neutronium"]),
                         ({"neutronium": 2, "titanium": 2}, ["neutronium"]),
                         ({"neutronium": 1, "titanium": 3}, ["titanium", "titanium"]),
                         ({"neutronium": 1, "gold": 2}, ["gold", "gold"]),
                         ({"neutronium": 1, "gold": 1, "titanium": 1}, ["neutronium"]),
                         ({"neutronium": 0, "uranium": 2, "gold": 2}, ["gold", "uranium"])]:
        res = {r: before.get(r, 0) for r in solo_state.RESOURCES}
        assert solo_actions.anomaly_payment(res) == paid, before
        cubes = sum(2 if r == "neutronium" else 1 for r in paid)
        assert cubes == 2, before  # never more than the 2 cubes' worth it owes
    st = new()
    s = in_actions(st)
    s.update(anomalies=1, resources={"neutronium": 2, "uranium": 0, "gold": 0, "titanium": 2})
    play(solo_actions.perform(st, SD, "remove_anomaly"))
    assert s["anomalies"] == 0 and s["resources"] == {"neutronium": 1, "uranium": 0, "gold": 0, "titanium": 2}


def test_mine_takes_two_different_resources_when_it_can():
    """§3.2.7 Mine: the 2 Resources it wants most; it collects all four types for its +5 VP set, so with two
    types available it never takes two of one type (ISSUE_12)."""
    s = new()["solo"]
    s["resources"].update(neutronium=1, uranium=1, gold=1, titanium=1)
    # upper gives Uranium: a pool Uranium would double it; the Gold in the pool makes two types
    assert solo_actions.mine_choice(s, ["upper"], ["uranium", "gold"]) == ("upper", "gold")
    s["resources"].update(neutronium=0)
    # it lacks Neutronium: a lacking type first, then a second different type
    assert solo_actions.mine_choice(s, ["upper"], ["neutronium", "uranium"]) == ("upper", "neutronium")
    assert solo_actions.mine_choice(s, ["lower"], ["titanium", "gold"]) == ("lower", "gold")
    # only one type on offer: two of it is all there is
    assert solo_actions.mine_choice(s, ["lower"], ["titanium"]) == ("lower", "titanium")
    for free in (["upper"], ["middle"], ["lower"], ["upper", "middle", "lower"]):
        for pool in (["uranium", "gold", "titanium"], ["neutronium", "uranium", "gold", "titanium"]):
            space, r = solo_actions.mine_choice(s, free, pool)
            assert r != solo_actions.MINE_SPACES[space], (free, pool)


def test_remove_anomaly_without_one_or_without_cubes_fails():
    """§3.2.7: no Anomaly, or too few cubes: Failed Action (+1 VP)."""
    st = new()
    s = in_actions(st)
    play(solo_actions.perform(st, SD, "remove_anomaly"))
    s.update(anomalies=1, resources={"neutronium": 0, "uranium": 1, "gold": 0, "titanium": 0})
    play(solo_actions.perform(st, SD, "remove_anomaly"))
    assert s["vp"] == 2 and s["anomalies"] == 1


def test_reboot_does_nothing_and_is_not_a_failure():
    """§3.2.7 Reboot: nothing; no Failed Action, no VP."""
    st = new()
    s = in_actions(st)
    play(solo_actions.perform(st, SD, "reboot"))
    assert s["vp"] == 0 and s["failed"] == 0


# -- §3.2.4, §3.2.8-§3.2.9 turns and passing ----------------------------------------------------------------------


def test_its_turn_performs_the_rolled_tokens_action_then_advances_it():
    """§3.2.4: roll the AI die, perform the Action of that token, advance it one step."""
    st = new()
    s = in_actions(st)
    s["turn"] = "bot"
    play(rounds.turn(st, SD, 2, 2), {"anachrony.solo.ai": "5", "anachrony.solo.shape": "3", "anachrony.solo.research.left": True})
    assert s["breakthroughs"]["square"] == 1 and solo_state.token_spot(s, "5") == "long.1" and s["actions"] == 1
    assert s["turn"] == "p1" and st["next"] == {"proc": "solo_turn", "era": 2, "k": 3}


def test_with_no_exosuit_left_it_time_travels_once_then_passes():
    """§3.2.8: when it has no Exosuit left, its next turn is one Time Travel (if it can), then it passes."""
    st = new()
    s = in_actions(st, era=3, exosuits=0)
    s.update(turn="bot", warps={"1": 1})
    r = play(rounds.turn(st, SD, 3, 5))
    assert s["passed"] and s["time_travel"] == 1 and s["vp"] == 0
    assert not any(e.kind == "roll" for e in r.transcript)
    assert s["turn"] == "p1"


def test_your_pass_ends_the_rounds_at_once_after_its_three_actions():
    """§3.2.8: you pass and it has taken at least 3 Actions: the Action Rounds end at once."""
    st = new()
    s = in_actions(st)
    s.update(turn="p1", actions=3)
    play(rounds.turn(st, SD, 2, 7), {"anachrony.solo.you": "pass"})
    assert st["next"] == {"proc": "phase", "era": 2, "phase": "clean_up"}


def test_your_early_pass_lets_it_play_until_its_third_action():
    """§3.2.8: it never takes fewer than 3 Actions in an Era: after your pass it keeps playing until 3."""
    st = new()
    s = in_actions(st)
    s.update(turn="p1", actions=1)
    play(rounds.turn(st, SD, 2, 3), {"anachrony.solo.you": "pass"})
    assert s["owed"] == 2 and s["turn"] == "bot"
    for k in (4, 5):
        assert st["next"]["proc"] == "solo_turn"
        full(st, "construct", "council")
        play(rounds.turn(st, SD, 2, k), {"anachrony.solo.ai": "3", "anachrony.solo.superproject.eras": []})
    assert s["actions"] == 3 and st["next"]["phase"] == "clean_up"


def test_your_exosuit_actions_stop_when_your_powered_exosuits_are_placed():
    """Rules file §2.5 Power Up / Warp / Action Rounds 1 and §2.10: you power up to 6 Exosuits (a warped one
    arrives powered); a Main-board Action takes a Worker in one of them, a Player-board space a Worker alone.
    The program asks the count once after the Warp and offers Exosuit Actions only while one is left (ISSUE_12:
    "I took an Action" could be answered for ever)."""
    st = new()
    s = in_actions(st)
    r = play(phases.your_exosuits(st, SD), {"anachrony.solo.you.exosuits": 2})
    assert s["you_exosuits"] == 2 and "you.exosuits" in said(r)
    k = 2
    for left in (2, 1):
        s["turn"] = "p1"
        r = run(rounds.turn(st, SD, 2, k), ScriptedAnswers({}), dice=DiceContext(1, 1, "table"))
        offered = [c.value for c in r.pending.choices]
        assert offered[0] == "action" and "construct.top" in offered and "board" in offered and "pass" in offered, offered
        play(rounds.turn(st, SD, 2, k), {"anachrony.solo.you": "action"})
        assert s["you_exosuits"] == left - 1
        k += 1
    s["turn"] = "p1"
    r = run(rounds.turn(st, SD, 2, k), ScriptedAnswers({}), dice=DiceContext(1, 1, "table"))
    offered = [c.value for c in r.pending.choices]
    assert "action" not in offered and offered[0] == "board" and offered[-1] == "pass", offered
    with pytest.raises(BadAnswer):  # an Exosuit Action with none left is refused
        play(rounds.turn(st, SD, 2, k), {"anachrony.solo.you": "action"})
    play(rounds.turn(st, SD, 2, k), {"anachrony.solo.you": "board"})  # a Player-board space needs no Exosuit
    assert s["you_exosuits"] == 0 and not s["player_passed"]


def test_harder_minimum_of_six_and_one_more_turn_after_you_pass():
    """§3.2.9: at least 6 Actions per Era; one more turn after you pass."""
    st = new(difficulty="min-6,extra-turn")
    s = in_actions(st)
    s.update(turn="p1", actions=4)
    play(rounds.turn(st, SD, 2, 9), {"anachrony.solo.you": "pass"})
    assert s["owed"] == 3


def test_harder_reboot_moves_the_token_on_at_once():
    """§3.2.9: a token landing on Reboot advances again at once."""
    st = new(difficulty="reboot-advance")
    s = in_actions(st)
    s["spots"] = {"long.4": ["2"], "short.1": ["3"], "long.2": ["4"], "long.8": ["5"]}
    play(rounds.move(st, SD, "2"))
    assert solo_state.token_spot(s, "2") == "long.6"


def test_your_module_actions_are_offered_on_your_turn():
    """§3.4.9 with seed A1: against the Chronossus with Hypersync, your Hypersync Action is one of your turn's choices."""
    st = new("chronossus", "hypersync")
    s = in_actions(st)
    s["turn"] = "p1"
    gen = rounds.turn(st, SD, 2, 2)
    r = run(gen, ScriptedAnswers({}), dice=DiceContext(1, 1, "table"))
    offered = [c.value for c in r.pending.choices]
    assert offered[0] == "action" and offered[-2:] == ["hypersync", "pass"], offered


# -- §3.2.10 scoring -----------------------------------------------------------------------------------------------


def test_its_score_questions_are_answered_from_its_board():
    """§3.2.10: the scoring helper's questions about the Chronobot come from what the program kept."""
    st = new()
    s = st["solo"]
    s.update(vp=17, time_travel=3, anomalies=1, breakthroughs={"circle": 1, "triangle": 1, "square": 2})
    known = score_answers(st)
    assert known["anachrony.score.opponent"] == "chronobot" and known["anachrony.score.bot.vp"] == 17
    assert known["anachrony.score.bot.time_travel"] == 3 and known["anachrony.score.bot.breakthroughs.square"] == 2


# -- §3.3 first edition ----------------------------------------------------------------------------------------------


def test_first_edition_six_tokens_and_a_failed_action_gives_water():
    """§3.3: six tokens on their start spots (LEG2); a Failed Action gives 2 Water and 1 VP."""
    st = new(edition="first")
    s = in_actions(st)
    assert solo_state.tokens(s) == ["1", "2", "3", "4", "5", "6"]
    play(solo_actions.perform(st, SD, "time_travel"))
    assert s["vp"] == 1 and s["water"] == 2


def test_first_edition_superproject_before_the_impact_gives_one_vp():
    """§3.3: Construct Superproject only after the Impact; before it, +1 VP and no Exosuit."""
    st = new(edition="first")
    s = in_actions(st)
    play(solo_actions.perform(st, SD, "construct_superproject"))
    assert s["vp"] == 1 and s["exosuits"] == 6


def test_first_edition_three_tokens_the_highest_moves_on():
    """§3.3: with three tokens on one spot, the highest number moves on (LEG2)."""
    st = new(edition="first")
    s = st["solo"]
    s["spots"] = {"b.2": ["6", "2"], "b.1": ["3"]}
    solo_state.advance_chronobot(SD, s, "3")
    assert solo_state.token_spot(s, "6") == "b.3" and sorted(s["spots"]["b.2"]) == ["2", "3"]
    s["spots"] = {"b.2": ["3", "2"], "b.1": ["6"]}
    solo_state.advance_chronobot(SD, s, "6")
    assert solo_state.token_spot(s, "6") == "b.3" and sorted(s["spots"]["b.2"]) == ["2", "3"]


def test_first_edition_warp_by_d6():
    """§3.3 (LEG2): the d6 for its Warp: 1 no tile, 6 two tiles, otherwise one."""
    st = new(edition="first")
    st["era"] = 2
    play(phases.warp(st, SD), {"anachrony.solo.d6": "6"})
    play(phases.warp(st, SD), {"anachrony.solo.d6": "1"})
    assert st["solo"]["warps"] == {"2": 2}


# -- the game flow --------------------------------------------------------------------------------------------------


def test_the_opponents_steps_join_the_game_where_the_solo_rules_put_them():
    """§3.2.1 (its setup after yours), §3.2.4 (its part of Paradox, Power Up and Warp inside those phases, its turns
    between yours in the Action Rounds, its Clean Up), §3.2.10 (its score at the end)."""
    from anachrony_solo_policy import play_solo

    state, history = play_solo(3, "chronobot", busy=4)
    procs = [(s["proc"], s.get("phase", s.get("name", ""))) for s, _ in history]
    i = procs.index(("solo_setup", ""))
    assert procs[i - 1] == ("setup", "first_player") and procs[i + 1] == ("phase", "preparation")
    era2 = [p for (s, _), p in zip(history, procs) if s.get("era") == 2]
    assert era2[:4] == [("phase", "preparation"), ("phase", "paradox"), ("phase", "power_up"), ("phase", "warp")]
    assert era2[-1] == ("phase", "clean_up") and all(p == ("solo_turn", "") for p in era2[4:-1])
    said_in = {p: [e.msg.id for e in r.transcript if e.kind == "say"] for (s, r), p in zip(history, procs) if s.get("era") == 2}
    assert "anachrony.solo.paradox.title" in said_in[("phase", "paradox")]
    assert "anachrony.solo.power.title" in said_in[("phase", "power_up")]
    assert "anachrony.solo.clean.title" in said_in[("phase", "clean_up")]
    assert history[-1][0]["proc"] == "score" and "bot" in state["final"]["totals"]


@pytest.mark.parametrize("modules,hint", [("", None), ("hypersync", "hypersync"), ("quantum-loops", "quantum_loops"),
                                          ("hypersync,quantum-loops", "hypersync_quantum_loops")])
def test_paradox_question_names_only_the_modules_in_play(modules, hint):
    """§3.2.4 Paradox; wave-2 audit item 17: the question about your ordinary Warp tiles says what the program counts
    itself (Hypersync tiles, the Quantum Warp) only for the modules in play, and nothing in the base game."""
    st = new("chronossus" if modules else "chronobot", modules=modules)
    st["era"] = 2
    st["solo"]["warps"] = {"1": 1}
    r = run(phases.paradox(st, SD), ScriptedAnswers({}), dice=DiceContext(1, 1, "table"))
    assert r.pending.id == "anachrony.solo.paradox.era1"
    assert (r.pending.hint.id if r.pending.hint else None) == (hint and f"anachrony.solo.hint.your_warps.{hint}")


@pytest.mark.parametrize("modules", ["", "hypersync,quantum-loops"])
def test_solo_lines_for_every_player_are_said_to_you(modules):
    """Wave-2 audit item 17: in a solo game the setup and Era lines that speak to every player ('Each player
    chooses a Path', 'each player powers up', 'each player chooses Warp tiles') are said to the one player; the
    multiplayer forms never appear."""
    from anachrony_solo_policy import SoloPolicy

    from automata.anachrony.common import SOLO_VOICE

    st = new("chronossus" if modules else "chronobot", modules=modules)
    policy = SoloPolicy(3)
    policy.state = st
    seen = []
    while st.get("era", 0) < 2 and game.next_step(st)["proc"] != "end":
        r = run(game.procedure(st, game.next_step(st)), policy, dice=DiceContext(1, 1, "app"))
        assert r.done
        seen += [e.msg.id for e in r.transcript if e.kind == "say"]
    assert not SOLO_VOICE & set(seen)
    expect = {"anachrony.setup.paths.solo", "anachrony.setup.leaders.solo", "anachrony.power_up.base.solo",
              "anachrony.warp.base.solo"}
    assert expect <= set(seen)


def test_per_era_figures_are_cleared_at_clean_up_not_shown_stale_in_the_next_era():
    """Wave-2 audit item 18 (rules file §2.5: you power up and warp each Era): your powered-Exosuit count and the
    opponent's Actions and pass of an Era end with its Clean Up, so that 'status' during the next Era's Paradox,
    Power Up or Warp never shows the last Era's values as current; your count is back once asked after the Warp."""
    st = new()
    s = st["solo"]
    s.update(you_exosuits=2, actions=5, passed=True, player_passed=True, first_next="bot")
    play(phases.clean_up(st, SD))
    assert "you_exosuits" not in s and s["actions"] == 0 and not s["passed"] and not s["player_passed"]
    play(phases.your_exosuits(st, SD), {"anachrony.solo.you.exosuits": 5})
    assert s["you_exosuits"] == 5


# -- issue 30 item 17: your Warp tiles at the Paradox ------------------------------------------------------------------


def test_your_warp_tiles_on_a_tile_are_at_most_two_and_never_asked_again_after_zero():
    """§3.2.4 Paradox with §2.7 / §3.2.4 Warp (0-2 Warp tiles on the present tile each Era; they only leave a tile
    later): the answer is 0-2, no more than said at an earlier Paradox; after "0" the question is not asked again."""
    st = new()
    st["era"] = 2
    st["solo"]["warps"] = {"1": 1}
    r = run(phases.paradox(st, SD), ScriptedAnswers({}), dice=DiceContext(1, 1, "table"))
    assert (r.pending.min, r.pending.max) == (0, 2)
    with pytest.raises(BadAnswer):
        play(phases.paradox(st, SD), {"anachrony.solo.paradox.era1": 3})
    play(phases.paradox(st, SD), {"anachrony.solo.paradox.era1": 0, "anachrony.solo.paradox": "2"})
    st["era"] = 3
    r = play(phases.paradox(st, SD), {"anachrony.solo.paradox": "2"})
    assert "anachrony.solo.paradox.era1" not in asked(r) and "paradox.at_most" in said(r) and "paradox.rolled" in said(r)


def test_no_paradox_question_when_its_count_decides_alone():
    """§3.2.4: it rolls where it has the most, ties included: with 2 Warp tiles there it has at least as many as
    you can (2); with 1 there after you said 1 at an earlier Paradox, you have at most 1: nothing is asked."""
    st = new()
    st["era"] = 3
    st["solo"]["warps"] = {"1": 2, "2": 1}
    st["solo"]["your_warps"] = {"2": 1}
    r = play(phases.paradox(st, SD), {"anachrony.solo.paradox": [[1], [1]]})
    assert asked(r) == [] and said(r).count("paradox.rolled") == 2 and said(r).count("paradox.at_most") == 2


def test_your_quantum_warp_is_one_of_that_eras_two_warp_tiles():
    """Seed W1 (the Quantum Warp counts as one of the 0-2 Warp tiles of that Warp phase) with §4.1 item 21 (it
    counts in Paradox majorities): with it on the tile, at most 1 ordinary Warp tile is there."""
    st = new("chronossus", modules="quantum-loops")
    st["era"] = 3
    st["solo"]["warps"] = {"2": 1}
    st["players"]["p1"]["quantum"] = {"warp": "timeline", "era": 2, "card": "cosmic_data_leak"}
    pending = run(phases.paradox(st, SD), ScriptedAnswers({}), dice=DiceContext(1, 1, "table")).pending
    assert pending.id == "anachrony.solo.paradox.era2" and (pending.min, pending.max) == (0, 1)
