"""The result of a game of Chaos in the Old World (automata/chaos/result.py), on whole games of the scripted table.

Seed 003, lines 5-8 and 121: 50 VP at the end of the End phase, or a Threat dial at its victory position, wins;
the Old World deck running out with nobody having won makes the Old World the winner and every Power a loser."""

from __future__ import annotations

from automata.chaos import game
from automata.chaos.result import result
from chaos_policy import play_game
from conftest import random_games


def test_the_result_of_finished_games_follows_the_victory_rules():
    data_rules = None
    seen = set()
    for seed in range(random_games(12)):
        state, _ = play_game(seed, powers=("khorne", "nurgle", "tzeentch") if seed % 3 == 0 else
                             ("khorne", "nurgle", "tzeentch", "slaanesh"))
        data = game.data_of(state)
        data_rules = data.rules["rules"]["victory"]
        out = result(state)
        assert out["finished"] is True
        assert out["scores"] == {p: state["p"][p]["vp"] for p in state["powers"]}  # every Power's VP, the score
        rule = out["ended_by"].removeprefix("chaos.win.")
        seen.add(rule.split("_")[0])
        if rule.startswith("dial"):  # line 8: the dial at its victory position
            assert out["winners"] and all(state["p"][p]["dial"] >= data.ticks_to_win(p) for p in out["winners"])
        elif rule.startswith("vp"):  # line 7: 50 VP or more
            assert out["winners"] and all(state["p"][p]["vp"] >= data_rules["vp_threshold"] for p in out["winners"])
        elif rule == "old_world":  # line 121: the Old World wins, every Power loses
            assert out["winners"] == [] and state["old_world"]["deck"] <= 0
        else:
            assert rule == "fifth_ruination" and out["winners"]
            best = max(out["scores"].values())
            assert all(out["scores"][p] == best for p in out["winners"])
        nobody_else = [p for p in state["powers"] if p not in out["winners"]]
        if rule in ("dial", "vp"):  # a single winner: nobody else met the same condition
            assert len(out["winners"]) == 1 and nobody_else
    assert seen & {"dial", "vp", "old"}, seen


def test_a_game_in_progress_has_no_result_yet():
    state = game.new_state(game.check_options({"powers": "khorne,nurgle,tzeentch"}), 5)
    out = result(state)
    assert out == {"finished": False, "winners": [], "scores": {"khorne": 0, "nurgle": 0, "tzeentch": 0},
                   "ended_by": "", "ended_params": {}}
