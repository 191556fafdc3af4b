"""Old World cards: the deck's copies, the effects the data knows, and where a resolved card goes.

Seed 003, Fase do Velho Mundo: the lowest Threat draws and resolves the card, making every decision it
asks for; the card then goes face up onto space 1 of the track. The effects are in old_world.toml
(``effect`` / ``end_effect``); the chooser is asked only where the card leaves a choice.
"""

from __future__ import annotations


from ..core.steps import ONE_OF, SEVERAL_OF, Ask, Choice, Say, msg
from .board import figure_count
from .common import draw_cards, power_term, region_choices, region_term
from .data import ChaosData


def copies_left(state: dict, data: ChaosData, card_id: str) -> int:
    """Copies of the card in the game's deck minus those already drawn (seed: every card comes from the deck)."""
    drawn = state["old_world"].get("drawn", [])
    return data.old_world_card(card_id)["copies"] - drawn.count(card_id)


def card_question(state: dict, data: ChaosData, ask_id: str, question) -> Ask:
    choices = []
    for c in data.old_world_cards:
        left = copies_left(state, data, c["id"])
        if left > 0:
            # a card already drawn that has another copy says so (it may come again: rules file §2.9 copies)
            label = msg("chaos.oldworld.choice_copies", card="@chaos.oldworld." + c["id"], left=left, copies=c["copies"]) if left < c["copies"] \
                else msg("chaos.oldworld." + c["id"])
            choices.append(Choice(c["id"], label, (c["name"],)))
        else:  # every copy drawn: kept in its place, refused with why (docs/playing.md: a menu's numbers never move)
            choices.append(Choice(c["id"], msg("chaos.oldworld." + c["id"]), (c["name"],),
                                  unavailable=msg("chaos.oldworld.no_copy_left", card="@chaos.oldworld." + c["id"], copies=c["copies"])))
    return Ask(ask_id, question, ONE_OF, tuple(choices))


def token_allowed(state: dict, data: ChaosData, rid: str) -> bool:
    """Ruined regions take no Old World tokens (rules.ruined_regions.no_old_world_tokens)."""
    return not (state["regions"][rid]["ruin"] and data.rules["rules"]["ruined_regions"].get("no_old_world_tokens", True))


def _near(state: dict, data: ChaosData, rid: str, token: str) -> bool:
    regions = state["regions"]
    return regions[rid]["tokens"].get(token, 0) > 0 or any(regions[a]["tokens"].get(token, 0) > 0 for a in data.region(rid)["adjacent"])


def apply_effect(state: dict, data: ChaosData, card_id: str, ask_prefix: str):
    """Apply the card's ``effect`` entries; yields the chooser's questions where the card leaves a choice."""
    card = data.old_world_card(card_id)
    for i, e in enumerate(card.get("effect", [])):
        token, n = e["token"], e.get("n", 1)
        excluded = set(e.get("except", []))
        if "where" in e:
            targets = data.region_ids if e["where"] == "all" else list(e["where"])
            targets = [r for r in targets if r not in excluded]
        elif "pairs" in e:
            pairs = [p for p in e["pairs"] if any(token_allowed(state, data, r) for r in p)]
            if len(pairs) > 1:
                labels = tuple(Choice(str(k), msg("chaos.oldworld.pair", first=region_term(p[0]), second=region_term(p[1]))) for k, p in enumerate(pairs))
                k = yield Ask(f"{ask_prefix}.{i}", msg("chaos.oldworld.which_pair", token=f"@chaos.token.{token}"), ONE_OF, labels)
                targets = list(pairs[int(k)])
            else:
                targets = list(pairs[0]) if pairs else []
        else:
            allowed = [r for r in data.region_ids if r not in excluded and token_allowed(state, data, r)
                       and (not e.get("near") or _near(state, data, r, e["near"]))]
            count = min(e["choose"], len(allowed))
            if count == len(allowed):
                targets = allowed
            else:
                targets = yield Ask(f"{ask_prefix}.{i}", msg("chaos.oldworld.which_regions", n=count, token=f"@chaos.token.{token}", per=n),
                                    SEVERAL_OF, region_choices(data, allowed), min=count, max=count)
                if count == 1 and not isinstance(targets, list):  # pragma: no cover - SEVERAL_OF answers a list
                    targets = [targets]
        for rid in targets:
            if not token_allowed(state, data, rid):
                yield Say(msg("chaos.oldworld.ruined_skip", region=region_term(rid), token=f"@chaos.token.{token}"), "info")
                continue
            state["regions"][rid]["tokens"][token] = state["regions"][rid]["tokens"].get(token, 0) + n
            yield Say(msg("chaos.oldworld.token_put", n=n, token=f"@chaos.token.{token}", region=region_term(rid)), "do")


def apply_end_effect(state: dict, data: ChaosData, card_id: str):
    """End phase (seed, Fase Final step 3): the card's ``end_effect`` entries, in Power order."""
    for e in data.old_world_card(card_id).get("end_effect", []):
        if "figures_in" in e:
            where = [e["figures_in"]]
        else:
            where = [r for r in data.region_ids if state["regions"][r]["tokens"].get(e["figures_with"], 0) > 0]
        for p in state["powers"]:
            if not any(figure_count(state["regions"][r], p) > 0 for r in where):
                continue
            ps = state["p"][p]
            if "discard" in e:
                n = min(e["discard"], ps["hand"])
                ps["hand"] -= n
                ps["discard"] += n
                yield Say(msg("chaos.oldworld.end_discard", power=power_term(p), n=n, hand=ps["hand"]), "do")
            else:
                got = yield from draw_cards(state, p, e["draw"])
                yield Say(msg("chaos.oldworld.end_draw", power=power_term(p), n=got, hand=ps["hand"]), "do")
