"""Chaos in the Old World: one test per rule of the seed (seeds/003), citing the step it checks."""

from __future__ import annotations

import pytest

from automata.chaos import copies, game
from automata.chaos.board import corruption_total, figures_of, valid_summon_regions
from automata.chaos.endphase import dial_ticks, winners
from automata.chaos.game import data_of
from automata.chaos.scoring import dominator, ruination_places
from automata.chaos.setup import old_world_deck_size, starting_tokens
from automata.core.games import OptionError
from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run

ALL = "khorne,nurgle,tzeentch,slaanesh"


def fresh(powers: str = ALL, seed: int = 1) -> dict:
    state = game.new_state(game.check_options({"powers": powers}), seed)
    return state


def play_step(state: dict, step: dict, answers: dict | None = None, dice: str = "table", seed: int = 1):
    result = run(game.procedure(state, step), ScriptedAnswers(answers or {}), dice=DiceContext(seed, 1, dice))
    assert result.done, f"stopped at {result.pending_id}"
    return result


def after_setup(powers: str = ALL, seed: int = 1) -> dict:
    state = fresh(powers, seed)
    for n in range(1, 9):
        play_step(state, {"proc": "setup", "n": n}, {f"chaos.setup.{n}": "yes"})
    return state


def says(result) -> list[str]:
    return [e.msg.id for e in result.transcript if e.kind == "say"]


def place(state, region, power, cultist=0, warrior=0, daemon=0):
    figs = figures_of(state["regions"][region], power)
    figs["cultist"] += cultist
    figs["warrior"] += warrior
    figs["daemon"] += daemon


# -- options ----------------------------------------------------------------


def pile_total(state: dict, power: str) -> int:
    """Every card of the Power: deck, hand, discard pile and its cards on the board (seed 003: its deck size, always)."""
    ps = state["p"][power]
    on_board = sum(1 for region in state["regions"].values() for e in region["cards"] if e["power"] == power)
    return ps["deck"] + ps["hand"] + ps["discard"] + on_board


def test_options_seat_in_power_order():
    """Seed, Preparação step 2: seats clockwise in the order Khorne, Nurgle, Tzeentch, Slaanesh."""
    assert game.check_options({"powers": "slaanesh,khorne,tzeentch"})["powers"] == ["khorne", "tzeentch", "slaanesh"]


@pytest.mark.parametrize(
    "powers,key",
    [("khorne,nurgle", "chaos.error.power_count"), ("khorne,khorne,nurgle", "chaos.error.repeated_power"), ("khorne,nurgel,tzeentch", "chaos.error.unknown_power")],
)
def test_bad_powers_are_refused(powers, key):
    """Issue 4 §1: unknown or repeated Powers, or a count outside 3–4, get a clear error."""
    with pytest.raises(OptionError) as e:
        game.check_options({"powers": powers})
    assert e.value.msg.id == key
    if key == "chaos.error.unknown_power":
        assert "nurgle" in e.value.msg.params["close"]


# -- setup ------------------------------------------------------------------


def test_old_world_deck_size_by_players():
    """Seed, Preparação step 6: 7 cards with 4 players, 8 with 3."""
    data = data_of(fresh())
    assert old_world_deck_size(data, 4) == 7
    assert old_world_deck_size(data, 3) == 8
    assert after_setup(ALL)["old_world"]["deck"] == 7
    assert after_setup("khorne,nurgle,slaanesh")["old_world"]["deck"] == 8


def test_starting_tokens_one_per_region_in_region_order():
    """Seed, Preparação step 7: 2 Noble, 3 Warpstone, 4 Peasant, one at random in each of the nine regions."""
    data = data_of(fresh())
    for seed in range(30):
        dealt = starting_tokens(data, seed)
        assert [r for r, _ in dealt] == data.region_ids
        kinds = [k for _, k in dealt]
        assert (kinds.count("noble"), kinds.count("warpstone"), kinds.count("peasant")) == (2, 3, 4)
    assert len({tuple(starting_tokens(data, s)) for s in range(30)}) > 5  # really random
    state = after_setup(seed=3)
    for region, kind in starting_tokens(data, 3):
        assert state["regions"][region]["tokens"][kind] == 1


def test_starting_hands_and_ruination_stack():
    """Seed, Preparação steps 5 and 8: Ruination stack 1 on top; starting hand of 3 Chaos cards."""
    state = after_setup()
    assert state["ruination_next"] == 1
    for p in state["powers"]:
        assert state["p"][p]["hand"] == 3
        assert state["p"][p]["deck"] == 21
    assert state["next"] == {"proc": "old_world"}


def test_setup_step_waits_until_done():
    """Seed, Preparação: each step is confirmed by the table before the next one."""
    state = fresh()
    result = play_step(state, {"proc": "setup", "n": 1}, {"chaos.setup.1": ["no", "yes"]})
    assert "chaos.setup.again" in says(result)
    assert state["next"] == {"proc": "setup", "n": 2}


# -- Old World phase --------------------------------------------------------


def test_lowest_threat_draws_and_track_shifts():
    """Seed, Fase do Velho Mundo: lowest Threat draws; new card to space 1, space 1 to 2, space 2 leaves."""
    state = after_setup()
    state["old_world"]["track"] = ["road_wardens", "witch_hunters"]
    r = play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "divine_inspiration", "chaos.oldworld.changes": "+hero bretonnia, +hero tilea"})
    draws = [e for e in r.transcript if e.kind == "say" and e.msg.id == "chaos.oldworld.draws"][0]
    assert draws.msg.params["power"] == "@chaos.power.nurgle"  # Threat 1 at Start
    assert state["old_world"]["track"] == ["divine_inspiration", "road_wardens"]
    assert state["old_world"]["deck"] == 6
    assert state["regions"]["bretonnia"]["tokens"]["hero"] == 1


def test_every_resolved_card_goes_to_the_track_by_default():
    """Seed, Fase do Velho Mundo: after resolving, the card goes face up onto space 1 (even Meteor Showers,
    which one public summary discards: rules file §2.14 A4); the table is told which reading applies."""
    state = after_setup()
    state["old_world"]["track"] = ["road_wardens", ""]
    r = play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "meteor_showers", "chaos.oldworld.r1.meteor_showers.0": "kislev,tilea"})
    assert state["old_world"]["track"] == ["meteor_showers", "road_wardens"]
    assert state["old_world"]["deck"] == 6
    assert "chaos.oldworld.reading_track" in says(r)


def test_discard_reading_is_a_labelled_switch():
    """Rules file §2.14 A4 (the public-summary reading, rules.old_world.resolved_cards = "card"): a card that
    says discard leaves the game and does not shift the track; the table is told which reading applies."""
    state = game.new_state(game.check_options({"powers": ALL, "overrides": {"rules": {"old_world": {"resolved_cards": "card"}}}}), 1)
    for n in range(1, 9):
        play_step(state, {"proc": "setup", "n": n}, {f"chaos.setup.{n}": "yes"})
    state["old_world"]["track"] = ["road_wardens", ""]
    r = play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "meteor_showers", "chaos.oldworld.r1.meteor_showers.0": "kislev,tilea"})
    assert state["old_world"]["track"] == ["road_wardens", ""]
    assert state["old_world"]["deck"] == 6
    assert "chaos.oldworld.reading_card" in says(r)


# -- Draw phase -------------------------------------------------------------


def test_power_resets_and_does_not_carry_over():
    """Seed, Fase de Compra: power markers move to the sheet's number; power points never carry over."""
    state = after_setup()
    state["round"] = 1
    state["p"]["khorne"]["pp"] = 3
    play_step(state, {"proc": "draw"}, {"chaos.draw.r1.tzeentch.discard": "no"})
    assert state["p"]["khorne"]["pp"] == 7
    assert state["p"]["nurgle"]["pp"] == 6
    assert state["p"]["khorne"]["hand"] == 5
    assert state["p"]["tzeentch"]["hand"] == 5  # draws until holding 5


def test_empty_chaos_deck_reshuffles_discard():
    """Seed, Fase de Compra: when a Chaos deck runs out, the discard pile is shuffled into a new deck (its last card
    drawn first: issue 38)."""
    state = after_setup()
    state["round"] = 1
    ks = state["p"]["khorne"]
    ks.update(deck=1, discard=10, hand=0)
    r = play_step(state, {"proc": "draw"}, {"chaos.draw.r1.tzeentch.discard": "no"})
    assert "chaos.draw.reshuffle_after" in says(r)
    assert (ks["hand"], ks["deck"], ks["discard"]) == (2, 9, 0)


@pytest.mark.parametrize(
    "hand,deck,discard,outcome",
    [
        (3, 10, 0, "unsure"),  # the deck holds the extra card either way: only the split of the piles is open
        (3, 3, 0, "unsure"),  # the same, with just one card to spare
        (3, 2, 4, "asked"),  # with the discard the deck runs out and the discard pile is reshuffled: asked
        (5, 0, 4, "asked"),  # the discard pile is reshuffled with the discarded card in it: a different deck
        (0, 10, 0, "same"),  # nothing to discard
        (3, 0, 0, "same"),  # the discarded card would be the only card to draw: it comes straight back
        (3, 1, 1, "same"),  # the draw takes every card of both piles anyway: the discarded card comes back
        (4, 1, 0, "same"),  # the same with the deck alone
        (6, 0, 0, "asked"),  # above the target the discard is kept: the hand shrinks
    ],
)
def test_tzeentch_discard_asked_only_when_it_changes_something(hand, deck, discard, outcome):
    """Rules file §2.5 (Tzeentch may discard one card, then draws while his hand is below 5): the question is
    asked only when its answer changes the hand or decides this draw; when only the split of the piles is left
    open, the program remembers it (deck_unsure) instead of asking."""
    state = after_setup()
    state["round"] = 1
    state["p"]["tzeentch"].update(hand=hand, deck=deck, discard=discard)
    r = play_step(state, {"proc": "draw"}, {"chaos.draw.r1.tzeentch.discard": "no"})
    asked = any(e.kind == "ask" and e.id == "chaos.draw.r1.tzeentch.discard" for e in r.transcript)
    assert asked == (outcome == "asked")
    assert (state["p"]["tzeentch"].get("deck_unsure", 0) == 1) == (outcome == "unsure")
    if outcome != "asked":
        ts = state["p"]["tzeentch"]
        assert ts["hand"] == min(5, hand + deck + discard) or ts["hand"] == hand


def _tzeentch_piles(hand: int, deck: int, discard: int, discards_first: bool, target: int = 5) -> tuple[int, int, int]:
    """A reference model of rules file §2.5 and seed 003, Fase de Compra, independent of the program: Tzeentch may
    discard one card, then draws until holding ``target``; an empty deck takes the reshuffled discard pile."""
    if discards_first:
        hand, discard = hand - 1, discard + 1
    for _ in range(max(0, target - hand)):
        if deck == 0:
            if discard == 0:
                break
            deck, discard = discard, 0
        deck, hand = deck - 1, hand + 1
    return hand, deck, discard


def test_tzeentch_discard_asked_exactly_when_the_answer_changes_what_the_program_tracks():
    """Rules file §2.5 (Tzeentch may discard one card, then draws until holding 5; the discarded card is not seen)
    and seed 003, Fase de Compra (an empty deck takes the reshuffled discard pile), over every small hand and pile:
    - "yes" and "no" leave the same hand and piles: not asked, and the piles are those both answers leave;
    - they differ only in how the deck and the discard pile split (the deck holds the extra card either way):
      not asked; the deck is then known only within one card, and once the table counts it (as the program
      asks before a draw that could empty it) the piles are exactly those of the answer the table gave;
    - otherwise (the hand shrinks, or the discard decides whether the deck runs out now): asked."""
    for hand in range(0, 8):
        for deck in range(0, 6):
            for discard in range(0, 4):
                state = after_setup()
                state["round"] = 1
                state["p"]["tzeentch"].update(hand=hand, deck=deck, discard=discard)
                r = play_step(state, {"proc": "draw"}, {"chaos.draw.r1.tzeentch.discard": "no"})
                asked = any(e.kind == "ask" and e.id == "chaos.draw.r1.tzeentch.discard" for e in r.transcript)
                yes = _tzeentch_piles(hand, deck, discard, True) if hand > 0 else None
                no = _tzeentch_piles(hand, deck, discard, False)
                ts = state["p"]["tzeentch"]
                where = (hand, deck, discard)
                if hand == 0 or yes == no:
                    assert not asked and not ts.get("deck_unsure"), where
                    assert (ts["hand"], ts["deck"], ts["discard"]) == no, where
                    assert ("chaos.draw.discard_same" in says(r)) == (hand > 0), where
                elif yes[0] == no[0] and yes[1] + yes[2] == no[1] + no[2] and hand <= 5 and deck > 5 - hand:
                    assert not asked and ts["deck_unsure"] == 1, where
                    assert "chaos.draw.discard_unasked" in says(r), where
                    for truth in (yes, no):  # the table counts the deck: the piles of the answer it gave
                        counted = {k: dict(v) if isinstance(v, dict) else v for k, v in ts.items()}
                        st = {**state, "p": {**state["p"], "tzeentch": counted}}
                        copies.settle(st, "tzeentch", truth[1])
                        assert (counted["hand"], counted["deck"], counted["discard"]) == truth, where
                else:
                    assert asked, where
                    assert (ts["hand"], ts["deck"], ts["discard"]) == no, where


# -- Summoning phase --------------------------------------------------------


def summoning_state():
    state = after_setup()
    state["round"] = 1
    for p in state["powers"]:
        state["p"][p]["pp"] = 2
        state["p"][p]["hand"] = 3
    return state


def test_turns_circle_in_power_order_and_skip_zero():
    """Seed, Fase de Invocação: Power order in a continuous circle; a Power on 0 is skipped."""
    state = summoning_state()
    state["p"]["nurgle"]["pp"] = 0
    play_step(state, {"proc": "summon", "power": "khorne"}, {"chaos.summon.khorne": "cultist", "chaos.summon.khorne.region": "kislev"})
    assert state["next"] == {"proc": "summon", "power": "tzeentch"}
    assert state["p"]["khorne"]["pp"] == 1
    state["p"]["tzeentch"]["pp"] = 0
    state["p"]["slaanesh"]["pp"] = 0
    play_step(state, {"proc": "summon", "power": "khorne"}, {"chaos.summon.khorne": "pass"})
    assert state["p"]["khorne"]["pp"] == 0
    assert state["next"] == {"proc": "battle_start"}


def test_first_figure_anywhere_then_adjacent_only():
    """Seed, Fase de Invocação A.3: a region with your figures or adjacent; anywhere when you have none."""
    state = summoning_state()
    data = data_of(state)
    assert valid_summon_regions(state, data, "khorne") == data.region_ids
    place(state, "norsca", "khorne", cultist=1)
    assert valid_summon_regions(state, data, "khorne") == ["norsca", "troll_country"]
    with pytest.raises(BadAnswer) as e:
        play_step(state, {"proc": "summon", "power": "khorne"}, {"chaos.summon.khorne": "cultist", "chaos.summon.khorne.from": "reserve", "chaos.summon.khorne.region": "tilea"})
    assert (e.value.ask_id, e.value.value) == ("chaos.summon.khorne.region", "tilea")


def test_cannot_pay_more_than_power_left():
    """Seed, Fase de Invocação A.2/B.2: without enough power a figure cannot be summoned nor a card played."""
    state = summoning_state()
    state["p"]["khorne"]["pp"] = 2
    r = run(game.procedure(state, {"proc": "summon", "power": "khorne"}), ScriptedAnswers({}), dice=DiceContext(1, 1))
    values = [c.value for c in r.pending.choices if c.available]
    assert "daemon" not in values  # Bloodthirster costs 3 (kept in the menu, marked: test_chaos_summon_menu.py)
    assert {"cultist", "warrior", "card", "pass"} <= set(values)


def test_card_needs_an_empty_space():
    """Seed, Fase de Invocação B.3: two card spaces per region; a full region takes no card."""
    state = summoning_state()
    state["regions"]["kislev"]["cards"] = [{"power": "nurgle", "card": "influenza", "cost": 1}, {"power": "slaanesh", "card": "insidious_lies", "cost": 1}]
    r = run(game.procedure(state, {"proc": "summon", "power": "khorne"}), ScriptedAnswers({"chaos.summon.khorne": "card", "chaos.card.khorne": "battle_cry"}), dice=DiceContext(1, 1))
    assert r.pending_id == "chaos.card.khorne.region"
    assert "kislev" not in [c.value for c in r.pending.choices]


# -- Battle phase -----------------------------------------------------------


def battle_state():
    state = after_setup(seed=1)
    state["round"] = 1
    for region in state["regions"].values():
        region["tokens"]["peasant"] = 0
    return state


def test_dice_equal_attack_hits_on_4_5_6_and_sixes_explode():
    """Seed, Fase de Batalha step 1: dice = attack of all figures; 4, 5, 6 hit; each 6 adds one more die."""
    state = battle_state()
    place(state, "kislev", "khorne", warrior=2)  # Bloodletters: attack 2 each → 4 dice
    place(state, "kislev", "nurgle", cultist=3)
    r = play_step(state, {"proc": "battle", "region": "kislev"}, {"chaos.battle.kislev.khorne": "6 6 1 2 4 3"})
    rolls = [e for e in r.transcript if e.kind == "roll"]
    assert rolls[0].id == "chaos.battle.kislev.khorne" and rolls[0].source == "table"
    hits = [e for e in r.transcript if e.kind == "say" and e.msg.id == "chaos.battle.hits"][0]
    assert hits.msg.params["hits"] == 3  # 6, 6, 4
    assert state["regions"]["kislev"]["figures"]["nurgle"]["cultist"] == 0
    assert state["p"]["khorne"]["dac"] == 1  # Khorne killed an enemy figure


def test_table_dice_must_include_the_extra_dice():
    """Seed, Fase de Batalha step 1: each 6 explodes into one more die (the table types every face)."""
    from automata.core.runner import BadAnswer

    state = battle_state()
    place(state, "kislev", "khorne", warrior=1)
    place(state, "kislev", "nurgle", cultist=1)
    with pytest.raises(BadAnswer) as e:
        play_step(state, {"proc": "battle", "region": "kislev"}, {"chaos.battle.kislev.khorne": "6 5"})
    assert e.value.problem.id == "core.dice.count_explode"


def test_peasant_removed_at_once_and_kept():
    """Seed, Fase de Batalha step 2: a Peasant is removed after 1 hit and kept by the Power that removed it."""
    state = battle_state()
    state["regions"]["tilea"]["tokens"]["peasant"] = 2
    place(state, "tilea", "khorne", warrior=1)
    play_step(state, {"proc": "battle", "region": "tilea"}, {"chaos.battle.tilea.khorne": "5 1"})
    assert state["regions"]["tilea"]["tokens"]["peasant"] == 1
    assert state["p"]["khorne"]["peasants"] == 1
    assert state["p"]["khorne"]["dac"] == 0  # Peasants do not count for Khorne's dial


def test_hits_below_defense_are_lost():
    """Seed, Fase de Batalha step 2: no fewer hits than needed to destroy a figure; spare hits are lost."""
    state = battle_state()
    place(state, "estalia", "nurgle", warrior=1)  # Plaguebearer attack 1
    place(state, "estalia", "slaanesh", daemon=1)  # Keeper of Secrets defense 4
    r = play_step(state, {"proc": "battle", "region": "estalia"}, {"chaos.battle.estalia.nurgle": "6 4", "chaos.battle.estalia.slaanesh": "1 1"})
    assert state["regions"]["estalia"]["figures"]["slaanesh"]["daemon"] == 1
    assert "chaos.battle.spare" in says(r)


def test_knocked_figures_still_roll():
    """Seed, Fase de Batalha: knocked-over figures also count; they are removed after all players acted."""
    state = battle_state()
    place(state, "kislev", "khorne", warrior=1)
    place(state, "kislev", "nurgle", warrior=1)
    play_step(state, {"proc": "battle", "region": "kislev"}, {"chaos.battle.kislev.khorne": "5 5", "chaos.battle.kislev.nurgle": "4"})
    figs = state["regions"]["kislev"]["figures"]
    assert figs["khorne"]["warrior"] == 0 and figs["nurgle"]["warrior"] == 0


def test_target_choice_asked_only_when_there_is_one():
    """Seed, Fase de Batalha step 2: the player declares which target receives each hit."""
    state = battle_state()
    place(state, "kislev", "khorne", warrior=1)
    place(state, "kislev", "nurgle", cultist=1)
    place(state, "kislev", "tzeentch", warrior=1)  # Horror, defense 2
    r = play_step(
        state,
        {"proc": "battle", "region": "kislev"},
        {"chaos.battle.kislev.khorne": "5 5", "chaos.battle.kislev.nurgle": "1", "chaos.battle.kislev.tzeentch": "1", "chaos.battle.kislev.khorne.target": "tzeentch:warrior"},
    )
    assert state["regions"]["kislev"]["figures"]["tzeentch"]["warrior"] == 0
    assert state["regions"]["kislev"]["figures"]["nurgle"]["cultist"] == 1
    assert any(e.kind == "ask" and e.id == "chaos.battle.kislev.khorne.target" for e in r.transcript)


def test_early_hits_kill_at_once():
    """Seed, Impactos Antecipados: dice at the start of the phase; their kills are removed at once."""
    state = battle_state()
    place(state, "kislev", "khorne", cultist=1)
    place(state, "kislev", "nurgle", warrior=1)
    state["regions"]["kislev"]["cards"] = [{"power": "khorne", "card": "blood_frenzy", "cost": 0}]
    play_step(state, {"proc": "battle", "region": "kislev"}, {"chaos.battle.kislev.khorne.early": "4 1"})
    assert state["regions"]["kislev"]["figures"]["nurgle"]["warrior"] == 0  # never got to roll


# -- Corruption phase: domination -------------------------------------------


@pytest.mark.parametrize(
    "values,resistance,expected",
    [
        ({"khorne": 4, "nurgle": 2}, 3, "khorne"),
        ({"khorne": 3, "nurgle": 2}, 3, None),  # equal to resistance: not greater
        ({"khorne": 4, "nurgle": 4}, 1, None),  # tie for highest
        ({"khorne": 4, "nurgle": 4, "tzeentch": 5}, 1, "tzeentch"),  # a lower tie does not matter
        ({"khorne": 2}, 0, "khorne"),
        ({}, 0, None),
    ],
)
def test_domination_rule(values, resistance, expected):
    """Seed, Fase de Corrupção step 1: the single highest value dominates if greater than the resistance; a tie scores nothing."""
    assert dominator(values, resistance) == expected


def test_domination_counts_card_costs_and_figure_count():
    """Seed, Fase de Corrupção step 1: costs of Chaos cards plus the NUMBER of figures (not their cost)."""
    state = after_setup()
    state["round"] = 1
    for region in state["regions"].values():
        region["tokens"] = {k: 0 for k in region["tokens"]}
    place(state, "the_empire", "khorne", daemon=1, warrior=2)  # 3 figures
    state["regions"]["the_empire"]["cards"] = [{"power": "khorne", "card": "the_blood_gods_call", "cost": 2}, {"power": "khorne", "card": "battle_cry", "cost": 1}]
    play_step(state, {"proc": "domination"})
    assert state["p"]["khorne"]["vp"] == 5  # 3 + 2 + 1 = 6 > 5: conquest 5


def test_tokens_modify_resistance_and_conquest_independently():
    """Seed, Fase de Corrupção step 1: Resistance and conquest value are modified independently by tokens."""
    state = after_setup()
    state["round"] = 1
    for region in state["regions"].values():
        region["tokens"] = {k: 0 for k in region["tokens"]}
    state["regions"]["kislev"]["tokens"]["noble"] = 1  # conquest 3 -> 4, resistance stays 3
    place(state, "kislev", "nurgle", cultist=3)
    play_step(state, {"proc": "domination"})
    assert state["p"]["nurgle"]["vp"] == 0  # 3 is not above resistance 3
    state["regions"]["kislev"]["tokens"]["skaven"] = 1  # resistance 2, conquest still 4
    play_step(state, {"proc": "domination"})
    assert state["p"]["nurgle"]["vp"] == 4


# -- Corruption phase: corruption and ruination -----------------------------


def corruption_state():
    state = after_setup()
    state["round"] = 1
    for region in state["regions"].values():
        region["tokens"] = {k: 0 for k in region["tokens"]}
    return state


def test_one_token_per_cultist():
    """Seed, Fase de Corrupção step 2: one corruption token for each cultist in the region."""
    state = corruption_state()
    place(state, "tilea", "nurgle", cultist=2, warrior=3)
    play_step(state, {"proc": "corruption"})
    assert state["regions"]["tilea"]["corruption"] == {"nurgle": 2}


def test_twelfth_token_ruins_and_pays_ruiners():
    """Seed, Fase de Corrupção step 2: 12 or more tokens ruin the region; who placed one in this step scores the header."""
    state = corruption_state()
    reg = state["regions"]["kislev"]
    reg["corruption"] = {"khorne": 6, "slaanesh": 5}
    place(state, "kislev", "nurgle", cultist=1)
    play_step(state, {"proc": "corruption"})
    assert reg["ruin"] == 1 and reg["ruin_face_up"]
    assert state["p"]["nurgle"]["vp"] == 3  # card 1 header
    assert state["p"]["khorne"]["vp"] == 0  # placed nothing in this step
    assert state["ruination_next"] == 2


def test_eleven_tokens_do_not_ruin():
    """Seed, Fase de Corrupção step 2: fewer than 12 tokens leave the region standing."""
    state = corruption_state()
    state["regions"]["kislev"]["corruption"] = {"khorne": 10}
    place(state, "kislev", "nurgle", cultist=1)
    play_step(state, {"proc": "corruption"})
    assert state["regions"]["kislev"]["ruin"] == 0


def test_warpstone_counts_toward_twelve():
    """Seed, Fase de Corrupção step 2: Warpstone tokens count as corruption for the total."""
    state = corruption_state()
    reg = state["regions"]["tilea"]
    reg["tokens"]["warpstone"] = 2
    reg["corruption"] = {"tzeentch": 9}
    place(state, "tilea", "tzeentch", cultist=1)
    assert corruption_total(reg) == 11
    play_step(state, {"proc": "corruption"})
    assert reg["ruin"] == 1
    assert state["p"]["tzeentch"]["vp"] == 3


def test_sixth_ruination_attempt_does_nothing():
    """Seed, Fase de Corrupção step 2: with all five Ruination cards used a region is not ruined and scores nothing."""
    state = corruption_state()
    state["ruination_next"] = 6
    reg = state["regions"]["estalia"]
    reg["corruption"] = {"khorne": 11}
    place(state, "estalia", "slaanesh", cultist=2)
    r = play_step(state, {"proc": "corruption"})
    assert reg["ruin"] == 0
    assert state["p"]["slaanesh"]["vp"] == 0
    assert "chaos.ruin.no_cards" in says(r)


def test_ruination_cards_go_out_in_region_order():
    """Seed, Fase de Corrupção step 2 (region by region, in region order): the earlier region takes the lower card."""
    state = corruption_state()
    for rid in ("tilea", "kislev"):
        state["regions"][rid]["corruption"] = {"khorne": 11}
        place(state, rid, "nurgle", cultist=1)
    play_step(state, {"proc": "corruption"})
    assert state["regions"]["kislev"]["ruin"] == 1
    assert state["regions"]["tilea"]["ruin"] == 2


@pytest.mark.parametrize(
    "power,region,tokens,expected",
    [
        ("nurgle", "kislev", {}, 1),  # populous
        ("nurgle", "tilea", {}, 0),  # not populous
        ("slaanesh", "tilea", {"noble": 1}, 1),
        ("slaanesh", "tilea", {"hero": 1}, 1),
        ("slaanesh", "tilea", {}, 0),
        ("tzeentch", "tilea", {"warpstone": 2}, 1),
        ("tzeentch", "tilea", {"warpstone": 1}, 0),
    ],
)
def test_dial_counters_from_corruption(power, region, tokens, expected):
    """Rules file §2.6 (Power sheets): Nurgle, Tzeentch, Slaanesh earn a counter placing 2+ tokens in their kind of region."""
    state = corruption_state()
    state["regions"][region]["tokens"].update(tokens)
    place(state, region, power, cultist=2)
    play_step(state, {"proc": "corruption"})
    assert state["p"][power]["dac"] == expected


# -- End phase --------------------------------------------------------------


def test_end_cards_go_to_discard():
    """Seed, Fase Final step 1: Chaos cards leave the board for the discard piles."""
    state = corruption_state()
    state["regions"]["kislev"]["cards"] = [{"power": "khorne", "card": "battle_cry", "cost": 1}]
    play_step(state, {"proc": "end_cards"})
    assert state["regions"]["kislev"]["cards"] == []
    assert state["p"]["khorne"]["discard"] == 1


def test_hero_removes_a_figure_of_highest_threat():
    """Seed, Fase Final step 2: the highest Threat among Powers with figures there removes one figure, once per Hero."""
    state = corruption_state()
    reg = state["regions"]["bretonnia"]
    reg["tokens"]["hero"] = 2
    place(state, "bretonnia", "nurgle", cultist=2)  # Threat 1
    place(state, "bretonnia", "slaanesh", cultist=1, warrior=1)  # Threat 4
    play_step(state, {"proc": "end_heroes"}, {"chaos.hero.r1.bretonnia.1": "warrior"})
    # first Hero: Slaanesh chooses its warrior; second Hero: Slaanesh still highest, one cultist left
    assert reg["figures"]["slaanesh"] == {"cultist": 0, "warrior": 0, "daemon": 0}
    assert reg["figures"]["nurgle"]["cultist"] == 2


@pytest.mark.parametrize(
    "tokens,expected",
    [
        ({"khorne": 6, "nurgle": 4, "tzeentch": 2}, {"khorne": 10, "nurgle": 5}),
        ({"khorne": 5, "nurgle": 5}, {"khorne": 7, "nurgle": 7}),  # (10+5)//2
        ({"khorne": 5, "nurgle": 5, "tzeentch": 5}, {"khorne": 5, "nurgle": 5, "tzeentch": 5}),  # (10+5+0)//3
        ({"khorne": 6, "nurgle": 3, "tzeentch": 3}, {"khorne": 10, "nurgle": 2, "tzeentch": 2}),  # 5//2
        ({"khorne": 6}, {"khorne": 10}),
    ],
)
def test_ruination_scoring_ties(tokens, expected):
    """Seed, Fase Final step 4: most tokens first amount, second most second amount; ties add and share, rounding down."""
    assert {p: v for p, v in ruination_places(tokens, 10, 5).items() if v} == expected


def test_ruined_region_scores_then_turns_face_down():
    """Seed, Fase Final step 4: only cards placed this turn score; then face down and corruption removed."""
    state = corruption_state()
    emp = state["regions"]["the_empire"]
    emp.update(ruin=1, ruin_face_up=True, corruption={"khorne": 6, "nurgle": 4})
    emp["tokens"]["warpstone"] = 2
    old = state["regions"]["norsca"]
    old.update(ruin=2, ruin_face_up=False, corruption={"khorne": 3})
    play_step(state, {"proc": "end_ruination"})
    assert state["p"]["khorne"]["vp"] == 10 and state["p"]["nurgle"]["vp"] == 5
    assert emp["corruption"] == {} and not emp["ruin_face_up"] and emp["ruin"] == 1
    assert emp["tokens"]["warpstone"] == 2  # rules.toml: Warpstone stays (provisional)
    assert old["corruption"] == {"khorne": 3}


def test_dial_ticks_one_each_and_one_more_for_most():
    """Seed, Fase Final step 5: each Power with counters turns once; the one with the most turns once more."""
    state = corruption_state()
    data = data_of(state)
    state["p"]["khorne"]["dac"] = 3
    state["p"]["nurgle"]["dac"] = 1
    assert dial_ticks(state, data) == {"khorne": 2, "nurgle": 1}
    state["p"]["nurgle"]["dac"] = 3
    assert dial_ticks(state, data) == {"khorne": 1, "nurgle": 1}  # tie: nobody has the most (seed 003 l.116, most_tie)


def test_dial_rewards_are_applied():
    """Seed, Fase Final step 5: follow the instruction revealed on the dial (Khorne position 1: +4 VP)."""
    state = corruption_state()
    state["p"]["khorne"]["dac"] = 1
    play_step(state, {"proc": "end_dials"}, {"chaos.dial.khorne.r1.2.upgrade": "cultist"})
    assert state["p"]["khorne"]["dial"] == 2  # only Power with counters: it has the most, +1
    assert state["p"]["khorne"]["vp"] == 4
    assert state["p"]["khorne"]["upgrades"] == ["cultist"]
    assert state["p"]["khorne"]["dac"] == 0


def test_victory_50_vp_at_end_of_round():
    """Seed, Fim de Jogo: 50 VP or more at the end of the End phase wins."""
    state = corruption_state()
    state["p"]["nurgle"]["vp"] = 50
    play_step(state, {"proc": "end_check"})
    assert state["over"] and state["result"] == {"winners": ["nurgle"], "rule": "vp"}


def test_dial_victory_before_vp():
    """Seed, Fim de Jogo: a dial at its victory position wins; rules.toml puts dial winners first (provisional)."""
    state = corruption_state()
    data = data_of(state)
    state["p"]["nurgle"]["vp"] = 60
    state["p"]["slaanesh"]["dial"] = data.ticks_to_win("slaanesh")
    assert winners(state, data) == (["slaanesh"], "dial")


def test_several_vp_winners_most_vp_then_shared():
    """Rules file §3.2: several qualifying Powers — most VP wins; equal VP share the win (provisional)."""
    state = corruption_state()
    data = data_of(state)
    state["p"]["nurgle"]["vp"] = 52
    state["p"]["khorne"]["vp"] = 55
    assert winners(state, data) == (["khorne"], "vp_most_vp")
    state["p"]["nurgle"]["vp"] = 55
    assert winners(state, data) == (["khorne", "nurgle"], "vp_shared")


def test_old_world_wins_when_deck_exhausted():
    """Seed, Fim de Jogo: the Old World deck runs out and nobody has won: the Old World wins."""
    state = corruption_state()
    state["old_world"]["deck"] = 0
    play_step(state, {"proc": "end_check"})
    assert state["over"] and state["result"] == {"winners": [], "rule": "old_world"}
    assert game.next_step(state) is None


def test_game_continues_with_cards_left():
    """Seed, Fase Final step 6: nobody has won, so the next round starts with the Old World phase."""
    state = corruption_state()
    play_step(state, {"proc": "end_check"})
    assert not state["over"] and state["next"] == {"proc": "old_world"}


# -- Domination changed by a card the program does not model: one question for the region (issue 11) ------------


def pact_state():
    state = after_setup()
    state["round"] = 1
    for region in state["regions"].values():
        region["tokens"] = {k: 0 for k in region["tokens"]}
    place(state, "kislev", "slaanesh", warrior=3)
    place(state, "kislev", "nurgle", cultist=3)
    state["regions"]["kislev"]["cards"] = [{"power": "slaanesh", "card": "abyssal_pact", "cost": 0}]
    return state


def test_a_domination_card_asks_the_region_once_and_enter_keeps_the_counted_values():
    """Seed, Fase de Corrupção step 1 (costs + number of figures); a card here changes domination in a way the
    program does not model (Abyssal Pact): the table is asked once for the region, and an empty answer keeps the
    counted values (Slaanesh 0 + 3 = 3, Nurgle 3: a tie, nobody dominates Kislev)."""
    state = pact_state()
    r = play_step(state, {"proc": "domination"}, {"chaos.domination.r1.kislev": ""})
    asked = [e for e in r.transcript if e.kind == "ask"]
    assert [e.id for e in asked] == ["chaos.domination.r1.kislev"]
    assert state["p"]["slaanesh"]["vp"] == 0 and state["p"]["nurgle"]["vp"] == 0
    assert "chaos.domination.tie" in says(r)


def test_the_region_answer_names_only_the_changed_values():
    """'slaanesh 5' changes Slaanesh only; 5 beats Nurgle's 3 and Kislev's resistance 3, so Slaanesh scores its
    conquest value."""
    state = pact_state()
    play_step(state, {"proc": "domination"}, {"chaos.domination.r1.kislev": "Slaanesh 5"})
    assert state["p"]["slaanesh"]["vp"] > 0 and state["p"]["nurgle"]["vp"] == 0


@pytest.mark.parametrize("bad", ["khorne 4", "slaanesh", "slaanesh -1", "slaanesh 100", "orcs 3", "slaanesh 2, slaanesh 3"])
def test_a_region_answer_that_does_not_fit_is_refused_whole(bad):
    """A Power with nothing in the region, a missing or out-of-range value, an unknown name, a Power named twice:
    refused with the reason, nothing scored."""
    from automata.core.runner import BadAnswer

    state = pact_state()
    before = {p: state["p"][p]["vp"] for p in state["powers"]}
    with pytest.raises(BadAnswer):
        play_step(state, {"proc": "domination"}, {"chaos.domination.r1.kislev": bad})
    assert {p: state["p"][p]["vp"] for p in state["powers"]} == before


def _draw(state: dict, power: str, n: int, answers: dict | None = None):
    from automata.chaos.common import draw_cards

    def proc():
        yield from draw_cards(state, power, n)

    return run(proc(), ScriptedAnswers(answers or {}), dice=DiceContext(1, 1))


@pytest.mark.parametrize("n,asks", [(2, False), (3, False), (4, True), (5, False)])
def test_an_unsure_deck_is_counted_only_before_a_draw_that_could_empty_it(n, asks):
    """Rules file §2.5 and seed 003, Fase de Compra: after one unasked discard Tzeentch's deck holds 3 or 4 cards
    (counted 4). Drawing 2 or 3 cannot need the discard pile (nothing asked; the doubt stays); drawing 4 could
    (the table counts the deck first); drawing 5 empties it for sure, and the reshuffle makes the piles known
    again (nothing asked)."""
    state = after_setup()
    state["round"] = 3
    ts = state["p"]["tzeentch"]
    ts.update(hand=0, deck=4, discard=17, deck_unsure=1)
    total = pile_total(state, "tzeentch")
    r = _draw(state, "tzeentch", n, {"chaos.deck.r3.tzeentch": 3})
    assert r.done
    assert any(e.kind == "ask" and e.id == "chaos.deck.r3.tzeentch" for e in r.transcript) == asks
    assert pile_total(state, "tzeentch") == total
    assert ts["hand"] == n
    if asks:  # counted 3: the fourth card lies in the discard pile
        assert "deck_unsure" not in ts
        # counted 3, draws 4: the third card empties the deck, the reshuffled pile (17 + 1) gives the fourth
        assert (ts["deck"], ts["discard"]) == (17, 0)
    elif n in (2, 3):
        assert ts["deck_unsure"] == 1 and (ts["deck"], ts["discard"]) == (4 - n, 17)
    else:  # reshuffled: known again, its size not said (it may hold one card more than counted)
        assert "deck_unsure" not in ts and (ts["deck"], ts["discard"]) == (16, 0)
        assert "chaos.draw.reshuffle_uncounted" in says(r) and "chaos.draw.reshuffle" not in says(r)


def test_unasked_discards_add_up_until_the_deck_is_counted():
    """Rules file §2.5: two rounds of unasked discards leave the deck between deck - 2 and deck; the table's count
    puts the missing cards in the discard pile, and the Power's cards still add up to its deck (§2.8)."""
    state = after_setup()
    ts = state["p"]["tzeentch"]
    for rnd in (1, 2):
        state["round"] = rnd
        while ts["hand"] > 3:  # cards played in the round before, now in the discard pile
            ts["hand"] -= 1
            copies.to_discard(state, "tzeentch")
        play_step(state, {"proc": "draw"})
    assert ts["deck_unsure"] == 2 and copies.deck_range(state, "tzeentch") == (ts["deck"] - 2, ts["deck"])
    deck, discard = ts["deck"], ts["discard"]
    copies.settle(state, "tzeentch", deck - 1)
    assert (ts["deck"], ts["discard"]) == (deck - 1, discard + 1) and "deck_unsure" not in ts
    assert pile_total(state, "tzeentch") == data_of(state).power("tzeentch")["deck_size"]
