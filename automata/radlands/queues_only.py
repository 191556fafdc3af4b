"""Radlands, queues only (``tabletop new radlands --track queues``): the program runs the turn structure, both event
queues, the Raiders, each turn's water and the Water Silo's place; every other card stays the table's.

Each turn is two steps. The start (no question): the event in space 1 resolves, its effect said for the table to
apply, and the queue moves forward (seed, Fluxo do Jogo 1); then one card and the water, 1 on the first player's
first turn, else 3 (Fluxo do Jogo 2). The end: one question, what the player played that touches the queues, in
the order played, several in one answer, none by pressing Enter:

- an event's name (``Banish``): placed by the queue rules (seed, Jogar Carta (Evento); rules §2.5), a bomb-0
  event resolves at once and its effect is said; refused when its spaces are full or both copies are queued;
- ``raid`` (``2 raids``, ``raid x2``): the raid icon (seed, Raid): the Raiders enter space 2, advance, or resolve
  from space 1 (the opponent damages one of their own camps, the table applies it);
- ``silo``: the Water Silo changed place (taken into the hand, or junked back to the play area);
- ``Doomsayer``: it entered play and its owner pushed the opponent's events back (rules §2.5);
- ``Omen Clock`` and an event (``Omen Clock Banish``, or its queue and space, ``Omen Clock b2``): that event
  advances one space, and resolves at once from space 1 (rules §2.5, provisional §4.1 item 7);
- ``now`` after an event or a raid: Zeto Khan made it the turn's first event, bomb 0 (rules §2.5 step 1); only
  the first event of the turn (an event, or Raiders entering the queue) takes it;
- ``Ana wins`` (``a wins``) or ``draw``: the game is over (the table keeps the camps and the deck, so it says).

The whole answer is checked on a copy of the queues first and refused whole, with the reason, if any part fails;
the value stored is the answer rewritten in a canonical form that parses back to the same items, in the words the
table wrote ('reide agora' stays Portuguese, 'raid now' English; issue 30 item 13).
"""

from __future__ import annotations

import re

from ..core.gamedata import UnknownName, fold_name
from ..core.statecopy import copied
from ..core.steps import TEXT, Ask, InvalidAnswer, Say, msg
from . import board
from . import targets
from .queue import move_forward
from .turn import new_turn, take_water

TRACKS = ("full", "queues")

RAID = {"raid": "raid", "raids": "raid", "reide": "reide", "reides": "reide"}  # the word as stored
SILO = {"silo", "water silo", "silos"}
DOOMSAYER = {"doomsayer"}
OMEN = ("omen clock ", "omen ")
NOW = (" now", " agora")
WINS = (" wins", " won", " win", " vence", " venceu", " ganha", " ganhou")
DRAW = {"draw", "empate", "tie", "empatou"}
COUNT_BEFORE = re.compile(r"^(\d+)\s*[x×]?\s+(.+)$")
COUNT_AFTER = re.compile(r"^(.+?)\s*[x×]\s*(\d+)$")


# -- the two steps of a turn ----------------------------------------------------------------------


def start_step(state: dict, data, side: str):
    """Seed, Fluxo do Jogo 1-2: the Events phase (space 1 resolves, the queue moves forward), then one card and the
    turn's water. Nothing is asked."""
    state["turn"] = new_turn(state, side)
    me = state["players"][side]
    me["turns"] += 1
    yield Say(msg("radlands.turn.start", player=me["name"], n=state["turn"]["number"]), "head")
    card = me["queue"][0]
    if card:
        me["queue"][0] = ""
        yield from resolve(state, data, side, card)
    else:
        yield Say(msg("radlands.events.none", player=me["name"]), "info")
    yield from move_forward(data, me)
    yield Say(msg("radlands.q.draw", player=me["name"]), "do")
    yield from take_water(state, side)
    if me["silo"] == "hand":
        yield Say(msg("radlands.q.silo_in_hand", player=me["name"]), "info")
    state["next"] = {"proc": "q_played", "p": side, "name": me["name"], "turn": state["turn"]["number"]}


def played_step(state: dict, data, side: str):
    """The one question of the turn: the events, raids, Water Silo moves and queue cards played, in order; or the
    end of the game."""
    me = state["players"][side]

    def check(raw):
        items = parse(state, data, str(raw or ""))
        trial = copied(state)
        for _ in apply_items(trial, data, side, items):  # refused whole if any part fails; nothing applied
            pass
        return canonical(data, items)

    # the whole list of what can be written once, at the game's first such question; then a short reminder (the
    # list again with '?'), its examples in the players' own names (wave-2 item 15)
    first = state["turn"]["number"] <= 1
    answer = yield Ask("played", msg("radlands.ask.played", player=me["name"]), TEXT, check=check,
                       hint=msg("radlands.hint.played" if first else "radlands.hint.played_short", player=me["name"]))
    items = parse(state, data, answer)
    if not items:
        yield Say(msg("radlands.q.none", player=me["name"]), "info")
    yield from apply_items(state, data, side, items)
    state["turn"]["water"] = state["turn"]["extra"] = 0
    if state.get("over"):
        return
    nxt = board.other(side)
    state["next"] = {"proc": "q_start", "p": nxt, "name": state["players"][nxt]["name"], "turn": state["turn"]["number"] + 1}


# -- the answer -----------------------------------------------------------------------------------


def parse(state: dict, data, text: str) -> list[tuple]:
    """The items of an answer, in order: ("event", id, now), ("raid", now, word), ("silo",), ("doomsayer",),
    ("omen", target text), ("end", "a" | "b" | "draw", word). ``now`` is the word written for Zeto Khan ("now",
    "agora") or "" without it; ``word`` the word written for the raid ("raid", "reide") or the end ("wins",
    "venceu", "draw", "empate"), so that the stored answer keeps the table's language. Raises InvalidAnswer
    naming the part not understood."""
    items: list[tuple] = []
    for part in [p.strip() for p in re.split(r"[,;\n]", text) if p.strip()]:
        n, body = 1, part
        m = COUNT_BEFORE.match(body) or COUNT_AFTER.match(body)
        if m:
            a, b = m.groups()
            n, body = (int(a), b) if a.isdigit() else (int(b), a)
            if not 1 <= n <= 9:
                raise InvalidAnswer(msg("radlands.invalid.played_count", value=part))
        items.extend([parse_one(state, data, part, body.strip())] * n)
    return items


def parse_one(state: dict, data, part: str, body: str) -> tuple:
    low = fold_name(body)
    now = ""
    for word in NOW:
        if low.endswith(word):
            now, low, body = word.strip(), low[: -len(word)].strip(), body[: -len(word)].strip()
            break
    if low in RAID:
        return ("raid", now, RAID[low])
    if not now:  # 'now' (Zeto Khan) marks an event or a raid; the other items do not take it
        if low in SILO:
            return ("silo",)
        if low in DOOMSAYER:
            return ("doomsayer",)
        if low in DRAW:
            return ("end", "draw", low)
        for word in OMEN:
            if low.startswith(word):
                return ("omen", low[len(word):].strip())
        for word in WINS:
            if low.endswith(word):
                who = player_side(state, low[: -len(word)].strip())
                if who:
                    return ("end", who, word.strip())
                raise InvalidAnswer(msg("radlands.invalid.played_winner", value=part, valid=player_names(state)))
    try:
        return ("event", data.find_card(body, kinds=("event",)), now)
    except UnknownName as e:
        close = [data.card(c)["name"] for c in e.close]
        raise InvalidAnswer(msg("radlands.invalid.played_item", value=part, close=", ".join(close),
                                events=", ".join(sorted(c["name"] for c in data.events.values())))) from None


def player_side(state: dict, text: str) -> str:
    """a / b from a side letter, a name given at ``new``, or the default 'Player A' / 'Jogador A'."""
    t = fold_name(text)
    for s in board.SIDES:
        name = state["players"][s]["name"]
        if t in (s, f"player {s}", f"jogador {s}", f"jogadora {s}") or (not name.startswith("@") and t == fold_name(name)):
            return s
    return ""


def player_names(state: dict) -> str:
    out = []
    for s in board.SIDES:
        name = state["players"][s]["name"]
        out.append(s if name.startswith("@") else f"{name} ({s})")
    return ", ".join(out)


def canonical(data, items: list[tuple]) -> str:
    """The answer as stored: printed card names and the table's own words ('raid'/'reide', 'now'/'agora',
    'wins'/'venceu'), one item each, that ``parse`` reads back to the same items."""
    out = []
    for it in items:
        kind = it[0]
        if kind == "event":
            out.append(" ".join(w for w in (data.card(it[1])["name"], it[2]) if w))
        elif kind == "raid":
            out.append(" ".join(w for w in (it[2], it[1]) if w))
        elif kind == "omen":
            out.append(f"Omen Clock {it[1]}")
        elif kind == "end":
            out.append(it[2] if it[1] == "draw" else f"{it[1]} {it[2]}")
        else:
            out.append({"silo": "silo", "doomsayer": "Doomsayer"}[kind])
    return ", ".join(out)


# -- applying the items -----------------------------------------------------------------------------


def apply_items(state: dict, data, side: str, items: list[tuple]):
    me = state["players"][side]
    ended = False
    for it in items:
        if ended:
            raise InvalidAnswer(msg("radlands.invalid.played_after_end"))
        kind = it[0]
        if zeto_now(it) and state["turn"]["events_played"]:
            # Zeto Khan (rules §2.5 step 1): only the first event played each turn is bomb 0
            raise InvalidAnswer(msg("radlands.invalid.played_now_not_first", value=canonical(data, [it])))
        if kind == "event":
            yield from play_event(state, data, side, it[1], bool(it[2]))
        elif kind == "raid":
            yield from raid(state, data, side, bool(it[1]))
        elif kind == "silo":
            me["silo"] = "hand" if me["silo"] == "area" else "area"
            yield Say(msg("radlands.q.silo_" + me["silo"], player=me["name"]), "do")
        elif kind == "doomsayer":
            yield from doomsayer(state, data, side)
        elif kind == "omen":
            yield from omen_clock(state, data, side, it[1])
        elif kind == "end":
            ended = True
            state["over"] = True
            state["result"] = it[1]
            if it[1] == "draw":
                yield Say(msg("radlands.q.end_draw"), "head")
            else:
                yield Say(msg("radlands.q.end_win", winner=state["players"][it[1]]["name"]), "head")


def zeto_now(item: tuple) -> bool:
    """The item is an event or a raid marked 'now' (Zeto Khan)."""
    return (item[0] == "event" and bool(item[2])) or (item[0] == "raid" and bool(item[1]))


def play_event(state: dict, data, side: str, card: str, now: bool):
    """Seed, Jogar Carta (Evento): the space of its bomb number, else the first free one behind it up to space 3;
    not playable when those are full; bomb 0 (or Zeto Khan's first event) resolves at once."""
    me = state["players"][side]
    ev = data.card(card)
    queued = sum(1 for s in board.SIDES for c in state["players"][s]["queue"] if c == card)
    if queued >= int(ev["copies"]):
        raise InvalidAnswer(msg("radlands.invalid.played_copies", card=ev["name"], n=ev["copies"]))
    bomb = 0 if now else int(ev["bomb"])
    space = board.event_space(me["queue"], bomb)
    if space < 0:
        raise InvalidAnswer(msg("radlands.invalid.queue_full", card=ev["name"], bomb=ev["bomb"]))
    state["turn"]["events_played"] += 1
    if space == 0:
        if now and int(ev["bomb"]) != 0:
            yield Say(msg("radlands.event.zeto", card=ev["name"]), "rule")
        else:
            yield Say(msg("radlands.event.now_unpaid", card=ev["name"]), "head")
        yield from resolve(state, data, side, card)
        return
    me["queue"][space - 1] = card
    key = "radlands.event.placed" if space == bomb else "radlands.event.placed_behind"
    yield Say(msg(key, card=ev["name"], player=me["name"], space=space, bomb=bomb), "do")


def resolve(state: dict, data, side: str, card: str):
    """An event resolves (taken out of the queue already): its effect is said for the table to apply, and it is
    discarded; the Raiders make the opponent damage one of their own camps and go back to their owner."""
    me = state["players"][side]
    state["turn"]["event_resolved"] = True
    if card == board.RAIDERS:
        me["raiders"] = "area"
        opp = state["players"][board.other(side)]["name"]
        yield Say(msg("radlands.raid.resolve", player=me["name"], opp=opp), "head")
        yield Say(msg("radlands.q.raiders_damage", opp=opp), "do")
        yield Say(msg("radlands.raid.back", player=me["name"]), "do")
        return
    ev = data.card(card)
    yield Say(msg("radlands.event.resolve", card=ev["name"], player=me["name"]), "head")
    yield Say(data.effect_text(card), "rule")
    yield Say(msg("radlands.q.apply", player=me["name"]), "do")
    yield Say(msg("radlands.event.discarded", card=ev["name"]), "do")


def raid(state: dict, data, side: str, now: bool):
    """Seed, Raid: enter space 2 (provisional: the first free space behind), advance one space, or resolve from
    space 1; blocked by an event in front. ``now``: Zeto Khan makes entering Raiders bomb 0."""
    me = state["players"][side]
    if now and me["raiders"] == "queue":
        raise InvalidAnswer(msg("radlands.invalid.played_now_raiders", space=me["queue"].index(board.RAIDERS) + 1))
    what, s = board.raid_move(me, state["rules"], bomb_zero=now)
    if what == "enter":
        if s != state["rules"]["raiders_entry_space"] and data.rule_is_provisional("raiders_entry_when_blocked"):
            yield Say(msg("radlands.provisional.raiders_entry", space=s), "warn")
        yield Say(msg("radlands.raid.enter", player=me["name"], space=s), "do")
        state["turn"]["events_played"] += 1
    elif what == "advance":
        yield Say(msg("radlands.raid.advance", player=me["name"], space=s), "do")
    elif what == "blocked":
        yield Say(msg("radlands.raid.blocked", player=me["name"], space=s), "warn")
    elif what == "full":
        behind = state["rules"]["provisional"]["raiders_entry_when_blocked"] == "first_free_behind"
        if data.rule_is_provisional("raiders_entry_when_blocked"):
            yield Say(msg("radlands.provisional." + ("raiders_full" if behind else "raiders_no_entry")), "warn")
        yield Say(msg("radlands.raid.no_entry", player=me["name"]), "do")
    else:
        if now:
            state["turn"]["events_played"] += 1
            yield Say(msg("radlands.raid.zeto"), "rule")
        yield from resolve(state, data, side, board.RAIDERS)


def doomsayer(state: dict, data, side: str):
    """Rules §2.5 (Doomsayer entering play, its owner chose to): every opponent event moves back one space where
    there is room; provisional order: from the back, so that every event that can move does."""
    opp = state["players"][board.other(side)]
    q = opp["queue"]
    moved = False
    for i in range(len(q) - 2, -1, -1):
        if q[i] and not q[i + 1]:
            if not moved and data.rule_is_provisional("doomsayer_order"):
                yield Say(msg("radlands.provisional.doomsayer"), "warn")
            moved = True
            q[i + 1], q[i] = q[i], ""
            yield Say(msg("radlands.fx.event_moved", card=targets.card_name(data, q[i + 1]), player=opp["name"], space=i + 2), "do")
    if not moved:
        yield Say(msg("radlands.q.doomsayer_none", player=opp["name"]), "info")


def omen_targets(state: dict, data) -> list[tuple[str, int, str]]:
    """(side, space, card) of every event that Omen Clock can advance: space 1, or an empty space in front."""
    out = []
    for s in board.SIDES:
        q = state["players"][s]["queue"]
        for i, card in enumerate(q):
            if card and (i == 0 or not q[i - 1]):
                out.append((s, i + 1, card))
    return out


def omen_clock(state: dict, data, side: str, target: str):
    """Rules §2.5 (Omen Clock): advance one event of either queue by one space into an empty space; from space 1 it
    resolves at once as its owner's event (provisional)."""
    movable = omen_targets(state, data)
    labels = ", ".join(f"{targets.card_name(data, c)} ({s}{sp})" for s, sp, c in movable) or "—"
    m = re.match(r"^(.+?)\s*\.?\s*([123])$", target)
    hits = []
    if m and player_side(state, m.group(1)):
        s, sp = player_side(state, m.group(1)), int(m.group(2))
        hits = [x for x in movable if x[0] == s and x[1] == sp]
    else:
        want = fold_name(target)
        hits = [x for x in movable if want and want in (fold_name(x[2]), fold_name(targets.card_name(data, x[2])))]
    if not hits:
        raise InvalidAnswer(msg("radlands.invalid.played_omen", value=target, valid=labels))
    if len(hits) > 1:
        raise InvalidAnswer(msg("radlands.invalid.played_omen_which", card=targets.card_name(data, hits[0][2]),
                                places=", ".join(f"{s}{sp}" for s, sp, _ in hits), first=f"{hits[0][0]}{hits[0][1]}"))
    s, sp, card = hits[0]
    q = state["players"][s]["queue"]
    if sp == 1:
        q[0] = ""
        if data.rule_is_provisional("omen_clock_space_1"):
            yield Say(msg("radlands.provisional.omen_clock"), "warn")
        yield from resolve(state, data, s, card)
        return
    q[sp - 2], q[sp - 1] = card, ""
    yield Say(msg("radlands.fx.event_moved", card=targets.card_name(data, card), player=state["players"][s]["name"], space=sp - 1), "do")


# -- setup, the table's part --------------------------------------------------------------------------


def camps_step(state: dict, data):
    """Seed, Preparação de cada jogador 1-2: the table keeps its camps; the program only says what to do."""
    if state["options"]["first_game"]:
        fg = data.rules["first_game"]
        yield Say(msg("radlands.setup.q_first_game", exp=[data.card(c)["name"] for c in fg["experienced"]],
                      other=[data.card(c)["name"] for c in fg["other"]]), "do")
    elif state["options"].get("dealt"):  # a random setup's deal (randomsetup.py)
        for side in ("a", "b"):
            yield Say(msg("radlands.setup.dealt_camps", player=state["players"][side]["name"],
                          camps=[data.card(c)["name"] for c in state["options"]["dealt"][side]]), "do")
        yield Say(msg("radlands.setup.q_camps_dealt", k=state["rules"]["camps_kept"]), "do")
    else:
        yield Say(msg("radlands.setup.q_camps", n=state["rules"]["camps_dealt"], k=state["rules"]["camps_kept"]), "do")


def hands_step(state: dict, data):
    """Seed, Preparação de cada jogador 6: the starting hand is the sum of the draw values of the three camps."""
    yield Say(msg("radlands.setup.q_hands"), "do")
    yield Say(msg("radlands.setup.q_track"), "info")
