"""One game as a documented, versioned JSON document (``tabletop export --json``; the schema is in docs/reference.md,
"After the game" → "Export").

Built from the read-only summary of a save with its journal (``state/summary.py``, ``summarize(folder,
with_journal=True)``); nothing here reads or writes a file. A change that removes or renames a key raises
``VERSION``; a key added keeps it.
"""

from __future__ import annotations

import json
from typing import Callable

SCHEMA = "tabletop-companion/game"
VERSION = 1

#: The clock keys of the summary that the document carries under "clocks".
CLOCK_KEYS = ("started", "ended", "play_seconds", "seat_seconds", "breaks", "break_after_seconds")
SEAT_KEYS = ("id", "name", "kind", "bot", "level", "faction", "score", "winner")


def document(summary: dict, lines: Callable[[dict], list[str]] | None = None,
             seat_labels: dict[str, str] | None = None) -> dict:
    """The game as one JSON object. ``lines(entry)`` renders what a step told the table in its language (the
    ``text`` of each step), ``seat_labels`` each seat's name as the table reads it (its ``label``); without them
    the document carries only ids and message data."""
    steps = []
    for entry in summary.get("journal", []):
        step = {"n": entry.get("n"), "step": entry.get("step", {}), "label": entry.get("label", {}),
                "answers": entry.get("records", []), "told": entry.get("told", [])}
        for key in ("started", "ended", "why", "fixed"):
            if key in entry:
                step[key] = entry[key]
        if lines is not None:
            step["text"] = lines(entry)
        steps.append(step)
    result = summary.get("result", {})
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "name": summary["name"],
        "game": summary["game"],
        "finished": bool(summary.get("finished")),
        "setup": {"options": summary.get("options", {}), "modules": summary.get("modules", []),
                  "seed": summary.get("seed"), "created": summary.get("created", "")},
        "start_seat": summary.get("start_seat", ""),
        "expansions": _expansions(summary),
        "seats": [_seat(summary, seat, seat_labels) for seat in summary.get("seats", [])],
        "result": {"winners": result.get("winners", []), "scores": result.get("scores", {}),
                   "ended_by": result.get("ended_by", ""), "ended_params": result.get("ended_params", {})},
        "clocks": {k: summary[k] for k in CLOCK_KEYS if k in summary},
        "steps": steps,
        "final_state": summary.get("state", {}),
    }


def _expansions(summary: dict) -> list[str]:
    """The collection items the setup used beyond the base game (``automata/core/collection.py`` ``played``)."""
    from automata.core.collection import played

    return played(summary["game"], summary.get("options") or {}) if summary.get("game") else []


def _seat(summary: dict, seat: dict, seat_labels: dict[str, str] | None) -> dict:
    from .bgstats import person_key

    out = {k: seat.get(k) for k in SEAT_KEYS}
    out["start"] = seat["id"] == summary.get("start_seat")
    out["person"] = person_key(summary.get("game", ""), seat)
    if seat_labels is not None:
        out["label"] = seat_labels.get(seat["id"], seat["id"])
    return out


def text(summary: dict, lines: Callable[[dict], list[str]] | None = None, ascii_only: bool = False) -> str:
    return json.dumps(document(summary, lines), ensure_ascii=ascii_only, indent=2) + "\n"
