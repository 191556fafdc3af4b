"""How a game of Time of Crisis ended (``result(state)``, the game contract's ``result``; read by ``tabletop
history`` and ``tabletop stats``).

Rules file §2.10 and §3.11: Legacy is the victory points and games are played to 60 Legacy (``legacy.end_threshold``,
provisional: the base rulebook's §7, the end trigger and the tiebreaks, is MISSING); the table says when the game
ends (``turn.end_question``). Seed 000 and rules file §3.11: the program keeps only the bots' Legacy, so only
the bots have a score here, and the winner is known only where the Legacy the program keeps decides it:

- the table ended the game while no bot had reached the goal (the question said so): a human player reached
  it, so a human wins (the human seat when there is one; else "a human", ``winner_kind``);
- a bot had reached the goal: the humans' Legacy is not tracked, so nobody is named (``undecided``); the bot with
  the most Legacy is given as the leader among the bots.

Seats (``seats.py``): the bots' colours, and ``human1``… for the human players. Pure: no I/O.
"""

from __future__ import annotations


from .data import data_of
from .seats import seat_term, seats


def result(state: dict) -> dict:
    """``{"finished", "winners", "scores", "ended_by", "ended_params"}`` and, where the Legacy the program keeps
    cannot name the winner, ``undecided`` (True) or ``winner_kind`` ("human")."""
    bots = state.get("bots", {})
    order = [c for c in state.get("bot_order", []) if c in bots]
    scores = {c: int(bots[c].get("legacy", 0)) for c in order}
    if not state.get("over"):
        return {"finished": False, "winners": [], "scores": scores, "ended_by": "", "ended_params": {}}
    threshold = int(data_of(state).rules.get("legacy", {}).get("end_threshold", 60))
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
