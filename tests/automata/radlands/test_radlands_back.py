"""Enter and "back" in a Radlands turn (wave-2 audit item 3).

- What Enter means (Ask.default): the action menu's Enter ends the turn, never plays a card or uses an ability; an
  optional pick's Enter is "none"; a "you may" yes/no's Enter is no (Doomsayer, rules §2.5).
- Every menu that follows a pick of the action menu (a target, a column, a place) ends with "back": nothing of the
  action is kept (the water, the card's readiness, the hand as before the pick), the action menu is asked again in
  the same step, and the step then ends as if the back had never been picked. Not offered where the table reports
  a card it has seen (Scientist, a flipped card): that cannot be taken back.
"""

from __future__ import annotations

import copy

from automata.core.runner import DiceContext, ScriptedAnswers, run
from automata.core.steps import ONE_OF, YES_NO, Ask, Choice, msg
from automata.radlands import board
from automata.radlands.effects import Ctx, pick, push_opponent_events
from automata.radlands.turn import BACK, action, with_back

from test_radlands_rules import data, fresh, person


def go(state, answers):
    return run(action(state, data(), "a", 1), ScriptedAnswers(answers), dice=DiceContext(1, 1, "app"))


def test_enter_at_the_action_menu_ends_the_turn_in_both_menu_versions():
    """Seed, Fluxo do Jogo 3: the player ends the Actions phase when done; Enter must never play a card."""
    for water in (0, 3):
        state = fresh(water=water)
        state["players"]["a"]["hand"] = 3
        ask = go(state, {}).pending
        assert ask.id == "action" and ask.default == "end"
        assert next(c for c in ask.choices if c.value == "end").unavailable is None
        legacy = copy.deepcopy(state)
        del legacy["options"]["menu"]
        assert go(legacy, {}).pending.default == "end"


def test_back_from_a_target_keeps_nothing_of_the_ability():
    """Seed, Usar Habilidade: paying the cost and the card becoming not ready belong to the use; a back from its
    target leaves the water and the camp ready, and the action menu is asked again."""
    state = fresh(water=3)
    person(state, "b", 0, "muse")
    before = copy.deepcopy(state)
    ask = go(copy.deepcopy(state), {"action": "use:a.c1"}).pending
    assert ask.id == "damage" and ask.choices[-1].value == BACK and ask.default == BACK
    result = go(state, {"action": ["use:a.c1"], "damage": "back"})
    assert result.pending is not None and result.pending.id == "action"
    assert [e.id for e in result.transcript if e.kind == "ask"] == ["action", "damage"]
    assert "radlands.back.done" in [e.msg.id for e in result.transcript if e.kind == "say"]
    assert state == before  # the step's working state: nothing applied
    # then another pick, and the step ends as a plain ability use would
    again = copy.deepcopy(before)
    result = go(again, {"action": ["use:a.c1", "use:a.c1"], "damage": ["back", "b.c2"]})
    assert result.done
    plain = copy.deepcopy(before)
    assert go(plain, {"action": "use:a.c1", "damage": "b.c2"}).done
    assert again == plain
    assert board.water_left(again) == 1 and again["players"]["a"]["camps"][0]["used"]


def test_back_from_the_column_of_a_person_leaves_the_hand_and_water():
    """Seed, Jogar Carta (Pessoa): the column follows the pick; back plays nothing."""
    state = fresh(water=3)
    state["players"]["a"]["hand"] = 2
    before = copy.deepcopy(state)
    result = go(state, {"action": ["person:looter"], "column": "back"})
    assert result.pending.id == "action" and state == before
    assert not any(state["players"]["a"]["columns"])


def test_optional_pick_enter_is_none_and_compulsory_pick_has_no_none():
    """An optional effect (seed, Ganhar Punk; Restore) may be declined: Enter means none."""
    state = fresh()
    choices = [Choice("a.c1", msg("radlands.none")), Choice("a.c2", msg("radlands.none"))]
    ask = pick(Ctx(state, data(), "a"), "restore", msg("radlands.ask.restore"), choices, optional=True).send(None)
    assert ask.default == "none" and ask.choices[-1].value == "none"
    ask = pick(Ctx(state, data(), "a"), "damage", msg("radlands.ask.restore"), choices).send(None)
    assert ask.default is None and "none" not in [c.value for c in ask.choices]
    # inside an action, the optional pick keeps "none" as Enter and gets "back" too
    gen = with_back(Ask("restore", msg("radlands.ask.restore"), ONE_OF, tuple(choices) + (Choice("none", msg("radlands.none")),)))
    ask = gen.send(None)
    assert ask.default == "none" and ask.choices[-1].value == BACK


def test_doomsayer_push_is_a_may_whose_enter_is_no():
    """Rules §2.5 (Doomsayer): its owner may push the opponent's events back; Enter means no."""
    state = fresh()
    state["players"]["b"]["queue"] = ["banish", "", ""]
    ask = push_opponent_events(Ctx(state, data(), "a")).send(None)
    assert ask.kind == YES_NO and ask.default is False


def test_no_back_where_the_table_reports_a_card_it_has_seen():
    """A revealed or flipped card cannot be taken back: those questions offer no back; a question that already
    ends in back gets no second one; questions that are not menus pass unchanged."""
    choices = (Choice("looter", msg("radlands.none")),)
    for qid in ("scientist.1", "flipped", "mercenary"):
        ask = with_back(Ask(qid, msg("radlands.ask.flipped"), ONE_OF, choices)).send(None)
        assert [c.value for c in ask.choices] == ["looter"]
    yn = Ask("push", msg("radlands.ask.push_events", player="Bruno"), YES_NO)
    assert with_back(yn).send(None) is yn
