"""The clocks as the table reads them (issue 24): one line for ``status`` and the end-of-game summary, and the
``clock`` data of ``--json`` (state/clock.py does the arithmetic; automata/core/seats.py names the seats).

Never a question: the clocks only read the save's time stamps.
"""

from __future__ import annotations

from typing import Any

SEPARATOR = " · "


def clock_data(save) -> dict[str, Any]:
    """``state.clock.clocks(save)``, with every human seat of the table in ``seats`` (0 when it has no time yet),
    in table order."""
    from state.clock import clocks

    data = clocks(save)
    own = data["seats"]
    ordered = {s["id"]: own.get(s["id"], 0) for s in _seats(save) if s["kind"] == "human" or s["id"] in own}
    ordered.update({k: v for k, v in own.items() if k not in ordered})
    data["seats"] = ordered
    return data


def _seats(save) -> list[dict]:
    from automata.core.seats import seats

    try:
        return seats(save.game, save.state)
    except (ImportError, KeyError, TypeError, ValueError, AttributeError):
        return []  # a game without seats, or a state they cannot read: the clocks still show the game time


def whole_minutes(seconds: float) -> int:
    """A play's duration in minutes, one rule everywhere (status, history, stats, export): the minutes completed,
    as the game clock the table watched read them (7 h 19 min 30 s is 7 h 19 min, never 7 h 20 min)."""
    return max(0, int(seconds)) // 60


def duration(t, seconds: int) -> str:
    """``1 h 05 min``, ``12 min``, ``40 s`` in the table's language."""
    seconds = max(0, int(seconds))
    if seconds < 60:
        return t("core.clock.seconds", s=seconds)
    minutes = whole_minutes(seconds)
    if minutes < 60:
        return t("core.clock.minutes", m=minutes)
    return t("core.clock.hours", h=minutes // 60, m=f"{minutes % 60:02d}")


def clock_line(t, save, data: dict | None = None) -> str:
    """The clocks in one line (``Game time: 1 h 05 min · Ana: 20 min · 1 break not counted``); "" for a save
    without time stamps (a game saved before the clocks)."""
    data = data or clock_data(save)
    if not data["started"]:
        return ""
    from automata.core.seats import seat_term

    parts = [t("core.clock.game", time=duration(t, data["play_seconds"]))]
    by_id = {s["id"]: s for s in _seats(save)}
    for seat_id, seconds in data["seats"].items():
        seat = by_id.get(seat_id)
        name = t.param(seat_term(save.game, seat)) if seat else seat_id
        parts.append(t("core.clock.seat", seat=name, time=duration(t, seconds)))
    if data["breaks"]:
        parts.append(t("core.clock.breaks", n=data["breaks"]))
    return SEPARATOR.join(parts)


def show_clock(env, save) -> None:
    """Print the clock line (nothing for a save without stamps); words wrap at the console's width."""
    line = clock_line(env.t, save)
    if line:
        from rich.markup import escape

        env.out.print(escape(line))
