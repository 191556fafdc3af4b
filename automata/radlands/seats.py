"""The seats of a Radlands game: the two sides ``a`` and ``b`` (both players at the table; no bot), named as the
options named them; a side's camps are its faction once chosen.

Every question of a side's turn (its events, replenish and actions, what it played) is that side's, and so is the
choice of its own camps at setup; the rest of setup is the table's.
"""

from __future__ import annotations

from ..core.seats import seat
from .board import SIDES


def seats(state: dict) -> list[dict]:
    out = []
    for s in SIDES:
        side = state["players"][s]
        name = str(side.get("name", ""))
        camps = ",".join(str(c.get("id", "")) for c in side.get("camps", []) if isinstance(c, dict))
        out.append(seat(s, name="" if name.startswith("@") else name, faction=camps))
    return out


def question_seat(state: dict, step: dict, ask_id: str) -> str | None:
    if step.get("p") in SIDES:
        return step["p"]
    parts = ask_id.split(".")
    if step.get("proc") == "setup" and parts[0] == "camps" and len(parts) > 1 and parts[1] in SIDES:
        return parts[1]  # camps.<side>.<position>
    return None


def seat_term(seat: dict):
    """How the table reads a seat's name (a message parameter): the name given, else "Player A"."""
    return seat["name"] or f"@radlands.side.{seat['id']}"


def start_seat(state: dict) -> str | None:
    """Who started: the side the water-disc flip gave the first turn (seed 004, Fluxo do Jogo); None before it."""
    return state.get("first_player") or None
