"""The names an export shows, in the table's language: each seat (the name the table gave it, else its Power,
side, colour or player number), its role (faction, bot and level) and the board (the modules played)."""

from __future__ import annotations

import re

from .bgstats import Labels


def _first(t, ids: list[str], **params) -> str:
    for message in ids:
        if t.has(message, t.lang) or t.has(message, "en"):
            return t(message, **params)
    return ""


def seat_name(t, game: str, seat: dict) -> str:
    if (seat.get("name") or "").strip():
        return seat["name"].strip()
    sid = seat["id"]
    if seat.get("kind") == "bot" and seat.get("bot"):
        named = _first(t, [f"{game}.solo.bot.{seat['bot']}"])
        if named:
            return named
    numbered = re.fullmatch(r"(p|human)(\d+)", sid)
    if numbered:
        key = f"{game}.player" if numbered.group(1) == "p" else f"{game}.human"
        named = _first(t, [key], n=int(numbered.group(2)))
        if named:
            return _capital(named)
    return _capital(_first(t, [f"{game}.power.{sid}", f"{game}.side.{sid}", f"{game}.colour.{sid}"]) or sid)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _words(key: str) -> str:
    return " ".join(w.capitalize() for w in re.split(r"[-_ ]+", key) if w)


def faction_name(t, game: str, faction: str) -> str:
    parts = [p.strip() for p in faction.split(",") if p.strip()]
    return ", ".join(_capital(_first(t, [f"{game}.power.{p}", f"{game}.colour.{p}", f"{game}.path.{p}"]) or _words(p))
                     for p in parts)


def seat_role(t, game: str, seat: dict, name: str) -> str:
    parts = []
    if seat.get("faction"):
        faction = faction_name(t, game, seat["faction"])
        if faction != name:
            parts.append(faction)
    if seat.get("kind") == "bot":
        bot = _first(t, [f"{game}.solo.bot.{seat.get('bot', '')}", f"core.export.bot_name.{seat.get('bot', '')}"]) or _words(seat.get("bot", ""))
        level = seat.get("level") or ""
        if re.fullmatch(r"[a-z0-9_]+", level):  # a mat or difficulty named by its id: its words
            level = _words(level)
        parts.append(t("core.export.bot_role", bot=bot or name, level=level) if level else t("core.export.bot", bot=bot or name))
    return " · ".join(parts)


def module_name(t, game: str, module: str) -> str:
    key = module.replace("-", "_")
    return _first(t, [f"{game}.module.{key}"]) or _words(module)


def labels(t, summary: dict) -> Labels:
    game = summary["game"]
    seats, roles = {}, {}
    for seat in summary["seats"]:
        seats[seat["id"]] = seat_name(t, game, seat)
        roles[seat["id"]] = seat_role(t, game, seat, seats[seat["id"]])
    result = summary.get("result") or {}
    comments = t(result["ended_by"], **result.get("ended_params", {})) if result.get("ended_by") else ""
    board = ", ".join(module_name(t, game, m) for m in summary.get("modules", []))
    return Labels(seats=seats, roles=roles, board=board, comments=comments)
