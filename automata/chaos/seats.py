"""The seats of a Chaos in the Old World game: one player per Power (seed 003), in Power order; no bots.

A Power's Summoning turn (its line, or its actions one at a time) and its own Draw-phase discard are that Power's
questions; the rest (setup, the Old World cards, battles, the End phase, which of a region's two line-recorded
cards was played first) is the table's.
"""

from __future__ import annotations

from ..core.seats import seat

_OWN_STEPS = ("summon", "summon_line")


def seats(state: dict) -> list[dict]:
    return [seat(p, faction=p) for p in state["powers"]]


def question_seat(state: dict, step: dict, ask_id: str) -> str | None:
    powers = state["powers"]
    if ask_id.startswith("chaos.summon.r") and ask_id.endswith(".first"):
        return None  # which of two Powers' cards was played first (cardorder.py): the table's
    if step.get("proc") in _OWN_STEPS and step.get("power") in powers:
        return step["power"]
    parts = ask_id.split(".")
    if parts[:2] == ["chaos", "draw"] and len(parts) > 3 and parts[3] in powers:  # chaos.draw.r<round>.<power>.discard
        return parts[3]
    return None


def seat_term(seat: dict):
    """How the table reads a seat's name (a message parameter): its Power."""
    return f"@chaos.power.{seat['id']}"


def start_seat(state: dict) -> str | None:
    """Who started: the first Power in Power order (seed 003, Ordem dos Poderes: Khorne, Nurgle, Tzeentch, Slaanesh)."""
    return next(iter(state.get("powers") or []), None)
