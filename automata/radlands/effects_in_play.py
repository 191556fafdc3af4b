"""What is in effect in Radlands (issue 39; automata/core/ineffect.py), derived from the turn and the queues:

- High Ground (rules file §2.7: every opposing card is unprotected for the rest of the turn): the program counts
  it when it offers targets, and says so at each later action of that turn;
- the events waiting in each queue (rules file §2.5): they wait on their space; the program advances and resolves
  them in their owner's Events phase, which says them then, so they are listed (status) and never raised twice.

A round is a player's turn (the turn number); the moments are the turn's phases (rules file §1.6).
"""

from __future__ import annotations

from ..core.ineffect import Effect, Moment
from ..core.msg import msg

MOMENTS = ("setup", "events", "replenish", "actions")

_STEP_MOMENT = {"events": "events", "q_start": "events", "replenish": "replenish", "action": "actions",
                "q_played": "actions"}


def moment(state: dict, step: dict) -> Moment | None:
    proc = step.get("proc", "")
    if proc == "setup":
        return Moment("setup", 1)
    word = _STEP_MOMENT.get(proc)
    if word is None:
        return None
    side = step.get("p", "")
    return Moment(word, int(step.get("turn") or state["turn"]["number"] or 1), place=side, seat=side,
                  first=int(step.get("k", 1)) == 1)


def in_effect(state: dict) -> list[Effect]:
    from .data import data_of
    from .targets import card_name

    out: list[Effect] = []
    turn = state["turn"]
    players = state["players"]
    if turn.get("high_ground") and turn.get("player") in players:
        me = turn.get("high_ground_by") or turn["player"]
        opp = "b" if me == "a" else "a"
        out.append(Effect(
            key="high_ground", source=msg("radlands.ineffect.high_ground", player=players[me]["name"]),
            where=msg("radlands.ineffect.cards_of", player=players[opp]["name"]),
            until=msg("radlands.ineffect.until_turn_end", player=players[turn["player"]]["name"]),
            moments=("actions",), place=turn["player"], seat=me, note=msg("radlands.ineffect.high_ground_note"),
            rule=msg("radlands.ineffect.rule_high_ground"), computed=True, lasts=1))
    data = None
    for side in ("a", "b"):
        for space, card in enumerate(players[side]["queue"], 1):
            if not card:
                continue
            data = data or data_of(state)
            out.append(Effect(
                key=f"queue.{side}.{space}.{card}", source=msg("radlands.ineffect.event", card=card_name(data, card)),
                where=msg("radlands.ineffect.queue_space", space=space, player=players[side]["name"]),
                until=msg("radlands.ineffect.until_resolved"), moments=(), place=side, seat=side,
                note=msg("radlands.ineffect.queue_note"), rule=msg("radlands.ineffect.rule_queue"), computed=True,
                lasts=None))
    return out
