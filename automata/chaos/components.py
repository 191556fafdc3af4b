"""Chaos in the Old World: what to take out of the box for the Powers in play (seed 003, "Preparação" steps 1-8;
rules file §1.2, §2.2). Every count is the one the setup steps use: automata/chaos/setup.py deals with the
functions defined here, from the same data."""

from __future__ import annotations

from ..core.components import flagged, item
from ..core.steps import msg
from .board import TOKEN_KINDS
from .common import power_term
from .data import ChaosData, load


def starting_token_counts(data: ChaosData) -> dict[str, int]:
    """Seed, setup step 7: 2 Noble, 3 Warpstone, 4 Peasant (by kind, in token order)."""
    counts = data.setup["starting_tokens"]
    return {kind: int(counts[kind]) for kind in TOKEN_KINDS if counts.get(kind)}


def old_world_deck_size(data: ChaosData, players: int) -> int:
    """Seed, setup step 6: 7 cards with 4 Powers, 8 with 3."""
    return int(data.setup["old_world_deck"][str(players)])


def components(options: dict, data: ChaosData | None = None) -> list[dict]:
    data = data or load(options.get("overrides") or None)
    powers = list(options["powers"])
    setup = data.setup
    supplies = setup["supplies"]
    common = msg("chaos.components.common")
    out = [
        item("board", common, msg("chaos.components.board"), 1),  # step 1: the board, its dials assembled on it
        item("ruination", common, msg("chaos.components.ruination"), setup["ruination_cards"],
             "setup.ruination_cards" if flagged(setup) else ""),
        item("old_world_deck", common, msg("chaos.components.old_world_deck", players=len(powers)),
             old_world_deck_size(data, len(powers)),
             f"setup.old_world_deck.{len(powers)}" if flagged(setup["old_world_deck"], str(len(powers))) else ""),
        item("dial_counters", common, msg("chaos.components.dial_counters"), supplies["dial_counters"],
             "setup.supplies.dial_counters" if flagged(supplies, "dial_counters") else ""),
        item("dice", common, msg("chaos.components.dice"), None),
    ]
    tokens = data.rules["rules"]["tokens"]
    start = starting_token_counts(data)
    token_section = msg("chaos.components.tokens")
    for kind in TOKEN_KINDS:
        what = (msg("chaos.components.token_start", token=f"@chaos.token.{kind}", start=start[kind]) if start.get(kind)
                else msg("chaos.components.token", token=f"@chaos.token.{kind}"))
        out.append(item(f"token.{kind}", token_section, what, tokens.get(kind),
                        f"rules.tokens.{kind}" if flagged(tokens, kind) else ""))
    corruption = data.rules["rules"]["corruption"]
    for p in powers:
        rec = data.power(p)
        section = msg("chaos.components.power", power=power_term(p))
        out += [
            item(f"{p}.sheet", section, msg("chaos.components.sheet", power=power_term(p)), 1),
            item(f"{p}.power_marker", section, msg("chaos.components.power_marker"), supplies["power_markers"]),
            item(f"{p}.vp_marker", section, msg("chaos.components.vp_marker"), supplies["vp_markers"]),
            item(f"{p}.corruption", section, msg("chaos.components.corruption"), corruption["supply_per_power"],
                 "rules.corruption.supply_per_power" if flagged(corruption, "supply_per_power") else ""),
            item(f"{p}.chaos_cards", section, msg("chaos.components.chaos_cards", hand=setup["starting_hand"]),
                 rec["deck_size"], f"powers.{p}.deck_size" if flagged(rec, "deck_size") else ""),
            item(f"{p}.upgrades", section, msg("chaos.components.upgrades"), len(rec["upgrades"])),
        ]
        for kind, fig in rec["followers"].items():
            out.append(item(f"{p}.{kind}", section, msg("chaos.components.figure", name=fig["name"], n=fig["count"],
                                                           kind=f"@chaos.figure.{kind}"),
                            fig["count"], f"powers.{p}.followers.{kind}.count" if flagged(fig, "count") else ""))
    return out
