"""A Radlands turn: Events, Replenish, then Actions one at a time (seed "Fluxo do Jogo", "Ações e Como Jogar").

Each action is a step of its own (so undo takes back one action). The program keeps the water, refuses what
cannot be paid or placed, and tells what to move; the table names the cards it plays from hand.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..core.statecopy import copied
from ..core.steps import ONE_OF, Ask, Choice, InvalidAnswer, Msg, Say, msg, relay
from . import board
from . import targets
from .card_effects import enter_person, run_effect, run_effects
from .cards import ability_cost, abilities_of, available_people, card_choices, cheapest, columns_for_people, condition_holds
from .effects import Ctx, apply_change, flat_menu, draw_cards, report_changes, zero_cost_marker
from .queue import event_bomb, events_phase, place_event

ACTIONS = ("person", "event", "draw", "junk", "silo", "ability", "change", "end")


def new_turn(state: dict, side: str) -> dict:
    return {
        "player": side, "number": state["turn"]["number"] + 1, "water": 0, "extra": 0,
        "people_entered": 0, "event_resolved": False, "own_raiders_resolved": False, "events_played": 0,
        "first_ability_card": "", "high_ground": False,
    }


# -- phase 1: Events -----------------------------------------------------------------------------------


def events_step(state: dict, data, side: str):
    state["turn"] = new_turn(state, side)
    me = state["players"][side]
    me["turns"] += 1
    board.refresh(me)
    yield Say(msg("radlands.turn.start", player=me["name"], n=state["turn"]["number"]), "head")
    from .history import record_turn  # the camps turn by turn, for the end-of-game chart

    record_turn(state)
    yield from events_phase(Ctx(state, data, side))
    state["next"] = {"proc": "replenish", "p": side, "name": me["name"], "turn": state["turn"]["number"]}


# -- phase 2: Replenish --------------------------------------------------------------------------------


def replenish_step(state: dict, data, side: str):
    """Seed, Fluxo do Jogo 2: draw a card, then take 3 water (the first player's first turn: 1)."""
    yield from draw_cards(Ctx(state, data, side), side, 1)
    if state.get("over"):
        return
    # extra water gained in the Events phase stays for this turn (seed, Água Extra); new_turn started it at 0
    yield from take_water(state, side)
    state["next"] = action_step(state, side, 1)


def take_water(state: dict, side: str):
    """Seed, Fluxo do Jogo 2: the turn's water, 3 (the first player's first turn: 1)."""
    me = state["players"][side]
    first = side == state["first_player"] and me["turns"] == 1
    state["turn"]["water"] = int(state["rules"]["start_player_first_turn_water"] if first else state["rules"]["water_per_turn"])
    yield Say(msg("radlands.replenish.water_first" if first else "radlands.replenish.water", player=me["name"], n=state["turn"]["water"]), "do")


def action_step(state: dict, side: str, k: int) -> dict:
    return {"proc": "action", "p": side, "name": state["players"][side]["name"], "turn": state["turn"]["number"], "k": k}


# -- phase 3: Actions ----------------------------------------------------------------------------------


def usable_sources(state: dict, data, side: str) -> list[tuple[Choice, dict, list]]:
    me = state["players"][side]
    left = board.water_left(state)
    out = []
    for c, camp in enumerate(me["camps"]):
        if not board.camp_ready(camp):
            continue
        src = {"kind": "camp", "card": camp["id"], "c": c}
        abs_ = [(n, ab, t) for n, ab, t in abilities_of(state, data, side, src)
                if condition_holds(state, side, ab, camp) and ability_cost(state, data, side, ab) <= left]
        if abs_:
            out.append((targets.camp_choice(state, data, side, c), src, abs_))
    for c, col in enumerate(me["columns"]):
        for i, p in enumerate(col):
            if not board.person_ready(p):
                continue
            src = {"kind": "person", "card": p["card"], "c": c, "uid": p["uid"]}
            abs_ = [(n, ab, t) for n, ab, t in abilities_of(state, data, side, src)
                    if condition_holds(state, side, ab, None) and ability_cost(state, data, side, ab) <= left]
            if abs_:
                out.append((targets.person_choice(state, data, side, c, i), src, abs_))
    return out


def playable_people(state: dict, data, side: str) -> list[str]:
    left = board.water_left(state)
    columns = columns_for_people(state, data, side)
    return [c for c in available_people(state, data, "person") if cheapest(state, data, side, c, columns) <= left]


def playable_events(state: dict, data, side: str) -> list[str]:
    left = board.water_left(state)
    ctx = Ctx(state, data, side)
    return [c for c in available_people(state, data, "event")
            if int(data.card(c)["cost"]) <= left and board.event_space(state["players"][side]["queue"], event_bomb(ctx, c)) >= 0]


def legal_actions(state: dict, data, side: str) -> list[str]:
    me = state["players"][side]
    left = board.water_left(state)
    r = state["rules"]
    ok = {
        "person": me["hand"] > 0 and bool(playable_people(state, data, side)),
        "event": me["hand"] > 0 and bool(playable_events(state, data, side)),
        "draw": left >= int(r["draw_action_cost"]),
        "junk": me["hand"] > 0 or me["silo"] == "hand",
        "silo": me["silo"] == "area" and left >= int(r["take_silo_cost"]),
        "ability": bool(usable_sources(state, data, side)),
        "change": True,
        "end": True,
    }
    return [a for a in ACTIONS if ok[a]]


def action_blocks(state: dict, data, side: str) -> dict[str, Msg]:
    """Why each action the player cannot take now is unavailable (the action menu keeps it in its place)."""
    me = state["players"][side]
    left = board.water_left(state)
    r = state["rules"]
    legal = set(legal_actions(state, data, side))
    out: dict[str, Msg] = {}
    for a in ACTIONS:
        if a in legal:
            continue
        if a in ("person", "event") and me["hand"] == 0:
            out[a] = msg("radlands.unavailable.no_hand")
        elif a == "person":
            out[a] = msg("radlands.unavailable.no_person", water=left)
        elif a == "event":
            dear = all(int(data.card(c)["cost"]) > left for c in available_people(state, data, "event"))
            out[a] = msg("radlands.unavailable.no_event" if dear else "radlands.unavailable.queue_full", water=left)
        elif a == "draw":
            out[a] = msg("radlands.unavailable.water", cost=r["draw_action_cost"], water=left)
        elif a == "junk":
            out[a] = msg("radlands.unavailable.no_junk")
        elif a == "silo" and me["silo"] != "area":
            out[a] = msg("radlands.unavailable.silo_away")
        elif a == "silo":
            out[a] = msg("radlands.unavailable.water", cost=r["take_silo_cost"], water=left)
        elif a == "ability":
            out[a] = msg("radlands.unavailable.no_ability", water=left)
    return out


def action(state: dict, data, side: str, k: int):
    me = state["players"][side]
    yield Say(msg("radlands.action.status", player=me["name"], water=board.water_left(state), hand=me["hand"],
                  silo="@radlands.silo." + me["silo"]), "info")
    if flat_menu(state):
        choices = menu_choices(state, data, side)
    else:
        # every action keeps its place and number; one the player cannot take now is marked with the reason
        blocks = action_blocks(state, data, side)
        choices = tuple(Choice(a, msg("radlands.action." + a, cost_draw=state["rules"]["draw_action_cost"],
                                      cost_silo=state["rules"]["take_silo_cost"]), unavailable=blocks.get(a)) for a in ACTIONS)
    while True:
        # Enter ends the turn: never a card played or an ability used that the table did not (wave-2 item 3)
        what = yield Ask("action", msg("radlands.ask.action", player=me["name"]), ONE_OF, choices, default="end")
        before = copied(state)
        try:
            yield from relay(run_action(Ctx(state, data, side), what), with_back)
        except Back:
            # nothing of the action is kept: the state as it was before the pick, and the menu again
            state.clear()
            state.update(before)
            me = state["players"][side]
            yield Say(msg("radlands.back.done"), "info")
            yield Say(msg("radlands.action.status", player=me["name"], water=board.water_left(state), hand=me["hand"],
                          silo="@radlands.silo." + me["silo"]), "info")
            if flat_menu(state):
                choices = menu_choices(state, data, side)
            continue
        break
    if state.get("over"):
        return
    if what == "end":
        nxt = board.other(side)
        state["next"] = {"proc": "events", "p": nxt, "name": state["players"][nxt]["name"], "turn": state["turn"]["number"] + 1}
    else:
        state["next"] = action_step(state, side, k + 1)


def run_action(ctx: Ctx, what: str):
    if what in ACTION_PROCS:
        yield from ACTION_PROCS[what](ctx)
    else:
        yield from concrete_action(ctx, what)


# -- "back": from a menu that follows a pick, to the action menu with nothing applied (wave-2 item 3) ------------
#
# Every menu of the action after the pick (a target, a column, a place, an optional target) gets a last item
# "back". Picking it throws the action away: the step's state goes back to what it was before the pick and the
# action menu is asked again, in the same step. Not offered where the table reports what it has seen (a revealed
# or flipped card: it cannot be taken back) nor on what the turn's menu asks first.

BACK = "back"
NO_BACK = ("scientist", "flipped", "mercenary")


class Back(Exception):
    """The player picked "back" in a menu of the action: nothing of it is kept."""


def with_back(item):
    if not (isinstance(item, Ask) and item.kind == ONE_OF) or any(w in item.id for w in NO_BACK) \
            or any(c.value == BACK for c in item.choices):
        return (yield item)
    check = item.check
    optional = any(c.value == "none" for c in item.choices)
    ask = replace(item, choices=item.choices + (Choice(BACK, msg("radlands.back.choice"), ("voltar",)),),
                  check=None if check is None else (lambda v: v if v == BACK else check(v)),
                  default=item.default if item.default is not None else ("none" if optional else BACK))
    value = yield ask
    if value == BACK:
        raise Back()
    return value


# -- one menu of concrete actions (menu version 2) ----------------------------------------------------------
#
# Stable order, so that an item keeps its number while the board changes: the fixed actions, the abilities of the
# three camps, every person of the game, every event, every card to junk, the reports of a change, and last the
# abilities of the people on the table (the only part whose length changes). An item the player cannot take now
# stays in its place, marked with the reason. The hand's cards are not known to the program: a card of which no
# copy can be in a hand (all seen in play, in queues or among known discards) is marked so.

REPORTS = ("damage", "destroy", "restore", "revive", "punk", "move", "to_hand", "draw", "discard", "water")
LEGACY = ("person", "event", "junk", "ability", "change")  # the categories of menu version 1, still accepted by name


def menu_choices(state: dict, data, side: str) -> tuple[Choice, ...]:
    me = state["players"][side]
    left = board.water_left(state)
    r = state["rules"]
    blocks = action_blocks(state, data, side)
    items = _card_items(data)
    out = [Choice("end", msg("radlands.action.end"))]
    out.append(Choice("draw", msg("radlands.action.draw", cost_draw=r["draw_action_cost"]), unavailable=blocks.get("draw")))
    out.append(Choice("silo", msg("radlands.action.silo", cost_silo=r["take_silo_cost"]), unavailable=blocks.get("silo")))
    camp_items, people_items = ability_items(state, data, side)
    out += camp_items
    no_hand = me["hand"] == 0
    people = set(available_people(state, data, "person"))
    columns = columns_for_people(state, data, side)
    for cid, item in items["person"]:
        if no_hand:
            out.append(item.no_hand)
        elif cid not in people:
            out.append(item.no_copy)
        elif (cost := cheapest(state, data, side, cid, columns)) > left:
            out.append(item.unavailable(msg("radlands.unavailable.water", cost=cost, water=left)))
        else:
            out.append(item.available)
    events = set(available_people(state, data, "event"))
    ctx = Ctx(state, data, side)
    for cid, item in items["event"]:
        card = data.events[cid]
        if no_hand:
            out.append(item.no_hand)
        elif cid not in events:
            out.append(item.no_copy)
        elif int(card["cost"]) > left:
            out.append(item.unavailable(msg("radlands.unavailable.water", cost=card["cost"], water=left)))
        elif board.event_space(me["queue"], event_bomb(ctx, cid)) < 0:
            out.append(item.unavailable(msg("radlands.unavailable.event_queue", bomb=event_bomb(ctx, cid))))
        else:
            out.append(item.available)
    silo = items["junk_silo"]
    out.append(silo.available if me["silo"] == "hand" else silo.unavailable(msg("radlands.unavailable.silo_not_in_hand")))
    for cid, item in items["junk"]:
        out.append(item.no_hand if no_hand else item.no_copy if cid not in people and cid not in events else item.available)
    out += [Choice("change:" + k, msg("radlands.menu.change", change="@radlands.change." + k)) for k in REPORTS]
    out += people_items
    # the earlier menu's words are refused for the same reasons (the state has not changed since ``blocks``)
    out += [Choice(a, msg("radlands.action." + a), hidden=True, unavailable=blocks.get(a)) for a in LEGACY]
    return tuple(out)


class _CardItem:
    """A card's item of the menu, made once per data: the item available, and marked with the two reasons that
    name no number (no card in hand, no copy left); any other reason makes a new item."""

    __slots__ = ("available", "no_hand", "no_copy")

    def __init__(self, value: str, label: Msg):
        self.available = Choice(value, label)
        self.no_hand = Choice(value, label, unavailable=msg("radlands.unavailable.no_hand"))
        self.no_copy = Choice(value, label, unavailable=msg("radlands.unavailable.no_copy"))

    def unavailable(self, why: Msg) -> Choice:
        return replace(self.available, unavailable=why)


@lru_cache(maxsize=4)
def _card_items(data) -> dict:
    """The menu's card items, which depend only on the card data (made once per data, not at every menu; the
    items are immutable): (id, item) of each person, each event and each card to junk, and the Water Silo's junk."""
    def junk(card: dict) -> Msg:
        return msg("radlands.menu.junk", card=card["name"], icon=data.icon_label(card["junk"]).to_data())

    return {
        "person": tuple((cid, _CardItem("person:" + cid, msg("radlands.menu.person", card=c["name"], cost=c["cost"])))
                        for cid, c in data.people.items()),
        "event": tuple((cid, _CardItem("event:" + cid, msg("radlands.menu.event", card=c["name"], cost=c["cost"])))
                       for cid, c in data.events.items()),
        "junk_silo": _CardItem("junk:water_silo", junk(data.card("water_silo"))),
        "junk": tuple((cid, _CardItem("junk:" + cid, junk(c))) for cid, c in list(data.people.items()) + list(data.events.items())),
    }


def ability_items(state: dict, data, side: str) -> tuple[list[Choice], list[Choice]]:
    """One item per ability of each camp (destroyed or used ones marked) and of each person on the table."""
    me = state["players"][side]
    left = board.water_left(state)
    camps, people = [], []

    def items(src: dict, place: str, ready_why, camp, kind: str, col: int):
        name = data.card(src["card"])["name"] if src["card"] != board.PUNK else "@radlands.punk"
        abs_ = abilities_of(state, data, side, src)
        out = []
        for n, ab, _text in abs_:
            cost = ability_cost(state, data, side, ab)
            why = ready_why
            if why is None and cost > left:
                why = msg("radlands.unavailable.water", cost=cost, water=left)
            if why is None and not condition_holds(state, side, ab, camp):
                why = msg("radlands.unavailable.condition")
            label = msg("radlands.menu.use_" + kind + ("_n" if len(abs_) > 1 else ""), card=name, col=col, cost=cost, n=n)
            out.append(Choice(f"use:{place}" + (f"#{n}" if n > 1 else ""), label, unavailable=why))
        return out

    for c, camp in enumerate(me["camps"]):
        why = None
        if not board.camp_alive(camp):
            why = msg("radlands.unavailable.destroyed")
        elif camp["used"]:
            why = msg("radlands.unavailable.used")
        camps += items({"kind": "camp", "card": camp["id"], "c": c}, f"{side}.c{c + 1}", why, camp, "camp", c + 1)
    for c, col in enumerate(me["columns"]):
        for i, p in enumerate(col):
            why = None
            if p["damaged"]:
                why = msg("radlands.unavailable.damaged")
            elif p["used"]:
                why = msg("radlands.unavailable.used")
            elif p["fresh"]:
                why = msg("radlands.unavailable.fresh")
            src = {"kind": "person", "card": p["card"], "c": c, "uid": p["uid"]}
            people += items(src, f"{side}.c{c + 1}.{i + 1}", why, None, "person", c + 1)
    return camps, people


def concrete_action(ctx: Ctx, what: str):
    """An item of the one menu: 'person:<card>', 'event:<card>', 'junk:<card>', 'use:<place>[#n]', 'change:<kind>'."""
    state, data, side = ctx.state, ctx.data, ctx.me
    kind, _, rest = what.partition(":")
    if kind == "person":
        yield from enter_person(ctx, rest)
    elif kind == "event":
        yield from event_card(ctx, rest)
    elif kind == "junk":
        yield from junk_card(ctx, rest)
    elif kind == "use":
        place, _, n = rest.partition("#")
        s, c, i = targets.parse(place)
        me = ctx.side()
        if i < 0:
            src = {"kind": "camp", "card": me["camps"][c]["id"], "c": c}
        else:
            p = me["columns"][c][i]
            src = {"kind": "person", "card": p["card"], "c": c, "uid": p["uid"]}
        chosen = next(x for x in abilities_of(state, data, side, src) if x[0] == int(n or 1))
        yield from use_ability(ctx, src, chosen)
    elif kind == "change":
        yield from apply_change(ctx, rest)


def play_person(ctx: Ctx):
    """Seed, Jogar Carta (Pessoa): cost, not ready this turn, at most 2 per column, front or behind; with every
    column full, one of your people is destroyed first."""
    state, data, side = ctx.state, ctx.data, ctx.me
    ids = playable_people(state, data, side)

    def check_card(value):
        low = cheapest(state, data, side, value)
        if low > board.water_left(state):
            raise InvalidAnswer(msg("radlands.invalid.water", card=data.card(value)["name"], cost=low, water=board.water_left(state)))
        return value

    card = yield Ask("card", msg("radlands.ask.person"), ONE_OF, card_choices(data, ids), check=check_card)
    yield from enter_person(ctx, card)


def play_event(ctx: Ctx):
    """Seed, Jogar Carta (Evento): pay its cost; into the space of its bomb number or the first free one behind it;
    not playable when those are full; a bomb-0 event resolves at once."""
    state, data = ctx.state, ctx.data
    ids = playable_events(state, data, ctx.me)

    def check_card(value):
        ev = data.card(value)
        if board.event_space(ctx.side()["queue"], event_bomb(ctx, value)) < 0:
            raise InvalidAnswer(msg("radlands.invalid.queue_full", card=ev["name"], bomb=ev["bomb"]))
        if int(ev["cost"]) > board.water_left(state):
            raise InvalidAnswer(msg("radlands.invalid.water", card=ev["name"], cost=ev["cost"], water=board.water_left(state)))
        return value

    card = yield Ask("card", msg("radlands.ask.event"), ONE_OF, card_choices(data, ids), check=check_card)
    yield from event_card(ctx, card)


def event_card(ctx: Ctx, card: str):
    state, data = ctx.state, ctx.data
    cost = int(data.card(card)["cost"])
    board.pay(state, cost)
    ctx.side()["hand"] -= 1
    yield Say(msg("radlands.event.paid", card=data.card(card)["name"], cost=cost, water=board.water_left(state)), "do")
    if cost == 0:
        yield from zero_cost_marker(ctx, card)
    yield from place_event(ctx, card)


def draw_action(ctx: Ctx):
    """Seed, Comprar Carta: 2 water, one card."""
    cost = int(ctx.state["rules"]["draw_action_cost"])
    board.pay(ctx.state, cost)
    yield Say(msg("radlands.paid", cost=cost, water=board.water_left(ctx.state)), "do")
    yield from draw_cards(ctx, ctx.me, 1)


def junk_action(ctx: Ctx):
    """Seed, Junk Card: discard a card from hand for the effect of its icon; the Water Silo goes back to its
    owner's area instead of the discard pile."""
    state, data = ctx.state, ctx.data
    me = ctx.side()
    ids = available_people(state, data, "person") + available_people(state, data, "event") if me["hand"] > 0 else []
    choices = list(card_choices(data, ids, with_cost=False))
    if me["silo"] == "hand":
        choices.insert(0, Choice("water_silo", msg("radlands.card_plain", card=data.card("water_silo")["name"]), ("silo",)))
    card = yield Ask("card", msg("radlands.ask.junk"), ONE_OF, tuple(choices))
    yield from junk_card(ctx, card)


def junk_card(ctx: Ctx, card: str):
    state, data = ctx.state, ctx.data
    me = ctx.side()
    icon = data.card(card)["junk"]
    if card == "water_silo":
        me["silo"] = "area"
        yield Say(msg("radlands.junk.silo", player=me["name"]), "do")
    else:
        me["hand"] -= 1
        board.to_discard(state, card)
        yield Say(msg("radlands.junk.card", card=data.card(card)["name"], icon=data.icon_label(icon).to_data()), "do")
    ctx.source = {"kind": "junk", "card": card}
    yield from run_effect(ctx, icon)


def silo_action(ctx: Ctx):
    """Seed, Pegar Water Silo: 1 water puts the Water Silo in your hand (kept across turns)."""
    cost = int(ctx.state["rules"]["take_silo_cost"])
    board.pay(ctx.state, cost)
    ctx.side()["silo"] = "hand"
    yield Say(msg("radlands.silo.taken", cost=cost, water=board.water_left(ctx.state)), "do")


def ability_action(ctx: Ctx):
    """Seed, Usar Habilidade: a ready card, pay the cost, resolve the box; the card is then not ready (a 0-cost use
    gets the not-ready disc)."""
    state, data, side = ctx.state, ctx.data, ctx.me
    sources = usable_sources(state, data, side)
    value = yield Ask("card", msg("radlands.ask.ability_card"), ONE_OF, tuple(ch for ch, _, _ in sources))
    _, src, abilities = next(x for x in sources if x[0].value == value)
    n, ability, text = abilities[0]
    if len(abilities) > 1:
        pick = yield Ask("ability", msg("radlands.ask.ability"), ONE_OF, tuple(
            Choice(str(k), msg("radlands.ability_choice", cost=ability_cost(state, data, side, ab), text=t))
            for k, ab, t in abilities))
        n, ability, text = next(x for x in abilities if str(x[0]) == pick)
    yield from use_ability(ctx, src, (n, ability, text))


def use_ability(ctx: Ctx, src: dict, chosen: tuple):
    state, data, side = ctx.state, ctx.data, ctx.me
    n, ability, text = chosen
    cost = ability_cost(state, data, side, ability)
    if ability.get("cost") == "symbol" and data.rule_is_provisional("symbol_cost_base"):
        yield Say(msg("radlands.provisional.symbol_cost"), "warn")
    board.pay(state, cost)
    name = data.card(src["card"])["name"] if src["card"] != board.PUNK else "@radlands.punk"
    vera = any(p["card"] != board.PUNK and not p["damaged"] and "vera_vosh" in data.card(p["card"]).get("traits", [])
               for p in board.people(ctx.side()))
    stays_ready = vera and not state["turn"]["first_ability_card"]
    if not state["turn"]["first_ability_card"]:
        state["turn"]["first_ability_card"] = src["card"]
    if src["kind"] == "camp":
        ctx.side()["camps"][src["c"]]["used"] = not stays_ready
    else:
        board.person_by_uid(ctx.side(), src["uid"])["used"] = not stays_ready
    yield Say(msg("radlands.ability.used", card=name, cost=cost, water=board.water_left(state)), "do")
    if stays_ready:
        yield Say(msg("radlands.ability.vera"), "rule")
    elif cost == 0:
        yield from zero_cost_marker(ctx, src["card"])
    ctx.source = dict(src)
    yield Say(Msg.from_data(text), "rule")
    yield from run_effects(ctx, list(ability.get("effects", [])))


def change_action(ctx: Ctx):
    yield Say(msg("radlands.change.intro"), "info")
    yield from report_changes(ctx)


def end_action(ctx: Ctx):
    """Seed, Limpeza de ações: every water disc and extra-water disc goes back; nothing carries over."""
    state = ctx.state
    left = board.water_left(state)
    state["turn"]["water"] = 0
    state["turn"]["extra"] = 0
    state["turn"]["high_ground"] = False
    yield Say(msg("radlands.turn.cleanup", player=ctx.name(), n=left), "do")


ACTION_PROCS = {
    "person": play_person, "event": play_event, "draw": draw_action, "junk": junk_action, "silo": silo_action,
    "ability": ability_action, "change": change_action, "end": end_action,
}
