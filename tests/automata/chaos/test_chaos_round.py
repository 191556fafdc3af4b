"""Chaos in the Old World, the round's bookkeeping (issues 11 and 12): each test cites the seed line
(seeds/003) or the rules-file section it checks."""

from __future__ import annotations

import pytest

from automata.chaos import game
from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run
from test_chaos_rules import after_setup, place, play_step, says


def test_counters_from_the_old_world_phase_reach_the_end_phase():
    """Seed, Fase Final step 5 (counters turn the dials) and Fase de Compra (which resets only the power
    markers): a counter gained in the Old World phase survives the Draw phase and turns the dial."""
    state = after_setup()
    state["round"] = 1
    state["p"]["slaanesh"]["dac"] = 1  # e.g. "+dac slaanesh" typed after an Old World card
    play_step(state, {"proc": "draw"}, {"chaos.draw.r1.tzeentch.discard": "no"})
    assert state["p"]["slaanesh"]["dac"] == 1
    play_step(state, {"proc": "end_dials"}, {"chaos.dial.slaanesh.r1.2.upgrade": "pp2"})
    assert state["p"]["slaanesh"]["dial"] == 2  # one for having counters, one for the most
    assert state["p"]["slaanesh"]["dac"] == 0  # cleared only after the dials turned


def test_old_world_card_copies_are_enforced():
    """Seed, Preparação step 6 and Fase do Velho Mundo: cards come from the deck, so a card with one copy
    cannot be drawn twice; a card with no copy left stays in its place in the menu (its numbers never move), marked,
    and a refused name says why."""
    state = after_setup()
    play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "dark_elf_corsairs", "chaos.oldworld.changes": "none"})
    state["next"] = {"proc": "old_world"}
    step = game.next_step(state)
    gen = game.procedure(state, step)
    ask = next(e for e in gen if hasattr(e, "kind"))
    assert "dark_elf_corsairs" not in [c.value for c in ask.choices if c.available]
    assert "dark_elf_corsairs" in [c.value for c in ask.choices]  # in its place, marked
    assert "meteor_showers" in [c.value for c in ask.choices if c.available]  # 2 copies, none drawn
    with pytest.raises(BadAnswer) as bad:
        run(game.procedure(state, step), ScriptedAnswers({"chaos.oldworld.card": "Dark Elf Corsairs"}), dice=DiceContext(1, 1, "table"))
    assert bad.value.problem.id == "core.invalid.unavailable" and bad.value.problem.params["reason"]["id"] == "chaos.oldworld.no_copy_left"


def test_two_copy_card_can_come_twice():
    """Rules file §2.9 (Meteor Showers ×2): the second copy is still in the deck after the first."""
    state = after_setup()
    play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "meteor_showers", "chaos.oldworld.r1.meteor_showers.0": "kislev,tilea"})
    play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "meteor_showers", "chaos.oldworld.r2.meteor_showers.0": "norsca,estalia"})
    assert state["old_world"]["drawn"] == ["meteor_showers", "meteor_showers"]


def test_dial_and_vp_victory_together_say_provisional():
    """Rules file §3.2 (precedence is provisional): when a dial and a 50-VP victory come in the same End
    phase, the decision taken by the provisional precedence says PROVISIONAL."""
    state = after_setup()
    state["p"]["khorne"]["vp"] = 52
    state["p"]["nurgle"]["dial"] = game.data_of(state).ticks_to_win("nurgle")
    r = play_step(state, {"proc": "end_check"})
    warns = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "chaos.provisional"]
    assert any(m.params["key"] == "rules.victory.precedence" for m in warns)
    assert state["result"]["winners"] == ["nurgle"]


def test_peasant_uprising_is_applied_by_the_program():
    """Rules file §2.9 (Peasant Uprising: a Peasant in every region but The Badlands) and the seed, Fase do
    Velho Mundo (the card is resolved at once): no question, the tokens are placed; ruined regions take none."""
    state = after_setup()
    before = {r: state["regions"][r]["tokens"]["peasant"] for r in state["regions"]}
    state["regions"]["kislev"]["ruin"] = 1
    r = play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "peasant_uprising"})
    asked = [e.id for e in r.transcript if e.kind == "ask"]
    assert asked == ["chaos.oldworld.card"]
    for rid, n in before.items():
        gained = 0 if rid in ("the_badlands", "kislev") else 1
        assert state["regions"][rid]["tokens"]["peasant"] == n + gained, rid
    assert "chaos.oldworld.effect_unconfirmed" in says(r)


def test_dwarf_trollslayers_asks_only_the_choice():
    """Rules file §2.9 (Trollslayers: Heroes in Norsca and Kislev, or Troll Country and The Empire) and the
    seed (the lowest Threat makes the card's decisions): one question, the pair."""
    state = after_setup()
    play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "dwarf_trollslayers", "chaos.oldworld.r1.dwarf_trollslayers.0": "1"})
    assert state["regions"]["troll_country"]["tokens"]["hero"] == 1
    assert state["regions"]["the_empire"]["tokens"]["hero"] == 1
    assert state["regions"]["norsca"]["tokens"]["hero"] == 0


def test_end_phase_fact_is_asked_once_per_game():
    """Seed, Fase Final step 3 (effects that begin 'In the End phase…' are printed on the card): asked the
    first time the card is on the track, remembered for the rest of the game."""
    state = after_setup()
    state["old_world"]["track"] = ["road_wardens", ""]
    r1 = play_step(state, {"proc": "end_old_world"}, {"chaos.oldworld.road_wardens.end_phase": "no"})
    assert [e.id for e in r1.transcript if e.kind == "ask"] == ["chaos.oldworld.road_wardens.end_phase"]
    r2 = play_step(state, {"proc": "end_old_world"})
    assert [e.id for e in r2.transcript if e.kind == "ask"] == []
    state["old_world"]["track"] = ["witch_hunters", "road_wardens"]
    r3 = play_step(state, {"proc": "end_old_world"}, {"chaos.oldworld.witch_hunters.end_phase": "yes", "chaos.end.oldworld.1.changes": "+noble kislev"})
    assert [e.id for e in r3.transcript if e.kind == "ask"] == ["chaos.oldworld.witch_hunters.end_phase", "chaos.end.oldworld.1.changes"]
    assert state["regions"]["kislev"]["tokens"]["noble"] >= 1


@pytest.mark.parametrize("answer", ["+noble kislev", "+nobre kislev"])
def test_end_phase_fact_and_changes_are_one_answer(answer):
    """Seed, Fase Final step 3: the first time a card with an unknown End-phase effect is on the track, one
    answer says both that it prints one and what it changed; the fact is remembered, the changes are asked
    again (alone) in the next End phase."""
    state = after_setup()
    state["old_world"]["track"] = ["franzs_decree", ""]
    nobles = state["regions"]["kislev"]["tokens"]["noble"]
    r1 = play_step(state, {"proc": "end_old_world"}, {"chaos.oldworld.franzs_decree.end_phase": answer})
    assert [e.id for e in r1.transcript if e.kind == "ask"] == ["chaos.oldworld.franzs_decree.end_phase"]
    assert state["regions"]["kislev"]["tokens"]["noble"] == nobles + 1
    assert state["facts"]["end_phase_effect"]["franzs_decree"] is True
    r2 = play_step(state, {"proc": "end_old_world"}, {"chaos.end.oldworld.1.changes": "none"})
    assert [e.id for e in r2.transcript if e.kind == "ask"] == ["chaos.end.oldworld.1.changes"]


@pytest.mark.parametrize("answer", ["no", "não", "sem efeito"])
def test_end_phase_no_effect_in_either_language(answer):
    state = after_setup()
    state["old_world"]["track"] = ["mass_exodus", ""]
    play_step(state, {"proc": "end_old_world"}, {"chaos.oldworld.mass_exodus.end_phase": answer})
    assert state["facts"]["end_phase_effect"]["mass_exodus"] is False


def test_end_phase_answer_that_is_neither_refused_with_what_is_valid():
    from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run

    state = after_setup()
    state["old_world"]["track"] = ["mass_exodus", ""]
    with pytest.raises(BadAnswer):
        run(game.procedure(state, {"proc": "end_old_world"}), ScriptedAnswers({"chaos.oldworld.mass_exodus.end_phase": "+dragon kislev"}),
            dice=DiceContext(1, 1, "table"))
    assert "mass_exodus" not in state.get("facts", {}).get("end_phase_effect", {})


@pytest.mark.parametrize("card", ["peasant_uprising", "dwarf_trollslayers", "greenskins_invade"])
def test_cards_without_an_end_phase_step_in_the_data_are_not_asked_and_say_provisional(card):
    """Rules file §2.9: C2 [U] gives these cards no End-phase step (only Warpstone Discovery and Bretonnian
    Knights have one). The program takes that as data, never asks, and says PROVISIONAL each time it decides."""
    state = after_setup()
    state["old_world"]["track"] = [card, ""]
    r = play_step(state, {"proc": "end_old_world"})
    assert [e.id for e in r.transcript if e.kind == "ask"] == []
    assert "chaos.oldworld.no_end_effect_provisional" in says(r)


def test_end_phase_fact_from_owner_overrides_is_never_asked():
    """Rules file §3.5 (end_phase_effect is a per-card flag the owner can set)."""
    state = game.new_state(game.check_options({"powers": "khorne,nurgle,tzeentch,slaanesh", "overrides": {"old_world": {"road_wardens": {"end_phase_effect": "no"}}}}), 1)
    state["old_world"]["track"] = ["road_wardens", ""]
    r = play_step(state, {"proc": "end_old_world"})
    assert [e.id for e in r.transcript if e.kind == "ask"] == []


def test_warpstone_discovery_end_effect_draws_for_powers_near_warpstone():
    """Rules file §2.9 (Warpstone Discovery, End phase: each Power with a follower in a region with Warpstone
    draws a Chaos card), seed Fase Final step 3."""
    state = after_setup()
    for rid in state["regions"]:
        state["regions"][rid]["tokens"]["warpstone"] = 0
    state["regions"]["tilea"]["tokens"]["warpstone"] = 2
    place(state, "tilea", "khorne", cultist=1)
    place(state, "kislev", "nurgle", cultist=1)
    state["old_world"]["track"] = ["warpstone_discovery", ""]
    hand = {p: state["p"][p]["hand"] for p in state["powers"]}
    play_step(state, {"proc": "end_old_world"})
    assert state["p"]["khorne"]["hand"] == hand["khorne"] + 1
    assert state["p"]["nurgle"]["hand"] == hand["nurgle"]


def test_exact_count_message():
    """Issue 12 (messages): a question that needs exactly 2 says 'exactly 2', not 'between 2 and 2'."""
    from automata.core.steps import SEVERAL_OF, Ask, Choice, InvalidAnswer, msg

    ask = Ask("x", msg("x"), SEVERAL_OF, (Choice("a", msg("a")), Choice("b", msg("b")), Choice("c", msg("c"))), min=2, max=2)
    with pytest.raises(InvalidAnswer) as bad:
        ask.normalise("a")
    assert bad.value.msg.id == "core.invalid.count_exact"


def test_plague_aura_domination_is_computed():
    """Seed, Fase de Corrupção step 1 (value = card costs + figures) and rules file §2.8 (Plague Aura: +1 Nurgle
    domination per Nurgle corruption token here): computed, not asked."""
    state = after_setup()
    state["round"] = 1
    for rid in state["regions"]:
        state["regions"][rid]["tokens"] = {k: 0 for k in state["regions"][rid]["tokens"]}
    place(state, "tilea", "nurgle", cultist=1)
    state["regions"]["tilea"]["corruption"] = {"nurgle": 3}
    state["regions"]["tilea"]["cards"] = [{"power": "nurgle", "card": "plague_aura", "cost": 0}]
    r = play_step(state, {"proc": "domination"})
    assert [e.id for e in r.transcript if e.kind == "ask"] == []
    wins = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "chaos.domination.wins"]
    assert wins and wins[0].params["value"] == 4  # 1 figure + 0 cost + 3 tokens; Tilea resistance below 4


@pytest.mark.parametrize("reading", ["track", "card"])
def test_resolved_old_world_card_is_not_in_the_deck_under_either_reading(reading):
    """Audit 6. Seed 003, Preparação step 6 and Fase do Velho Mundo (the card is drawn from the deck and
    resolved; the seed puts it on space 1) and rules file §2.9 (Meteor Showers ×2, the others ×1) and §2.14 A4
    (the public-summary reading discards it): whichever reading (rules.old_world.resolved_cards), a drawn card
    is no longer in the deck. The second Meteor Showers may come (the menu says one copy is left); a third, or
    a second copy of a one-copy card, is refused with the reason and nothing changes."""
    import copy

    from automata.chaos.oldworld import card_question

    state = game.new_state(game.check_options({"powers": "khorne,nurgle,tzeentch,slaanesh",
                                               "overrides": {"rules": {"old_world": {"resolved_cards": reading}}}}), 1)
    for n in range(1, 9):
        play_step(state, {"proc": "setup", "n": n}, {f"chaos.setup.{n}": "yes"})
    data = game.data_of(state)
    play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "meteor_showers", "chaos.oldworld.r1.meteor_showers.0": "kislev,tilea"})
    play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "road_wardens", "chaos.oldworld.changes": "none"})
    on_track = "meteor_showers" in state["old_world"]["track"]
    assert on_track == (reading == "track")  # the two readings differ in where the card went, not in the deck
    ask = card_question(state, data, "chaos.oldworld.card", None)
    offered = {c.value: c.label for c in ask.choices if c.available}
    assert "road_wardens" not in offered  # one copy, drawn: on the track under both readings
    assert offered["meteor_showers"].id == "chaos.oldworld.choice_copies"
    assert offered["meteor_showers"].params["left"] == 1
    assert offered["peasant_uprising"].id == "chaos.oldworld.peasant_uprising"  # none drawn: its plain name
    for card in ("road_wardens", "Road Wardens"):
        with pytest.raises(BadAnswer) as bad:
            run(game.procedure(copy.deepcopy(state), {"proc": "old_world"}), ScriptedAnswers({"chaos.oldworld.card": card}), dice=DiceContext(1, 1, "table"))
        assert bad.value.problem.id == "core.invalid.unavailable" and bad.value.problem.params["reason"]["id"] == "chaos.oldworld.no_copy_left"
    play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "meteor_showers", "chaos.oldworld.r3.meteor_showers.0": "norsca,estalia"})
    with pytest.raises(BadAnswer) as bad:
        run(game.procedure(copy.deepcopy(state), {"proc": "old_world"}), ScriptedAnswers({"chaos.oldworld.card": "meteor_showers"}), dice=DiceContext(1, 1, "table"))
    reason = bad.value.problem.params["reason"]
    assert bad.value.problem.id == "core.invalid.unavailable" and reason["id"] == "chaos.oldworld.no_copy_left"
    assert reason["params"]["copies"] == 2
    assert "meteor_showers" not in [c.value for c in card_question(state, data, "x", None).choices if c.available]


def _first_ask(gen):
    for event in gen:
        if getattr(event, "kind", None) in ("yesno", "number", "choice", "multi", "text") and hasattr(event, "choices"):
            return event
    raise AssertionError("no question")


def test_enter_defaults_mean_nothing_happened_or_the_computed_value():
    """Wave 2 audit item 2 (Ask.default: Enter never records what the table did not do). Seed 003, Fase de
    Compra (Tzeentch *may* discard one card): Enter is "no". Seed 003, Fase de Corrupção step 2 (one token
    per cultist): where a card may change that, Enter keeps the count the program made."""
    state = after_setup()
    state["round"] = 1
    state["p"]["tzeentch"].update(hand=2, deck=3, discard=5)  # the discard decides whether the deck runs out
    ask = _first_ask(game.procedure(state, {"proc": "draw"}))
    assert ask.id == "chaos.draw.r1.tzeentch.discard" and ask.default is False

    # the deck counted after unasked discards (rules file §2.5): Enter is "nothing was discarded"
    state = after_setup()
    state["round"] = 2
    state["p"]["tzeentch"].update(hand=0, deck=6, discard=0, deck_unsure=2)
    ask = _first_ask(game.procedure(state, {"proc": "draw"}))
    assert ask.id == "chaos.deck.r2.tzeentch" and (ask.min, ask.max, ask.default) == (4, 6, 6)

    state = after_setup()
    state["round"] = 1
    place(state, "kislev", "nurgle", cultist=2)
    state["regions"]["kislev"]["cards"].append({"power": "nurgle", "card": "the_stench_of_death", "cost": 1})
    ask = _first_ask(game.procedure(state, {"proc": "corruption"}))
    assert ask.id == "chaos.corruption.r1.kislev.nurgle" and ask.default == 2
