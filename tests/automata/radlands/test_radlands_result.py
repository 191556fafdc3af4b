"""The result of a game of Radlands (automata/radlands/result.py), on whole games of the scripted table.

Seed 004, lines 5 and 34: the game goes on until a player has destroyed all of the opponent's camps, and that
player wins; rules file §2.10: the draw deck running out a second time is a draw. Radlands has no points."""

from __future__ import annotations

from automata.radlands import board, game
from automata.radlands.result import result
from conftest import random_games
from radlands_policy import play_game


def test_the_winner_is_the_side_whose_opponent_has_no_camp_left():
    for seed in range(random_games(8)):
        state, _ = play_game(seed, first_game=seed % 2 == 0)
        out = result(state)
        assert out["finished"] is True and out["scores"] == {}
        if out["ended_by"] == "radlands.result.camps":
            (winner,) = out["winners"]
            assert board.all_camps_destroyed(state["players"][board.other(winner)])
            assert not board.all_camps_destroyed(state["players"][winner])
        else:
            assert out == {"finished": True, "winners": [], "scores": {}, "ended_by": "radlands.result.draw",
                           "ended_params": {}}


def test_the_deck_running_out_a_second_time_is_a_draw():
    state = game.new_state(game.check_options({}), 3)
    assert result(state)["finished"] is False
    state["deck"]["reshuffles"] = state["rules"]["deck_reshuffles"]  # the discard pile was shuffled in already
    board.run_out(state, [])
    out = result(state)
    assert out["finished"] is True and out["winners"] == [] and out["ended_by"] == "radlands.result.draw"
