"""Helpers of the Anachrony rule tests: a state at a given point, one step played with scripted answers."""

from __future__ import annotations

from automata.anachrony import game
from automata.core.runner import DiceContext, ScriptedAnswers, run


def new(players: int = 3, modules: str = "neutronide,hypersync,quantum-loops,intrigues", random: str = "app", seed: int = 1, **raw):
    return game.new_state(game.check_options({"players": players, "modules": modules, "random": random, **raw}), seed)


def play(state: dict, answers: dict | None = None, step: dict | None = None):
    """Play the next step (or ``step``) with ``answers``; returns the RunResult (it must finish)."""
    step = step or game.next_step(state)
    result = run(game.procedure(state, step), ScriptedAnswers(answers or {}), dice=DiceContext(state["seed"], 1, "app"))
    assert result.done, f"step {step} stopped at {result.pending_id}"
    return result


def said(result) -> list[str]:
    """The message ids the step said, in order."""
    return [e.msg.id for e in result.transcript if e.kind == "say"]


def say_params(result, id: str) -> list[dict]:
    return [dict(e.msg.params) for e in result.transcript if e.kind == "say" and e.msg.id == id]


def asked(result) -> list[str]:
    return [e.id for e in result.transcript if e.kind == "ask"]


SETUP_YES = {f"anachrony.setup.{n}": True for n in ("board", "pools", "buildings", "supply", "timeline", "superprojects", "focus",
                                                   "endgame", "hypersync", "quantum_loops", "intrigues", "players")}


def through_setup(state: dict, **answers) -> dict:
    """Play the whole setup with every step confirmed; the first player p1 unless told."""
    base = {**SETUP_YES, "anachrony.setup.first_player": "p1", "anachrony.setup.other_modules": [],
            "anachrony.setup.sure.multiverse_hub": False, "anachrony.setup.sure.world_council_surveillance": False}
    base.update(answers)
    while game.next_step(state)["proc"] == "setup":
        play(state, base)
    return state
