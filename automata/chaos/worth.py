"""What a figure is worth now: its printed value (rules file §2.5), its Power's upgrades taken (§2.7) and the
Chaos cards in its region (§2.8). The one place battle, casualties, domination, corruption and the dial
counters ask (issue 29).

The upgrade records in ``powers.toml`` carry the numbers the program computes, for the figure kind named by the
upgrade's key (``cultist``, ``warrior``, ``daemon``):

- ``attack``: added to the figure's attack (battle dice); Khorne's Bloodsworn upgrade;
- ``defense``: added to its defense (casualties); Slaanesh's Seductress upgrade;
- ``early``: its dice are rolled as early hits, before the other figures roll (and not again); Bloodletters;
- ``domination_figures``: it counts as that many figures for domination; the Bloodthirster;
- ``magic_symbols``: magic symbols it brings to its region (Tzeentch's dial counter); the Lord of Change;
- ``summon_corruption``: corruption tokens of its Power placed in its region when it is summoned; the Great
  Unclean One;
- ``parting_hits``: when an enemy kills some of these figures, as many hits go back onto that enemy's figures
  in the region; Plaguebearers.

An upgrade with none of these and no ``pp_bonus`` is one the program does not compute (its effect is missing or
the sources disagree): ``not_computed`` lists them and the program says so, PROVISIONAL with the data key.

Cards: ``own_defense`` (Rain of Pus) and ``enemy_defense`` (Plague Touch, never below ``DEFENSE_FLOOR``) change
the defense of figures in their region; ``early_dice`` adds early dice; ``magic`` is one magic symbol.
Pure code: no I/O.
"""

from __future__ import annotations

from .board import FIGURE_KINDS, card_record
from .data import UPGRADE_MODIFIERS, ChaosData

#: Plague Touch: enemy figures lose defense, never below 1 (rules file §2.8)
DEFENSE_FLOOR = 1
#: the keys of an upgrade record that the program computes (besides pp_bonus); an owner may add them to an
#: upgrade the program does not compute yet (tabletop data check chaos)
MODIFIERS = UPGRADE_MODIFIERS


def upgrade(state: dict, data: ChaosData, power: str, kind: str) -> dict | None:
    """The upgrade of that figure kind, when the Power has taken it."""
    if power not in state["p"] or kind not in state["p"][power].get("upgrades", []):
        return None
    for u in data.power(power)["upgrades"]:
        if u["key"] == kind:
            return u
    return None


def _up(state: dict, data: ChaosData, power: str, kind: str, key: str, default=0):
    u = upgrade(state, data, power, kind)
    return u.get(key, default) if u else default


def computed(u: dict) -> bool:
    """Whether the program computes the upgrade's effect."""
    return bool(u.get("pp_bonus", 0)) or any(k in u for k in MODIFIERS)


def not_computed(state: dict, data: ChaosData, power: str) -> list[dict]:
    """The Power's upgrades taken whose effect the program does not compute."""
    taken = state["p"][power].get("upgrades", [])
    return [u for u in data.power(power)["upgrades"] if u["key"] in taken and not computed(u)]


# -- the numbers ------------------------------------------------------------------------------


def attack(state: dict, data: ChaosData, power: str, kind: str) -> int:
    """Attack of one figure: printed, plus its upgrade."""
    return data.power(power)["followers"][kind]["attack"] + _up(state, data, power, kind, "attack")


def rolls_early(state: dict, data: ChaosData, power: str, kind: str) -> bool:
    return bool(_up(state, data, power, kind, "early", False))


def defense(state: dict, data: ChaosData, region_id: str, owner: str, kind: str) -> int:
    """Defense of one figure in the region: printed, its upgrade, its own Power's cards there (Rain of Pus), then
    the enemies' cards there (Plague Touch), which never take it below DEFENSE_FLOOR."""
    value = data.power(owner)["followers"][kind]["defense"] + _up(state, data, owner, kind, "defense")
    cards = state["regions"][region_id]["cards"]
    value += sum(card_record(data, e).get("own_defense", 0) for e in cards if e["power"] == owner)
    cut = sum(card_record(data, e).get("enemy_defense", 0) for e in cards if e["power"] != owner)
    if cut:
        value = max(min(value, DEFENSE_FLOOR), value + cut)
    return value


def _figures(state: dict, region_id: str, power: str) -> dict:
    return state["regions"][region_id]["figures"].get(power, {})


def attack_dice(state: dict, data: ChaosData, region_id: str, power: str) -> int:
    """The normal battle dice: the attack of the Power's figures there that do not roll early."""
    return sum(n * attack(state, data, power, k) for k, n in _figures(state, region_id, power).items()
               if n and not rolls_early(state, data, power, k))


def early_dice(state: dict, data: ChaosData, region_id: str, power: str) -> int:
    """Early-hit dice: the Power's cards there (Blood Frenzy) and its figures that roll early (Bloodletters)."""
    cards = state["regions"][region_id]["cards"]
    n = sum(card_record(data, e).get("early_dice", 0) for e in cards if e["power"] == power)
    return n + sum(m * attack(state, data, power, k) for k, m in _figures(state, region_id, power).items()
                   if m and rolls_early(state, data, power, k))


def domination_figures(state: dict, data: ChaosData, region_id: str, power: str) -> int:
    """How many figures the Power counts there for domination (the Bloodthirster upgrade counts as three)."""
    return sum(n * _up(state, data, power, k, "domination_figures", 1) for k, n in _figures(state, region_id, power).items())


def figures_attack(state: dict, data: ChaosData, region_id: str, power: str) -> int:
    """The total attack of the Power's figures there, upgrades included, early or not (The Skull Throne counts it
    for domination instead of the figures' number, rules file §2.8)."""
    return sum(n * attack(state, data, power, k) for k, n in _figures(state, region_id, power).items() if n)


def magic_symbols(state: dict, data: ChaosData, region_id: str) -> int:
    """Magic symbols in the region: one per magic Chaos card, plus those of upgraded figures (Lord of Change)."""
    region = state["regions"][region_id]
    n = sum(1 for e in region["cards"] if card_record(data, e).get("magic"))
    for p in state["powers"]:
        n += sum(m * _up(state, data, p, k, "magic_symbols") for k, m in _figures(state, region_id, p).items())
    return n


def summon_corruption(state: dict, data: ChaosData, power: str, kind: str) -> int:
    return _up(state, data, power, kind, "summon_corruption")


def parting_hits(state: dict, data: ChaosData, owner: str, kind: str) -> bool:
    return bool(_up(state, data, owner, kind, "parting_hits", False))


# -- what the table is told -------------------------------------------------------------------


def notes(state: dict, data: ChaosData, region_id: str, what: str) -> list[tuple[str, dict]]:
    """The modifiers at work in the region for one computation ("battle", "defense", "domination", "magic"), as
    (message id, params): said before the numbers they change, so the table sees why."""
    out: list[tuple[str, dict]] = []
    for p in state["powers"]:
        figs = _figures(state, region_id, p)
        for k in FIGURE_KINDS:
            if not figs.get(k):
                continue
            u = upgrade(state, data, p, k)
            base = data.power(p)["followers"][k]
            params = {"power": "@chaos.power." + p, "figure": f"@chaos.figure.{k}", "name": base["name"],
                      "source": f"@chaos.upgrade.{p}.{k}"}
            if u and what == "battle" and u.get("attack"):
                out.append(("chaos.worth.attack", {**params, "value": attack(state, data, p, k), "printed": base["attack"]}))
            if u and what == "battle" and u.get("early") and attack(state, data, p, k):
                out.append(("chaos.worth.early", params))
            if what == "defense":
                # said whenever something changes it, also when an upgrade and a card cancel out (the table then
                # sees that both were counted)
                sources = _defense_sources(state, data, region_id, p, k)
                if sources:
                    out.append(("chaos.worth.defense", {**params, "value": defense(state, data, region_id, p, k),
                                                        "printed": base["defense"], "sources": sources}))
            if u and what == "domination" and u.get("domination_figures", 1) != 1:
                out.append(("chaos.worth.domination", {**params, "n": u["domination_figures"]}))
            if u and what == "magic" and u.get("magic_symbols"):
                out.append(("chaos.worth.magic", {**params, "n": u["magic_symbols"] * figs[k]}))
    return out


def _defense_sources(state: dict, data: ChaosData, region_id: str, owner: str, kind: str) -> list[str]:
    out = [f"@chaos.upgrade.{owner}.{kind}"] if _up(state, data, owner, kind, "defense") else []
    for e in state["regions"][region_id]["cards"]:
        card = card_record(data, e)
        if (e["power"] == owner and card.get("own_defense")) or (e["power"] != owner and card.get("enemy_defense")):
            out.append(f"@chaos.card.{e['power']}.{e['card']}")
    return out
