"""The end decided again by a correction step (automata/core/ending.py), on the rules' side: a correction the end
cannot follow is refused with the game's reason (issue 36), and a Radlands turn correction is read back and undone
by its opposite (issue 36, item 2). ``ending.result_now`` is the end as the rules decide it from a state."""

from __future__ import annotations

import copy

import pytest

import radlands_policy
from automata.core import ending, fix as core_fix, fixstep
from automata.core.fixstep import WithCorrections
from automata.core.games import load_game
from automata.core.runner import NoAnswers, run


def correct(game_id: str, state: dict, text: str) -> dict:
    """``state`` after the correction ``text``, played as its journal step (what tabletop fix journals)."""
    game = WithCorrections(load_game(game_id))
    working = copy.deepcopy(state)
    changes = core_fix.check(text, game.fix_fields, working)
    run(game.procedure(working, fixstep.step(changes)), NoAnswers(), [])
    return working


@pytest.fixture(scope="module")
def radlands_end():
    state, _ = radlands_policy.play_game(3, first_game=True, names="Ana,Bia")
    assert state["over"] and state["result"] in ("a", "b")
    return state


def test_radlands_a_game_that_ended_outside_an_action_is_not_taken_up_halfway(radlands_end):
    # rules file §2.10: the last camp may fall in the Events phase; the program cannot resume that step halfway
    state = copy.deepcopy(radlands_end)
    loser = "b" if state["result"] == "a" else "a"
    state["next"] = {"proc": "events", "p": loser, "name": "x", "turn": state["turn"]["number"]}
    with pytest.raises(core_fix.FixError) as refused:
        correct("radlands", state, f"camp {loser} 3 damaged")
    assert refused.value.msg.id == "core.fix.end_refused"
    assert refused.value.msg.params["reason"]["id"] == "radlands.end.cannot_resume"


def test_radlands_a_draw_with_cards_in_the_deck_again_is_refused(radlands_end):
    # rules file §2.10: the draw is the deck running out a second time
    state = copy.deepcopy(radlands_end)
    for side in ("a", "b"):
        state["players"][side]["camps"][2]["state"] = "damaged"
    state["result"], state["deck"]["count"], state["deck"]["discard"] = "draw", 0, 0
    assert ending.result_now("radlands", state)["ended_by"] == "radlands.result.draw"
    with pytest.raises(core_fix.FixError) as refused:
        correct("radlands", state, "deck 2")
    assert refused.value.msg.params["reason"]["id"] == "radlands.end.deck_after_draw"


def test_result_now_decides_from_the_state_without_changing_it(radlands_end):
    state = copy.deepcopy(radlands_end)
    loser = "b" if state["result"] == "a" else "a"
    state["players"][loser]["camps"][0]["state"] = "damaged"  # as if corrected by hand: nobody has three destroyed
    state["next"] = {"proc": "action", "p": state["result"], "name": "x", "turn": state["turn"]["number"], "k": 1}
    kept = copy.deepcopy(state)
    assert ending.result_now("radlands", state)["finished"] is False
    assert state == kept


@pytest.fixture(scope="module")
def radlands_mid(tmp_path_factory):
    """A game in the middle of a player's actions (the scripted table of tests/state/finished_saves.py)."""
    import finished_saves
    from state.save import read

    with finished_saves.home_at(tmp_path_factory.mktemp("radlands-mid")):
        for steps in range(30, 60):
            state = read(finished_saves.play("radlands-duel", steps=steps)).state
            if not state["over"] and state["next"]["proc"] == "action" and state["next"].get("k", 1) > 1:
                return state
    raise AssertionError("no step in the middle of a turn's actions")


def turn_row(state: dict):
    fields = load_game("radlands").fix_fields()
    return next(row for row in core_fix.listing(state, fields) if row["field"] == "turn")


def test_radlands_a_turn_correction_is_read_back_and_undone_by_its_opposite(radlands_mid):
    # seed 004, Fluxo do Jogo: the table says whose turn it is; every reader reads the corrected player
    now = radlands_mid["next"]["p"]
    other = "b" if now == "a" else "a"
    handed = correct("radlands", radlands_mid, f"turn {other}")
    assert turn_row(handed)["value"] == other
    assert load_game("radlands").next_step(handed)["p"] == other
    back = correct("radlands", handed, f"turn {now}")
    assert turn_row(back)["value"] == now
    assert back == radlands_mid  # exactly the state the first correction started from


def test_radlands_the_same_turn_again_changes_nothing(radlands_mid):
    other = "b" if radlands_mid["next"]["p"] == "a" else "a"
    handed = correct("radlands", radlands_mid, f"turn {other}")
    fields = load_game("radlands").fix_fields()
    again = core_fix.check(f"turn {other}", fields, handed)
    lines = core_fix.apply(copy.deepcopy(handed), again, fields)
    assert [(line["before"], line["after"]) for line in lines] == [(other, other)]  # the "already" path of fix
