"""The first three phases of a round: Old World, Draw, Summoning (seed 003)."""

from __future__ import annotations

from ..core.steps import ONE_OF, YES_NO, Ask, Choice, Say, msg
from .board import (
    FIGURE_KINDS,
    next_summoner,
    power_points,
    figure_names,
    by_threat,
    figures_of,
    free_card_space,
    in_reserve,
    place_card,
    regions_once_lifted,
    threat,
    valid_summon_regions,
)
from . import copies
from .data import ChaosData
from .common import apply_changes, ask_changes, card_played_notes, draw_cards, power_term, region_choices, region_term
from .oldworld import apply_effect, card_question
from .corruption import moved_provisional, summoned
from . import worth


def lowest_threat(state: dict, data: ChaosData, ask_id: str):
    """The Power with the lowest Threat; on a tie (possible only with non-base dials) the table says who."""
    order = by_threat(state, data)
    low = threat(state, data, order[0])
    tied = [p for p in order if threat(state, data, p) == low]
    if len(tied) == 1:
        return tied[0]
    return (
        yield Ask(ask_id, msg("chaos.threat.tie", threat=low), ONE_OF, tuple(Choice(p, msg("chaos.power." + p)) for p in tied))
    )


# -- Old World phase ------------------------------------------------------


def old_world_phase(state: dict, data: ChaosData):
    """Seed, Fase do Velho Mundo: the lowest Threat draws and resolves; the card enters space 1."""
    state["round"] += 1
    r = state["round"]
    ow = state["old_world"]
    yield Say(msg("chaos.round.title", round=r, left=ow["deck"]), "head")
    yield Say(msg("chaos.phase.old_world"), "head")
    for p in state["powers"]:
        state["p"][p]["placed_round"] = {}
    chooser = yield from lowest_threat(state, data, f"chaos.oldworld.r{r}.chooser")
    yield Say(msg("chaos.oldworld.draws", power=power_term(chooser), threat=threat(state, data, chooser)), "do")
    card_id = yield card_question(state, data, "chaos.oldworld.card", msg("chaos.oldworld.which", power=power_term(chooser)))
    card = data.old_world_card(card_id)
    ow.setdefault("drawn", []).append(card_id)
    yield Say(msg("chaos.oldworld.resolve", power=power_term(chooser), card="@chaos.oldworld." + card_id), "do")
    if card.get("summary"):
        yield Say(msg("chaos.oldworld.summary." + card_id), "rule")
    if "effect" in card:
        # the data knows what the card does: the program applies it, asking only the chooser's choices
        if card.get("effect_confidence") in ("U", "provisional"):
            yield Say(msg("chaos.oldworld.effect_unconfirmed", card="@chaos.oldworld." + card_id, key=f"old_world.{card_id}.effect"), "warn")
        yield from apply_effect(state, data, card_id, f"chaos.oldworld.r{r}.{card_id}")
    else:
        text = yield ask_changes("chaos.oldworld.changes", msg("chaos.oldworld.changes", card="@chaos.oldworld." + card_id), state, data)
        yield from apply_changes(state, data, text)
    ow["deck"] -= 1
    reading = data.rules["rules"].get("old_world", {}).get("resolved_cards", "track")
    if card.get("discarded_by_card") and reading == "card":
        yield Say(msg("chaos.oldworld.discarded", card="@chaos.oldworld." + card_id), "do")
        yield Say(msg("chaos.oldworld.reading_card"), "rule")
    else:
        if card.get("discarded_by_card"):
            yield Say(msg("chaos.oldworld.reading_track", card="@chaos.oldworld." + card_id), "rule")
        leaving = ow["track"][1]
        ow["track"] = [card_id, ow["track"][0]]
        yield Say(msg("chaos.oldworld.to_space1", card="@chaos.oldworld." + card_id), "do")
        if ow["track"][1]:
            yield Say(msg("chaos.oldworld.to_space2", card="@chaos.oldworld." + ow["track"][1]), "do")
        if leaving:
            yield Say(msg("chaos.oldworld.leaves", card="@chaos.oldworld." + leaving), "do")
    yield Say(msg("chaos.oldworld.deck_left", left=ow["deck"]), "rule")
    state["next"] = {"proc": "draw"}


# -- Draw phase -----------------------------------------------------------


def tzeentch_discard_matters(hand: int, deck: int, discard: int, target: int) -> bool:
    """Rules file §2.5: Tzeentch may discard one card, then draws until holding ``target``. Whether the answer
    can change the hand or the piles (the discarded card is not seen; only the counts are tracked): never with
    an empty hand; always above the target (the hand shrinks); otherwise only when this draw leaves the discard
    pile unshuffled without the discard, i.e. the deck holds more than the cards to draw, or exactly as many
    with a discard pile the extra draw would reshuffle. When the draw reshuffles the discard pile anyway, the
    discarded card goes back into the new deck and the counts end the same."""
    if hand <= 0:
        return False
    need = target - hand
    return need < 0 or deck > need or (deck == need and discard > 0)


def draw_phase(state: dict, data: ChaosData):
    """Seed, Fase de Compra: power markers to the sheet's number (no carry-over); cards drawn."""
    yield Say(msg("chaos.phase.draw"), "head")
    r = state["round"]
    for p in state["powers"]:
        ps = state["p"][p]
        ps["pp"] = power_points(state, data, p)
        # dial advancement counters stay: those earned in the Old World phase count in this round's
        # End phase; they are cleared only after the dials turn (seed, Fase Final step 5)
        rule = data.power(p)["draw"]
        if isinstance(rule, int):
            n = yield from draw_cards(state, p, rule)
        else:  # Tzeentch: may discard one card, then draws until holding hand_target cards
            target = data.power(p).get("hand_target", 5)
            exact = True
            need = target - ps["hand"]
            if not tzeentch_discard_matters(ps["hand"], ps["deck"], ps["discard"], target):
                if ps["hand"] > 0:  # the hand and the piles end the same either way: said, not asked
                    yield Say(msg("chaos.draw.discard_same", power=power_term(p), hand=target), "rule")
                    exact = False  # a discarded card makes the reshuffled pile one card larger
            elif need >= 0 and copies.deck_range(state, p)[0] > need:
                # the deck holds the extra card either way: only the split of the piles is left open, counted
                # by the table if a later draw could empty the deck (copies.unsure)
                copies.note_unsure_discard(state, p)
                yield Say(msg("chaos.draw.discard_unasked", power=power_term(p), hand=target), "rule")
            else:  # a draw that could empty the deck has the table count it first (common.draw_cards)
                discard = yield Ask(f"chaos.draw.r{r}.{p}.discard", msg("chaos.draw.discard_one", power=power_term(p)), YES_NO,
                                      default=False)  # Enter: no discard (the table did nothing)
                if discard:
                    ps["hand"] -= 1
                    ps["discard"] += 1
            n = yield from draw_cards(state, p, max(0, target - ps["hand"]), exact=exact)
        yield Say(msg("chaos.draw.power", power=power_term(p), pp=ps["pp"], cards=n, hand=ps["hand"]), "do")
    yield Say(msg("chaos.draw.no_limit"), "rule")
    yield from upgrades_not_computed(state, data)
    first = next_summoner(state, None)
    proc = "summon_line" if state.get("summoning") == "line" else "summon"
    state["next"] = {"proc": proc, "power": first} if first else {"proc": "battle_start"}


def upgrades_not_computed(state: dict, data: ChaosData, powers=None):
    """Every upgrade taken whose effect the program does not compute, said PROVISIONAL with its data key: the
    table applies it (rules file §2.7: several effects are missing or disputed)."""
    for p in powers or state["powers"]:
        for u in worth.not_computed(state, data, p):
            yield Say(msg("chaos.upgrade_not_computed", power=power_term(p), upgrade=f"@chaos.upgrade.{p}.{u['key']}",
                          key=f"powers.{p}.upgrades.{u['key']}"), "warn")


# -- Summoning phase ------------------------------------------------------


def start_summoning(state: dict):
    """The Summoning phase's heading, said once a round (before the first Power summons); True that once."""
    if state.get("summon_started") == state["round"]:
        return False
    state["summon_started"] = state["round"]
    yield Say(msg("chaos.phase.summon"), "head")
    return True


def summon_turn(state: dict, data: ChaosData, power: str):
    """Seed, Fase de Invocação: summon one figure, play one Chaos card, or pass (power to 0)."""
    ps = state["p"][power]
    yield from start_summoning(state)
    yield Say(msg("chaos.summon.turn", power=power_term(power), pp=ps["pp"], hand=ps["hand"]), "info")
    choices = summon_choices(state, data, power)
    playable = [c for c in data.chaos_cards(power) if c["cost"] <= ps["pp"]]
    spaces = [rid for rid in data.region_ids if _card_allowed(state, data, rid)]
    # Enter alone passes (docs/playing.md: Enter is the answer for "nothing happened"; seed 003, Fase de Invocação:
    # declining puts the power marker on 0)
    action = yield Ask(f"chaos.summon.{power}", msg("chaos.summon.what", power=power_term(power), pp=ps["pp"]), ONE_OF, choices,
                       default="pass")
    if action == "pass":
        ps["pp"] = 0
        yield Say(msg("chaos.summon.passed", power=power_term(power)), "do")
    elif action == "card":
        yield from _play_card(state, data, power, playable, spaces)
    else:
        yield from _summon_figure(state, data, power, action)
    nxt = next_summoner(state, power)
    state["next"] = {"proc": "summon", "power": nxt} if nxt else {"proc": "battle_start"}
    if nxt is None:
        yield Say(msg("chaos.summon.all_zero"), "rule")


def summon_choices(state: dict, data: ChaosData, power: str) -> tuple[Choice, ...]:
    """The one-action menu of the Summoning phase (seed 003, Fase de Invocação: summon one figure, play one Chaos
    card, or pass): always the same items in the same order, so its numbers never move; an item the Power cannot
    take now stays in its place with the reason (rules file §1.6: not enough power for its cost; a card needs
    one in hand, one the Power can pay for, and a region with an empty card space)."""
    ps = state["p"][power]
    pp = ps["pp"]
    choices = []
    for kind in FIGURE_KINDS:
        f = data.power(power)["followers"][kind]
        if f["count"] <= 0:
            why = msg("chaos.summon.unavailable.no_figure", figure=f"@chaos.figure.{kind}")
        elif f["cost"] > pp:
            why = msg("chaos.summon.unavailable.power", cost=f["cost"], pp=pp)
        else:
            why = None
        words = tuple(w for w, k in figure_names(data, power).items() if k == kind and w != kind)
        choices.append(Choice(kind, msg("chaos.summon.choice_figure", figure=f"@chaos.figure.{kind}", name=f["name"], cost=f["cost"]),
                              words, unavailable=why))
    cards = data.chaos_cards(power)
    if ps["hand"] <= 0:
        why = msg("chaos.summon.unavailable.no_hand")
    elif not any(c["cost"] <= pp for c in cards):
        why = msg("chaos.summon.unavailable.card_power", cheapest=min(c["cost"] for c in cards), pp=pp)
    elif not any(copies.copies_free(state, data, power, c["id"]) > 0 for c in cards if c["cost"] <= pp):
        # a card with every copy on the board or in the discard pile is not in the hand (rules file §2.8, copies)
        why = msg("chaos.summon.unavailable.no_copy")
    elif not any(_card_allowed(state, data, rid) for rid in data.region_ids):
        why = msg("chaos.summon.unavailable.no_space")
    else:
        why = None
    choices.append(Choice("card", msg("chaos.summon.choice_card", hand=ps["hand"]), ("carta", "cards", "cartas"), unavailable=why))
    choices.append(Choice("pass", msg("chaos.summon.choice_pass"), ("passar", "passa", "passo", "none", "nada")))
    return tuple(choices)


def _card_allowed(state: dict, data: ChaosData, rid: str) -> bool:
    region = state["regions"][rid]
    if region["ruin"] and data.rules["rules"]["ruined_regions"].get("no_chaos_cards", True):
        return False
    return free_card_space(data, region, rid)


def _summon_figure(state: dict, data: ChaosData, power: str, kind: str):
    ps = state["p"][power]
    f = data.power(power)["followers"][kind]
    sources = []
    if in_reserve(state, data, power, kind) > 0:
        sources.append(Choice("reserve", msg("chaos.summon.from_reserve")))
    for rid in data.region_ids:
        if state["regions"][rid]["figures"].get(power, {}).get(kind, 0) > 0:
            sources.append(Choice(rid, msg("chaos.region." + rid)))
    if len(sources) == 1:
        origin = sources[0].value
    else:
        origin = yield Ask(f"chaos.summon.{power}.from", msg("chaos.summon.from", figure=f"@chaos.figure.{kind}"), ONE_OF, tuple(sources))
    # Where it may go is judged before the figure is lifted, unless the data says otherwise (rules.toml:
    # rules.summoning.moved_figure_counts_for_placement, rules file §3.11)
    targets = valid_summon_regions(state, data, power)
    if origin != "reserve" and not data.rules["rules"]["summoning"].get("moved_figure_counts_for_placement", True):
        targets = regions_once_lifted(state, data, power, origin, kind)
    if origin != "reserve":
        targets = [t for t in targets if t != origin]
        if not targets:  # pragma: no cover - a figure on the board always has its own region's neighbours
            targets = list(data.region_ids)
    region = yield Ask(
        f"chaos.summon.{power}.region",
        msg("chaos.summon.where", figure=f"@chaos.figure.{kind}"),
        ONE_OF,
        region_choices(data, targets),
    )
    ps["pp"] -= f["cost"]
    if origin != "reserve":
        yield from moved_provisional(state, data, power, origin, kind, region)
        figures_of(state["regions"][origin], power)[kind] -= 1
        yield Say(msg("chaos.summon.moved", power=power_term(power), figure=f"@chaos.figure.{kind}", name=f["name"], origin=region_term(origin), region=region_term(region), cost=f["cost"], pp=ps["pp"]), "do")
    else:
        yield Say(msg("chaos.summon.placed", power=power_term(power), figure=f"@chaos.figure.{kind}", name=f["name"], region=region_term(region), cost=f["cost"], pp=ps["pp"]), "do")
    figures_of(state["regions"][region], power)[kind] += 1
    yield from summoned(state, data, power, kind, region)


def _play_card(state: dict, data: ChaosData, power: str, playable: list[dict], spaces: list[str]):
    ps = state["p"][power]
    card_id = yield copies.card_question(state, data, power, playable, f"chaos.card.{power}", msg("chaos.card.which", power=power_term(power), pp=ps["pp"]))
    card = data.chaos_card(power, card_id)
    region = yield Ask(
        f"chaos.card.{power}.region",
        msg("chaos.card.where", card=f"@chaos.card.{power}.{card_id}"),
        ONE_OF,
        region_choices(data, spaces),
    )
    ps["pp"] -= card["cost"]
    ps["hand"] -= 1
    space = place_card(state["regions"][region], {"power": power, "card": card_id, "cost": card["cost"]})
    yield Say(msg("chaos.card.played", power=power_term(power), card=f"@chaos.card.{power}.{card_id}", region=region_term(region), space=space, cost=card["cost"], pp=ps["pp"]), "do")
    yield from card_played_notes(power, card)
    if card.get("board_effect"):
        text = yield ask_changes(f"chaos.card.{power}.changes", msg("chaos.card.changes", card=f"@chaos.card.{power}.{card_id}"), state, data)
        yield from apply_changes(state, data, text)
