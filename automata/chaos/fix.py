"""What the table may correct in a Chaos in the Old World game (`tabletop fix`, automata/core/fix.py).

The board changes asked after a card (automata/chaos/edits.py) are this table's ``BOARD_CHANGE`` fields read by the
same parser: ``+2 vp khorne``, ``-1 corruption nurgle kislev``, ``+cultist khorne tilea`` (or ``+bloodletter
kislev``: a follower's own name says its Power), ``-track peasant uprising``, and the set forms ``vp khorne 9``,
``corruption nurgle the empire 3``. Each limit is the rules' (seed 003 and rules file), for both:

- VP, power points and dial advancement counters are never below 0;
- the dial has its Power's spaces (Start to Victory, rules file §2.6); Threat is one of the numbers printed on it;
- a Power's Chaos cards (hand, deck, discard pile and those on the board) always add up to its deck
  (rules file §2.8, automata/chaos/copies.py): a card into the hand comes from the deck (the discard pile
  reshuffled when the deck is empty), a card out of it goes onto the discard pile, and the deck and the discard
  pile trade cards with each other;
- an upgrade is one of the Power's own, taken once, and no more upgrades than the upgrade spaces its dial has
  reached (rules file §2.6, §2.7);
- corruption comes from the Power's supply (29 tokens, rules file §2.2) and is not placed in a ruined region
  (§3.10); Old World tokens come from the box (§2.2, rules.tokens) and are not placed in a ruined region;
- figures come from those the Power has off the board (its followers' counts, rules file §2.5);
- a region is ruined by the next Ruination card of the stack, and only the last one dealt goes back (seed,
  Fase de Corrupção step 2);
- an Old World card only leaves the track (a card comes onto it only when drawn, seed, Fase do Velho Mundo), and
  the Old World deck holds at most the cards dealt for the player count (seed, Preparação step 6).
"""

from __future__ import annotations

import functools
from dataclasses import replace

from ..core.fix import CHOICE, COUNT, Field, Option, Param, fold
from ..core.fixbox import Supply
from ..core.msg import msg
from ..core.gamedata import fold_name
from . import copies
from .board import FIGURE_KINDS, TOKEN_KINDS, WORDS, in_reserve, next_summoner, power_points, supply_left
from .data import _ARTICLES, data_of, _strip_article


def _name_words(rec: dict) -> tuple[str, ...]:
    """An id's and a name's every form a table may type (spaces for "_", with or without "the"/"o")."""
    return _forms(rec["id"], rec["name"], *rec.get("names", []))


@functools.lru_cache(maxsize=1024)
def _forms(*texts: str) -> tuple[str, ...]:
    out: list[str] = []
    for text in texts:
        for form in (fold_name(text), fold(text)):
            for w in (form, _strip_article(form)):
                if w and w not in out:
                    out.append(w)
    # and with an article the name has not ("the witch hunters", "o kislev"), as the data's look-ups take them
    bare = [w for w in out if _strip_article(w) == w]
    out += [a + w for w in bare for a in _ARTICLES if a + w not in out]
    return tuple(out)


def _pt_name(rec: dict) -> dict[str, str]:
    """The name shown in Portuguese: the last of the record's names (the data lists the English ones first)."""
    return {"pt-BR": (rec.get("names") or [rec["name"]])[-1].lower()}


def _powers(state: dict) -> list[Option]:
    data = data_of(state)
    return [Option(p, "@chaos.power." + p, _name_words(data.power(p))) for p in state["powers"]]


def _regions(state: dict) -> list[Option]:
    data = data_of(state)
    return [Option(r, f"@chaos.region.{r}.in", _name_words(data.region(r)), _pt_name(data.region(r))) for r in data.region_ids]


def _upgrades(state: dict) -> list[Option]:
    data = data_of(state)
    keys: list[str] = []
    for p in state["powers"]:
        keys += [u["key"] for u in data.power(p)["upgrades"] if u["key"] not in keys]
    # an upgrade by its key (the same keys for every Power: rules file §2.7); the label is the Power's own card
    known = WORDS.table["options"]["upgrade"]
    return [WORDS.option("upgrade", k, k) if k in known else Option(k, k, (k, k.replace("_", " "))) for k in keys]


def _cards(state: dict) -> list[Option]:
    data = data_of(state)
    return [Option(c["id"], "@chaos.oldworld." + c["id"], _name_words(c)) for c in data.old_world_cards]


POWER = Param("power", _powers)
REGION = Param("region", _regions)
UPGRADE = Param("upgrade", _upgrades)
CARD = Param("card", _cards)


def _at_least_zero(state, keys):
    return 0, None


# -- VP ------------------------------------------------------------------------------------------------------------
def _vp_put(state, keys, value):
    ps = state["p"][keys[0]]
    ps["vp"] = value
    # vp_by is the VP the rules awarded, by kind; VP the table corrects are the rest (board.py). VP set below the
    # awarded tally take the last kinds off it, so the rest is never negative
    by = ps.get("vp_by")
    if by:
        over = sum(by.values()) - value
        for kind in reversed(list(by)):
            if over <= 0:
                break
            cut = min(over, by[kind])
            by[kind] -= cut
            over -= cut


def _pp_put(state, keys, value):
    state["p"][keys[0]]["pp"] = value
    # seed 003, Fase de Invocação: a Power on 0 power takes no more turns; the turn that was its passes on in
    # Power order (or the Summoning phase ends when every Power is on 0)
    nxt = state.get("next") or {}
    if nxt.get("proc") in ("summon", "summon_line") and state["p"][nxt["power"]]["pp"] == 0:
        powers = state["powers"]
        after = powers[powers.index(nxt["power"]) - 1]
        power = next_summoner(state, after)
        state["next"] = {"proc": nxt["proc"], "power": power} if power else {"proc": "battle_start"}


def _pp_limits(state, keys):
    """Seed 003, Fase de Compra and rules file §1.5 step 4, §2.5: the power marker goes to the sheet's highlighted
    number, with the upgrades' bonuses, and only moves left from there (power does not carry over)."""
    return 0, max(state["p"][keys[0]]["pp"], power_points(state, data_of(state), keys[0]))


# -- the dial and Threat -------------------------------------------------------------------------------------------
def _dial_limits(state, keys):
    return 0, data_of(state).ticks_to_win(keys[0])


def _threats(state, keys):
    threats = data_of(state).power(keys[0])["dial"]["threats"]
    return [Option(pos, str(t), (str(t),)) for pos, t in enumerate(threats[:data_of(state).ticks_to_win(keys[0])])]


# -- Chaos cards ---------------------------------------------------------------------------------------------------
def _hand_put(state, keys, value):
    """Cards into the hand are drawn (deck, then the discard pile reshuffled: seed, Fase de Compra); cards out of
    it go onto the discard pile (which ones: unseen). The Power's cards still add up to its deck."""
    ps = state["p"][keys[0]]
    for _ in range(value - ps["hand"]):
        if ps["deck"] == 0:
            copies.reshuffle(state, keys[0])
        ps["deck"] -= 1
        ps["hand"] += 1
    for _ in range(ps["hand"] - value):
        ps["hand"] -= 1
        copies.to_discard(state, keys[0])


def _hand_limits(state, keys):
    ps = state["p"][keys[0]]
    return 0, ps["hand"] + copies.drawable(state, keys[0])


def _pile_put(key: str, other: str):
    """The deck and the discard pile trade cards (a card milled, a card put back): their sum stays."""
    def put(state, keys, value):
        ps = state["p"][keys[0]]
        ps[other] -= value - ps[key]
        ps[key] = value
        ps.pop("deck_unsure", None)  # the table counted the pile: the split is known (copies.unsure)
        known = ps.get("discard_cards")
        if known is not None and len(known) > ps["discard"]:
            # the cards known in the discard pile are fewer than its cards: which left it is unseen, the last known
            del known[ps["discard"]:]
    return put


def _pile_limits(state, keys):
    return 0, copies.drawable(state, keys[0])


# -- upgrades ------------------------------------------------------------------------------------------------------
def _upgrade_exists(state, keys):
    return keys[1] in [u["key"] for u in data_of(state).power(keys[0])["upgrades"]]


def _upgrade_get(state, keys):
    return 1 if keys[1] in state["p"][keys[0]]["upgrades"] else 0


def _upgrade_put(state, keys, value):
    taken = state["p"][keys[0]]["upgrades"]
    if value and keys[1] not in taken:
        taken.append(keys[1])
    elif not value and keys[1] in taken:
        taken.remove(keys[1])


def upgrade_spaces(state: dict, power: str) -> int:
    """The upgrade spaces the Power's dial has reached (an "ask" space may be one: its text is not known)."""
    data = data_of(state)
    rewards = data.power(power)["dial"]["rewards"]
    reached = rewards[1:min(state["p"][power]["dial"], len(rewards) - 1) + 1]
    return sum(1 for r in reached if r in ("upgrade", "ask"))


def _upgrade_limits(state, keys):
    have = _upgrade_get(state, keys)
    room = upgrade_spaces(state, keys[0]) - len(state["p"][keys[0]]["upgrades"])
    return 0, 1 if have or room > 0 else 0


def _upgrade_extra(state, keys):
    return {"upgrade": f"@chaos.upgrade.{keys[0]}.{keys[1]}"}


# -- the board -----------------------------------------------------------------------------------------------------
def _no_tokens_in_ruins(state) -> bool:
    return data_of(state).rules["rules"]["ruined_regions"].get("no_old_world_tokens", True)


def _token_field(kind: str) -> Field:
    def get(state, keys):
        return state["regions"][keys[0]]["tokens"].get(kind, 0)

    def put(state, keys, value):
        state["regions"][keys[0]]["tokens"][kind] = value

    def limits(state, keys):
        here = get(state, keys)
        if state["regions"][keys[0]]["ruin"] and _no_tokens_in_ruins(state):
            return 0, here  # rules file §2.3 (A5): no new Old World tokens in a ruined region
        supply = data_of(state).rules["rules"].get("tokens", {}).get(kind)
        if supply is None:
            return 0, None
        used = sum(r["tokens"].get(kind, 0) for r in state["regions"].values())
        if kind == "peasant":  # Peasants kept on the Power sheets are out of the box too
            used += sum(state["p"][p]["peasants"] for p in state["powers"])
        return 0, max(here, supply - used + here)

    return Field(kind, WORDS, "chaos.fix.tokens", COUNT, get, put, (REGION,), limits=limits,
                 rule="chaos.fix.rule.tokens", extra=lambda s, k: {"token": "@chaos.token." + kind})


def _corruption_get(state, keys):
    return state["regions"][keys[1]]["corruption"].get(keys[0], 0)


def _corruption_put(state, keys, value):
    power, rid = keys
    before = _corruption_get(state, keys)
    state["regions"][rid]["corruption"][power] = value
    # placed_round (the tokens the Power placed there this round: ruiners, dial counters) follows the board
    placed = state["p"][power]["placed_round"]
    if value > before:
        placed[rid] = placed.get(rid, 0) + value - before
    elif placed.get(rid, 0) > value:
        placed[rid] = value


def _corruption_limits(state, keys):
    here = _corruption_get(state, keys)
    data = data_of(state)
    if state["regions"][keys[1]]["ruin"] and data.rules["rules"]["ruined_regions"].get("no_corruption_placement", True):
        return 0, here
    return 0, here + supply_left(state, data, keys[0])


def _figure_field(kind: str) -> Field:
    def get(state, keys):
        return state["regions"][keys[1]]["figures"].get(keys[0], {}).get(kind, 0)

    def put(state, keys, value):
        figs = state["regions"][keys[1]]["figures"].setdefault(keys[0], {k: 0 for k in FIGURE_KINDS})
        figs[kind] = value  # the figures off the board (in_reserve) are the Power's count less those on it

    def limits(state, keys):
        return 0, get(state, keys) + max(0, in_reserve(state, data_of(state), keys[0], kind))

    def named(state):
        """The Powers' followers' own names of this kind (Bloodletter, Great Unclean One; with an s too): each names
        the figure and its Power (rules file §2.5)."""
        data = data_of(state)
        out = {}
        for power in state["powers"]:
            name = data.power(power)["followers"][kind]["name"]
            out.setdefault(name, power)
            out.setdefault(name + "s", power)
        return out

    return Field(kind, WORDS, f"chaos.fix.figure.{kind}", COUNT, get, put, (POWER, REGION), limits=limits,
                 rule="chaos.fix.rule.figures", named=named)


def _ruin_get(state, keys):
    return 1 if state["regions"][keys[0]]["ruin"] else 0


def _ruin_put(state, keys, value):
    region = state["regions"][keys[0]]
    if value and not region["ruin"]:
        # the next Ruination card of the stack, face up: its places are scored in the End phase (step 4)
        region["ruin"] = state["ruination_next"]
        region["ruin_face_up"] = True
        state["ruination_next"] += 1
    elif not value and region["ruin"]:
        region["ruin"] = 0
        region["ruin_face_up"] = False
        state["ruination_next"] -= 1  # the card goes back on top of the stack


def _ruin_limits(state, keys):
    region = state["regions"][keys[0]]
    if region["ruin"]:
        last = region["ruin"] == state["ruination_next"] - 1
        return (0 if last else 1), 1
    left = state["ruination_next"] <= data_of(state).setup["ruination_cards"]
    return 0, 1 if left else 0


def _track_get(state, keys):
    return state["old_world"]["track"].count(keys[0])


def _track_put(state, keys, value):
    track = state["old_world"]["track"]
    while track.count(keys[0]) > value:
        track[track.index(keys[0])] = ""


def _ow_deck_limits(state, keys):
    dealt = data_of(state).setup["old_world_deck"].get(str(len(state["powers"])))
    return 0, max(state["old_world"]["deck"], dealt) if dealt is not None else None


def _own(key: str) -> tuple:
    """A value of the Power's own sheet."""
    return ("p", "{power}", key)


_FIELDS = (
    Field("vp", WORDS, "chaos.fix.vp", COUNT, put=_vp_put, params=(POWER,), at=_own("vp"), limits=_at_least_zero,
          rule="chaos.fix.rule.never_negative"),
    Field("dial", WORDS, "chaos.fix.dial", COUNT, params=(POWER,), at=_own("dial"), limits=_dial_limits,
          rule="chaos.fix.rule.dial"),
    Field("threat", WORDS, "chaos.fix.threat", CHOICE, params=(POWER,), at=_own("dial"), choices=_threats),
    Field("dac", WORDS, "chaos.fix.dac", COUNT, params=(POWER,), at=_own("dac"), limits=_at_least_zero,
          rule="chaos.fix.rule.never_negative"),
    Field("pp", WORDS, "chaos.fix.pp", COUNT, put=_pp_put, params=(POWER,), at=_own("pp"), limits=_pp_limits,
          rule="chaos.fix.rule.pp"),
    Field("hand", WORDS, "chaos.fix.hand", COUNT, put=_hand_put, params=(POWER,), at=_own("hand"),
          limits=_hand_limits, rule="chaos.fix.rule.cards"),
    Field("deck", WORDS, "chaos.fix.deck", COUNT, put=_pile_put("deck", "discard"), params=(POWER,), at=_own("deck"),
          limits=_pile_limits, rule="chaos.fix.rule.cards"),
    Field("discard", WORDS, "chaos.fix.discard", COUNT, put=_pile_put("discard", "deck"), params=(POWER,),
          at=_own("discard"), limits=_pile_limits, rule="chaos.fix.rule.cards"),
    Field("upgrade", WORDS, "chaos.fix.upgrade", COUNT, _upgrade_get, _upgrade_put, (POWER, UPGRADE),
          limits=_upgrade_limits, rule="chaos.fix.rule.upgrade", exists=_upgrade_exists, extra=_upgrade_extra),
    Field("corruption", WORDS, "chaos.fix.corruption", COUNT, _corruption_get, _corruption_put, (POWER, REGION),
          limits=_corruption_limits, rule="chaos.fix.rule.corruption"),
    *(_figure_field(kind) for kind in FIGURE_KINDS),
    *(_token_field(kind) for kind in TOKEN_KINDS),
    Field("ruin", WORDS, "chaos.fix.ruin", COUNT, _ruin_get, _ruin_put, (REGION,), limits=_ruin_limits,
          rule="chaos.fix.rule.ruin"),
    Field("track", WORDS, "chaos.fix.track", COUNT, _track_get, _track_put, (CARD,),
          limits=lambda s, k: (0, _track_get(s, k)), rule="chaos.fix.rule.track",
          exists=lambda s, k: _track_get(s, k) > 0),
    Field("old_world_deck", WORDS, "chaos.fix.old_world_deck", COUNT, at=("old_world", "deck"),
          limits=_ow_deck_limits, rule="chaos.fix.rule.old_world_deck"),
)

# -- the box's limits across seats (automata/core/fixbox.py) -----------------------------------------------------------
#: a Power has no more upgrades than the upgrade spaces its dial has reached (rules file §2.6, §2.7): the dial (or its
#: Threat) turned back below them is refused, saying to take the upgrades back first (issue 38)
UPGRADE_ROOM = Supply("upgrade_room", "chaos.fix.rule.upgrade_room",
                      lambda s: {p: len(s["p"][p]["upgrades"]) for p in s["powers"]},
                      lambda s, power: upgrade_spaces(s, power),
                      lambda s, power: msg("chaos.fix.upgrades_of", power=f"@chaos.power.{power}"))
#: the box's dial advancement counters (16, rules file §2.2 [V]; data setup.supplies.dial_counters), shared by the
#: Powers
DIAL_COUNTERS = Supply("dial_counters", "chaos.fix.rule.dial_counters",
                       lambda s: {"dac": sum(s["p"][p]["dac"] for p in s["powers"])},
                       lambda s, thing: data_of(s).setup["supplies"].get("dial_counters"),
                       lambda s, thing: "@chaos.fix.dial_counters")

#: the box's limits across seats each field draws on; () where none bounds it beyond the field's own limits, which
#: already count over every region and Power: corruption (a Power's supply over every region), figures (a Power's
#: followers on and off the board), Old World tokens (the box's, over every region and the Power sheets), the
#: Ruination stack and the Old World deck and track; a Power's VP, power points and Chaos cards are its own
_BOX = {"vp": (), "dial": (UPGRADE_ROOM,), "threat": (UPGRADE_ROOM,), "dac": (DIAL_COUNTERS,), "pp": (), "hand": (),
        "deck": (), "discard": (), "upgrade": (UPGRADE_ROOM,), "corruption": (), "cultist": (), "warrior": (),
        "daemon": (), "noble": (), "peasant": (), "warpstone": (), "hero": (), "skaven": (), "event": (), "ruin": (),
        "track": (), "old_world_deck": ()}

FIX_FIELDS = tuple(replace(f, box=_BOX[f.id]) for f in _FIELDS)

#: the fields a board change after a card names (automata/chaos/edits.py): what a card printed on it can change on the
#: board, a Power's sheet or the Old World track (``hand`` draws and discards, ``track`` takes a card off)
BOARD_CHANGE = ("noble", "peasant", "warpstone", "hero", "skaven", "event", "corruption", "cultist", "warrior", "daemon",
                "vp", "pp", "dac", "hand", "track")
BOARD_FIELDS = tuple(f for f in FIX_FIELDS if f.id in BOARD_CHANGE)
