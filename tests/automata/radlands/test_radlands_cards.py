"""Radlands card texts the program applies beyond the icons (rules/radlands.md §2.11 FAQ rulings, §2.12 printed
cards; automata/radlands/card_effects.py), each through the card's own ability data."""

from __future__ import annotations

from automata.radlands import board
from automata.radlands.card_effects import run_effects
from automata.radlands.effects import Ctx
from automata.radlands.turn import action
from test_radlands_rules import data, fresh, person, play


def use(state, card: str, answers: dict, side: str = "a", n: int = 1, source: dict | None = None):
    """Run the effects of ``card``'s ability ``n`` for ``side`` (its cost is not paid here)."""
    d = data()
    ab = d.card(card)["abilities"][n - 1]
    ctx = Ctx(state, d, side, source=source or {"kind": d.card(card)["kind"], "card": card})
    return play(run_effects(ctx, ab["effects"]), answers)


def test_vanguard_damage_then_the_opponent_damages_back():
    """§2.11 Vanguard: its damage, then the opponent damages one of your cards in return, at once."""
    state = fresh()
    v = person(state, "a", 0, "vanguard")
    use(state, "vanguard", {"damage": "b.c1", "damage_back": "a.c1.1"}, source={"kind": "person", "card": "vanguard", "c": 0, "uid": v["uid"]})
    assert state["players"]["b"]["camps"][0]["state"] == "damaged"
    assert v["damaged"]


def test_the_octagon_makes_the_opponent_destroy_one_only_if_you_did():
    """§2.12 The Octagon: destroy one of your people; if you did, the opponent destroys one of theirs."""
    state = fresh(camps_a=("the_octagon", "garage", "arcade"))
    person(state, "a", 1, "muse")
    person(state, "b", 2, "looter")
    use(state, "the_octagon", {"destroy_own": "a.c2.1", "opp_destroy": "b.c3.1"}, source={"kind": "camp", "card": "the_octagon", "c": 0})
    assert not board.people(state["players"]["a"]) and not board.people(state["players"]["b"])
    state = fresh(camps_a=("the_octagon", "garage", "arcade"))
    person(state, "b", 2, "looter")
    use(state, "the_octagon", {}, source={"kind": "camp", "card": "the_octagon", "c": 0})
    assert len(board.people(state["players"]["b"])) == 1  # nothing of yours destroyed: nothing of theirs


def test_mutant_damage_and_restore_then_damages_itself():
    """§2.12 Mutant: damage and/or restore, then damage this card."""
    state = fresh()
    m = person(state, "a", 0, "mutant")
    state["players"]["a"]["camps"][1]["state"] = "damaged"
    use(state, "mutant", {"mutant": "both", "damage": "b.c2", "restore": "a.c2"}, source={"kind": "person", "card": "mutant", "c": 0, "uid": m["uid"]})
    assert state["players"]["b"]["camps"][1]["state"] == "damaged"
    assert state["players"]["a"]["camps"][1]["state"] == "undamaged"
    assert m["damaged"]


def test_warehouse_discards_and_draws_one_more():
    """§2.12 Warehouse: damage this camp, discard 1+ cards (never the Water Silo) and draw that many + 1."""
    state = fresh(camps_a=("warehouse", "garage", "arcade"))
    state["players"]["a"]["hand"] = 3
    deck = state["deck"]["count"]
    use(state, "warehouse", {"discard.n": 2}, source={"kind": "camp", "card": "warehouse", "c": 0})
    assert state["players"]["a"]["camps"][0]["state"] == "damaged"
    assert state["players"]["a"]["hand"] == 3 - 2 + 3 and state["deck"]["count"] == deck - 3 and state["deck"]["discard"] == 2


def test_scientist_discards_three_and_may_junk_one_of_them():
    """§2.12 Scientist: the top 3 deck cards are discarded; you may use the junk effect of one of them."""
    state = fresh()
    deck = state["deck"]["count"]
    use(state, "scientist", {"scientist.1": "muse", "scientist.2": "banish", "scientist.3": "looter", "scientist.junk": "looter"})
    assert state["deck"]["count"] == deck - 3 and state["deck"]["known"] == ["muse", "banish", "looter"]
    assert state["turn"]["extra"] == 1  # Looter's junk icon: water


def test_mercenary_camp_the_opponent_chooses_discarding_two_or_destroying():
    """§2.11 Mercenary Camp: the opponent destroys one of their cards unless they discard 2; discarding needs 2 cards."""
    state = fresh()
    state["players"]["b"]["hand"] = 2
    use(state, "mercenary_camp", {"mercenary": "discard"})
    assert state["players"]["b"]["hand"] == 0 and state["deck"]["discard"] == 2
    state = fresh()
    state["players"]["b"]["hand"] = 1  # cannot discard 2: must destroy, not asked
    result = use(state, "mercenary_camp", {"opp_card": "b.c2"})
    assert state["players"]["b"]["camps"][1]["state"] == "destroyed"
    assert "mercenary" not in [e.id for e in result.transcript if e.kind == "ask"]


def test_training_camp_flips_a_punk_into_a_person_or_an_event():
    """§2.11 Training Camp: a person stays in the punk's place, not ready, its entering traits firing; an event is
    discarded, then a punk and one extra water."""
    state = fresh()
    person(state, "a", 1, board.PUNK)
    deck = state["deck"]["count"]
    use(state, "training_camp", {"flipped": "wounded_soldier"})  # the only punk: no question
    p = state["players"]["a"]["columns"][1][0]
    assert p["card"] == "wounded_soldier" and p["damaged"] and state["players"]["a"]["hand"] == 1  # draw, then damage itself
    assert state["deck"]["count"] == deck - 1 and state["turn"]["people_entered"] == 1
    state = fresh()
    person(state, "a", 1, board.PUNK)
    use(state, "training_camp", {"flipped": "banish", "punk": "3"})
    assert state["players"]["a"]["columns"][1] == [] and state["players"]["a"]["columns"][2][0]["card"] == board.PUNK
    assert state["deck"]["known"] == ["banish"] and state["turn"]["extra"] == 1


def test_construction_yard_revives_a_camp_then_destroys_itself():
    """§2.12 Construction Yard (printed): while undamaged, turn one of your destroyed camps face up, then destroy
    this camp."""
    state = fresh(camps_a=("construction_yard", "garage", "arcade"))
    state["players"]["a"]["camps"][2]["state"] = "destroyed"
    use(state, "construction_yard", {"revive": "a.c3"}, source={"kind": "camp", "card": "construction_yard", "c": 0})
    assert [c["state"] for c in state["players"]["a"]["camps"]] == ["destroyed", "undamaged", "undamaged"]


def test_mimic_uses_an_undamaged_enemys_ability_paying_its_cost():
    """§2.11 Mimic: you pay the copied ability's cost; "this card" means Mimic."""
    state = fresh(water=3)
    m = person(state, "a", 0, "mimic")
    person(state, "b", 0, "sniper")  # 2 → damage any opposing card
    use(state, "mimic", {"mimic": "b.c1.1", "damage": "b.c3"}, source={"kind": "person", "card": "mimic", "c": 0, "uid": m["uid"]})
    assert state["players"]["b"]["camps"][2]["state"] == "damaged" and board.water_left(state) == 1


def test_adrenaline_lab_uses_a_damaged_persons_ability_then_destroys_it():
    """§2.11 Adrenaline Lab: a damaged person of yours uses its ability (you pay it), then it is destroyed."""
    state = fresh(water=3)
    person(state, "a", 1, "muse", damaged=True)  # 0 → extra water
    use(state, "adrenaline_lab", {"adrenaline": "a.c2.1"}, source={"kind": "camp", "card": "adrenaline_lab", "c": 0})
    assert not board.people(state["players"]["a"]) and state["turn"]["extra"] == 1 and "muse" in state["deck"]["known"]


def test_parachute_base_plays_a_person_uses_its_ability_then_damages_it():
    """§2.11 Parachute Base: pay the person's cost and its ability's cost; then damage that person."""
    state = fresh(water=3)
    state["players"]["a"]["hand"] = 1
    use(state, "parachute_base", {"parachute.card": "vigilante", "parachute.column": "2"}, source={"kind": "camp", "card": "parachute_base", "c": 0})
    p = state["players"]["a"]["columns"][1][0]
    assert p["card"] == "vigilante" and p["damaged"] and board.water_left(state) == 1  # 1 + 1 paid
    assert state["players"]["a"]["hand"] == 0


def test_scientist_milling_past_the_second_run_out_ends_in_a_draw_and_loses_no_card():
    """Rules §2.10: Scientist takes cards from the deck; the second run-out ends the game in a draw at once, and
    the cards already taken are discarded (found by a long random soak)."""
    state = fresh()
    state["deck"].update(count=2, discard=0, reshuffles=1)
    result = use(state, "scientist", {})
    assert state["over"] and state["result"] == "draw"
    assert state["deck"]["count"] == 0 and state["deck"]["discard"] == 2
    assert "radlands.over.win" not in [e.msg.id for e in result.transcript if e.msg]


def test_parachute_base_when_the_person_leaves_play_on_entering():
    """Parachute Base: if the person is gone before its ability (its own entering trait), nothing more happens."""
    state = fresh(water=3)
    state["players"]["a"]["hand"] = 1
    person(state, "a", 0, "muse", damaged=True)
    # Wounded Soldier enters, draws, damages itself; Parachute then uses its ability and damages it again
    use(state, "parachute_base", {"parachute.card": "wounded_soldier", "parachute.column": "2", "damage": "b.c1"},
        source={"kind": "camp", "card": "parachute_base", "c": 0})
    assert state["players"]["a"]["columns"][1] == []  # damaged twice: destroyed
    assert "wounded_soldier" in state["deck"]["known"]


def test_juggernaut_moves_forward_protects_the_people_behind_it_and_third_move_destroys_an_enemy_camp():
    """§2.11 / §2.12 Juggernaut: 1 → move this camp one place forward, its people fall in behind it (and are
    protected); people may then be played in front of it or behind it; on its third move it goes back to the
    camp row and the opponent destroys one of their camps."""
    state = fresh(camps_b=("juggernaut", "outpost", "cannon"))
    side = state["players"]["b"]
    looter = person(state, "b", 0, "looter")
    src = {"kind": "camp", "card": "juggernaut", "c": 0}
    use(state, "juggernaut", {}, side="b", source=dict(src))
    assert side["camps"][0]["moves"] == 1 and side["camps"][0]["behind"] == 1
    assert not board.person_unprotected(side, 0, 0) and board.camp_unprotected(side, 0)  # Looter behind, the camp exposed
    # a new person in front of the moved camp protects it
    state["turn"]["player"] = "b"
    state["turn"]["water"] = 3
    state["players"]["b"]["hand"] = 1
    play(action(state, data(), "b", 1), {"action": "person", "card": "muse", "column": "1", "juggernaut_side": "in_front"})
    assert [p["card"] for p in side["columns"][0]] == ["looter", "muse"]
    assert not board.camp_unprotected(side, 0) and board.person_unprotected(side, 0, 1)
    use(state, "juggernaut", {}, side="b", source=dict(src))  # second move: Muse falls behind too
    assert side["camps"][0]["moves"] == 2 and side["camps"][0]["behind"] == 2
    assert board.camp_unprotected(side, 0) and not board.person_unprotected(side, 0, 1) and not board.person_unprotected(side, 0, 0)
    use(state, "juggernaut", {"juggernaut.camp": "a.c2"}, side="b", source=dict(src))  # third move
    assert side["camps"][0]["moves"] == 0 and side["camps"][0]["behind"] == 0
    assert state["players"]["a"]["camps"][1]["state"] == "destroyed"
    assert looter["uid"] == side["columns"][0][0]["uid"]


def test_a_destroyed_person_behind_the_juggernaut_and_a_destroyed_juggernaut_shift_the_column():
    """§2.11 Juggernaut: when a person behind it leaves, the count behind it follows; destroyed, the camp goes back
    into the camp row."""
    state = fresh(camps_b=("juggernaut", "outpost", "cannon"))
    side = state["players"]["b"]
    muse = person(state, "b", 0, "muse")
    use(state, "juggernaut", {}, side="b", source={"kind": "camp", "card": "juggernaut", "c": 0})
    board.destroy_person(state, side, muse["uid"])
    assert side["camps"][0]["behind"] == 0 and side["camps"][0]["moves"] == 1
    person(state, "b", 0, "looter")
    board.destroy_camp(state, "b", 0)
    assert side["camps"][0]["moves"] == 0 and not board.camp_unprotected(side, 0)


def test_supply_depot_and_interrogate_discard_from_the_cards_just_drawn_zeto_khan_from_the_hand():
    """§2.12: Supply Depot "draw 2, then discard 1 of those 2" and Interrogate "draw 4, then discard 3 of those 4"
    discard from the cards just drawn, and the table is told so (issue 12); Zeto Khan "draw 3, then discard 3
    (never the Water Silo)" discards from the whole hand (the Water Silo can only be in the hand)."""
    from automata.radlands.queue import resolve_event_card
    from test_radlands_rules import said

    for card, source, drawn, n, run_ in (
        ("supply_depot", {"kind": "camp", "card": "supply_depot", "c": 0}, 2, 1, None),
        ("interrogate", None, 4, 3, "event"),
    ):
        state = fresh()
        state["players"]["a"]["hand"] = 5
        if run_ == "event":
            result = play(resolve_event_card(Ctx(state, data(), "a"), card))
        else:
            result = use(state, card, {}, source=source)
        lines = [e.msg for e in result.transcript if e.kind == "say" and e.msg.id.startswith("radlands.fx.discard")]
        assert [m.id for m in lines] == ["radlands.fx.discard_drawn" if n > 1 else "radlands.fx.discard_drawn_one"]
        assert lines[0].params["drawn"] == drawn and lines[0].params["n"] == n
        assert state["players"]["a"]["hand"] == 5 + drawn - n
    state = fresh()
    state["players"]["a"]["hand"] = 1
    result = use(state, "zeto_khan", {})
    assert "radlands.fx.discard" in said(result) and state["players"]["a"]["hand"] == 1
