"""The camps turn by turn, for the end-of-game chart (issue 14).

At the start of every turn (before its Events phase) the state of both players' camps is appended to
``state["history"]``: ``{"turn": n, "a": [points, ...], "b": [...]}``, one number per camp, 2 undamaged, 1 damaged,
0 destroyed (a camp takes two damage to be destroyed: seed, Termos e Ícones). The list is optional: a save from
before it shows the summary without the chart. Queues only keeps no camps, so it records nothing.
"""

from __future__ import annotations

POINTS = {"undamaged": 2, "damaged": 1, "destroyed": 0}
SIDES = ("a", "b")


def camp_points(side: dict) -> list[int]:
    return [POINTS.get(c["state"], 0) for c in side["camps"]]


def record_turn(state: dict) -> None:
    """Append the camps as they stand now (the start of turn ``state["turn"]["number"]``)."""
    if not all(state["players"][s]["camps"] for s in SIDES):
        return
    entry = {"turn": int(state["turn"]["number"])}
    entry.update({s: camp_points(state["players"][s]) for s in SIDES})
    state.setdefault("history", []).append(entry)


def camps_by_turn(state: dict) -> list[dict]:
    """The recorded turns and, last, the camps as they stand now (unless nothing changed since the last record);
    [] for a save without the history."""
    rows = [dict(r) for r in state.get("history") or []]
    if not rows:
        return []
    now = {"turn": int(state["turn"]["number"])}
    now.update({s: camp_points(state["players"][s]) for s in SIDES})
    if now != rows[-1] or state.get("over"):
        rows.append(now)
    return rows


def camps_left(points: list[int]) -> int:
    return sum(1 for p in points if p > 0)


def damage_taken(points: list[int]) -> int:
    return sum(2 - p for p in points)
