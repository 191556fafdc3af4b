"""Whole games of Chaos in the Old World: a golden playthrough and property tests over random games.

The golden transcript (tests/golden/chaos_4p_seed149.txt) is a scripted four-Power game played to
its end with table dice; regenerate it deliberately with UPDATE_GOLDEN=1 after a wording change and
read the diff before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.chaos import copies, game
from automata.chaos.board import in_reserve
from automata.chaos.game import data_of
from chaos_policy import play_game
from conftest import random_games
from policy_runner import golden_text, transcript
from test_chaos_rules import pile_total

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "chaos_4p_seed149.txt"
GOLDEN_TURNS = Path(__file__).resolve().parents[2] / "golden" / "chaos_4p_seed149_turns.txt"


def played(seed: int, focus: float, summoning: str = "line") -> tuple[str, dict]:
    """The scripted game's transcript (the golden files' format) and its final state."""
    state, history = play_game(seed, focus=focus, summoning=summoning)
    return transcript(game, history), state


def test_golden_four_power_game():
    """Seed 003, the whole turn: setup, six phases per round in order, ruination, dials, the end of the game."""
    text, state = played(149, 0.8)
    assert text == golden_text(GOLDEN, text)
    assert state["over"]
    if state["result"]["rule"] == "vp":
        assert all(state["p"][p]["vp"] >= 50 for p in state["result"]["winners"])
    elif state["result"]["rule"] == "dial":  # seed 003 l.8: a dial at its victory position
        data = data_of(state)
        assert state["result"]["winners"] and all(state["p"][p]["dial"] >= data.ticks_to_win(p) for p in state["result"]["winners"])
    else:
        assert state["result"] == {"winners": [], "rule": "old_world"} and state["old_world"]["deck"] == 0


def test_golden_one_action_at_a_time_reaches_the_same_board():
    """Issue 11: the one-action-at-a-time summoning (its own golden) and the one-line record of the same
    decisions reach the same final state."""
    text, state = played(149, 0.8, summoning="turns")
    assert text == golden_text(GOLDEN_TURNS, text)
    _, by_line = played(149, 0.8)
    skip = {"summoning", "summon_started", "summon_turns"}
    for s in (state, by_line):  # the cards known in a discard pile are a count per card (copies.py), not a sequence
        for ps in s["p"].values():
            if "discard_cards" in ps:
                ps["discard_cards"] = sorted(ps["discard_cards"])
    assert {k: v for k, v in state.items() if k not in skip} == {k: v for k, v in by_line.items() if k not in skip}


def check_invariants(state, data, previous_vp):
    ruined = [r for r in state["regions"].values() if r["ruin"]]
    assert len(ruined) <= 5
    assert len({r["ruin"] for r in ruined}) == len(ruined)
    assert state["ruination_next"] == len(ruined) + 1 or state["ruination_next"] == 6
    for rid, region in state["regions"].items():
        assert all(n >= 0 for n in region["corruption"].values()), (rid, region["corruption"])
        assert all(n >= 0 for n in region["tokens"].values())
        assert len(region["cards"]) <= 2
        for p, figs in region["figures"].items():
            assert all(n >= 0 for n in figs.values())
    for p in state["powers"]:
        ps = state["p"][p]
        assert ps["vp"] >= previous_vp.get(p, 0), "VP never decrease"
        previous_vp[p] = ps["vp"]
        assert ps["pp"] >= 0 and ps["hand"] >= 0 and ps["deck"] >= 0 and ps["discard"] >= 0
        assert 0 <= ps["dial"] <= data.ticks_to_win(p)
        for kind, f in data.power(p)["followers"].items():
            # issue 29: figures on the board never above the box, per Power per figure kind (rules file §2.5
            # counts; A Great Foul Consumption and the Heroes take figures off, summoning puts them on)
            on_board = sum(r["figures"].get(p, {}).get(kind, 0) for r in state["regions"].values())
            assert on_board <= f["count"], (p, kind, on_board, f["count"])
            assert in_reserve(state, data, p, kind) >= 0
        # issue 29, rules file §2.8: the Power's cards add up to its deck; no card has more copies on the board
        # and known in the discard pile than the deck holds
        assert pile_total(state, p) == data.power(p)["deck_size"], p
        known = copies.known_discards(state, p)
        assert len(known) <= ps["discard"]
        for c in data.chaos_cards(p):
            assert copies.in_play(state, p, c["id"]) + known.count(c["id"]) <= c["copies"], (p, c["id"])


SHARDS = 4  # the random games are played in four parts, which the test run spreads over the machine's cores


@pytest.mark.parametrize("shard", range(SHARDS))
@settings(max_examples=random_games(140, quick_least=1), deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**29 - 1), focus=st.sampled_from([0.0, 0.5, 0.8, 1.0]), three=st.booleans())
def test_random_games_keep_the_invariants(shard, seed, focus, three):
    """Seed 003, across 560 random legal games (4 parts of 140, each part its own seeds): corruption never negative, at most five ruined
    regions, VP never decreasing, a Power's cards always its deck and never more copies of a card in play or
    in the discard pile than its deck holds (issue 29: board changes draw, discard and clear the track too),
    and the game always ends (by a winner or the Old World deck)."""
    powers = ("khorne", "tzeentch", "slaanesh") if three else ("khorne", "nurgle", "tzeentch", "slaanesh")
    previous: dict = {}

    def on_step(state, step, result):
        check_invariants(state, data_of(state), previous)

    seed = seed * SHARDS + shard
    state, history = play_game(seed, powers=powers, on_step=on_step, focus=focus, card_changes=True)
    assert state["over"]
    assert state["round"] <= (7 if not three else 8)
    assert state["result"]["rule"] in {"old_world", "vp", "dial", "vp_most_vp", "vp_shared", "dial_most_vp", "dial_shared"}
