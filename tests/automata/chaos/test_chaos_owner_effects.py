"""An owner enters what a printed Old World card does (overrides/chaos.toml), and the program applies it.

Seed 003, Fase do Velho Mundo: the lowest Threat resolves the card's italic text when it is drawn; Fase Final
step 3: the cards on the track resolve their End-phase effects, space 1 then space 2. 16 of the 22 cards have
no public effect text, so the table types what they changed; `tabletop data check chaos` tells the owner to
give ``old_world.<card>.effect`` in the overrides to have it applied. These tests hold the program to that.
"""

from __future__ import annotations

import pytest

from automata.chaos import game
from automata.chaos.data import load, provisional_items
from automata.core.gamedata import DataError
from chaos_policy import Policy
from policy_runner import play_steps

ASKED = [c["id"] for c in load().old_world_cards if "effect" not in c]


def test_some_cards_have_no_effect_in_the_shipped_data():
    assert len(ASKED) >= 10  # the precondition of this file: the data gap of old_world.toml


@pytest.mark.parametrize("card_id", ASKED)
def test_an_owner_effect_is_taken_and_no_longer_listed(card_id):
    data = load({"old_world": {card_id: {"effect": [{"token": "noble", "choose": 1}]}}})
    card = data.old_world_card(card_id)
    assert card["effect"] == [{"token": "noble", "choose": 1}]
    assert card["handling"] == "computed"
    assert card["confidence"] == "owner"
    assert f"old_world.{card_id}.effect" not in {i["key"] for i in provisional_items(data)}
    assert "effect" not in load().old_world_card(card_id)  # the shipped data is untouched


def test_an_owner_end_effect_means_the_card_prints_one():
    """Fase Final step 3 resolves only the cards that print an End-phase effect: giving one says the card prints it;
    a card the data says prints none needs ``end_phase_effect = "yes"`` with it (in any order), else it is refused."""
    END = [{"draw": 1, "figures_with": "warpstone"}]
    unknown = next(c["id"] for c in load().old_world_cards if c["id"] in ASKED and c["end_phase_effect"] == "ask")
    assert load({"old_world": {unknown: {"end_effect": END}}}).old_world_card(unknown)["end_phase_effect"] == "yes"
    printed_none = next(c["id"] for c in load().old_world_cards if c["id"] in ASKED and c["end_phase_effect"] == "no")
    with pytest.raises(DataError, match="end_phase_effect"):
        load({"old_world": {printed_none: {"end_effect": END}}})
    for order in ({"end_phase_effect": "yes", "end_effect": END}, {"end_effect": END, "end_phase_effect": "yes"}):
        card = load({"old_world": {printed_none: order}}).old_world_card(printed_none)
        assert (card["end_phase_effect"], card["end_effect"]) == ("yes", END)


@pytest.mark.parametrize("bad, words", [
    ("noble", "list"),
    (["noble"], "table"),
    ([{"token": "dragon", "where": ["kislev"]}], "token"),
    ([{"token": "noble"}], "where"),
])
def test_a_wrong_owner_effect_is_refused_with_the_reason(bad, words):
    with pytest.raises(DataError, match=words):
        load({"old_world": {ASKED[0]: {"effect": bad}}})


def test_effect_is_open_only_on_old_world_cards():
    with pytest.raises(DataError, match="unknown key"):
        load({"regions": {"kislev": {"effect": []}}})


class _Drawing(Policy):
    """The scripted table, drawing ``card_id`` and noting every question id it is asked."""

    def __init__(self, card_id: str):
        super().__init__(5)
        self.card_id, self.asked = card_id, []

    def answer(self, ask):
        self.asked.append(ask.id)
        if ask.id == "chaos.oldworld.card":
            return self.card_id, "answers"
        return super().answer(ask)


def _played_until(overrides: dict, card_id: str, steps: int, until):
    """A four-Power game with ``overrides``, the table drawing ``card_id``, played until ``until(state)``."""
    options = game.check_options({"powers": "khorne,nurgle,tzeentch,slaanesh"})
    if overrides:
        options["overrides"] = overrides
    state = game.new_state(options, 5)
    table = _Drawing(card_id)
    play_steps(game, state, table, 5, steps, until=until)
    assert until(state)
    return state, table.asked


def _first_old_world_phase(overrides: dict, card_id: str):
    """Setup and round 1's Old World phase, the table drawing ``card_id``."""
    state, asked = _played_until(overrides, card_id, 40, lambda s: s["old_world"].get("drawn"))
    assert state["old_world"]["drawn"] == [card_id]
    return state, asked


def test_the_draw_applies_the_owner_effect_instead_of_asking_what_changed():
    card_id = ASKED[0]
    where = load().region_ids[0]
    shipped_state, asked_shipped = _first_old_world_phase({}, card_id)
    assert "chaos.oldworld.changes" in asked_shipped  # without the owner's effect the table is asked
    # seed line 22: the starting tokens are Nobles, Warpstone and Peasants, never a Hero
    assert shipped_state["regions"][where]["tokens"].get("hero", 0) == 0
    state, asked = _first_old_world_phase({"old_world": {card_id: {"effect": [{"token": "hero", "where": [where]}]}}}, card_id)
    assert "chaos.oldworld.changes" not in asked
    assert state["regions"][where]["tokens"].get("hero", 0) == 1


def _through_first_end_phase(overrides: dict, card_id: str) -> list[str]:
    """Round 1 up to its End phase's Old World cards resolved; the question ids asked."""
    return _played_until(overrides, card_id, 80, lambda s: s.get("next", {}).get("proc") == "end_ruination")[1]


def test_the_end_phase_applies_the_owner_end_effect_instead_of_asking():
    card_id = next(c["id"] for c in load().old_world_cards if c["id"] in ASKED and c["end_phase_effect"] == "ask")
    asked_shipped = _through_first_end_phase({}, card_id)
    assert f"chaos.oldworld.{card_id}.end_phase" in asked_shipped
    asked = _through_first_end_phase({"old_world": {card_id: {"end_effect": [{"discard": 1, "figures_in": "norsca"}]}}}, card_id)
    assert f"chaos.oldworld.{card_id}.end_phase" not in asked
    assert not any(a.startswith("chaos.end.oldworld.") for a in asked)
