"""Casualties as one answer per Power per battle (issue 11), checked against the seed's hit rules.

Seed 003, Fase de Batalha step 2 ("Atribua os impactos"): the player declares which enemy figure or Peasant
token receives each hit; all hits go to valid targets; a figure needs hits equal to its defense; spare hits are
lost. Rules file §1.7 step 2 and its reading [I]: hits are spent in whole kills, and while a valid target
remains the hits must be assigned.
"""

from __future__ import annotations

import itertools

import pytest

from automata.chaos import casualties
from automata.chaos.casualties import Group, forced
from automata.chaos.game import data_of
from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run
from automata.core.steps import InvalidAnswer
from automata.chaos import game

from test_chaos_rules import battle_state, place, play_step


def legal_sets(groups, hits):
    """Every legal set of casualties, by brute force: paid by the hits, and no target left that the rest could kill."""
    out = []
    for counts in itertools.product(*(range(g.count + 1) for g in groups)):
        spent = sum(n * g.defense for n, g in zip(counts, groups))
        if spent > hits:
            continue
        left = hits - spent
        if all(left < g.defense for n, g in zip(counts, groups) if n < g.count):
            out.append({g.key: n for n, g in zip(counts, groups) if n})
    return out


GROUPS = [
    [Group("nurgle", "cultist", 1, 1), Group("tzeentch", "cultist", 1, 1), Group("tzeentch", "warrior", 1, 3)],
    [Group("nurgle", "cultist", 2, 1), Group("peasant", "peasant", 1, 1)],
    [Group("tzeentch", "warrior", 2, 2)],
    [Group("tzeentch", "warrior", 2, 2), Group("nurgle", "cultist", 1, 1)],
    [Group("slaanesh", "daemon", 1, 4), Group("nurgle", "warrior", 2, 2), Group("peasant", "peasant", 2, 1)],
    [Group("khorne", "cultist", 3, 1), Group("khorne", "warrior", 1, 1), Group("nurgle", "daemon", 1, 3)],
]


@pytest.mark.parametrize("groups", GROUPS)
@pytest.mark.parametrize("hits", range(0, 9))
def test_asked_exactly_when_more_than_one_legal_set_exists(groups, hits):
    """Seed step 2 + rules §1.7 reading [I]: the program applies the casualties itself exactly when the hits
    can go only one way (every target dies, one kind of target, or the only legal set), and asks otherwise."""
    legal = legal_sets(groups, hits)
    got = forced(groups, hits)
    if len(legal) == 1:
        assert got == legal[0]
    else:
        assert got is None


def test_two_hits_on_two_single_cultists_and_a_strong_figure_are_not_asked():
    """Rules §1.7: hits must be assigned while a valid target remains; with 2 hits, two defense-1 figures
    and a defense-3 figure, both small figures die: no question (one was asked before)."""
    groups = GROUPS[0]
    assert forced(groups, 2) == {("nurgle", "cultist"): 1, ("tzeentch", "cultist"): 1}


def kislev_battle():
    state = battle_state()
    place(state, "kislev", "khorne", daemon=1)  # Bloodthirster, attack 4
    place(state, "kislev", "nurgle", cultist=2)  # Lepers, attack 0
    place(state, "kislev", "tzeentch", warrior=1)  # Horror, defense 2
    state["regions"]["kislev"]["tokens"]["peasant"] = 1
    dice = {"chaos.battle.kislev.khorne": "5 5 4 1", "chaos.battle.kislev.tzeentch": "1"}
    return state, dice


def test_one_answer_for_the_whole_set():
    """Seed step 2: Khorne's three hits, declared at once: two Nurgle cultists and the Peasant."""
    state, dice = kislev_battle()
    r = play_step(state, {"proc": "battle", "region": "kislev"}, {**dice, "chaos.battle.kislev.khorne.target": "2 nurgle cultist, peasant"})
    asks = [e for e in r.transcript if e.kind == "ask"]
    assert [e.id for e in asks] == ["chaos.battle.kislev.khorne.target"]
    figs = state["regions"]["kislev"]["figures"]
    assert figs["nurgle"]["cultist"] == 0 and figs["tzeentch"]["warrior"] == 1
    assert state["regions"]["kislev"]["tokens"]["peasant"] == 0 and state["p"]["khorne"]["peasants"] == 1


@pytest.mark.parametrize("answer", ["horror, 1 leper", "cultista de nurgle, guerreiro de tzeentch", "Tzeentch Horror; Nurgle Leper",
                                    "tzeentch:warrior, nurgle:cultist"])
def test_names_in_english_portuguese_and_follower_names(answer):
    """Issue 11: English or Portuguese words, follower names, either order, any case."""
    state, dice = kislev_battle()
    play_step(state, {"proc": "battle", "region": "kislev"}, {**dice, "chaos.battle.kislev.khorne.target": answer})
    figs = state["regions"]["kislev"]["figures"]
    assert figs["tzeentch"]["warrior"] == 0 and figs["nurgle"]["cultist"] == 1
    assert state["regions"]["kislev"]["tokens"]["peasant"] == 1


@pytest.mark.parametrize(
    "answer,problem",
    [
        ("3 nurgle cultist", "chaos.casualty.not_there"),  # only 2 there
        ("2 horror", "chaos.casualty.not_there"),
        ("horror, 2 nurgle cultist", "chaos.casualty.too_many"),  # 4 hits, 3 rolled
        ("peasant", "chaos.casualty.too_few"),  # 2 hits left could still kill
        ("horror", "chaos.casualty.too_few"),  # 1 hit left, a cultist or the Peasant still standing
        ("bloodthirster", "chaos.casualty.unknown"),  # Khorne's own figure is no target
        ("lepper, peasant", "chaos.casualty.unknown"),
        ("zombie", "chaos.casualty.unknown"),
    ],
)
def test_wrong_answers_are_refused_whole_and_nothing_is_applied(answer, problem):
    """Issue 11: checked whole (hits paid, figures there, hits assigned while a target remains), refused whole
    with the reason; the board is unchanged."""
    state, dice = kislev_battle()
    before = repr(state["regions"]["kislev"]), state["p"]["khorne"]["peasants"]
    with pytest.raises(BadAnswer) as bad:
        run(game.procedure(state, {"proc": "battle", "region": "kislev"}),
            ScriptedAnswers({**dice, "chaos.battle.kislev.khorne.target": answer}), dice=DiceContext(1, 1, "table"))
    assert bad.value.problem.id == problem
    assert (repr(state["regions"]["kislev"]), state["p"]["khorne"]["peasants"]) == before


def test_close_match_is_suggested():
    state, dice = kislev_battle()
    with pytest.raises(BadAnswer) as bad:
        run(game.procedure(state, {"proc": "battle", "region": "kislev"}),
            ScriptedAnswers({**dice, "chaos.battle.kislev.khorne.target": "lepper, peasant"}), dice=DiceContext(1, 1, "table"))
    assert "Leper" in bad.value.problem.params["close"]


def test_a_role_word_shared_by_two_enemies_asks_whose():
    """A 'cultist' with two enemy Powers' cultists in the region is refused, naming both."""
    state = battle_state()
    place(state, "kislev", "khorne", warrior=1)
    place(state, "kislev", "nurgle", cultist=1)
    place(state, "kislev", "tzeentch", cultist=1, warrior=1)
    data = data_of(state)
    groups = casualties.groups_for(state, data, "kislev", "khorne", {})
    with pytest.raises(InvalidAnswer) as bad:
        casualties.read("cultist", state, data, "khorne", groups, 1)
    assert bad.value.msg.id == "chaos.casualty.whose"
    assert casualties.read("tzeentch cultist", state, data, "khorne", groups, 1) == {("tzeentch", "cultist"): 1}


def test_a_one_figure_answer_still_works_when_one_hit_remains():
    """The stable id keeps its old one-target answers ('owner:kind') where one hit decides one figure."""
    state = battle_state()
    place(state, "kislev", "khorne", warrior=1)  # attack 2
    place(state, "kislev", "nurgle", cultist=1)  # attack 0
    place(state, "kislev", "tzeentch", cultist=1)  # attack 0
    r = play_step(state, {"proc": "battle", "region": "kislev"},
                  {"chaos.battle.kislev.khorne": "4 1",
                   "chaos.battle.kislev.khorne.target": "nurgle:cultist"})
    assert state["regions"]["kislev"]["figures"]["nurgle"]["cultist"] == 0
    assert state["regions"]["kislev"]["figures"]["tzeentch"]["cultist"] == 1
    assert sum(e.kind == "ask" for e in r.transcript) == 1


def test_no_choice_no_question():
    """Seed step 2: when every target dies (or only one kind can), the program assigns the hits itself."""
    state, dice = kislev_battle()
    dice["chaos.battle.kislev.khorne"] = "6 6 5 5 4 1"  # 5 hits on 2+2+1
    r = play_step(state, {"proc": "battle", "region": "kislev"}, dice)
    assert not any(e.kind == "ask" for e in r.transcript)
    figs = state["regions"]["kislev"]["figures"]
    assert figs["nurgle"]["cultist"] == 0 and figs["tzeentch"]["warrior"] == 0


def test_the_stored_answer_reads_back_the_same():
    """The journal keeps the canonical answer; replaying a saved step reads it back to the same casualties."""
    state, dice = kislev_battle()
    data = data_of(state)
    groups = casualties.groups_for(state, data, "kislev", "khorne", {})
    pick = casualties.read("2 leper, camponês", state, data, "khorne", groups, 3)
    assert casualties.read(casualties.canonical(pick), state, data, "khorne", groups, 3) == pick


@pytest.mark.parametrize("kills", [0, 1, 2])
def test_ritual_slaying_draws_per_kill_without_a_question(kills):
    """Rules file §2.7 (Ritual Slaying: each time Khorne kills a figure here he gains a reward; C3: draws a
    Chaos card, [U]): the program counts Khorne's kills in the region and draws for them, PROVISIONAL."""
    state = battle_state()
    place(state, "kislev", "khorne", daemon=1)  # Bloodthirster, attack 4
    place(state, "kislev", "nurgle", cultist=2)  # Lepers, attack 0, defense 1
    state["regions"]["kislev"]["cards"] = [{"power": "khorne", "card": "ritual_slaying", "cost": 1}]
    hand = state["p"]["khorne"]["hand"]
    faces = {0: "1 1 1 1", 1: "5 1 1 1", 2: "5 5 1 1"}[kills]
    r = play_step(state, {"proc": "battle", "region": "kislev"}, {"chaos.battle.kislev.khorne": faces})
    assert not any(e.kind == "ask" for e in r.transcript)
    assert state["p"]["khorne"]["hand"] == hand + kills
    ids = [e.msg.id for e in r.transcript if e.kind == "say"]
    assert "chaos.battle.kill_draw_provisional" in ids and "chaos.battle.kill_draw" in ids
