"""Corruption Phase (seed 003, "Fase de Corrupção"): domination, then corruption and ruination."""

from __future__ import annotations

from functools import partial

from ..core.steps import NUMBER, TEXT, Ask, InvalidAnswer, Say, msg
from .board import (
    score,
    supply_left,
    card_record,
    conquest,
    corruption_total,
    figures_of,
    move_counts_itself,
    resistance,
)
from . import worth
from .data import ChaosData
from .scoring import dominator, domination_value, ruiner_awards
from .common import power_term, region_term


def domination_values(state: dict, data: ChaosData, region_id: str) -> dict[str, int]:
    """Seed step 1: the costs of the Power's Chaos cards in the region plus the number of its figures there, as
    worth.domination_figures counts them (the Bloodthirster upgrade counts as three)."""
    region = state["regions"][region_id]
    out = {}
    for p in state["powers"]:
        costs = [e["cost"] for e in region["cards"] if e["power"] == p]
        n = worth.domination_figures(state, data, region_id, p)
        if costs or n:
            out[p] = domination_value(costs, n)
    return out


DOMINATION_MAX = 99


def parse_domination_line(text: str) -> dict[str, int]:
    """'khorne 5, nurgle 2' (the checked, canonical form) → {"khorne": 5, "nurgle": 2}; '' → {}."""
    out = {}
    for part in text.split(","):
        if part.strip():
            power, value = part.split()
            out[power] = int(value)
    return out


def check_domination_line(powers: list[str], raw) -> str:
    """The table's domination values for a region: pairs 'POWER VALUE' (also 'POWER=VALUE' or 'POWER: VALUE'),
    separated by commas; only Powers with a value here, each once, 0 to 99. Returns the canonical form."""
    text = str(raw).strip().lower().replace("=", " ").replace(":", " ").replace(";", ",")
    seen: dict[str, int] = {}
    for part in [p.strip() for p in text.split(",") if p.strip()]:
        words = part.split()
        if len(words) != 2 or not words[1].lstrip("-").isdigit():
            raise InvalidAnswer(msg("chaos.domination.bad_pair", part=part))
        power, value = words[0], int(words[1])
        if power not in powers:
            raise InvalidAnswer(msg("chaos.domination.bad_power", power=part.split()[0], valid=", ".join(powers)))
        if power in seen:
            raise InvalidAnswer(msg("chaos.domination.twice", power=power_term(power)))
        if not 0 <= value <= DOMINATION_MAX:
            raise InvalidAnswer(msg("chaos.domination.bad_value", power=power_term(power), value=value, max=DOMINATION_MAX))
        seen[power] = value
    return ", ".join(f"{p} {v}" for p, v in seen.items())


def domination_step(state: dict, data: ChaosData):
    r = state["round"]
    if state.get("battle_started") != r:
        yield Say(msg("chaos.phase.battle"), "head")
        yield Say(msg("chaos.battle.none"), "info")
    yield Say(msg("chaos.phase.corruption"), "head")
    yield Say(msg("chaos.domination.title"), "head")
    skip_ruined = data.rules["rules"]["ruined_regions"].get("no_domination", True)
    for rid in data.region_ids:
        region = state["regions"][rid]
        if region["ruin"] and skip_ruined:
            continue
        values = domination_values(state, data, rid)
        if not values:
            continue
        for key, params in worth.notes(state, data, rid, "domination"):
            yield Say(msg(key, **params), "rule")
        by_attack: set[str] = set()
        for e in region["cards"]:  # modifiers the data knows are computed (rules file §2.8)
            rule = card_record(data, e).get("domination")
            if not rule or e["power"] not in state["powers"]:
                continue
            p = e["power"]
            card = f"@chaos.card.{p}.{e['card']}"
            if rule == "attack_for_figures":
                # The Skull Throne: the figures' total attack replaces their count (a second copy changes nothing)
                if p in by_attack:
                    continue
                by_attack.add(p)
                counted = worth.domination_figures(state, data, rid, p)
                attack = worth.figures_attack(state, data, rid, p)
                values[p] = values.get(p, 0) - counted + attack
                yield Say(msg("chaos.domination.by_attack", power=power_term(p), region=region_term(rid), card=card, attack=attack, figures=counted, value=values[p]), "rule")
                continue
            add = region["corruption"].get(p, 0) if rule == "plus_own_corruption" else \
                2 * (region["tokens"].get("hero", 0) + region["tokens"].get("noble", 0))
            if add:
                values[p] = values.get(p, 0) + add
                yield Say(msg("chaos.domination.computed", power=power_term(p), region=region_term(rid), card=card, n=add), "rule")
        effects = [e for e in region["cards"] if card_record(data, e).get("domination_effect") and not card_record(data, e).get("domination")]
        if effects:
            # A card here changes domination in a way printed on it: the table confirms each value.
            cards = [f"@chaos.card.{e['power']}.{e['card']}" for e in effects]
            yield Say(msg("chaos.domination.card_effect", region=region_term(rid), cards=cards), "warn")
            # One question for the region, as the table reads it off the board: Enter keeps the counted values,
            # else the changed ones by Power ("khorne 5"); checked whole (issue 11: one look, one answer).
            counted = [msg("chaos.value_of", power=power_term(p), value=v).to_data() for p, v in values.items()]
            changed = yield Ask(
                f"chaos.domination.r{r}.{rid}",
                msg("chaos.domination.values", region=region_term(rid), counted=counted),
                TEXT,
                check=partial(check_domination_line, list(values)),
                hint=msg("chaos.domination.values_hint"),
            )
            values.update(parse_domination_line(changed))
        res, con = resistance(state, data, rid), conquest(state, data, rid)
        shown = [msg("chaos.value_of", power=power_term(p), value=v).to_data() for p, v in values.items()]
        winner = dominator(values, res)
        if winner:
            score(state, winner, con, "domination")
            yield Say(msg("chaos.domination.wins", region=region_term(rid), power=power_term(winner), value=values[winner], resistance=res, vp=con, values=shown), "score")
        else:
            best = max(values.values())
            key = "chaos.domination.tie" if list(values.values()).count(best) > 1 else "chaos.domination.not_enough"
            yield Say(msg(key, region=region_term(rid), value=best, resistance=res, values=shown), "info")
    state["next"] = {"proc": "corruption"}


def dac_condition_met(state: dict, data: ChaosData, power: str, region_id: str, placed: int) -> str | None:
    """The dial conditions judged on the tokens a Power placed in one region in this step."""
    cond = data.power(power).get("dac_condition")
    if placed < 2:
        return None
    region = state["regions"][region_id]
    if cond == "corrupt_2_populous" and data.region(region_id)["populous"]:
        return "populous"
    if cond == "corrupt_2_magic" and worth.magic_symbols(state, data, region_id) + region["tokens"].get("warpstone", 0) >= 2:
        return "magic"
    if cond == "corrupt_2_noble_or_hero" and region["tokens"].get("noble", 0) + region["tokens"].get("hero", 0) > 0:
        return "noble"
    return None


def place_corruption(state: dict, data: ChaosData, power: str, region_id: str, n: int):
    """Place ``n`` of the Power's corruption tokens in the region, as many as its supply holds; returns how many.
    A Power out of tokens places what it has: a PROVISIONAL rule (rules.corruption.when_exhausted), said so."""
    n_ok = min(n, supply_left(state, data, power))
    if n_ok < n:
        yield Say(msg("chaos.corruption.supply_out", power=power_term(power), wanted=n, placed=n_ok), "warn")
        rules = data.rules["rules"]["corruption"]
        if rules.get("when_exhausted_confidence", rules.get("confidence")) in ("U", "provisional"):
            yield Say(msg("chaos.provisional", rule="@chaos.rule.when_exhausted", key="rules.corruption.when_exhausted"), "warn")
    if n_ok <= 0:
        return 0
    region = state["regions"][region_id]
    region["corruption"][power] = region["corruption"].get(power, 0) + n_ok
    pr = state["p"][power]["placed_round"]
    pr[region_id] = pr.get(region_id, 0) + n_ok
    return n_ok


def corruption_barred(state: dict, data: ChaosData, region_id: str) -> dict | str | None:
    """Why no corruption token may be placed in the region now, else None: "ruined" (rules file §2.3, switch
    rules.ruined_regions.no_corruption_placement), or the Chaos card there that forbids it this round (Battle
    Cry, §2.8: ``no_corruption``). The one rule the Corruption step and a summoning's tokens both follow."""
    region = state["regions"][region_id]
    if region["ruin"] and data.rules["rules"]["ruined_regions"].get("no_corruption_placement", True):
        return "ruined"
    for e in region["cards"]:
        if card_record(data, e).get("no_corruption"):
            return e
    return None


def summoned(state: dict, data: ChaosData, power: str, kind: str, region_id: str):
    """What a figure's upgrade does when it is summoned (rules file §2.7): the Great Unclean One upgrade places
    its Power's corruption tokens in its region, where corruption may be placed (``corruption_barred``)."""
    n = worth.summon_corruption(state, data, power, kind)
    if n <= 0:
        return
    why = corruption_barred(state, data, region_id)
    if why:
        params = dict(power=power_term(power), figure=f"@chaos.figure.{kind}", n=n, region=region_term(region_id),
                      upgrade=f"@chaos.upgrade.{power}.{kind}")
        if why == "ruined":
            yield Say(msg("chaos.summon.corruption_ruined", **params), "rule")
        else:
            yield Say(msg("chaos.summon.corruption_blocked", card=f"@chaos.card.{why['power']}.{why['card']}", **params), "rule")
        return
    n_ok = yield from place_corruption(state, data, power, region_id, n)
    yield Say(msg("chaos.summon.corruption", power=power_term(power), figure=f"@chaos.figure.{kind}", n=n_ok,
                  region=region_term(region_id), upgrade=f"@chaos.upgrade.{power}.{kind}"), "do")


def moved_provisional(state: dict, data: ChaosData, power: str, origin: str | None, kind: str, region_id: str):
    """Said when a move was allowed only because the moved figure still counted where it stood (§3.11)."""
    rules = data.rules["rules"]["summoning"]
    if origin and rules.get("moved_figure_counts_for_placement", True) and rules.get("confidence") in ("U", "provisional") \
            and move_counts_itself(state, data, power, origin, kind, region_id):
        yield Say(msg("chaos.provisional", rule="@chaos.rule.moved_figure_counts", key="rules.summoning.moved_figure_counts_for_placement"), "warn")


def foul_consumption(state: dict, data: ChaosData, region_id: str, placed: dict, blocked: bool):
    """A Great Foul Consumption (rules file §2.8): after corruption is placed here and before the ruination
    check, all its owner's figures here leave the board, and one of its owner's tokens is placed per
    ``consume_per_token`` figures removed (none where corruption is forbidden this round)."""
    region = state["regions"][region_id]
    for e in list(region["cards"]):
        per = card_record(data, e).get("consume_per_token")
        p = e["power"]
        if not per or p not in state["powers"]:
            continue
        figs = figures_of(region, p)
        removed = sum(figs.values())
        card = f"@chaos.card.{p}.{e['card']}"
        for k in figs:
            figs[k] = 0
        tokens = 0 if blocked else removed // per
        yield Say(msg("chaos.corruption.consumed", power=power_term(p), card=card, region=region_term(region_id), removed=removed, tokens=tokens), "do")
        if tokens:
            n_ok = yield from place_corruption(state, data, p, region_id, tokens)
            if n_ok:
                placed[p] = placed.get(p, 0) + n_ok
                yield Say(msg("chaos.corruption.place", power=power_term(p), n=n_ok, region=region_term(region_id)), "do")


def corruption_step(state: dict, data: ChaosData):
    """Seed step 2: one token per cultist, region by region; 12 or more (Warpstone counts) ruins the region."""
    r = state["round"]
    rules = data.rules["rules"]
    skip_ruined = rules["ruined_regions"].get("no_corruption_placement", True)
    supply = rules["corruption"].get("supply_per_power", 29)
    to_ruin = data.setup["corruption_to_ruin"]
    last_card = data.setup["ruination_cards"]
    yield Say(msg("chaos.corruption.title"), "head")
    for rid in data.region_ids:
        region = state["regions"][rid]
        if region["ruin"] and skip_ruined:
            continue
        barred = corruption_barred(state, data, rid)
        blocked = [barred] if isinstance(barred, dict) else []
        placed: dict[str, int] = {}
        if blocked:
            yield Say(msg("chaos.corruption.blocked", region=region_term(rid), card=f"@chaos.card.{blocked[0]['power']}.{blocked[0]['card']}"), "info")
        else:
            for p in state["powers"]:
                n = region["figures"].get(p, {}).get("cultist", 0)
                changers = [e for e in region["cards"] if card_record(data, e).get("corruption_effect") and e["power"] == p
                            and not card_record(data, e).get("consume_per_token")]  # computed: foul_consumption
                if changers:
                    n = yield Ask(
                        f"chaos.corruption.r{r}.{rid}.{p}",
                        msg("chaos.corruption.how_many", power=power_term(p), region=region_term(rid), cultists=n, cards=[f"@chaos.card.{p}.{e['card']}" for e in changers]),
                        NUMBER,
                        min=0,
                        max=supply,
                        default=min(n, supply),  # Enter: the count the program made (one per cultist)
                    )
                if n <= 0:
                    continue
                n_ok = yield from place_corruption(state, data, p, rid, n)
                if n_ok <= 0:
                    continue
                placed[p] = n_ok
                yield Say(msg("chaos.corruption.place", power=power_term(p), n=n_ok, region=region_term(rid)), "do")
        yield from foul_consumption(state, data, rid, placed, bool(blocked))
        for p, n in placed.items():
            why = dac_condition_met(state, data, p, rid, n)
            if why == "magic":
                for key, params in worth.notes(state, data, rid, "magic"):
                    yield Say(msg(key, **params), "rule")
            if why:
                state["p"][p]["dac"] += 1
                yield Say(msg("chaos.dac.earned", power=power_term(p), region=region_term(rid), why=f"@chaos.dac.why.{why}"), "score")
        total = corruption_total(region)
        if total < to_ruin or region["ruin"]:
            continue
        card = state["ruination_next"]
        if card > last_card:
            yield Say(msg("chaos.ruin.no_cards", region=region_term(rid), total=total), "warn")
            continue
        state["ruination_next"] += 1
        region["ruin"] = card
        region["ruin_face_up"] = True
        yield Say(msg("chaos.ruin.ruined", region=region_term(rid), total=total, card=card), "score")
        if rules["ruination"].get("ruiner_window", "step") == "round":
            ruiners = [p for p in state["powers"] if state["p"][p]["placed_round"].get(rid, 0) > 0]
        else:
            ruiners = list(placed)
        for p, vp in ruiner_awards(ruiners, data.ruiner_vp(card)).items():
            score(state, p, vp, "ruiners")
            yield Say(msg("chaos.ruin.ruiner_vp", power=power_term(p), vp=vp, region=region_term(rid)), "score")
    state["next"] = {"proc": "end_cards"}
