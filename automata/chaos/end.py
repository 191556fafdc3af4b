"""The end of a game of Chaos in the Old World after a correction (the contract's ``end``; automata/core/ending.py).

Seed 003 line 121: the game ends at the end of the End phase when a Power has 50 VP or its Threat dial at its
victory position (``endphase.winners``: the data's precedence and tiebreak), or when the Old World deck has run out
and nobody has won; else the next round begins. A correction made at that moment (the game over, or the End phase
just ended with nobody winning) is decided by the same check from the corrected values: the winners change, the
Old World wins, or nobody has won and the game goes on with the next round's Old World phase (``play``). A
correction in the middle of a round ends nothing: the check is at the end of the End phase. Pure: no I/O.
"""

from __future__ import annotations

from .data import data_of
from .endphase import winners

NEXT_ROUND = {"proc": "old_world"}


def at_end_check(state: dict) -> bool:
    """The game stands at the end of an End phase: over, or a round played and the next one not begun."""
    return bool(state.get("over")) or (state.get("next") == NEXT_ROUND and int(state.get("round") or 0) >= 1)


def decide(state: dict, before: dict):
    """The End phase's end check again, from the corrected values (in place); never refused."""
    if not at_end_check(state):
        return None
    won, why = winners(state, data_of(state))
    if won:
        state["over"], state["result"], state["next"] = True, {"winners": won, "rule": why}, {"proc": "over"}
    elif state["old_world"]["deck"] <= 0:
        state["over"], state["result"], state["next"] = True, {"winners": [], "rule": "old_world"}, {"proc": "over"}
    else:  # nobody has won and the Old World deck has cards: the next round begins (seed 003 line 121)
        state["over"], state["result"], state["next"] = False, {}, dict(NEXT_ROUND)
    return None
