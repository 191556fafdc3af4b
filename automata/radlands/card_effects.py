"""Running a card's effects, and the card texts that need more than an icon.

``run_effects`` plays a list of effect strings of the card data (automata/radlands/vocabulary.py) for the player
``ctx.me``; ``EFFECTS`` maps each string to its procedure: the icons and named behaviours of effects.py, and here
the effects that resolve further effects (a choice between icons, an event resolved early, a person's
entering-play traits, a borrowed ability) and the longer card texts (rules/radlands.md §2.11, §2.12, printed
cards): Vanguard's return damage, The Octagon, Mutant, Warehouse, Scientist, Mercenary Camp, Training Camp,
Construction Yard, and the cards that borrow abilities (Mimic, Adrenaline Lab, Parachute Base)."""

from __future__ import annotations

from ..core.steps import NUMBER, ONE_OF, Ask, Choice, InvalidAnswer, Msg, Say, msg
from . import board
from . import card_text
from . import targets
from .cards import abilities_of, ability_cost, available_people, card_choices, cheapest, enters_ready, person_cost
from .effects import (
    BASIC_EFFECTS, Ctx, _self_value, ask_place, damage, deck_news, discard, draw_cards, flat_menu, gain_punk, hit, manual,
    one_or_ask, pick, place_of, placements, provisional, resolve_raiders, restore, water, zero_cost_marker,
)


# -- running effect strings ------------------------------------------------------------------------------


def run_effects(ctx: Ctx, effects: list[str]):
    for effect in effects:
        if ctx.state.get("over"):
            return
        yield from run_effect(ctx, effect)


def run_effect(ctx: Ctx, effect: str):
    name, _, arg = effect.partition(":")
    fn = EFFECTS.get(name)
    if fn is None:  # an owner's icon or keyword: the table applies it
        yield from manual(ctx, name)
        return
    yield from fn(ctx, arg)


# -- effects that resolve further effects ------------------------------------------------------------------


def choose(ctx: Ctx, arg=""):
    options = [o for o in arg.split("|") if o]
    choices = tuple(Choice(o, card_text.effect_label(ctx.data, o)) for o in options)
    value = yield Ask(ctx.qid("choose"), msg("radlands.ask.choose"), ONE_OF, choices)
    yield from run_effect(ctx, value)


def advance_event(ctx: Ctx, _arg=""):
    """Omen Clock: advance one event of either queue by one space, only into an empty space; from space 1 it
    resolves at once as its owner's event (provisional)."""
    choices = []
    for s in (ctx.me, ctx.opp):
        q = ctx.side(s)["queue"]
        for i, card in enumerate(q):
            if card and (i == 0 or not q[i - 1]):
                choices.append(Choice(f"{s}.{i + 1}", msg("radlands.target.event", card=targets.card_name(ctx.data, card), player=ctx.name(s), space=i + 1)))
    value = yield from pick(ctx, "event", msg("radlands.ask.advance_event"), choices)
    if not value:
        return
    s, space = value.split(".")
    q = ctx.side(s)["queue"]
    i = int(space) - 1
    card = q[i]
    if i == 0:
        q[0] = ""
        yield from provisional(ctx.data, "omen_clock_space_1", msg("radlands.provisional.omen_clock"))
        yield from resolve_event_card(Ctx(ctx.state, ctx.data, s, used_ids=ctx.used_ids), card)
        return
    q[i - 1], q[i] = card, ""
    yield Say(msg("radlands.fx.event_moved", card=targets.card_name(ctx.data, card), player=ctx.name(s), space=i), "do")


def resolve_event_card(ctx: Ctx, card: str):
    """Resolve an event taken out of the queue (or a bomb-0 one): its effect, then to the discard pile; Raiders
    instead damages a camp of the opponent's choice and goes back to its owner."""
    state = ctx.state
    if card == board.RAIDERS:
        yield from resolve_raiders(ctx)
        return
    ev = ctx.data.card(card)
    yield Say(msg("radlands.event.resolve", card=ev["name"], player=ctx.name()), "head")
    yield Say(ctx.data.effect_text(card), "rule")
    ctx.source = {"kind": "event", "card": card}
    yield from run_effects(ctx, list(ev.get("effects", [])))
    board.to_discard(state, card)
    state["turn"]["event_resolved"] = True
    yield Say(msg("radlands.event.discarded", card=ev["name"]), "do")


def enter_person(ctx: Ctx, card: str, prefix: str = "", extra: int = 0):
    """Put ``card`` from the hand into play: the column (whose cost must be paid, plus ``extra``), the person
    destroyed first when every column is full, front or behind, the payment, readiness, the 0-cost disc and the
    entering-play traits. Returns the person placed. ``prefix`` keeps question ids apart (Parachute Base)."""
    state, data, side = ctx.state, ctx.data, ctx.me
    me = ctx.side()
    limit = state["rules"]["column_limit"]
    full = board.board_full(me, limit)

    def check_column(value):
        c = int(value) - 1
        cost = person_cost(state, data, side, card, c) + extra
        if cost > board.water_left(state):
            raise InvalidAnswer(msg("radlands.invalid.water", card=data.card(card)["name"], cost=cost, water=board.water_left(state)))
        return value

    if full:
        yield Say(msg("radlands.rule.full_board"), "rule")
    cols = [ch for ch in targets.column_choices(state, data, side, room=not full)  # only the columns it can be paid for
            if person_cost(state, data, side, card, int(ch.value) - 1) + extra <= board.water_left(state)]
    flat = flat_menu(state)
    if flat and not full:  # the column and the place in it as one answer; one legal place: no question
        col = yield from one_or_ask(ctx, prefix + "column", msg("radlands.ask.where", card=data.card(card)["name"]),
                                    placements(ctx, cols), flat)
    else:
        col = yield Ask(prefix + "column", msg("radlands.ask.column", card=data.card(card)["name"]), ONE_OF, tuple(cols), check=check_column)
    if full:
        there = [ch for ch in targets.persons(state, data, side) if ch.value.startswith(f"{side}.c{col}.")]
        room = yield Ask(prefix + "make_room", msg("radlands.ask.make_room"), ONE_OF, tuple(there))
        yield from hit(ctx, room, "destroy")
    c = int(col.partition(".")[0]) - 1
    alone = not me["columns"][c]
    if "." in col:
        _, front, behind = yield from place_of(ctx, col, prefix)
    elif me["camps"][c].get("moves") or not alone:
        front, behind = yield from ask_place(ctx, c, prefix)
    else:
        front, behind = True, False
    cost = person_cost(state, data, side, card, c)
    if cost != int(data.card(card)["cost"]):
        yield Say(msg("radlands.cost_changed", card=data.card(card)["name"], cost=cost), "rule")
    board.pay(state, cost)
    me["hand"] -= 1
    ready = enters_ready(state, data, side, card)
    p = board.place_person(state, me, c, card, front=front, ready=ready, behind=behind)
    where = "@radlands.place." + ("alone" if alone else "front" if front else "behind")
    if behind:
        where = "@radlands.place.behind_camp"
    yield Say(msg("radlands.person.played", card=data.card(card)["name"], col=c + 1, where=where, cost=cost,
                  water=board.water_left(state)), "do")
    yield Say(msg("radlands.person.ready" if ready else "radlands.person.not_ready"), "rule")
    if cost == 0 and not ready:  # the disc marks it not ready; Karli Blaze or Rescue Team make it enter ready
        yield from zero_cost_marker(ctx, card)
    yield from on_enter(ctx, card, p)
    return p


def on_enter(ctx: Ctx, card: str, p: dict):
    """A person's entering-play traits (Vanguard, Argo Yesky, Wounded Soldier, Repair Bot, Doomsayer)."""
    enter = list(ctx.data.card(card).get("on_enter", []))
    if enter:
        saved = ctx.source
        c, _ = board.find_person(ctx.side(), p["uid"])
        ctx.source = {"kind": "person", "card": card, "c": c, "uid": p["uid"]}
        yield Say(ctx.data.trait_text(card), "rule")
        yield from run_effects(ctx, enter)
        ctx.source = saved
    yield from card_text.table_traits(ctx.data, card, said=bool(enter))


# -- the longer card texts ---------------------------------------------------------------------------------


def opponent_damages_back(ctx, _arg=""):
    """Vanguard: after its damage, the opponent damages one of your cards in return, under the normal rules (an
    unprotected card), at once (v1.2 FAQ)."""
    back = Ctx(ctx.state, ctx.data, ctx.opp, used_ids=ctx.used_ids)
    exposed = back.exposed  # the opponent's own High Ground, resolved early this turn by Omen Clock
    choices = targets.persons(ctx.state, ctx.data, ctx.me, unprotected=True, exposed=exposed) + targets.camps(
        ctx.state, ctx.data, ctx.me, unprotected=True, exposed=exposed)
    value = yield from pick(back, "damage_back", msg("radlands.ask.damage_back", player=ctx.name(ctx.opp), opp=ctx.name()), choices)
    if value:
        yield from hit(back, value, "damage")


def opponent_destroys_own_person(ctx, _arg=""):
    """The Octagon: if you destroyed one of your people, the opponent destroys one of theirs."""
    if not ctx.source.get("destroyed_own"):
        return
    choices = targets.persons(ctx.state, ctx.data, ctx.opp)
    value = yield from pick(ctx, "opp_destroy", msg("radlands.ask.opp_destroy_own", player=ctx.name(ctx.opp)), choices)
    if value:
        yield from hit(ctx, value, "destroy")


def damage_and_or_restore(ctx, _arg=""):
    """Mutant: damage, restore, or both (then the card damages itself: the next effect)."""
    choices = tuple(Choice(v, msg("radlands.mutant." + v)) for v in ("damage", "restore", "both"))
    what = yield Ask(ctx.qid("mutant"), msg("radlands.ask.mutant"), ONE_OF, choices)
    if what in ("damage", "both"):
        yield from damage(ctx)
    if what in ("restore", "both") and not ctx.state.get("over"):
        yield from restore(ctx)


def cycle_cards(ctx, _arg=""):
    """Warehouse: discard one or more cards (never the Water Silo) and draw that many plus one."""
    hand = ctx.side()["hand"]
    if hand < 1:
        yield Say(msg("radlands.fx.no_cards"), "info")
        return
    n = yield Ask(ctx.qid("discard.n"), msg("radlands.ask.warehouse", n=hand), NUMBER, min=1, max=hand)
    yield from discard(ctx, str(n))
    yield from draw_cards(ctx, ctx.me, n + 1)


def _deck_card_choices(state: dict, data) -> tuple[Choice, ...]:
    ids = available_people(state, data, "person") + available_people(state, data, "event")
    return tuple(Choice(c, msg("radlands.card_plain", card=data.card(c)["name"]), (data.card(c)["name"],)) for c in ids)


def mill_three_junk_one(ctx, _arg=""):
    """Scientist: the top 3 cards of the deck are discarded; you may use the junk effect of one of them."""
    state, data = ctx.state, ctx.data
    taken, what = board.take_from_deck(state, 3)
    for w in what:
        yield from deck_news(ctx, w)
    if state.get("over"):
        state["deck"]["discard"] += taken  # the cards taken before the deck ran out are discarded all the same
    if not taken or state.get("over"):
        return
    yield Say(msg("radlands.fx.mill", n=taken), "do")
    cards = []
    for i in range(1, taken + 1):
        card = yield Ask(ctx.qid(f"scientist.{i}"), msg("radlands.ask.revealed", i=i), ONE_OF, _deck_card_choices(state, data))
        board.to_discard(state, card)
        cards.append(card)
    choices = [Choice(c, msg("radlands.junk_choice", card=data.card(c)["name"], icon=data.icon_label(data.card(c)["junk"]).to_data()))
               for c in dict.fromkeys(cards)]
    value = yield from pick(ctx, "scientist.junk", msg("radlands.ask.scientist_junk"), choices, optional=True)
    if value:
        yield from run_effect(ctx, data.card(value)["junk"])


def destroy_or_discard_two(ctx, _arg=""):
    """Mercenary Camp: the opponent destroys one of their own cards of their choice, unless they discard 2 cards
    (never the Water Silo); they may discard only with at least 2 cards in hand (v1.2 FAQ)."""
    opp = ctx.side(ctx.opp)
    options = ["destroy"] + (["discard"] if opp["hand"] >= 2 else [])
    choice = "destroy"
    if len(options) > 1:
        choices = tuple(Choice(o, msg("radlands.mercenary." + o)) for o in options)
        choice = yield Ask(ctx.qid("mercenary"), msg("radlands.ask.mercenary", player=opp["name"]), ONE_OF, choices)
    if choice == "discard":
        yield from discard(Ctx(ctx.state, ctx.data, ctx.opp), "2")
        return
    yield from provisional(ctx.data, "choice_damage_scope", msg("radlands.provisional.choice_scope"))
    choices = targets.persons(ctx.state, ctx.data, ctx.opp) + targets.camps(ctx.state, ctx.data, ctx.opp)
    value = yield from pick(ctx, "opp_card", msg("radlands.ask.opp_destroy_card", player=opp["name"]), choices)
    if value:
        yield from hit(ctx, value, "destroy")


def flip_punk(ctx, _arg=""):
    """Training Camp: one of your punks is turned face up. A person stays where the punk was, not ready, and its
    entering-play traits fire; an event is discarded and you gain a punk and one extra water."""
    state, data = ctx.state, ctx.data
    punks = [ch for ch in targets.persons(state, data, ctx.me) if targets.card_name(data, state["players"][ctx.me]["columns"][targets.parse(ch.value)[1]][targets.parse(ch.value)[2]]["card"]) == "@radlands.punk"]
    value = yield from pick(ctx, "punk", msg("radlands.ask.flip_punk"), punks)
    if not value:
        return
    card = yield Ask(ctx.qid("flipped"), msg("radlands.ask.flipped"), ONE_OF, _deck_card_choices(state, data))
    _, c, i = targets.parse(value)
    p = ctx.side()["columns"][c][i]
    name = data.card(card)["name"]
    if data.card(card)["kind"] == "person":
        p["card"] = card
        p["fresh"] = not enters_ready(state, data, ctx.me, card)
        state["turn"]["people_entered"] += 1
        yield Say(msg("radlands.fx.flipped_person", card=name, col=c + 1), "do")
        yield from on_enter(ctx, card, p)
        return
    board.take_person(ctx.side(), c, i)
    board.to_discard(state, card)
    yield Say(msg("radlands.fx.flipped_event", card=name), "do")
    yield from gain_punk(ctx, optional=True)
    yield from water(ctx)


def revive_camp(ctx, _arg=""):
    """Construction Yard (printed card): turn one of your destroyed camps face up again."""
    side = ctx.side()
    choices = [targets.camp_choice(ctx.state, ctx.data, ctx.me, c) for c, camp in enumerate(side["camps"]) if camp["state"] == "destroyed"]
    value = yield from pick(ctx, "revive", msg("radlands.ask.revive"), choices)
    if value:
        camp = side["camps"][targets.parse(value)[1]]
        camp["state"] = "undamaged"
        yield Say(msg("radlands.fx.camp_revived", card=ctx.data.card(camp["id"])["name"], player=ctx.name()), "do")


def juggernaut_move(ctx, _arg=""):
    """Juggernaut: the camp moves one place forward and the person just in front of it falls in behind it; on
    its third move it goes back to the camp row and the opponent destroys one of their own camps. People behind it
    are protected (rules §2.11, v1.2 FAQ)."""
    c = ctx.source.get("c", 0)
    side = ctx.side()
    camp = side["camps"][c]
    name = ctx.data.card(camp["id"])["name"]
    moves = int(camp.get("moves", 0)) + 1
    if moves >= 3:
        camp["moves"] = camp["behind"] = 0
        yield Say(msg("radlands.fx.juggernaut_home", card=name, player=ctx.name()), "do")
        choices = targets.camps(ctx.state, ctx.data, ctx.opp)
        value = yield from pick(ctx, "juggernaut.camp", msg("radlands.ask.juggernaut_camp", player=ctx.name(ctx.opp)), choices)
        if value:
            yield from hit(ctx, value, "destroy")
        return
    n, b = len(side["columns"][c]), board.behind_camp(side, c)
    camp["moves"] = moves
    camp["behind"] = b + 1 if n - b > 0 else b
    yield Say(msg("radlands.fx.juggernaut_moved", card=name, player=ctx.name(), moves=moves, behind=camp["behind"], n=n), "do")


# -- borrowed abilities -----------------------------------------------------------------------------------


def borrow(ctx, card: str, base: str, this: dict):
    """Use an ability of ``card`` (asked when it has several), paying its cost; ``this`` is the card that "this
    card" means while it resolves."""
    state, data = ctx.state, ctx.data
    abilities = abilities_of(state, data, ctx.me, {"kind": "person", "card": card})
    if not abilities:
        yield Say(msg("radlands.fx.no_target"), "info")
        return
    n, ability, text = abilities[0]
    if len(abilities) > 1:
        pick = yield Ask(ctx.qid(base + ".ability"), msg("radlands.ask.ability"), ONE_OF, tuple(
            Choice(str(k), msg("radlands.ability_choice", cost=ability_cost(state, data, ctx.me, ab), text=t)) for k, ab, t in abilities))
        n, ability, text = next(x for x in abilities if str(x[0]) == pick)
    cost = ability_cost(state, data, ctx.me, ability)
    if cost > board.water_left(state):
        yield Say(msg("radlands.invalid.water", card=data.card(card)["name"], cost=cost, water=board.water_left(state)), "warn")
        return
    board.pay(state, cost)
    yield Say(msg("radlands.fx.borrowed", card=data.card(card)["name"], cost=cost, water=board.water_left(state)), "do")
    saved = ctx.source
    ctx.source = dict(this)
    yield Say(Msg.from_data(text), "rule")
    yield from run_effects(ctx, list(ability.get("effects", [])))
    ctx.source = saved


def _with_abilities(ctx, choices: list[Choice], side: str) -> list[Choice]:
    out = []
    for ch in choices:
        _, c, i = targets.parse(ch.value)
        card = ctx.state["players"][side]["columns"][c][i]["card"]
        if card != board.PUNK and ctx.data.card(card).get("abilities"):
            out.append(ch)
    return out


def copy_ability(ctx, _arg=""):
    """Mimic: use the ability of one of your ready people or of any undamaged enemy, paying that ability's cost;
    "this card" means Mimic."""
    state, data = ctx.state, ctx.data
    me = _self(ctx)
    mine = [ch for ch in targets.persons(state, data, ctx.me) if ch.value != me and board.person_ready(_person(ctx, ch.value))]
    theirs = [ch for ch in targets.persons(state, data, ctx.opp) if not _person(ctx, ch.value)["damaged"]]
    choices = [ch for ch in _with_abilities(ctx, mine, ctx.me) + _with_abilities(ctx, theirs, ctx.opp)
               if not any("copy_ability" in a.get("effects", []) for a in data.card(_person(ctx, ch.value)["card"])["abilities"])]
    value = yield from pick(ctx, "mimic", msg("radlands.ask.mimic"), choices)  # (a Mimic copying a Mimic copies nothing)
    if value:
        yield from borrow(ctx, _person(ctx, value)["card"], "mimic", ctx.source)


def use_damaged_then_destroy(ctx, _arg=""):
    """Adrenaline Lab: use the ability of one of your damaged people (paying its cost; "this card" is that person),
    then destroy that person."""
    state, data = ctx.state, ctx.data
    choices = _with_abilities(ctx, targets.persons(state, data, ctx.me, damaged_only=True), ctx.me)
    value = yield from pick(ctx, "adrenaline", msg("radlands.ask.adrenaline"), choices)
    if not value:
        return
    p = _person(ctx, value)
    _, c, _ = targets.parse(value)
    yield from borrow(ctx, p["card"], "adrenaline", {"kind": "person", "card": p["card"], "c": c, "uid": p["uid"]})
    yield from _hit_if_still_there(ctx, p["uid"], "destroy")


def parachute(ctx, _arg=""):
    """Parachute Base: play a person from your hand and use its ability at once, paying both costs; then damage
    that person."""
    state, data = ctx.state, ctx.data
    if ctx.side()["hand"] < 1:
        yield Say(msg("radlands.fx.no_cards"), "info")
        return

    def total(card: str) -> int:
        abilities = data.card(card).get("abilities", [])
        return cheapest(state, data, ctx.me, card) + (min(ability_cost(state, data, ctx.me, a) for a in abilities) if abilities else 0)

    ids = [c for c in available_people(state, data, "person") if total(c) <= board.water_left(state)]
    if not ids:
        yield Say(msg("radlands.fx.no_target"), "info")
        return
    card = yield Ask(ctx.qid("parachute.card"), msg("radlands.ask.person"), ONE_OF, card_choices(data, ids))
    extra = min((ability_cost(state, data, ctx.me, a) for a in data.card(card).get("abilities", [])), default=0)
    p = yield from enter_person(ctx, card, prefix="parachute.", extra=extra)
    if ctx.state.get("over"):
        return
    try:
        c, _ = board.find_person(ctx.side(), p["uid"])
    except KeyError:  # its entering-play trait took it off the table already
        return
    yield from borrow(ctx, card, "parachute", {"kind": "person", "card": card, "c": c, "uid": p["uid"]})
    yield from _hit_if_still_there(ctx, p["uid"], "damage")


def _hit_if_still_there(ctx, uid: int, how: str):
    """Damage or destroy one of your people after its borrowed ability, unless the game ended or it left play."""
    if ctx.state.get("over"):
        return
    try:
        c, i = board.find_person(ctx.side(), uid)
    except KeyError:
        return
    yield from hit(ctx, f"{ctx.me}.c{c + 1}.{i + 1}", how)


def _self(ctx) -> str:
    return _self_value(ctx)


def _person(ctx, value: str) -> dict:
    side, c, i = targets.parse(value)
    return ctx.state["players"][side]["columns"][c][i]


#: Every effect string of the card data to its procedure (vocabulary.py lists the strings the data may use).
EFFECTS = {
    **BASIC_EFFECTS, "choose": choose, "advance_event": advance_event,
    "opponent_damages_back": opponent_damages_back, "opponent_destroys_own_person": opponent_destroys_own_person,
    "damage_and_or_restore": damage_and_or_restore, "cycle_cards": cycle_cards, "mill_three_junk_one": mill_three_junk_one,
    "destroy_or_discard_two": destroy_or_discard_two, "flip_punk": flip_punk, "revive_camp": revive_camp,
    "copy_ability": copy_ability, "use_damaged_then_destroy": use_damaged_then_destroy, "parachute": parachute,
    "juggernaut_move": juggernaut_move,
}
