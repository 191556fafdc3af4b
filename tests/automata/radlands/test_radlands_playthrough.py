"""Whole games of Radlands: a golden playthrough and property tests over thousands of random games.

The golden transcript (tests/golden/radlands_seed7.txt) is a whole game played by the scripted table
(tests/automata/radlands_policy.py) with table dice; regenerate it deliberately with UPDATE_GOLDEN=1 and read the
diff before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.radlands import board
from automata.radlands import game
from conftest import random_games
from policy_runner import golden_text, transcript
from radlands_policy import play_game

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "radlands_seed7.txt"


def test_golden_game():
    """Seed 004, Preparação and Fluxo do Jogo: a whole game from setup to the last camp, every step in order."""
    state, history = play_game(7, names="Ana,Bruno")
    text = transcript(game, history)
    assert text == golden_text(GOLDEN, text)
    assert state["over"] and state["result"] in ("a", "b", "draw")


def check(state: dict) -> None:
    """The invariants of the table the program keeps."""
    assert board.water_left(state) >= 0 and state["turn"]["water"] >= 0 and state["turn"]["extra"] >= 0, "water never negative"
    assert state["deck"]["count"] >= 0 and state["deck"]["discard"] >= 0
    for s in board.SIDES:
        side = state["players"][s]
        q = side["queue"]
        assert len(q) == 3, "three queue spaces"
        assert q.count("raiders") == (1 if side["raiders"] == "queue" else 0), "Raiders in the queue once, or in the area"
        assert side["hand"] >= 0
        assert all(len(col) <= 2 for col in side["columns"]), "at most 2 people per column"
        for c, camp in enumerate(side["camps"]):  # a moved Juggernaut: the column's 3 places hold it and its people
            moves, behind, n = camp.get("moves", 0), camp.get("behind", 0), len(side["columns"][c])
            assert 0 <= behind <= min(n, moves) and n - behind <= 2 - moves and 0 <= moves <= 2
        if side["camps"]:
            assert len(side["camps"]) == 3
        if board.all_camps_destroyed(side):
            assert state["over"] and state["result"] == board.other(s), "three destroyed camps lose at once"
    # cards are neither made nor lost: deck + discard + hands + people + queued events = the 66-card deck
    total = state["deck"]["count"] + state["deck"]["discard"]
    for s in board.SIDES:
        side = state["players"][s]
        total += side["hand"] + len(board.people(side)) + sum(1 for c in side["queue"] if c and c != "raiders")
    assert total == 66, total


SHARDS = 4  # the random games are played in four parts, which the test run spreads over the machine's cores


@pytest.mark.parametrize("shard", range(SHARDS))
@settings(max_examples=random_games(70, quick_least=1), deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**29 - 1), first_game=st.booleans())
def test_random_games_keep_the_invariants_and_always_end(shard, seed, first_game):
    """Seed 004: 280 random games (4 parts of 70, each part its own seeds) with random legal answers never fail, always end (a winner or a draw), and keep
    the invariants: at most one event per space, Raiders once, water never negative, 2 people per column, no card
    made or lost."""
    seen_first_water = []

    def on_step(state, step, result):
        check(state)
        if step["proc"] == "replenish" and not state["over"]:
            seen_first_water.append((step["p"] == state["first_player"] and state["players"][step["p"]]["turns"] == 1, state["turn"]["water"]))

    from policy_runner import play_policy
    from radlands_policy import Policy

    seed = seed * SHARDS + shard
    options = game.check_options({"first_game": first_game})
    state = game.new_state(options, seed)
    state, _ = play_policy(game, state, Policy(seed), seed, on_step=on_step, max_steps=20000)
    assert state["over"] and state["result"] in ("a", "b", "draw")
    for first, water in seen_first_water:
        assert water == (1 if first else 3)


class _TakeFirst:
    """The scripted table, except that the turn menu is answered with ``value``."""

    def __init__(self, policy, value):
        self.policy, self.value, self.used = policy, value, False

    def answer(self, ask):
        if ask.id == "action" and not self.used:
            self.used = True
            return self.value, "table"
        return self.policy.answer(ask)

    def table_dice(self, roll, spec):
        return self.policy.table_dice(roll, spec)


@pytest.mark.parametrize("shard", range(3))  # 3 parts of 5 games (each part its own seeds), spread over the cores
@settings(max_examples=random_games(5, quick_least=1), deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**29 - 1))
def test_every_offered_action_can_be_taken(shard, seed):
    """Issue 11, no wrong picks: in random games, every item the turn menu offers as available (water, ready,
    damaged, the events queue, a copy that can be in a hand; rules file §2.4-§2.7, seed 'Ações') can be taken:
    picked, it is accepted and its step ends with every further question answerable by a legal answer."""
    import copy

    from automata.core.runner import DiceContext, NoAnswers, run
    from radlands_policy import Policy

    seed = seed * 3 + shard
    state = game.new_state(game.check_options({}), seed)
    policy = Policy(seed)
    policy.state = state
    checked = 0
    for n in range(1, 4000):
        step = game.next_step(state)
        if step is None:
            break
        if step["proc"] == "action" and n % 4 == 0:
            pending = run(game.procedure(copy.deepcopy(state), step), NoAnswers(), dice=DiceContext(seed, n, "table")).pending
            assert pending is not None and pending.id == "action"
            for choice in pending.choices:
                if choice.unavailable is not None or choice.hidden:
                    continue
                trial = copy.deepcopy(state)
                table = Policy(seed + n)
                table.state = trial
                result = run(game.procedure(trial, step), _TakeFirst(table, choice.value), dice=DiceContext(seed, n, "table"))
                assert result.done, f"{choice.value} offered but stopped at {result.pending_id}"
                check(trial)
                checked += 1
        result = run(game.procedure(state, step), policy, dice=DiceContext(seed, n, "table"))
        assert result.done
    assert state["over"] and checked > 0
