"""Who won a finished game of Time of Crisis: every seat's final Legacy and the rule for a tie.

Legacy is the victory points (seed 000, line 5: the expansion adds ways to gain Legacy; rules file §1.1, §2.10) and
the faction with the most Legacy wins. The bots' Legacy is the one the program keeps (seed lines 36, 100, 109 and
118; rules file §3.11); the humans' is what the table gave at the end of the game (``endgame.py``), kept in
``state["final"]``: ``legacy`` (human seat id → final Legacy) and ``tie`` (the seat the table named to break a tie,
``shared``, or "").

The base rulebook's tie-breaks (its §7, Determining the Winner) are MISSING from every source (rules file §2.10,
§3.11), so ``rules.legacy.tie_break`` is PROVISIONAL: ``shared`` (the tied factions share the victory, the
default) or ``ask`` (the table breaks the tie by its rulebook). ``outcome`` decides from the record and the bots'
Legacy as it stands, so a later correction of a bot's Legacy (``tabletop fix``) decides again by the same rule.
``result.py`` reads it, so it imports no step of play. Pure: no I/O.
"""

from __future__ import annotations

from .data import TIE_BREAKS
from .seats import seats

SHARED = "shared"


def tie_break(data) -> str:
    """The tie-break in use (``rules.legacy.tie_break``; PROVISIONAL, an owner may override it)."""
    value = (data.rules.get("legacy") or {}).get("tie_break", SHARED)
    return value if value in TIE_BREAKS else SHARED


def human_ids(state: dict) -> list[str]:
    return [s["id"] for s in seats(state) if s["kind"] == "human"]


def final_scores(state: dict, humans: dict) -> dict[str, int]:
    """Every seat's final Legacy, in table order: the humans' as the table gave it, the bots' as the program keeps it."""
    bots = state.get("bots", {})
    out: dict[str, int] = {}
    for s in seats(state):
        if s["kind"] == "human" and s["id"] in humans:
            out[s["id"]] = int(humans[s["id"]])
        elif s["kind"] == "bot" and s["id"] in bots:
            out[s["id"]] = int(bots[s["id"]].get("legacy", 0))
    return out


def leaders(scores: dict[str, int]) -> list[str]:
    best = max(scores.values(), default=0)
    return [seat for seat, n in scores.items() if n == best]


def outcome(state: dict) -> dict | None:
    """``{"scores", "winners", "best", "decided"}`` of a finished game whose end recorded the humans' Legacy
    (``decided``: ``most``, one faction has the most Legacy; ``shared``, a tie shared by the PROVISIONAL
    tie-break; ``table``, a tie the table broke by its rulebook); None for a game in progress or one that ended
    before the program asked (older saves)."""
    final = state.get("final")
    if not state.get("over") or not isinstance(final, dict):
        return None
    scores = final_scores(state, final.get("legacy") or {})
    if not scores:
        return None
    top = leaders(scores)
    tie = str(final.get("tie") or "")
    if len(top) == 1:
        winners, decided = top, "most"
    elif tie in top:
        winners, decided = [tie], "table"
    else:
        winners, decided = top, ("table" if tie == SHARED else "shared")
    return {"scores": scores, "winners": winners, "best": scores[top[0]], "decided": decided}
