"""The Radlands cards ``tabletop rules`` finds (``cli/gamecli.py`` ``rule_components``): camps, people, events and the
player cards, each with its own wording."""

from __future__ import annotations

from ..rules import Component, title_of


def _texts(data, kind: str, cid: str, rec: dict) -> tuple:
    """A card's wording: its abilities, trait and event effect as the data gives them (the owner's own words, a card
    the owner added written from its icons; automata/radlands/card_text.py)."""
    n = len(rec.get("abilities", []) or [])
    if kind == "player_card" or not hasattr(data, "ability_text"):
        return tuple(f"radlands.card.{cid}.ability.{i}" for i in range(1, n + 1)) + (f"radlands.card.{cid}.trait", f"radlands.card.{cid}.effect")
    texts: list = [data.ability_text(cid, i) for i in range(1, n + 1)]
    new = cid in data.owner_new
    if not new or rec.get("traits") or rec.get("on_enter") or rec.get("trait_text"):
        texts.append(data.trait_text(cid))
    if kind == "event" or rec.get("effect_text"):
        texts.append(data.effect_text(cid))
    return tuple(texts)


def components(data) -> list[Component]:
    out: list[Component] = []
    for kind, table in (("camp", "camps"), ("person", "people"), ("event", "events"), ("player_card", "player_cards")):
        for cid, rec in data.raw[table].items():
            out.append(Component("radlands", kind, cid, rec.get("name", title_of(cid)), rec,
                                 tuple(rec.get("aliases", []) or []), _texts(data, kind, cid, rec)))
    return out
