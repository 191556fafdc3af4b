"""Time of Crisis, issue 38 item 2: rules found wrong in play for a human Emperor (the Limitation after a death to
barbarians in the player's own Crisis Phase; a Populace Emperor cannot leave office in the player's own turn).

Seed 000 (000_11c43f9f500dfc03.txt), Ações e Como Jogar: line 90 (Limitações), line 112 (Populace Emperor,
Removal)."""

from __future__ import annotations

import copy

import pytest

from automata.core.runner import BadAnswer, run
from automata.toc import game
from test_toc_turn import Recording, after_setup, play


def _human_reigns(state, kind: str, player: int = 1):
    state["emperor"] = "human"
    state["human_emperor"] = {"player": player, "type": kind}


def _emperor_question(source):
    return next(a for a in source.asks if a.id.endswith(".emperor"))


def test_a_human_emperor_killed_by_barbarians_in_its_own_crisis_cannot_retake_italia_that_turn():
    """Seed 000 line 90 (Limitações: no Place Governor in Italia for a player who has been Emperor at any point of the
    current turn), as for a bot (test_toc_emperor_killed): human player 1's Military Emperor dies to an invasion in
    their own Crisis Phase; "human player 1 took Italia" stays in its place in the menu, refused with the reason."""
    state = after_setup()
    _human_reigns(state, "military")
    answers = {"toc.human1.crisis": "barbarians", "toc.human1.invasion.emperor_killed": "yes", "toc.human1.emperor": "human"}
    trial = copy.deepcopy(state)
    source = Recording(answers)
    with pytest.raises(BadAnswer):
        run(game.procedure(trial, {"proc": "human", "i": 1}), source)
    took = next(c for c in _emperor_question(source).choices if c.value == "human")
    assert took.unavailable is not None and took.unavailable.id == "toc.emperor.limitation_took"
    r = play(state, {"proc": "human", "i": 1}, {**answers, "toc.human1.emperor": "none"})
    assert state["emperor"] == "none" and "human_emperor" not in state
    assert not [a for a in r.asks if a.id == "toc.human1.emperor_type"]


@pytest.mark.parametrize("killed", ["no", "yes"])
def test_another_human_may_take_italia_after_the_invasion(killed):
    """Seed 000 line 90: the Limitation is the Emperor's own; human player 2, never Emperor this turn, may still take
    Italia in their turn after human player 1's Military Emperor died (or not) to an invasion."""
    state = after_setup(humans=2, bots="red,blue")
    _human_reigns(state, "military")
    answers = {"toc.human2.crisis": "barbarians", "toc.human2.invasion.emperor_killed": killed,
               "toc.human2.emperor": "human" if killed == "yes" else "took", "toc.human2.emperor_type": "senate"}
    r = play(state, {"proc": "human", "i": 2}, answers)
    assert state["human_emperor"] == {"player": 2, "type": "senate"}
    question = next(a for a in r.asks if a.id == "toc.human2.emperor")
    assert [c for c in question.choices if c.value in ("human", "took") and c.unavailable is not None] == []


def test_a_human_populace_emperor_is_not_offered_left_office_in_their_own_turn():
    """Seed 000 line 112 (Populace Emperor, Removal: only another player's successful Place Governor in Italia or in
    the Emperor token's province): in human player 1's own turn their Populace Emperor cannot leave office, so "left
    office" stays in its place, refused with the reason (as the Senate Emperor's, line 103)."""
    state = after_setup(humans=2, bots="red,blue")
    _human_reigns(state, "populace", player=1)
    source = Recording({"toc.human1.crisis": "other", "toc.human1.emperor": "none"})
    with pytest.raises(BadAnswer):
        run(game.procedure(copy.deepcopy(state), {"proc": "human", "i": 1}), source)
    left = next(c for c in _emperor_question(source).choices if c.value == "none")
    assert left.unavailable is not None and left.unavailable.id == "toc.emperor.populace_stays"
    # in human player 2's turn, player 2 may have won a Place Governor in the Emperor token's province: offered
    trial = copy.deepcopy(state)
    play(trial, {"proc": "human", "i": 2}, {"toc.human2.crisis": "other", "toc.human2.emperor": "none"})
    assert trial["emperor"] == "none"


# -- Ludi Saeculares: the two decisions taken from provisional settings say so ----------------------------------


def _provisional_keys(result) -> list[str]:
    return [e.msg.params["key"] for e in result.transcript if e.kind == "say" and e.msg.id == "toc.provisional"]


def test_ludi_drawn_by_the_emperor_bot_itself_says_the_same_turn_reading_is_provisional():
    """Seed 000 line 36 (Ludi Saeculares: -4 Secondary 'em seu próximo turno') and rules file §1.8 G3 (a program
    decision, settings.ludi_own_turn, provisional): drawn in the Emperor bot's own Crisis Phase the -4 applies in this
    turn, and the table is told PROVISIONAL with the key; drawn in another faction's turn, no such note."""
    state = after_setup()
    c, other = state["bot_order"][0], state["bot_order"][1]
    state["emperor"] = c
    state["bots"][c]["emperor_type"] = "senate"
    r = play(copy.deepcopy(state), {"proc": "bot_crisis", "bot": c}, {f"toc.{c}.crisis": "ludi_saeculares"})
    assert _provisional_keys(r) == ["settings.ludi_own_turn"]
    r = play(state, {"proc": "bot_crisis", "bot": other}, {f"toc.{other}.crisis": "ludi_saeculares"})
    assert _provisional_keys(r) == []


@pytest.mark.parametrize("marker,said", [("portrait", True), ("plus2", False)])
def test_the_ludi_marker_removed_on_the_portrait_side_says_provisional(marker, said):
    """Seed 000 line 61 (the Ludi marker is removed as the mode marker returns from '+2') and rules file §1.8 G2
    (settings.ludi_marker_removal 'after_use', provisional: also removed on the portrait side once it has reduced
    Secondary): removed on the portrait side, the table is told PROVISIONAL with the key; from '+2', the seed's
    own rule, nothing provisional about the marker."""
    state = after_setup()
    c = state["bot_order"][0]
    bot = state["bots"][c]
    bot.update(ludi=True, ludi_applied=True, marker=marker)
    r = play(state, {"proc": "bot_buy", "bot": c}, {f"toc.{c}.political": "0"})
    assert not bot["ludi"]
    assert ("settings.ludi_marker_removal" in _provisional_keys(r)) == said
