"""What a Chaos table may own, what a setup needs of it, and the random setup (``tabletop new chaos --random``).

Seed 003, Preparação 1: three or four players, each playing one of the four Powers. The game data has no
expansion content (The Horned Rat's fifth Power is not in it), so the only item is the base game. The draw
deals Powers for the player count; the seats follow Power order (``game.check_options``).
"""

from __future__ import annotations

import random

from ..core.steps import Msg, msg

#: the items of this game a table may own (``tabletop collection``); "base" first
CONTENT = ("base",)


def needs(raw: dict) -> list[str]:
    """The items the options ``raw`` need: every Chaos setup is the base game."""
    return ["base"]


def draw(raw: dict, fixed: set[str], owned: set[str], seed: int) -> dict:
    """``raw`` with the Powers drawn for the player count: ``raw["powers"]`` a count ("3" or "4") or left out
    (four); a list of Powers given (in ``fixed``) stays as it is. Pure: the same seed gives the same draw."""
    from .data import load

    powers = tuple(load(raw.get("overrides") or None).power_ids)
    out = dict(raw)
    text = str(raw.get("powers") or "").strip()
    if "powers" in fixed and not text.isdigit() and text:
        return out
    count = int(text) if text.isdigit() else len(powers)
    count = min(max(count, 3), len(powers))  # seed 003, Preparação 1: 3 or 4 players
    rng = random.Random(f"{seed}/chaos/random/powers")
    chosen = set(rng.sample(list(powers), count))
    out["powers"] = ",".join(p for p in powers if p in chosen)
    return out


def nothing_open(raw: dict, fixed: set[str], owned: set[str]) -> Msg | None:
    """Why the draw has nothing to choose, or None: with four Powers every Power plays (seed 003, Preparação 1:
    each player one of the four Powers), and Powers named with --powers are the table's choice."""
    from .data import load

    text = str(raw.get("powers") or "").strip()
    if text and not text.isdigit():
        return msg("core.random.chaos_given")
    count = int(text) if text.isdigit() else len(load(raw.get("overrides") or None).power_ids)
    return msg("core.random.chaos_all_play") if count >= 4 else None


def describe(raw: dict) -> list[Msg]:
    """The draw as the table is shown it before the game starts."""
    powers = [f"@chaos.power.{p}" for p in str(raw["powers"]).split(",")]
    return [msg("core.random.chaos_powers", powers=powers)]
