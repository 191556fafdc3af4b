"""The Chaos cards ``tabletop rules`` finds (``cli/gamecli.py`` ``rule_components``): the Old World cards and each
Power's Chaos cards, each with its summary."""

from __future__ import annotations

from ..rules import Component, title_of


def components(data) -> list[Component]:
    raw = data.raw
    out: list[Component] = []
    for rec in raw["old_world"]:
        out.append(Component("chaos", "old_world_card", rec["id"], rec.get("name", title_of(rec["id"])), rec, (),
                             (f"chaos.oldworld.summary.{rec['id']}",)))
    for power, cards in raw["cards"].items():
        for rec in cards:
            out.append(Component("chaos", "chaos_card", rec["id"], rec.get("name", title_of(rec["id"])), rec,
                                 (power,), (f"chaos.card.summary.{power}.{rec['id']}",), {"power": power}))
    return out
