"""What is in effect and the table's reminders, as `status`, `status --json` and the phones show them (issue 39;
automata/core/ineffect.py holds the rules). Read-only: nothing here writes a save."""

from __future__ import annotations

from typing import Any


def _moments(t, game_id: str, words) -> str:
    return ", ".join(t(f"{game_id}.moment.{w}") for w in words)


def effect_text(t, game_id: str, effect) -> str:
    params = dict(source=t.render(effect.source), until=t.render(effect.until), moments=_moments(t, game_id, effect.moments))
    if effect.where is not None:
        return t("core.ineffect.item", where=t.render(effect.where), **params)
    return t("core.ineffect.item_all", **params)


def reminder_text(t, game_id: str, item: dict) -> str:
    from automata.core import ineffect

    when = t.render(ineffect.Msg.from_data(ineffect.when(game_id, item)))
    key = "core.remind.list_item_seat" if item.get("seat") else "core.remind.list_item"
    return t(key, n=item["n"], text=item["text"], when=when, seat=t.param(item.get("seat_term", item.get("seat", ""))))


def reminder_data(t, game_id: str, item: dict) -> dict[str, Any]:
    """One reminder as `remind --list --json` and `status --json` give it: its number, text, moment, the round it is
    next due, how its moment reads (``when``) and its line as `remind --list`, `status` and the phones show it."""
    from automata.core import ineffect

    out = {"n": item["n"], "text": item["text"], "at": item["at"], "due_round": item["due"][0],
           "when": t.render(ineffect.Msg.from_data(ineffect.when(game_id, item))),
           "text_shown": reminder_text(t, game_id, item)}
    for key in ("every", "round", "once", "seat"):
        if item.get(key):
            out[key] = item[key]
    return out


def lines(t, game_id: str, state: dict, seat: str | None = None) -> list[str]:
    """The in-effect list and the reminders set, one line each; with ``seat``, only those that concern that seat
    (or the whole table)."""
    from automata.core import ineffect

    if ineffect.module_of(game_id) is None:
        return []
    out = [effect_text(t, game_id, e) for e in ineffect.listing(game_id, state) if seat is None or e.seat in ("", seat)]
    out += [reminder_text(t, game_id, i) for i in ineffect.reminders(state) if seat is None or i.get("seat", "") in ("", seat)]
    return out


def data(t, game_id: str, state: dict) -> dict[str, Any]:
    """``status --json``: ``in_effect`` (each effect, its words in the table's language) and ``reminders``."""
    from automata.core import ineffect

    if ineffect.module_of(game_id) is None:
        return {"in_effect": [], "reminders": []}
    effects = [dict(e.to_data(), text=effect_text(t, game_id, e)) for e in ineffect.listing(game_id, state)]
    reminders = [reminder_data(t, game_id, i) for i in ineffect.reminders(state)]
    return {"in_effect": effects, "reminders": reminders}


def show(env, session) -> None:
    """The section `status` (and the phones' board) ends with, before the clock: nothing when nothing lasts."""
    from ..terminal.render import print_hanging

    found = lines(env.t, session.save.game, session.save.state)
    if not found:
        return
    env.out.print(env.t("core.ineffect.head"), style="bold")
    for line in found:
        print_hanging(env.out, f"  · {line}")
