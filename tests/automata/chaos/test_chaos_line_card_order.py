"""Seed 003 l.67: two card spaces a region; when two Chaos cards there act at the same moment, the left one (played
first) resolves first. Recorded one line per Power, two cards of one region may have been played in either order:
the table is asked which came first, only when the order changes what resolves first; saves made before the
question (no ``asks`` in their options) replay in the lines' order, as they were played."""

from __future__ import annotations

from automata.chaos import game
from test_chaos_summon_line import ready, record


def _cards(state, region="kislev"):
    return [(e["power"], e["card"], e["space"]) for e in state["regions"][region]["cards"]]



def _answered(result) -> list[str]:
    return [rec.id for rec in result.records]


def test_the_card_played_first_at_the_table_goes_left_whatever_the_lines_order():
    """Seed 003 l.67: Khorne's line is typed first, but Nurgle's Plague Touch was played first at the table: it is
    the left card (space 1) and resolves first in Kislev's battle (both act in the battle)."""
    state = ready()
    assert record(state, "khorne", "card blood_frenzy kislev").done
    r = record(state, "nurgle", "card plague_touch kislev", {"chaos.summon.r1.kislev.first": "nurgle"})
    assert r.done
    assert "chaos.summon.r1.kislev.first" in _answered(r)
    assert _cards(state) == [("nurgle", "plague_touch", 1), ("khorne", "blood_frenzy", 2)]
    done = [e for e in r.transcript if e.kind == "say" and e.msg.id == "chaos.line.first_done"]
    assert len(done) == 1 and done[0].msg.params["left"] == 1


def test_the_lines_order_kept_when_the_table_says_so():
    state = ready()
    assert record(state, "khorne", "card blood_frenzy kislev").done
    assert record(state, "nurgle", "card plague_touch kislev", {"chaos.summon.r1.kislev.first": "khorne"}).done
    assert _cards(state) == [("khorne", "blood_frenzy", 1), ("nurgle", "plague_touch", 2)]


def test_two_cards_of_one_line_in_one_region_are_asked_by_card():
    """One line lists a Power's actions, not their order at the table (the program reorders them): asked too, the
    answer naming the card."""
    state = ready()
    r = record(state, "nurgle", "card plague_touch kislev, card rain_of_pus kislev",
               {"chaos.summon.r1.kislev.first": "rain_of_pus"})
    assert r.done
    assert _cards(state) == [("nurgle", "rain_of_pus", 1), ("nurgle", "plague_touch", 2)]


def test_no_question_when_the_two_cards_never_act_at_the_same_moment():
    """Seed 003 l.67 orders simultaneous effects only: Blood Frenzy acts in the battle, Plague Aura in domination."""
    state = ready()
    assert record(state, "khorne", "card blood_frenzy kislev").done
    r = record(state, "nurgle", "card plague_aura kislev")
    assert r.done and _answered(r) == ["chaos.summon.r1.nurgle"]
    assert _cards(state) == [("khorne", "blood_frenzy", 1), ("nurgle", "plague_aura", 2)]


def test_a_save_made_before_the_question_replays_in_the_lines_order():
    """Old journals have no answer to this question: a state without ``asks`` (version 1) is never asked."""
    state = ready()
    del state["asks"]
    assert record(state, "khorne", "card blood_frenzy kislev").done
    r = record(state, "nurgle", "card plague_touch kislev")
    assert r.done and _answered(r) == ["chaos.summon.r1.nurgle"]
    assert _cards(state) == [("khorne", "blood_frenzy", 1), ("nurgle", "plague_touch", 2)]
    assert "lined" not in state["regions"]["kislev"]["cards"][0]


def test_new_games_ask_and_old_options_do_not():
    assert game.new_state(game.check_options({"powers": "khorne,nurgle,tzeentch"}), 1)["asks"] == 2
    assert game.new_state({"powers": ["khorne", "nurgle", "tzeentch"]}, 1)["asks"] == 1
