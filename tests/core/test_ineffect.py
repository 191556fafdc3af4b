"""What is in effect and the table's reminders (issue 39; automata/core/ineffect.py), with Chaos in the Old World,
the richest game: Old World cards on the track and Chaos cards played in a region this round."""

from __future__ import annotations

import pytest

from automata.chaos import game
from automata.chaos.board import place_card
from automata.core import ineffect
from automata.core.fixstep import WithCorrections
from automata.core.runner import DiceContext, run
from chaos_policy import Policy
from policy_runner import play_steps

SEED = 149


def fresh(until):
    state = game.new_state(game.check_options({"powers": "khorne,nurgle,tzeentch,slaanesh"}), SEED)
    return play_steps(game, state, Policy(SEED), SEED, 400, until=until)


def lines(state, step=None, policy=None):
    """The ids and params of every line a step says (played on ``state``)."""
    step = step or game.next_step(state)
    if policy is None:
        policy = Policy(SEED)
        policy.state = state
    result = run(WithCorrections(game).procedure(state, step), policy, dice=DiceContext(SEED, 1, "table"))
    assert result.done
    return [e.msg for e in result.transcript if e.kind == "say"]


def ids(said):
    return [m.id for m in said]


def cards_raised(said):
    return [m for m in said if m.id == "core.ineffect.raised" and m.params["source"]["id"] == "chaos.ineffect.region_card"]


def test_a_card_in_a_region_is_raised_at_that_regions_battle_only():
    # rules file §2.8, seed 003 l.67: a Chaos card acts in its region until the End phase takes it off
    state = fresh(lambda s: game.next_step(s)["proc"] == "battle")
    step = game.next_step(state)
    region = step["region"]
    place_card(state["regions"][region], {"power": "khorne", "card": "blood_frenzy"})  # early_dice: a battle card
    said = lines(state, step)
    raised = cards_raised(said)
    assert len(raised) == 1 and raised[0].params["source"]["params"]["card"] == "@chaos.card.khorne.blood_frenzy"
    assert raised[0].params["note"]["id"] == "chaos.ineffect.handling.computed"  # the program rolls its dice
    assert said.index(raised[0]) > 0  # after the phase's heading
    assert "core.ineffect.rule" in ids(said)


def test_a_card_left_to_the_table_names_the_card_never_an_effect():
    # docs/chaos.md card table: Field of Carnage is left to the table; the reminder names it and says to read it
    state = fresh(lambda s: game.next_step(s)["proc"] == "battle")
    step = game.next_step(state)
    place_card(state["regions"][step["region"]], {"power": "khorne", "card": "field_of_carnage"})
    raised = cards_raised(lines(state, step))
    assert raised[0].params["note"]["id"] == "chaos.ineffect.handling.table"


def test_a_card_in_another_region_is_not_raised_at_this_battle():
    state = fresh(lambda s: game.next_step(s)["proc"] == "battle")
    step = game.next_step(state)
    other = next(r for r in state["regions"] if r != step["region"])
    place_card(state["regions"][other], {"power": "khorne", "card": "blood_frenzy"})
    assert cards_raised(lines(state, step)) == []


def test_an_old_world_card_with_a_lasting_effect_is_raised_at_the_first_summoning_turn_only():
    # rules file §2.9: cards on the track keep their ongoing effects; teclis_aids_the_empire: ongoing "ask"
    state = fresh(lambda s: game.next_step(s)["proc"] in ("summon", "summon_line") and s["round"] == 1)
    state["old_world"]["track"] = ["teclis_aids_the_empire", ""]
    said = lines(state)
    assert ids(said).count("core.ineffect.raised_all") == 0 and ids(said).count("core.ineffect.raised") == 1
    listed = ineffect.listing("chaos", state)
    assert [e.key for e in listed if e.key.startswith("track.")] == ["track.teclis_aids_the_empire"]
    assert "core.ineffect.raised" not in ids(lines(state))  # the next Power's turn: said once a round


def test_effects_end_when_what_holds_them_leaves_the_state():
    state = fresh(lambda s: game.next_step(s)["proc"] == "end_cards")
    rid = next(iter(state["regions"]))
    place_card(state["regions"][rid], {"power": "khorne", "card": "battle_cry"})
    assert any(e.key.startswith("card.") for e in ineffect.listing("chaos", state))
    lines(state)  # End phase step 1: Chaos cards leave the board
    assert not any(e.key.startswith("card.") for e in ineffect.listing("chaos", state))


def add(state, **fields):
    step = ineffect.remind_step(add=ineffect.check_add("chaos", game, state, fields))
    run(WithCorrections(game).procedure(state, step), dice=DiceContext(SEED, 1, "app"))
    return ineffect.reminders(state)[-1]


def raised_reminders(state, steps):
    """Play ``steps`` steps; the reminder numbers raised at each, with the step's proc."""
    out, policy = [], Policy(SEED)
    policy.state = state
    for _ in range(steps):
        step = game.next_step(state)
        if step is None:
            break
        said = lines(state, step, policy)
        out += [(step["proc"], step.get("round"), m.params["n"]) for m in said if m.id.startswith("core.remind.raised")]
    return out


def test_a_reminder_is_raised_at_its_moment_every_time_it_comes():
    state = fresh(lambda s: game.next_step(s)["proc"] == "old_world")
    add(state, text="count the Warpstone", at="draw")
    got = raised_reminders(state, 40)
    assert got and all(proc == "draw" for proc, _, _ in got)
    assert len({r for _, r, _ in got}) == len(got)  # once a round


def test_a_one_time_reminder_is_raised_once_then_leaves_the_list():
    state = fresh(lambda s: game.next_step(s)["proc"] == "old_world")
    add(state, text="Khorne owes a card", at="domination", once=True)
    got = raised_reminders(state, 40)
    assert [proc for proc, _, _ in got] == ["domination"]
    assert ineffect.reminders(state) == []


def test_a_reminder_at_a_moment_the_round_skips_is_raised_at_the_next_one_that_comes():
    # a round without battles has no 'battle' moment: the reminder comes at the next moment (not lost)
    state = fresh(lambda s: game.next_step(s)["proc"] == "old_world")
    item = add(state, text="check the hero", at="battle", round=state["round"] + 1)
    policy = Policy(SEED)
    policy.state = state
    while state["next"]["proc"] != "battle_start":
        assert not [m for m in lines(state, None, policy) if m.id == "core.remind.raised"]
    state["next"] = {"proc": "domination"}  # no battle this round (seed 003: a region without two Powers)
    said = lines(state, None, policy)
    assert [m.params["n"] for m in said if m.id == "core.remind.raised"] == [item["n"]]
    assert ineffect.reminders(state) == []


def test_a_repeating_reminder_comes_every_n_rounds():
    state = fresh(lambda s: game.next_step(s)["proc"] == "old_world")
    start = state["round"] + 1
    add(state, text="refill the supply", at="corruption", every=2)
    rounds = [r for _, r, _ in raised_reminders(state, 60)]
    assert rounds and rounds[0] == start and all(b - a == 2 for a, b in zip(rounds, rounds[1:]))


def test_a_seat_reminder_waits_for_that_seats_turn():
    state = fresh(lambda s: game.next_step(s)["proc"] == "old_world")
    add(state, text="Nurgle: Plague Touch costs 1 less", at="summoning", seat="nurgle", seat_term="@chaos.power.nurgle",
        once=True)
    policy = Policy(SEED)
    policy.state = state
    seen = []
    for _ in range(12):
        step = game.next_step(state)
        said = lines(state, step, policy)
        seen += [step.get("power") for m in said if m.id == "core.remind.raised_seat"]
    assert seen == ["nurgle"]


@pytest.mark.parametrize("fields, error", [
    ({"text": "x", "at": "lunch"}, "core.remind.unknown_moment"),
    ({"text": " ", "at": "draw"}, "core.remind.no_text"),
    ({"text": "x", "at": "draw", "every": 0}, "core.remind.not_positive"),
    ({"text": "x", "at": "draw", "once": True, "every": 2}, "core.remind.once_alone"),
])
def test_a_reminder_that_cannot_be_set_says_why(fields, error):
    state = fresh(lambda s: game.next_step(s)["proc"] == "old_world")
    with pytest.raises(ineffect.RemindError) as caught:
        ineffect.check_add("chaos", game, state, fields)
    assert caught.value.msg.id == error


def test_a_round_already_over_is_refused():
    state = fresh(lambda s: s["round"] == 2 and game.next_step(s)["proc"] == "domination")
    with pytest.raises(ineffect.RemindError) as caught:
        ineffect.check_add("chaos", game, state, {"text": "x", "at": "draw", "round": 1})
    assert caught.value.msg.id == "core.remind.round_over"


def test_removing_a_reminder_takes_it_off():
    state = fresh(lambda s: game.next_step(s)["proc"] == "old_world")
    item = add(state, text="x", at="draw")
    with pytest.raises(ineffect.RemindError):
        ineffect.check_remove(state, item["n"] + 1)
    run(WithCorrections(game).procedure(state, ineffect.remind_step(remove=item["n"])), dice=DiceContext(SEED, 1, "app"))
    assert ineffect.reminders(state) == []
