"""The Agenda table and Negotiate, as plain functions (rules file §1.7.3-§1.7.4, seed "Ação Negociar",
"Colocar Fichas de Agenda").

Each row of ``state["agenda"]`` keeps, for its two columns, how many tiles are stacked there
(``objective``, ``value``), the numbers of the Value tiles in stacking order (``values``, the last
one on top) and whether the row is locked (its two top tiles show the same icon: G4).
"""

from __future__ import annotations

COLUMN = {"objective": "objective", "value": "value"}


def negotiate_counts(rules: dict, space: str, bonus: str) -> tuple[int, int, int]:
    """(tiles drawn, tiles kept at most, tiles placed at once) for a Negotiate on ``space`` with the
    Worker bonus ``bonus`` (a Genius chooses one of the three). Bonuses add up; never keep more than drawn."""
    s = rules["space"][space]
    w = rules["worker"].get(bonus, {"draw": 0, "keep": 0, "place": 0})
    draw = rules["draw"] + s["draw"] + w["draw"]
    keep = min(draw, rules["keep"] + s["keep"] + w["keep"])
    return draw, keep, w.get("place", 0)


def open_rows(state: dict, exclude: list[int] | tuple = ()) -> list[int]:
    """Rows (0-based) where a tile may go: not locked (G4), not already used in this turn (G5)."""
    return [i for i, r in enumerate(state["agenda"]) if not r["locked"] and i not in exclude]


def cover_cost(state: dict, row: int, kind: str, per_tile: int) -> int:
    """G3: covering costs 2 Water for each tile already on that space."""
    return per_tile * state["agenda"][row][COLUMN[kind]]


def place(state: dict, row: int, kind: str, number: int | None = None) -> None:
    r = state["agenda"][row]
    if r["locked"]:
        raise ValueError(f"row {row + 1} is locked")
    r[COLUMN[kind]] += 1
    if kind == "value" and number is not None:
        r["values"].append(number)


def complete_rows(state: dict) -> list[int]:
    """Rows with both an Objective and a Value: the rows that score (rules file §2.14.4)."""
    return [i for i, r in enumerate(state.get("agenda", [])) if r["objective"] and r["value"]]
