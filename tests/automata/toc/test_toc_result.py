"""The result of a game of Time of Crisis (automata/toc/result.py), on whole games of the scripted table.

Rules file §2.10 and §3.11: Legacy is the victory points, the most Legacy wins and games are played to 60 Legacy; the
program keeps the bots' Legacy (seed 000, lines 36, 100, 109, 118: the bots' gains; rules file §3.11) and the table
gives the humans' at the end of the game (automata/toc/endgame.py; its own tests: test_toc_final.py), so every seat
has a score and the winner is named. Saves that ended before that question keep the older reading: only the bots
have a score, and the winner is named only where their Legacy decides it."""

from __future__ import annotations

import copy

from automata.toc import game
from automata.toc.result import result
from conftest import random_games
from toc_policy import play_game


def test_a_finished_game_names_its_winners_and_scores_every_seat():
    for seed in range(random_games(6)):
        humans = 1 + seed % 2
        state, _ = play_game(seed, humans=humans, bots=",".join(["red", "blue", "yellow"][: 4 - humans]))
        out = result(state)
        bots = state["bots"]
        humans_legacy = state["final"]["legacy"]
        assert out["finished"] is True
        assert set(humans_legacy) == {f"human{n}" for n in range(1, humans + 1)}
        assert out["scores"] == {**humans_legacy, **{c: bots[c]["legacy"] for c in state["bot_order"]}}
        best = max(out["scores"].values())
        assert out["winners"] and all(out["scores"][w] == best for w in out["winners"])
        assert out["ended_params"]["legacy"] == best and out["ended_params"]["threshold"] == 60
        assert out["ended_by"] == ("toc.result.most_legacy" if len(out["winners"]) == 1 else "toc.result.tie_shared")


def old_save(seed: int, **options) -> dict:
    """A finished game as a save made before the end asked the humans' Legacy (no ``final``)."""
    state, _ = play_game(seed, **options)
    state = copy.deepcopy(state)
    del state["final"]
    return state


def test_an_older_save_the_table_ended_with_no_bot_at_the_goal_was_won_by_a_human():
    for humans in (1, 2):
        state = old_save(3, humans=humans, bots=",".join(["red", "blue", "yellow"][: 4 - humans]))
        out = result(state)
        assert out["scores"] == {c: state["bots"][c]["legacy"] for c in state["bot_order"]}  # the humans' was not kept
        assert max(out["scores"].values()) < 60 and out["ended_by"] == "toc.result.human_goal"
        if humans == 1:
            assert out["winners"] == ["human1"]
        else:  # which human is not known: a human won
            assert out["winners"] == [] and out["winner_kind"] == "human"


def test_an_older_save_with_a_bot_at_the_goal_leaves_the_winner_unknown():
    state = old_save(2)
    leader = state["bot_order"][-1]
    state["bots"][leader]["legacy"] = 61
    out = result(state)
    assert out["winners"] == [] and out["undecided"] is True and out["ended_by"] == "toc.result.bot_goal"
    assert out["ended_params"]["bots"] == [f"@toc.colour.{leader}"] and out["ended_params"]["legacy"] == 61


def test_a_game_in_progress_has_no_winner():
    state = game.new_state(game.check_options({"humans": 1, "bots": "red,blue"}), 4)
    out = result(state)
    assert out["finished"] is False and out["winners"] == [] and out["ended_by"] == ""
