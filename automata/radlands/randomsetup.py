"""What a Radlands table may own, what a setup needs of it, and the random setup (``tabletop new radlands
--random``).

Seed 004, Preparação de cada jogador 1-2 (rules file §1.4 steps 1-2): each player is dealt six camps from the
shuffled camp deck and keeps three of them; the keeping is the player's. So the draw deals (six different camps
to each player, from the camp deck of the sets the table owns) and the setup then asks each player which three
of their six they keep. The items are the game data's card sets (``sets.toml``): the base game and Cult of Chrome.
"""

from __future__ import annotations

import random

from ..core.steps import Msg, msg

CONTENT = ("base", "cult_of_chrome")
SIDES = ("a", "b")


def needs(raw: dict) -> list[str]:
    """Every Radlands setup is the base game's (the first-game camps are base camps), and each card set the options
    put in play (``sets``: ``owned_options``)."""
    sets = raw.get("sets") if isinstance(raw.get("sets"), (list, tuple)) else []
    return ["base"] + [s for s in CONTENT if s != "base" and s in sets]


def owned_options(raw: dict, owned: set[str]) -> dict:
    """The card sets in play are the sets the table owns (rules file §3.3: a set's people and events go into the
    draw deck and its camps into the camp deck): a set not owned is not shuffled in, listed or counted."""
    return {**raw, "sets": [s for s in CONTENT if s in owned]}


def camp_deck(data, owned: set[str]) -> list[str]:
    """The camps of the owned sets that the data puts in play, in the data's order."""
    sets = [s for s in data.in_play() if s in owned]
    return sorted(data.camp_deck(sets)) if sets else []


def draw(raw: dict, fixed: set[str], owned: set[str], seed: int) -> dict:
    """``raw`` with ``dealt``: the camps dealt to each side (``camps_dealt`` each, all different). With the
    first-game camps given there is nothing to deal. Pure: the same seed gives the same deal."""
    from .data import load

    out = dict(raw)
    if raw.get("first_game"):
        out.pop("dealt", None)
        return out
    data = load(raw.get("overrides") or None)
    n = int(data.rules["camps_dealt"])
    deck = camp_deck(data, owned)
    if len(deck) < n * len(SIDES):
        raise ValueError(f"the camp deck holds {len(deck)} camps, {n * len(SIDES)} are dealt")
    rng = random.Random(f"{seed}/radlands/random/camps")
    dealt = rng.sample(deck, n * len(SIDES))
    out["first_game"] = False
    out["dealt"] = {side: sorted(dealt[i * n:(i + 1) * n]) for i, side in enumerate(SIDES)}
    return out


def nothing_open(raw: dict, fixed: set[str], owned: set[str]) -> Msg | None:
    """With the first-game camps (seed 004, Preparação de cada jogador 1) nothing is dealt: nothing to draw."""
    return msg("core.random.radlands_first_game") if raw.get("first_game") else None


def describe(raw: dict) -> list[Msg]:
    from .data import load

    if not raw.get("dealt"):
        return [msg("core.random.radlands_first_game")]
    data = load(raw.get("overrides") or None)
    names = [x.strip() for x in str(raw.get("players") or "").split(",") if x.strip()]
    out = []
    for i, side in enumerate(SIDES):
        who = names[i] if len(names) == 2 else f"@radlands.side.{side}"
        out.append(msg("core.random.radlands_dealt", player=who, camps=[data.card(c)["name"] for c in raw["dealt"][side]],
                       keep=data.rules["camps_kept"]))
    return out
