"""Issue 14: the VP the rules award are tallied by kind, and every Power's VP is kept at each round's end (the
end-of-game summary's categories and chart). Older saves without these keys still fit the state's shape."""

from __future__ import annotations

import copy

import pytest

from automata.chaos.board import VP_KINDS
from automata.core.shape import check_state
from chaos_policy import play_game


def _vp_typed_by_table(history) -> bool:
    """Whether the scripted table typed a VP change among its board changes (those VP have no kind)."""
    for _, result in history:
        for e in result.transcript:
            if e.kind == "ask" and isinstance(getattr(e, "value", None), str) and " vp " in f" {e.value} ":
                return True
    return False


@pytest.mark.parametrize("seed", [149, 7, 31])
def test_vp_by_kind_and_round_history(seed):
    """Seed 003: VP come from domination (Corruption step 1), the ruiners' header VP (step 2), the
    ruination places (End phase step 4) and the dial (step 5); the history has one entry per round ended."""
    rounds_ended = []

    def on_step(state, step, result):
        if step["proc"] == "end_check":
            rounds_ended.append(state["round"])
            assert state["vp_history"][-1] == {p: state["p"][p]["vp"] for p in state["powers"]}

    state, history = play_game(seed, focus=0.8, on_step=on_step)
    assert len(state["vp_history"]) == len(rounds_ended) == state["round"]
    for p in state["powers"]:
        by = state["p"][p].get("vp_by", {})
        assert set(by) <= set(VP_KINDS)
        assert all(v > 0 for v in by.values())
        if not _vp_typed_by_table(history):
            assert sum(by.values()) == state["p"][p]["vp"]
    # VP never go down round to round
    for before, after in zip(state["vp_history"], state["vp_history"][1:]):
        assert all(after[p] >= before[p] for p in state["powers"])
    assert check_state("automata.chaos.game", state) is None


def test_old_saves_without_the_record_fit_the_shape():
    state, _ = play_game(149, focus=0.8)
    old = copy.deepcopy(state)
    old.pop("vp_history")
    for p in old["powers"]:
        old["p"][p].pop("vp_by", None)
    assert check_state("automata.chaos.game", old) is None
    bad = copy.deepcopy(state)
    bad["vp_history"][0][state["powers"][0]] = "many"
    assert check_state("automata.chaos.game", bad)[0].startswith("state.vp_history[0]")
