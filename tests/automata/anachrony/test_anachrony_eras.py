"""Anachrony Eras: the phases with each module's changes (seed 002 "Fluxo do Jogo" and "Ações e Como
Jogar"; rules file §1.6-§1.8, §2.3, §2.5, §2.9, §2.14)."""

from __future__ import annotations

import pytest

from automata.anachrony import agenda
from automata.anachrony import actions, game, spaces
from automata.anachrony.actions import eligible
from automata.anachrony.data import load
from anachrony_steps import asked, new, play, said, say_params, through_setup
from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run

DATA = load()
ALL = "neutronide,hypersync,quantum-loops,intrigues"


def ready(players=3, modules=ALL, **kw):
    return through_setup(new(players, modules, **kw))


def phase(state, era, name, answers=None):
    return play(state, answers or {}, {"proc": "phase", "era": era, "phase": name})


def action(state, era, answers):
    state["era"] = era
    return play(state, answers, {"proc": "actions", "era": era, "k": 2})


# -- Preparation: the Quantum Loop offer (seed P1-P2) -------------------------------------------------------


def test_preparation_refills_the_offer_to_three_from_the_deck():
    state = ready()
    ql = state["ql"]
    ql["deck"] = ql["offer"][1:] + ql["deck"]
    ql["offer"] = ql["offer"][:1]
    top = ql["deck"][:2]
    r = phase(state, 2, "preparation")
    assert ql["offer"][1:] == top and len(ql["offer"]) == 3
    assert said(r).count("anachrony.ql.reveal_app") == 2


def test_preparation_keeps_more_than_three_cards():
    """Seed P2: cards returned may leave more than 3 in the offer; none is discarded."""
    state = ready()
    ql = state["ql"]
    ql["offer"].append(ql["deck"].pop())
    before = list(ql["offer"])
    r = phase(state, 2, "preparation")
    assert ql["offer"] == before and "anachrony.ql.offer_full" in said(r)


def test_preparation_with_an_empty_deck_leaves_the_offer_short():
    state = ready()
    ql = state["ql"]
    ql["offer"], ql["deck"] = ql["offer"][:1], []
    r = phase(state, 3, "preparation")
    assert len(ql["offer"]) == 1 and "anachrony.ql.deck_empty" in said(r)


def test_preparation_by_the_table_asks_which_card_came_up():
    state = through_setup(new(3, ALL, random="table"), **{
        "anachrony.setup.ql_offer": ["cosmic_data_leak", "foreign_labor", "future_blueprints"]})
    ql = state["ql"]
    card = ql["offer"].pop()
    ql["deck"].append(card)
    r = phase(state, 2, "preparation", {"anachrony.ql.revealed": card})
    assert ql["offer"][-1] == card and "anachrony.ql.revealed" in asked(r)


def test_paradox_is_skipped_in_era_one():
    """Rules file §2.3: Era 1 has no Paradox phase."""
    state = ready()
    phase(state, 1, "preparation")
    assert game.next_step(state) == {"proc": "phase", "era": 1, "phase": "power_up"}
    phase(state, 2, "preparation")
    assert game.next_step(state) == {"proc": "phase", "era": 2, "phase": "paradox"}


def test_paradox_reminds_that_an_anomaly_lets_its_player_take_back_a_warp_tile():
    """Rules file §2.6 (5): after all the rolls, a player who gained an Anomaly may take back one Warp tile from any
    Timeline tile, with no Time Travel step."""
    state = ready(2, "")
    r = phase(state, 2, "paradox")
    ids = said(r)
    assert ids.index("anachrony.paradox.anomaly") < ids.index("anachrony.paradox.anomaly_warp_back")


# -- Paradox with Hypersync (rules file §2.14.2) -------------------------------------------------------------


def test_extra_paradox_roll_for_the_most_hypersync_tiles_in_play():
    state = ready()
    state["players"]["p2"]["hypersync"]["research"] = {"state": "pending", "era": 1}
    state["players"]["p2"]["hypersync"]["recruit"] = {"state": "pending", "era": 2}
    state["players"]["p3"]["hypersync"]["recruit"] = {"state": "pending", "era": 2}
    r = phase(state, 3, "paradox")
    extra = say_params(r, "anachrony.paradox.hypersync_extra")
    assert len(extra) == 1 and extra[0]["n"] == 2 and len(extra[0]["players"]) == 1


# -- Power Up: Missions (seed M1-M2, X4) ----------------------------------------------------------------------


def test_missions_by_era_then_emergency_missions():
    state = ready(2, "intrigues")
    for era in (1, 2, 3, 4):
        phase(state, era, "power_up")
        assert all(p["intrigues"]["deck"] == 8 - 2 * era for p in state["players"].values())
        assert all(p["intrigues"]["mission"] == {"era": era, "kind": "mission", "revealed": False} for p in state["players"].values())
    state["era"] = 4
    play(state, {"anachrony.impact.done": True}, {"proc": "impact", "era": 4})
    assert all(p["intrigues"]["emergency"] == 2 for p in state["players"].values())
    r5 = phase(state, 5, "power_up")
    assert all(p["intrigues"]["mission"]["kind"] == "emergency" for p in state["players"].values())
    assert "anachrony.mission.emergency_first" in said(r5)
    r6 = phase(state, 6, "power_up")
    assert "anachrony.mission.emergency_second" in said(r6)
    assert all(p["intrigues"]["emergency"] == 0 for p in state["players"].values())


# -- Warp: the Quantum Warp (seed W1-W4, L2-L4) --------------------------------------------------------------


def test_quantum_warp_cards_are_picked_in_turn_order():
    state = ready(3, "quantum-loops")
    state["first"] = "p3"
    offer = list(state["ql"]["offer"])
    r = phase(state, 1, "warp", {"anachrony.warp.quantum": ["p1", "p3"], "anachrony.warp.p3.card": offer[0],
                                 "anachrony.warp.p1.card": offer[0] if False else offer[1],
                                 "anachrony.warp.p3.payback": "square 2", "anachrony.warp.p1.payback": "circle 4"})
    order = [a for a in asked(r) if a.endswith(".card")]
    assert order == ["anachrony.warp.p3.card", "anachrony.warp.p1.card"]
    assert state["players"]["p3"]["quantum"] == {"warp": "timeline", "era": 1, "card": offer[0], "payback": "square 2"}
    assert state["ql"]["offer"] == offer[2:]


def test_quantum_warp_without_a_card_goes_back_to_the_supply():
    """Seed W4 (l.65): no card wanted (or none left): the Quantum Warp is taken back, no other tile in its place.
    With one card for two players, the second (in turn order, l.65) finds none."""
    state = ready(2, "quantum-loops")
    state["ql"]["offer"] = state["ql"]["offer"][:1]
    card = state["ql"]["offer"][0]
    r = phase(state, 1, "warp", {"anachrony.warp.quantum": ["p1", "p2"], "anachrony.warp.p1.card": card,
                                 "anachrony.warp.p1.payback": "circle 1"})
    assert say_params(r, "anachrony.warp.no_card")[0]["player"] == {"id": "anachrony.player", "params": {"n": 2}}
    assert state["players"]["p2"]["quantum"]["warp"] == "supply" and state["players"]["p1"]["quantum"]["card"] == card


@pytest.mark.parametrize("players", [2, 3, 4])
def test_with_an_empty_offer_nobody_is_asked_about_the_quantum_warp(players):
    """Seed W4 (l.65): with no Quantum Loop card available, a revealed Quantum Warp takes none and goes back to its
    owner: who revealed one would change nothing, so it is not asked; the rule is said instead."""
    state = ready(players, "quantum-loops")
    state["ql"]["deck"] += state["ql"]["offer"]
    state["ql"]["offer"] = []
    r = phase(state, 2, "warp", {})
    assert "anachrony.warp.quantum" not in asked(r) and "anachrony.warp.no_offer" in said(r)
    assert all(pl["quantum"]["warp"] == "supply" for pl in state["players"].values())
    assert state["next"] == {"proc": "actions", "era": 2, "k": 1}


def test_quantum_warp_paid_back_returns_the_card_to_the_offer():
    state = ready(2, "quantum-loops")
    card = state["ql"]["offer"].pop(0)
    state["players"]["p1"]["quantum"] = {"warp": "timeline", "era": 1, "card": card, "payback": "circle 2"}
    assert eligible(state | {"era": 1}, DATA, "quantum_payback") == []  # not on the present Era's tile
    state["era"] = 2
    assert eligible(state, DATA, "quantum_payback") == ["p1"]
    action(state, 2, {"anachrony.action": "quantum_payback"})
    assert state["players"]["p1"]["quantum"] == {"warp": "supply"}
    assert state["ql"]["offer"][-1] == card


def test_cosmic_data_leak_with_intrigues_draws_endgame_conditions():
    """Rules file §2.14.3: with Intrigues, Cosmic Data Leak draws 2 Endgame Condition cards from the box."""
    state = ready(2, "quantum-loops,intrigues")
    state["ql"]["offer"] = ["cosmic_data_leak"] + state["ql"]["offer"][1:]
    r = phase(state, 1, "warp", {"anachrony.warp.quantum": ["p1"], "anachrony.warp.p1.card": "cosmic_data_leak",
                                 "anachrony.warp.p1.payback": "triangle 1"})
    assert "anachrony.warp.leak_intrigues" in said(r) and state["players"]["p1"]["quantum"]["leak"]


# -- Action Rounds: Hypersync (seed A1-A2, R1-R6) ------------------------------------------------------------------


def test_one_hypersync_tile_per_era_and_recovery_from_a_past_era_only():
    state = ready(2, "hypersync")
    state["era"] = 2
    action(state, 2, {"anachrony.action": "hypersync:p1", "anachrony.hypersync.p1.tile": "recruit"})
    assert state["players"]["p1"]["hypersync"]["recruit"] == {"state": "pending", "era": 2}
    assert eligible(state, DATA, "hypersync") == ["p2"]
    assert eligible(state, DATA, "recover") == []  # the tile sits on the present Era
    state["era"] = 3
    assert "p1" in eligible(state, DATA, "hypersync") and eligible(state, DATA, "recover") == ["p1"]
    r = action(state, 3, {"anachrony.action": "recover"})
    assert state["players"]["p1"]["hypersync"]["recruit"] == {"state": "available"}
    assert state["players"]["p1"]["vp"] == 2
    do = say_params(r, "anachrony.recover.do")[0]
    assert do["space"] == "@anachrony.hs_space.middle" and do["workers"] == ["@anachrony.worker.administrator", "@anachrony.worker.genius"]


def test_right_hypersync_space_takes_engineers_only_unless_the_owner_says_so():
    """Seed R5 (Engineers only) and the owner switch for the public rulebook's Genius (rules file §1.9)."""
    assert DATA.hypersync_space_workers("right") == ["engineer"]
    owner = load({"rules": {"hypersync": {"genius_on_construct_space": True}}})
    assert owner.hypersync_space_workers("right") == ["engineer", "genius"]


def test_recovery_uses_the_copy_space_only_when_the_own_space_is_taken():
    """Seed R2, R5 with rules file §2.10 (one Exosuit per space per Era): a tile is recovered on its own
    Hypersync space while that is free; once taken this Era, only the fourth space (4 players, 2 Water) can copy
    it; the program keeps both, so it asks neither (issue 30 item 15)."""
    for players in (3, 4):
        state = ready(players, "hypersync")
        for p in ("p1", "p2"):
            state["players"][p]["hypersync"]["construct"] = {"state": "pending", "era": 1}
        r = action(state, 2, {"anachrony.action": "recover:p1"})
        assert say_params(r, "anachrony.recover.do") and not say_params(r, "anachrony.recover.do_copy")
        assert spaces.taken(state, "hypersync") == {"right": "p1"} and "anachrony.recover.p1.copy" not in asked(r)
        events = [c.value for c in actions.event_choices(state, load())]
        assert ("recover:p2" in events) == (players == 4)  # 3 players: the right space is taken, no fourth space
        if players == 4:
            r = action(state, 2, {"anachrony.action": "recover:p2"})
            assert say_params(r, "anachrony.recover.do_copy") and spaces.taken(state, "hypersync")["copy"] == "p2"
            assert "recover:p1" not in [c.value for c in actions.event_choices(state, load())]


def test_supercharge_after_the_impact_is_asked_and_recorded():
    """Seed X1-X2: after the Impact the Supercharge reward is added (its value is provisional: asked)."""
    state = ready(2, "hypersync")
    state["era"] = 4
    play(state, {"anachrony.impact.done": True}, {"proc": "impact", "era": 4})
    state["players"]["p2"]["hypersync"]["research"] = {"state": "pending", "era": 3}
    r = action(state, 5, {"anachrony.action": "recover", "anachrony.recover.p2.supercharge": 3})
    assert state["players"]["p2"]["vp"] == 2 + 3 and "anachrony.provisional" in said(r)


# -- Action Rounds: Negotiate and the Agenda table (seed, Ação Negociar, Colocar Fichas de Agenda) ----------------


@pytest.mark.parametrize("space,bonus,expect", [
    ("top", "administrator", (2, 2, 1)), ("middle", "engineer", (6, 1, 0)), ("bottom", "scientist", (3, 2, 0)),
    ("world_council", "scientist", (2, 2, 0)), ("top", "scientist", (2, 2, 0)), ("middle", "scientist", (4, 2, 0))])
def test_negotiate_counts(space, bonus, expect):
    """Draw 2 keep 1; top keeps 1 more, middle draws 2 more, bottom draws 1 more; Administrator places,
    Scientist keeps 1 more, Engineer draws 2 more; bonuses add up; never keep more than drawn."""
    assert agenda.negotiate_counts(DATA.rules["intrigues"]["negotiate"], space, bonus) == expect


def test_negotiate_bottom_space_not_with_two_players_and_costs_water():
    state = ready(2, "intrigues")
    with pytest.raises(BadAnswer) as refused:
        action(state, 1, {"anachrony.action": "negotiate:p1", "anachrony.negotiate.p1.space": "bottom"})
    assert refused.value.ask_id == "anachrony.negotiate.p1.space"
    state = ready(3, "intrigues")
    r = action(state, 1, {"anachrony.action": "negotiate:p1", "anachrony.negotiate.p1.space": "bottom",
                          "anachrony.negotiate.p1.worker": "genius:engineer", "anachrony.negotiate.p1.kept": "1+0"})
    assert "anachrony.negotiate.bottom_water" in said(r)
    assert say_params(r, "anachrony.negotiate.draw")[0]["draw"] == 5
    assert state["players"]["p1"]["intrigues"]["objectives"] == 1


def agenda_state():
    state = ready(2, "intrigues")
    state["players"]["p1"]["intrigues"].update(objectives=3, values=3)
    return state


def place(state, era, row, kind, more=None):
    answers = {"anachrony.action": "agenda:p1", "anachrony.agenda.p1.row": f"{kind}:{row}", "anachrony.agenda.p1.number": 5, "anachrony.agenda.p1.pair": False,
               "anachrony.agenda.p1.same_turn": False}
    answers.update(more or {})
    return action(state, era, answers)


def test_agenda_columns_and_covering_cost():
    """G2: Objectives left, Values right; G3: covering costs 2 Water per tile already on the space."""
    state = agenda_state()
    place(state, 1, 2, "objective")
    assert state["agenda"][1]["objective"] == 1 and state["agenda"][1]["value"] == 0
    r = place(state, 1, 2, "objective")
    assert say_params(r, "anachrony.agenda.cover_cost") == [{"water": 2}]
    r = place(state, 1, 2, "objective")
    assert say_params(r, "anachrony.agenda.cover_cost") == [{"water": 4}]
    assert agenda.cover_cost(state, 1, "value", 2) == 0


def test_agenda_locked_row_cannot_be_covered():
    """G4: a row whose two tiles show the same icon locks; locked tiles cannot be covered."""
    state = agenda_state()
    place(state, 1, 3, "objective")
    place(state, 1, 3, "value", {"anachrony.agenda.p1.pair": True})
    assert state["agenda"][2]["locked"] and 2 not in agenda.open_rows(state)
    with pytest.raises(BadAnswer) as refused:
        place(state, 1, 3, "objective")
    assert refused.value.ask_id == "anachrony.agenda.p1.row"


def test_agenda_no_two_tiles_of_one_turn_in_the_same_row():
    """G5: several placements in the same turn of an Action Round go in different rows."""
    state = agenda_state()
    place(state, 1, 1, "objective")
    with pytest.raises(BadAnswer) as refused:  # row 1 is not offered in the same turn
        place(state, 1, 1, "value", {"anachrony.agenda.p1.same_turn": True})
    assert refused.value.ask_id == "anachrony.agenda.p1.row"
    r = place(state, 1, 1, "value", {"anachrony.agenda.p1.same_turn": False})  # a later turn: allowed
    assert "anachrony.agenda.p1.same_turn" in asked(r)


def test_agenda_benefits_three_uses_per_era_then_reset():
    """B0: the first three Free Actions 3 times per Era in total, one Agenda tile each."""
    state = agenda_state()
    for _ in range(3):
        action(state, 1, {"anachrony.action": "benefit:p1",
                          "anachrony.benefit.p1.which": "tired_workers", "anachrony.benefit.p1.pay": "values"})
    pi = state["players"]["p1"]["intrigues"]
    assert pi["benefit_uses"] == 3 and pi["values"] == 0 and "p1" not in eligible(state, DATA, "benefit")
    phase(state, 2, "preparation")
    assert pi["benefit_uses"] == 0


@pytest.mark.parametrize("met,rewards,failed", [(3, 2, 0), (2, 1, 0), (1, 0, 1), (0, 0, 1)])
def test_mission_reveal(met, rewards, failed):
    """Seed, Cartas de Missão: three conditions two different rewards; two (rules file K4) one; fewer (K5) -1 VP."""
    state = ready(2, "intrigues")
    phase(state, 1, "power_up")
    r = action(state, 1, {"anachrony.action": "mission:p1", "anachrony.mission.p1.met": met,
                          "anachrony.mission.p1.vp": 2, "anachrony.mission.p1.agenda": 0})
    assert state["players"]["p1"]["missions_failed"] == failed
    assert say_params(r, "anachrony.mission.rewards") == ([{"player": {"id": "anachrony.player", "params": {"n": 1}}, "n": rewards}] if rewards else [])
    assert "p1" not in eligible(state, DATA, "mission")


def test_unrevealed_mission_costs_its_vp_at_clean_up():
    """Rules file K6 and §4.1 item 16 (provisional): a Mission never revealed counts as failed, in that Era's Clean Up."""
    state = ready(2, "intrigues")
    phase(state, 1, "power_up")
    r = phase(state, 1, "clean_up", {"anachrony.clean_up.first": "same"})
    assert all(p["missions_failed"] == 1 for p in state["players"].values())
    assert "anachrony.provisional" in said(r)


def test_unrevealed_mission_penalty_only_for_unrevealed_ones_said_as_a_provisional_penalty():
    """Rules file K6 and §4.1 item 16 (provisional timing); wave-2 audit item 22: only a player whose Mission is
    still hidden pays; the PROVISIONAL line comes before the first penalty it decides, and the penalty is said as
    something to do at the table (→), never with the scoring star."""
    state = ready(3, "intrigues")
    phase(state, 1, "power_up")
    state["players"]["p2"]["intrigues"]["mission"]["revealed"] = True
    r = phase(state, 1, "clean_up", {"anachrony.clean_up.first": "same"})
    assert [state["players"][p]["missions_failed"] for p in ("p1", "p2", "p3")] == [1, 0, 1]
    ids = said(r)
    assert ids.index("anachrony.provisional") < ids.index("anachrony.clean_up.unrevealed")
    lines = [e for e in r.transcript if e.kind == "say" and e.msg.id == "anachrony.clean_up.unrevealed"]
    assert len(lines) == 2 and all(e.style == "do" and e.msg.params["lost"] == 1 for e in lines)


# -- Impact and the end ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,count,spaces", [(2, 2, ["top", "middle"]), (4, 3, ["top", "middle", "bottom"])])
def test_impact_with_hypersync_and_intrigues(players, count, spaces):
    """Seed X1-X5 and rules file §2.9: Supercharge tiles, Emergency Missions, Collapsing tiles on the Council Chamber
    as on the Capital Actions (2 / 2 / 3 by player count)."""
    state = ready(players, ALL)
    state["era"] = 4
    r = play(state, {"anachrony.impact.done": True}, {"proc": "impact", "era": 4})
    assert state["impact"] and state.get("supercharge")
    council = say_params(r, "anachrony.impact.council_collapsing")
    assert council == [{"n": count, "spaces": [f"@anachrony.space.{s}" for s in spaces]}]
    assert say_params(r, "anachrony.impact.collapsing") == [{"n": count}]
    assert game.next_step(state) == {"proc": "phase", "era": 5, "phase": "preparation"}


def test_impact_with_three_players_uses_the_provisional_council_spaces():
    state = ready(3, "intrigues")
    state["era"] = 4
    r = play(state, {"anachrony.impact.done": True}, {"proc": "impact", "era": 4})
    assert say_params(r, "anachrony.impact.council_collapsing_on") == [{"n": 2, "spaces": ["@anachrony.space.top", "@anachrony.space.middle"]}]
    assert "anachrony.provisional" in said(r)


@pytest.mark.parametrize("modules,era,collapsed,ends", [
    ("intrigues", 5, None, False), ("intrigues", 6, None, True), ("", 5, True, True), ("", 5, False, False),
    ("", 6, False, False), ("", 7, None, True), ("hypersync", 4, None, False)])
def test_game_end(modules, era, collapsed, ends):
    """Rules file §2.3: with Intrigues the game ends after Era 6 whatever the Collapsing tiles do; otherwise after
    Era 7 or after the post-Impact Era in which the last Collapsing Capital tile became Hex Unavailable."""
    state = ready(2, modules)
    state["impact"] = era > 4
    answers = {"anachrony.clean_up.first": "same"}
    if collapsed is not None:
        answers["anachrony.clean_up.collapsed"] = collapsed
    r = phase(state, era, "clean_up", answers)
    assert ("anachrony.clean_up.collapsed" in asked(r)) == (collapsed is not None)
    assert (game.next_step(state) == {"proc": "end"}) == ends
    if era == 4:
        assert game.next_step(state) == {"proc": "impact", "era": 4}


def test_untangling_penalties_for_hypersync_and_quantum_warp():
    """Rules file §2.7 Untangling 3-4: -4 VP per Hypersync tile out; the Quantum Warp -4 unless paid back now."""
    state = ready(2, "hypersync,quantum-loops")
    state["players"]["p1"]["hypersync"]["construct"] = {"state": "pending", "era": 6}
    card = state["ql"]["offer"].pop()
    state["players"]["p2"]["quantum"] = {"warp": "timeline", "era": 5, "card": card, "payback": "x"}
    state["era"] = 7
    play(state, {"anachrony.end.p2.quantum_paid": False}, {"proc": "end"})
    t = state["totals"]
    assert t["p1"]["hypersync_penalty"] == -4 and t["p2"]["quantum_warp_penalty"] == -4
    assert game.next_step(state) == {"proc": "score"}


def test_a_loop_cards_payback_must_be_a_shape_and_an_icon():
    """Seed, Loops Quânticos L3 (rules file §4.1 item 2): the payback Breakthrough is a specific shape and icon;
    a free text that is neither is refused with the valid form."""
    import pytest

    from automata.anachrony.eras import parse_payback
    from automata.core.steps import InvalidAnswer

    assert parse_payback("Triangle 4") == "triangle 4" and parse_payback("4 quadrado") == "square 4"
    assert parse_payback("círculo, 2") == "circle 2"
    for bad in ("texto", "triangle", "triangle 6", "hexagon 2", "circle 2 3"):
        with pytest.raises(InvalidAnswer):
            parse_payback(bad)


# -- issue 11: the table answers only what a player chose ---------------------------------------------------------


def test_a_question_with_one_valid_answer_is_applied_not_asked():
    """ISSUE_11: a question whose only valid answer is one value is not asked; the program says what it applied.
    Seed A2 (one Hypersync tile per Era): with one tile left available, "which tile?" has one answer."""
    state = ready(2, "hypersync")
    pl = state["players"]["p1"]["hypersync"]
    pl["research"] = {"state": "pending", "era": 1}
    pl["construct"] = {"state": "pending", "era": 1}
    r = action(state, 2, {"anachrony.action": "hypersync:p1"})
    assert "anachrony.hypersync.p1.tile" not in asked(r)
    applied = say_params(r, "anachrony.applied")
    assert applied and applied[0]["answer"] == {"id": "anachrony.tile.recruit"}
    assert pl["recruit"] == {"state": "pending", "era": 2}


def test_single_answer_rules():
    """ISSUE_11: a range n..n and a single choice have one answer; pauses (the report menu) are still asked."""
    from automata.anachrony.game import single_answer
    from automata.core.steps import NUMBER, ONE_OF, Ask, Choice, msg

    m = msg("anachrony.action.done")
    assert single_answer(Ask("x.n", m, NUMBER, min=0, max=0)) == (0, 0)
    assert single_answer(Ask("x.n", m, NUMBER, min=0, max=1)) is None
    assert single_answer(Ask("x.c", m, ONE_OF, (Choice("a", m),))) == ("a", m.to_data())
    assert single_answer(Ask("anachrony.action", m, ONE_OF, (Choice("done", m),))) is None


def test_the_report_menu_names_the_player_with_the_event():
    """ISSUE_11 (ask only what a player chose): one answer says what happened and to whom ("negotiate:p2");
    no separate "who?" question; an event only one player can have answers to its bare name too."""
    state = ready(3, "hypersync,intrigues")
    r = action(state, 1, {"anachrony.action": "hypersync:p2", "anachrony.hypersync.p2.tile": "research"})
    assert asked(r) == ["anachrony.action", "anachrony.hypersync.p2.tile"]
    assert state["players"]["p2"]["hypersync"]["research"]["state"] == "pending"
    from automata.anachrony.actions import event_choices

    values = [c.value for c in event_choices(state, DATA)]
    assert "hypersync:p1" in values and "hypersync:p3" in values and "hypersync:p2" not in values  # one tile per Era
    assert values[-1] == "done"
    state["players"]["p2"]["intrigues"].update(objectives=1)
    r = action(state, 1, {"anachrony.action": "benefit", "anachrony.benefit.p2.which": "tired_workers"})
    assert state["players"]["p2"]["intrigues"]["benefit_uses"] == 1


def test_negotiate_asks_the_worker_and_what_was_kept_once_each():
    """Seed, Ação Negociar (a Genius picks one of the bonuses) and ISSUE_11: the Worker and a Genius's bonus are
    one answer; what was kept (Objectives and Values) is one answer, within the allowance."""
    state = ready(3, "intrigues")
    r = action(state, 1, {"anachrony.action": "negotiate:p1", "anachrony.negotiate.p1.space": "top",
                          "anachrony.negotiate.p1.worker": "genius:scientist", "anachrony.negotiate.p1.kept": "1+1"})
    assert asked(r) == ["anachrony.action", "anachrony.negotiate.p1.space", "anachrony.negotiate.p1.worker",
                        "anachrony.negotiate.p1.kept"]
    assert say_params(r, "anachrony.negotiate.draw")[0]["keep"] == 2  # 1 + top + Scientist, at most the 2 drawn
    pi = state["players"]["p1"]["intrigues"]
    assert (pi["objectives"], pi["values"]) == (1, 1)
    from automata.anachrony.actions import kept_choices

    assert [c.value for c in kept_choices(1)] == ["1+0", "0+1", "0+0"]
    assert all(sum(int(x) for x in c.value.split("+")) <= 3 for c in kept_choices(3)) and len(kept_choices(3)) == 10
    # more than the allowance is refused (the middle space and an Engineer: keep 1 of 6); the top space is taken
    with pytest.raises(BadAnswer) as refused:
        action(state, 1, {"anachrony.action": "negotiate:p2", "anachrony.negotiate.p2.space": "middle",
                          "anachrony.negotiate.p2.worker": "engineer", "anachrony.negotiate.p2.kept": "2+1"})
    assert (refused.value.ask_id, refused.value.value) == ("anachrony.negotiate.p2.kept", "2+1")


def test_agenda_placement_asks_tile_and_row_in_one_answer():
    """Seed, Colocar Fichas de Agenda (G1-G3: Objectives left, Values right, covering 2 Water a tile) and ISSUE_11:
    with both kinds in the reserve, which tile and where is one answer, each choice with its covering cost."""
    state = agenda_state()
    r = action(state, 1, {"anachrony.action": "agenda:p1", "anachrony.agenda.p1.row": "value:2", "anachrony.agenda.p1.number": 3})
    assert [a for a in asked(r) if a.startswith("anachrony.agenda.")] == ["anachrony.agenda.p1.row", "anachrony.agenda.p1.number"]
    assert state["agenda"][1]["value"] == 1 and state["agenda"][1]["values"] == [3]
    state["players"]["p1"]["intrigues"].update(objectives=0)
    r = action(state, 1, {"anachrony.action": "agenda:p1", "anachrony.agenda.p1.same_turn": False, "anachrony.agenda.p1.row": "2",
                          "anachrony.agenda.p1.number": 4, "anachrony.agenda.p1.pair": False})
    assert say_params(r, "anachrony.agenda.cover_cost") == [{"water": 2}]  # one kind left: the row alone answers


# -- issue 30: what the program keeps instead of asking ----------------------------------------------------------


def test_negotiate_offers_only_free_spaces_then_the_world_council():
    """Seed, Ação Negociar (top, middle, bottom spaces) with rules file §1.7.3 (Negotiate is a Capital Action:
    the World Council copies it once its spaces are full) and §2.10 (one Exosuit per space per Era): a second
    player is never put on a taken space, and the copy is offered only when none is left (issue 30 item 15)."""
    state = ready(3, "intrigues")
    offered = []
    for p, space in (("p1", "top"), ("p2", "bottom")):
        r = run(game.procedure(state, {"proc": "actions", "era": 1, "k": 2}), ScriptedAnswers({"anachrony.action": f"negotiate:{p}"}),
                dice=DiceContext(1, 1, "app"))
        offered.append([c.value for c in r.pending.choices])
        state["era"] = 1
        action(state, 1, {"anachrony.action": f"negotiate:{p}", f"anachrony.negotiate.{p}.space": space,
                          f"anachrony.negotiate.{p}.worker": "engineer", f"anachrony.negotiate.{p}.kept": "1+0"})
    assert offered == [["top", "middle", "bottom"], ["middle", "bottom"]]
    r = action(state, 1, {"anachrony.action": "negotiate:p3", "anachrony.negotiate.p3.worker": "engineer",
                          "anachrony.negotiate.p3.kept": "1+0"})  # one space left: applied, not asked
    assert "anachrony.negotiate.p3.space" not in asked(r) and spaces.taken(state, "negotiate")["middle"] == "p3"
    r = action(state, 1, {"anachrony.action": "negotiate:p1", "anachrony.negotiate.p1.worker": "engineer",
                          "anachrony.negotiate.p1.kept": "1+0"})
    assert "anachrony.negotiate.p1.space" not in asked(r) and "anachrony.negotiate.world_council_rule" in said(r)
    assert say_params(r, "anachrony.applied")[0]["answer"]["id"] == "anachrony.negotiate.world_council"
    phase(state, 1, "clean_up", {"anachrony.clean_up.first": "same"})
    assert spaces.taken(state, "negotiate") == {}  # a new Era: every space free again


def test_after_the_impact_a_used_negotiate_space_stays_hex_unavailable():
    """Seed X5 / rules file §2.9: Collapsing tiles go on the Council Chamber as on the Capital Actions (2 with
    2 players: both spaces) and flip to Hex Unavailable when the Exosuit leaves; so that space is not offered."""
    state = ready(2, "intrigues")
    state["impact"] = True
    action(state, 5, {"anachrony.action": "negotiate:p1", "anachrony.negotiate.p1.space": "top",
                      "anachrony.negotiate.p1.worker": "engineer", "anachrony.negotiate.p1.kept": "1+0"})
    phase(state, 5, "clean_up", {"anachrony.clean_up.first": "same"})
    assert spaces.collapsed(state, "negotiate") == ["top"]
    assert actions.negotiate_spaces(state, DATA) == ["middle"]


def test_a_failed_mission_costs_its_vp_once():
    """Rules file §1.8 K5-K6: a failed (or never revealed) Mission costs 1 VP token. The program keeps that VP
    (no token goes back at the table: rules.intrigues.failed_mission, PROVISIONAL for a player with none), so the
    final tally takes it off exactly once (issue 30 item 16: not charged twice; issue 38: as the status counts it)."""
    from automata.anachrony import finish

    state = ready(2, "intrigues")
    phase(state, 1, "power_up")
    r = action(state, 1, {"anachrony.action": "mission:p1", "anachrony.mission.p1.met": 1})
    assert say_params(r, "anachrony.mission.failed")[0]["lost"] == 1
    assert [e.style for e in r.transcript if e.kind == "say" and e.msg.id == "anachrony.mission.failed"] == ["do"]
    phase(state, 1, "clean_up", {"anachrony.clean_up.first": "same"})  # p2 never revealed: K6 at the Clean Up
    assert [state["players"][p]["missions_failed"] for p in ("p1", "p2")] == [1, 1]
    state["totals"] = finish.module_totals(state, DATA)
    known = finish.known_answers(state)
    assert known["anachrony.score.p1.missions"] == 1 and known["anachrony.score.p2.missions"] == 1


def test_cosmic_data_leak_conditions_are_asked_only_of_its_holders():
    """Rules file §2.14.3 (with Intrigues, Cosmic Data Leak draws Endgame Conditions for the player who takes
    it): a player who never held the card meets none of them; the program answers that (issue 30 item 20), even
    after the holder paid the card back (the card's flag outlives the Quantum Warp)."""
    from automata.anachrony import finish

    state = ready(2, "quantum-loops,intrigues")
    state["ql"]["offer"] = ["cosmic_data_leak"] + state["ql"]["offer"][1:]
    phase(state, 1, "warp", {"anachrony.warp.quantum": ["p1"], "anachrony.warp.p1.card": "cosmic_data_leak",
                             "anachrony.warp.p1.payback": "triangle 1"})
    action(state, 2, {"anachrony.action": "quantum_payback"})
    state["totals"] = finish.module_totals(state, DATA)
    known = finish.known_answers(state)
    assert "anachrony.score.p1.cosmic_data_leak" not in known and known["anachrony.score.p2.cosmic_data_leak"] == 0


@pytest.mark.parametrize("takes", [1, 2, 3])
def test_cosmic_data_leak_limits_its_holders_count_to_two_per_take(takes):
    """Rules file §2.14.3: each time a player takes Cosmic Data Leak (seed W2, l.64: its effect at once), they
    draw 2 Endgame Condition cards from the box; the card comes back to the offer when paid back (seed L4,
    l.101) and may be taken again. So the holder meets at most 2 per take (never more than the box's 8): the
    final tally's question is capped at that (it was uncapped), and a save from before the count reads 1 take."""
    from automata.anachrony import finish, score_data

    state = ready(2, "quantum-loops,intrigues")
    for era in range(1, takes + 1):
        state["ql"]["offer"] = ["cosmic_data_leak"] + [c for c in state["ql"]["offer"] if c != "cosmic_data_leak"]
        phase(state, era, "warp", {"anachrony.warp.quantum": ["p1"], "anachrony.warp.p1.card": "cosmic_data_leak",
                                   "anachrony.warp.p1.payback": "triangle 1"})
        action(state, era + 1, {"anachrony.action": "quantum_payback"})
    assert state["players"]["p1"]["cosmic_data_leak_takes"] == takes
    state["totals"] = finish.module_totals(state, DATA)
    per = score_data.load().value("cosmic_data_leak", "conditions_per_take")
    assert finish.score_limits(state)["p1"]["cosmic_data_leak"] == min(per * takes, 8)
    assert "cosmic_data_leak" not in finish.score_limits(state)["p2"]
    del state["players"]["p1"]["cosmic_data_leak_takes"]  # an older save kept only that the card was taken
    state["totals"] = finish.module_totals(state, DATA)
    assert finish.score_limits(state)["p1"]["cosmic_data_leak"] == per


@pytest.mark.parametrize("reserve,rows_locked,asks", [(0, 0, False), (2, 5, False), (2, 0, True), (1, 4, True)])
def test_a_mission_reward_placement_is_asked_only_when_a_tile_can_go(reserve, rows_locked, asks):
    """Seed, Colocar Fichas de Agenda (G1: the tile comes from the reserve; G4 locked rows; G5 one row each):
    with an empty reserve or no open row the reward cannot place a tile, so nothing is asked (issue 30 item 20);
    otherwise at most as many as the reserve and the open rows allow."""
    state = ready(2, "intrigues")
    phase(state, 1, "power_up")
    state["players"]["p1"]["intrigues"]["objectives"] = reserve
    for row in state["agenda"][:rows_locked]:
        row["locked"] = True
    r = action(state, 1, {"anachrony.action": "mission:p1", "anachrony.mission.p1.met": 3, "anachrony.mission.p1.vp": 1,
                          "anachrony.mission.p1.agenda": 0})
    assert ("anachrony.mission.p1.agenda" in asked(r)) == asks
    if asks:
        (ask,) = [e for e in r.transcript if e.kind == "ask" and e.id == "anachrony.mission.p1.agenda"]
        assert ask.msg.params["n"] == min(2, reserve, 5 - rows_locked)


def test_an_action_menu_with_only_done_is_not_asked():
    """Seed, Rodadas de Ações: the menu reports only what the program keeps; when none of it can happen (no
    module event open to anyone), the program says so and goes on to the Clean Up (issue 30 item 20)."""
    state = ready(2, "neutronide")
    r = action(state, 1, {})
    assert asked(r) == [] and "anachrony.action.nothing_tracked" in said(r)
    assert state["next"] == {"proc": "phase", "era": 1, "phase": "clean_up"}
