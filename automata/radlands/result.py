"""How a game of Radlands ended (``result(state)``, the game contract's ``result``; read by ``tabletop history`` and
``tabletop stats``).

Seed 004, lines 5 and 34: a player wins by destroying all three of the opponent's camps; rules file §2.10: the
draw deck running out a second time ends the game in a draw. ``board.check_win`` and ``board.run_out`` decide
and keep the outcome in ``state["result"]`` (the winning side, or "draw"); this module only reads it. Radlands
has no points: no seat has a score. Pure: no I/O.
"""

from __future__ import annotations


from .board import SIDES
from .seats import seat_term


def result(state: dict) -> dict:
    """``{"finished", "winners", "scores", "ended_by", "ended_params"}``; seats are the sides ``a`` and ``b``."""
    finished = bool(state.get("over"))
    outcome = state.get("result") if finished else None
    if outcome in SIDES:
        return {"finished": True, "winners": [outcome], "scores": {}, "ended_by": "radlands.result.camps",
                "ended_params": {}}
    if finished:
        return {"finished": True, "winners": [], "scores": {},
                "ended_by": "radlands.result.draw" if outcome == "draw" else "radlands.result.over", "ended_params": {}}
    return {"finished": False, "winners": [], "scores": {}, "ended_by": "", "ended_params": {}}


def seat_terms(state: dict, seat: dict) -> dict:
    """How displays name a seat: ``seats.seat_term`` (its name, else "Player A"); its factions are its camps (the
    cards' names)."""
    from .data import data_of

    data = data_of(state)
    camps = [str(data.card(c)["name"]) for c in seat.get("faction", "").split(",") if c]
    return {"seat": seat_term(seat), "bot": "", "level": "", "factions": camps}
