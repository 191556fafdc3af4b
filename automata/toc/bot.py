"""The AI bot's arithmetic (seed 000, "Fluxo do Jogo"), as plain functions on plain data.

A bot's state (a dict, saved as TOML):

- ``mat``: the AI mat id; ``start``: its starting province
- ``legacy``; ``emperor_type`` ("" when not Emperor); ``emperor_this_turn``
- ``pawn``: area → circle (0 = the starting circle)
- ``cylinder``: area → "available" | "upper" | "lower" | "track" | "zero"
- ``points``: area → influence points of that type on the Influence Point Track this turn
- ``mode`` (1–4, 0 before the first turn); ``marker`` ("portrait" | "plus2"); ``ludi`` (bool)
- ``primary`` / ``secondary``: {area, points, event} for this turn ("" / 0 when none)
"""

from __future__ import annotations

AREAS = ("military", "senate", "populace")


def new_bot(mat_id: str, start: str) -> dict:
    """Seed, Preparação step 4: mode marker portrait up, a pawn on each "0" circle, three cylinders available."""
    return {
        "mat": mat_id,
        "start": start,
        "legacy": 0,
        "emperor_type": "",
        "emperor_this_turn": False,
        "pawn": {a: 0 for a in AREAS},
        "cylinder": {a: "available" for a in AREAS},
        "points": {a: 0 for a in AREAS},
        "mode": 0,
        "marker": "portrait",
        "ludi": False,
        "ludi_applied": False,
        "primary": {"area": "", "points": 0, "event": 0},
        "secondary": {"area": "", "points": 0, "event": 0},
    }


def zero_box(bot: dict) -> int:
    return sum(1 for a in AREAS if bot["cylinder"][a] == "zero")


def mode_rule(bot: dict, is_emperor: bool, troubled: bool | None, army_in_italia: bool | None, mobs: bool | None,
              zero_test: str = ">=2"):
    """Seed, Take Actions 1: the first rule that holds sets the mode.

    Returns (mode, rule id) or (None, the fact that is needed next) when a board
    fact the program does not track is needed: "troubled", "army_in_italia", "mobs".
    """
    # G5 (setting mode4_zero_box_test): "two cylinders in the 0 box" read as at least two (">=2") or exactly two ("==2")
    if zero_box(bot) == 2 or (zero_test == ">=2" and zero_box(bot) > 2):
        return 4, "two_cylinders_zero"
    if not is_emperor and bot["legacy"] >= 50:
        return 1, "legacy_50"
    if troubled is None:
        return None, "troubled"
    if troubled:
        return 2, "troubled"
    if is_emperor:
        if army_in_italia is None:
            return None, "army_in_italia"
        if not army_in_italia:
            return 2, "emperor_no_army"
    if mobs is None:
        return None, "mobs"
    if mobs:
        return 3, "mobs"
    return 1, "default"


def resolve_type(kind: str, bot: dict, area_order: list[str]) -> str:
    """A mode box names an area, "available" (the type whose cylinder is still available) or "none"."""
    if kind in AREAS or kind == "none":
        return kind
    if kind == "available":
        for a in area_order:
            if bot["cylinder"][a] == "available":
                return a
        return "none"
    raise ValueError(f"unknown mode box content {kind!r}")


def influence(circle: dict, box: str, plus2: bool, ludi: bool) -> int:
    """Seed, Take Actions 1: the larger number left of the box; +2 to Primary on the +2 side; Secondary −4 with the Ludi marker (minimum 0)."""
    if box == "upper":
        return circle["primary"] + (2 if plus2 else 0)
    return max(0, circle["secondary"] - (4 if ludi else 0))


def event_number(circle: dict, box: str) -> int:
    """The smaller circled number left of the box (0 when none is printed)."""
    return int(circle.get("primary_event" if box == "upper" else "secondary_event", 0) or 0)


def advancement_order(bot: dict, area_order: list[str]) -> list[str]:
    """Seed, Buy/Trash: the preferred (top) area, then the less developed of the other two (ties to the upper one), then the third.

    Exception: a Senate pawn still on its zero-cost starting circle is checked first.
    """
    preferred = area_order[0]
    if preferred != "senate" and bot["pawn"]["senate"] == 0:
        rest = [a for a in area_order if a not in ("senate", preferred)]
        return ["senate", preferred] + rest
    a, c = area_order[1], area_order[2]
    second = a if bot["pawn"][a] <= bot["pawn"][c] else c
    third = c if second == a else a
    return [preferred, second, third]


def advance(bot: dict, tracks: dict[str, list[dict]], area_order: list[str], political: int,
            checked: list[tuple[str, int]] | None = None) -> list[tuple[str, int, int]]:
    """Move pawns one circle each, in the seed's order, while the political points pay the circle entered.

    Returns the moves as (area, new circle, cost). Each area is checked once; ``checked`` (when given)
    receives every (area, circle) whose cost was compared with the points.
    """
    moves = []
    for area in advancement_order(bot, area_order):
        if political <= 0:
            break
        nxt = bot["pawn"][area] + 1
        if nxt >= len(tracks[area]):
            continue
        cost = tracks[area][nxt]["cost"]
        if checked is not None:
            checked.append((area, nxt))
        if political >= cost:
            bot["pawn"][area] = nxt
            political -= cost
            moves.append((area, nxt, cost))
    return moves


def palmyra_order(governed_impacted: dict[str, int]) -> list[str]:
    """Seed, Crisis (Palmyra Allies): its own impacted provinces first, the one with the fewest barbarians first."""
    return sorted(governed_impacted, key=lambda p: (governed_impacted[p], list(governed_impacted).index(p)))
