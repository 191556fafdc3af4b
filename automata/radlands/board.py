"""The Radlands table as plain data, and the rules that change it (seed 004; rules/radlands.md §1, §2).

No questions here: every function takes the decisions already made and returns what happened, so that the
procedures (turn.py, effects.py) only ask and tell. The state is TOML-friendly (no ``None``).

One player's side::

    {"name": str,
     "camps": [{"id": camp id, "state": "undamaged" | "damaged" | "destroyed", "used": bool}] * 3,
     "columns": [[person, ...]] * 3,       # index 0 is next to the camp (rear), index 1 in front
     "queue": ["", "", ""],               # event spaces 1, 2, 3: "" empty, else an event id or "raiders"
     "raiders": "area" | "queue", "silo": "area" | "hand", "hand": int, "turns": int}

    person = {"uid": int, "card": person id or "punk", "damaged": bool, "used": bool, "fresh": bool}

``fresh``: entered play or was restored this turn (not ready). The deck is counted, not listed::

    state["deck"] = {"count": int, "discard": int, "reshuffles": int, "known": [ids in the discard pile]}
"""

from __future__ import annotations

SIDES = ("a", "b")
PUNK = "punk"
RAIDERS = "raiders"


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def new_side(name: str) -> dict:
    return {
        "name": name, "camps": [], "columns": [[], [], []], "queue": ["", "", ""],
        "raiders": "area", "silo": "area", "hand": 0, "turns": 0,
    }


# -- where things are -------------------------------------------------------------------------------


def people(side: dict) -> list[dict]:
    return [p for col in side["columns"] for p in col]


def find_person(side: dict, uid: int) -> tuple[int, int]:
    """(column index, position index) of a person, by uid."""
    for c, col in enumerate(side["columns"]):
        for i, p in enumerate(col):
            if p["uid"] == uid:
                return c, i
    raise KeyError(uid)


def person_by_uid(side: dict, uid: int) -> dict:
    c, i = find_person(side, uid)
    return side["columns"][c][i]


def camp_alive(camp: dict) -> bool:
    return camp["state"] != "destroyed"


def destroyed_camps(side: dict) -> int:
    return sum(1 for c in side["camps"] if c["state"] == "destroyed")


def all_camps_destroyed(side: dict) -> bool:
    return bool(side["camps"]) and all(c["state"] == "destroyed" for c in side["camps"])


def punks(side: dict) -> int:
    return sum(1 for p in people(side) if p["card"] == PUNK)


def column_has_room(side: dict, c: int, limit: int = 2) -> bool:
    return len(side["columns"][c]) < limit


def board_full(side: dict, limit: int = 2) -> bool:
    return all(len(col) >= limit for col in side["columns"])


# -- protection (seed, "Desprotegido"; rules §2.7) ------------------------------------------------


def behind_camp(side: dict, c: int) -> int:
    """How many people of column ``c`` stand behind its camp: 0, except for a Juggernaut that has moved forward
    (``camp["behind"]``; rules §2.11: people behind it are protected)."""
    return int(side["camps"][c].get("behind", 0)) if side["camps"] else 0


def person_unprotected(side: dict, c: int, i: int, exposed: bool = False) -> bool:
    """A person is unprotected when no card of its owner stands in front of it: the front one of a column, unless
    a Juggernaut camp stands in front of every person there."""
    n = len(side["columns"][c])
    return exposed or (i == n - 1 and behind_camp(side, c) < n)


def camp_unprotected(side: dict, c: int, exposed: bool = False) -> bool:
    """A camp is unprotected when none of its people stands in front of it."""
    return exposed or len(side["columns"][c]) - behind_camp(side, c) == 0


def room_behind_and_in_front(side: dict, c: int, limit: int = 2) -> tuple[int, int]:
    """Free places behind and in front of a moved Juggernaut (its column has 3 places: the camp takes the one its
    moves give it, people the others)."""
    camp = side["camps"][c]
    moves, b, n = int(camp.get("moves", 0)), behind_camp(side, c), len(side["columns"][c])
    if n >= limit:
        return 0, 0
    return moves - b, (limit - moves) - (n - b)


# -- ready (rules §2.4) -------------------------------------------------------------------------------


def person_ready(p: dict) -> bool:
    return not (p["damaged"] or p["used"] or p["fresh"])


def camp_ready(camp: dict) -> bool:
    return camp_alive(camp) and not camp["used"]


def refresh(side: dict) -> None:
    """Start of the owner's turn: cards used or played last turn are ready again (a damaged person stays not ready)."""
    for camp in side["camps"]:
        camp["used"] = False
    for p in people(side):
        p["used"] = False
        p["fresh"] = False


# -- the deck (rules §2.10: first run-out reshuffles the discard pile, the second is a draw) -------------


def take_from_deck(state: dict, k: int = 1) -> tuple[int, list[tuple[str, int]]]:
    """Take ``k`` cards off the draw deck. Returns (cards taken, happenings), each happening (kind, n):
    ("reshuffle", n) the discard pile of n cards became the deck (n before any card is taken from it),
    ("exhausted", 0) the game ends in a draw (state["over"] is set) and ("empty_discard", 0) (provisional: the
    first run-out found no discard pile to shuffle, so it counts as the second).

    When the deck "runs out" is provisional (rules §4.1 item 3): ``take_from_empty`` (a card must be taken and the
    deck is empty; shipped) or ``last_card_leaves`` (the moment the last card is taken)."""
    deck = state["deck"]
    at_last = state["rules"]["provisional"].get("deck_exhaustion_trigger") == "last_card_leaves"
    taken, what = 0, []
    for _ in range(k):
        if deck["count"] == 0:
            run_out(state, what)
            if state.get("over"):
                break
        deck["count"] -= 1
        taken += 1
        if at_last and deck["count"] == 0:
            run_out(state, what)
            if state.get("over"):
                break
    return taken, what


def run_out(state: dict, what: list[tuple[str, int]]) -> None:
    """The deck has run out: the first time the discard pile is shuffled into a new deck, the next time the game
    is a draw (rules §2.10)."""
    deck = state["deck"]
    if deck["reshuffles"] < state["rules"]["deck_reshuffles"] and deck["discard"] > 0:
        deck["count"], deck["discard"], deck["known"] = deck["discard"], 0, []
        deck["reshuffles"] += 1
        what.append(("reshuffle", deck["count"]))
        return
    if deck["reshuffles"] < state["rules"]["deck_reshuffles"]:
        what.append(("empty_discard", 0))
    state["over"] = True
    state["result"] = "draw"
    what.append(("exhausted", 0))


def to_discard(state: dict, card: str) -> None:
    state["deck"]["discard"] += 1
    if card and card not in (PUNK, RAIDERS, "water_silo"):
        state["deck"]["known"].append(card)


# -- damage, destroy, restore (seed "Termos e Ícones"; rules §2.8) ---------------------------------------


def take_person(side: dict, c: int, i: int) -> dict:
    """Take a person out of its column (the others close up; a moved Juggernaut keeps count of those behind it)."""
    p = side["columns"][c].pop(i)
    if i < behind_camp(side, c):
        side["camps"][c]["behind"] -= 1
    return p


def destroy_person(state: dict, side: dict, uid: int) -> str:
    """Destroy a person: to the discard pile (a punk face down on top of the deck); the column closes up.
    Returns "person" or "punk"."""
    c, i = find_person(side, uid)
    p = take_person(side, c, i)
    if p["card"] == PUNK:
        state["deck"]["count"] += 1
        return "punk"
    to_discard(state, p["card"])
    return "person"


def damage_person(state: dict, side: dict, uid: int) -> str:
    """Returns "damaged", "destroyed" or "punk" (a damaged punk is destroyed at once)."""
    p = person_by_uid(side, uid)
    if p["card"] == PUNK:
        destroy_person(state, side, uid)
        return "punk"
    if p["damaged"]:
        destroy_person(state, side, uid)
        return "destroyed"
    p["damaged"] = True
    return "damaged"


def damage_camp(state: dict, owner: str, c: int) -> str:
    """Returns "damaged" or "destroyed" (and ends the game when it was the owner's last camp)."""
    camp = state["players"][owner]["camps"][c]
    if camp["state"] == "undamaged":
        camp["state"] = "damaged"
        return "damaged"
    return destroy_camp(state, owner, c)


def destroy_camp(state: dict, owner: str, c: int) -> str:
    camp = state["players"][owner]["camps"][c]
    camp["state"] = "destroyed"
    if camp.get("moves"):  # a moved Juggernaut goes back into the camp row; its people shift forward (§2.11)
        camp["moves"] = camp["behind"] = 0
    check_win(state)
    return "destroyed"


def whose_turn(state: dict) -> str:
    """Whose turn it is: the player of the next step, once it has one (a turn ended, or handed over by the table's
    correction, is the other player's turn already, before its Events phase is played); else the turn last begun."""
    return str((state.get("next") or {}).get("p") or state["turn"]["player"])


def turn_now(state: dict) -> dict:
    """The turn as the table reads it now: whose it is (``whose_turn``), its number and the water left in it (none
    yet in a turn whose Events phase has not been played)."""
    t = state["turn"]
    side = whose_turn(state)
    if side == t["player"]:
        return {"player": side, "number": t["number"], "water": t["water"], "extra": int(t.get("extra", 0))}
    return {"player": side, "number": int((state.get("next") or {}).get("turn") or t["number"] + 1), "water": 0,
            "extra": 0}


def check_win(state: dict) -> None:
    """Seed, objective: a player whose three camps are all destroyed loses, at once (rules §2.10)."""
    if state.get("over"):
        return
    for s in SIDES:
        if all_camps_destroyed(state["players"][s]):
            state["over"] = True
            state["result"] = other(s)
            return


def restore_person(p: dict, ready: bool = False) -> None:
    p["damaged"] = False
    p["fresh"] = not ready


def restore_camp(camp: dict) -> None:
    camp["state"] = "undamaged"


# -- people entering play (seed "Jogar Carta (Pessoa)"; rules §2.7) -------------------------------------


def place_person(state: dict, side: dict, c: int, card: str, front: bool = True, ready: bool = False,
                 behind: bool = False) -> dict:
    """Put a person in column ``c``: in front of the one there, or behind it (which pushes it forward). With a
    moved Juggernaut, ``behind`` puts it among the people behind the camp instead of those in front."""
    p = {"uid": 0, "card": card, "damaged": False, "used": False, "fresh": not ready}
    insert_person(state, side, c, p, front=front, behind=behind)
    state["uid"] += 1
    p["uid"] = state["uid"]
    state["turn"]["people_entered"] += 1
    return p


def insert_person(state: dict, side: dict, c: int, p: dict, front: bool = True, behind: bool = False) -> None:
    col = side["columns"][c]
    if len(col) >= state["rules"]["column_limit"]:
        raise ValueError("column full")
    b = behind_camp(side, c)
    if behind:  # among the people behind a moved Juggernaut
        col.insert(b if front else 0, p)
        side["camps"][c]["behind"] = b + 1
    else:
        col.insert(len(col) if front else b, p)


# -- water (seed "Reabastecer", "Ações"; rules §2.6) -----------------------------------------------------


def water_left(state: dict) -> int:
    return state["turn"]["water"] + state["turn"]["extra"]


def pay(state: dict, cost: int) -> None:
    if cost > water_left(state):
        raise ValueError("not enough water")
    from_extra = min(cost, state["turn"]["extra"])
    state["turn"]["extra"] -= from_extra
    state["turn"]["water"] -= cost - from_extra


# -- the event queue (seed "Jogar Carta (Evento)", "Raid"; rules §2.5) ----------------------------------


def event_space(queue: list[str], bomb: int) -> int:
    """The space (1-3) a bomb-``bomb`` event goes to: its number, else the first free one behind it; 0 for a bomb-0
    event (resolved at once); -1 when every space from its number back to 3 is taken (it cannot be played)."""
    if bomb == 0:
        return 0
    for s in range(bomb, len(queue) + 1):
        if not queue[s - 1]:
            return s
    return -1


def shift_queue(queue: list[str]) -> None:
    """Events phase: every event moves one space forward, front first, each into a free space (space 1 has just been
    emptied, unless the event resolved there raided the Raiders into it: they stay; nothing leaves the queue)."""
    for s in range(1, len(queue)):
        if queue[s] and not queue[s - 1]:
            queue[s - 1], queue[s] = queue[s], ""


def raid_move(side: dict, rules: dict, bomb_zero: bool = False) -> tuple[str, int]:
    """Where a raid icon takes the Raiders. Returns (what, space):
    ("enter", s) placed in space s; ("advance", s) moved to space s; ("resolve", 0) resolve now (it was in
    space 1, or entered as a bomb-0 event under Zeto Khan); ("blocked", s) cannot advance into the occupied space
    s; ("full", 0) cannot enter (provisional). The side is changed accordingly, except for "resolve" where the
    Raiders is taken out of the queue for the caller to resolve."""
    q = side["queue"]
    if side["raiders"] != "queue":
        if bomb_zero:
            return "resolve", 0
        entry = int(rules["raiders_entry_space"])
        spaces = [entry]
        if rules["provisional"]["raiders_entry_when_blocked"] == "first_free_behind":
            spaces += list(range(entry + 1, len(q) + 1))
        for s in spaces:
            if not q[s - 1]:
                q[s - 1] = RAIDERS
                side["raiders"] = "queue"
                return "enter", s
        return "full", 0
    s = q.index(RAIDERS) + 1
    if s == 1:
        q[0] = ""
        side["raiders"] = "area"
        return "resolve", 0
    if q[s - 2]:
        return "blocked", s - 1
    q[s - 2], q[s - 1] = RAIDERS, ""
    return "advance", s - 1
