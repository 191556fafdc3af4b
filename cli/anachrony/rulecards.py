"""The Anachrony components ``tabletop rules`` finds (``cli/gamecli.py`` ``rule_components``): the Quantum Loop cards
and the Superprojects (the base game's, then the modules' own)."""

from __future__ import annotations

from ..rules import Component, title_of


def components(data) -> list[Component]:
    raw = data.raw
    out: list[Component] = []
    for cid, rec in raw["quantum_loop_cards"].items():
        out.append(Component("anachrony", "quantum_loop", cid, title_of(cid), rec))
    sp = raw["superprojects"]
    for cid in sp.get("base", []):
        out.append(Component("anachrony", "superproject", cid, title_of(cid),
                             {"confidence": sp.get("confidence", ""), "source": sp.get("source", "")}))
    for mod in raw.get("modules", {}).values():
        for cid in (mod.get("superprojects", []) if isinstance(mod, dict) else []):
            if isinstance(cid, str) and not any(c.id == cid for c in out):
                out.append(Component("anachrony", "superproject", cid, title_of(cid), {"confidence": mod.get("confidence", "")}))
    return out
