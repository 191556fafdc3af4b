"""End Phase (seed 003, "Fase Final"), its six steps in the seed's order, and the end of the game."""

from __future__ import annotations

from ..core.steps import ONE_OF, SEVERAL_OF, TEXT, YES_NO, Ask, Choice, Say, msg
from . import copies, edits
from .board import FIGURE_KINDS, card_space, figure_count, figures_of, record_round_vp, score, threat
from .data import ChaosData
from .scoring import ruination_places
from .common import apply_changes, ask_changes, draw_cards, power_term, region_choices, region_term
from .oldworld import apply_end_effect, token_allowed
from . import worth


def end_cards(state: dict, data: ChaosData):
    """Step 1: Chaos cards leave the board for their owners' discard piles; a card whose own text may keep it
    on the board (``may_stay``, rules file §2.10: The Persistence of Change) is asked about, and stays if so."""
    yield Say(msg("chaos.phase.end"), "head")
    r = state["round"]
    for rid in data.region_ids:
        region = state["regions"][rid]
        staying = []
        for i, e in enumerate(region["cards"]):
            slot = card_space(region, i)
            if data.chaos_card(e["power"], e["card"]).get("may_stay"):
                card = f"@chaos.card.{e['power']}.{e['card']}"
                stays = yield Ask(f"chaos.end.r{r}.{rid}.{slot}.stays", msg("chaos.end.card_stays", card=card, region=region_term(rid)), YES_NO,
                                  default=False)  # Enter: it leaves, as every other card
                if stays:
                    e["space"] = slot  # it keeps its space: the next card goes into the one left free
                    staying.append(e)
                    yield Say(msg("chaos.end.card_stayed", card=card, region=region_term(rid)), "do")
                    continue
            copies.to_discard(state, e["power"], e["card"])  # known in the pile until the next reshuffle
        gone = len(region["cards"]) - len(staying)
        if gone:
            yield Say(msg("chaos.end.cards_off", region=region_term(rid), n=gone), "do")
        region["cards"] = staying
    state["next"] = {"proc": "end_heroes"}


def end_heroes(state: dict, data: ChaosData):
    """Step 2: once per Hero token, the highest Threat with figures in the region removes one of its figures."""
    r = state["round"]
    for rid in data.region_ids:
        region = state["regions"][rid]
        for i in range(region["tokens"].get("hero", 0)):
            present = [p for p in state["powers"] if figure_count(region, p) > 0]
            if not present:
                break
            top = max(threat(state, data, p) for p in present)
            tied = [p for p in present if threat(state, data, p) == top]
            if len(tied) > 1:
                victim = yield Ask(f"chaos.hero.r{r}.{rid}.{i + 1}.power", msg("chaos.threat.tie", threat=top), ONE_OF, tuple(Choice(p, msg("chaos.power." + p)) for p in tied))
            else:
                victim = tied[0]
            kinds = [k for k in FIGURE_KINDS if region["figures"][victim].get(k, 0) > 0]
            if len(kinds) > 1:
                kind = yield Ask(
                    f"chaos.hero.r{r}.{rid}.{i + 1}",
                    msg("chaos.hero.which", power=power_term(victim), region=region_term(rid)),
                    ONE_OF,
                    tuple(Choice(k, msg("chaos.figure." + k)) for k in kinds),
                )
            else:
                kind = kinds[0]
            figures_of(region, victim)[kind] -= 1
            yield Say(msg("chaos.hero.removes", region=region_term(rid), power=power_term(victim), figure=f"@chaos.figure.{kind}", threat=top), "do")
    state["next"] = {"proc": "end_old_world"}


NO_EFFECT = {"no", "n", "nao", "não", "no_effect", "sem_efeito", "nenhum_efeito", "not_printed"}
YES_EFFECT = {"yes", "y", "sim", "s"}


def _fact_from_data(data: ChaosData, card_id: str):
    """The printed fact from the card data ('yes' / 'no'), else None. A low-confidence 'yes' or 'no' is used
    and said PROVISIONAL (rules file §2.9: only C2's code, [U], tells which cards act in the End Phase)."""
    card = data.old_world_card(card_id)
    effect = card.get("end_phase_effect", "ask")
    if effect not in ("yes", "no"):
        return None
    return effect == "yes"


def end_phase_question(state: dict, data: ChaosData, card_id: str, slot: int):
    """The End-phase effect of a card on the track whose effect the data does not know, as one question: does
    the card print one, and if so what did it change (seed, Fase Final step 3). The printed fact is remembered
    for the rest of the game; the changes are asked again in every End phase the card is on the track.

    Returns True when the card acted (its changes applied), False when it prints no End-phase effect."""
    facts = state.setdefault("facts", {}).setdefault("end_phase_effect", {})
    known = _fact_from_data(data, card_id)
    if known is None:
        known = facts.get(card_id)
    changes_id = f"chaos.end.oldworld.{slot}.changes"
    card_term = "@chaos.oldworld." + card_id
    if known is None:
        def check(text: str) -> str:
            word = "_".join(str(text).strip().lower().split())
            if word in NO_EFFECT:
                return "no"
            if word in YES_EFFECT:
                return "yes"
            edits.parse(text, state)  # read and checked by the one correction language (automata/core/fix.py)
            return text.strip()

        answer = yield Ask(f"chaos.oldworld.{card_id}.end_phase", msg("chaos.oldworld.end_effect_changes", card=card_term), TEXT,
                           check=check, hint=msg("chaos.oldworld.end_effect_hint"))
        facts[card_id] = answer != "no"
        yield Say(msg("chaos.oldworld.fact_kept", card=card_term, key=f"old_world.{card_id}.end_phase_effect",
                      value="yes" if facts[card_id] else "no"), "rule")
        if not facts[card_id]:
            return False
        yield Say(msg("chaos.end.oldworld_effect", card=card_term, slot=slot), "do")
        if answer == "yes":
            answer = yield ask_changes(changes_id, msg("chaos.oldworld.changes", card=card_term), state, data)
        yield from apply_changes(state, data, answer)
        return True
    if not known:
        return False
    yield Say(msg("chaos.end.oldworld_effect", card=card_term, slot=slot), "do")
    text = yield ask_changes(changes_id, msg("chaos.oldworld.changes", card=card_term), state, data)
    yield from apply_changes(state, data, text)
    return True


def end_old_world(state: dict, data: ChaosData):
    """Step 3: End-Phase effects of the Old World cards on the track, space 1 then space 2."""
    for slot, card_id in enumerate(state["old_world"]["track"], 1):
        if not card_id:
            continue
        card = data.old_world_card(card_id)
        if _fact_from_data(data, card_id) is False:
            if card.get("end_phase_effect_confidence") in ("U", "provisional"):
                yield Say(msg("chaos.oldworld.no_end_effect_provisional", card="@chaos.oldworld." + card_id,
                              key=f"old_world.{card_id}.end_phase_effect"), "warn")
            continue
        if "end_effect" not in card:
            yield from end_phase_question(state, data, card_id, slot)
            continue
        yield Say(msg("chaos.end.oldworld_effect", card="@chaos.oldworld." + card_id, slot=slot), "do")
        if card.get("end_effect_confidence", card.get("effect_confidence")) in ("U", "provisional"):
            yield Say(msg("chaos.oldworld.end_effect_unconfirmed", card="@chaos.oldworld." + card_id, key=f"old_world.{card_id}.end_effect"), "warn")
        yield from apply_end_effect(state, data, card_id)
    state["next"] = {"proc": "end_ruination"}


def end_ruination(state: dict, data: ChaosData):
    """Step 4: each Ruination card placed this round pays first and second place; then it turns face down."""
    min_tokens = data.rules["rules"]["ruination"].get("min_tokens_to_rank", 1)
    for rid in data.region_ids:
        region = state["regions"][rid]
        if not region["ruin_face_up"]:
            continue
        first, second = data.ruination_vp(rid, region["ruin"])
        awards = ruination_places(region["corruption"], first, second, min_tokens)
        ranked = [p for p in state["powers"] if region["corruption"].get(p, 0) >= min_tokens]
        rrules = data.rules["rules"]["ruination"]
        if len(ranked) < 2 and rrules.get("min_tokens_to_rank_confidence") in ("U", "provisional"):
            # only one Power (or none) holds tokens here: the others take no second place (§3.10 reading)
            yield Say(msg("chaos.provisional", rule="@chaos.rule.min_tokens_to_rank", key="rules.ruination.min_tokens_to_rank"), "warn")
        yield Say(msg("chaos.ruin.scoring", region=region_term(rid), card=region["ruin"], first=first, second=second), "head")
        for p in state["powers"]:
            if awards.get(p):
                score(state, p, awards[p], "ruination")
                yield Say(msg("chaos.ruin.place_vp", power=power_term(p), vp=awards[p], tokens=region["corruption"].get(p, 0)), "score")
        region["ruin_face_up"] = False
        region["corruption"] = {}
        warpstone = region["tokens"].get("warpstone", 0)
        removed = rrules.get("warpstone_removed_with_corruption", False)
        if warpstone and rrules.get("warpstone_removed_with_corruption_confidence") in ("U", "provisional"):
            yield Say(msg("chaos.provisional", rule="@chaos.rule.warpstone_" + ("removed" if removed else "stays"),
                          key="rules.ruination.warpstone_removed_with_corruption"), "warn")
        if removed:
            region["tokens"]["warpstone"] = 0
        yield Say(msg("chaos.ruin.face_down", region=region_term(rid)), "do")
    state["next"] = {"proc": "end_dials"}


def dial_ticks(state: dict, data: ChaosData) -> dict[str, int]:
    """Seed step 5: one position for each Power with counters, one more for the Power with the most."""
    rules = data.rules["rules"]["dial_advance"]
    dacs = {p: state["p"][p]["dac"] for p in state["powers"] if state["p"][p]["dac"] > 0}
    ticks = {p: rules.get("per_power_with_counter", 1) for p in dacs}
    if dacs:
        most = max(dacs.values())
        leaders = [p for p, n in dacs.items() if n == most]
        # seed 003 l.116: "the player with the most"; a tie for the most has none (rules.dial_advance.most_tie)
        if len(leaders) == 1 or rules.get("most_tie", "none") == "all_tied":
            for p in leaders:
                ticks[p] += rules.get("bonus_for_most", 1)
    return ticks


def end_dials(state: dict, data: ChaosData):
    r = state["round"]
    ticks = dial_ticks(state, data)
    if not ticks:
        yield Say(msg("chaos.dial.none"), "info")
    dacs = [state["p"][p]["dac"] for p in state["powers"] if state["p"][p]["dac"] > 0]
    if len(dacs) > 1 and dacs.count(max(dacs)) > 1:
        drules = data.rules["rules"]["dial_advance"]
        rule = drules.get("most_tie", "none")
        if drules.get("most_tie_confidence") in ("U", "provisional"):
            yield Say(msg("chaos.provisional", rule=f"@chaos.rule.most_tie.{rule}", key="rules.dial_advance.most_tie"), "warn")
        else:
            yield Say(msg("chaos.dial.tie_rule", rule=f"@chaos.rule.most_tie.{rule}"), "rule")
    for p in state["powers"]:
        ps = state["p"][p]
        for _ in range(ticks.get(p, 0)):
            if ps["dial"] >= data.ticks_to_win(p):
                break
            ps["dial"] += 1
            pos = ps["dial"]
            if pos >= data.ticks_to_win(p):
                yield Say(msg("chaos.dial.victory", power=power_term(p)), "score")
                break
            reward = data.dial_reward(p, pos)
            yield Say(msg("chaos.dial.turn", power=power_term(p), position=pos, threat=threat(state, data, p), reward=_reward_msg(reward)), "do")
            conf = data.power(p)["dial"]["confidence"]
            if pos < len(conf) and conf[pos] in ("U", "provisional") and reward != "ask":
                yield Say(msg("chaos.dial.reward_provisional", power=power_term(p), reward=_reward_msg(reward),
                              key=f"powers.{p}.dial.rewards[{pos}]"), "warn")
            yield from _apply_reward(state, data, p, reward, f"r{r}.{pos}")
        ps["dac"] = 0
    state["next"] = {"proc": "end_check"}


def _reward_msg(reward: str) -> dict:
    kind, _, n = reward.partition(":")
    return msg("chaos.reward." + kind, n=n or 0).to_data()


def _apply_reward(state: dict, data: ChaosData, power: str, reward: str, key: str):
    kind, _, n_text = reward.partition(":")
    n = int(n_text) if n_text else 0
    ps = state["p"][power]
    if kind == "vp":
        score(state, power, n, "dial")
        yield Say(msg("chaos.dial.vp", power=power_term(power), vp=n, total=ps["vp"]), "score")
    elif kind == "draw":
        got = yield from draw_cards(state, power, n)
        yield Say(msg("chaos.dial.drawn", power=power_term(power), cards=got), "do")
    elif kind == "upgrade":
        left = [u for u in data.power(power)["upgrades"] if u["key"] not in ps["upgrades"]]
        if not left:
            yield Say(msg("chaos.dial.no_upgrades", power=power_term(power)), "warn")
            return
        choice = yield Ask(
            f"chaos.dial.{power}.{key}.upgrade",
            msg("chaos.dial.which_upgrade", power=power_term(power)),
            ONE_OF,
            tuple(Choice(u["key"], msg(f"chaos.upgrade.{power}.{u['key']}"), (u["name"],)) for u in left),
        )
        ps["upgrades"].append(choice)
        yield Say(msg("chaos.dial.upgrade_taken", power=power_term(power), upgrade=f"@chaos.upgrade.{power}.{choice}"), "do")
        for u in data.power(power)["upgrades"]:
            if u["key"] == choice and not worth.computed(u):
                yield Say(msg("chaos.upgrade_not_computed", power=power_term(power), upgrade=f"@chaos.upgrade.{power}.{choice}",
                              key=f"powers.{power}.upgrades.{choice}"), "warn")
    elif kind in ("place_warpstone", "place_noble"):
        token = kind.split("_", 1)[1]
        allowed = [rid for rid in data.region_ids if token_allowed(state, data, rid)]  # rules.ruined_regions
        count = min(n, len(allowed))
        regions = yield Ask(
            f"chaos.dial.{power}.{key}.{token}",
            msg("chaos.dial.where_tokens", power=power_term(power), n=count, token=f"@chaos.token.{token}"),
            SEVERAL_OF,
            region_choices(data, allowed),
            min=count,
            max=count,
        )
        for rid in regions:
            state["regions"][rid]["tokens"][token] += 1
            yield Say(msg("chaos.dial.token_placed", token=f"@chaos.token.{token}", region=region_term(rid)), "do")
    else:  # remove_corruption, remove_old_world_tokens, ask: what the space says, as board changes
        text = yield ask_changes(f"chaos.dial.{power}.{key}.changes", msg("chaos.dial.changes", power=power_term(power), reward=_reward_msg(reward)), state, data)
        yield from apply_changes(state, data, text)


#: how several Powers that won by the same rule at once are told apart (rules.victory.tiebreak, rules file §3.2),
#: applied in the order the data lists them until one Power is left; "shared" (or the list running out) shares the win
TIEBREAKS = ("most_vp", "highest_threat", "shared")


def _tiebreak(state: dict, data: ChaosData, group: list[str], kind: str, tiebreak: list[str]) -> tuple[list[str], str]:
    """The winners among ``group`` (Powers that all met ``kind``), and the rule that decided."""
    rule = kind
    for criterion in tiebreak:
        if len(group) == 1 or criterion == "shared":
            break
        value = (lambda p: state["p"][p]["vp"]) if criterion == "most_vp" else (lambda p: threat(state, data, p))
        best = max(value(p) for p in group)
        group = [p for p in group if value(p) == best]
        rule = f"{kind}_{criterion}"
    if len(group) > 1:
        rule = f"{kind}_shared"
    return group, rule


def winners(state: dict, data: ChaosData, precedence: list[str] | None = None) -> tuple[list[str], str]:
    """Who has won at the end of the End Phase, and by which rule ('' when nobody). ``precedence``: the order of
    the two victories (default: the data's rules.victory.precedence)."""
    rules = data.rules["rules"]["victory"]
    dial = [p for p in state["powers"] if state["p"][p]["dial"] >= data.ticks_to_win(p)]
    vp = [p for p in state["powers"] if state["p"][p]["vp"] >= rules["vp_threshold"]]
    groups = {"dial": dial, "vp": vp}
    for kind in precedence or rules.get("precedence", ["dial", "vp"]):
        group = groups[kind]
        if not group:
            continue
        if len(group) == 1:
            return group, kind
        return _tiebreak(state, data, group, kind, list(rules.get("tiebreak", ["most_vp", "shared"])))
    if rules.get("end_on_fifth_ruination") and state["ruination_next"] > data.setup["ruination_cards"]:
        best = max(state["p"][p]["vp"] for p in state["powers"])
        return [p for p in state["powers"] if state["p"][p]["vp"] == best], "fifth_ruination"
    return [], ""


def end_check(state: dict, data: ChaosData):
    """Step 6 and the end of the game: 50 VP, a dial at its victory position, or the Old World's deck exhausted."""
    record_round_vp(state)
    won, why = winners(state, data)
    vrules = data.rules["rules"]["victory"]
    # the provisional precedence is said only where it decided: the other order would crown other Powers
    order = list(vrules.get("precedence", ["dial", "vp"]))
    decided_by_precedence = bool(won) and winners(state, data, order[::-1])[0] != won
    scores = [msg("chaos.value_of", power=power_term(p), value=state["p"][p]["vp"]).to_data() for p in state["powers"]]
    yield Say(msg("chaos.end.scores", scores=scores), "info")
    if decided_by_precedence and vrules.get("precedence_confidence") in ("provisional", "U"):
        first = order[0]
        yield Say(msg("chaos.provisional", rule=f"@chaos.rule.precedence.{first}", key="rules.victory.precedence"), "warn")
    if won and why not in ("dial", "vp"):
        yield Say(msg("chaos.provisional", rule=f"@chaos.win.{why}", key="rules.victory.tiebreak"), "warn")
    if won:
        state["over"] = True
        state["result"] = {"winners": won, "rule": why}
        yield Say(msg("chaos.end.winner", powers=[power_term(p) for p in won], rule=f"@chaos.win.{why}"), "score")
        state["next"] = {"proc": "over"}
    elif state["old_world"]["deck"] <= 0:
        state["over"] = True
        state["result"] = {"winners": [], "rule": "old_world"}
        yield Say(msg("chaos.end.old_world_wins"), "score")
        state["next"] = {"proc": "over"}
    else:
        yield Say(msg("chaos.end.no_winner", left=state["old_world"]["deck"]), "info")
        state["next"] = {"proc": "old_world"}
