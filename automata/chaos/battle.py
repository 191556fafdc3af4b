"""Battle Phase (seed 003, "Fase de Batalha"): region by region, in region order.

Each Power rolls as many dice as the attack of all its figures in the region
(bonus dice from cards added); 4, 5 and 6 hit; each 6 adds one more die,
which can add another. Hits go to enemy figures and Peasants: a figure hit at
least its defense is knocked over and removed when the region's battle ends;
a Peasant is removed at once and kept by the Power that removed it. Early
hits from cards are rolled first and kill at once.
"""

from __future__ import annotations

from ..core.steps import Roll, Say, msg
from . import casualties, worth
from .board import card_record, figures_of
from .data import ChaosData
from .odds import hits as count_hits
from .common import apply_changes, ask_changes, draw_cards, power_term, region_term


def attack_dice(state: dict, data: ChaosData, region_id: str, power: str) -> int:
    """Normal dice: the attack of the Power's figures there as worth.attack counts it (upgrades included)."""
    return worth.attack_dice(state, data, region_id, power)


def early_dice(state: dict, data: ChaosData, region_id: str, power: str) -> int:
    """Early-hit dice: Blood Frenzy and the like, and the figures whose upgrade makes them roll early."""
    return worth.early_dice(state, data, region_id, power)


def has_target(state: dict, data: ChaosData, region_id: str, power: str) -> bool:
    """Whether ``power`` has a legal target there (an enemy figure not yet knocked over, or a Peasant)."""
    return bool(casualties.groups_for(state, data, region_id, power, {}))


def has_battle(state: dict, data: ChaosData, region_id: str) -> bool:
    """A battle happens where at least one Power can roll dice and has a legal target."""
    for p in state["powers"]:
        dice = attack_dice(state, data, region_id, p) + early_dice(state, data, region_id, p)
        if dice > 0 and has_target(state, data, region_id, p):
            return True
    return False


def next_battle(state: dict, data: ChaosData, after: str | None) -> dict:
    ids = data.region_ids
    start = 0 if after is None else ids.index(after) + 1
    for rid in ids[start:]:
        if has_battle(state, data, rid):
            return {"proc": "battle", "region": rid}
    return {"proc": "domination"}


def assign_hits(state: dict, data: ChaosData, region_id: str, power: str, hits: int, knocked: dict, ask_id: str, early: bool,
                only: str | None = None):
    """Spend hits in whole kills: every figure chosen takes its defense in hits; spare hits are lost.

    The table answers once for the Power's whole set of casualties, and only when there is a real choice
    (casualties.forced). Returns the number of enemy figures killed (for Khorne's dial condition). ``only``:
    the hits may go only to that Power's figures (parting hits, rules file §2.7). A Plaguebearer upgrade's
    parting hits follow the kills that call for them.
    """
    region = state["regions"][region_id]
    groups = casualties.groups_for(state, data, region_id, power, knocked)
    if only:
        groups = [g for g in groups if g.owner == only]
    if not groups:
        return 0
    pick = casualties.forced(groups, hits)
    if pick is None:
        answer = yield casualties.question(
            ask_id, state, data, region_id, power, groups, hits,
            msg("chaos.battle.casualties", power=power_term(power), hits=hits, region=region_term(region_id)),
        )
        pick = casualties.read(answer, state, data, power, groups, hits)
    killed = 0
    parting: dict[tuple[str, str], int] = {}
    for g in groups:
        for _ in range(pick.get(g.key, 0)):
            hits -= g.defense
            if g.owner == "peasant":
                region["tokens"]["peasant"] -= 1
                state["p"][power]["peasants"] += 1
                yield Say(msg("chaos.battle.peasant", power=power_term(power), region=region_term(region_id)), "do")
                continue
            killed += 1
            if worth.parting_hits(state, data, g.owner, g.kind):
                parting[g.key] = parting.get(g.key, 0) + 1
            if early:
                figures_of(region, g.owner)[g.kind] -= 1
                yield Say(msg("chaos.battle.early_kill", power=power_term(power), owner=power_term(g.owner), figure=f"@chaos.figure.{g.kind}"), "do")
            else:
                knocked[g.key] = knocked.get(g.key, 0) + 1
                yield Say(msg("chaos.battle.knocked", power=power_term(power), owner=power_term(g.owner), figure=f"@chaos.figure.{g.kind}"), "do")
    if hits > 0 and any(pick.get(g.key, 0) < g.count for g in groups):
        yield Say(msg("chaos.battle.spare", power=power_term(power), hits=hits), "rule")
    for (owner, kind), n in parting.items():
        # Plaguebearer upgrade (rules file §2.7): as many hits go back onto the killer's figures in the region
        yield Say(msg("chaos.battle.parting", owner=power_term(owner), power=power_term(power), hits=n,
                      name=data.power(owner)["followers"][kind]["name"], upgrade=f"@chaos.upgrade.{owner}.{kind}"), "rule")
        yield from assign_hits(state, data, region_id, owner, n, knocked, f"{ask_id}.parting", early, only=power)
    return killed


def battle(state: dict, data: ChaosData, region_id: str):
    r = state["round"]
    if state.get("battle_started") != r:
        state["battle_started"] = r
        yield Say(msg("chaos.phase.battle"), "head")
    region = state["regions"][region_id]
    yield Say(msg("chaos.battle.region", region=region_term(region_id)), "head")
    kills: dict[str, int] = {}
    for key, params in worth.notes(state, data, region_id, "battle") + worth.notes(state, data, region_id, "defense"):
        yield Say(msg(key, **params), "rule")
    # Early hits: rolled at the start of the battle, figures destroyed by them are removed at once.
    for p in state["powers"]:
        n = early_dice(state, data, region_id, p)
        if n and has_target(state, data, region_id, p):
            faces = yield Roll(f"chaos.battle.{region_id}.{p}.early", f"{n}d6!", msg("chaos.battle.early_roll", power=power_term(p), dice=n))
            h = count_hits(faces)
            yield Say(msg("chaos.battle.hits", power=power_term(p), hits=h, dice=len(faces)), "info")
            killed = yield from assign_hits(state, data, region_id, p, h, {}, f"chaos.battle.{region_id}.{p}.early_target", True)
            kills[p] = kills.get(p, 0) + killed
    # Normal dice: everyone rolls, then hits are assigned in Power order.
    rolled: dict[str, int] = {}
    for p in state["powers"]:
        n = attack_dice(state, data, region_id, p)
        if n and has_target(state, data, region_id, p):
            faces = yield Roll(f"chaos.battle.{region_id}.{p}", f"{n}d6!", msg("chaos.battle.roll", power=power_term(p), dice=n))
            rolled[p] = count_hits(faces)
            yield Say(msg("chaos.battle.hits", power=power_term(p), hits=rolled[p], dice=len(faces)), "info")
    knocked: dict = {}
    for p, h in rolled.items():
        if h:
            killed = yield from assign_hits(state, data, region_id, p, h, knocked, f"chaos.battle.{region_id}.{p}.target", False)
            kills[p] = kills.get(p, 0) + killed
    for (owner, kind), n in knocked.items():
        figures_of(region, owner)[kind] -= n
        yield Say(msg("chaos.battle.remove", owner=power_term(owner), figure=f"@chaos.figure.{kind}", n=n, region=region_term(region_id)), "do")
    # Khorne's dial condition: killing one or more enemy figures in a battle (Peasants do not count).
    for p in [p for p in state["powers"] if kills.get(p)]:
        if data.power(p).get("dac_condition") == "kill_enemy_figure":
            state["p"][p]["dac"] += 1
            yield Say(msg("chaos.dac.earned", power=power_term(p), region=region_term(region_id), why="@chaos.dac.why.kill"), "score")
    # cards whose reward per kill the data knows (Ritual Slaying): applied, not asked
    for e in region["cards"]:
        card = card_record(data, e)
        n = card.get("kill_draw", 0) * kills.get(e["power"], 0)
        if not card.get("kill_draw"):
            continue
        if card.get("kill_draw_confidence") in ("U", "provisional"):
            yield Say(msg("chaos.battle.kill_draw_provisional", card=f"@chaos.card.{e['power']}.{e['card']}",
                          key=f"cards.{e['power']}.{e['card']}.kill_draw"), "warn")
        got = (yield from draw_cards(state, e["power"], n)) if n else 0
        yield Say(msg("chaos.battle.kill_draw", power=power_term(e["power"]), card=f"@chaos.card.{e['power']}.{e['card']}",
                      kills=kills.get(e["power"], 0), n=got), "do")
    computed = ("early_dice", "kill_draw", "own_defense", "enemy_defense")  # the program applied these itself
    effects = [e for e in region["cards"] if card_record(data, e).get("battle_effect")
               and not any(card_record(data, e).get(k) for k in computed)]
    if effects:
        cards = [f"@chaos.card.{e['power']}.{e['card']}" for e in effects]
        text = yield ask_changes(f"chaos.battle.{region_id}.changes", msg("chaos.battle.card_changes", cards=cards, region=region_term(region_id)), state, data)
        yield from apply_changes(state, data, text)
    state["next"] = next_battle(state, data, region_id)
