"""What is in effect in Time of Crisis, Radlands and Anachrony (issue 39): each declared effect raised at its moment,
from the state the game already tracks (Chaos: tests/core/test_ineffect.py)."""

from __future__ import annotations

from automata.core import ineffect
from automata.core.runner import DiceContext, run
from policy_runner import play_steps

from midgame import GAMES  # the games' test drivers (options, scripted table), one table for every battery


def start(which: str, until, seed: int = 11):
    import importlib

    from automata.core.games import load_game

    game_id, raw, factory, _ = GAMES[which]
    game = load_game(game_id)
    module, cls = factory.split(":")
    policy = getattr(importlib.import_module(module), cls)(seed)
    state = game.new_state(game.check_options(dict(raw)), seed)
    play_steps(game, state, policy, seed, 600, until=until)
    return game, state, policy


def said(game, state, policy, seed: int = 11):
    policy.state = state
    result = run(game.procedure(state, game.next_step(state)), policy, dice=DiceContext(seed, 1, "table"))
    return [e.msg for e in result.transcript if e.kind == "say"]


def sources(lines, key):
    return [m for m in lines if m.id in ("core.ineffect.raised", "core.ineffect.raised_all") and m.params["source"]["id"] == key]


def test_toc_the_ludi_marker_is_raised_at_that_bots_influence_only():
    # rules file §1.5 (AI Crisis Phase, Ludi Saeculares) and §1.8 G3: the -4 is in the bot's next Take Actions
    game, state, policy = start("toc", lambda s: (game_step(s) or {}).get("proc") == "bot_influence")
    colour = game.next_step(state)["bot"]
    state["bots"][colour]["ludi"] = True
    assert [e.key for e in ineffect.listing("toc", state)] == [f"ludi.{colour}"]
    assert len(sources(said(game, state, policy), "toc.ineffect.ludi")) == 1
    other = next(c for c in state["bot_order"] if c != colour)
    state["next"] = {"proc": "bot_influence", "bot": other}
    assert sources(said(game, state, policy), "toc.ineffect.ludi") == []


def game_step(state):
    from automata.toc import game

    return game.next_step(state)


def test_radlands_high_ground_is_raised_at_each_later_action_of_the_turn_and_ends_with_it():
    # rules file §2.7: High Ground leaves every opposing card unprotected for the rest of the turn
    game, state, policy = start("radlands", lambda s: s["next"].get("proc") == "action" and s["next"]["k"] == 2)
    state["turn"]["high_ground"], state["turn"]["high_ground_by"] = True, state["turn"]["player"]
    assert len(sources(said(game, state, policy), "radlands.ineffect.high_ground")) == 1
    while state["next"].get("proc") == "action":
        said(game, state, policy)
    assert not [e for e in ineffect.listing("radlands", state) if e.key == "high_ground"]  # the next turn began


def test_anachrony_after_the_impact_the_evacuation_is_raised_at_the_first_action_round():
    # rules file §2.9: after the Impact the Evacuation Action opens
    game, state, policy = start("anachrony", lambda s: s["next"].get("proc") == "actions" and s["next"]["k"] == 1)
    state["impact"] = True
    assert len(sources(said(game, state, policy), "anachrony.ineffect.impact")) == 1
    assert state["next"].get("proc") != "actions" or sources(said(game, state, policy), "anachrony.ineffect.impact") == []


def test_anachrony_a_quantum_warp_on_the_timeline_is_in_effect_until_paid_back():
    # rules file §1.7.2 L2-L4: it comes back only by its own payback at a Power Plant
    game, state, policy = start("anachrony", lambda s: s["next"].get("proc") == "actions" and s["next"]["k"] == 1)
    p = next(iter(state["players"]))
    state["players"][p]["quantum"] = {"warp": "timeline", "era": 1, "card": state["ql"]["offer"][0]}
    assert f"quantum.{p}" in [e.key for e in ineffect.listing("anachrony", state)]
    assert len(sources(said(game, state, policy), "anachrony.ineffect.quantum")) == 1
    state["players"][p]["quantum"] = {"warp": "supply"}
    assert f"quantum.{p}" not in [e.key for e in ineffect.listing("anachrony", state)]
