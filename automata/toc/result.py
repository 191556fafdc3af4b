"""How a game of Time of Crisis ended (``result(state)``, the game contract's ``result``; read by ``tabletop
history``, ``tabletop stats`` and the exporters).

Rules file §2.10 and §3.11: Legacy is the victory points, the faction with the most Legacy wins, and games are played
to 60 Legacy (``legacy.end_threshold``); the table says when the game ends (``turn.end_question``). At the end the
table gives each human's final Legacy (``endgame.py``), so every seat has a score and ``final.outcome`` names the
winners: the most Legacy (``toc.result.most_legacy``), or a tie, shared by the PROVISIONAL tie-break
``rules.legacy.tie_break`` (``toc.result.tie_shared``) or broken by the table (``toc.result.tie_table``).

A save that ended before the program asked the humans' Legacy keeps the older reading of what the program knew
then: only the bots have a score; the table ended the game while no bot had reached the goal, so a human won (the
human seat when there is one; else "a human", ``winner_kind``); a bot had reached the goal, so nobody is named
(``undecided``).

Seats (``seats.py``): the bots' colours, and ``human1``… for the human players. Pure: no I/O.
"""

from __future__ import annotations


from .data import data_of
from .final import outcome
from .seats import seat_term, seats

ENDED_BY = {"most": "toc.result.most_legacy", "shared": "toc.result.tie_shared", "table": "toc.result.tie_table"}


def result(state: dict) -> dict:
    """``{"finished", "winners", "scores", "ended_by", "ended_params"}`` and, for a save that ended before the humans'
    Legacy was asked, ``undecided`` (True) or ``winner_kind`` ("human") where the bots' Legacy cannot name the winner."""
    bots = state.get("bots", {})
    order = [c for c in state.get("bot_order", []) if c in bots]
    scores = {c: int(bots[c].get("legacy", 0)) for c in order}
    if not state.get("over"):
        return {"finished": False, "winners": [], "scores": scores, "ended_by": "", "ended_params": {}}
    threshold = int(data_of(state).rules.get("legacy", {}).get("end_threshold", 60))
    decided = outcome(state)
    if decided is not None:
        return {"finished": True, "winners": decided["winners"], "scores": decided["scores"],
                "ended_by": ENDED_BY[decided["decided"]], "ended_params": {"legacy": decided["best"], "threshold": threshold}}
    best = max(scores.values(), default=0)
    if scores and best >= threshold:
        leaders = [c for c in order if scores[c] == best]
        return {"finished": True, "winners": [], "scores": scores, "ended_by": "toc.result.bot_goal", "undecided": True,
                "ended_params": {"bots": [f"@toc.colour.{c}" for c in leaders], "legacy": best, "threshold": threshold}}
    humans = [s["id"] for s in seats(state) if s["kind"] == "human"]
    out = {"finished": True, "winners": humans if len(humans) == 1 else [], "scores": scores,
           "ended_by": "toc.result.human_goal", "ended_params": {"best": best, "threshold": threshold}}
    if len(humans) != 1:
        out["winner_kind"] = "human"
    return out


def seat_terms(state: dict, seat: dict) -> dict:
    """How displays name a seat: "human player N", or a bot by its colour (its faction) with its AI mat (its level)."""
    name = seat_term(seat)
    if seat.get("kind") == "bot":
        level = f"@toc.mat.{seat['level']}" if seat.get("level") else ""
        return {"seat": name, "bot": "@toc.result.bot", "level": level, "factions": [name]}
    return {"seat": name, "bot": "", "level": "", "factions": []}
