"""The seats of a Time of Crisis game: the human players (``human1``…, as the human turns number them), then the
Non-Player Factions by colour (their AI mat is their level).

A human's turn (its crisis roll, whether the Emperor changed) and its final Legacy at the end of the game are that
human's; the bots' steps and setup are not a seat's questions.
"""

from __future__ import annotations

import re

from ..core.seats import seat

_FINAL = re.compile(r"toc\.final\.legacy\.(human[0-9]+)")


def seats(state: dict) -> list[dict]:
    options = state["options"]
    humans = [seat(f"human{n}") for n in range(1, int(options.get("humans", 0)) + 1)]
    mats = state.get("bot_mats") or options.get("mats") or {}
    bots = [seat(c, kind="bot", bot="toc", level=str(mats.get(c, "")), faction=c) for c in options.get("bots", [])]
    return humans + bots


def question_seat(state: dict, step: dict, ask_id: str) -> str | None:
    if step.get("proc") == "human" and isinstance(step.get("i"), int):
        return f"human{step['i']}"
    final = _FINAL.fullmatch(ask_id)  # the end of the game: each human's final Legacy is that human's question
    return final.group(1) if final else None


def seat_term(seat: dict):
    """How the table reads a seat's name (a message parameter): "human player 1", or the bot's colour."""
    if seat["kind"] == "bot":
        return f"@toc.colour.{seat['id']}"
    return {"id": "toc.human", "params": {"n": int(seat["id"][len("human"):] or 0)}}


def start_seat(state: dict) -> str | None:
    """Who started: the bots play first, in their drawn turn order (seed 000, "O jogo avança em turnos": the AI bots
    take their turns first, then the humans); without a bot, the first human. None before the bots are placed."""
    order = [c for c in state.get("bot_order") or [] if c in (state.get("options") or {}).get("bots", [])]
    if order:
        return order[0]
    if (state.get("options") or {}).get("bots"):
        return None  # the bots' turn order is not drawn yet (setup step 4)
    return "human1" if int((state.get("options") or {}).get("humans", 0)) else None
