"""How a game of Anachrony ended (``result(state)``, the game contract's ``result``; read by ``tabletop history``
and ``tabletop stats``).

Seed 002, line 7 (rules file O4): victory goes to the highest VP total at the end of the game. The game ends with
the last Era (rules file §2.7; with Intrigues after Era 6, I6), or earlier when the table says the Capital has
collapsed (``eras.clean_up``). The final tally (``finish.final_score``, the scoring helper) keeps the totals, the
winners and how the first place was decided in ``state["final"]``: the total, the tiebreak of rules §2.12 (most
Water, then most Resources, else shared) or, solo, a tie that is a loss (§3.2.10, §3.4.14). This module only
reads it. Seats: the players ``p1``… and the solo opponent ``bot``. Pure: no I/O.
"""

from __future__ import annotations

from .seats import seat_term

DECIDED = ("total", "water", "resources", "shared", "tie_is_loss")


def result(state: dict) -> dict:
    """``{"finished", "winners", "scores", "ended_by", "ended_params"}``."""
    if not state.get("over"):
        return {"finished": False, "winners": [], "scores": {}, "ended_by": "", "ended_params": {}}
    era = int(state.get("era") or 0)
    early = 0 < era < int(state.get("era_count") or 0)
    final = state.get("final") if isinstance(state.get("final"), dict) else None
    if final is None:  # the scoring helper was not installed: the table scored with the rulebook
        return {"finished": True, "winners": [], "scores": {}, "ended_by": "anachrony.result.scored_at_table",
                "ended_params": {"era": era}}
    scores = {str(k): int(v) for k, v in (final.get("totals") or {}).items()}
    ranking = final.get("ranking") or []
    decided = str(ranking[0].get("decided_by", "total")) if ranking and isinstance(ranking[0], dict) else "total"
    params = {"era": era, "decided": f"@anachrony.result.decided.{decided if decided in DECIDED else 'total'}"}
    return {"finished": True, "winners": [str(p) for p in final.get("winners", [])], "scores": scores,
            "ended_by": "anachrony.result.collapsed" if early else "anachrony.result.last_era", "ended_params": params}


def seat_terms(state: dict, seat: dict) -> dict:
    """How displays name a seat: ``seats.seat_term`` (the player's name, else "Player N"; the solo opponent by its
    name), the opponent's difficulty options as they are (``first-edition,cores=2``); a player's Path is its faction
    when the random setup drew it (the table's own choice of Path is not tracked)."""
    name = seat_term(seat)
    if seat.get("kind") == "bot":
        return {"seat": name, "bot": name, "level": seat.get("level", ""), "factions": []}
    pick = ((state.get("options") or {}).get("paths") or {}).get(seat["id"])  # the Path, when the app drew it
    path = [f"@anachrony.path.{pick['path']}"] if isinstance(pick, dict) and pick.get("path") else []
    return {"seat": name, "bot": "", "level": "", "factions": path}
