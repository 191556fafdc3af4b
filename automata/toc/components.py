"""Time of Crisis with The Age of Iron and Rust: what to take out of the box for this setup (seed 000, "Preparação"
steps 1-5; rules file §1.3, §2.2). The influence-card piles, the Emperor tokens and each bot's pieces are counted
by the same functions the setup steps use (automata/toc/setup.py); the base game's own setup is its rulebook's, which
no source here lists: it is named without a count."""

from __future__ import annotations

from ..core.components import flagged, item
from ..core.steps import msg
from .bot import AREAS
from .data import TocData, load

DAMNATIO = "Damnatio Memoriae"


def piles(data: TocData, option: str) -> tuple[int, int]:
    """(piles, cards in them) for the card option (seed step 2): Fixed, both sets in a pile per card name; Variable,
    both sets shuffled together per category; Selective, one set per category."""
    cards = sum(int(c["copies"]) for c in data.categories)
    if option == "fixed":
        return 2 * len(data.categories), 2 * cards
    if option == "variable":
        return len(data.categories), 2 * cards
    return len(data.categories), cards


def emperor_tokens(data: TocData, options: dict) -> int:
    """Seed step 3: every faction's Emperor tokens, only with the optional Emperor rules."""
    if not options["emperor_rules"]:
        return 0
    return int(data.setup["emperor_tokens_per_faction"]) * (options["humans"] + len(options["bots"]))


def components(options: dict, data: TocData | None = None) -> list[dict]:
    data = data or load(options.get("overrides") or None)
    common = msg("toc.components.common")
    factions = options["humans"] + len(options["bots"])
    damnatio = next((c for c in data.categories if c.get("base") == DAMNATIO), None)
    n_piles, n_cards = piles(data, options["cards"])
    provisional_copies = next((f"categories.{c['id']}.copies" for c in data.categories if flagged(c, "copies")), "")
    out = [
        item("damnatio", common, msg("toc.components.damnatio"), damnatio["copies"] if damnatio else None),
        item("piles", common, msg("toc.components.piles", option=f"@toc.components.option.{options['cards']}"), n_piles),
        item("pile_cards", common, msg("toc.components.pile_cards"), n_cards, provisional_copies),
    ]
    if options["emperor_rules"]:
        out.append(item("emperor_tokens", common, msg("toc.components.emperor_tokens", factions=factions),
                        emperor_tokens(data, options)))
    out.append(item("base", common, msg("toc.components.base", factions=factions), None))
    for colour in options["bots"]:
        section = msg("toc.components.bot", colour=f"@toc.colour.{colour}")
        mat = options["mats"][colour]
        out += [
            item(f"{colour}.mat", section, msg("toc.components.mat", mat=f"@toc.mat.{mat}"), 1),
            item(f"{colour}.tokens", section, msg("toc.components.tokens", colour=f"@toc.colour.{colour}"), None),
            item(f"{colour}.mode_marker", section, msg("toc.components.mode_marker"), 1),
            item(f"{colour}.pawns", section, msg("toc.components.pawns"), len(AREAS)),
            item(f"{colour}.cylinders", section, msg("toc.components.cylinders"), len(AREAS)),
        ]
    return out
