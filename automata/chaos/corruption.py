"""Corruption Phase (seed 003, "Fase de Corrupção"): domination, then corruption and ruination."""

from __future__ import annotations

from functools import partial

from ..core.steps import NUMBER, TEXT, Ask, InvalidAnswer, Say, msg
from .board import (
    score,
    card_record,
    conquest,
    corruption_total,
    figure_count,
    magic_symbols,
    resistance,
)
from .data import ChaosData
from .scoring import dominator, domination_value, ruiner_awards
from .common import power_term, region_term


def domination_values(state: dict, data: ChaosData, region_id: str) -> dict[str, int]:
    """Seed step 1: the costs of the Power's Chaos cards in the region plus the number of its figures there."""
    region = state["regions"][region_id]
    out = {}
    for p in state["powers"]:
        costs = [e["cost"] for e in region["cards"] if e["power"] == p]
        n = figure_count(region, p)
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
        for e in region["cards"]:  # modifiers the data knows are computed (rules file §2.8)
            rule = card_record(data, e).get("domination")
            if rule and e["power"] in state["powers"]:
                p = e["power"]
                add = region["corruption"].get(p, 0) if rule == "plus_own_corruption" else \
                    2 * (region["tokens"].get("hero", 0) + region["tokens"].get("noble", 0))
                if add:
                    values[p] = values.get(p, 0) + add
                    yield Say(msg("chaos.domination.computed", power=power_term(p), region=region_term(rid), card=f"@chaos.card.{p}.{e['card']}", n=add), "rule")
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
    if cond == "corrupt_2_magic" and magic_symbols(state, data, region_id) + region["tokens"].get("warpstone", 0) >= 2:
        return "magic"
    if cond == "corrupt_2_noble_or_hero" and region["tokens"].get("noble", 0) + region["tokens"].get("hero", 0) > 0:
        return "noble"
    return None


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
        blocked = [e for e in region["cards"] if card_record(data, e).get("no_corruption")]
        placed: dict[str, int] = {}
        if blocked:
            yield Say(msg("chaos.corruption.blocked", region=region_term(rid), card=f"@chaos.card.{blocked[0]['power']}.{blocked[0]['card']}"), "info")
        else:
            for p in state["powers"]:
                n = region["figures"].get(p, {}).get("cultist", 0)
                changers = [e for e in region["cards"] if card_record(data, e).get("corruption_effect") and e["power"] == p]
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
                on_board = sum(reg["corruption"].get(p, 0) for reg in state["regions"].values())
                n_ok = min(n, max(0, supply - on_board))
                if n_ok < n:
                    yield Say(msg("chaos.corruption.supply_out", power=power_term(p), wanted=n, placed=n_ok), "warn")
                if n_ok <= 0:
                    continue
                region["corruption"][p] = region["corruption"].get(p, 0) + n_ok
                pr = state["p"][p]["placed_round"]
                pr[rid] = pr.get(rid, 0) + n_ok
                placed[p] = n_ok
                yield Say(msg("chaos.corruption.place", power=power_term(p), n=n_ok, region=region_term(rid)), "do")
        for p, n in placed.items():
            why = dac_condition_met(state, data, p, rid, n)
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
