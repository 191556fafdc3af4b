"""The Radlands action menu keeps fixed numbers (issue 11): every action of the seed's Actions phase ("Fluxo do
Jogo" 3: play a person, play an event, draw, junk, take the Water Silo, use an ability, end) is always offered in
the same order; one the player cannot take now stays in its place, marked with the reason, and is refused with
that reason when picked."""

from __future__ import annotations

import pytest

from automata.core.runner import BadAnswer, ScriptedAnswers, run, DiceContext
from automata.radlands.turn import ACTIONS, action, legal_actions

from test_radlands_rules import data, fresh as fresh_v2


def fresh(**kw):
    """A save made before menu version 2 (no 'menu' option): the category menu these tests check."""
    state = fresh_v2(**kw)
    del state["options"]["menu"]
    return state


def menu(state, side="a"):
    result = run(action(state, data(), side, 1), ScriptedAnswers({}), dice=DiceContext(1, 1, "app"))
    assert result.pending is not None and result.pending.id == "action"
    return result.pending


@pytest.mark.parametrize("water", [0, 1, 2, 3])
def test_every_action_keeps_its_place_and_only_the_legal_ones_can_be_picked(water):
    state = fresh(water=water)
    ask = menu(state)
    assert tuple(c.value for c in ask.choices) == ACTIONS
    free = [c.value for c in ask.choices if c.unavailable is None]
    assert free == legal_actions(state, data(), "a")
    assert all(c.unavailable is not None for c in ask.choices if c.value not in free)


def test_draw_without_2_water_is_marked_with_the_cost_and_refused_when_picked():
    """Comprar Carta: a card costs 2 water; with 1 left the action says so."""
    state = fresh(water=1)
    draw = next(c for c in menu(state).choices if c.value == "draw")
    assert draw.unavailable.id == "radlands.unavailable.water"
    assert draw.unavailable.params == {"cost": 2, "water": 1}
    with pytest.raises(BadAnswer) as bad:
        run(action(state, data(), "a", 1), ScriptedAnswers({"action": "draw"}), dice=DiceContext(1, 1, "app"))
    assert bad.value.problem.id == "core.invalid.unavailable"
    assert bad.value.problem.params["reason"] == draw.unavailable.to_data()
    assert state["players"]["a"]["hand"] == 0  # nothing happened


def test_the_reasons_name_what_is_missing():
    """Empty hand: no person, no event, nothing to junk (Junk Card needs a card or the Water Silo in hand);
    the Water Silo taken into hand (Pegar Water Silo) cannot be taken again."""
    state = fresh(water=3)
    state["players"]["a"]["hand"] = 0
    state["players"]["a"]["silo"] = "hand"
    reasons = {c.value: c.unavailable.id for c in menu(state).choices if c.unavailable is not None}
    assert reasons["person"] == reasons["event"] == "radlands.unavailable.no_hand"
    assert reasons["silo"] == "radlands.unavailable.silo_away"
    assert "junk" not in reasons  # the Water Silo in hand can be junked
    state["players"]["a"]["silo"] = "area"
    reasons = {c.value: c.unavailable.id for c in menu(state).choices if c.unavailable is not None}
    assert reasons["junk"] == "radlands.unavailable.no_junk" and "silo" not in reasons


# -- menu version 2: one menu of concrete actions (issue 11) ---------------------------------------------------

from automata.core.runner import Record  # noqa: E402


def test_one_menu_names_the_action_itself_and_keeps_its_order():
    """Fluxo do Jogo 3 (Ações): every action the seed lists is an item of its own ('Play Holdout', 'Use Railgun',
    'Junk Water Silo'); the order is fixed (fixed actions, camps, people, events, junk, reports, then the people
    on the table), so an item keeps its number whatever the water."""
    orders = []
    for water in (0, 3):
        state = fresh_v2(water=water)
        state["players"]["a"]["hand"] = 2
        ask = menu(state)
        orders.append([c.value for c in ask.choices])
        shown = [c.value for c in ask.choices if not c.hidden]
        assert shown[:3] == ["end", "draw", "silo"]
        assert {"person:holdout", "event:uprising", "junk:water_silo", "use:a.c1", "change:damage"} <= set(shown)
    assert orders[0] == orders[1]


def test_each_item_is_marked_with_the_rule_that_forbids_it():
    """Jogar Carta / Usar Habilidade: cost in water, the Water Silo only junked from the hand, a used camp not
    ready; items stay in place with the reason."""
    state = fresh_v2(water=1)
    state["players"]["a"]["hand"] = 2
    state["players"]["a"]["camps"][0]["used"] = True
    ask = {c.value: c for c in menu(state).choices}
    assert ask["person:holdout"].unavailable.id == "radlands.unavailable.water"  # Holdout costs 2
    assert ask["junk:water_silo"].unavailable.id == "radlands.unavailable.silo_not_in_hand"
    assert ask["use:a.c1"].unavailable.id == "radlands.unavailable.used"
    assert ask["junk:holdout"].unavailable is None  # junk costs nothing
    state["players"]["a"]["hand"] = 0
    ask = {c.value: c for c in menu(state).choices}
    assert ask["junk:holdout"].unavailable.id == ask["person:holdout"].unavailable.id == "radlands.unavailable.no_hand"


def test_one_answer_plays_a_person_where_only_one_place_is_legal():
    """Jogar Carta (Pessoa): with two columns full, the third is the only place: no question about it."""
    from test_radlands_rules import play, said

    state = fresh_v2(water=3)
    state["players"]["a"]["hand"] = 1
    for c in (0, 1):
        for _ in range(2):
            state["players"]["a"]["columns"][c].append({"uid": 90 + c, "card": "punk", "damaged": False, "used": False, "fresh": False})
    result = play(action(state, data(), "a", 1), {"action": "person:vigilante"})
    assert [e.id for e in result.transcript if e.kind == "ask"] == ["action"]
    assert "radlands.fx.only_place" in said(result)
    assert state["players"]["a"]["columns"][2][0]["card"] == "vigilante"


def test_column_and_place_in_one_answer():
    """Jogar Carta (Pessoa): in front of the person there or behind them (who moves forward), as one answer."""
    from test_radlands_rules import play

    for where, order in (("front", ["punk", "vigilante"]), ("behind", ["vigilante", "punk"])):
        state = fresh_v2(water=3)
        state["players"]["a"]["hand"] = 1
        state["players"]["a"]["columns"][1].append({"uid": 90, "card": "punk", "damaged": False, "used": False, "fresh": False})
        result = play(action(state, data(), "a", 1), {"action": "person:vigilante", "column": f"2.{where}"})
        assert [e.id for e in result.transcript if e.kind == "ask"] == ["action", "column"]
        assert [p["card"] for p in state["players"]["a"]["columns"][1]] == order


def test_the_old_answers_still_play_and_old_saves_replay():
    """Answers files of the category menu ('action=person', then 'card', 'column', 'place') still play in a new
    game; a save made before menu version 2 replays its recorded answers with the menu it was played with."""
    from test_radlands_rules import play

    state = fresh_v2(water=3)
    state["players"]["a"]["hand"] = 1
    state["players"]["a"]["columns"][1].append({"uid": 90, "card": "punk", "damaged": False, "used": False, "fresh": False})
    play(action(state, data(), "a", 1), {"action": "person", "card": "vigilante", "column": "2", "place": "behind"})
    assert [p["card"] for p in state["players"]["a"]["columns"][1]] == ["vigilante", "punk"]
    old = fresh(water=3)  # no 'menu' option: a save of the earlier version
    old["players"]["a"]["hand"] = 1
    records = [Record("action", "person", "table"), Record("card", "vigilante", "table"), Record("column", "3", "table")]
    result = run(action(old, data(), "a", 1), recorded=records, dice=DiceContext(1, 1, "app"))
    assert result.done and old["players"]["a"]["columns"][2][0]["card"] == "vigilante"
    assert "menu" in __import__("automata.radlands.game", fromlist=["x"]).check_options({})


def test_a_save_of_the_category_menu_loads_and_replays(tmp_path):
    """A save written before menu version 2 (its options have no 'menu'), with a journal of category answers
    ('action=person', 'card', 'column', 'place'), opens and replays to the same state with this version."""
    from automata.radlands import game
    from radlands_policy import Policy
    from state.save import Save, write
    from state.session import Session

    options = game.check_options({"players": "Ana,Bruno"})
    del options["menu"]
    state = game.new_state(options, 5)
    policy = Policy(5)
    policy.state = state
    journal = []
    for n in range(1, 121):
        step = game.next_step(state)
        if step is None:
            break
        result = run(game.procedure(state, step), policy, dice=DiceContext(5, n, "table"))
        assert result.done
        journal.append({"n": n, "label": game.step_label(step).to_data(), "step": step,
                        "records": [r.to_data() for r in result.records]})
    values = {r["value"] for e in journal for r in e["records"] if r["id"] == "action"}
    assert {"person", "ability"} <= values  # the category answers of the earlier menu
    folder = tmp_path / "old"
    folder.mkdir()
    save = Save(name="old", game="radlands", seed=5, options=options, settings={"dice": "table"}, state=state,
                journal_length=len(journal), pending=None, created="2026-01-01T00:00:00+00:00", folder=folder)
    save._journal = journal
    write(save)
    session = Session.open(folder)
    assert session.replay(session.save.journal()) == state
