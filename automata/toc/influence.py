"""Take Actions 1 (seed): the bot's mode, its influence on its Primary and Secondary areas and the events they earn."""

from __future__ import annotations

from ..core.steps import ONE_OF, Ask, Choice, Roll, Say, msg
from .bot import event_number, influence, mode_rule, resolve_type
from .common import area_term, bot_name, is_emperor, provisional
from .mat_edit import is_provisional
from .setup import colour_term


MODE_CHOICES = (("troubled", "toc.mode.first.troubled"), ("emperor_no_army", "toc.mode.first.emperor_no_army"),
                ("mobs", "toc.mode.first.mobs"), ("none", "toc.mode.first.none"))


def ask_mode(state: dict, colour: str, name, zero_test: str = ">=2"):
    """Seed, Take Actions 1: the first mode rule that holds. The rules the program decides alone (two cylinders in the
    "0" box, 50+ Legacy) need no question; otherwise one question: which is the first of the board rules that holds
    now (the Emperor's army rule only for the Emperor), or none of them."""
    bot = state["bots"][colour]
    emperor = is_emperor(state, colour)
    mode, why = mode_rule(bot, emperor, None, None, None, zero_test)
    if mode is not None:
        return mode, why
    # the Emperor's army rule stays in its place for a bot that is not Emperor, marked (docs/playing.md: the numbers of a
    # menu never move)
    choices = tuple(Choice(v, msg(m, bot=name), unavailable=None if emperor or v != "emperor_no_army" else msg("toc.mode.not_emperor", bot=name))
                    for v, m in MODE_CHOICES)
    first = yield Ask(f"toc.{colour}.mode", msg("toc.mode.which", bot=name), ONE_OF, choices, default="none")
    facts = {"troubled": first == "troubled", "army_in_italia": first != "emperor_no_army", "mobs": first == "mobs"}
    return mode_rule(bot, emperor, facts["troubled"], facts["army_in_italia"], facts["mobs"], zero_test)


def bot_influence(state: dict, data, colour: str):
    bots = state["bots"]
    bot = bots[colour]
    mat = data.mat(bot["mat"])
    name = bot_name(colour, bots)
    yield Say(msg("toc.phase.actions"), "head")
    mode, why = yield from ask_mode(state, colour, name, str(data.settings.get("mode4_zero_box_test", ">=2")))
    bot["mode"] = mode
    yield Say(msg("toc.mode.set", bot=name, mode=mode, why=f"@toc.mode.why.{why}"), "do")
    yield Say(msg("toc.why.mode", rule=f"@toc.mode.why.{why}", mode=mode), "why")
    box = mat["mode"][str(mode)]
    shaky = [f"mats.{bot['mat']}.mode.{mode}"] if is_provisional(box) else []
    p_area = resolve_type(box["primary"], bot, mat["area_order"])
    s_area = resolve_type(box["secondary"], bot, mat["area_order"])
    if s_area == p_area:
        s_area = "none"
    plus2 = bot["marker"] == "plus2"
    if bot["ludi"]:  # AI Crisis Phase: the -4 is for this (its next) turn, whether or not the mode box gives a Secondary
        bot["ludi_applied"] = True
    for role, area, where in (("primary", p_area, "upper"), ("secondary", s_area, "lower")):
        slot = {"area": "", "points": 0, "event": 0}
        if area != "none":
            circle = mat["track"][area][bot["pawn"][area]]
            if is_provisional(circle):
                shaky.append(f"mats.{bot['mat']}.track.{area}.{bot['pawn'][area]}")
            points = influence(circle, where, plus2, bot["ludi"] and role == "secondary")
            event = event_number(circle, where)
            if role == "secondary" and bot["ludi"]:
                yield Say(msg("toc.influence.ludi", bot=name), "rule")
                if points == 0 and event:
                    yield Say(msg("toc.influence.ludi_event_lost"), "warn")
                    event = 0
            bot["cylinder"][area] = where
            yield Say(msg(f"toc.influence.{where}", colour=colour_term(data.colour_of(area)), area=area_term(area), circle=bot["pawn"][area]), "do")
            # each line names only the change that applies to it: +2 on Primary, Ludi's -4 on Secondary
            printed = circle["primary" if where == "upper" else "secondary"]
            changed = ("plus2" if where == "upper" and plus2 else "ludi" if where == "lower" and bot["ludi"] else "")
            yield Say(msg("toc.why.influence" + (f"_{changed}" if changed else ""), role=f"@toc.role.{role}", mode=mode,
                          area=area_term(area), box=f"@toc.box.{where}", printed=printed, points=points), "why")
            slot = {"area": area, "points": points, "event": event}
        bot[role] = slot
    if shaky:  # rules file §3.0.1: a decision that uses a provisional value says so, naming the key
        yield provisional(", ".join(shaky))
    if plus2 and bot["primary"]["area"]:
        yield Say(msg("toc.influence.plus2", bot=name), "rule")
    for role in ("primary", "secondary"):
        slot = bot[role]
        if slot["area"]:
            bot["cylinder"][slot["area"]] = "track"
            bot["points"][slot["area"]] = slot["points"]
            yield Say(msg("toc.influence.track", role=f"@toc.role.{role}", colour=colour_term(data.colour_of(slot["area"])), area=area_term(slot["area"]), points=slot["points"]), "do")
    for role in ("primary", "secondary"):
        slot = bot[role]
        if slot["area"] and slot["event"]:
            card = yield from choose_event(state, data, colour, role, slot["area"], slot["event"])
            slot["card"] = card
    state["next"] = {"proc": "bot_spend", "bot": colour}


def choose_event(state: dict, data, colour: str, role: str, area: str, value: int):
    """Seed, Take Actions 1: which card's event the bot uses (1d6: 1–3 base, 4–6 expansion; Selective: the pile in play)."""
    cat = data.category(area, value)
    settings = data.settings
    option = state["options"]["cards"]
    if option == "selective":
        which = state["selective"][cat["id"]]
        why = "selective"
    elif settings.get("harder_challenge", False):
        which = yield Ask(f"toc.{colour}.{role}.event_set", msg("toc.event.harder", category=f"@toc.category.{cat['id']}"), ONE_OF,
                          (Choice("base", msg("toc.set.base")), Choice("expansion", msg("toc.set.expansion"))))
        why = "harder"
    elif option == "variable" and settings.get("option2_event_choice", "d6") == "face_up":
        # G12 setting: with the Variable setup, the event of the card face up on that pile
        which = yield Ask(f"toc.{colour}.{role}.event_set", msg("toc.event.face_up", category=f"@toc.category.{cat['id']}"), ONE_OF,
                          (Choice("base", msg("toc.set.base")), Choice("expansion", msg("toc.set.expansion"))))
        why = "face_up"
    else:
        faces = yield Roll(f"toc.{colour}.{role}.event", "1d6", msg("toc.event.roll", category=f"@toc.category.{cat['id']}"))
        which = "base" if faces[0] <= 3 else "expansion"
        why = "d6"
    card = cat.get(which) or ""
    shown = card if card else msg("toc.card.unnamed", category=f"@toc.category.{cat['id']}", set=f"@toc.set.{which}").to_data()
    yield Say(msg("toc.event.chosen", role=f"@toc.role.{role}", card=shown, set=f"@toc.set.{which}", why=f"@toc.event.why.{why}"), "do")
    yield Say(msg("toc.why.event", value=value, area=area_term(area), rule=f"@toc.event.why.{why}"), "why")
    return f"{cat['id']}:{which}"
