"""Radlands rules read line by line from seed 004 (/work/shared/seeds/004_…, "Como Jogar Radlands: Cult of Chrome"):
each test cites the seed line it checks, and tests the rule over every case it names, not one example.

Only what test_radlands_rules.py does not already check is here: the playing of people into destroyed camps'
columns, abilities once per turn, the Water Silo kept across turns, junk, restore, destroy, "Enemy", the countdown
of the event queue over whole turns, the Raiders' question to the opponent, High Ground's side, the turn order.
"""

from __future__ import annotations

import pytest

from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run
from automata.radlands import board
from automata.radlands.effects import Ctx
from automata.radlands.turn import action, events_step, legal_actions, replenish_step, usable_sources
from test_radlands_rules import data, fresh, person, play, said


def pending(proc, answers=None):
    """The question a procedure stops at with ``answers``."""
    result = run(proc, ScriptedAnswers(answers or {}), dice=DiceContext(1, 1, "app"))
    assert not result.done
    return result.pending


def values(ask) -> set[str]:
    return {c.value for c in ask.choices if not c.hidden} - {"back", "none"}


# -- Jogar Carta (Pessoa), lines 56-61 -----------------------------------------------------------------------


@pytest.mark.parametrize("dead", [0, 1, 2])
def test_a_person_may_be_played_in_front_of_a_destroyed_camp(dead):
    """Seed 004 line 56: a person goes in front of any of your camps, even a destroyed one."""
    state = fresh(water=3)
    state["players"]["a"]["camps"][dead]["state"] = "destroyed"
    state["players"]["a"]["hand"] = 1
    play(action(state, data(), "a", 1), {"action": "person", "card": "looter", "column": str(dead + 1)})
    assert [p["card"] for p in state["players"]["a"]["columns"][dead]] == ["looter"]


def test_with_room_somewhere_no_person_is_destroyed_and_a_full_column_is_not_offered():
    """Seed 004 line 61: only when none of your columns has room must one of your people be destroyed first; while
    any column has room, a full column is not offered and nobody is destroyed."""
    for free in range(3):
        state = fresh(water=3)
        for c in range(3):
            if c != free:
                person(state, "a", c, "muse")
                person(state, "a", c, "scout")
        state["players"]["a"]["hand"] = 1
        result = run(action(state, data(), "a", 1), ScriptedAnswers({"action": "person:looter"}), dice=DiceContext(1, 1, "app"))
        assert result.done  # one column with room: taken without a question
        assert len(board.people(state["players"]["a"])) == 5 and state["deck"]["discard"] == 0
        assert state["players"]["a"]["columns"][free][0]["card"] == "looter"


# -- Usar Habilidade, lines 91-100 ------------------------------------------------------------------------


def test_a_card_with_two_abilities_uses_one_per_turn_then_is_ready_again_next_turn():
    """Seed 004 lines 95 and 98: an ability needs a ready card and leaves it not ready, so a card with two
    abilities (Outpost: 2 → raid, 2 → restore) uses one of them a turn; on its owner's next turn it is ready."""
    state = fresh(camps_a=("outpost", "garage", "arcade"), water=6)
    state["players"]["a"]["camps"][1]["state"] = "damaged"
    d = data()
    play(action(state, d, "a", 1), {"action": "use:a.c1"})  # raid
    assert state["players"]["a"]["queue"] == ["", "raiders", ""] and board.water_left(state) == 4
    assert not any(src["kind"] == "camp" and src["c"] == 0 for _, src, _ in usable_sources(state, d, "a"))
    with pytest.raises(BadAnswer):
        run(action(state, d, "a", 2), ScriptedAnswers({"action": "use:a.c1#2"}), dice=DiceContext(1, 1, "app"))
    board.refresh(state["players"]["a"])
    play(action(state, d, "a", 2), {"action": "use:a.c1#2", "restore": "a.c2"})
    assert state["players"]["a"]["camps"][1]["state"] == "undamaged" and board.water_left(state) == 2


def test_a_damaged_camp_keeps_its_abilities_a_destroyed_camp_has_none():
    """Seed 004 lines 91 and 115-116: a damaged camp is still a ready camp whose ability may be used; a destroyed
    camp (flipped) offers none."""
    d = data()
    state = fresh(water=3)
    state["players"]["a"]["camps"][1]["state"] = "damaged"  # Garage: 1 → raid
    assert any(src["kind"] == "camp" and src["c"] == 1 for _, src, _ in usable_sources(state, d, "a"))
    state["players"]["a"]["camps"][1]["state"] = "destroyed"
    assert not any(src["kind"] == "camp" and src["c"] == 1 for _, src, _ in usable_sources(state, d, "a"))


def test_a_person_ability_needs_a_ready_person():
    """Seed 004 lines 59, 95, 116 and 117: a person played this turn, damaged, restored this turn or already used is
    not ready; a ready one may use its ability (Looter: 2 → damage)."""
    d = data()
    for kind in ("ready", "fresh", "damaged", "used"):
        state = fresh(water=3)
        p = person(state, "a", 0, "looter", damaged=kind == "damaged", fresh_=kind == "fresh")
        p["used"] = kind == "used"
        usable = any(src.get("uid") == p["uid"] for _, src, _ in usable_sources(state, d, "a"))
        assert usable is (kind == "ready"), kind


def test_enemy_means_the_opponents_people_never_their_camps():
    """Seed 004 line 100: 'Enemy' in an ability's text is the opponent's people, not their camps (destroy any enemy;
    injure); with no enemy there is no target, even with every camp unprotected."""
    from automata.radlands.effects import destroy_any_enemy, injure

    state = fresh()
    result = play(destroy_any_enemy(Ctx(state, data(), "a")))
    assert "radlands.fx.no_target" in said(result) and all(c["state"] == "undamaged" for c in state["players"]["b"]["camps"])
    person(state, "b", 1, "muse")
    person(state, "b", 1, "looter")
    assert values(pending(destroy_any_enemy(Ctx(state, data(), "a")))) == {"b.c2.1", "b.c2.2"}
    play(injure(Ctx(state, data(), "a")))  # one unprotected enemy: taken
    assert state["players"]["b"]["columns"][1][1]["damaged"]


# -- Junk Card, Pegar Water Silo, lines 76-87 ---------------------------------------------------------------


@pytest.mark.parametrize("icon", ["water", "injure", "raid", "draw", "restore", "punk"])
def test_junk_discards_the_card_and_gives_its_icon(icon):
    """Seed 004 line 78 (and lines 116-121 for the icons): junk discards a card from hand, for no water, and gives
    the effect of the icon in its corner; every junk icon of the deck, each on a card that carries it."""
    d = data()
    card = next(cid for cid, c in {**d.people, **d.events}.items() if c["junk"] == icon)
    state = fresh(water=0)
    person(state, "b", 0, "muse")
    damaged = person(state, "a", 0, "looter", damaged=True)
    state["players"]["a"]["hand"] = 2
    deck = state["deck"]["count"]
    answers = {"action": "junk:" + card, "restore": "a.c1.1", "punk": "3"}
    play(action(state, d, "a", 1), answers)
    assert state["deck"]["discard"] == 1 and card in state["deck"]["known"]
    assert state["players"]["a"]["hand"] == (2 if icon == "draw" else 1)
    assert board.water_left(state) == (1 if icon == "water" else 0)
    assert state["players"]["b"]["columns"][0][0]["damaged"] is (icon == "injure")
    assert (state["players"]["a"]["queue"] == ["", "raiders", ""]) is (icon == "raid")
    assert damaged["damaged"] is (icon != "restore")
    assert (state["players"]["a"]["columns"][2][:1] != []) is (icon == "punk")
    assert state["deck"]["count"] == deck - (1 if icon in ("draw", "punk") else 0)


def test_the_water_silo_stays_in_hand_across_turns_and_water_does_not():
    """Seed 004 lines 37, 48 and 87: the Water Silo may be kept in hand over several turns, while unspent water and
    extra water never carry over; junked later it gives 1 extra water and goes back to the area."""
    d = data()
    state = fresh(water=3)
    play(action(state, d, "a", 1), {"action": "silo"})
    play(action(state, d, "a", 2), {"action": "end"})
    for side in ("b", "a"):
        play(events_step(state, d, side))
        play(replenish_step(state, d, side))
        assert board.water_left(state) == 3
        if side == "b":
            play(action(state, d, "b", 1), {"action": "end"})
    assert state["players"]["a"]["silo"] == "hand"
    play(action(state, d, "a", 1), {"action": "junk:water_silo"})
    assert board.water_left(state) == 4 and state["players"]["a"]["silo"] == "area" and state["deck"]["discard"] == 0


# -- Termos: destroy, damage, restore, punk, lines 106-120 ----------------------------------------------------


def test_destroy_sends_a_person_to_the_discard_a_punk_to_the_top_of_the_deck_and_flips_a_camp():
    """Seed 004 lines 106 and 115: a destroyed person is discarded; a destroyed punk goes face down on top of the
    draw deck (not the discard pile); a destroyed camp is flipped, whatever its state."""
    from automata.radlands.effects import hit

    state = fresh()
    person(state, "b", 0, "muse")
    person(state, "b", 1, board.PUNK)
    state["players"]["b"]["camps"][2]["state"] = "undamaged"
    deck, discard = state["deck"]["count"], state["deck"]["discard"]
    ctx = Ctx(state, data(), "a")
    play(hit(ctx, "b.c1.1", "destroy"))
    assert state["deck"]["discard"] == discard + 1 and state["deck"]["count"] == deck
    play(hit(ctx, "b.c2.1", "destroy"))
    assert state["deck"]["discard"] == discard + 1 and state["deck"]["count"] == deck + 1
    play(hit(ctx, "b.c3", "destroy"))
    assert state["players"]["b"]["camps"][2]["state"] == "destroyed" and not state["over"]


def test_damage_turns_a_card_then_destroys_it_camps_included():
    """Seed 004 line 116: a damaged card is turned sideways; damaged again, it is destroyed (person to the discard,
    camp flipped); a damaged person is not ready."""
    from automata.radlands.effects import hit

    state = fresh()
    p = person(state, "b", 0, "looter")
    ctx = Ctx(state, data(), "a")
    play(hit(ctx, "b.c1.1", "damage"))
    assert p["damaged"] and not board.person_ready(p)
    play(hit(ctx, "b.c1.1", "damage"))
    assert not board.people(state["players"]["b"]) and "looter" in state["deck"]["known"]
    for expected in ("damaged", "destroyed"):
        play(hit(ctx, "b.c2", "damage"))
        assert state["players"]["b"]["camps"][1]["state"] == expected


def test_a_restored_person_is_upright_and_not_ready_a_restored_camp_just_upright():
    """Seed 004 line 117: restore turns one of your damaged cards upright; a person is then not ready this turn."""
    from automata.radlands.effects import restore

    state = fresh()
    p = person(state, "a", 0, "looter", damaged=True)
    play(restore(Ctx(state, data(), "a")), {"restore": "a.c1.1"})
    assert not p["damaged"] and not board.person_ready(p)
    board.refresh(state["players"]["a"])
    assert board.person_ready(p)
    state["players"]["a"]["camps"][1]["state"] = "damaged"
    play(restore(Ctx(state, data(), "a")), {"restore": "a.c2"})
    assert state["players"]["a"]["camps"][1]["state"] == "undamaged" and board.camp_ready(state["players"]["a"]["camps"][1])


def test_restore_is_optional_and_never_the_opponents_cards():
    """Seed 004 line 117 ('Você pode ... uma das suas cartas danificadas'): optional, and only your own cards."""
    from automata.radlands.effects import restore

    state = fresh()
    person(state, "b", 0, "looter", damaged=True)
    state["players"]["b"]["camps"][1]["state"] = "damaged"
    person(state, "a", 0, "muse", damaged=True)
    ask = pending(restore(Ctx(state, data(), "a")))
    assert values(ask) == {"a.c1.1"} and "none" in {c.value for c in ask.choices}
    play(restore(Ctx(state, data(), "a")), {"restore": "none"})
    assert state["players"]["a"]["columns"][0][0]["damaged"]


# -- Fila de Eventos as a countdown over whole turns, lines 36 and 111 -----------------------------------------


def end_turn(state, d, side, answers=None):
    play(action(state, d, side, 1), {"action": "end", **(answers or {})})


def start_turn(state, d, side, answers=None):
    result = play(events_step(state, d, side), answers)
    if not state.get("over"):
        play(replenish_step(state, d, side))
    return result


@pytest.mark.parametrize("space", [1, 2, 3])
def test_an_event_in_space_n_resolves_at_the_start_of_its_owners_nth_next_turn(space):
    """Seed 004 lines 36 and 111: each space is the number of turns until the event resolves; in the Events phase
    of its owner's turn the event in space 1 resolves, then the rest move forward. Uprising (gain 3 punks, optional
    each) is put straight in space ``space``; the opponent's turns do not move it."""
    d = data()
    state = fresh(water=0)
    state["players"]["a"]["queue"][space - 1] = "uprising"
    end_turn(state, d, "a")
    for turn in range(1, space + 1):
        start_turn(state, d, "b")
        assert "uprising" in state["players"]["a"]["queue"]  # the opponent's turn moves nothing of ours
        end_turn(state, d, "b")
        q_before = list(state["players"]["a"]["queue"])
        start_turn(state, d, "a", {"punk": "none", "punk.2": "none", "punk.3": "none"})
        if turn < space:
            assert state["players"]["a"]["queue"].index("uprising") == space - turn - 1, (turn, q_before)
        else:
            assert "uprising" not in state["players"]["a"]["queue"] and "uprising" in state["deck"]["known"]
        end_turn(state, d, "a")


def test_the_events_phase_moves_only_the_players_own_queue():
    """Seed 004 line 36: 'avance todos os eventos em SUA fila': the opponent's queue stays as it is."""
    d = data()
    state = fresh()
    state["players"]["a"]["queue"] = ["", "banish", "bombardment"]
    state["players"]["b"]["queue"] = ["", "famine", "bombardment"]
    play(events_step(state, d, "a"))
    assert state["players"]["a"]["queue"] == ["banish", "bombardment", ""]
    assert state["players"]["b"]["queue"] == ["", "famine", "bombardment"]


# -- Raid, lines 122-126 -----------------------------------------------------------------------------------


def test_raiders_ask_the_opponent_which_of_their_own_undestroyed_camps_is_damaged():
    """Seed 004 line 126: the opponent chooses one of their camps (every one not destroyed, protected or not); the
    question names the opponent."""
    from automata.radlands.effects import do_raid

    state = fresh()
    for c in range(3):
        person(state, "b", c, "muse")
    state["players"]["b"]["camps"][0]["state"] = "destroyed"
    state["players"]["a"]["queue"] = ["raiders", "", ""]
    state["players"]["a"]["raiders"] = "queue"
    ask = pending(do_raid(Ctx(state, data(), "a")))
    assert values(ask) == {"b.c2", "b.c3"} and ask.msg.params["player"] == "Bruno"


# -- High Ground (rules §2.7, printed card): whose opponent is unprotected ----------------------------------------


def test_high_ground_leaves_unprotected_only_the_cards_of_its_owners_opponent():
    """Printed High Ground ('all of your opponent's cards are unprotected this turn'; rules §2.7, §2.12) with Omen
    Clock (rules §2.5: an opponent's event resolved early is still theirs): the opponent's High Ground resolved
    during our turn leaves OUR cards unprotected for them, never theirs for us."""
    from automata.radlands.card_effects import advance_event
    from automata.radlands.effects import damage

    state = fresh()
    person(state, "b", 0, "muse")
    person(state, "a", 0, "muse")
    state["players"]["b"]["queue"] = ["high_ground", "", ""]
    play(advance_event(Ctx(state, data(), "a")), {"event": "b.1"})
    assert values(pending(damage(Ctx(state, data(), "a")))) == {"b.c1.1", "b.c2", "b.c3"}
    # their return damage (Vanguard, rules §2.11: under the normal rules) may then take any of our cards
    from automata.radlands.card_effects import opponent_damages_back

    assert values(pending(opponent_damages_back(Ctx(state, data(), "a")))) == {"a.c1.1", "a.c1", "a.c2", "a.c3"}
    # and our own High Ground, resolved in our Events phase, lasts our whole turn against them
    state = fresh()
    person(state, "b", 0, "muse")
    state["players"]["a"]["queue"] = ["high_ground", "", ""]
    play(events_step(state, data(), "a"))
    play(replenish_step(state, data(), "a"))
    assert values(pending(damage(Ctx(state, data(), "a")))) == {"b.c1.1", "b.c1", "b.c2", "b.c3"}
    person(state, "a", 0, "muse")  # our High Ground does not expose our cards to their return damage
    assert values(pending(opponent_damages_back(Ctx(state, data(), "a")))) == {"a.c1.1", "a.c2", "a.c3"}
    end_turn(state, data(), "a")
    play(events_step(state, data(), "b"))
    assert values(pending(damage(Ctx(state, data(), "a")))) == {"b.c1.1", "b.c2", "b.c3"}


# -- Fluxo do Jogo, line 34: turns alternate ---------------------------------------------------------------


def test_turns_alternate_and_each_player_keeps_their_own_turn_count():
    """Seed 004 line 34: starting with the first player, the players take turns in alternation."""
    d = data()
    state = fresh(water=0)
    order = []
    side = "a"
    for _ in range(4):
        end_turn(state, d, side)
        side = state["next"]["p"]
        order.append(side)
        start_turn(state, d, side)
    assert order == ["b", "a", "b", "a"]


# -- the Events phase's move forward, line 36, with an event that raids ------------------------------------------

RAID_EVENT = {"events": {"chrome_raid": {"name": "Chrome Raid", "set": "cult_of_chrome", "cost": 1, "bomb": 1,
                                         "junk": "raid", "copies": 1, "effects": ["raid"],
                                         "effect_text": "Raid."}}}


def test_the_move_forward_never_drops_an_event_that_reached_space_1_while_space_1_resolved():
    """Seed 004 lines 36 and 124-126: the Events phase resolves space 1, then moves every event one space forward;
    an event (an owner's Cult of Chrome card) whose effect is a raid advances the Raiders from space 2 into the
    emptied space 1 during that resolution: the move forward then leaves them there (nothing is ever pushed off the
    queue) and moves the others into the free spaces. Every event in the queue before is still there or resolved."""
    state = fresh()
    state["overrides"] = RAID_EVENT
    d = __import__("automata.radlands.game", fromlist=["_load"])._load(RAID_EVENT)
    state["players"]["a"]["queue"] = ["chrome_raid", "raiders", "bombardment"]
    state["players"]["a"]["raiders"] = "queue"
    from automata.radlands.queue import events_phase

    play(events_phase(Ctx(state, d, "a")))
    assert state["players"]["a"]["queue"] == ["raiders", "bombardment", ""]
    assert state["players"]["a"]["raiders"] == "queue" and "chrome_raid" in state["deck"]["known"]
    for queue, moved in ((["", "a", "b"], ["a", "b", ""]), (["", "", "b"], ["", "b", ""]), (["x", "", "b"], ["x", "b", ""]),
                         (["x", "y", "z"], ["x", "y", "z"]), (["", "a", ""], ["a", "", ""])):
        q = list(queue)
        board.shift_queue(q)
        assert q == moved, queue


WATER_EVENT = {"events": {"chrome_well": {"name": "Chrome Well", "set": "cult_of_chrome", "cost": 1, "bomb": 1,
                                          "junk": "water", "copies": 1, "effects": ["water"],
                                          "effect_text": "Extra water."}}}


def test_extra_water_gained_in_the_events_phase_is_spent_in_that_turn():
    """Seed 004 lines 37 and 121: extra water is gained 'to spend this turn' and returned only at the end of the
    turn; an event (an owner's card) giving extra water as it resolves in the Events phase leaves it for the
    Actions phase, on top of the turn's 3 water (1 on the first player's first turn)."""
    d = __import__("automata.radlands.game", fromlist=["_load"])._load(WATER_EVENT)
    for first_turn, water in ((False, 3), (True, 1)):
        state = fresh()
        state["overrides"] = WATER_EVENT
        state["players"]["a"]["turns"] = 0 if first_turn else 1
        state["players"]["a"]["queue"] = ["chrome_well", "", ""]
        play(events_step(state, d, "a"))
        play(replenish_step(state, d, "a"))
        assert board.water_left(state) == water + 1
        end_turn(state, d, "a")
        assert board.water_left(state) == 0


# -- Preparação and the flip, lines 13-34 ----------------------------------------------------------------------


@pytest.mark.parametrize("face,first", [(1, "a"), (2, "b")])
def test_setup_then_the_flip_then_the_first_turn(face, first):
    """Seed 004 lines 23-30 and 34-38: each player keeps 3 camps; the Water Silo and the Raiders start in the play
    area, the queue empty; the hand is the sum of the camps' draw values, taken from the shared deck; then a water
    disc is flipped (water side up: the flipper, player A, starts; else the opponent); the first player's first
    turn draws one card and takes 1 water."""
    from automata.radlands import game

    state = game.new_state(game.check_options({"players": "Ana,Bruno"}), 1)
    d = data()
    camps = {"a": ("railgun", "supply_depot", "outpost"), "b": ("obelisk", "victory_totem", "garage")}
    answers = {f"camps.{s}.{i + 1}": c for s in "ab" for i, c in enumerate(camps[s])}
    answers["flip"] = [face]
    while game.next_step(state)["proc"] == "setup":
        result = run(game.procedure(state, game.next_step(state)), ScriptedAnswers(answers), dice=DiceContext(1, 1, "table"))
        assert result.done, result.pending_id
    hands = {s: sum(int(d.card(c)["draw"]) for c in camps[s]) for s in "ab"}
    assert hands == {"a": 0 + 2 + 1, "b": 3 + 1 + 0}
    for s in "ab":
        side = state["players"][s]
        assert [c["id"] for c in side["camps"]] == list(camps[s]) and side["hand"] == hands[s]
        assert side["silo"] == "area" and side["raiders"] == "area" and side["queue"] == ["", "", ""]
        assert not board.people(side)
    assert state["deck"]["count"] == 66 - hands["a"] - hands["b"]
    assert state["first_player"] == first and state["next"] == {"proc": "events", "p": first, "name": state["players"][first]["name"], "turn": 1}
    for proc in ("events", "replenish"):
        play(game.procedure(state, game.next_step(state)))
    assert state["players"][first]["hand"] == hands[first] + 1 and board.water_left(state) == 1
    assert state["deck"]["count"] == 66 - hands["a"] - hands["b"] - 1


def test_a_zero_cost_ability_gets_the_not_ready_disc_a_paid_one_does_not():
    """Seed 004 lines 46 and 98: after an ability the card is not ready; when it cost 0 the not-ready disc is put on
    it (there is no water on it to show it). Muse: 0 → extra water; Looter: 2 → damage."""
    d = data()
    state = fresh(water=3)
    muse = person(state, "a", 0, "muse")
    looter = person(state, "a", 1, "looter")
    result = play(action(state, d, "a", 1), {"action": "use:a.c1.1"})
    assert "radlands.zero_cost" in said(result) and not board.person_ready(muse) and board.water_left(state) == 4
    result = play(action(state, d, "a", 2), {"action": "use:a.c2.1", "damage": "b.c1"})
    assert "radlands.zero_cost" not in said(result) and not board.person_ready(looter) and board.water_left(state) == 2


def test_the_draw_action_has_no_limit_a_turn_but_its_water():
    """Seed 004 lines 39-44, 52 and 74: the actions may be taken any number of times; each draw costs 2 water."""
    d = data()
    for water in range(0, 8):
        state = fresh(water=water)
        deck = state["deck"]["count"]
        k = 1
        while "draw" in legal_actions(state, d, "a"):
            play(action(state, d, "a", k), {"action": "draw"})
            k += 1
        assert state["players"]["a"]["hand"] == water // 2 and board.water_left(state) == water % 2
        assert state["deck"]["count"] == deck - water // 2
