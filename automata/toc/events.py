"""Take Actions 3 (seed): the bot's events, by the AI Event Guidelines, and the cards in its event slots: which card a
slot holds, when its event applies."""

from __future__ import annotations

from ..core.steps import Say, msg
from .common import bot_name, fold, is_emperor, provisional
from .emperor import emperor_type_now
from .emperor_steps import holder_term
from .mat_edit import is_provisional


def bot_events(state: dict, data, colour: str):
    """Seed, Take Actions 3: up to two events, each by the AI Event Guidelines printed on the instruction sheet."""
    bots = state["bots"]
    bot = bots[colour]
    for role in ("primary", "secondary"):
        card = bot[role].get("card")
        if not card:
            continue
        shown = card_shown(data, card)
        moment = event_moment(data, card)
        if moment != "any":
            # issue 30: an event with its own moment was told then (events_at), or that moment never came this turn
            if not bot[role].get("used"):
                yield Say(msg(f"toc.events.no_moment.{moment}", bot=bot_name(colour, bots), card=shown), "do")
            continue
        guideline = str((data.card_guidelines.get(card) or {}).get("text") or "").lstrip("@").strip()
        if guideline:
            yield Say(msg("toc.events.use_owner", bot=bot_name(colour, bots), card=shown, guideline=guideline), "do")
        else:
            yield Say(msg("toc.events.use", bot=bot_name(colour, bots), card=shown), "do")
            if is_provisional(data.guidelines):
                yield provisional("events.guidelines")
        yield Say(msg("toc.events.done", card=shown), "do")  # an instruction: the answer would change nothing
    state["next"] = {"proc": "bot_legacy", "bot": colour}


def _cat_key(cat_id: str) -> tuple[str, int]:
    area, value = cat_id.rsplit("_", 1)
    return area, int(value)


def _slot_category(data, slot: str) -> tuple[dict, str]:
    cat_id, which = slot.split(":")
    return data.category(*_cat_key(cat_id)), which


def slot_card(data, slot: str) -> str | None:
    """The card id of the event a bot uses ("<category id>:<base|expansion>"), when the data name that pile's card."""
    cat, which = _slot_category(data, slot)
    name = fold(cat.get(which) or "")
    if name == "-":
        return None
    return next((c["id"] for c in data.cards if fold(c.get("name") or "") == name), None)


def slot_could_be(data, slot: str, card_id: str) -> bool:
    """Whether the event of that pile may be the card ``card_id``: its name, when the data give the pile's card; else
    when nothing known of the card (its influence, value and set: rules file §2.4, MISSING ones are 0 or "") rules it
    out and the data do not put the card on another pile."""
    cat, which = _slot_category(data, slot)
    known = slot_card(data, slot)
    if known is not None or str(cat.get(which) or "").strip():
        return known == card_id
    card = data.card(card_id)
    elsewhere = any(fold(c.get(w) or "") == fold(card.get("name") or "") for c in data.categories for w in ("base", "expansion"))
    return not elsewhere and card.get("influence") in ("", cat["influence"]) and card.get("value") in (0, cat["value"]) \
        and card.get("set") in ("", which)


def event_moment(data, slot: str) -> str:
    """When the event of that pile may be used (the data's event notes: "place_governor", "combat" or "any")."""
    card = slot_card(data, slot)
    note = data.event_note(card) if card else None
    return (note or {}).get("when", "any")


def events_at(state: dict, data, colour: str, moment: str):
    """Issue 30: an event that may be used only at a moment of the turn (Damnatio Memoriae: only during a Place
    Governor, rules file §2.4; a combat-only card: in a battle) is told when that moment comes, not after the list."""
    bot = state["bots"][colour]
    for role in ("primary", "secondary"):
        slot = bot[role]
        card = slot.get("card")
        if not card or slot.get("used") or event_moment(data, card) != moment:
            continue
        slot["used"] = True
        yield Say(msg(f"toc.events.now.{moment}", bot=bot_name(colour, state["bots"]), card=card_shown(data, card)), "do")
        if slot_card(data, card) == "damnatio_memoriae" and state["options"]["emperor_rules"] \
                and emperor_type_now(state) == "senate" and not is_emperor(state, colour):
            # seed line 101 (Senate Emperor, Special Advantages): nobody may attack a Senate Emperor with Damnatio
            # Memoriae when replacing it
            yield Say(msg("toc.events.damnatio_senate", who=holder_term(state)), "rule")
        yield from _guideline(data, card)


def card_shown(data, card: str):
    cat_id, which = card.split(":")
    cat = data.category(*_cat_key(cat_id))
    return cat.get(which) or msg("toc.card.unnamed", category=f"@toc.category.{cat_id}", set=f"@toc.set.{which}").to_data()


def _guideline(data, card: str):
    guideline = str((data.card_guidelines.get(card) or {}).get("text") or "").lstrip("@").strip()
    if guideline:
        yield Say(msg("toc.events.guideline_owner", guideline=guideline), "rule")
    elif is_provisional(data.guidelines):
        yield provisional("events.guidelines")
