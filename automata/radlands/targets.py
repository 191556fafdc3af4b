"""Naming cards on the table: choice values, labels, and the sets of legal targets (rules §2.7, §2.9).

A card on the table is named by its place: ``a.c2`` is player a's camp in column 2, ``a.c2.1`` the person next to
that camp (the rear one) and ``a.c2.2`` the one in front. Labels carry the card's printed name.
"""

from __future__ import annotations

from ..core.steps import Choice, msg
from . import board


def card_name(data, card: str) -> str:
    if card == board.PUNK:
        return "@radlands.punk"
    if card == board.RAIDERS:
        return "Raiders"
    return data.card(card)["name"]


def camp_choice(state: dict, data, side: str, c: int) -> Choice:
    camp = state["players"][side]["camps"][c]
    name = data.card(camp["id"])["name"]
    label = msg("radlands.target.camp", card=name, player=state["players"][side]["name"], col=c + 1,
                state="@radlands.camp_state." + camp["state"])
    return Choice(f"{side}.c{c + 1}", label, (name,))


def person_choice(state: dict, data, side: str, c: int, i: int) -> Choice:
    p = state["players"][side]["columns"][c][i]
    name = card_name(data, p["card"])
    label = msg("radlands.target.person", card=name, player=state["players"][side]["name"], col=c + 1,
                pos="@radlands.pos." + ("front" if i == len(state["players"][side]["columns"][c]) - 1 else "rear"),
                state="@radlands.person_state." + ("damaged" if p["damaged"] else "ok"))
    aliases = (name,) if not name.startswith("@") else ()
    return Choice(f"{side}.c{c + 1}.{i + 1}", label, aliases)


def parse(value: str) -> tuple[str, int, int]:
    """``a.c2`` → ("a", 1, -1); ``a.c2.1`` → ("a", 1, 0)."""
    parts = value.split(".")
    side, c = parts[0], int(parts[1][1:]) - 1
    return side, c, (int(parts[2]) - 1 if len(parts) > 2 else -1)


def camps(state: dict, data, side: str, *, unprotected: bool = False, exposed: bool = False,
          damaged_only: bool = False, alive: bool = True) -> list[Choice]:
    s = state["players"][side]
    out = []
    for c, camp in enumerate(s["camps"]):
        if alive and not board.camp_alive(camp):
            continue
        if damaged_only and camp["state"] != "damaged":
            continue
        if unprotected and not board.camp_unprotected(s, c, exposed):
            continue
        out.append(camp_choice(state, data, side, c))
    return out


def persons(state: dict, data, side: str, *, unprotected: bool = False, exposed: bool = False,
            damaged_only: bool = False) -> list[Choice]:
    s = state["players"][side]
    out = []
    for c, col in enumerate(s["columns"]):
        for i, p in enumerate(col):
            if damaged_only and not p["damaged"]:
                continue
            if unprotected and not board.person_unprotected(s, c, i, exposed):
                continue
            out.append(person_choice(state, data, side, c, i))
    return out


def column_choices(state: dict, data, side: str, *, room: bool = False) -> list[Choice]:
    s = state["players"][side]
    out = []
    for c, camp in enumerate(s["camps"]):
        n = len(s["columns"][c])
        if room and n >= state["rules"]["column_limit"]:
            continue
        label = msg("radlands.column", col=c + 1, camp=data.card(camp["id"])["name"], n=n,
                    state="@radlands.camp_state." + camp["state"])
        out.append(Choice(str(c + 1), label, (data.card(camp["id"])["name"],)))
    return out


def player_choices(state: dict) -> tuple[Choice, ...]:
    """The two players: by side (a, b) or by name."""
    out = []
    for s in board.SIDES:
        name = state["players"][s]["name"]
        out.append(Choice(s, msg("radlands.player_label", player=name), () if name.startswith("@") else (name,)))
    return tuple(out)
