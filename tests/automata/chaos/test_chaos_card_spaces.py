"""Chaos cards keep the space they were put in (seed 003 line 67: two spaces a region; when two cards of a region
act at the same time, the left one resolves first). A card that stays on the board in the End phase (The
Persistence of Change, rules file §2.10) keeps its space, and the next card goes into the space left free, which
the program names to the table."""

from __future__ import annotations

from automata.chaos import board
from automata.chaos.endphase import end_cards
from automata.chaos.game import data_of, new_state, check_options
from automata.core.runner import ScriptedAnswers, run


def _state():
    return new_state(check_options({"powers": "khorne,nurgle,tzeentch,slaanesh"}), 3)


def test_a_card_goes_to_the_first_free_space_and_the_list_keeps_the_spaces_order():
    region = {"cards": []}
    assert board.place_card(region, {"power": "khorne", "card": "a", "cost": 1}) == 1
    assert board.place_card(region, {"power": "nurgle", "card": "b", "cost": 1}) == 2
    assert [e["card"] for e in region["cards"]] == ["a", "b"]
    region = {"cards": [{"power": "tzeentch", "card": "stays", "cost": 1, "space": 2}]}
    assert board.place_card(region, {"power": "khorne", "card": "new", "cost": 1}) == 1
    assert [(e["card"], e["space"]) for e in region["cards"]] == [("new", 1), ("stays", 2)]
    old = {"cards": [{"power": "tzeentch", "card": "old", "cost": 1}]}  # a save written before spaces were kept
    assert board.place_card(old, {"power": "khorne", "card": "new", "cost": 1}) == 2


def test_a_card_that_stays_keeps_its_space():
    state = _state()
    data = data_of(state)
    stay = next(c for c in data.chaos_cards("tzeentch") if c.get("may_stay"))
    other = next(c for c in data.chaos_cards("khorne") if not c.get("may_stay"))
    rid = data.region_ids[0]
    region = state["regions"][rid]
    board.place_card(region, {"power": "khorne", "card": other["id"], "cost": other["cost"]})
    board.place_card(region, {"power": "tzeentch", "card": stay["id"], "cost": stay["cost"]})
    state["round"] = 1
    answers = {f"chaos.end.r1.{rid}.2.stays": "yes"}
    got = run(end_cards(state, data), ScriptedAnswers(answers))
    assert got.done
    assert [(e["card"], e["space"]) for e in region["cards"]] == [(stay["id"], 2)]
    assert board.place_card(region, {"power": "nurgle", "card": "x", "cost": 1}) == 1
