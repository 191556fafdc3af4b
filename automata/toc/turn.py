"""A round of Time of Crisis with AI bots (seed 000, "Fluxo do Jogo").

Bots take their turns first, in the bot order drawn at setup, then the human
players. A bot turn is five steps: Crisis, Take Actions (mode, influence and
events, then the Action Priority List, then the events), Gain Legacy,
Buy/Trash Cards and End of Turn. The program asks only what it does not
track: the crisis result, board facts for the mode, the printed criteria and
costs of the priority list, political points and Legacy from the base rules.
"""

from __future__ import annotations

import re

from ..core.steps import NUMBER, ONE_OF, TEXT, YES_NO, Ask, Choice, InvalidAnswer, Roll, Say, msg
from . import endgame
from .bot import AREAS, advance, advancement_order, event_number, influence, mode_rule, palmyra_order, resolve_type, zero_box
from .emperor import (EMPEROR_TYPES, can_attempt_italia, emperor_type_for_area, emperor_type_now, military_legacy_change,
                      populace_legacy, senate_legacy)
from .mat_edit import is_provisional
from .setup import colour_term


def area_term(area: str) -> str:
    return "@toc.area." + area


def bot_name(colour: str, bots: dict) -> dict:
    return msg("toc.bot", colour=colour_term(colour), mat=f"@toc.mat.{bots[colour]['mat']}").to_data()


def the_bot(colour: str, bots: dict) -> dict:
    """A bot where a human player could stand instead ({who}): pt-BR gives it its article, 'o bot azul (...)'."""
    return msg("toc.the_bot", colour=colour_term(colour), mat=f"@toc.mat.{bots[colour]['mat']}").to_data()


def is_emperor(state: dict, colour: str) -> bool:
    return state["emperor"] == colour


def next_after_bot(state: dict, colour: str) -> dict:
    order = state["bot_order"]
    i = order.index(colour)
    if i + 1 < len(order):
        return {"proc": "bot_crisis", "bot": order[i + 1]}
    return {"proc": "human", "i": 1} if state["options"]["humans"] else {"proc": "round_end"}


def provisional(key: str):
    return Say(msg("toc.provisional", key=key), "warn")


# -- Crisis ---------------------------------------------------------------------


def crisis_specials(state: dict, data, result: str, event: str, drawn_by_bot: str | None, ask_prefix: str):
    """Seed, AI Crisis Phase: Pax Deorum, Palmyra Allies (drawn by a bot), Ludi Saeculares (a bot is Emperor)."""
    if result == "pax_deorum":
        for c in state["bot_order"]:
            state["bots"][c]["marker"] = "plus2"
        yield Say(msg("toc.specials.pax"), "do")
    elif result == "event" and event == "palmyra_allies" and drawn_by_bot:
        yield from palmyra(state, data, drawn_by_bot, ask_prefix)
    elif result == "barbarians":
        yield from military_emperor_killed(state, drawn_by_bot, ask_prefix, invasion=True)
    elif result == "event" and event == "ludi_saeculares" and state["emperor"] in state["bots"]:
        e = state["bots"][state["emperor"]]
        e["legacy"] += 4
        e["ludi"] = True
        e["ludi_applied"] = False
        # G3 (rules file §1.8): drawn in the Emperor bot's own Crisis Phase, the -4 applies in this turn's Take Actions
        own = drawn_by_bot == state["emperor"]
        yield Say(msg("toc.specials.ludi_own" if own else "toc.specials.ludi", bot=bot_name(state["emperor"], state["bots"]),
                      legacy=e["legacy"]), "score")
        if own and is_provisional(data.settings, "ludi_own_turn"):
            yield provisional("settings.ludi_own_turn")


def known_provinces(state: dict, data, colour: str) -> list[str]:
    """The provinces a bot can govern, as far as the program knows: its starting province and Italia while it is
    Emperor; every province once it has done a Place Governor the program cannot place (issue 11, Palmyra Allies)."""
    bot = state["bots"][colour]
    every = [p["id"] for p in data.provinces]
    if bot.get("governs_unknown"):
        return every
    known = {bot["start"]} | ({"italia"} if is_emperor(state, colour) else set())
    return [p for p in every if p in known]


def palmyra(state: dict, data, colour: str, ask_prefix: str):
    choices = tuple(Choice(p, msg("toc.province." + p)) for p in known_provinces(state, data, colour))
    governed = yield Ask(f"{ask_prefix}.palmyra.provinces", msg("toc.palmyra.which", bot=bot_name(colour, state["bots"])), "multi", choices, min=0)
    if not governed:
        yield Say(msg("toc.palmyra.homeland"), "do")
    else:
        counts = {governed[0]: 0}
        for p in governed if len(governed) > 1 else ():  # the counts only order two or more provinces
            counts[p] = yield Ask(f"{ask_prefix}.palmyra.{p}", msg("toc.palmyra.count", province=f"@toc.province.{p}"), NUMBER, min=0, max=50)
        order = palmyra_order(counts)
        yield Say(msg("toc.palmyra.order", provinces=[f"@toc.province.{p}" for p in order]), "do")
        yield Say(msg("toc.why.palmyra"), "why")
    yield Say(msg("toc.palmyra.leaders_first"), "rule")


#: the crisis results the program tells apart: the two event cards the seed names are results of their own
CRISIS_RESULTS = ("pax_deorum", "palmyra_allies", "ludi_saeculares", "event", "barbarians", "other")
SPECIAL_EVENTS = ("palmyra_allies", "ludi_saeculares")


def ask_crisis(state: dict, data, prefix: str, who):
    """The crisis roll: the program rolls only when the owner has given the table's dice; the result is read off the table."""
    dice = str(data.rules.get("crisis", {}).get("dice", "ask"))
    if dice != "ask":
        yield Roll(f"{prefix}.crisis", dice, msg("toc.crisis.roll", who=who))
    else:
        yield Say(msg("toc.crisis.roll_table", who=who), "do")
    # One question (issue 11): the two special event cards are named among the results, so no second question.
    result = yield Ask(f"{prefix}.crisis", msg("toc.crisis.which", who=who), ONE_OF,
                       tuple(Choice(r, msg("toc.crisis." + r)) for r in CRISIS_RESULTS), default="other")
    event = ""
    if result in SPECIAL_EVENTS:
        result, event = "event", result
    elif result == "event":
        event = "other"
    return result, event


def bot_crisis(state: dict, data, colour: str):
    bots = state["bots"]
    bot = bots[colour]
    state["round"] = max(state["round"], 1)
    if colour == state["bot_order"][0]:
        yield Say(msg("toc.round.title", round=state["round"]), "head")
    bot["emperor_this_turn"] = is_emperor(state, colour)
    yield Say(msg("toc.turn.bot", bot=bot_name(colour, bots)), "head")
    yield Say(msg("toc.phase.crisis"), "head")
    result, event = yield from ask_crisis(state, data, f"toc.{colour}", the_bot(colour, bots))
    yield from crisis_specials(state, data, result, event, colour, f"toc.{colour}")
    state["next"] = {"proc": "bot_influence", "bot": colour}


# -- Take Actions: mode, influence and events ---------------------------------------


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
    # the Emperor's army rule stays in its place for a bot that is not Emperor, marked (README: the numbers of a
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


# -- Take Actions: the Action Priority List and the events ------------------------------


def bot_spend(state: dict, data, colour: str):
    """Seed, Take Actions 2: the priority list from the top, once; an entry is done when its criteria hold and the points pay.

    One question per decision: "which is the next entry whose printed criteria hold now?", offering the entries
    still ahead in the list, in list order, that the bot can still pay for (an entry whose influence type has no
    points left, or whose known cost is more than the points left, is never offered), plus "none of them". The
    pick is done and paid, and the next question starts from the entry after it (from the same entry when the
    printed entry may be done again, G9), until the list ends, the table says none, or the points run out.

    The same answer may name several entries in list order (issue 11: a table that has already played the bot's
    list records it in one line), e.g. ``3 4 9`` or ``3, 4, 9=2`` (``=`` gives a cost inline): perform them in that
    order, and no other entry of the rest of the list holds, so no closing question (``3 none`` says the same of
    one entry; a single ``3`` keeps its meaning: perform it, then the question again). The whole line is checked
    against the single pass before anything is applied (see ``line_check``).
    """
    bots = state["bots"]
    bot = bots[colour]
    name = bot_name(colour, bots)
    yield Say(msg("toc.spend.title", bot=name, points=_points_text(bot)), "head")
    if any(is_provisional(e) for e in data.priority):
        yield provisional("priority.entries")
    else:
        yield Say(msg("toc.spend.owner_list"), "rule")
    entries = list(data.priority)
    done: dict[str, int] = {}
    said: set[str] = set()
    start, k = 0, 0
    performed: list[str] = []  # the actions done so far this turn, in order (what the program knows of the board)
    while start < len(entries) and sum(bot["points"].values()) > 0:
        offered = [e for e in entries[start:] if _can_offer(state, bot, e, done)]
        if not offered:
            break
        yield from _spend_reminders(state, colour, offered, said)
        k += 1
        choices = tuple(_entry_choice(state, e, bot) for e in offered)
        for c in choices:  # the menu, so that a line can name the entries by their list numbers
            yield Say(c.label, "info")
        pick = yield Ask(f"toc.{colour}.apl.{k}", msg("toc.spend.which", bot=name, points=_points_text(bot)), TEXT,
                         choices + (Choice(NONE, msg("toc.spend.none")),),
                         check=line_check(state, bot, entries, offered, done),
                         hint=_line_hint(offered))
        if pick == NONE:
            break
        line = decode_line(pick)
        for n, (eid, given) in enumerate(line):
            i = next(j for j, e in enumerate(entries) if e["id"] == eid)
            entry = entries[i]
            done[eid] = done.get(eid, 0) + 1
            start = i if entry.get("repeat") and done[eid] < REPEAT_MAX else i + 1
            if n and not _still_payable(state, bot, entry, given):
                # an earlier entry of the line cost more than the table's line could know: skipped, as a pick would be
                yield from _skip_line_entry(state, bot, entry, given)
                continue
            yield from _spend_entry(state, data, colour, entry, k, given, performed)
        if len(line) > 1 or pick.endswith(" " + NONE):
            break  # a line says which entries hold: no other entry of the rest of the list does
    if sum(bot["points"].values()) <= 0:
        yield Say(msg("toc.spend.no_points"), "info")
    state["next"] = {"proc": "bot_events", "bot": colour}


def _line_hint(offered: list):
    """The priority question's hint, its examples built from the entries this question offers (a list number the
    pass has gone by would be refused): one entry, a line of up to three in list order, an inline cost on its last."""
    refs = [str(e.get("order", e["id"])) for e in offered]
    line = refs[:3]
    sheet = any(not str(e.get("criteria") or "").lstrip("@").strip() for e in offered)
    return msg("toc.spend.line_hint_sheet" if sheet else "toc.spend.line_hint", one=refs[0], line=" ".join(line), last=line[-1])


def decode_line(value: str) -> list[tuple[str, int | None]]:
    """The stored answer of the priority question: entry ids in order, each with its inline cost (``id=cost``)."""
    out = []
    for token in str(value).split():
        if token == NONE:
            continue
        eid, _, cost = token.partition("=")
        out.append((eid, int(cost) if cost else None))
    return out


def _entry_ref(entry: dict) -> dict:
    return msg("toc.spend.line.entry", order=entry.get("order", 0), action=action_term(entry)).to_data()


def line_check(state: dict, bot: dict, entries: list, offered: list, done: dict):
    """The answer to the priority question, checked whole against the seed's single pass (Take Actions 2) before
    anything is applied: one or more entries named by list number or id, each with an optional inline cost
    (``9=2``), in list order (an entry named twice only when it may be done again), all among those still ahead,
    none of a type whose points the entries before it used up, each payable after those before it are paid (known
    costs, and costs given inline; after an entry whose cost is still to be asked, the later entries of its type are
    checked when they are reached, and skipped if the points no longer pay, as a pick would be). Returns the canonical value: the ids
    separated by spaces (``id=cost`` for an inline cost), or "none". A single entry followed by "none" (``3 none``)
    says that no other entry holds; several entries say it without "none"."""
    by_ref: dict[str, dict] = {}
    for e in offered:
        by_ref[str(e.get("order", ""))] = e
        by_ref[_fold(e["id"])] = e
    index = {e["id"]: n for n, e in enumerate(entries)}
    valid = ", ".join(str(e.get("order", e["id"])) for e in offered)

    def check(value):
        text = str(value).strip()
        tokens = [t for t in re.split(r"[\s,;]+", text) if t]
        if len(tokens) == 1 and _fold(tokens[0]) in NONE_WORDS:
            return NONE
        if not tokens:
            raise InvalidAnswer(msg("toc.spend.line.empty", valid=valid))
        points = dict(bot["points"])
        counts = dict(done)
        learned: dict[str, int] = {}
        unsure: set[str] = set()
        out: list[str] = []
        last = -1
        ended = False
        for token in tokens:
            ref, eq, cost_text = token.partition("=")
            if ended:
                raise InvalidAnswer(msg("toc.spend.line.none_last"))
            if _fold(ref) in NONE_WORDS and not eq:
                ended = True  # "3 none": entry 3, and no other entry of the rest of the list holds
                continue
            entry = by_ref.get(ref.strip()) or by_ref.get(_fold(ref))
            if entry is None:
                every = {str(e.get("order", "")) for e in entries} | {_fold(e["id"]) for e in entries}
                key = "toc.spend.line.not_offered" if (ref.strip() in every or _fold(ref) in every) else "toc.spend.line.unknown"
                raise InvalidAnswer(msg(key, value=ref, valid=valid))
            i = index[entry["id"]]
            if i < last or (i == last and not entry.get("repeat")):
                raise InvalidAnswer(msg("toc.spend.line.order", entry=_entry_ref(entry), before=_entry_ref(entries[last])))
            if counts.get(entry["id"]) and (not entry.get("repeat") or counts[entry["id"]] >= REPEAT_MAX):
                raise InvalidAnswer(msg("toc.spend.line.twice", entry=_entry_ref(entry)))
            last = i
            counts[entry["id"]] = counts.get(entry["id"], 0) + 1
            area = entry["influence"]
            left = points.get(area, 0)
            if left <= 0 and area not in unsure:
                raise InvalidAnswer(msg("toc.spend.line.no_points", entry=_entry_ref(entry), area=area_term(area)))
            known = known_cost(state, entry)
            if known is None:
                known = learned.get(entry["id"])  # a printed cost given earlier in this line
            given = None
            if eq:
                given = _check_cost(None)(cost_text)
                if known is not None and given != known:
                    raise InvalidAnswer(msg("toc.spend.line.cost_known", entry=_entry_ref(entry), cost=known, given=given))
            cost = known if known is not None else given
            if known is None and given is not None and given > left:
                # issue 30: a cost the bot cannot pay is no entry the pass performs (Take Actions 2: an entry the bot
                # cannot pay is skipped), and a printed cost the table did not mean must not be kept for the game:
                # refused, with the likely reading ("5=9" typed for "5 9"). ``left`` is at most the points left here.
                raise InvalidAnswer(msg("toc.spend.line.inline_cannot_pay", entry=_entry_ref(entry), cost=given,
                                        area=area_term(area), points=left, ref=ref.strip()))
            if known is not None and known > left and area not in unsure:
                raise InvalidAnswer(msg("toc.spend.line.cannot_pay", entry=_entry_ref(entry), cost=known, area=area_term(area), points=left))
            if given is not None and cost_mode(state, entry) == "ask":
                learned[entry["id"]] = given
            if cost is None:
                unsure.add(area)  # its cost is asked when it is reached: what it leaves is not known yet
            elif cost <= left:
                points[area] = left - cost
            out.append(entry["id"] if given is None or known is not None else f"{entry['id']}={given}")
        return " ".join(out + ([NONE] if ended and len(out) == 1 else []))

    return check


#: answers that mean "none of them", in English and Portuguese
NONE_WORDS = ("none", "nenhum", "nenhuma", "0", "-")


def _fold(text: str) -> str:
    import unicodedata

    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch)).replace(" ", "_").replace("-", "_") or "-"


def _still_payable(state: dict, bot: dict, entry: dict, given: int | None) -> bool:
    """An entry later in a line, once the entries before it are paid: points of its type left, and its cost (when
    known before asking) not more than them."""
    left = bot["points"].get(entry["influence"], 0)
    cost = known_cost(state, entry)
    return left > 0 and (cost is None or cost <= left)


def _skip_line_entry(state: dict, bot: dict, entry: dict, given: int | None):
    left = bot["points"].get(entry["influence"], 0)
    cost = known_cost(state, entry)
    if cost is None:
        cost = given
    if cost is not None:
        yield Say(msg("toc.spend.cannot_pay", action=action_term(entry), cost=cost, points=left), "info")
    else:
        yield Say(msg("toc.spend.line.skip_no_points", action=action_term(entry), area=area_term(entry["influence"])), "info")
    yield Say(msg("toc.why.spend_skip"), "why")


REPEAT_MAX = 10
NONE = "none"
COST_MAX = 30


def action_term(entry: dict) -> str:
    """How an entry is named: the printed name the owner typed, else the program's action (toc.apl.<id>)."""
    printed = str(entry.get("name") or "").lstrip("@").strip()
    return printed or f"@toc.apl.{entry.get('action', entry['id'])}"


def known_cost(state: dict, entry: dict) -> int | None:
    """The cost the program knows: the owner's printed number, or the one the table gave earlier in this game."""
    cost = cost_mode(state, entry)
    if isinstance(cost, int) and not isinstance(cost, bool):
        return cost
    if cost == "ask":
        return (state.get("apl_costs") or {}).get(entry["id"])
    return None  # "board": depends on the board, asked each time


def cost_mode(state: dict, entry: dict):
    """The entry's printed number, "ask" (read once a game) or "board" (read each time): the data's, unless the table
    said at the once-a-game question that this cost depends on the board (audit item 25), kept for the game."""
    if entry["id"] in (state.get("apl_board") or ()):
        return "board"
    return entry.get("cost", "ask")


def _can_offer(state: dict, bot: dict, entry: dict, done: dict) -> bool:
    """Still offered: points left of its type, enough of them when the cost is known, not done (unless it may repeat)."""
    left = bot["points"].get(entry["influence"], 0)
    if left <= 0:
        return False
    if done.get(entry["id"]) and not entry.get("repeat"):
        return False
    cost = known_cost(state, entry)
    return cost is None or cost <= left


def _entry_choice(state: dict, entry: dict, bot: dict) -> Choice:
    """One short line per entry (audit item 5): list number, action, influence type, the cost when known; the criteria
    only when the owner transcribed them (otherwise the question's hint says once to read them on the sheet)."""
    criteria = str(entry.get("criteria") or "").lstrip("@").strip()
    cost = known_cost(state, entry)
    cost_text = msg("toc.spend.cost_known", cost=cost, area=area_term(entry["influence"])).to_data() if cost is not None \
        else msg("toc.spend.cost_unknown", area=area_term(entry["influence"])).to_data()
    if criteria:
        return Choice(entry["id"], msg("toc.spend.entry_criteria", order=entry.get("order", 0), action=action_term(entry), cost=cost_text,
                                       criteria=criteria))
    return Choice(entry["id"], msg("toc.spend.entry", order=entry.get("order", 0), action=action_term(entry), cost=cost_text))


def _spend_reminders(state: dict, colour: str, offered: list, said: set):
    """The Emperor rules' reminders for a Place Governor on offer, once a turn each."""
    if not state["options"]["emperor_rules"] or not any(e.get("action", e["id"]) == "place_governor" for e in offered):
        return
    name = bot_name(colour, state["bots"])
    if state["bots"][colour]["emperor_this_turn"] and not is_emperor(state, colour) and "limitation" not in said:
        said.add("limitation")
        yield Say(msg("toc.spend.limitation", bot=name), "rule")
    if not is_emperor(state, colour) and emperor_type_now(state) == "populace" and "populace" not in said:
        said.add("populace")
        yield Say(msg("toc.spend.populace_votes"), "rule")


def _check_cost(default: int | None, board: bool = False):
    """A cost: a whole number 0..COST_MAX, empty for the default; with ``board``, also "board" (it depends on the board)."""
    from .priority_edit import BOARD_WORDS

    def check(value):
        text = str(value).strip()
        if not text and default is not None:
            return "" if board else default  # the once-a-game question: Enter is this time's default, not a printed cost
        if board and _fold(text) in BOARD_WORDS:
            return "board"
        try:
            n = int(text)
        except ValueError:
            n = -1
        if not 0 <= n <= COST_MAX:
            raise InvalidAnswer(msg("toc.spend.bad_cost_or_board" if board else "toc.spend.bad_cost", value=text, max=COST_MAX))
        return n
    return check


def ask_cost(state: dict, colour: str, entry: dict, given: int | None = None):
    """Costs are data, asked at most once (issue 11): a printed number is never asked; a printed cost not transcribed is
    asked the first time the entry is picked in this game (the provisional value as the default) and remembered; a
    cost that depends on the board ("board") is asked each time, the last value given in this game as the default."""
    cost = known_cost(state, entry)
    if cost is not None:
        return cost
    eid = entry["id"]
    term = action_term(entry)
    if given is not None:  # given inline in the priority line (issue 11): kept as the cost question's answer would be
        key = "apl_last_cost" if cost_mode(state, entry) == "board" else "apl_costs"
        state.setdefault(key, {})[eid] = given
        return given
    if cost_mode(state, entry) == "ask":
        default = entry.get("cost_default")
        hint = msg("toc.spend.cost_provisional_or_board", default=default, max=COST_MAX) if default is not None \
            else msg("toc.spend.cost_or_board", max=COST_MAX)
        cost = yield Ask(f"toc.apl.{eid}.cost", msg("toc.spend.cost_once", action=term, area=area_term(entry["influence"])), TEXT,
                         check=_check_cost(default, board=True), hint=hint)
        if cost == "":
            # issue 30: Enter takes the provisional default for this time only; only a cost the table states is the
            # printed cost kept for the game, so the question comes again the next time the entry is picked
            if is_provisional(entry):
                yield provisional(f"priority.{eid}.cost_default")
            yield Say(msg("toc.spend.cost_default_once", action=term, cost=default), "info")
            return default
        if cost != "board":
            state.setdefault("apl_costs", {})[eid] = cost
            return cost
        # audit item 25: the table says this cost depends on the board: asked each time from now on, in this game
        board = state.setdefault("apl_board", [])
        if eid not in board:
            board.append(eid)
        yield Say(msg("toc.spend.cost_now_board", action=term), "info")
    if cost_mode(state, entry) == "board":
        default = (state.get("apl_last_cost") or {}).get(eid)
        hint = msg("toc.spend.cost_last", default=default, max=COST_MAX) if default is not None else msg("toc.spend.cost_range", max=COST_MAX)
        cost = yield Ask(f"toc.{colour}.apl.{eid}.cost", msg("toc.spend.cost_board", action=term, area=area_term(entry["influence"])),
                         TEXT, check=_check_cost(default), hint=hint)
        state.setdefault("apl_last_cost", {})[eid] = cost
    return cost


def _spend_entry(state: dict, data, colour: str, entry: dict, k: int, given: int | None = None,
                 performed: list | None = None):
    bot = state["bots"][colour]
    name = bot_name(colour, state["bots"])
    area = entry["influence"]
    action = entry.get("action", entry["id"])
    term = action_term(entry)
    left = bot["points"].get(area, 0)
    cost = yield from ask_cost(state, colour, entry, given)
    cost = int(cost)
    if cost > left:
        yield Say(msg("toc.spend.cannot_pay", action=term, cost=cost, points=left), "info")
        yield Say(msg("toc.why.spend_skip"), "why")
        return
    bot["points"][area] = left - cost
    if performed is not None:
        performed.append(action)
    yield Say(msg("toc.spend.do", bot=name, action=term, cost=cost, area=area_term(area), left=bot["points"][area]), "do")
    yield Say(msg("toc.why.spend_do", order=entry.get("order", 0)), "why")
    target = str(entry.get("target") or "").lstrip("@").strip()
    if target:
        yield Say(msg("toc.spend.target", target=target), "rule")
    if action in ("place_governor", "initiate_battle"):
        yield from events_at(state, data, colour, "place_governor" if action == "place_governor" else "combat")
    if action == "place_governor":
        before = state["emperor"]
        yield from _maybe_emperor(state, data, colour, performed or [])
        if not (state["emperor"] == colour and before != colour):
            bot["governs_unknown"] = True  # a governor the program cannot place: Palmyra Allies offers every province
    elif action == "initiate_battle":
        yield from military_emperor_killed(state, colour, f"toc.{colour}.apl.{entry['id']}")


def military_emperor_killed(state: dict, colour: str | None, ask_prefix: str, invasion: bool = False):
    """Seed, Limitações: a Military Emperor can be killed in battle (the death test itself is cut off, G13: the table
    resolves it). Issue 30: asked where a battle the Emperor's army could be in happened: any Initiate Battle of a bot
    (its own or another's) and a barbarian result of a crisis roll (an invasion), whoever is the Military Emperor,
    a bot or a human; a human's own battles are answered at that human's "did the Emperor change" question.
    ``colour`` is the bot whose turn it is (None in a human's turn). Killed: the Emperor leaves office at once, so
    Ludi Saeculares, the Gain Legacy formula and the Limitation follow the board; a bot killed in its own turn has
    been Emperor this turn, so the Limitation keeps it from Italia for the rest of it."""
    if not state["options"]["emperor_rules"] or emperor_type_now(state) != "military":
        return
    holder = state["emperor"]
    own = holder == colour
    bots = state["bots"]
    if own and not invasion:
        question = msg("toc.emperor.killed_question", bot=bot_name(colour, bots))
    else:
        where = "invasion" if invasion else "battle"
        question = msg(f"toc.emperor.killed_{where}_question", who=_holder_term(state),
                       bot=bot_name(colour, bots) if colour else "")
    killed = yield Ask(f"{ask_prefix}{'.invasion' if invasion else ''}.emperor_killed", question, YES_NO, default=False)
    yield provisional("rules.emperor.military_rest")
    if not killed:
        return
    who = _holder_term(state)
    _remove_emperor(state)
    if own:
        yield Say(msg("toc.emperor.killed", bot=bot_name(colour, bots)), "score")
    else:
        yield Say(msg("toc.emperor.token_off", who=who), "score")


def _points_text(bot: dict) -> list:
    return [msg("toc.points_of", points=n, area=area_term(a)).to_data() for a, n in bot["points"].items() if n]


def commands_an_army(performed: list) -> bool:
    """The program knows the bot commands an army when it did Create Army this turn (rules file §2.7: an available
    General enters a province and forms an army) and no Initiate Battle since, a battle that army could lose."""
    if "create_army" not in performed:
        return False
    last = len(performed) - 1 - performed[::-1].index("create_army")
    return "initiate_battle" not in performed[last + 1:]


def italia_limited(state: dict, was_emperor_this_turn: bool) -> bool:
    """Seed 000 l.90 (Limitações, with the Emperor rules): a faction that has been Emperor at any point of its current
    turn, a bot or a human, may not attempt Place Governor in Italia in it (a Military Emperor killed in battle or by
    an invasion in its own Crisis Phase)."""
    return bool(state["options"]["emperor_rules"]) and not can_attempt_italia(was_emperor_this_turn)


def _maybe_emperor(state: dict, data, colour: str, performed: list | None = None):
    """A successful Place Governor in Italia makes the bot Emperor (seed, Tornar-se Imperador)."""
    bots = state["bots"]
    previous = state["emperor"]
    if previous == colour:  # already Emperor, so already Italia's governor: this Place Governor was elsewhere
        return
    # Limitações: a bot that has been Emperor this turn (and is no longer) may not attempt Italia: no question.
    limited = italia_limited(state, bots[colour]["emperor_this_turn"])
    won = False if limited else (yield Ask(f"toc.{colour}.italia", msg("toc.emperor.won_italia", bot=bot_name(colour, bots)), YES_NO,
                                                 default=False))
    if not won:
        if previous != colour and state["options"]["emperor_rules"] and emperor_type_now(state) == "populace":
            # Populace Emperor, Removal: also a successful Place Governor in the province holding the Emperor token.
            there = yield Ask(f"toc.{colour}.populace_province", msg("toc.emperor.won_populace_province", bot=bot_name(colour, bots)), YES_NO,
                                default=False)
            if there:
                _remove_emperor(state)
                yield Say(msg("toc.emperor.removed_populace"), "score")
                yield Say(msg("toc.why.populace_removed"), "why")
        return
    old_holder = _holder_term(state)
    _remove_emperor(state)
    state["emperor"] = colour
    bot = bots[colour]
    bot["emperor_this_turn"] = True
    if old_holder is not None and state["options"]["emperor_rules"]:
        # Tornar-se Imperador: there is only one Emperor: the previous Emperor's token leaves the board
        yield Say(msg("toc.emperor.previous_token_off", who=old_holder), "do")
    if not state["options"]["emperor_rules"]:
        yield Say(msg("toc.emperor.becomes", bot=bot_name(colour, bots)), "score")
        return
    mat = data.mat(bot["mat"])
    if data.settings.get("harder_challenge", False):
        kind = yield Ask(f"toc.{colour}.emperor_type", msg("toc.emperor.which_type"), ONE_OF,
                         tuple(Choice(k, msg("toc.emperor.type." + k)) for k in ("senate", "populace", "military")))
    else:
        kind = emperor_type_for_area(mat["preferred"])
        yield Say(msg("toc.why.emperor_type", area=area_term(mat["preferred"])), "why")
    # G18: with the harder challenge the table chose the type, so the type is not said to be the preferred area's
    becomes = "toc.emperor.becomes_type_chosen" if data.settings.get("harder_challenge", False) else "toc.emperor.becomes_type"
    if kind != "senate" and not data.settings.get("harder_challenge", False):
        # Tornar-se Imperador: a Populace Emperor's token needs the bot's Governor outside Italia, a Military Emperor's
        # its General with an army; without one that type cannot be taken (G11: fallback, provisional).
        if kind == "military" and commands_an_army(performed or []):
            possible = True  # issue 11: its army of this turn's Create Army carries the token: no question
            yield Say(msg("toc.why.emperor_army_known", bot=bot_name(colour, bots)), "why")
        else:
            possible = yield Ask(f"toc.{colour}.emperor_{kind}_possible", msg(f"toc.emperor.possible.{kind}", bot=bot_name(colour, bots)), YES_NO)
        if not possible:
            yield Say(msg("toc.emperor.fallback", bot=bot_name(colour, bots), type=f"@toc.emperor.type.{kind}"), "rule")
            fallback = (data.settings.get("emperor_bot_placement") or {}).get("fallback", "senate")
            if fallback == "ask":
                kind = yield Ask(f"toc.{colour}.emperor_type", msg("toc.emperor.which_fallback", bot=bot_name(colour, bots)), ONE_OF,
                                 tuple(Choice(k, msg("toc.emperor.type." + k)) for k in EMPEROR_TYPES if k != kind))
            else:
                kind = fallback
            becomes = "toc.emperor.becomes_type_fallback"
            yield provisional("settings.emperor_bot_placement.fallback")
    bot["emperor_type"] = kind
    yield Say(msg(becomes, bot=bot_name(colour, bots), type=f"@toc.emperor.type.{kind}"), "score")
    yield Say(msg("toc.emperor.place." + kind), "do")
    for part in ("legacy", "advantages", "disadvantages", "removal"):
        yield Say(msg(f"toc.emperor.{kind}.{part}"), "rule")
    if kind != "senate":
        yield provisional("settings.emperor_bot_placement")


def _holder_term(state: dict):
    """The current Emperor as a message parameter inside a sentence, with its article as a bot's ("o bot Vermelho",
    "o jogador humano 1", "um jogador humano"), None when nobody reigns."""
    who = state["emperor"]
    if who in state["bots"]:
        return the_bot(who, state["bots"])
    if who == "human":
        n = (state.get("human_emperor") or {}).get("player")
        return msg("toc.the_human", n=n).to_data() if n else "@toc.emperor.a_human"
    return None


def _remove_emperor(state: dict) -> None:
    """The Emperor leaves office: the bot's type is cleared, a human Emperor's record dropped."""
    previous = state["emperor"]
    if previous in state["bots"]:
        state["bots"][previous]["emperor_type"] = ""
    state.pop("human_emperor", None)
    state["emperor"] = "none"


def bot_events(state: dict, data, colour: str):
    """Seed, Take Actions 3: up to two events, each by the AI Event Guidelines printed on the instruction sheet."""
    bots = state["bots"]
    bot = bots[colour]
    for role in ("primary", "secondary"):
        card = bot[role].get("card")
        if not card:
            continue
        shown = _card_shown(data, card)
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
    name = _fold(cat.get(which) or "")
    if name == "-":
        return None
    return next((c["id"] for c in data.cards if _fold(c.get("name") or "") == name), None)


def slot_could_be(data, slot: str, card_id: str) -> bool:
    """Whether the event of that pile may be the card ``card_id``: its name, when the data give the pile's card; else
    when nothing known of the card (its influence, value and set: rules file §2.4, MISSING ones are 0 or "") rules it
    out and the data do not put the card on another pile."""
    cat, which = _slot_category(data, slot)
    known = slot_card(data, slot)
    if known is not None or str(cat.get(which) or "").strip():
        return known == card_id
    card = data.card(card_id)
    elsewhere = any(_fold(c.get(w) or "") == _fold(card.get("name") or "") for c in data.categories for w in ("base", "expansion"))
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
        yield Say(msg(f"toc.events.now.{moment}", bot=bot_name(colour, state["bots"]), card=_card_shown(data, card)), "do")
        if slot_card(data, card) == "damnatio_memoriae" and state["options"]["emperor_rules"] \
                and emperor_type_now(state) == "senate" and not is_emperor(state, colour):
            # seed line 101 (Senate Emperor, Special Advantages): nobody may attack a Senate Emperor with Damnatio
            # Memoriae when replacing it
            yield Say(msg("toc.events.damnatio_senate", who=_holder_term(state)), "rule")
        yield from _guideline(data, card)


def _card_shown(data, card: str):
    cat_id, which = card.split(":")
    cat = data.category(*_cat_key(cat_id))
    return cat.get(which) or msg("toc.card.unnamed", category=f"@toc.category.{cat_id}", set=f"@toc.set.{which}").to_data()


def _guideline(data, card: str):
    guideline = str((data.card_guidelines.get(card) or {}).get("text") or "").lstrip("@").strip()
    if guideline:
        yield Say(msg("toc.events.guideline_owner", guideline=guideline), "rule")
    elif is_provisional(data.guidelines):
        yield provisional("events.guidelines")


# -- Gain Legacy ---------------------------------------------------------------------


def bot_legacy(state: dict, data, colour: str):
    """The bot's Gain Legacy phase: the base game's amount from the table, plus the Emperor type's formula."""
    bots = state["bots"]
    bot = bots[colour]
    name = bot_name(colour, bots)
    yield Say(msg("toc.phase.legacy"), "head")
    kind = bot["emperor_type"] if is_emperor(state, colour) and state["options"]["emperor_rules"] else ""
    # Legacy from battles is gained when they are won (seed, Military Emperor: "cada batalha vencida"), so the question
    # covers the whole turn; an Emperor's own Legacy is its type's formula (G14), asked next.
    question = {"": msg("toc.legacy.base", bot=name), "military": msg("toc.legacy.base_military", bot=name)}.get(
        kind, msg("toc.legacy.base_emperor", bot=name, type=f"@toc.emperor.type.{kind}"))
    base = yield Ask(f"toc.{colour}.legacy", question, NUMBER, min=0, max=60)
    bot["legacy"] += base
    if kind:
        pretenders = yield Ask(f"toc.{colour}.pretenders", msg("toc.legacy.pretenders"), NUMBER, min=0, max=12, default=0)
        if kind == "senate":
            support = yield Ask(f"toc.{colour}.support", msg("toc.legacy.support_italia"), NUMBER, min=0, max=10)
            gain = senate_legacy(support, pretenders)
        elif kind == "populace":
            support = yield Ask(f"toc.{colour}.support", msg("toc.legacy.support_emperor"), NUMBER, min=0, max=10)
            gain = populace_legacy(support, pretenders)
        else:
            battle = yield Ask(f"toc.{colour}.battle_legacy", msg("toc.legacy.battle"), NUMBER, min=0, max=60, default=0)
            triumph = 0
            if any(bot[r].get("card") and slot_could_be(data, bot[r]["card"], "triumph") for r in ("primary", "secondary")):
                # seed, Military Emperor: a Triumph bonus is not doubled, so it has its own question; asked only in a
                # turn whose event may be Triumph (issue 30)
                triumph = yield Ask(f"toc.{colour}.triumph", msg("toc.legacy.triumph", bot=name), NUMBER, min=0, max=20, default=0)
            change = military_legacy_change(bot["legacy"], battle, pretenders, triumph_bonus=triumph,
                                            cap=data.settings.get("pretender_cap", "legacy_total"))
            gain = change["legacy_change"]
            yield provisional("settings.pretender_cap")
        bot["legacy"] = max(0, bot["legacy"] + gain)
        yield Say(msg("toc.legacy.emperor", bot=name, type=f"@toc.emperor.type.{kind}", gain=gain), "score")
    yield Say(msg("toc.legacy.total", bot=name, legacy=bot["legacy"]), "score")
    state["next"] = {"proc": "bot_buy", "bot": colour}


# -- Buy/Trash and End of Turn ---------------------------------------------------------


def bot_buy(state: dict, data, colour: str):
    """Seed, AI Buy/Trash Cards Phase."""
    bots = state["bots"]
    bot = bots[colour]
    mat = data.mat(bot["mat"])
    name = bot_name(colour, bots)
    yield Say(msg("toc.phase.buy"), "head")
    for area in AREAS:
        if bot["cylinder"][area] == "track":
            bot["cylinder"][area] = "zero"
        bot["points"][area] = 0
    yield Say(msg("toc.buy.lost"), "do")
    was_plus2 = bot["marker"] == "plus2"
    if was_plus2:
        bot["marker"] = "portrait"
        yield Say(msg("toc.buy.portrait", bot=name), "do")
    removal = data.settings.get("ludi_marker_removal", "after_use")
    if bot["ludi"] and (was_plus2 or (removal == "after_use" and bot["ludi_applied"])):
        bot["ludi"] = False
        bot["ludi_applied"] = False
        yield Say(msg("toc.buy.ludi_removed"), "do")
        if not was_plus2 and is_provisional(data.settings, "ludi_marker_removal"):
            # G2: the seed removes it only as the mode marker returns from "+2"; on the portrait side it is the setting's
            yield provisional("settings.ludi_marker_removal")
    political = yield Ask(f"toc.{colour}.political", msg("toc.buy.political", bot=name), NUMBER, min=0, max=60)
    order = advancement_order(bot, mat["area_order"])
    yield Say(msg("toc.why.advance_order", order=[area_term(a) for a in order], points=political), "why")
    checked: list[tuple[str, int]] = []
    moves = advance(bot, mat["track"], mat["area_order"], political, checked)
    shaky = [f"mats.{bot['mat']}.area_order"] if checked and is_provisional(mat, "area_order") else []
    shaky += [f"mats.{bot['mat']}.track.{a}.{n}" for a, n in checked if is_provisional(mat["track"][a][n], "cost")]
    if shaky:  # rules file §3.0.1: the circles' costs (and the area order) that decided are provisional
        yield provisional(", ".join(shaky))
    for area, circle, cost in moves:
        yield Say(msg("toc.buy.advance", area=area_term(area), circle=circle, cost=cost), "do")
    if not moves:
        bot["marker"] = "plus2"
        yield Say(msg("toc.buy.plus2", bot=name), "do")
        yield Say(msg("toc.why.plus2"), "why")
    state["next"] = {"proc": "bot_end", "bot": colour}


def bot_end(state: dict, data, colour: str):
    """Seed, AI End of Turn: three cylinders in the "0" box means the Available Pile is spent: all back to Available."""
    bot = state["bots"][colour]
    if zero_box(bot) == 3:
        for area in AREAS:
            bot["cylinder"][area] = "available"
        yield Say(msg("toc.end.reset", bot=bot_name(colour, state["bots"])), "do")
    bot["primary"] = {"area": "", "points": 0, "event": 0}
    bot["secondary"] = {"area": "", "points": 0, "event": 0}
    bot["emperor_this_turn"] = False
    state["next"] = next_after_bot(state, colour)


# -- Humans and the end of a round -----------------------------------------------------


def human_turn(state: dict, data, i: int):
    """A human player's turn: the program asks only what changes its bots (crisis specials, the Emperor)."""
    if not state["bot_order"] and i == 1:
        yield Say(msg("toc.round.title", round=state["round"]), "head")
    yield Say(msg("toc.turn.human", n=i), "head")
    held = state.get("human_emperor") or {}
    emperor_at_start = state["emperor"] == "human" and held.get("player") == i  # Limitações: this turn's, from here on
    if emperor_at_start and state["options"]["emperor_rules"]:
        yield Say(msg("toc.emperor.human_limitation", player=msg("toc.human", n=i).to_data()), "rule")
        kind = held.get("type", "")
        if kind:  # Tipos de Imperador, Gain Legacy: the type's rule, for the player's own Gain Legacy phase
            yield Say(msg(f"toc.emperor.{kind}.legacy"), "rule")
            yield Say(msg("toc.emperor.human_legacy_hint", command=f"tabletop toc emperor-legacy {kind}"), "rule")
    scope = data.settings.get("crisis_special_cases_scope", "any_roll")
    if scope == "any_roll" and state["bot_order"]:
        result, event = yield from ask_crisis(state, data, f"toc.human{i}", msg("toc.the_human", n=i).to_data())
        yield from crisis_specials(state, data, result, event, None, f"toc.human{i}")
    # Tornar-se Imperador: only a Place Governor in Italia during one's own turn makes an Emperor, so after a human's
    # turn the Emperor is the same one, nobody (the Emperor left office), or this human: no other bot is offered.
    # Audit item 20: the question is whether that changed, and Enter keeps the Emperor the program tracks.
    old = state["emperor"]
    player = msg("toc.the_human", n=i).to_data()
    holder = _holder_term(state)
    # a Military Emperor killed in this human's own battle is said here, where it happened (issue 30)
    left = "toc.emperor.left_office_military" if state["options"]["emperor_rules"] and emperor_type_now(state) == "military" \
        else "toc.emperor.left_office"
    # seed line 103 (Senate Emperor, Removal): only another faction's successful Place Governor in Italia removes a
    # Senate Emperor, so "left office" stays in its place, refused with the reason (the menu's numbers never move)
    stays = msg("toc.emperor.senate_stays", who=holder) \
        if old != "none" and state["options"]["emperor_rules"] and emperor_type_now(state) == "senate" else None
    # seed line 112 (Populace Emperor, Removal): only another faction's successful Place Governor, in Italia or in the
    # Emperor token's province, removes a Populace Emperor: never in that Emperor's own turn
    if old == "human" and held.get("player") == i and state["options"]["emperor_rules"] and emperor_type_now(state) == "populace":
        stays = msg("toc.emperor.populace_stays", who=holder)
    choices = [Choice("none", msg("toc.emperor.still_nobody") if old == "none" else msg(left, who=holder), unavailable=stays)]
    choices += [Choice(c, msg("toc.emperor.still", who=holder)) for c in state["bot_order"] if c == old]
    # Limitações (seed line 90): this player was Emperor earlier in this turn (a Military Emperor killed by an invasion
    # in the Crisis Phase): "took Italia" stays in its place, refused with the reason, as the bots' Italia question
    barred = msg("toc.emperor.limitation_took", player=player) if italia_limited(state, emperor_at_start) else None
    took = Choice("human", msg("toc.emperor.took_italia", player=player), unavailable=barred)
    if old == "human" and held.get("player", i) == i:
        choices += [Choice("human", msg("toc.emperor.still", who=holder))]
    elif old == "human":
        # issue 30: another human reigns: "still that human" and "this player took Italia" are two answers of the one
        # question, so a turn in which nothing changed is one question, not two
        choices += [Choice("human", msg("toc.emperor.still", who=holder)), Choice(TOOK, took.label, TOOK_ALIASES, unavailable=took.unavailable)]
    else:
        choices += [took]
    who = yield Ask(f"toc.human{i}.emperor", msg("toc.emperor.changed", player=msg("toc.human", n=i).to_data()), ONE_OF, tuple(choices), default=old)
    # Only a Place Governor in Italia during one's own turn makes an Emperor (seed, Tornar-se Imperador): a change to
    # "a human" after player i's turn is player i.
    new_human = who == TOOK or (who == "human" and old != "human")
    if who == TOOK:
        who = "human"
    if (new_human or who == "none") and old != "none" and state["options"]["emperor_rules"]:
        # Tornar-se Imperador: one Emperor, one Emperor token on the board: the previous Emperor's token comes off
        # (issue 30: told when a human takes the throne from a bot, as when a bot takes it)
        yield Say(msg("toc.emperor.previous_token_off" if new_human else "toc.emperor.token_off", who=holder), "do")
    if who != old:
        if old in state["bots"]:
            state["bots"][old]["emperor_type"] = ""
        state["emperor"] = who
        if who in state["bots"]:
            mat = data.mat(state["bots"][who]["mat"])
            state["bots"][who]["emperor_type"] = emperor_type_for_area(mat["preferred"]) if state["options"]["emperor_rules"] else ""
    if who != "human":
        state.pop("human_emperor", None)
    if new_human:
        yield from human_emperor(state, i)
    n = state["options"]["humans"]
    state["next"] = {"proc": "human", "i": i + 1} if i < n else {"proc": "round_end"}


#: the answer "this human player took Italia from the human Emperor" (issue 30), and its Portuguese words
TOOK = "took"
TOOK_ALIASES = ("tomou", "new", "novo")

#: answers that name an Emperor type, in English and Portuguese
TYPE_ALIASES = {"senate": ("sen", "senado"), "populace": ("pop", "povo", "popular"), "military": ("mil", "militar")}


def human_emperor(state: dict, i: int):
    """Human player i became Emperor (seed, Tornar-se Imperador): with the Emperor rules the player chooses where the
    Emperor token goes, and so the type (Tipos de Imperador); the program shows that type's rules, as for a bot."""
    player = msg("toc.human", n=i).to_data()
    if not state["options"]["emperor_rules"]:
        state["human_emperor"] = {"player": i, "type": ""}
        yield Say(msg("toc.emperor.human_becomes", player=player), "score")
        return
    kind = yield Ask(f"toc.human{i}.emperor_type", msg("toc.emperor.human_which", player=player), ONE_OF,
                     tuple(Choice(k, msg("toc.emperor.choice." + k), TYPE_ALIASES[k]) for k in EMPEROR_TYPES))
    state["human_emperor"] = {"player": i, "type": kind}
    yield Say(msg("toc.emperor.human_becomes_type", player=player, type=f"@toc.emperor.type.{kind}"), "score")
    yield Say(msg("toc.emperor.human_place." + kind), "do")
    yield Say(msg("toc.emperor.one_token"), "rule")
    for part in ("legacy", "advantages", "disadvantages", "removal"):
        yield Say(msg(f"toc.emperor.{kind}.{part}"), "rule")


def end_question(state: dict, data) -> Ask:
    """Whether the game ended this round. The end trigger is MISSING from every source (rules file §2.10, §3.11: games
    are played to 60 Legacy [S], the end procedure follows the base rulebook), so the table is asked; the program knows
    the bots' Legacy, so the question says which side could have ended it. No bot at the goal: the question is about the
    humans, and Enter means "no, carry on" (wave 2, audit item 1). A bot at the goal: the game usually ends, Enter means yes."""
    threshold = data.rules.get("legacy", {}).get("end_threshold", 60)
    qid = f"toc.round{state['round']}.over"
    bots = state["bots"]
    if not state["bot_order"]:
        return Ask(qid, msg("toc.round.over", threshold=threshold), YES_NO, default=False)
    best = max(state["bot_order"], key=lambda c: bots[c]["legacy"])
    if bots[best]["legacy"] >= threshold:
        return Ask(qid, msg("toc.round.over_bot", bot=bot_name(best, bots), legacy=bots[best]["legacy"], threshold=threshold),
                   YES_NO, default=True)
    return Ask(qid, msg("toc.round.over_humans", threshold=threshold, best=bots[best]["legacy"]), YES_NO, default=False)


def round_end(state: dict, data):
    # issue 14: the bots' Legacy at the end of every round, for the end-of-game chart (old saves have no history)
    history = state.setdefault("legacy_history", [])
    history[:] = [h for h in history if h["round"] < state["round"]]
    history.append({"round": state["round"], "legacy": {c: state["bots"][c]["legacy"] for c in state["bot_order"]}})
    legacy = [msg("toc.legacy_of", bot=bot_name(c, state["bots"]), legacy=state["bots"][c]["legacy"]).to_data() for c in state["bot_order"]]
    if legacy:
        yield Say(msg("toc.round.legacy", legacy=legacy), "info")
    over = yield end_question(state, data)
    if over:
        state["over"] = True
        yield Say(msg("toc.round.game_over"), "score")
        yield from endgame.final_scoring(state, data)  # the humans' final Legacy and the winner
        state["next"] = {"proc": "over"}
        return
    state["round"] += 1
    state["next"] = {"proc": "bot_crisis", "bot": state["bot_order"][0]} if state["bot_order"] else {"proc": "human", "i": 1}
