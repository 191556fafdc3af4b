"""Card effects as procedures: the icons of the seed and the named behaviours of the card data.

Each effect is one string of the card data's vocabulary (automata/radlands/vocabulary.py); card_effects.run_effects
plays a list of them for the player ``ctx.me``, asking only the choices the rules leave to the players (targets,
columns, "you may") and telling the table what to move. Unknown strings (an owner's new icon) and ``manual`` show
the card's text and let the table report what changed. Every camp destruction is checked for the end of the game at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.steps import NUMBER, ONE_OF, SEVERAL_OF, YES_NO, Ask, Choice, Say, msg
from . import board
from . import targets
from .cards import karli_active


@dataclass
class Ctx:
    state: dict
    data: object
    me: str
    source: dict = field(default_factory=dict)  # {"kind": camp|person|event|junk, "card": id, "c": col, "uid": uid}
    used_ids: dict = field(default_factory=dict)
    hit_camp: bool = False
    last_drawn: int = 0  # how many cards the last draw of this effect gave (for "discard N of those")

    @property
    def opp(self) -> str:
        return board.other(self.me)

    def side(self, s: str | None = None) -> dict:
        return self.state["players"][s or self.me]

    def name(self, s: str | None = None) -> str:
        return self.side(s)["name"]

    def qid(self, base: str) -> str:
        """A question id unique within the step: the second 'damage' question is 'damage.2'."""
        n = self.used_ids.get(base, 0) + 1
        self.used_ids[base] = n
        return base if n == 1 else f"{base}.{n}"

    @property
    def exposed(self) -> bool:
        """High Ground: for the rest of the turn every card of its owner's opponent is unprotected (for its owner's
        effects only). Its owner is the player whose event it was (Omen Clock may resolve the opponent's during our
        turn; rules §2.5); a save from before ``high_ground_by`` was kept means the player whose turn it is."""
        turn = self.state["turn"]
        return bool(turn.get("high_ground")) and self.me == (turn.get("high_ground_by") or turn["player"])


# -- applying one change, and saying it ---------------------------------------------------------------


def hit(ctx: Ctx, value: str, how: str):
    """Damage (how="damage"), destroy or restore the card at ``value``; tell the table."""
    state, data = ctx.state, ctx.data
    side, c, i = targets.parse(value)
    s = state["players"][side]
    if i < 0:
        camp = s["camps"][c]
        name = data.card(camp["id"])["name"]
        if how == "restore":
            board.restore_camp(camp)
            yield Say(msg("radlands.fx.camp_restored", card=name, player=s["name"]), "do")
            return
        ctx.hit_camp = ctx.hit_camp or side != ctx.me
        result = board.damage_camp(state, side, c) if how == "damage" else board.destroy_camp(state, side, c)
        yield Say(msg("radlands.fx.camp_" + result, card=name, player=s["name"]), "do")
        if state.get("over") and state["result"] in board.SIDES:
            yield Say(msg("radlands.over.win", winner=state["players"][state["result"]]["name"], loser=s["name"]), "head")
        return
    p = s["columns"][c][i]
    name = targets.card_name(data, p["card"])
    if how == "restore":
        board.restore_person(p, ready=ctx.source.get("ready_restore", False))
        yield Say(msg("radlands.fx.person_restored" + ("_ready" if ctx.source.get("ready_restore") else ""), card=name, player=s["name"]), "do")
        return
    result = board.damage_person(state, s, p["uid"]) if how == "damage" else board.destroy_person(state, s, p["uid"])
    key = {"damaged": "person_damaged", "destroyed": "person_destroyed", "punk": "punk_destroyed", "person": "person_destroyed"}[result]
    yield Say(msg("radlands.fx." + key, card=name, player=s["name"]), "do")


def pick_and_hit(ctx: Ctx, base: str, question, choices: list[Choice], optional: bool = False, how: str = "damage"):
    """Ask for one of ``choices`` and damage, destroy or restore it (``how``); nothing when there is nothing to pick."""
    value = yield from pick(ctx, base, question, choices, optional)
    if value:
        yield from hit(ctx, value, how)


def pick(ctx: Ctx, base: str, question, choices: list[Choice], optional: bool = False):
    """Ask for one of ``choices`` (or "none" when optional); the only one when there is a single compulsory
    choice; None when there is nothing to pick."""
    if not choices:
        yield Say(msg("radlands.fx.no_target"), "info")
        return None
    if len(choices) == 1 and not optional:  # nothing to choose: the rule picks it
        yield Say(msg("radlands.fx.only_choice", choice=choices[0].label.to_data()), "info")
        return choices[0].value
    if optional:
        choices = choices + [Choice("none", msg("radlands.none"), ("nenhum", "nenhuma"))]
    # an optional pick: Enter means nobody (wave-2: Enter never records what the table did not do)
    value = yield Ask(ctx.qid(base), question, ONE_OF, tuple(choices), default="none" if optional else None)
    return None if value == "none" else value


def _self_value(ctx: Ctx) -> str:
    """The place of the card whose effect this is (for 'not itself' and 'this card')."""
    src = ctx.source
    if src.get("kind") == "camp":
        return f"{ctx.me}.c{src['c'] + 1}"
    if src.get("kind") == "person":
        try:
            c, i = board.find_person(ctx.side(), src["uid"])
        except KeyError:
            return ""
        return f"{ctx.me}.c{c + 1}.{i + 1}"
    return ""


def zero_cost_marker(ctx: Ctx, card: str):
    """A card played or used for 0 water gets the not-ready disc."""
    yield Say(msg("radlands.zero_cost", card=targets.card_name(ctx.data, card)), "do")


# -- the icons ----------------------------------------------------------------------------------------


def damage(ctx: Ctx, _arg=""):
    """Seed, Dano: an unprotected card of the opponent, in any column (camp or person)."""
    choices = targets.persons(ctx.state, ctx.data, ctx.opp, unprotected=True, exposed=ctx.exposed) + targets.camps(
        ctx.state, ctx.data, ctx.opp, unprotected=True, exposed=ctx.exposed)
    yield from pick_and_hit(ctx, "damage", msg("radlands.ask.damage", player=ctx.name(ctx.opp)), choices, how="damage")


def injure(ctx: Ctx, _arg=""):
    """Seed, Ferir: like damage, people only."""
    choices = targets.persons(ctx.state, ctx.data, ctx.opp, unprotected=True, exposed=ctx.exposed)
    yield from pick_and_hit(ctx, "injure", msg("radlands.ask.injure", player=ctx.name(ctx.opp)), choices, how="damage")


def restorable(ctx: Ctx) -> list[Choice]:
    """Seed, Restaurar: one of your damaged cards, never the card itself (v1.2); Bonfire is never restored."""
    me = _self_value(ctx)
    out = [ch for ch in targets.persons(ctx.state, ctx.data, ctx.me, damaged_only=True) if ch.value != me]
    for ch in targets.camps(ctx.state, ctx.data, ctx.me, damaged_only=True):
        camp = ctx.side()["camps"][targets.parse(ch.value)[1]]
        if ch.value != me and "no_restore" not in ctx.data.card(camp["id"]).get("traits", []):
            out.append(ch)
    return out


def restore(ctx: Ctx, _arg=""):
    yield from pick_and_hit(ctx, "restore", msg("radlands.ask.restore"), restorable(ctx), optional=True, how="restore")


def restore_ready(ctx: Ctx, _arg=""):
    """Atomic Garden: restore a damaged person of yours, and it is ready."""
    me = _self_value(ctx)
    choices = [ch for ch in targets.persons(ctx.state, ctx.data, ctx.me, damaged_only=True) if ch.value != me]
    value = yield from pick(ctx, "restore", msg("radlands.ask.restore"), choices, optional=True)
    if value:
        ctx.source["ready_restore"] = True
        yield from hit(ctx, value, "restore")
        ctx.source["ready_restore"] = False


def restore_any_number(ctx: Ctx, _arg=""):
    choices = restorable(ctx)
    if not choices:
        yield Say(msg("radlands.fx.no_target"), "info")
        return
    values = yield Ask(ctx.qid("restore"), msg("radlands.ask.restore_many"), SEVERAL_OF, tuple(choices), min=0)
    for v in values:
        yield from hit(ctx, v, "restore")


def draw(ctx: Ctx, arg=""):
    n = int(arg or 1)
    yield from draw_cards(ctx, ctx.me, n)


def draw_cards(ctx: Ctx, side: str, n: int):
    if n <= 0:
        return
    taken, what = board.take_from_deck(ctx.state, n)
    ctx.side(side)["hand"] += taken
    ctx.last_drawn = taken
    for w in what:
        yield from deck_news(ctx, w)
    if taken:
        yield Say(msg("radlands.fx.draw_one" if taken == 1 else "radlands.fx.draw", player=ctx.name(side), n=taken), "do")


def provisional(data, key: str, message):
    """The PROVISIONAL notice of the ruling ``rules.provisional.<key>``, unless the owner's overrides set it (then
    the ruling is theirs and is not labelled)."""
    if data.rule_is_provisional(key):
        yield Say(message, "warn")


def deck_news(ctx: Ctx, happening: tuple[str, int]):
    """What the table is told of a happening of board.take_from_deck: the reshuffle names the cards the discard pile
    held, which the new deck has before the draw that ran out takes from it (rules §2.10)."""
    what, n = happening
    if what == "reshuffle":
        yield Say(msg("radlands.deck.reshuffle", n=n), "do")
    elif what == "empty_discard":
        yield from provisional(ctx.data, "empty_discard_at_first_runout", msg("radlands.provisional.empty_discard"))
    elif what == "exhausted":
        yield Say(msg("radlands.over.draw"), "head")


def discard(ctx: Ctx, arg=""):
    n = min(int(arg or 1), ctx.side()["hand"])
    ctx.side()["hand"] -= n
    ctx.state["deck"]["discard"] += n
    yield Say(msg("radlands.fx.discard_one" if n == 1 else "radlands.fx.discard", player=ctx.name(), n=n), "do")


def discard_drawn(ctx: Ctx, arg=""):
    """Supply Depot, Interrogate (rules §2.12): discard N of the cards just drawn, not any card of the hand."""
    drawn = min(ctx.last_drawn, ctx.side()["hand"])
    n = min(int(arg or 1), drawn)
    if n <= 0:
        return
    ctx.side()["hand"] -= n
    ctx.state["deck"]["discard"] += n
    key = "radlands.fx.discard_drawn_all" if n == drawn else "radlands.fx.discard_drawn_one" if n == 1 else "radlands.fx.discard_drawn"
    yield Say(msg(key, player=ctx.name(), n=n, drawn=drawn), "do")


def water(ctx: Ctx, _arg=""):
    ctx.state["turn"]["extra"] += 1
    yield Say(msg("radlands.fx.water", player=ctx.name(), left=board.water_left(ctx.state)), "do")


def punk(ctx: Ctx, _arg=""):
    """Seed, Ganhar Punk (optional): the top card of the deck, face down, into one of your columns; with every
    column full, one of your people is destroyed first (rules §2.7, v1.2)."""
    yield from gain_punk(ctx, optional=True)


def gain_punk(ctx: Ctx, optional: bool = True):
    state = ctx.state
    side = ctx.side()
    limit = state["rules"]["column_limit"]
    if board.board_full(side, limit):
        value = yield from pick(ctx, "make_room", msg("radlands.ask.make_room_punk"), targets.persons(state, ctx.data, ctx.me), optional=True)
        if not value:
            return
        yield from hit(ctx, value, "destroy")
    cols = targets.column_choices(state, ctx.data, ctx.me, room=True)
    question = msg("radlands.ask.punk_column")
    if flat_menu(state):
        cols, question = placements(ctx, cols), msg("radlands.ask.punk_place")
    col = yield from pick(ctx, "punk", question, cols, optional=optional)
    if not col:
        return
    c, front, behind = yield from place_of(ctx, col, "punk.")
    taken, what = board.take_from_deck(state, 1)
    for w in what:
        yield from deck_news(ctx, w)
    if not taken:
        return
    board.place_person(state, side, c, board.PUNK, front=front, ready=karli_active(state, ctx.data, ctx.me), behind=behind)
    yield Say(msg("radlands.fx.punk", player=ctx.name(), col=c + 1), "do")


def ask_place(ctx: Ctx, c: int, prefix: str = ""):
    """Where a person goes in column ``c`` of ``ctx.me``: (front, behind). ``front``: in front of the person
    already on that side; ``behind``: behind a moved Juggernaut camp rather than in front of it (rules §2.11)."""
    side = ctx.side()
    camp = side["camps"][c]
    behind = False
    if camp.get("moves"):
        room_b, room_f = board.room_behind_and_in_front(side, c, ctx.state["rules"]["column_limit"])
        name = ctx.data.card(camp["id"])["name"]
        sides = [v for v, room in (("behind", room_b), ("in_front", room_f)) if room > 0]
        where = sides[0]
        if len(sides) > 1:
            choices = tuple(Choice(v, msg("radlands.juggernaut." + v, camp=name)) for v in sides)
            where = yield Ask(ctx.qid(prefix + "juggernaut_side"), msg("radlands.ask.juggernaut_side", camp=name), ONE_OF, choices)
        behind = where == "behind"
        b = board.behind_camp(side, c)
        here = b if behind else len(side["columns"][c]) - b
    else:
        here = len(side["columns"][c])
    front = True
    if here == 1:
        front = (yield Ask(ctx.qid(prefix + "place"), msg("radlands.ask.place"), ONE_OF, place_choices())) == "front"
    return front, behind


def flat_menu(state: dict) -> bool:
    """Menu version 2 (issue 11; automata/radlands/turn.py): saves made before it keep their questions."""
    return int(state.get("options", {}).get("menu", 1)) >= 2


def answers_itself(state: dict) -> bool:
    """Menu version 3 (issue 30 item 13): the questions the program can answer from what it tracks are not asked
    (Napalm's column, Doomsayer with nothing that can move back, High Ground with at most one person). Saves made
    before keep their questions, so that their journals replay."""
    return int(state.get("options", {}).get("menu", 1)) >= 3


def placements(ctx: Ctx, cols: list[Choice], side: str | None = None) -> list[Choice]:
    """Menu version 2 (issue 11): the column and the place in it as one answer. A column holding one person gives
    two items, '2.front' (in front of that person) and '2.behind' (behind them: they move forward); an empty
    column gives one ('2'). A column with a moved Juggernaut camp keeps its own questions (its value alone). The
    bare column of a column with one person stays accepted by name (hidden) and then asks the place."""
    s = ctx.side(side)
    out = []
    for ch in cols:
        c = int(ch.value) - 1
        col = s["columns"][c]
        if ch.value == "none" or s["camps"][c].get("moves") or len(col) != 1:
            out.append(ch)
            continue
        camp = ctx.data.card(s["camps"][c]["id"])["name"]
        there = targets.card_name(ctx.data, col[0]["card"])
        for where in ("front", "behind"):
            out.append(Choice(f"{ch.value}.{where}", msg("radlands.column_place." + where, col=c + 1, camp=camp, person=there)))
        out.append(Choice(ch.value, ch.label, ch.aliases, hidden=True))
    return out


def place_of(ctx: Ctx, value: str, prefix: str = ""):
    """(column index, front, behind) from a column answer: '2.front' and '2.behind' carry the place; a bare
    column asks it where the rules leave a choice (ask_place)."""
    col, _, where = value.partition(".")
    c = int(col) - 1
    if where:
        return c, where == "front", False
    front, behind = yield from ask_place(ctx, c, prefix)
    return c, front, behind


def one_or_ask(ctx: Ctx, qid: str, question, choices: list[Choice], flat: bool):
    """Ask among ``choices``; in menu version 2 a single shown choice is taken without a question (said)."""
    shown = [ch for ch in choices if not ch.hidden]
    if flat and len(shown) == 1:
        yield Say(msg("radlands.fx.only_place", choice=shown[0].label.to_data()), "info")
        return shown[0].value
    return (yield Ask(qid, question, ONE_OF, tuple(choices)))


def place_choices() -> tuple[Choice, ...]:
    return (Choice("front", msg("radlands.place.front"), ("frente",)), Choice("behind", msg("radlands.place.behind"), ("atras", "trás")))


def raid(ctx: Ctx, _arg=""):
    yield from do_raid(ctx)


def do_raid(ctx: Ctx):
    """Seed, Raid: Raiders enter space 2 (provisional: the first free space behind), or advance one space, or
    resolve from space 1; it cannot advance into an occupied space."""
    state = ctx.state
    side = ctx.side()
    # Zeto Khan changes only *placing* the Raiders (rules §2.5): a raid on Raiders already queued, even one that
    # resolves them from space 1, is no event played and leaves the turn's first event unused
    zero = side["raiders"] != "queue" and zeto_first_event(ctx)
    what, s = board.raid_move(side, state["rules"], bomb_zero=zero)
    if what == "enter":
        if s != state["rules"]["raiders_entry_space"]:
            yield from provisional(ctx.data, "raiders_entry_when_blocked", msg("radlands.provisional.raiders_entry", space=s))
        yield Say(msg("radlands.raid.enter", player=ctx.name(), space=s), "do")
        state["turn"]["events_played"] += 1
    elif what == "advance":
        yield Say(msg("radlands.raid.advance", player=ctx.name(), space=s), "do")
    elif what == "blocked":
        yield Say(msg("radlands.raid.blocked", player=ctx.name(), space=s), "warn")
    elif what == "full":
        behind = state["rules"]["provisional"]["raiders_entry_when_blocked"] == "first_free_behind"
        key = "radlands.provisional." + ("raiders_full" if behind else "raiders_no_entry")  # else space 3 is not looked at
        yield from provisional(ctx.data, "raiders_entry_when_blocked", msg(key))
        yield Say(msg("radlands.raid.no_entry", player=ctx.name()), "do")
    else:
        if zero:
            state["turn"]["events_played"] += 1
            yield Say(msg("radlands.raid.zeto"), "rule")
        yield from resolve_raiders(ctx)


def zeto_first_event(ctx: Ctx) -> bool:
    """Zeto Khan's trait (undamaged, yours): the first event you play each turn counts as bomb 0 (Raiders too)."""
    if ctx.me != ctx.state["turn"]["player"] or ctx.state["turn"]["events_played"]:
        return False
    return any(p["card"] != board.PUNK and not p["damaged"] and "zeto_khan" in ctx.data.card(p["card"]).get("traits", [])
               for p in board.people(ctx.side()))


def resolve_raiders(ctx: Ctx):
    """Seed, Raid: the opponent chooses one of their own camps (protection ignored) and it is damaged; Raiders go
    back to their owner's area."""
    state = ctx.state
    side = ctx.side()
    side["raiders"] = "area"
    if "raiders" in side["queue"]:
        side["queue"][side["queue"].index("raiders")] = ""
    yield Say(msg("radlands.raid.resolve", player=ctx.name(), opp=ctx.name(ctx.opp)), "head")
    choices = targets.camps(state, ctx.data, ctx.opp)
    if len(choices) < len(ctx.side(ctx.opp)["camps"]):
        yield from provisional(ctx.data, "raiders_target", msg("radlands.provisional.raiders_target"))
    if len(choices) == 1:  # nothing to choose: the opponent's only camp left
        yield Say(msg("radlands.raid.only_camp", player=ctx.name(ctx.opp)), "rule")
        yield from hit(ctx, choices[0].value, "damage")
    elif choices:
        value = yield Ask(ctx.qid("raiders.camp"), msg("radlands.ask.raiders_camp", player=ctx.name(ctx.opp)), ONE_OF, tuple(choices))
        yield from hit(ctx, value, "damage")
    state["turn"]["event_resolved"] = True
    if ctx.me == state["turn"]["player"]:
        state["turn"]["own_raiders_resolved"] = True
    yield Say(msg("radlands.raid.back", player=ctx.name()), "do")


# -- the named behaviours of the card data -------------------------------------------------------------


def damage_self(ctx: Ctx, _arg=""):
    value = _self_value(ctx)
    if value:
        yield from hit(ctx, value, "damage")


def destroy_self(ctx: Ctx, _arg=""):
    value = _self_value(ctx)
    if value:
        yield from hit(ctx, value, "destroy")


def damage_any(ctx: Ctx, _arg=""):
    choices = targets.persons(ctx.state, ctx.data, ctx.opp) + targets.camps(ctx.state, ctx.data, ctx.opp)
    yield from pick_and_hit(ctx, "damage", msg("radlands.ask.damage_any", player=ctx.name(ctx.opp)), choices, how="damage")


def destroy_own_person(ctx: Ctx, _arg=""):
    value = yield from pick(ctx, "destroy_own", msg("radlands.ask.destroy_own"), targets.persons(ctx.state, ctx.data, ctx.me))
    if value:
        yield from hit(ctx, value, "destroy")
        ctx.source["destroyed_own"] = True


def destroy_unprotected_enemy(ctx: Ctx, _arg=""):
    choices = targets.persons(ctx.state, ctx.data, ctx.opp, unprotected=True, exposed=ctx.exposed)
    yield from pick_and_hit(ctx, "destroy", msg("radlands.ask.destroy_enemy", player=ctx.name(ctx.opp)), choices, how="destroy")


def destroy_any_enemy(ctx: Ctx, _arg=""):
    yield from pick_and_hit(ctx, "destroy", msg("radlands.ask.destroy_enemy", player=ctx.name(ctx.opp)), targets.persons(ctx.state, ctx.data, ctx.opp), how="destroy")


def _all_at_once(ctx: Ctx, values: list[str], how: str):
    """Apply to a set of cards chosen before any of them changes (front to back, so places stay valid)."""
    for v in sorted(values, key=lambda x: (x.split(".")[0], x.split(".")[1], -int(x.split(".")[2]) if x.count(".") == 2 else 0)):
        if ctx.state.get("over"):
            return
        yield from hit(ctx, v, how)


def destroy_damaged_unprotected(ctx: Ctx, _arg=""):
    """Resonator: destroy an unprotected opposing card, person or camp, that is already damaged."""
    choices = targets.persons(ctx.state, ctx.data, ctx.opp, unprotected=True, exposed=ctx.exposed, damaged_only=True) + targets.camps(
        ctx.state, ctx.data, ctx.opp, unprotected=True, exposed=ctx.exposed, damaged_only=True)
    yield from pick_and_hit(ctx, "destroy", msg("radlands.ask.destroy_damaged", player=ctx.name(ctx.opp)), choices, how="destroy")


def destroy_damaged_enemies(ctx: Ctx, _arg=""):
    values = [ch.value for ch in targets.persons(ctx.state, ctx.data, ctx.opp, damaged_only=True)]
    if not values:
        yield Say(msg("radlands.fx.no_target"), "info")
    yield from _all_at_once(ctx, values, "destroy")


def injure_unprotected_enemies(ctx: Ctx, _arg=""):
    values = [ch.value for ch in targets.persons(ctx.state, ctx.data, ctx.opp, unprotected=True, exposed=ctx.exposed)]
    if not values:
        yield Say(msg("radlands.fx.no_target"), "info")
    yield from _all_at_once(ctx, values, "damage")


def injure_all_people(ctx: Ctx, _arg=""):
    values = [ch.value for s in (ctx.me, ctx.opp) for ch in targets.persons(ctx.state, ctx.data, s)]
    if not values:
        yield Say(msg("radlands.fx.no_target"), "info")
    yield from _all_at_once(ctx, values, "damage")


def destroy_all_people(ctx: Ctx, _arg=""):
    values = [ch.value for s in (ctx.me, ctx.opp) for ch in targets.persons(ctx.state, ctx.data, s)]
    yield from _all_at_once(ctx, values, "destroy")


def damage_unprotected_camp(ctx: Ctx, _arg=""):
    choices = targets.camps(ctx.state, ctx.data, ctx.opp, unprotected=True, exposed=ctx.exposed)
    yield from pick_and_hit(ctx, "damage", msg("radlands.ask.damage_camp", player=ctx.name(ctx.opp)), choices, how="damage")


def destroy_any_camp(ctx: Ctx, _arg=""):
    yield from pick_and_hit(ctx, "destroy", msg("radlands.ask.destroy_camp", player=ctx.name(ctx.opp)), targets.camps(ctx.state, ctx.data, ctx.opp), how="destroy")


def damage_opposing_camps(ctx: Ctx, _arg=""):
    values = [ch.value for ch in targets.camps(ctx.state, ctx.data, ctx.opp)]
    for v in values:
        if ctx.state.get("over"):
            return
        yield from hit(ctx, v, "damage")


def draw_per_destroyed_opposing_camp(ctx: Ctx, _arg=""):
    yield from draw_cards(ctx, ctx.me, board.destroyed_camps(ctx.side(ctx.opp)))


def _opp_column(ctx: Ctx, base: str, question, cols: list[Choice] | None = None):
    """The index of the opponent's column the table picks among ``cols`` (default: all three)."""
    cols = targets.column_choices(ctx.state, ctx.data, ctx.opp) if cols is None else cols
    col = yield Ask(ctx.qid(base), question, ONE_OF, tuple(cols))
    return int(col) - 1


def destroy_enemies_in_column(ctx: Ctx, _arg=""):
    """Napalm: every enemy in one column of the opponent is destroyed. From menu version 3 only the columns that
    hold enemies are offered: none, the effect does nothing; one, it is that one (issue 30 item 13)."""
    if answers_itself(ctx.state):
        cols = [ch for ch in targets.column_choices(ctx.state, ctx.data, ctx.opp) if ctx.side(ctx.opp)["columns"][int(ch.value) - 1]]
        if not cols:
            yield Say(msg("radlands.fx.no_target"), "info")
            return
        if len(cols) == 1:
            yield Say(msg("radlands.fx.only_column", player=ctx.name(ctx.opp), choice=cols[0].label.to_data()), "info")
            c = int(cols[0].value) - 1
        else:
            c = yield from _opp_column(ctx, "column", msg("radlands.ask.enemy_column", player=ctx.name(ctx.opp)), cols)
    else:
        c = yield from _opp_column(ctx, "column", msg("radlands.ask.enemy_column", player=ctx.name(ctx.opp)))
    values = [f"{ctx.opp}.c{c + 1}.{i + 1}" for i in range(len(ctx.side(ctx.opp)["columns"][c]))]
    yield from _all_at_once(ctx, values, "destroy")


def damage_column(ctx: Ctx, _arg=""):
    """Magnus Karv: every card of one opposing column, its people and its camp."""
    c = yield from _opp_column(ctx, "column", msg("radlands.ask.enemy_column", player=ctx.name(ctx.opp)))
    values = [f"{ctx.opp}.c{c + 1}.{i + 1}" for i in range(len(ctx.side(ctx.opp)["columns"][c]))]
    yield from _all_at_once(ctx, values, "damage")
    if not ctx.state.get("over") and board.camp_alive(ctx.side(ctx.opp)["camps"][c]):
        yield from hit(ctx, f"{ctx.opp}.c{c + 1}", "damage")


def return_all_people(ctx: Ctx, _arg=""):
    """Truce: every person in play, punks included, goes back to its owner's hand."""
    for s in (ctx.me, ctx.opp):
        side = ctx.side(s)
        n = len(board.people(side))
        side["columns"] = [[], [], []]
        for camp in side["camps"]:
            if camp.get("behind"):
                camp["behind"] = 0
        side["hand"] += n
        if n:
            yield Say(msg("radlands.fx.to_hand_all", player=side["name"], n=n), "do")


def return_own_person(ctx: Ctx, _arg=""):
    value = yield from pick(ctx, "to_hand", msg("radlands.ask.to_hand"), targets.persons(ctx.state, ctx.data, ctx.me))
    if value:
        yield from to_hand(ctx, value)


def to_hand(ctx: Ctx, value: str):
    side, c, i = targets.parse(value)
    s = ctx.side(side)
    p = board.take_person(s, c, i)
    s["hand"] += 1
    yield Say(msg("radlands.fx.to_hand", card=targets.card_name(ctx.data, p["card"]), player=s["name"]), "do")


def famine(ctx: Ctx, _arg=""):
    """Famine: each player, you first, keeps one of their people and destroys the rest."""
    for s in (ctx.me, ctx.opp):
        choices = targets.persons(ctx.state, ctx.data, s)
        if len(choices) <= 1:
            continue
        keep = yield Ask(ctx.qid("keep"), msg("radlands.ask.famine_keep", player=ctx.name(s)), ONE_OF, tuple(choices))
        yield from _all_at_once(ctx, [ch.value for ch in choices if ch.value != keep], "destroy")


def high_ground(ctx: Ctx, _arg=""):
    ctx.state["turn"]["high_ground"] = True
    ctx.state["turn"]["high_ground_by"] = ctx.me
    yield Say(msg("radlands.fx.high_ground", player=ctx.name(), opp=ctx.name(ctx.opp)), "rule")
    if flat_menu(ctx.state) and len(board.people(ctx.side())) <= (1 if answers_itself(ctx.state) else 0):
        return  # no people to rearrange (issue 11), or only one (issue 30 item 13): nothing to ask
    yield from report_changes(ctx, only=("move",))


def opponent_damages_own_card(ctx: Ctx, _arg=""):
    """Scud Launcher: the opponent picks one of their own cards (provisional: any of them, camps included,
    protection ignored) and it is damaged."""
    yield from provisional(ctx.data, "choice_damage_scope", msg("radlands.provisional.choice_scope"))
    choices = targets.persons(ctx.state, ctx.data, ctx.opp) + targets.camps(ctx.state, ctx.data, ctx.opp)
    yield from pick_and_hit(ctx, "opp_card", msg("radlands.ask.opp_own_card", player=ctx.name(ctx.opp)), choices, how="damage")


def push_opponent_events(ctx: Ctx, _arg=""):
    """Doomsayer entering play: you may push every opponent event back one space (provisional order: from the
    back, so that every event that can move does)."""
    q = ctx.side(ctx.opp)["queue"]
    if not any(q):
        return
    if answers_itself(ctx.state) and not any(q[i] and not q[i + 1] for i in range(len(q) - 1)):
        # rules §2.5: an event moves back only into a free space behind it; none can, so 'may push' changes nothing
        yield Say(msg("radlands.q.doomsayer_none", player=ctx.name(ctx.opp)), "info")
        return
    # "you may": Enter means no (wave-2: Enter never records what the table did not do)
    if not (yield Ask(ctx.qid("push"), msg("radlands.ask.push_events", player=ctx.name(ctx.opp)), YES_NO, default=False)):
        return
    yield from provisional(ctx.data, "doomsayer_order", msg("radlands.provisional.doomsayer"))
    for i in range(len(q) - 2, -1, -1):
        if q[i] and not q[i + 1]:
            q[i + 1], q[i] = q[i], ""
            yield Say(msg("radlands.fx.event_moved", card=targets.card_name(ctx.data, q[i + 1]), player=ctx.name(ctx.opp), space=i + 2), "do")


def draw_if_camp_hit(ctx: Ctx, _arg=""):
    if ctx.hit_camp:
        yield from draw_cards(ctx, ctx.me, 1)


def manual(ctx: Ctx, icon=""):
    """A text or an icon the program does not apply (``icon``: an owner's icon, rules §3.3): the table applies it
    and reports what changed. The card's text was said when it began to resolve, so it is not said again."""
    if icon in ctx.data.icons:
        yield Say(msg("radlands.manual_icon", icon=ctx.data.icon_label(icon).to_data()), "warn")
    else:
        yield Say(msg("radlands.manual"), "warn")
    yield from report_changes(ctx)


# -- the table reports a change the program does not make itself ------------------------------------------

CHANGES = ("damage", "destroy", "restore", "revive", "punk", "move", "to_hand", "draw", "discard", "water", "done")


def report_changes(ctx: Ctx, only: tuple[str, ...] = ()):
    """A loop: what changed on the table? (until 'done')."""
    kinds = [k for k in CHANGES if not only or k in only or k == "done"]
    choices = tuple(Choice(k, msg("radlands.change." + k)) for k in kinds)
    while not ctx.state.get("over"):
        kind = yield Ask(ctx.qid("change"), msg("radlands.ask.change"), ONE_OF, choices)
        if kind == "done":
            return
        yield from apply_change(ctx, kind)


def apply_change(ctx: Ctx, kind: str):
    state, data = ctx.state, ctx.data
    every_person = targets.persons(state, data, "a") + targets.persons(state, data, "b")
    if kind in ("damage", "destroy"):
        choices = every_person + targets.camps(state, data, "a") + targets.camps(state, data, "b")
        value = yield from pick(ctx, "change.card", msg("radlands.ask.change_card"), choices)
        if value:
            yield from hit(ctx, value, kind)
    elif kind == "restore":
        choices = [c for s in ("a", "b") for c in targets.persons(state, data, s, damaged_only=True) + targets.camps(state, data, s, damaged_only=True)]
        value = yield from pick(ctx, "change.card", msg("radlands.ask.change_card"), choices)
        if value:
            yield from hit(ctx, value, "restore")
    elif kind == "revive":
        choices = [targets.camp_choice(state, data, ctx.me, c) for c, camp in enumerate(ctx.side()["camps"]) if camp["state"] == "destroyed"]
        value = yield from pick(ctx, "change.card", msg("radlands.ask.change_card"), choices)
        if value:
            camp = ctx.side()["camps"][targets.parse(value)[1]]
            camp["state"] = "undamaged"
            yield Say(msg("radlands.fx.camp_revived", card=data.card(camp["id"])["name"], player=ctx.name()), "do")
    elif kind == "punk":
        yield from gain_punk(ctx, optional=True)
    elif kind == "move":
        value = yield from pick(ctx, "change.card", msg("radlands.ask.move_who"), targets.persons(state, data, ctx.me))
        if value:
            yield from move_person(ctx, value)
    elif kind == "to_hand":
        value = yield from pick(ctx, "change.card", msg("radlands.ask.change_card"), every_person)
        if value:
            yield from to_hand(ctx, value)
    elif kind == "draw":
        n = yield Ask(ctx.qid("change.n"), msg("radlands.ask.how_many"), NUMBER, min=0, max=20)
        yield from draw_cards(ctx, ctx.me, n)
    elif kind == "discard":
        n = yield Ask(ctx.qid("change.n"), msg("radlands.ask.how_many"), NUMBER, min=0, max=ctx.side()["hand"])
        yield from discard(ctx, str(n))
    elif kind == "water":
        yield from water(ctx)


def move_person(ctx: Ctx, value: str):
    side, c, i = targets.parse(value)
    s = ctx.side(side)
    p = board.take_person(s, c, i)
    cols = targets.column_choices(ctx.state, ctx.data, side, room=True)
    if flat_menu(ctx.state):
        cols = placements(ctx, cols)
    col = yield Ask(ctx.qid("move.column"), msg("radlands.ask.move_column"), ONE_OF, tuple(cols))
    c, front, behind = yield from place_of(ctx, col, "move.")
    board.insert_person(ctx.state, s, c, p, front=front, behind=behind)
    yield Say(msg("radlands.fx.moved", card=targets.card_name(ctx.data, p["card"]), col=c + 1), "do")


#: The icons and named behaviours above; card_effects.EFFECTS adds the longer card texts and runs them all.
BASIC_EFFECTS = {
    "damage": damage, "injure": injure, "restore": restore, "draw": draw, "punk": punk, "water": water, "raid": raid,
    "discard": discard, "discard_drawn": discard_drawn, "damage_self": damage_self, "destroy_self": destroy_self, "damage_any": damage_any,
    "destroy_own_person": destroy_own_person, "destroy_unprotected_enemy": destroy_unprotected_enemy,
    "destroy_any_enemy": destroy_any_enemy, "destroy_damaged_enemies": destroy_damaged_enemies,
    "injure_unprotected_enemies": injure_unprotected_enemies, "injure_all_people": injure_all_people,
    "damage_unprotected_camp": damage_unprotected_camp, "destroy_any_camp": destroy_any_camp,
    "damage_opposing_camps": damage_opposing_camps, "draw_per_destroyed_opposing_camp": draw_per_destroyed_opposing_camp,
    "destroy_enemies_in_column": destroy_enemies_in_column, "damage_column": damage_column,
    "destroy_all_people": destroy_all_people, "return_all_people": return_all_people,
    "return_own_person": return_own_person, "famine": famine, "high_ground": high_ground,
    "opponent_damages_own_card": opponent_damages_own_card,
    "push_opponent_events": push_opponent_events, "restore_ready": restore_ready,
    "restore_any_number": restore_any_number, "draw_if_camp_hit": draw_if_camp_hit, "manual": manual,
    "destroy_damaged_unprotected": destroy_damaged_unprotected,
}
