"""How a game of Chaos in the Old World ended: the winners, each Power's VP and the rule that decided
(``result(state)``, the game contract's ``result``; read by ``tabletop history`` and ``tabletop stats``).

Seed 003, lines 5-8 and 121: a Power wins with 50 VP at the end of the End phase or with its Threat dial at its
victory position; if the Old World deck runs out and nobody has won, the Old World wins and every Power loses.
The End phase already decides (``endphase.winners``, with the data's precedence and tiebreak) and keeps what it
decided in ``state["result"]``; this module only reads it. Pure: no I/O.
"""

from __future__ import annotations

from .seats import seat_term


def result(state: dict) -> dict:
    """``{"finished", "winners", "scores", "ended_by", "ended_params"}``: seats are the Power ids, scores their VP;
    ``ended_by`` is the message id of the rule (``chaos.win.<rule>``), "" while the game goes on."""
    scores = {p: int(state["p"][p]["vp"]) for p in state.get("powers", []) if p in state.get("p", {})}
    finished = bool(state.get("over"))
    decided = state.get("result") if finished and isinstance(state.get("result"), dict) else {}
    rule = str(decided.get("rule", "")) if decided else ""
    winners = [p for p in decided.get("winners", []) if p in scores] if decided else []
    return {"finished": finished, "winners": winners, "scores": scores,
            "ended_by": f"chaos.win.{rule}" if rule else ("chaos.result.over" if finished else ""),
            "ended_params": {}}


def seat_terms(state: dict, seat: dict) -> dict:
    """How displays name a seat (message parameters): the Power (``seats.seat_term``), which is also its faction."""
    power = seat_term(seat)
    return {"seat": power, "bot": "", "level": "", "factions": [power]}
