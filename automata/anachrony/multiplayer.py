"""The step of the multi-player game (and of your side of a solo game): each step of the save names the procedure
that plays it. game.procedure sends every step here, through solo/flow.py when a solo opponent plays."""

from __future__ import annotations

from . import actions, eras, finish, setup
from .data import data_of


def procedure(state: dict, step: dict):
    data = data_of(state)
    proc = step["proc"]
    if proc == "setup":
        return setup.setup_step(state, data, step["name"])
    if proc == "phase":
        return eras.phase_step(state, data, step["era"], step["phase"])
    if proc == "actions":
        return actions.action_step(state, data, step["era"], step["k"])
    if proc == "impact":
        return eras.impact(state, data)
    if proc == "end":
        return finish.game_end(state, data)
    if proc == "score":
        return finish.final_score(state, data)
    raise ValueError(f"unknown Anachrony step {proc!r}")
