"""A correction after the end of the game is the truth from then on (issue 36): the end and the result are decided
again from the corrected values (automata/core/ending.py), and every reader agrees (status --json, history, stats,
export all read ``result(state)``). A finished game of each game (tests/state/finished_saves.py)."""

from __future__ import annotations

import json

import pytest

import finished_saves
from cli_checks import tt

NAMES = ["chaos-three", "radlands-duel", "anachrony-solo", "toc-pair"]


@pytest.fixture(scope="module")
def finished_template(tmp_path_factory):
    return finished_saves.build(tmp_path_factory.mktemp("fix-after-end"), NAMES)


@pytest.fixture
def home(finished_template, _tabletop_home):
    finished_saves.copy_into(finished_template, _tabletop_home)
    return _tabletop_home


def doc(*args: str) -> dict:
    out = tt(*args, "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def exported(name: str) -> dict:
    return doc("export", "--game", name)["result"]


def finished(name: str) -> bool:
    return doc("export", "--game", name)["finished"]


def history_seats(name: str) -> dict:
    game = next(g for g in doc("history")["games"] if g["name"] == name)
    return {s["id"]: s["winner"] for s in game["seats"]}


def faction_wins(game_id: str, key: str) -> int:
    game = next(g for g in doc("stats")["games"] if g["game"] == game_id)
    return next(f["wins"] for f in game["factions"] if f["key"] == key)


def fix(name: str, words: str, lang: str = "en"):
    out = tt("--lang", lang, "fix", words, "--game", name)
    assert out.exit_code == 0, out.output
    return out


def test_chaos_a_power_corrected_to_50_vp_after_the_old_world_won_wins(home):
    # seed 003 l.121: 50 VP at the end of the End phase wins; the Old World wins only when nobody has won
    assert exported("chaos-three")["ended_by"] == "chaos.win.old_world"
    out = fix("chaos-three", "vp nurgle 55")
    assert "Nurgle won" in out.output
    assert exported("chaos-three")["winners"] == ["nurgle"]
    assert doc("status", "--game", "chaos-three")["result"] == {"winners": ["nurgle"], "rule": "vp"}
    assert history_seats("chaos-three")["nurgle"] is True
    assert faction_wins("chaos", "nurgle") == 1


def test_chaos_a_correction_that_leaves_nobody_winning_and_cards_in_the_deck_goes_on_with_the_next_round(home):
    # seed 003 l.121: nobody at 50 VP and Old World cards left: the next round begins
    fix("chaos-three", "old world deck 2")
    assert finished("chaos-three") is False
    status = doc("status", "--game", "chaos-three")
    assert status["over"] is False and status["next"]["proc"] == "old_world"
    played = tt("play", "--game", "chaos-three")
    assert "chaos.oldworld.card" in played.output  # play goes on: the Old World phase asks its card
    fix("chaos-three", "old world deck 0")  # and the opposite correction ends it again, as it was
    assert exported("chaos-three")["ended_by"] == "chaos.win.old_world"


def test_radlands_a_camp_restored_after_the_end_takes_the_game_up_and_the_opposite_ends_it_again(home):
    # seed 004 l.5/l.34, rules file §2.10: three destroyed camps lose; restored, nobody has won
    winner = exported("radlands-duel")["winners"]
    loser = "b" if winner == ["a"] else "a"
    out = fix("radlands-duel", f"camp {loser} 3 damaged")
    assert "the game goes on" in out.output
    assert finished("radlands-duel") is False
    status = doc("status", "--game", "radlands-duel")
    assert status["over"] is False and status["next"]["proc"] == "action"
    assert history_seats("radlands-duel") == {"a": False, "b": False}
    fix("radlands-duel", f"camp {loser} 3 destroyed")
    assert exported("radlands-duel")["winners"] == winner


def test_radlands_camps_corrected_on_both_sides_change_the_winner_everywhere(home):
    winner = exported("radlands-duel")["winners"][0]
    loser = "b" if winner == "a" else "a"
    fix("radlands-duel", f"acampamento {loser} 3 danificado; acampamento {winner} 1 destruído; "
                         f"acampamento {winner} 2 destruído; acampamento {winner} 3 destruído", lang="pt-BR")
    assert exported("radlands-duel")["winners"] == [loser]
    assert doc("status", "--game", "radlands-duel")["result"] == loser
    assert history_seats("radlands-duel") == {winner: False, loser: True}


def test_anachrony_the_chronobots_vp_corrected_after_the_end_moves_its_final_total(home):
    # seed 002 l.7: the highest VP total wins; the Chronobot's VP is the program's (rules §3.2.10)
    before = exported("anachrony-solo")["scores"]
    fix("anachrony-solo", "+5 vp chronobot")
    after = exported("anachrony-solo")["scores"]
    assert after == {**before, "bot": before["bot"] + 5}
    status = doc("status", "--game", "anachrony-solo")
    assert status["final"]["totals"] == after
    fix("anachrony-solo", "-5 vp chronobot")  # reversed by its opposite
    assert exported("anachrony-solo")["scores"] == before


def test_anachrony_the_chronobot_corrected_below_the_player_loses_everywhere(home):
    scores = exported("anachrony-solo")["scores"]
    assert scores["bot"] > scores["p1"]
    out = fix("anachrony-solo", "vp chronobot 0")
    assert "Player 1 won" in out.output
    result = exported("anachrony-solo")
    assert result["winners"] == ["p1"]
    assert doc("status", "--game", "anachrony-solo")["final"]["winners"] == ["p1"]
    assert history_seats("anachrony-solo") == {"p1": True, "bot": False}


def test_toc_a_bots_legacy_corrected_after_the_end_decides_the_winner_in_history_and_stats(home):
    # seed 000 l.5, rules file §2.10: the most Legacy wins (result.py reads the corrected values)
    before = exported("toc-pair")
    top = max(before["scores"].values())
    out = fix("toc-pair", f"legacy red {top + 10}")
    assert "won" in out.output  # the table is told the end decided again
    assert exported("toc-pair")["winners"] == ["red"]
    assert history_seats("toc-pair")["red"] is True


def test_a_correction_the_end_cannot_follow_is_refused_with_the_way_back(home, monkeypatch):
    # radlands: a draw is the deck running out (rules file §2.10); a deck with cards after it cannot be followed
    from automata.radlands import end

    from automata.core.msg import msg

    # the refusal as the game's hook gives it (the real cases: tests/automata/test_end_after_fix.py)
    monkeypatch.setattr(end, "decide", lambda state, before: msg("radlands.end.deck_after_draw", n=3))
    before = exported("radlands-duel")
    out = tt("fix", "deck 3", "--game", "radlands-duel")
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert "cannot follow this correction" in out.output and "'tabletop undo 1'" in out.output
    pt = tt("--lang", "pt-BR", "fix", "baralho 3", "--game", "radlands-duel")
    assert pt.exit_code == 2 and "tabletop undo 1" in pt.output and "Recusado" in pt.output
    assert exported("radlands-duel") == before
