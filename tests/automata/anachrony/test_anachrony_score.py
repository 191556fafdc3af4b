"""Anachrony end-game tally (automata/anachrony/scoring.py, data/scoring.toml).

Each test cites the section of /work/shared/rules/anachrony.md ("rules") it checks; the seed (002) says
nothing on scoring (it stops in the Mission cards, rules §1 intro), so the rules file is the source.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.anachrony import score_data, scoring
from automata.anachrony.scoring import BOT_ID, MissingTiebreak, ReportError, Table, TableError
from automata.core.gamedata import DataError
from automata.core.runner import ScriptedAnswers, run
from conftest import random_games

DATA = score_data.load()
ALL = ("neutronide", "hypersync", "quantum_loops", "intrigues")


def report(**over) -> dict:
    """A player with nothing but a Morale position of 4 (0 VP on side A): every line is 0."""
    r = {"buildings": 0, "superprojects": 0, "effects": [], "time_travel": 0, "morale": 4,
         "breakthroughs": {"circle": 0, "triangle": 0, "square": 0}, "vp_tokens": 0, "evacuation": 0,
         "unpaid_warps": 0, "anomalies": 0, "endgame_conditions": 0, "hypersync_out": 0,
         "quantum_warp_unpaid": False, "missions": 0, "agenda_reserve": 0, "cosmic_data_leak": 0}
    r.update(over)
    return r


def lines(rep: dict, table: Table = Table(2, (), "A"), agenda=None, who="p1") -> dict[str, int]:
    return {line.category: line.vp for line in scoring.score_player(rep, table, DATA, agenda, who).lines}


def line(rep: dict, category: str, table: Table = Table(2, (), "A"), agenda=None):
    return next(x for x in scoring.score_player(rep, table, DATA, agenda).lines if x.category == category)


# --- the base tally, rules §2.12 "Final tally" ------------------------------------------------------------


def test_an_empty_board_scores_zero_in_every_category():
    """rules §2.12: every line of the tally; Morale position 4 is worth 0 on side A (§2.8)."""
    got = lines(report())
    assert set(got.values()) == {0}
    assert list(got) == ["buildings", "superprojects", "time_travel", "morale", "breakthroughs", "breakthrough_sets",
                         "vp_tokens", "evacuation", "unpaid_warps", "anomalies", "endgame_conditions"]


def test_buildings_and_superprojects_score_their_printed_vp():
    """rules §2.12 (2) buildings: printed VP; (3) Superprojects: printed VP."""
    got = lines(report(buildings=17, superprojects=2, superprojects_vp=11))
    assert got["buildings"] == 17 and got["superprojects"] == 11


def test_archive_of_the_eras_gives_1_vp_per_time_travel_step():
    """rules §2.11 Superproject 2 (Archive of the Eras): end, +1 VP per Time Travel track step."""
    got = lines(report(superprojects=1, superprojects_vp=5, effects=["archive_of_the_eras"], time_travel=6))
    assert got["archive_of_the_eras"] == 6
    assert line(report(superprojects=1, effects=["archive_of_the_eras"], time_travel=6), "archive_of_the_eras").confidence == "I"


def test_the_ultimate_plan_counts_itself():
    """rules §2.11 Superproject 16 (The Ultimate Plan): +3 VP per Superproject built, itself included."""
    assert lines(report(superprojects=1, superprojects_vp=3, effects=["the_ultimate_plan"]))["the_ultimate_plan"] == 3
    assert lines(report(superprojects=3, superprojects_vp=14, effects=["the_ultimate_plan"]))["the_ultimate_plan"] == 9


def test_a_superproject_effect_needs_a_superproject():
    """rules §2.11: the end effects belong to built Superprojects."""
    with pytest.raises(ReportError):
        lines(report(effects=["the_ultimate_plan"]))


@pytest.mark.parametrize("steps,vp", [(0, 0), (1, 2), (4, 8), (8, 16)])
def test_time_travel_track_side_a(steps, vp):
    """rules §2.7: side A positions 1-9 are worth 0, 2, 4, … 16 (steps advanced 0-8)."""
    assert lines(report(time_travel=steps))["time_travel"] == vp


def test_time_travel_beyond_the_side_a_track_is_refused():
    """rules §2.7: side A has 9 positions, so at most 8 steps."""
    with pytest.raises(ReportError) as e:
        lines(report(time_travel=9))
    assert e.value.key == "time_travel"


@pytest.mark.parametrize("position,vp", [(1, -6), (2, -4), (3, -2), (4, 0), (5, 2), (6, 4), (7, 6)])
def test_morale_track_side_a(position, vp):
    """rules §2.8: side A Morale positions 1-7 are worth −6, −4, −2, 0, 2, 4, 6."""
    assert lines(report(morale=position))["morale"] == vp


def test_synthetic_endorphins_cancel_negative_morale_only():
    """rules §2.11 Superproject 10 (Synthetic Endorphins): no negative Morale VP."""
    sp = {"superprojects": 1, "superprojects_vp": 5, "effects": ["synthetic_endorphins"]}
    assert lines(report(morale=1, **sp))["morale"] == 0
    assert lines(report(morale=7, **sp))["morale"] == 6


def test_side_b_uses_the_vp_printed_at_the_markers():
    """rules §2.8: side B tracks differ by Path and are only partly known, so the table reads them; the
    Archive of the Eras still counts the steps (§2.11)."""
    rep = report(time_travel=3, time_travel_vp=7, morale_vp=-3, superprojects=1, effects=["archive_of_the_eras"])
    del rep["morale"]
    got = lines(rep, Table(2, (), "B"))
    assert got["time_travel"] == 7 and got["morale"] == -3 and got["archive_of_the_eras"] == 3


@pytest.mark.parametrize("shapes,single,sets", [((3, 2, 1), 6, 2), ((2, 2, 0), 4, 0), ((4, 4, 4), 12, 8), ((0, 0, 0), 0, 0)])
def test_breakthroughs_one_each_and_two_per_set_of_three_shapes(shapes, single, sets):
    """rules §2.12 (6): 1 VP per Breakthrough, plus 2 VP per set of three different shapes (icons do not matter)."""
    got = lines(report(breakthroughs=dict(zip(("circle", "triangle", "square"), shapes))))
    assert (got["breakthroughs"], got["breakthrough_sets"]) == (single, sets)


def test_vp_tokens_and_the_evacuation_cap():
    """rules §2.12 (7) VP tokens; §2.9: the Evacuation is capped at 30 VP."""
    got = lines(report(vp_tokens=23, evacuation=30))
    assert got["vp_tokens"] == 23 and got["evacuation"] == 30
    with pytest.raises(ReportError):
        lines(report(evacuation=31))


def test_unpaid_warp_tiles_cost_2_each():
    """rules §2.7 Untangle the Continuum step 2: each Warp tile still on the Timeline: −2 VP."""
    assert lines(report(unpaid_warps=3))["unpaid_warps"] == -6


def test_anomalies_cost_3_each_and_lab_406_softens_them():
    """rules §2.6: −3 VP per Anomaly at the end; Lab 406 makes each worth 2 VP more."""
    assert lines(report(anomalies=2))["anomalies"] == -6
    assert lines(report(anomalies=2, effects=["lab_406"]))["anomalies"] == -2


def test_endgame_conditions_3_each_at_most_5():
    """rules §2.12 (10) and §2.4 step 10: 5 cards, 3 VP for each one met."""
    assert lines(report(endgame_conditions=2))["endgame_conditions"] == 6
    with pytest.raises(ReportError):
        lines(report(endgame_conditions=6))


def test_no_endgame_conditions_in_solo_play():
    """rules §2.4 step 10 and §3.4.14: not in solo play."""
    assert "endgame_conditions" not in lines(report(), Table(1, (), "A", "chronobot"))


# --- Future Imperfect modules ---------------------------------------------------------------------------------


def test_hypersync_tiles_out_cost_4_each_only_with_the_module():
    """rules §2.14.2 and §2.7 Untangle step 3: −4 VP per Hypersync tile still out (3 tiles: seed H1)."""
    assert "hypersync" not in lines(report(hypersync_out=2))
    assert lines(report(hypersync_out=2), Table(2, ("hypersync",), "A"))["hypersync"] == -8
    with pytest.raises(ReportError):
        lines(report(hypersync_out=4), Table(2, ("hypersync",), "A"))


def test_unpaid_quantum_warp_costs_4():
    """rules §2.14.3 and §2.7 Untangle step 4: the Quantum Warp left on the Timeline costs −4 VP (not −2)."""
    table = Table(2, ("quantum_loops",), "A")
    assert lines(report(quantum_warp_unpaid=True), table)["quantum_warp"] == -4
    assert lines(report(quantum_warp_unpaid=False), table)["quantum_warp"] == 0
    assert "quantum_warp" not in lines(report(quantum_warp_unpaid=True))


def test_intrigues_replace_endgame_conditions_with_the_agenda_grid():
    """seed I7 and rules §2.12 (10): with Intrigues no Endgame Condition cards; the Agenda grid scores instead."""
    got = lines(report(endgame_conditions=3), Table(2, ("intrigues",), "A"), agenda=[])
    assert "endgame_conditions" not in got
    assert {"agenda_grid", "agenda_reserve", "missions"} <= set(got)


def test_agenda_rows_score_their_value_for_everyone_meeting_the_objective():
    """rules §2.14.4 Scoring (1): each complete row scores its Value to every player meeting its Objective,
    ties in full, Values may be negative; (2) rows with one tile are not reported, so score nothing."""
    table = Table(3, ("intrigues",), "A")
    agenda = [{"value": 5, "meet": ["p1", "p2"]}, {"value": -2, "meet": ["p1"]}, {"value": 7, "meet": []}]
    assert lines(report(), table, agenda, "p1")["agenda_grid"] == 3
    assert lines(report(), table, agenda, "p2")["agenda_grid"] == 5
    assert lines(report(), table, agenda, "p3")["agenda_grid"] == 0


def test_agenda_reserve_and_missions():
    """rules §2.14.4 Scoring (3): 1 VP per reserve tile and locked row of its icon; §1.8 K5-K6: −1 VP per
    Mission failed or never revealed (Reconstructed)."""
    got = lines(report(agenda_reserve=3, missions=2), Table(2, ("intrigues",), "A"), [])
    assert got["agenda_reserve"] == 3 and got["missions"] == -2


def test_cosmic_data_leak_with_intrigues_scores_3_per_condition():
    """rules §2.14.3: with Intrigues, each Endgame Condition drawn by Cosmic Data Leak that you meet: 3 VP."""
    got = lines(report(cosmic_data_leak=2), Table(2, ("quantum_loops", "intrigues"), "A"), [])
    assert got["cosmic_data_leak"] == 6
    assert "cosmic_data_leak" not in lines(report(cosmic_data_leak=2), Table(2, ("quantum_loops",), "A"))


@pytest.mark.parametrize("met", [0, 1, 5, 8, 9, 12])
def test_cosmic_data_leak_counts_no_more_conditions_than_the_box_holds(met):
    """rules §2.14.3 (the card draws Endgame Condition cards from those left in the box) and §2.12 (8 cards
    exist; with Intrigues all stay in the box, seed I7, l.39): a player meets at most the 8 cards, so a larger
    count is refused with the valid range, in the tally and at its question (once uncapped)."""
    table = Table(2, ("quantum_loops", "intrigues"), "A")
    most = DATA.value("endgame_conditions", "total")
    assert most == 8
    if met <= most:
        assert lines(report(cosmic_data_leak=met), table, [])["cosmic_data_leak"] == 3 * met
    else:
        with pytest.raises(ReportError) as err:
            lines(report(cosmic_data_leak=met), table, [])
        assert err.value.key == "cosmic_data_leak" and err.value.msg.params["max"] == most
    ans = {k: v for k, v in answers_for("p1", table).items() if not k.endswith("cosmic_data_leak")}
    got = run(scoring.procedure(table, DATA), ScriptedAnswers(ans))
    assert got.pending_id == "anachrony.score.p1.cosmic_data_leak" and got.pending.max == most


@pytest.mark.parametrize("takes", [1, 2, 4])
def test_cosmic_data_leak_question_is_capped_by_what_the_game_knows(takes):
    """rules §2.14.3: each take of the card draws 2 Endgame Conditions: a game that counted the takes passes
    2 x takes (at most the 8 cards) as the question's limit, player by player."""
    table = Table(2, ("quantum_loops", "intrigues"), "A")
    limit = min(DATA.value("cosmic_data_leak", "conditions_per_take") * takes, 8)
    ans = {k: v for k, v in answers_for("p1", table).items() if not k.endswith("cosmic_data_leak")}
    got = run(scoring.procedure(table, DATA, limits={"p1": {"cosmic_data_leak": limit}}), ScriptedAnswers(ans))
    assert got.pending_id == "anachrony.score.p1.cosmic_data_leak" and got.pending.max == limit


def test_too_many_agenda_rows_are_refused():
    """rules §4.1 item 9: the grid has a provisional 5 rows (the owner may change it)."""
    with pytest.raises(ReportError):
        scoring.check_agenda([{"value": 1, "meet": []}] * 6, ["p1"], DATA)


def test_forbidden_tables_are_refused():
    """rules §2.15 and §3.1: no Intrigues solo; the Chronobot plays the base game only; 1-4 players."""
    for table in (Table(1, ("intrigues",), "A", "chronossus"), Table(1, ("hypersync",), "A", "chronobot"),
                  Table(5), Table(0), Table(2, (), "A", "chronobot")):
        with pytest.raises(TableError):
            scoring.check_table(table)
    scoring.check_table(Table(1, ("hypersync", "quantum_loops", "neutronide"), "A", "chronossus"))


@pytest.mark.parametrize("text,module", [("quantum-loops", "quantum_loops"), ("Loops Quânticos", "quantum_loops"),
                                         ("intrigas no conselho", "intrigues"), ("Neutronídeo", "neutronide"),
                                         ("Ações Hipersincrônicas", "hypersync")])
def test_module_names_in_english_and_in_the_seeds_portuguese(text, module):
    """rules §1.2: the seed's Portuguese module names and the official English ones."""
    assert scoring.find_module(DATA, text) == module


# --- ranking, rules §2.12 "Tiebreak" ----------------------------------------------------------------------------


def test_highest_total_wins_without_asking_tiebreaks():
    """rules §1.1 O4: the highest VP total wins."""
    got = scoring.rank([{"id": "p1", "total": 40}, {"id": "p2", "total": 52}], ["water", "resources"])
    assert got[0]["players"] == ["p2"] and got[0]["decided_by"] == "total"


def test_tie_broken_by_water_then_resources_then_shared():
    """rules §2.12 Tiebreak: most Water, then most Resources in total; otherwise the victory is shared."""
    order = ["water", "resources"]
    by_water = scoring.rank([{"id": "p1", "total": 50, "water": 2}, {"id": "p2", "total": 50, "water": 5}], order)
    assert [p["players"] for p in by_water] == [["p2"], ["p1"]] and by_water[0]["decided_by"] == "water"
    by_res = scoring.rank([{"id": "p1", "total": 50, "water": 5, "resources": 4},
                           {"id": "p2", "total": 50, "water": 5, "resources": 1}], order)
    assert [p["players"] for p in by_res] == [["p1"], ["p2"]] and by_res[0]["decided_by"] == "resources"
    shared = scoring.rank([{"id": "p1", "total": 50, "water": 5, "resources": 1},
                           {"id": "p2", "total": 50, "water": 5, "resources": 1},
                           {"id": "p3", "total": 44}], order)
    assert shared[0] == {"place": 1, "players": ["p1", "p2"], "total": 50, "decided_by": "shared"}
    assert shared[1]["place"] == 3


def test_a_tie_names_the_numbers_it_needs():
    """rules §2.12 Tiebreak: Water is needed only for tied players, Resources only if Water ties too."""
    with pytest.raises(MissingTiebreak) as e:
        scoring.rank([{"id": "p1", "total": 50}, {"id": "p2", "total": 50}, {"id": "p3", "total": 9}], ["water", "resources"])
    assert (e.value.key, e.value.players) == ("water", ["p1", "p2"])


def test_future_imperfect_tiebreak_is_provisional():
    """rules §2.12 and §4.1 item 22: no source gives a Future Imperfect tiebreak; the base one ships provisional."""
    reports = {"p1": report(water=3), "p2": report(water=1)}
    base = scoring.score_game(reports, Table(2, (), "A"), DATA)
    fi = scoring.score_game(reports, Table(2, ("neutronide",), "A"), DATA)
    assert base["ranking"][0]["provisional"] is False and fi["ranking"][0]["provisional"] is True
    assert fi["winners"] == ["p1"]


# --- solo, rules §3.2.10 and §3.4.14 -----------------------------------------------------------------------------


def bot(**over) -> dict:
    r = {"vp": 0, "time_travel": 0, "breakthroughs": {"circle": 0, "triangle": 0, "square": 0}, "anomalies": 0}
    r.update(over)
    return r


def test_chronobot_total():
    """rules §3.2.10: VP gained in play + Time Travel (0, 2, … 12 over 7 spots) + 1 per Breakthrough + 2 per
    complete shape set − 3 per Anomaly; nothing for Warp tiles left on the Timeline."""
    s = scoring.score_bot(bot(vp=30, time_travel=6, breakthroughs={"circle": 2, "triangle": 1, "square": 1}, anomalies=1),
                          Table(1, (), "A", "chronobot"), DATA)
    assert s.total == 30 + 12 + 4 + 2 - 3
    with pytest.raises(ReportError):
        scoring.score_bot(bot(time_travel=7), Table(1, (), "A", "chronobot"), DATA)


def test_chronossus_energy_cores_and_solo_hypersync():
    """rules §3.4.13 (6): each non-exhausted Energy Core left scores 1 VP; §4.1 item 20: its Solo Hypersync
    tiles cost nothing at the end (provisional)."""
    s = scoring.score_bot(bot(energy_cores=3), Table(1, ("hypersync",), "A", "chronossus"), DATA)
    got = {x.category: x for x in s.lines}
    assert got["energy_cores"].vp == 3
    assert got["solo_hypersync"].vp == 0 and got["solo_hypersync"].provisional


def test_solo_tie_is_a_loss_and_solo_objectives_count():
    """rules §3.4.14: your total adds your Solo Objective points; you win only with strictly more VP."""
    table = Table(1, (), "A", "chronossus")
    me = report(vp_tokens=20, solo_objectives=5)
    tie = scoring.score_game({"p1": me, BOT_ID: bot(vp=25)}, table, DATA)
    assert tie["winners"] == [BOT_ID] and tie["ranking"][0]["decided_by"] == "tie_is_loss"
    win = scoring.score_game({"p1": me, BOT_ID: bot(vp=24)}, table, DATA)
    assert win["winners"] == ["p1"]


# --- data: provenance, provisional values, owner overrides ----------------------------------------------------------


def test_provisional_values_are_listed_and_owner_values_replace_them():
    """common rules / rules §4: provisional values are listed; overrides/anachrony.toml [scoring] replaces them."""
    keys = {i["key"] for i in score_data.provisional_items(DATA)}
    assert {"scoring.agenda_grid.rows", "scoring.tiebreak_future_imperfect", "scoring.chronossus.solo_hypersync_vp"} <= keys
    owned = score_data.load({"scoring": {"agenda_grid": {"rows": 6}}, "intrigues": {"ignored": "by the scoring loader"}})
    assert owned.value("agenda_grid", "rows") == 6 and not owned.provisional("agenda_grid", "rows")
    assert "scoring.agenda_grid.rows" not in {i["key"] for i in score_data.provisional_items(owned)}
    scoring.check_agenda([{"value": 1, "meet": []}] * 6, ["p1"], owned)


@pytest.mark.parametrize("over", [{"agenda_grid": {"rowz": 6}}, {"anomalies": {"vp_each": "-3"}}, {"tiebreak": {"order": ["gold"]}}])
def test_bad_overrides_are_refused_with_the_key(over):
    with pytest.raises(DataError):
        score_data.load({"scoring": over})


def test_every_record_has_a_rule_and_a_source():
    for table, rec in DATA.raw.items():
        assert rec["source"] and rec["rule"] and rec["confidence"], table


# --- the questions -------------------------------------------------------------------------------------------------


def answers_for(who: str, table: Table, **over) -> dict:
    a = {"buildings": 0, "superprojects": 0, "effects": "", "time_travel": 0, "morale": 4, "breakthroughs.circle": 0,
         "breakthroughs.triangle": 0, "breakthroughs.square": 0, "vp_tokens": 0, "evacuation": 0, "unpaid_warps": 0,
         "anomalies": 0, "endgame_conditions": 0, "hypersync_out": 0, "quantum_warp_unpaid": "no", "agenda_reserve": 0,
         "missions": 0, "cosmic_data_leak": 0}
    a.update(over)
    return {f"anachrony.score.{who}.{k}": v for k, v in a.items()}


def test_procedure_asks_water_only_of_tied_players():
    """rules §2.12 Tiebreak: the tiebreak numbers are asked only when totals tie."""
    table = Table(3, (), "A")
    ans = {**answers_for("p1", table, vp_tokens=10), **answers_for("p2", table, vp_tokens=10), **answers_for("p3", table)}
    got = run(scoring.procedure(table, DATA), ScriptedAnswers(ans))
    assert got.pending_id == "anachrony.score.p1.water"
    ans.update({"anachrony.score.p1.water": 4, "anachrony.score.p2.water": 6})
    got = run(scoring.procedure(table, DATA), ScriptedAnswers(ans))
    asked = [r.id for r in got.records]
    assert "anachrony.score.p3.water" not in asked and not any(a.endswith(".resources") for a in asked)
    result = got.result[0]
    assert result["winners"] == ["p2"]


def test_procedure_asks_the_agenda_grid_row_by_row():
    """rules §2.14.4 Scoring: each complete row's Value and who meets its Objective."""
    table = Table(2, ("intrigues",), "A")
    ans = {**answers_for("p1", table), **answers_for("p2", table), "anachrony.score.agenda.rows": 2,
           "anachrony.score.agenda.row1.value": 7, "anachrony.score.agenda.row1.meet": "p2",
           "anachrony.score.agenda.row2.value": -2, "anachrony.score.agenda.row2.meet": "p1,p2"}
    result, _, agenda, _ = run(scoring.procedure(table, DATA), ScriptedAnswers(ans)).result
    assert agenda == [{"value": 7, "meet": ["p2"]}, {"value": -2, "meet": ["p1", "p2"]}]
    assert [s.total for s in result["scores"]] == [-2, 5] and result["winners"] == ["p2"]


def test_procedure_asks_side_and_opponent_when_not_given():
    """rules §2.4 step 14 (one side for everyone) and §3.1 (the solo opponent)."""
    got = run(scoring.procedure(Table(1, ("hypersync",)), DATA), ScriptedAnswers({}))
    assert got.pending_id == "anachrony.score.opponent"
    got = run(scoring.procedure(Table(1, ("hypersync",)), DATA), ScriptedAnswers({"anachrony.score.opponent": "chronossus"}))
    assert got.pending_id == "anachrony.score.side"


# --- property: the total is the sum of its lines; the ranking respects the tiebreaks ----------------------------------

SHAPES = st.fixed_dictionaries({s: st.integers(0, 6) for s in ("circle", "triangle", "square")})


@st.composite
def games(draw):
    modules = tuple(m for m in ALL if draw(st.booleans()))
    n = draw(st.integers(2, 4))
    table = Table(n, modules, "A")
    ids = [f"p{i}" for i in range(1, n + 1)]
    reports = {}
    for p in ids:
        sp = draw(st.integers(0, 3))
        effects = draw(st.lists(st.sampled_from(scoring.EFFECTS if sp else ("lab_406",)), unique=True, max_size=4))
        reports[p] = report(buildings=draw(st.integers(0, 40)), superprojects=sp, superprojects_vp=draw(st.integers(0, 20)) if sp else 0,
                            effects=effects, time_travel=draw(st.integers(0, 8)), morale=draw(st.integers(1, 7)),
                            breakthroughs=draw(SHAPES), vp_tokens=draw(st.integers(0, 60)), evacuation=draw(st.integers(0, 30)),
                            unpaid_warps=draw(st.integers(0, 5)), anomalies=draw(st.integers(0, 4)),
                            endgame_conditions=draw(st.integers(0, 5)), hypersync_out=draw(st.integers(0, 3)),
                            quantum_warp_unpaid=draw(st.booleans()), missions=draw(st.integers(0, 6)),
                            agenda_reserve=draw(st.integers(0, 6)), cosmic_data_leak=draw(st.integers(0, 4)),
                            water=draw(st.integers(0, 3)), resources=draw(st.integers(0, 2)))
    if draw(st.booleans()):  # the same board for p1 and p2: ties for the tiebreaks to settle
        reports["p2"] = dict(reports["p1"], water=draw(st.integers(0, 3)), resources=draw(st.integers(0, 2)))
    agenda = [{"value": draw(st.integers(-2, 7)), "meet": draw(st.lists(st.sampled_from(ids), unique=True))}
              for _ in range(draw(st.integers(0, 5)))]
    return table, reports, agenda


@settings(max_examples=random_games(300), deadline=None)
@given(games())
def test_total_is_the_sum_of_the_lines_and_the_ranking_respects_the_tiebreaks(game):
    """rules §2.12: the total is the sum of the tally's lines; places follow total, then Water, then Resources."""
    table, reports, agenda = game
    result = scoring.score_game(reports, table, DATA, agenda)
    totals = {s.id: s.total for s in result["scores"]}
    for s in result["scores"]:
        assert s.total == sum(x.vp for x in s.lines)
    key = {p: (totals[p], reports[p]["water"], reports[p]["resources"]) for p in totals}
    order = [p for place in result["ranking"] for p in place["players"]]
    assert sorted(order) == sorted(totals)
    assert [key[p] for p in order] == sorted(key.values(), reverse=True)
    for place in result["ranking"]:
        assert len({key[p] for p in place["players"]}) == 1  # a shared place: equal on every tiebreak
        assert place["total"] == totals[place["players"][0]]
    places = [p["place"] for p in result["ranking"]]
    assert places[0] == 1 and places == sorted(places)
    assert len({key[p] for p in result["winners"]}) == 1 and key[result["winners"][0]] == max(key.values())


def test_owner_value_for_the_chronossus_hypersync_tiles_is_asked_and_applied():
    """rules §4.1 item 20: provisional "no end penalty"; an owner value makes the tiles out count."""
    owned = score_data.load({"scoring": {"chronossus": {"solo_hypersync_vp": -4}}})
    table = Table(1, ("hypersync",), "A", "chronossus")
    s = scoring.score_bot(bot(hypersync_out=2), table, owned)
    line = next(x for x in s.lines if x.category == "solo_hypersync")
    assert line.vp == -8 and not line.provisional
    ans = {f"anachrony.score.bot.{k}": 0 for k in ("vp", "time_travel", "anomalies", "breakthroughs.circle",
                                                    "breakthroughs.triangle", "breakthroughs.square")}
    ans.update(answers_for("p1", table, solo_objectives=0))
    ans["anachrony.score.bot.energy_core_option"] = "no"
    got = run(scoring.procedure(table, owned), ScriptedAnswers(ans))
    assert got.pending_id == "anachrony.score.bot.hypersync_out"


def test_side_b_asks_the_time_travel_steps_only_when_archive_of_the_eras_counts_them():
    """rules §2.8: on side B the table reads the VP printed at its Time Travel marker (time_travel_vp), so the
    steps change nothing, except through Archive of the Eras (§2.11 Superproject 2: 1 VP a step): a question
    whose answer changes nothing is not asked."""
    table = Table(1, (), "B")
    base = {k: v for k, v in answers_for("p1", table, morale_vp=0, time_travel_vp=4).items() if not k.endswith(".morale")}
    base["anachrony.score.opponent"] = "chronobot"
    for k, v in {"vp": 0, "time_travel": 0, "breakthroughs": 0, "anomalies": 0}.items():
        base[f"anachrony.score.{BOT_ID}.{k}"] = v
    without = {k: v for k, v in base.items() if k != "anachrony.score.p1.time_travel"}
    got = run(scoring.procedure(table, DATA), ScriptedAnswers(without))
    assert "anachrony.score.p1.time_travel" not in [r.id for r in got.records]
    assert got.pending_id != "anachrony.score.p1.time_travel"
    archive = {**without, "anachrony.score.p1.superprojects": 1, "anachrony.score.p1.superprojects_vp": 5,
               "anachrony.score.p1.effects": "archive_of_the_eras"}
    got = run(scoring.procedure(table, DATA), ScriptedAnswers(archive))
    assert got.pending_id == "anachrony.score.p1.time_travel"
    # the tally itself: side B's Time Travel line is the printed VP with or without the steps
    assert lines({**report(time_travel_vp=4, morale_vp=0), "time_travel": None}, Table(2, (), "B"))["time_travel"] == 4
