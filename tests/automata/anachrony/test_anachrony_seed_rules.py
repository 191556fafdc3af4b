"""Seed 002 rules the other Anachrony tests did not check yet, each by its line in the seed
(/work/shared/seeds/002_2d3dd3b9934b1095.txt): what the program says at the table where a rule applies, and
the bookkeeping behind it (rules file §1.6-§1.7 restates the lines)."""

from __future__ import annotations

import pytest

from automata.anachrony import spaces
from automata.anachrony.actions import event_choices
from automata.anachrony.data import load
from anachrony_steps import asked, play, said, say_params
from automata.core.runner import BadAnswer
from test_anachrony_eras import action, phase, ready

DATA = load()


def impact(state):
    state["era"] = 4
    return play(state, {"anachrony.impact.done": True}, {"proc": "impact", "era": 4})


@pytest.mark.parametrize("tile", ["construct", "recruit", "research"])
def test_a_hypersync_action_says_its_capital_action_and_that_the_tile_stays_pending(tile):
    """Seed l.59-60, l.82-86, l.95: the tile goes above this Era's Timeline tile and its Capital Action is taken
    without an Exosuit: Construct with 1 Titanium off (as if an Engineer built it), Recruit from the general supply
    limited to this Era's Recruit card with the Worker's bonus, Research as usual; the tile stays pending (no
    retrieve effect brings it back) and no second tile goes out this Era."""
    state = ready(3, "hypersync")
    r = action(state, 2, {"anachrony.action": "hypersync:p2", "anachrony.hypersync.p2.tile": tile})
    assert state["players"]["p2"]["hypersync"][tile] == {"state": "pending", "era": 2}
    (do,) = say_params(r, f"anachrony.hypersync.do_{tile}")
    assert do.get("discount", DATA.rules["hypersync"]["construct_titanium_discount"]) == 1
    assert "anachrony.hypersync.pending_rule" in said(r)
    assert "hypersync:p2" not in [c.value for c in event_choices(state, DATA)]


def test_preparation_with_hypersync_says_the_recruit_card_limits_the_recruit_tile():
    """Seed l.86: a Recruit Hypersync Action takes only a Worker type shown on this Era's Recruit card."""
    assert "anachrony.prep.hypersync_recruit" in said(phase(ready(2, "hypersync"), 2, "preparation"))
    assert "anachrony.prep.hypersync_recruit" not in said(phase(ready(2, "quantum-loops"), 2, "preparation"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_supercharge_tiles_never_flip_so_a_hypersync_space_is_free_again_next_era(players):
    """Seed l.69 (X3): unlike the Collapsing Capital tiles, the Supercharge tiles are neither removed nor flipped
    when an Exosuit leaves them, and they do not count for the end of the game: a Hypersync space used after the
    Impact is free in the next Era, while a Negotiate space with a Collapsing tile (l.74) goes Hex Unavailable."""
    state = ready(players, "hypersync,intrigues")
    r = impact(state)
    assert "anachrony.impact.supercharge_rule" in said(r) and state["supercharge"]
    state["players"]["p1"]["hypersync"]["research"] = {"state": "pending", "era": 3}
    action(state, 5, {"anachrony.action": "recover:p1", "anachrony.recover.p1.supercharge": 0})
    action(state, 5, {"anachrony.action": "negotiate:p2", "anachrony.negotiate.p2.space": "top",
                      "anachrony.negotiate.p2.worker": "scientist", "anachrony.negotiate.p2.kept": "1+1"})
    assert spaces.taken(state, "hypersync") == {"left": "p1"}
    phase(state, 5, "clean_up", {"anachrony.clean_up.first": "same"})
    assert "hypersync" not in (state.get("collapsed") or {}) and spaces.collapsed(state, "negotiate") == ["top"]
    state["players"]["p1"]["hypersync"]["research"] = {"state": "pending", "era": 4}
    assert "recover:p1" in [c.value for c in event_choices(state, DATA)]


def test_negotiate_after_the_impact_reminds_the_collapsing_bonus():
    """Seed l.74: after the Impact the Council Chamber carries Collapsing tiles as the Capital Actions do, so a
    Negotiate on such a space takes the tile's bonus too; before the Impact nothing is said."""
    state = ready(3, "intrigues")
    ans = {"anachrony.action": "negotiate:p1", "anachrony.negotiate.p1.space": "top",
           "anachrony.negotiate.p1.worker": "engineer", "anachrony.negotiate.p1.kept": "1+0"}
    assert "anachrony.negotiate.collapsing" not in said(action(state, 3, ans))
    impact(state)
    ans["anachrony.negotiate.p1.space"] = "middle"
    assert "anachrony.negotiate.collapsing" in said(action(state, 5, ans))


@pytest.mark.parametrize("era", [1, 3, 5, 6])
def test_every_power_up_with_intrigues_keeps_one_secret_mission(era):
    """Seed l.55 (and l.73 for Eras 5-6): in each Power Up every player keeps one Mission, secret in the standee."""
    state = ready(2, "intrigues")
    if era > 4:
        for pl in state["players"].values():
            pl["intrigues"]["deck"], pl["intrigues"]["emergency"] = 0, 7 - era
    r = phase(state, era, "power_up")
    assert "anachrony.mission.secret" in said(r)
    assert all(pl["intrigues"]["mission"] == {"era": era, "kind": "mission" if era <= 4 else "emergency", "revealed": False}
               for pl in state["players"].values())


def test_a_mission_rewards_second_tile_is_the_same_turn_without_asking():
    """Seed 002 l.124 (several Agenda tiles placed in one turn go in different rows) with l.139 (all three conditions
    met: two rewards): the two tiles a revealed Mission places come in one Free Action, so the program knows they are
    the same turn: it asks no 'same turn?' and never offers the first tile's row to the second."""
    state = ready(3, "intrigues")
    phase(state, 1, "power_up")
    state["players"]["p1"]["intrigues"].update(objectives=1, values=1)
    r = action(state, 1, {"anachrony.action": "mission:p1", "anachrony.mission.p1.met": 3, "anachrony.mission.p1.vp": 0,
                          "anachrony.mission.p1.agenda": 2, "anachrony.agenda.p1.row": ["objective:1", "value:2"],
                          "anachrony.agenda.p1.number": 3})
    assert "anachrony.agenda.p1.same_turn" not in asked(r)
    assert [(row["objective"], row["value"]) for row in state["agenda"][:2]] == [(1, 0), (0, 1)]
    state["players"]["p2"]["intrigues"].update(objectives=2)
    state["players"]["p2"]["intrigues"]["mission"] = {"era": 1, "kind": "mission", "revealed": False}
    with pytest.raises(BadAnswer) as refused:  # the second tile of the same reward never goes in the first one's row
        action(state, 1, {"anachrony.action": "mission:p2", "anachrony.mission.p2.met": 3, "anachrony.mission.p2.vp": 0,
                          "anachrony.mission.p2.agenda": 2, "anachrony.agenda.p2.row": ["3", "3"]})
    assert refused.value.ask_id == "anachrony.agenda.p2.row"


def test_a_quantum_loop_cards_payback_is_asked_once_then_known():
    """Seed 002 l.101: the Quantum Warp is paid back with a Breakthrough of the icon and shape shown on the Quantum
    Loop card. The card shows the same one every time, so once the table has said it (the first take), a later take
    of that card (after it came back to the offer) is not asked again: the program says it."""
    state = ready(2, "quantum-loops")
    card = state["ql"]["offer"][0]
    phase(state, 1, "warp", {"anachrony.warp.quantum": ["p1"], "anachrony.warp.p1.card": card,
                             "anachrony.warp.p1.payback": "triangle 4"})
    action(state, 2, {"anachrony.action": "quantum_payback:p1"})
    assert card in state["ql"]["offer"]
    r = phase(state, 3, "warp", {"anachrony.warp.quantum": ["p2"], "anachrony.warp.p2.card": card})
    assert "anachrony.warp.p2.payback" not in asked(r)
    assert state["players"]["p2"]["quantum"] == {"warp": "timeline", "era": 3, "card": card, "payback": "triangle 4"}
    assert "anachrony.warp.payback_known" in said(r)


@pytest.mark.parametrize("modules,last", [("intrigues", 6), ("hypersync", 7)])
def test_no_first_player_question_after_the_last_era(modules, last):
    """Seed 002 l.38 (with Intrigues the game ends at the end of Era 6; rules file §2.3: else after Era 7): the Clean
    Up of the last Era starts no Era, so who takes the First Player spot changes nothing and is not asked; the Eras
    before still ask it."""
    state = ready(2, modules)
    r = phase(state, last - 1, "clean_up", {"anachrony.clean_up.first": "p2", "anachrony.clean_up.collapsed": False})
    assert "anachrony.clean_up.first" in asked(r) and state["first"] == "p2"
    if last - 1 == 4:
        play(state, {"anachrony.impact.done": True})
    r = phase(state, last, "clean_up", {})
    assert "anachrony.clean_up.first" not in asked(r) and state["next"] == {"proc": "end"}


def test_a_save_from_before_keeps_the_questions_it_was_played_with():
    """A save made before these questions were answered by the program (no options 'asks') replays its journal with
    the questions it was played with: the same-turn question of a Mission's second tile, a Loop card's payback at
    each take, the First Player at the last Clean Up (undo and restore replay the journal answer for answer)."""
    state = ready(2, "quantum-loops,intrigues")
    del state["options"]["asks"]
    phase(state, 1, "power_up")
    state["players"]["p1"]["intrigues"].update(objectives=1, values=1)
    r = action(state, 1, {"anachrony.action": "mission:p1", "anachrony.mission.p1.met": 3, "anachrony.mission.p1.vp": 0,
                          "anachrony.mission.p1.agenda": 2, "anachrony.agenda.p1.row": ["objective:1", "value:2"],
                          "anachrony.agenda.p1.number": 3, "anachrony.agenda.p1.same_turn": True})
    assert "anachrony.agenda.p1.same_turn" in asked(r)
    card = state["ql"]["offer"][0]
    phase(state, 1, "warp", {"anachrony.warp.quantum": ["p1"], "anachrony.warp.p1.card": card,
                             "anachrony.warp.p1.payback": "triangle 4"})
    action(state, 2, {"anachrony.action": "quantum_payback:p1"})
    r = phase(state, 3, "warp", {"anachrony.warp.quantum": ["p2"], "anachrony.warp.p2.card": card,
                                 "anachrony.warp.p2.payback": "triangle 4"})
    assert "anachrony.warp.p2.payback" in asked(r)
    r = phase(state, 6, "clean_up", {"anachrony.clean_up.first": "same"})
    assert "anachrony.clean_up.first" in asked(r)
