"""The result of a game of Time of Crisis (automata/toc/result.py), on whole games of the scripted table.

Rules file §2.10 and §3.11: Legacy is the victory points and games are played to 60 Legacy; the program keeps only
the bots' Legacy (seed 000, the bots' Legacy; rules file §3.11), so only the bots have a score and the winner is
named only where that Legacy decides it."""

from __future__ import annotations

import copy

from automata.toc import game
from automata.toc.result import result
from conftest import random_games
from toc_policy import play_game


def test_a_game_the_table_ended_with_no_bot_at_the_goal_was_won_by_a_human():
    for seed in range(random_games(6)):
        humans = 1 + seed % 2
        state, _ = play_game(seed, humans=humans, bots=",".join(["red", "blue", "yellow"][: 4 - humans]))
        out = result(state)
        bots = state["bots"]
        assert out["finished"] is True
        assert out["scores"] == {c: bots[c]["legacy"] for c in state["bot_order"]}  # the humans' is not tracked
        assert max(out["scores"].values()) < 60 and out["ended_by"] == "toc.result.human_goal"
        if humans == 1:
            assert out["winners"] == ["human1"]
        else:  # which human is not known: a human won
            assert out["winners"] == [] and out["winner_kind"] == "human"


def test_a_bot_at_the_goal_leaves_the_winner_unknown():
    state, _ = play_game(2)
    state = copy.deepcopy(state)
    leader = state["bot_order"][-1]
    state["bots"][leader]["legacy"] = 61
    out = result(state)
    assert out["winners"] == [] and out["undecided"] is True and out["ended_by"] == "toc.result.bot_goal"
    assert out["ended_params"]["bots"] == [f"@toc.colour.{leader}"] and out["ended_params"]["legacy"] == 61


def test_a_game_in_progress_has_no_winner():
    state = game.new_state(game.check_options({"humans": 1, "bots": "red,blue"}), 4)
    out = result(state)
    assert out["finished"] is False and out["winners"] == [] and out["ended_by"] == ""
