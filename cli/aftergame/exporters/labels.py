"""The names an export shows, in the table's language: each seat and its role (its factions; a bot's kind and
level), from the ``terms`` the summary gives each seat (the game's ``result.seat_terms``: message data or plain
names), the board (the modules played) and the rule that ended the game."""

from __future__ import annotations

import re

from .bgstats import Labels


def term(t, value) -> str:
    """A term of the summary as the table reads it: message data or a term reference (``@chaos.power.khorne``)
    rendered, a plain name as it is."""
    if (isinstance(value, dict) and "id" in value) or (isinstance(value, str) and value.startswith("@")):
        return str(t.param(value))
    return str(value or "")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _words(key: str) -> str:
    return " ".join(w.capitalize() for w in re.split(r"[-_ ]+", key) if w)


def seat_name(t, seat: dict) -> str:
    terms = seat.get("terms") or {}
    return _capital(term(t, terms.get("seat")) or seat.get("name") or seat["id"])


def seat_role(t, seat: dict, name: str) -> str:
    """What the seat played (its Power, Path or camps) and, for a bot, which bot at which level ("Red, AI bot,
    Gordian III")."""
    terms = seat.get("terms") or {}
    parts = [f for f in (_capital(term(t, x)) for x in terms.get("factions", [])) if f]  # the Power even when it
    # is also the seat's name (Chaos): BG Stats counts wins by role
    if seat.get("kind") == "bot":
        bot = term(t, terms.get("bot")) or _words(seat.get("bot", ""))
        parts.append(bot if bot and bot != name else t("core.export.bot"))
        level = term(t, terms.get("level")) or seat.get("level", "")
        if level:
            parts.append(level)
    return ", ".join(parts)


def module_name(t, game: str, module: str) -> str:
    key = module.replace("-", "_")
    message = f"{game}.module.{key}"
    return t(message) if t.has(message, t.lang) or t.has(message, "en") else _words(module)


def labels(t, summary: dict) -> Labels:
    seats, roles = {}, {}
    for seat in summary["seats"]:
        seats[seat["id"]] = seat_name(t, seat)
        roles[seat["id"]] = seat_role(t, seat, seats[seat["id"]])
    result = summary.get("result") or {}
    comments = t(result["ended_by"], **result.get("ended_params", {})) if result.get("ended_by") else ""
    board = ", ".join(module_name(t, summary["game"], m) for m in summary.get("modules", []))
    return Labels(seats=seats, roles=roles, board=board, comments=comments)
