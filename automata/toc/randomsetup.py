"""What a Time of Crisis table may own, what a setup needs of it, and the random setup (``tabletop new toc
--random``).

Seed 000, opening and Preparação: The Age of Iron and Rust brings the AI bots (the Non-Player Faction Rules), the
new Influence Cards with their three card setups (Fixed, Variable, Selective) and the optional Emperor rules; the
program always runs at least one bot, so every game it starts needs the expansion as well as the base game.
The draw fills what the table left open: which colours the bots play (the humans take the others; with no
--bots a complete four-faction game, G16), a different AI mat for each bot, the card setup and whether the
Emperor rules are used. The Selective Setup's piles are drawn by the setup step itself (it already offers a
random choice from the game's seed).
"""

from __future__ import annotations

import random

from ..core.steps import Msg, msg

CONTENT = ("base", "age_of_iron_and_rust")


def needs(raw: dict) -> list[str]:
    """The base game and the expansion: the bots, the card setups and the Emperor rules are the expansion's."""
    return ["base", "age_of_iron_and_rust"]


def draw(raw: dict, fixed: set[str], owned: set[str], seed: int) -> dict:
    """``raw`` with the open choices drawn (``fixed`` names the options the table gave). Pure: the same seed
    gives the same draw."""
    from .data import load
    from .game import CARD_OPTIONS

    data = load(raw.get("overrides") or None)
    rng = random.Random(f"{seed}/toc/random")
    out = dict(raw)
    colours = list(data.setup["colours"])
    given = [x.strip() for x in str(raw.get("bots") or "").split(",") if x.strip()]
    humans = int(raw["humans"]) if raw.get("humans") is not None else (4 - len(given) if given else 1)
    if "bots" in fixed and given:
        bots = given
    else:  # seed G16: a complete four-faction game, at most one bot per AI mat
        count = min(4 - humans, len(data.mat_ids), len(colours))
        picked = set(rng.sample(colours, count))
        bots = [c for c in colours if c in picked]
        out["bots"] = ",".join(bots)
    out["humans"] = humans
    if "mats" not in fixed or not raw.get("mats"):
        out["mats"] = ",".join(rng.sample(list(data.mat_ids), len(bots)))
    if "cards" not in fixed:
        out["cards"] = rng.choice(CARD_OPTIONS)
    if "emperor_rules" not in fixed:
        out["emperor_rules"] = rng.random() < 0.5
    return out


def describe(raw: dict) -> list[Msg]:
    from .data import load

    data = load(raw.get("overrides") or None)
    bots = [x.strip() for x in str(raw["bots"]).split(",") if x.strip()]
    mats = [_mat_id(data, x.strip()) for x in str(raw["mats"]).split(",") if x.strip()]
    humans = [f"@toc.colour.{c}" for c in data.setup["colours"] if c not in bots][: int(raw["humans"])]
    out = [msg("core.random.toc_humans", n=int(raw["humans"]), colours=humans)]  # the humans take the others
    out += [msg("core.random.toc_bot", colour=f"@toc.colour.{c}", mat=f"@toc.mat.{m}") for c, m in zip(bots, mats)]
    out.append(msg("core.random.toc_cards", cards=f"@core.random.toc_card.{raw['cards']}"))
    out.append(msg("core.random.toc_emperor_" + ("on" if raw.get("emperor_rules") else "off")))
    return out


def _mat_id(data, name: str) -> str:
    """The mat's id for a name the table gave (--mats maximinus), as the setup reads it."""
    from .data import UnknownName, find_mat

    try:
        return find_mat(data, name)
    except UnknownName:
        return name
