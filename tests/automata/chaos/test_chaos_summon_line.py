"""The Summoning phase recorded in one line per Power (issue 11), checked against seed 003, Fase de
Invocação: power spent at most the power available, figures placed where the Power has a figure or next
to one (anywhere for its first), two card spaces per region, figures in the box; refused whole."""

from __future__ import annotations

import copy

import pytest

from automata.chaos import game
from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run
from test_chaos_rules import after_setup, place


def ready(seed: int = 1) -> dict:
    state = after_setup(seed=seed)
    state["round"] = 1
    for p in state["powers"]:
        state["p"][p]["pp"] = game.data_of(state).power(p)["starting_pp"]
    state["summoning"] = "line"
    return state


def record(state, power, line, more=None):
    answers = {f"chaos.summon.r1.{power}": line, **(more or {})}
    return run(game.procedure(state, {"proc": "summon_line", "power": power}), ScriptedAnswers(answers), dice=DiceContext(1, 1, "table"))


def test_a_legal_line_is_applied_in_a_legal_order():
    """Seed, Fase de Invocação: the first figure goes anywhere, the next ones next to it; Portuguese names,
    any case, quotes and follower names are understood."""
    state = ready()
    r = record(state, "khorne", '2 Bloodletter kislev, cultista "O Império", carta blood_frenzy KISLEV')
    assert r.done
    k = state["regions"]["kislev"]["figures"]["khorne"]
    assert k["warrior"] == 2
    assert state["regions"]["the_empire"]["figures"]["khorne"]["cultist"] == 1
    assert [c["card"] for c in state["regions"]["kislev"]["cards"]] == ["blood_frenzy"]
    assert state["p"]["khorne"]["pp"] == 0  # 2+2+1+0 = 5 of 7 spent, the rest forfeited (a pass)
    assert state["p"]["khorne"]["hand"] == 2
    assert state["next"] == {"proc": "summon_line", "power": "nurgle"}


def test_a_placement_order_is_found_when_the_line_is_written_out_of_order():
    """Seed, Fase de Invocação step 3: the Empire is next to Kislev only once Kislev holds a figure; the line
    may list them in any order."""
    state = ready()
    assert record(state, "khorne", "cultist the empire, cultist kislev").done
    assert state["regions"]["the_empire"]["figures"]["khorne"]["cultist"] == 1


def test_moving_a_figure_from_the_board():
    """Seed, Fase de Invocação step 1: a figure already on the board may be summoned again (moved)."""
    state = ready()
    place(state, "kislev", "khorne", cultist=1)
    assert record(state, "khorne", "cultist the empire from kislev").done
    assert state["regions"]["kislev"]["figures"]["khorne"]["cultist"] == 0
    assert state["regions"]["the_empire"]["figures"]["khorne"]["cultist"] == 1


@pytest.mark.parametrize("line,reason", [
    ("3 bloodletter kislev, cultist kislev, cultist kislev", "chaos.line.too_dear"),  # 8 > 7 power
    ("4 bloodletter kislev", "chaos.line.too_dear"),                          # 8 > 7 power
    ("5 cultist kislev", "chaos.line.box"),                                   # 4 Bloodsworn in the box
    ("cultist kislev, cultist tilea", "chaos.line.no_order"),                 # Tilea is not next to Kislev
    ("card battle_cry kislev, card blood_frenzy kislev, card blood_frenzy kislev", "chaos.line.spaces"),
    ("cultist narnia", "chaos.line.unknown_region"),
    ("card blod_frenzy kislev", "chaos.line.unknown_card"),
    ("dragon kislev", "chaos.line.unknown_figure"),
    ("cultist kislev from kislev", "chaos.line.same_region"),
])
def test_an_illegal_line_is_refused_whole_and_nothing_is_applied(line, reason):
    """Seed, Fase de Invocação: each way a line can break the rules is refused with its reason; the board,
    the power and the hand are unchanged."""
    state = ready()
    before = copy.deepcopy(state)
    with pytest.raises(BadAnswer) as bad:
        record(state, "khorne", line)
    assert bad.value.problem.id == reason
    state.pop("summon_started", None)  # only the phase title's marker; the board, power and hand are untouched
    assert state == before


def test_hand_size_and_ruined_regions_are_checked():
    """Seed, Fase de Invocação (cards come from the hand) and rules file §2.3 (no Chaos cards in a ruined region)."""
    state = ready()
    state["p"]["khorne"]["hand"] = 1
    with pytest.raises(BadAnswer) as bad:
        record(state, "khorne", "card blood_frenzy kislev, card battle_cry tilea")
    assert bad.value.problem.id == "chaos.line.hand"
    state["p"]["khorne"]["hand"] = 3
    state["regions"]["tilea"]["ruin"] = 1
    with pytest.raises(BadAnswer) as bad:
        record(state, "khorne", "card battle_cry tilea")
    assert bad.value.problem.id == "chaos.line.ruined"


def test_close_matches_are_suggested():
    """Issue 11: names with a typo get close-match suggestions."""
    state = ready()
    with pytest.raises(BadAnswer) as bad:
        record(state, "khorne", "cultist kislevv")
    assert "@chaos.region.kislev" in bad.value.problem.params["close"]  # the region's name in the table's language


def test_turns_switches_to_one_action_at_a_time():
    """Issue 11: the one-action-at-a-time menu stays available, chosen by answering 'turns' (or 'turnos')."""
    state = ready()
    r = record(state, "khorne", "turnos")
    assert r.done and state["next"] == {"proc": "summon", "power": "khorne"}


def test_board_changing_card_asks_its_changes_after_the_line():
    """Seed, Fase de Invocação (card effects apply at once): a card whose effect the data does not model
    still asks what it changed."""
    state = ready()
    r = record(state, "khorne", "card the_blood_gods_call kislev", {"chaos.card.khorne.changes": "none"})
    assert r.done
    assert [e.id for e in r.transcript if e.kind == "ask"] == ["chaos.summon.r1.khorne", "chaos.card.khorne.changes"]


@pytest.mark.parametrize("held,line,stuck,region", [
    ({"norsca": 1}, "cultist kislev", "cultist", "kislev"),                    # Kislev is two steps from Norsca
    ({}, "cultist kislev, warrior tilea", "warrior", "tilea"),               # the first anywhere; Tilea not next to Kislev
    ({"norsca": 1}, "cultist troll_country, warrior the_empire", "warrior", "the_empire"),  # the line's own figure counts
])
def test_a_line_with_no_legal_order_names_the_summon_and_the_regions_it_may_use(held, line, stuck, region):
    """Seed 003, Fase de Invocação, Invocar step 3 (lines 59-61): a figure goes to a region where the Power already
    has figures or one adjacent to it; anywhere only while it has none on the board. A refused line says which
    summon cannot be placed, where it was meant to go, and the regions the Power may use once the rest of the line
    is placed (those it holds and their neighbours), in both languages."""
    from automata.chaos.data import load
    from cli.words.i18n import Translator

    state = ready()
    for rid, n in held.items():
        place(state, rid, "khorne", cultist=n)
    before = copy.deepcopy(state)
    with pytest.raises(BadAnswer) as bad:
        record(state, "khorne", line)
    problem = bad.value.problem
    assert problem.id == "chaos.line.no_order"
    assert problem.params["figure"] == f"@chaos.figure.{stuck}" and problem.params["region"] == f"@chaos.region.{region}"
    data = load()
    holds = {r for r, f in state["regions"].items() if sum(f["figures"].get("khorne", {}).values())}
    holds |= {w.split()[-1] for w in line.split(", ") if not w.startswith(stuck)}  # the rest of the line, placed
    may = holds | {a for r in holds for a in data.region(r)["adjacent"]}
    assert set(problem.params["valid"]) == {f"@chaos.region.{r}" for r in may} and region not in may
    for lang in ("en", "pt-BR"):
        t = Translator(lang)
        text = t.render(problem).lower()  # "no Império" for "O Império"
        assert all(t(r[1:]).lower() in text for r in problem.params["valid"]), (lang, text)
        assert t(problem.params["figure"][1:]).lower() in text and t(problem.params["region"][1:]).lower() in text, (lang, text)
    state.pop("summon_started", None)
    assert state == before
