"""The seats of an Anachrony game: the players ``p1``… (named as the options named them), and in a solo game the
opponent (Chronobot or Chronossus) as the seat ``bot``, its difficulty options as its level.

A question about one player (its id in the question's id: ``anachrony.negotiate.p2.space``,
``anachrony.score.p1.vp``) is that player's, and the solo player's own turn and counts are ``p1``'s; the action
report ("what happened?"), setup and the questions about the bot are the table's.
"""

from __future__ import annotations

from ..core.seats import seat

BOT_SEAT = "bot"  # the scoring's id of the solo opponent (automata/anachrony/scoring.py BOT_ID)
#: the solo player's own questions (automata/anachrony/solo: its turn, its exosuits, its warps)
_SOLO_PLAYER = ("anachrony.solo.you", "anachrony.solo.paradox")


def seats(state: dict) -> list[dict]:
    out = [seat(p, name=str(v.get("name", ""))) for p, v in state["players"].items()]
    solo = state.get("solo")
    if solo:
        out.append(seat(BOT_SEAT, kind="bot", bot=str(solo.get("bot", "")), level=level(solo)))
    return out


def level(solo: dict) -> str:
    """The opponent's difficulty as one text: the first edition's board, then each difficulty option
    (``first-edition,wc-right,cores=2``); "" for the standard game."""
    items = ["first-edition"] if solo.get("edition") == "first" else []
    for key, value in sorted((solo.get("difficulty") or {}).items()):
        items.append(key if value is True else f"{key}={value}")
    return ",".join(items)


def question_seat(state: dict, step: dict, ask_id: str) -> str | None:
    players = state["players"]
    parts = ask_id.split(".")
    for part in parts[1:]:
        if part in players:
            return part
    if state.get("solo") and any(ask_id == p or ask_id.startswith(p + ".") for p in _SOLO_PLAYER):
        return next(iter(players), None)
    return None


def seat_term(seat: dict):
    """How the table reads a seat's name (a message parameter): the name given, else "Player 2", or the bot."""
    if seat["kind"] == "bot":
        return f"@anachrony.solo.bot.{seat['bot']}"
    return seat["name"] or {"id": "anachrony.player", "params": {"n": int(seat["id"][1:] or 0)}}


def start_seat(state: dict) -> str | None:
    """Who started: the first player chosen at setup (rules file §2.4 C19; solo: the player, setup says so), kept as
    ``start`` (``first`` is the next Era's first player); None before setup chose one, or in a save older than it."""
    start = state.get("start")
    return start if start in state.get("players", {}) else None
