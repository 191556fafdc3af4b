"""What the table may correct in a Radlands game (`tabletop fix`, automata/core/fix.py), with the rule's limits.

Water (this turn's), camps, people's damage and readiness, the event queues (Raiders included), the Water Silo,
and the cards in hand, in the deck and in the discard pile. Seed 004 and rules file §2.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.fix import CHOICE, COUNT, Field, Option, Param
from ..core.fixbox import Supply, tally
from ..core.fixwords import Words, numbered
from . import board
from .data import data_of
from .targets import card_name


#: the words a table types (data/fix_words.toml, both languages)
WORDS = Words.beside(__file__)


def _players(state: dict) -> list[Option]:
    return [Option(s, state["players"][s]["name"], (s, state["players"][s]["name"]))
            for s in board.SIDES]


PLAYER = Param("player", _players)
CAMP = Param("camp", lambda state: numbered(range(3), 1))
COLUMN = Param("column", lambda state: numbered(range(3), 1))
SLOT = Param("slot", lambda state: numbered(range(int(state["rules"].get("column_limit", 2))), 1))
SPACE = Param("space", lambda state: numbered(range(len(state["players"]["a"]["queue"])), 1))


def _camp_put(state, keys, value):
    camp = state["players"][keys[0]]["camps"][keys[1]]
    camp["state"] = value
    board.check_win(state)  # rules §2.10: three destroyed camps end the game at once


def _person(state, keys):
    column = state["players"][keys[0]]["columns"][keys[1]]
    return column[keys[2]] if keys[2] < len(column) else None


def _person_there(state, keys):
    return _person(state, keys) is not None


def _damage_get(state, keys):
    return "damaged" if _person(state, keys)["damaged"] else "ok"


def _damage_put(state, keys, value):
    _person(state, keys)["damaged"] = value == "damaged"


def _card(state, keys):
    return {"card": card_name(data_of(state), _person(state, keys)["card"])}


def _ready_get(state, keys):
    p = _person(state, keys)
    return "used" if p["used"] or p.get("fresh") else "ready"


def _ready_put(state, keys, value):
    p = _person(state, keys)
    p["used"] = value == "used"
    if value == "ready":
        p["fresh"] = False  # a person played this turn counts as ready once the table says so


def _slot_get(state, keys):
    p = _person(state, keys)
    return p["card"] if p is not None else ""


def _slot_put(state, keys, value):
    """A person put in a place, taken out of it, or another card than the program recorded (rules §2.7: at most
    two people a column; the people in a column close up when one leaves). Which pile a card came from or went to
    is the table's: correct the hand, deck or discard pile on their own if they changed."""
    side = state["players"][keys[0]]
    here = _person(state, keys)
    if value == "":
        if here is not None:
            board.take_person(side, keys[1], keys[2])
    elif here is not None:
        here["card"] = value
    else:
        person = {"uid": 0, "card": value, "damaged": False, "used": False, "fresh": False}
        board.insert_person(state, side, keys[1], person)
        state["uid"] += 1
        person["uid"] = state["uid"]


def _slot_there(state, keys):
    """A place holding a person, or the next free place of the column."""
    return keys[2] <= len(state["players"][keys[0]]["columns"][keys[1]])


def _slot_choices(state, keys):
    data = data_of(state)
    chosen = set(data.in_play())
    options = [WORDS.option("person", "empty", "@radlands.fix.nobody", key=""),
               WORDS.option("person", "punk", "@radlands.punk", key=board.PUNK)]
    for cid, card in data.people.items():
        if card["set"] in chosen:
            options.append(Option(cid, card_name(data, cid), (card["name"], cid, *card.get("aliases", []))))
    return options


def _event_put(state, keys, value):
    side = state["players"][keys[0]]
    side["queue"][keys[1]] = value
    # the Raiders are in a queue exactly when one of its spaces holds them (seed 004, "Raid")
    side["raiders"] = "queue" if board.RAIDERS in side["queue"] else "area"


def _event_choices(state, keys):
    data = data_of(state)
    side = state["players"][keys[0]]
    options = [WORDS.option("event", "empty", "@radlands.fix.empty", key="")]
    raiders_elsewhere = any(card == board.RAIDERS for i, card in enumerate(side["queue"]) if i != keys[1])
    if not raiders_elsewhere:  # one Raiders card per player
        options.append(WORDS.option("event", "raiders", "Raiders", key=board.RAIDERS))
    chosen = set(data.in_play())
    for cid, card in data.events.items():
        if card["set"] not in chosen:
            continue
        options.append(Option(cid, card_name(data, cid), (card["name"], cid, *card.get("aliases", []))))
    return options


def _water_put(state, keys, value):
    state["turn"]["water"] = value  # what is left this turn, the Water Silo's extra water included
    state["turn"]["extra"] = 0


def _turn_get(state, keys):
    """Whose turn it is: the player of the next step (a turn ended, or handed over by a correction, is the other
    player's turn already, before its Events phase is played)."""
    return board.whose_turn(state)


def _turn_put(state, keys, value):
    """The table says it is another player's turn. The player whose turn was last begun: that turn goes on (its
    next action; with the queues only, its one question); the other player: the turn in progress ends there and
    that player's turn starts with its Events phase (seed 004, Fluxo do Jogo), as 'end the turn' would. Each undoes
    the other: the step the turn was at is kept (``resume``) while the turn is handed over."""
    if value == _turn_get(state, keys):
        return
    turn = state["turn"]
    if value == turn["player"]:
        state["next"] = turn.pop("resume", None) or _going_on(state, value)
        return
    was = state.get("next") or {}
    if was.get("p") == turn["player"] and was != _going_on(state, turn["player"]):
        turn["resume"] = dict(was)
    queues = state["options"].get("track") == "queues"
    state["next"] = {"proc": "q_start" if queues else "events", "p": value, "name": state["players"][value]["name"],
                     "turn": turn["number"] + 1}


def _going_on(state, side):
    """The step of a turn that goes on: the player's next action (with the queues only, the turn's one question)."""
    turn, name = state["turn"], state["players"][side]["name"]
    if state["options"].get("track") == "queues":
        return {"proc": "q_played", "p": side, "name": name, "turn": turn["number"]}
    return {"proc": "action", "p": side, "name": name, "turn": turn["number"], "k": 1}


def _in_a_turn(state, keys):
    return bool(state["turn"]["player"]) and not state.get("over") and bool(state.get("next"))


def _deck_size(state) -> int:
    return data_of(state).deck_size()


def _cards_total_limit(exclude: str):
    """A pile never holds more cards than the deck has beside the other piles (the deck size of the sets)."""
    def limits(state, keys):
        hands = sum(state["players"][s]["hand"] for s in board.SIDES)
        piles = {"deck": state["deck"]["count"], "discard": state["deck"]["discard"], "hand": hands}
        if exclude == "hand":
            piles["hand"] -= state["players"][keys[0]]["hand"]
        else:
            piles[exclude] = 0
        return 0, max(0, _deck_size(state) - sum(piles.values()))
    return limits


_FIELDS = (
    Field("water", WORDS, "radlands.fix.water", COUNT, lambda s, k: board.water_left(s), _water_put,
          limits=lambda s, k: (0, None), rule="radlands.fix.rule.water",
          exists=lambda s, k: bool(s["turn"]["player"])),
    Field("camp", WORDS, "radlands.fix.camp", CHOICE, put=_camp_put, params=(PLAYER, CAMP),
          at=("players", "{player}", "camps", "{camp}", "state"),
          choices=lambda s, k: WORDS.options("camp", "@radlands.camp_state.{}"),
          exists=lambda s, k: k[1] < len(s["players"][k[0]]["camps"])),
    Field("person", WORDS, "radlands.fix.person", CHOICE, _slot_get, _slot_put,
          (PLAYER, COLUMN, SLOT), choices=_slot_choices, exists=_slot_there),
    Field("damage", WORDS, "radlands.fix.person_damage", CHOICE, _damage_get, _damage_put, (PLAYER, COLUMN, SLOT),
          choices=lambda s, k: WORDS.options("damage", "@radlands.person_state.{}"), exists=_person_there,
          extra=_card),
    Field("ready", WORDS, "radlands.fix.person_ready", CHOICE, _ready_get, _ready_put, (PLAYER, COLUMN, SLOT),
          choices=lambda s, k: WORDS.options("ready", "@radlands.fix.{}"), exists=_person_there, extra=_card),
    Field("event", WORDS, "radlands.fix.event", CHOICE, put=_event_put, params=(PLAYER, SPACE),
          at=("players", "{player}", "queue", "{space}"), choices=_event_choices),
    Field("silo", WORDS, "radlands.fix.silo", CHOICE, params=(PLAYER,), at=("players", "{player}", "silo"),
          choices=lambda s, k: WORDS.options("silo", "@radlands.silo.{}")),
    Field("hand", WORDS, "radlands.fix.hand", COUNT, params=(PLAYER,), at=("players", "{player}", "hand"),
          limits=_cards_total_limit("hand"), rule="radlands.fix.rule.cards"),
    Field("deck", WORDS, "radlands.fix.deck", COUNT, at=("deck", "count"), limits=_cards_total_limit("deck"),
          rule="radlands.fix.rule.cards"),
    Field("turn", WORDS, "radlands.fix.turn", CHOICE, _turn_get, _turn_put,
          choices=lambda s, k: _players(s), exists=_in_a_turn),
    Field("discard", WORDS, "radlands.fix.discard", COUNT, at=("deck", "discard"),
          limits=_cards_total_limit("discard"), rule="radlands.fix.rule.cards"),
)

def _cards_out(state: dict) -> dict[str, int]:
    """Every card the program sees by name at the table: the people in both players' columns (not the punks, face
    down) and the events in both queues (not the Raiders, one per player, outside the deck)."""
    people = (p["card"] for s in board.SIDES for column in state["players"][s]["columns"] for p in column)
    events = (e for s in board.SIDES for e in state["players"][s]["queue"])
    return tally(c for c in (*people, *events) if c and c not in (board.PUNK, board.RAIDERS))


def _copies(state: dict, card: str) -> int | None:
    """How many copies of a card the deck has (card data ``copies``: rules file §2.2, a unique person once)."""
    return data_of(state).card(card).get("copies")


#: the copies of each card hold over both players' columns and queues (rules file §2.2: 2 of each common person and
#: event, 1 of each unique person)
COPIES = Supply("copies", "radlands.fix.rule.copies", _cards_out, _copies, lambda s, c: card_name(data_of(s), c))


def _full_game(state: dict) -> bool:
    """Queues only (``--track queues``, automata/radlands/queues_only.py) keeps the turn, the queues, the Raiders,
    the water and the Water Silo: the camps, the people and the cards are the table's."""
    return state["options"].get("track") != "queues"


#: the box's limits across seats each field draws on (automata/core/fixbox.py); () where none bounds it beyond the
#: field's own limits: water is this turn's, a camp's and a person's state are one card's, the Water Silo and the
#: Raiders are one per player (the event's choices offer the Raiders once), the turn is one player's; the hands, deck
#: and discard pile share the deck in their own limits (_cards_total_limit)
_BOX = {"water": (), "camp": (), "person": (COPIES,), "damage": (), "ready": (), "event": (COPIES,), "silo": (),
        "hand": (), "deck": (), "discard": (), "turn": ()}
#: what queues only keeps (the rest stays the table's: neither offered nor journalled)
_QUEUES_ONLY = ("water", "event", "silo", "turn")

FIX_FIELDS = tuple(replace(f, box=_BOX[f.id], tracked=f.tracked if f.id in _QUEUES_ONLY else _full_game)
                   for f in _FIELDS)
