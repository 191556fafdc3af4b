"""Setup (seed 003, "Preparação"): the eight steps, in order, each one confirmed by the table."""

from __future__ import annotations

import random

from ..core.components import says
from ..core.steps import YES_NO, Ask, Say, msg
from .common import power_term
from .components import components, old_world_deck_size, starting_token_counts  # the list counts what setup uses
from .data import ChaosData

SETUP_STEPS = 8


def starting_tokens(data: ChaosData, seed: int) -> list[tuple[str, str]]:
    """Seed, setup step 7: the starting tokens mixed, one at random per region in region order."""
    pool = [kind for kind, n in starting_token_counts(data).items() for _ in range(n)]
    rng = random.Random(f"{seed}/chaos/setup/tokens")
    rng.shuffle(pool)
    return list(zip(data.region_ids, pool))


def setup_step(state: dict, data: ChaosData, n: int):
    powers = state["powers"]
    if n == 1:  # issue 26: the component list comes first, before setup step 1
        yield from says("chaos", components({"powers": powers}, data))
    yield Say(msg("chaos.setup.title", n=n, total=SETUP_STEPS, name=f"@chaos.setup.name.{n}"), "head")
    if n == 1:
        yield Say(msg("chaos.setup.board"), "do")
        yield Say(msg("chaos.setup.wheels"), "do")
        yield Say(msg("chaos.setup.wheel_places"), "rule")
    elif n == 2:
        yield Say(msg("chaos.setup.powers", powers=[power_term(p) for p in powers]), "do")
        yield Say(msg("chaos.setup.seats", powers=[power_term(p) for p in powers]), "do")
        unused = [p for p in data.power_ids if p not in powers]
        if unused:
            yield Say(msg("chaos.setup.unused", powers=[power_term(p) for p in unused]), "do")
    elif n == 3:
        for p in powers:
            yield Say(msg("chaos.setup.components", power=power_term(p)), "do")
        yield Say(msg("chaos.setup.upgrades_under"), "do")
    elif n == 4:
        for p in powers:
            yield Say(msg("chaos.setup.markers", power=power_term(p), pp=data.power(p)["starting_pp"]), "do")
    elif n == 5:
        yield Say(msg("chaos.setup.supplies"), "do")
        yield Say(msg("chaos.setup.ruination_stack", cards=data.setup["ruination_cards"]), "do")
    elif n == 6:
        size = old_world_deck_size(data, len(powers))
        state["old_world"]["deck"] = size
        yield Say(msg("chaos.setup.old_world_deck", cards=size, players=len(powers)), "do")
        yield Say(msg("chaos.setup.old_world_clock", rounds=size), "rule")
    elif n == 7:
        counts = starting_token_counts(data)
        yield Say(msg("chaos.setup.tokens_intro", noble=counts.get("noble", 0), warpstone=counts.get("warpstone", 0),
                      peasant=counts.get("peasant", 0)), "do")
        for region, kind in starting_tokens(data, state["seed"]):
            state["regions"][region]["tokens"][kind] += 1
            yield Say(msg("chaos.setup.token", token=f"@chaos.token.{kind}", region=f"@chaos.region.{region}"), "do")
    elif n == 8:
        hand = data.setup["starting_hand"]
        for p in powers:
            ps = state["p"][p]
            ps["hand"] = hand
            ps["deck"] = data.power(p)["deck_size"] - hand
        yield Say(msg("chaos.setup.hands", cards=hand), "do")
        yield Say(msg("chaos.setup.ready"), "info")
    while not (yield Ask(f"chaos.setup.{n}", msg("chaos.setup.done", n=n), YES_NO)):
        yield Say(msg("chaos.setup.again"), "warn")
    state["next"] = {"proc": "setup", "n": n + 1} if n < SETUP_STEPS else {"proc": "old_world"}
