"""The Time of Crisis components ``tabletop rules`` finds (``cli/gamecli.py`` ``rule_components``): the AI mats and
the cards."""

from __future__ import annotations

from ..rules import Component, title_of


def components(data) -> list[Component]:
    raw = data.raw
    out: list[Component] = []
    for mid, rec in raw["mats"].items():
        out.append(Component("toc", "ai_mat", mid, rec.get("name", title_of(mid)), rec, tuple(rec.get("names", []))))
    for rec in raw["cards"]:
        out.append(Component("toc", "card", rec["id"], rec.get("name", title_of(rec["id"])), rec))
    return out
