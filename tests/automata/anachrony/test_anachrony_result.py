"""The result of a game of Anachrony (automata/anachrony/result.py), on whole games of the scripted tables.

Seed 002, line 7 (rules file O4): the highest VP total at the end of the game wins; rules file §2.12: a tie goes to
the most Water, then the most Resources, else the victory is shared; solo (§3.2.10, §3.4.14): you win only with
strictly more VP than the opponent. The game ends with its last Era (§2.7; Era 6 with Intrigues, I6)."""

from __future__ import annotations

import copy

from anachrony_policy import play_game
from anachrony_solo_policy import play_solo
from automata.anachrony import game
from automata.anachrony.result import result
from conftest import random_games


def test_multiplayer_the_highest_total_wins():
    for seed in range(random_games(6)):
        state, _ = play_game(seed, players=2 + seed % 3)
        out = result(state)
        assert out["finished"] is True
        assert set(out["scores"]) == set(state["players"])  # p1…, each with its final total
        best = max(out["scores"].values())
        assert out["winners"] and all(out["scores"][p] == best for p in out["winners"])
        assert out["ended_by"] == "anachrony.result.last_era" and out["ended_params"]["era"] == state["era_count"]
        if len(out["winners"]) == 1 and list(out["scores"].values()).count(best) == 1:
            assert out["ended_params"]["decided"] == "@anachrony.result.decided.total"


def test_solo_the_player_wins_only_with_more_points_than_the_opponent():
    for seed in range(random_games(6)):
        state, _ = play_solo(seed, opponent=("chronobot", "chronossus")[seed % 2])
        out = result(state)
        assert set(out["scores"]) == {"p1", "bot"}
        if out["winners"] == ["p1"]:
            assert out["scores"]["p1"] > out["scores"]["bot"]
        else:
            assert "bot" in out["winners"] and out["scores"]["bot"] >= out["scores"]["p1"]


def test_a_game_ended_before_its_last_era_says_the_capital_collapsed():
    state, _ = play_game(1, players=2)
    early = copy.deepcopy(state)
    early["era"] = early["era_count"] - 1  # the table said the last Collapsing tile went (eras.clean_up)
    assert result(early)["ended_by"] == "anachrony.result.collapsed"
    started = game.new_state(game.check_options({"players": 2, "modules": "", "random": "app"}), 1)
    assert result(started) == {"finished": False, "winners": [], "scores": {}, "ended_by": "", "ended_params": {}}
