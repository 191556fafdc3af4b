"""Radlands rules, one test per rule, each citing the seed (004) step or the rules file section it checks.

Seed sections: "Preparação" (setup), "Fluxo do Jogo" 1-3 (Events, Replenish, Actions), "Jogar Carta (Pessoa)",
"Jogar Carta (Evento)", "Comprar Carta", "Junk Card", "Pegar Water Silo", "Usar Habilidade", "Termos e Ícones"
(queue, columns, unprotected, destroy, damage, restore, injure, punk, extra water, raid).
"""

from __future__ import annotations

import json

import pytest

from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run
from automata.radlands import board
from automata.radlands import game
from automata.radlands.effects import Ctx, do_raid
from automata.radlands.queue import events_phase, place_event
from automata.radlands.turn import action, replenish_step, events_step


def fresh(camps_a=("railgun", "garage", "arcade"), camps_b=("pillbox", "outpost", "cannon"), first="a", water=3):
    """A game just after setup: the given camps, empty hands, ``first`` to play, in the Actions phase with ``water``."""
    state = game.new_state(game.check_options({"players": "Ana,Bruno"}), 1)
    for s, camps in (("a", camps_a), ("b", camps_b)):
        state["players"][s]["camps"] = [{"id": c, "state": "undamaged", "used": False} for c in camps]
        state["players"][s]["turns"] = 1
    state["first_player"] = first
    state["turn"].update(player=first, number=1, water=water)
    state["next"] = {"proc": "action", "p": first, "name": "Ana", "turn": 1, "k": 1}
    return state


def data():
    return game._load()


def play(proc, answers=None):
    """Run a procedure with scripted answers; it must finish."""
    result = run(proc, ScriptedAnswers(answers or {}), dice=DiceContext(1, 1, "app"))
    assert result.done, f"stopped at {result.pending_id}"
    return result


def said(result) -> list[str]:
    return [e.msg.id for e in result.transcript if e.kind == "say"]


def person(state, side, c, card, damaged=False, fresh_=False):
    state["uid"] += 1
    p = {"uid": state["uid"], "card": card, "damaged": damaged, "used": False, "fresh": fresh_}
    state["players"][side]["columns"][c].append(p)
    return p


# -- the event queue ----------------------------------------------------------------------------------


def test_event_goes_to_its_bomb_space():
    """Jogar Carta (Evento) 1: the event goes to the space of its bomb number (Uprising: 2)."""
    state = fresh()
    play(place_event(Ctx(state, data(), "a"), "uprising"))
    assert state["players"]["a"]["queue"] == ["", "uprising", ""]


def test_occupied_space_pushes_the_event_back_up_to_space_3():
    """Jogar Carta (Evento) 4: an occupied space sends the event to the first free space behind it, up to 3."""
    state = fresh()
    state["players"]["a"]["queue"] = ["banish", "uprising", ""]
    result = play(place_event(Ctx(state, data(), "a"), "famine"))  # bomb 1: spaces 1 and 2 taken → 3
    assert state["players"]["a"]["queue"] == ["banish", "uprising", "famine"]
    assert "radlands.event.placed_behind" in said(result)


def test_full_queue_refuses_the_event_before_payment():
    """Jogar Carta (Evento) 4: when the space and all behind it are full, the event cannot be played; nothing is
    paid."""
    assert board.event_space(["banish", "uprising", "famine"], 1) == -1
    assert board.event_space(["", "uprising", "famine"], 2) == -1
    assert board.event_space(["", "uprising", "famine"], 1) == 1
    state = fresh()
    state["players"]["a"]["hand"] = 1
    state["players"]["a"]["queue"] = ["", "x", "y"]
    proc = action(state, data(), "a", 1)
    with pytest.raises(BadAnswer):
        run(proc, ScriptedAnswers({"action": "event", "card": "uprising"}), dice=DiceContext(1, 1, "app"))
    assert board.water_left(state) == 3 and state["players"]["a"]["hand"] == 1


def test_bomb_zero_event_resolves_at_once_and_is_discarded():
    """Jogar Carta (Evento) 3: a bomb-0 event is not queued; it resolves now and is discarded (Interrogate: draw 4,
    discard 3)."""
    state = fresh()
    before = state["deck"]["count"]
    result = play(place_event(Ctx(state, data(), "a"), "interrogate"))
    assert state["players"]["a"]["queue"] == ["", "", ""]
    assert state["players"]["a"]["hand"] == 1
    assert state["deck"]["count"] == before - 4
    assert state["deck"]["discard"] == 3 + 1 and "interrogate" in state["deck"]["known"]
    assert "radlands.event.now" in said(result)
    assert state["turn"]["event_resolved"]


def test_events_phase_resolves_space_1_then_moves_every_event_forward():
    """Fluxo do Jogo 1: the event in space 1 is resolved and discarded; then every event moves one space forward."""
    state = fresh()
    person(state, "b", 0, "looter")
    state["players"]["a"]["queue"] = ["banish", "", "bombardment"]
    play(events_phase(Ctx(state, data(), "a")), {"destroy": "b.c1.1"})
    assert state["players"]["a"]["queue"] == ["", "bombardment", ""]
    assert not board.people(state["players"]["b"])
    assert state["deck"]["known"] == ["looter", "banish"]


def test_events_phase_with_empty_space_1_still_advances():
    """Fluxo do Jogo 1: with space 1 empty, the queue still moves forward."""
    state = fresh()
    state["players"]["a"]["queue"] = ["", "uprising", "bombardment"]
    play(events_phase(Ctx(state, data(), "a")))
    assert state["players"]["a"]["queue"] == ["uprising", "bombardment", ""]


# -- Raid and Raiders ----------------------------------------------------------------------------------


def test_raid_puts_raiders_in_space_2():
    """Raid 1: Raiders not in the queue enter space 2."""
    state = fresh()
    play(do_raid(Ctx(state, data(), "a")))
    assert state["players"]["a"]["queue"] == ["", "raiders", ""] and state["players"]["a"]["raiders"] == "queue"


def test_raid_advances_raiders_one_space():
    """Raid 2: Raiders already queued advance one space."""
    state = fresh()
    play(do_raid(Ctx(state, data(), "a")))
    play(do_raid(Ctx(state, data(), "a")))
    assert state["players"]["a"]["queue"] == ["raiders", "", ""]


def test_raiders_cannot_advance_into_an_occupied_space():
    """Raid 3: a raid cannot advance Raiders into a space another event occupies; nothing happens."""
    state = fresh()
    state["players"]["a"]["queue"] = ["banish", "raiders", ""]
    state["players"]["a"]["raiders"] = "queue"
    result = play(do_raid(Ctx(state, data(), "a")))
    assert state["players"]["a"]["queue"] == ["banish", "raiders", ""]
    assert "radlands.raid.blocked" in said(result)


def test_raiders_in_space_1_resolve_on_a_raid_against_a_camp_the_opponent_picks_even_protected():
    """Raid 2 and 4: Raiders in space 1 resolve; the opponent picks one of their own camps, protection ignored; the
    camp is damaged and Raiders go back to their owner's area."""
    state = fresh()
    person(state, "b", 1, "looter")  # protects Outpost
    state["players"]["a"]["queue"] = ["raiders", "", ""]
    state["players"]["a"]["raiders"] = "queue"
    result = play(do_raid(Ctx(state, data(), "a")), {"raiders.camp": "b.c2"})
    asked = [e for e in result.transcript if e.kind == "ask"]
    assert asked and asked[0].id == "raiders.camp"
    assert state["players"]["b"]["camps"][1]["state"] == "damaged"
    assert state["players"]["a"]["queue"] == ["", "", ""] and state["players"]["a"]["raiders"] == "area"
    assert state["turn"]["event_resolved"] and state["turn"]["own_raiders_resolved"]


def test_raiders_resolve_in_the_events_phase_and_are_not_discarded():
    """Fluxo do Jogo 1 with Raid 4: Raiders in space 1 resolve in the Events phase and return to the area."""
    state = fresh()
    state["players"]["a"]["queue"] = ["raiders", "", ""]
    state["players"]["a"]["raiders"] = "queue"
    play(events_phase(Ctx(state, data(), "a")), {"raiders.camp": "b.c1"})
    assert state["players"]["b"]["camps"][0]["state"] == "damaged"
    assert state["players"]["a"]["raiders"] == "area" and state["deck"]["discard"] == 0


def test_raiders_entering_when_space_2_is_taken_is_provisional():
    """Raid 1 (rules §2.5, §4.1 item 2): space 2 taken → the first free space behind it, marked provisional."""
    state = fresh()
    state["players"]["a"]["queue"] = ["", "uprising", ""]
    result = play(do_raid(Ctx(state, data(), "a")))
    assert state["players"]["a"]["queue"] == ["", "uprising", "raiders"]
    assert "radlands.provisional.raiders_entry" in said(result)


# -- water ----------------------------------------------------------------------------------------------


def test_first_player_takes_1_water_on_their_first_turn_only():
    """Fluxo do Jogo 2, exception: the first player takes 1 water on their first turn; every later turn, including
    the opponent's first, 3."""
    state = fresh()
    d = data()
    state["players"]["a"]["turns"] = 0
    state["players"]["b"]["turns"] = 0
    play(events_step(state, d, "a"))
    play(replenish_step(state, d, "a"))
    assert state["turn"]["water"] == 1 and state["players"]["a"]["hand"] == 1  # still draws
    play(events_step(state, d, "b"))
    play(replenish_step(state, d, "b"))
    assert state["turn"]["water"] == 3
    play(events_step(state, d, "a"))
    play(replenish_step(state, d, "a"))
    assert state["turn"]["water"] == 3


def test_water_does_not_carry_over():
    """Fluxo do Jogo 2 and Limpeza de ações: unspent water and extra water are returned at the end of the turn."""
    state = fresh(water=3)
    state["turn"]["extra"] = 1
    play(action(state, data(), "a", 1), {"action": "end"})
    assert board.water_left(state) == 0
    assert state["next"]["proc"] == "events" and state["next"]["p"] == "b"


def test_water_silo_taken_for_1_water_and_junked_for_1_extra_water_returns_to_the_area():
    """Pegar Water Silo and Junk Card: 1 water to take it into hand; junked, it gives 1 extra water and goes back
    to the play area instead of the discard pile."""
    state = fresh(water=3)
    d = data()
    play(action(state, d, "a", 1), {"action": "silo"})
    assert state["players"]["a"]["silo"] == "hand" and board.water_left(state) == 2
    play(action(state, d, "a", 2), {"action": "junk", "card": "water_silo"})
    assert state["players"]["a"]["silo"] == "area" and board.water_left(state) == 3
    assert state["deck"]["discard"] == 0


def test_draw_action_costs_2_water_and_is_refused_without_it():
    """Comprar Carta: 2 water for a card; with less, the action is not offered."""
    from automata.radlands.turn import legal_actions

    state = fresh(water=2)
    play(action(state, data(), "a", 1), {"action": "draw"})
    assert state["players"]["a"]["hand"] == 1 and board.water_left(state) == 0
    assert "draw" not in legal_actions(state, data(), "a")


# -- people and columns ------------------------------------------------------------------------------------


def test_person_costs_water_and_is_not_ready_the_turn_it_is_played():
    """Jogar Carta (Pessoa) 1-3: pay its cost; it is not ready this turn (ready on the owner's next turn)."""
    state = fresh(water=3)
    state["players"]["a"]["hand"] = 1
    play(action(state, data(), "a", 1), {"action": "person", "card": "looter", "column": "2"})
    p = state["players"]["a"]["columns"][1][0]
    assert p["card"] == "looter" and not board.person_ready(p) and board.water_left(state) == 2
    board.refresh(state["players"]["a"])
    assert board.person_ready(p)


def test_new_person_in_front_or_behind_and_the_column_holds_two():
    """Jogar Carta (Pessoa) 4 and 6: in front of or behind the person there (behind pushes it forward); at most 2
    per column."""
    state = fresh(water=3)
    state["players"]["a"]["hand"] = 3
    d = data()
    play(action(state, d, "a", 1), {"action": "person", "card": "looter", "column": "1"})
    play(action(state, d, "a", 2), {"action": "person", "card": "muse", "column": "1", "place": "behind"})
    assert [p["card"] for p in state["players"]["a"]["columns"][0]] == ["muse", "looter"]  # rear, front
    proc = action(state, d, "a", 3)
    with pytest.raises(BadAnswer):  # column 1 is not offered any more
        run(proc, ScriptedAnswers({"action": "person", "card": "scout", "column": "1"}), dice=DiceContext(1, 1, "app"))


def test_full_board_destroys_one_of_your_people_first():
    """Jogar Carta (Pessoa) 6: with every column full you may still play a person, destroying one of yours first."""
    state = fresh(water=3)
    for c in range(3):
        person(state, "a", c, "muse")
        person(state, "a", c, "scout")
    state["players"]["a"]["hand"] = 1
    play(action(state, data(), "a", 1), {"action": "person", "card": "looter", "column": "2", "make_room": "a.c2.1", "place": "front"})
    assert [p["card"] for p in state["players"]["a"]["columns"][1]] == ["scout", "looter"]
    assert "muse" in state["deck"]["known"]


def test_destroyed_rear_person_lets_the_front_one_slide_back():
    """Jogar Carta (Pessoa) 5: when the person behind is destroyed, the front one moves back toward the camp."""
    state = fresh()
    rear = person(state, "b", 0, "muse")
    person(state, "b", 0, "looter")
    board.destroy_person(state, state["players"]["b"], rear["uid"])
    assert [p["card"] for p in state["players"]["b"]["columns"][0]] == ["looter"]
    assert board.person_unprotected(state["players"]["b"], 0, 0) and not board.camp_unprotected(state["players"]["b"], 0)


def test_oasis_and_holdout_costs():
    """Rules §2.6 cost modifiers: Holdout costs 0 into the column of one of your destroyed camps; Oasis makes a
    person 1 cheaper into its empty column."""
    from automata.radlands.cards import person_cost

    state = fresh(camps_a=("oasis", "garage", "arcade"))
    d = data()
    assert person_cost(state, d, "a", "holdout", 1) == 2
    state["players"]["a"]["camps"][1]["state"] = "destroyed"
    assert person_cost(state, d, "a", "holdout", 1) == 0
    assert person_cost(state, d, "a", "looter", 0) == 0
    person(state, "a", 0, "muse")
    assert person_cost(state, d, "a", "looter", 0) == 1


def test_zero_cost_play_is_marked_not_ready():
    """Ações, Cartas e habilidades de custo zero: a card played for 0 gets the not-ready disc."""
    state = fresh(camps_a=("oasis", "garage", "arcade"), water=0)
    state["players"]["a"]["hand"] = 1
    result = play(action(state, data(), "a", 1), {"action": "person", "card": "looter", "column": "1"})
    assert "radlands.zero_cost" in said(result)


def test_unaffordable_person_is_refused():
    """Jogar Carta (Pessoa) 2: the cost must be paid; the program refuses what cannot be."""
    state = fresh(water=1)
    state["players"]["a"]["hand"] = 1
    proc = action(state, data(), "a", 1)
    with pytest.raises(BadAnswer):
        run(proc, ScriptedAnswers({"action": "person", "card": "argo_yesky"}), dice=DiceContext(1, 1, "app"))


# -- damage, protection, punks, restore --------------------------------------------------------------------


def test_damage_targets_only_unprotected_cards():
    """Dano: the default target is an unprotected card of the opponent (the front person, or a camp with nobody in
    front)."""
    state = fresh(water=2)
    person(state, "b", 0, "muse")
    person(state, "b", 0, "looter")
    result = run(action(state, data(), "a", 1), ScriptedAnswers({"action": "ability", "card": "a.c1"}), dice=DiceContext(1, 1, "app"))
    ask = result.pending
    values = {c.value for c in ask.choices} - {"back"}  # "back": to the action menu, nothing done (wave-2 item 3)
    assert values == {"b.c1.2", "b.c2", "b.c3"}


def test_damaged_person_is_destroyed_on_the_second_damage_and_damaged_punk_at_once():
    """Dano: damaged → destroyed on a second damage; a damaged punk is destroyed and goes face down on top of the
    deck."""
    state = fresh()
    side = state["players"]["b"]
    p = person(state, "b", 0, "looter")
    assert board.damage_person(state, side, p["uid"]) == "damaged" and not board.person_ready(p)
    assert board.damage_person(state, side, p["uid"]) == "destroyed"
    k = person(state, "b", 1, board.PUNK)
    before = state["deck"]["count"]
    assert board.damage_person(state, side, k["uid"]) == "punk"
    assert state["deck"]["count"] == before + 1


def test_gaining_a_punk_takes_the_top_card_of_the_deck():
    """Ganhar Punk: the top card of the deck goes face down into one of your columns (deck − 1)."""
    from automata.radlands.effects import punk

    state = fresh()
    before = state["deck"]["count"]
    play(punk(Ctx(state, data(), "a")), {"punk": "3"})
    assert state["players"]["a"]["columns"][2][0]["card"] == board.PUNK and state["deck"]["count"] == before - 1


def test_a_card_cannot_restore_itself():
    """Restaurar: a card cannot restore itself (Outpost, 2 → restore, is damaged: it is not offered)."""
    from automata.radlands.effects import restorable

    state = fresh()
    state["players"]["a"]["camps"] = [{"id": c, "state": "damaged", "used": False} for c in ("outpost", "garage", "bonfire")]
    ctx = Ctx(state, data(), "a", source={"kind": "camp", "card": "outpost", "c": 0})
    values = {c.value for c in restorable(ctx)}
    assert values == {"a.c2"}  # not itself, and Bonfire can never be restored


def test_injure_hits_people_only():
    """Ferir: the same as damage, people only."""
    from automata.radlands.effects import injure

    state = fresh()
    result = run(injure(Ctx(state, data(), "a")), ScriptedAnswers({}), dice=DiceContext(1, 1, "app"))
    assert result.done and "radlands.fx.no_target" in said(result)  # no people: camps are not offered


# -- the end of the game ---------------------------------------------------------------------------------------


def test_three_destroyed_camps_lose_the_game_at_once():
    """Objetivo: a player whose three camps are all destroyed loses."""
    state = fresh()
    for c in (0, 1):
        state["players"]["b"]["camps"][c]["state"] = "destroyed"
    state["players"]["b"]["camps"][2]["state"] = "damaged"
    board.damage_camp(state, "b", 2)
    assert state["over"] and state["result"] == "a"
    assert game.next_step(state) is None


def test_deck_reshuffles_once_then_the_second_run_out_is_a_draw():
    """Rules §2.10: the first time the deck runs out the discard pile is shuffled into a new deck; the second time
    the game ends in a draw."""
    state = fresh()
    state["deck"].update(count=1, discard=5)
    taken, what = board.take_from_deck(state, 2)
    assert taken == 2 and what == [("reshuffle", 5)] and state["deck"] == {"count": 4, "discard": 0, "reshuffles": 1, "known": []}
    state["deck"]["count"] = 0
    state["deck"]["discard"] = 3
    taken, what = board.take_from_deck(state, 1)
    assert taken == 0 and what == [("exhausted", 0)] and state["over"] and state["result"] == "draw"


def test_the_reshuffle_names_the_cards_the_discard_pile_held():
    """Rules §2.10 (the first run-out shuffles the discard pile into a new deck) and issue 30 item 10: the table is
    told the size of the new deck it shuffles, the cards of the discard pile, before the draw takes from it."""
    from automata.radlands.effects import draw_cards

    for discard, drawn in ((4, 1), (7, 3), (1, 1)):
        state = fresh()
        state["deck"].update(count=0, discard=discard)
        result = play(draw_cards(Ctx(state, data(), "a"), "a", drawn))
        [news] = [e.msg for e in result.transcript if e.kind == "say" and e.msg.id == "radlands.deck.reshuffle"]
        assert news.params["n"] == discard and state["deck"]["count"] == discard - drawn


def test_starting_hand_is_the_sum_of_the_camps_draw_values():
    """Preparação 6 and first-game option: Arcade 1 + Victory Totem 1 + Mercenary Camp 0 = 2; Garage 0 + Railgun 0 +
    Supply Depot 2 = 2; the deck keeps 66 − 4 = 62."""
    from automata.radlands.setup import setup_step

    state = game.new_state(game.check_options({"first_game": True}), 1)
    d = data()
    play(setup_step(state, d, "table"))
    play(setup_step(state, d, "first_game"), {"experienced": "b"})
    assert [c["id"] for c in state["players"]["b"]["camps"]] == ["arcade", "victory_totem", "mercenary_camp"]
    play(setup_step(state, d, "hands"))
    assert state["players"]["a"]["hand"] == 2 and state["players"]["b"]["hand"] == 2 and state["deck"]["count"] == 62


def test_a_camp_the_other_player_took_is_not_offered_and_is_refused():
    """Preparação 1-2: camps are unique; the camps the first player kept are not offered to the second, and naming
    one is refused with the camps that are valid."""
    from automata.radlands.setup import setup_step

    state = game.new_state(game.check_options({}), 1)
    d = data()
    play(setup_step(state, d, "camps_a"), {"camps.a.1": "railgun", "camps.a.2": "garage", "camps.a.3": "oasis"})
    assert [c["id"] for c in state["players"]["a"]["camps"]] == ["railgun", "garage", "oasis"]  # left to right
    pending = run(setup_step(state, d, "camps_b"), ScriptedAnswers({}), dice=DiceContext(1, 1, "app")).pending
    offered = {c.value for c in pending.choices}
    assert not offered & {"railgun", "garage", "oasis"} and len(offered) == len(d.camps) - 3
    with pytest.raises(BadAnswer) as bad:
        run(setup_step(state, d, "camps_b"), ScriptedAnswers({"camps.b.1": "railgun"}), dice=DiceContext(1, 1, "app"))
    assert bad.value.problem.id == "core.invalid.choice" and "railgun" not in bad.value.problem.params["valid"]
    # nor a camp this player already kept in an earlier position
    result = run(setup_step(state, d, "camps_b"), ScriptedAnswers({"camps.b.1": "pillbox"}), dice=DiceContext(1, 1, "app"))
    assert "pillbox" not in {c.value for c in result.pending.choices}


def test_obelisk_is_destroyed_before_the_game_but_its_cards_count():
    """Rules §2.3 (Obelisk, draw 3, destroyed before the game): its 3 cards are drawn; it starts destroyed."""
    from automata.radlands.setup import setup_step

    state = game.new_state(game.check_options({}), 1)
    d = data()
    state["players"]["a"]["camps"] = [{"id": c, "state": "undamaged", "used": False} for c in ("obelisk", "garage", "railgun")]
    state["players"]["b"]["camps"] = [{"id": c, "state": "undamaged", "used": False} for c in ("arcade", "outpost", "cannon")]
    result = play(setup_step(state, d, "hands"))
    assert state["players"]["a"]["hand"] == 3 and state["players"]["a"]["camps"][0]["state"] == "destroyed"
    assert "radlands.provisional.obelisk" in said(result)


def test_deck_run_out_at_the_last_card_when_the_owner_says_so():
    """Rules §4.1 item 3 (provisional switch): with ``last_card_leaves`` the deck runs out as the last card is
    taken; the discard pile is shuffled at once."""
    state = fresh()
    state["rules"]["provisional"]["deck_exhaustion_trigger"] = "last_card_leaves"
    state["deck"].update(count=2, discard=4)
    taken, what = board.take_from_deck(state, 2)
    assert taken == 2 and what == [("reshuffle", 4)] and state["deck"]["count"] == 4


def test_first_run_out_with_an_empty_discard_pile_is_a_draw_marked_provisional():
    """Rules §4.1 item 4: nothing to shuffle at the first run-out → it counts as the second: a draw."""
    state = fresh()
    state["deck"].update(count=0, discard=0)
    taken, what = board.take_from_deck(state, 1)
    assert taken == 0 and what == [("empty_discard", 0), ("exhausted", 0)] and state["result"] == "draw"


def test_karli_blaze_makes_new_people_and_punks_enter_ready():
    """Rules §2.8 ready overrides: with Karli Blaze undamaged in play, your people, punks included, enter ready."""
    from automata.radlands.effects import punk

    state = fresh(water=3)
    person(state, "a", 0, "karli_blaze")
    state["players"]["a"]["hand"] = 1
    play(action(state, data(), "a", 1), {"action": "person", "card": "looter", "column": "2"})
    assert board.person_ready(state["players"]["a"]["columns"][1][0])
    play(punk(Ctx(state, data(), "a")), {"punk": "3"})
    assert board.person_ready(state["players"]["a"]["columns"][2][0])


def test_resonator_destroys_only_an_unprotected_damaged_card():
    """Rules §2.12 (Resonator, printed card): 2 → destroy an unprotected opposing card that is already damaged."""
    from automata.radlands.effects import destroy_damaged_unprotected

    state = fresh()
    person(state, "b", 0, "muse", damaged=True)
    person(state, "b", 0, "looter")  # in front: the damaged Muse is protected
    state["players"]["b"]["camps"][1]["state"] = "damaged"
    state["players"]["b"]["camps"][2]["state"] = "damaged"
    result = run(destroy_damaged_unprotected(Ctx(state, data(), "a")), ScriptedAnswers({}), dice=DiceContext(1, 1, "app"))
    assert {c.value for c in result.pending.choices} == {"b.c2", "b.c3"}
    play(destroy_damaged_unprotected(Ctx(state, data(), "a")), {"destroy": "b.c3"})
    assert state["players"]["b"]["camps"][2]["state"] == "destroyed"
    # one target left: the rule picks it, no question
    result = play(destroy_damaged_unprotected(Ctx(state, data(), "a")))
    assert state["players"]["b"]["camps"][1]["state"] == "destroyed" and "radlands.fx.only_choice" in said(result)
    assert state["players"]["b"]["columns"][0][0]["damaged"]  # the protected Muse was never offered


def test_a_revived_camp_is_reported_through_the_change_menu():
    """Rules §2.8 (Construction Yard, printed): a destroyed camp turned face up again, reported by the table."""
    from automata.radlands.effects import report_changes

    state = fresh()
    state["players"]["a"]["camps"][1]["state"] = "destroyed"
    play(report_changes(Ctx(state, data(), "a")), {"change": "revive", "change.card": "a.c2", "change.2": "done"})
    assert state["players"]["a"]["camps"][1]["state"] == "undamaged"


# -- provisional rulings the owner replaces (rules §4, §4.1) ------------------------------------------------


def owner_game(rulings: dict, **kw):
    """A game started with the owner's ``[rules.provisional]`` overrides, and its data."""
    over = {"rules": {"provisional": rulings}}
    state = fresh(**kw)
    state["overrides"] = over
    state["rules"]["provisional"].update(rulings)
    return state, game._load(over)


CHROME = {
    "icons": {"chrome": {"label_en": "Chrome", "label_pt": "Cromo"}},
    "people": {"chrome_zealot": {"name": "Chrome Zealot", "set": "cult_of_chrome", "cost": 2, "junk": "chrome",
                                 "copies": 1, "abilities": []}},
    "events": {"chrome_rite": {"name": "Chrome Rite", "set": "cult_of_chrome", "cost": 1, "bomb": 1, "junk": "chrome",
                               "copies": 1, "effects": ["chrome"], "effect_text": "Polish every camp."}},
}


def test_an_owner_icon_shows_its_printed_label_and_an_owner_event_its_text_once():
    """Rules §3.3 (an owner's icon must load, display and be usable as a manual effect) and issue 30 item 11: the
    junk lines of the menu and of the junk show the icon's label_en / label_pt, never a raw key; an owner event's
    text is said once, and the table is told to apply the icon by its name."""
    from cli.words.i18n import Translator
    from automata.radlands.card_effects import resolve_event_card
    from automata.radlands.turn import junk_card, menu_choices

    state = fresh()
    state["overrides"] = CHROME
    d = game._load(CHROME)
    [junk] = [c for c in menu_choices(state, d, "a") if c.value == "junk:chrome_zealot"]
    for lang, label in (("en", "Chrome"), ("pt-BR", "Cromo")):
        text = Translator(lang).render(junk.label)
        assert f"({label})" in text and "radlands." not in text, text
    state["players"]["a"]["hand"] = 1
    result = play(junk_card(Ctx(state, d, "a"), "chrome_zealot"), {"change": "done"})
    lines = [Translator("pt-BR").render(e.msg) for e in result.transcript if e.kind == "say"]
    assert any("Chrome Zealot" in x and "Cromo" in x for x in lines) and not any("radlands." in x for x in lines)
    assert "radlands.manual_icon" in said(result)
    result = play(resolve_event_card(Ctx(state, d, "a"), "chrome_rite"), {"change": "done"})
    texts = [e.msg for e in result.transcript if e.kind == "say" and e.msg.id == "radlands.card.owner_text"]
    assert [m.params["text"] for m in texts] == ["Polish every camp."]
    assert "radlands.manual_icon" in said(result) and "chrome_rite" in state["deck"]["known"]


def test_owner_symbol_cost_base_is_the_own_cost_of_mimic_and_the_labs():
    """Rules §4.1 item 5: the own cost of Adrenaline Lab, Parachute Base and Mimic is provisional (0); the owner's
    symbol_cost_base replaces it, and it is no longer shown as PROVISIONAL."""
    from automata.radlands.cards import ability_cost

    mimic = data().card("mimic")["abilities"][0]
    assert ability_cost(fresh(), data(), "a", mimic) == 0
    state, d = owner_game({"symbol_cost_base": 1}, water=1)
    assert ability_cost(state, d, "a", mimic) == 1
    person(state, "a", 0, "mimic")
    person(state, "b", 0, "muse")  # Muse: 0 → extra water, for Mimic to copy
    result = play(action(state, d, "a", 1), {"action": "ability", "card": "a.c1.1", "mimic": "b.c1.1"})
    assert board.water_left(state) == 1  # 1 paid for Mimic's own cost, then Muse's extra water
    assert "radlands.provisional.symbol_cost" not in said(result)


def test_owner_raiders_entry_no_effect_leaves_the_raiders_home_without_a_provisional_label():
    """Raid 1 and rules §4.1 item 2: with the owner's ``no_effect``, a raid with space 2 taken does nothing even when
    space 3 is free; the table is told so, and the ruling is theirs (no PROVISIONAL)."""
    state, d = owner_game({"raiders_entry_when_blocked": "no_effect"})
    state["players"]["a"]["queue"] = ["", "uprising", ""]
    result = play(do_raid(Ctx(state, d, "a")))
    assert state["players"]["a"]["queue"] == ["", "uprising", ""] and state["players"]["a"]["raiders"] == "area"
    assert "radlands.raid.no_entry" in said(result)
    assert not [k for k in said(result) if k.startswith("radlands.provisional.")]


def test_shipped_raiders_entry_with_spaces_2_and_3_taken_is_provisional_and_does_nothing():
    """Raid 1 and rules §4.1 item 2 (shipped): spaces 2 and 3 taken → the raid does nothing, marked PROVISIONAL."""
    state = fresh()
    state["players"]["a"]["queue"] = ["", "uprising", "bombardment"]
    result = play(do_raid(Ctx(state, data(), "a")))
    assert state["players"]["a"]["raiders"] == "area"
    assert {"radlands.provisional.raiders_full", "radlands.raid.no_entry"} <= set(said(result))


def test_a_ruling_the_program_applies_one_way_can_be_confirmed_not_changed():
    """Rules §4 (owner data): an owner value the program would ignore is refused with the valid one; confirming the
    shipped value makes it the owner's (not provisional any more)."""
    from automata.core.gamedata import DataError

    for key, value in (("doomsayer_order", "front_to_back"), ("raiders_target", "any_camp"), ("obelisk", "before")):
        with pytest.raises(DataError) as bad:
            game._load({"rules": {"provisional": {key: value}}})
        assert f"rules.provisional.{key}" in str(bad.value) and data().rules["provisional"][key] in str(bad.value)
    d = game._load({"rules": {"provisional": {"doomsayer_order": "back_to_front"}}})
    assert not d.rule_is_provisional("doomsayer_order") and data().rule_is_provisional("doomsayer_order")


def test_a_person_is_offered_only_the_columns_where_it_can_be_paid():
    """Jogar Carta (Pessoa) 2 and rules §2.6 (Holdout): with 1 water, Holdout (2) may go only in front of a destroyed
    camp of yours, where it costs 0; the other columns are not offered."""
    state = fresh(water=1)
    state["players"]["a"]["camps"][2]["state"] = "destroyed"
    state["players"]["a"]["hand"] = 1
    legacy = json.loads(json.dumps(state))
    del legacy["options"]["menu"]  # a save of menu version 1 asks the column, offering only that one
    result = run(action(legacy, data(), "a", 1), ScriptedAnswers({"action": "person", "card": "holdout"}), dice=DiceContext(1, 1, "app"))
    assert result.pending.id == "column" and [c.value for c in result.pending.choices] == ["3", "back"]
    # menu version 2 (issue 11): the only legal place is taken without a question, and said
    result = play(action(state, data(), "a", 1), {"action": "person:holdout"})
    assert [e.id for e in result.transcript if e.kind == "ask"] == ["action"]
    assert state["players"]["a"]["columns"][2][0]["card"] == "holdout" and board.water_left(state) == 1


def test_the_first_game_leaves_the_camp_deck_in_the_box_instead_of_shuffling_it():
    """Preparação 1 (first game: step 1 skipped, the camps are given) and Preparação de cada jogador 2 (unchosen camps
    and the camp deck back in the box): with --first-game the table is told only what to do, to leave the camp deck
    in the box, never to shuffle it and put it back; otherwise it is shuffled and boxed after the reveal (issue 12)."""
    from automata.radlands.setup import setup_step

    state = game.new_state(game.check_options({"first_game": True}), 1)
    told = said(play(setup_step(state, data(), "table"))) + said(play(setup_step(state, data(), "reveal")))
    assert "radlands.setup.camp_deck_first_game" in told
    assert "radlands.setup.camp_deck" not in told and "radlands.setup.box" not in told
    state = game.new_state(game.check_options({}), 1)
    told = said(play(setup_step(state, data(), "table"))) + said(play(setup_step(state, data(), "reveal")))
    assert "radlands.setup.camp_deck" in told and "radlands.setup.box" in told


# -- cards that change the queue, protection and readiness (rules §2.5, §2.7, §2.8, §2.11) ----------------------


def test_zeto_khan_makes_the_first_event_of_the_turn_bomb_zero_raiders_included():
    """Rules §2.5 step 1 and §2.11 (Zeto Khan): the first event you play each turn counts as bomb 0; a raid that
    places the Raiders is that first event, so they resolve at once; the next events use their bomb number."""
    from automata.radlands.effects import do_raid

    state = fresh(water=3)
    person(state, "a", 0, "zeto_khan")
    state["players"]["a"]["hand"] = 1
    play(do_raid(Ctx(state, data(), "a")), {"raiders.camp": "b.c1"})
    assert state["players"]["b"]["camps"][0]["state"] == "damaged" and state["players"]["a"]["raiders"] == "area"
    play(action(state, data(), "a", 1), {"action": "event", "card": "uprising"})
    assert state["players"]["a"]["queue"] == ["", "uprising", ""]


def test_zeto_khan_a_raid_on_queued_raiders_is_not_the_first_event():
    """Rules §2.5 ("Zeto Khan affects only *placing* Raiders"; §2.11: his trait does not affect events already
    queued) and issue 30 item 8: a raid that resolves the Raiders from space 1, or advances them, is no event
    played; it is not announced as Zeto Khan's, and the first event then played is still bomb 0."""
    from automata.radlands.effects import do_raid

    for queue, answers in ((["raiders", "", ""], {"raiders.camp": "b.c1"}), (["", "", "raiders"], {})):
        state = fresh(water=3)
        person(state, "a", 0, "zeto_khan")
        state["players"]["a"]["hand"] = 1
        state["players"]["a"]["queue"] = list(queue)
        state["players"]["a"]["raiders"] = "queue"
        result = play(do_raid(Ctx(state, data(), "a")), answers)
        assert "radlands.raid.zeto" not in said(result) and state["turn"]["events_played"] == 0
        result = play(action(state, data(), "a", 1), {"action": "event", "card": "banish"})
        assert "radlands.event.zeto" in said(result) and "banish" not in state["players"]["a"]["queue"]
        assert state["turn"]["events_played"] == 1


def test_doomsayer_pushes_every_opponent_event_back_that_can_move():
    """Rules §2.5 (Doomsayer, provisional order back to front): events in spaces 1 and 2 both move back."""
    from automata.radlands.effects import push_opponent_events

    state = fresh()
    state["players"]["b"]["queue"] = ["banish", "uprising", ""]
    play(push_opponent_events(Ctx(state, data(), "a")), {"push": "yes"})
    assert state["players"]["b"]["queue"] == ["", "banish", "uprising"]


def test_omen_clock_on_space_1_resolves_the_event_as_its_owners():
    """Rules §2.5 (Omen Clock) and §4.1 item 7: the opponent's Banish advanced from space 1 resolves at once, as
    theirs: it destroys one of our people, and is discarded."""
    from automata.radlands.card_effects import advance_event

    state = fresh()
    person(state, "a", 0, "muse")
    state["players"]["b"]["queue"] = ["banish", "", ""]
    result = play(advance_event(Ctx(state, data(), "a")), {"event": "b.1", "destroy": "a.c1.1"})
    assert state["players"]["b"]["queue"] == ["", "", ""] and not board.people(state["players"]["a"])
    assert "banish" in state["deck"]["known"] and "radlands.provisional.omen_clock" in said(result)


def test_high_ground_leaves_every_opposing_card_unprotected_for_the_turn():
    """Rules §2.7 (High Ground): for the rest of the turn every opposing card may be damaged, protected or not."""
    from automata.radlands.effects import damage

    state = fresh()
    person(state, "b", 0, "muse")
    state["turn"]["high_ground"] = True
    pending = run(damage(Ctx(state, data(), "a")), ScriptedAnswers({}), dice=DiceContext(1, 1, "app")).pending
    assert {c.value for c in pending.choices} == {"b.c1.1", "b.c1", "b.c2", "b.c3"}


def asks(proc, answers=None) -> list[str]:
    """The ids of the questions a procedure asks with ``answers`` (it must finish)."""
    return [e.id for e in play(proc, answers).transcript if e.kind == "ask"]


def test_napalm_asks_only_between_columns_that_hold_enemies():
    """Rules §2.12 (Napalm: destroy every enemy in one column), DESIGN 'questions are the table's cost' and issue 30
    item 13: a column without enemies is no real choice; with no enemy at all nothing is asked and nothing
    happens, with one column of enemies it is taken, with two the table picks between those two only."""
    from automata.radlands.effects import destroy_enemies_in_column

    state = fresh()
    result = play(destroy_enemies_in_column(Ctx(state, data(), "a")))
    assert not [e for e in result.transcript if e.kind == "ask"] and "radlands.fx.no_target" in said(result)
    for c in (0, 1, 2):
        state = fresh()
        person(state, "b", c, "muse")
        person(state, "b", c, "looter")
        assert asks(destroy_enemies_in_column(Ctx(state, data(), "a"))) == []
        assert not board.people(state["players"]["b"])
    state = fresh()
    person(state, "b", 0, "muse")
    person(state, "b", 2, "looter")
    pending = run(destroy_enemies_in_column(Ctx(state, data(), "a")), ScriptedAnswers({}), dice=DiceContext(1, 1, "app")).pending
    assert pending.id == "column" and [c.value for c in pending.choices] == ["1", "3"]


def test_doomsayer_asks_only_when_an_event_can_move_back():
    """Rules §2.5 (Doomsayer: you may push every opponent event back 1 space; one with no free space behind stays)
    and issue 30 item 13: when no event of the opponent can move back, 'may push' changes nothing: not asked."""
    from automata.radlands.effects import push_opponent_events

    for queue in (["", "", "banish"], ["banish", "uprising", "famine"], ["", "banish", "uprising"]):
        state = fresh()
        state["players"]["b"]["queue"] = list(queue)
        result = play(push_opponent_events(Ctx(state, data(), "a")))
        assert not [e for e in result.transcript if e.kind == "ask"] and state["players"]["b"]["queue"] == queue
        assert "radlands.q.doomsayer_none" in said(result)
    for queue in (["banish", "", ""], ["", "banish", ""], ["banish", "", "famine"]):
        state = fresh()
        state["players"]["b"]["queue"] = list(queue)
        assert asks(push_opponent_events(Ctx(state, data(), "a")), {"push": "no"}) == ["push"]


def test_high_ground_asks_for_a_rearrangement_only_with_two_people_or_more():
    """Rules §2.7 and §2.11 (High Ground: rearrange your people, then every opposing card is unprotected) and issue
    30 item 13: with no person or one, the program does not ask what was rearranged; the turn is marked all the
    same. With two people the table reports the moves."""
    from automata.radlands.effects import high_ground

    for n in (0, 1, 2):
        state = fresh()
        for c in range(n):
            person(state, "a", c, "muse")
        assert asks(high_ground(Ctx(state, data(), "a")), {"change": "done"}) == ([] if n <= 1 else ["change"])
        assert state["turn"]["high_ground"]


def test_a_save_of_menu_version_2_keeps_the_questions_it_was_played_with():
    """Issue 30 item 13 (and issue 11): a save started before menu version 3 replays its journal, so Napalm,
    Doomsayer and High Ground ask there as they did."""
    from automata.radlands.effects import destroy_enemies_in_column, high_ground, push_opponent_events

    state = fresh()
    state["options"]["menu"] = 2
    person(state, "a", 0, "muse")
    state["players"]["b"]["queue"] = ["", "", "banish"]
    assert asks(destroy_enemies_in_column(Ctx(state, data(), "a")), {"column": "1"}) == ["column"]
    assert asks(push_opponent_events(Ctx(state, data(), "a")), {"push": "no"}) == ["push"]
    assert asks(high_ground(Ctx(state, data(), "a")), {"change": "done"}) == ["change"]


def test_vera_vosh_keeps_the_first_card_whose_ability_is_used_ready():
    """Rules §2.8 (Vera Vosh): the first card whose ability you use each turn stays ready; the second does not."""
    state = fresh(water=3)
    person(state, "a", 0, "vera_vosh")
    play(action(state, data(), "a", 1), {"action": "ability", "card": "a.c1", "damage": "b.c1"})  # Railgun, 2
    assert board.camp_ready(state["players"]["a"]["camps"][0])
    play(action(state, data(), "a", 2), {"action": "ability", "card": "a.c2"})  # Garage, 1: raid
    assert not board.camp_ready(state["players"]["a"]["camps"][1])


def test_raiders_against_a_single_camp_left_ask_nothing():
    """Raid 4: the opponent chooses one of their camps; with one camp left there is nothing to choose, so the
    program damages it without asking (here it is destroyed, and the game is won)."""
    state = fresh()
    for c in (0, 1):
        state["players"]["b"]["camps"][c]["state"] = "destroyed"
    state["players"]["b"]["camps"][2]["state"] = "damaged"
    state["players"]["a"]["queue"] = ["raiders", "", ""]
    state["players"]["a"]["raiders"] = "queue"
    result = play(do_raid(Ctx(state, data(), "a")))
    assert not [e for e in result.transcript if e.kind == "ask"]
    assert state["players"]["b"]["camps"][2]["state"] == "destroyed" and state["over"] and state["result"] == "a"


def test_an_empty_discard_at_the_first_run_out_is_labelled_only_while_the_ruling_is_provisional():
    """Rules §4.1 item 4 and §4: the draw at a first run-out with nothing to shuffle is shown as PROVISIONAL with
    the shipped ruling, and not once the owner has confirmed it."""
    from automata.radlands.effects import draw_cards

    for state, d, labelled in ((fresh(), data(), True),
                               (*owner_game({"empty_discard_at_first_runout": "next_take_is_draw"}), False)):
        state["deck"].update(count=0, discard=0)
        result = play(draw_cards(Ctx(state, d, "a"), "a", 1))
        assert state["result"] == "draw" and "radlands.over.draw" in said(result)
        assert ("radlands.provisional.empty_discard" in said(result)) is labelled


def test_zero_cost_person_entering_ready_gets_no_not_ready_disc():
    """Cartas de custo zero and rules §2.8: the disc marks a 0-cost card not ready; with Karli Blaze the person
    enters ready, so no disc."""
    state = fresh(camps_a=("oasis", "garage", "arcade"), water=0)
    person(state, "a", 1, "karli_blaze")
    state["players"]["a"]["hand"] = 1
    result = play(action(state, data(), "a", 1), {"action": "person", "card": "looter", "column": "1"})
    assert "radlands.zero_cost" not in said(result) and board.person_ready(state["players"]["a"]["columns"][0][0])


def test_the_camps_setup_steps_are_titled_with_the_players_names():
    """Preparação de cada jogador 1-2 (seed 004): each player draws and keeps their own camps; the journal's title of
    that step names the player as the rest of the log does (the names given to the game), in both languages; a game
    without names, and a save from before names were kept in the step, still read "Player A"."""
    from automata.radlands.setup import setup_step
    from cli.words.i18n import Translator

    d = data()
    for names, want in (({"players": "Ana,Bruno"}, ("Ana", "Bruno")), ({}, (None, None))):
        state = game.new_state(game.check_options(names), 1)
        titles = []
        for part, answers in (("table", {}), ("camps_a", {"camps.a.1": "railgun", "camps.a.2": "garage", "camps.a.3": "oasis"})):
            play(setup_step(state, d, part), answers)
            titles.append(game.step_label(state["next"]))
        for (side, name), title in zip((("a", want[0]), ("b", want[1])), titles):
            en, pt = Translator("en").render(title), Translator("pt-BR").render(title)
            if name:
                assert name in en and name in pt and "Player" not in en and "Jogador" not in pt, (en, pt)
            else:
                assert f"Player {side.upper()}" in en and f"Jogador {side.upper()}" in pt, (en, pt)
    old = game.step_label({"proc": "setup", "part": "camps_b"})  # a save written before: no name in the step
    assert "Player B" in Translator("en").render(old) and "Jogador B" in Translator("pt-BR").render(old)
