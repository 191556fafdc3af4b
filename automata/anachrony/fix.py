"""What the table may correct in an Anachrony game (`tabletop fix`, automata/core/fix.py), with the rules' limits.

Every value the program tracks and uses: each player's VP tokens, the First Player, the Hypersync tiles (home or
pending on an Era's Timeline tile), the Quantum Warp, the Intrigues reserve, Missions and Agenda Benefits, the
Agenda table's rows, which Action space each player (or the solo opponent) holds this Era and which went Hex
Unavailable; and in a solo game the opponent's board: its VP, Paradox, Anomalies, Time Travel track, Warp tiles on
each Timeline tile, Exosuits, assets, command tokens, Energy Pool and Solo Hypersync tiles, and your own powered
Exosuits. Seed 002 and rules file §1.7-§1.8, §2.6-§2.10, §3.2-§3.4.

Left out on purpose: the Era, its phase and the Impact. They are the program's place in the sequence of steps
(the next step names its Era and phase; the Impact changes every later phase), so a correction there would leave
the next step in another Era than the state, or skip the phases whose bookkeeping (Missions, the Energy Pool, the
Collapsing tiles) then never happens; ``tabletop undo`` goes back in that sequence. The solo opponent's turn
counters (Exosuits placed, Actions taken, who passed) are the Action Rounds' sequence in the same way.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.fix import CHOICE, COUNT, Field, Option, Param, fold
from ..core.fixwords import Words, numbered, yes_no
from ..core.msg import msg
from . import spaces
from .common import has
from .data import data_of
from .solo import state as solo_state
from .solo.data import solo_data_of

F = "anachrony.fix"
#: the words a table types (data/fix_words.toml, both languages)
WORDS = Words.beside(__file__)


def _opt(key, label, words: tuple[str, ...], pt: str) -> Option:
    """An option a pt-BR table types as ``pt`` (the seed's word); every word of either language is accepted."""
    return Option(key, label, words if fold(pt) in map(fold, words) else (*words, pt), {"pt-BR": pt})


# -- who and which ---------------------------------------------------------------------------------------------
def _player_label(state: dict, p: str):
    name = state["players"][p].get("name", "")
    return name if name else msg("anachrony.player", n=int(p[1:]))


def _player_words(state: dict, p: str) -> tuple[str, ...]:
    n = p[1:]
    name = state["players"][p].get("name", "")
    words = (p, n, *(w.format(n=n) for w in WORDS.word("player_n")))
    if state.get("solo"):
        words += WORDS.word("you")
    return ((name,) if name else ()) + words


def _players(state: dict) -> list[Option]:
    return [Option(p, _player_label(state, p), _player_words(state, p)) for p in state["players"]]


def _bot_option(state: dict) -> Option:
    bot = state["solo"]["bot"]
    words = WORDS.typed("bot", ("options", "who"))
    return Option("bot", f"@anachrony.solo.bot.{bot}", (*words, bot, "cronobot" if bot == "chronobot" else "cronossus"),
                  WORDS.shown("bot", ("options", "who")))


def _players_and_bot(state: dict) -> list[Option]:
    return _players(state) + ([_bot_option(state)] if state.get("solo") else [])


def _eras_so_far(state: dict) -> list[Option]:
    """The Timeline tiles of the Eras begun so far (a piece goes on the present tile, never on a future one)."""
    return numbered(range(1, state["era"] + 1), 0, WORDS.word("era"))


PLAYER = Param("player", _players)
WHO = Param("player", _players_and_bot)
TILE = Param("tile", lambda state: WORDS.options("tile", "@anachrony.tile.{}", data_of(state).rules["hypersync"]["tiles"]))
ERA = Param("era", _eras_so_far)
ROW = Param("row", lambda state: numbered(range(len(state.get("agenda", []))), 1, WORDS.word("row")))


# -- each player -----------------------------------------------------------------------------------------------
def _vp_get(state, keys):
    return state["solo"]["vp"] if keys[0] == "bot" else state["players"][keys[0]]["vp"]


def _vp_put(state, keys, value):
    if keys[0] == "bot":
        state["solo"]["vp"] = value
    else:
        state["players"][keys[0]]["vp"] = value


def _first_choices(state, keys) -> list[Option]:
    if state.get("solo"):
        return [_bot_option(state), *_players(state)]
    return _players(state)


def _first_get(state, keys):
    return state["solo"]["first"] if state.get("solo") else state["first"]


def _first_put(state, keys, value):
    if state.get("solo"):  # the solo opponent keeps its own First Player (rules file §3.2.4, §3.4.5)
        state["solo"]["first"] = value
    else:
        state["first"] = value


# Hypersync tiles: home, or pending on the Timeline tile of an Era (seed "Ações Hipersincrônicas", rules §1.7.1)
HOME = "home"


def _hs_get(state, keys):
    tile = state["players"][keys[0]]["hypersync"][keys[1]]
    return tile["era"] if tile["state"] == "pending" else HOME


def _hs_choices(state, keys) -> list[Option]:
    pl = state["players"][keys[0]]
    taken = {s["era"] for t, s in pl["hypersync"].items() if s["state"] == "pending" and t != keys[1]}
    out = [WORDS.option("home", HOME, f"@{F}.hypersync_home")]
    # one pending tile per Era (seed: "só pode ter 1 peça de Hipersincronia pendente por Era")
    out += [Option(e, msg(f"{F}.on_era", era=e), (str(e), f"era {e}")) for e in range(1, state["era"] + 1) if e not in taken]
    return out


def _hs_put(state, keys, value):
    pl = state["players"][keys[0]]
    pl["hypersync"][keys[1]] = {"state": "available"} if value == HOME else {"state": "pending", "era": value}
    # the one Hypersync Action of an Era: used this Era exactly when a tile is pending on the present tile
    now = any(s["state"] == "pending" and s["era"] == state["era"] for s in pl["hypersync"].values())
    if now:
        pl["hypersync_era"] = state["era"]
    elif pl.get("hypersync_era") == state["era"]:
        pl["hypersync_era"] = 0


# the Quantum Warp: in the supply, or on the Timeline tile of an Era with its Loop card (rules §1.7.2)
SUPPLY = "supply"


def _q_get(state, keys):
    q = state["players"][keys[0]]["quantum"]
    return q["era"] if q["warp"] == "timeline" else SUPPLY


def _q_choices(state, keys) -> list[Option]:
    q = state["players"][keys[0]]["quantum"]
    out = [WORDS.option("home", SUPPLY, f"@{F}.quantum_supply")]
    if q["warp"] == "timeline":  # a warp onto the Timeline takes a Loop card: that is the Warp phase's question
        out += [Option(e, msg(f"{F}.on_era", era=e), (str(e), f"era {e}")) for e in range(1, state["era"] + 1)]
    return out


def _q_put(state, keys, value):
    pl = state["players"][keys[0]]
    q = pl["quantum"]
    if value == SUPPLY:
        if q["warp"] == "timeline" and q.get("card"):
            state["ql"]["offer"].append(q["card"])  # paid back: its card goes back to the offer (seed L4)
        pl["quantum"] = {"warp": SUPPLY}
    else:
        q["era"] = value


# Intrigues of the Council (seed "Ação Negociar", "Benefícios de Agenda", "Cartas de Missão")
def _intrigues(key: str) -> tuple:
    """A count of the player's Intrigues reserve."""
    return ("players", "{player}", "intrigues", key)


def _intr_rule(key):
    return lambda state, keys: (0, data_of(state).rules["intrigues"][key])


# the Mission of this Era: none, secret (in its stand) or revealed (seed, Cartas de Missão; rules §1.8)
def _mission_get(state, keys):
    m = state["players"][keys[0]]["intrigues"].get("mission") or {}
    return "none" if not m else ("revealed" if m.get("revealed") else "secret")


def _mission_choices(state, keys) -> list[Option]:
    held = state["players"][keys[0]]["intrigues"].get("mission")  # which card it is comes from the Power Up's draw
    return WORDS.options("mission", f"@{F}.mission.{{}}", ("none", "secret", "revealed") if held else ("none",))


def _mission_put(state, keys, value):
    pi = state["players"][keys[0]]["intrigues"]
    if value == "none":
        pi["mission"] = {}
    else:
        pi["mission"]["revealed"] = value == "revealed"


# the Quantum Loop cards not on a player's Timeline: in the offer, in the deck or out of the game (seed P1, W2, L4)
def _loose_cards(state) -> list[Option]:
    if "ql" not in state:
        return []
    data = data_of(state)
    held = {pl.get("quantum", {}).get("card") for pl in state["players"].values()
            if pl.get("quantum", {}).get("warp") == "timeline"}
    # a pt-BR table types the card's Portuguese name (its first alias, data/components.toml)
    return [_opt(c, f"@anachrony.ql.{c}", (c, c.replace("_", " "), *data.cards[c].get("aliases", ())),
                 (*data.cards[c].get("aliases", ()), c)[0]) for c in data.card_ids if c not in held]


CARD = Param("card", _loose_cards)


def _card_get(state, keys):
    ql = state["ql"]
    return next((pile for pile in ("offer", "deck", "out") if keys[0] in ql[pile]), "out")


def _card_put(state, keys, value):
    ql = state["ql"]
    for pile in ("offer", "deck", "out"):
        if keys[0] in ql[pile]:
            ql[pile].remove(keys[0])
    ql[value].append(keys[0])  # into the deck at the bottom: the program's draws take the top


# the Agenda table: tiles stacked in each column, and whether the row is locked (rules §1.7.4, G1-G5)
def _agenda_put(column):
    def put(state, keys, value):
        row = state["agenda"][keys[0]]
        row[column] = value
        if column == "value":
            del row["values"][value:]  # the numbers of the tiles taken away; those added are not known
        if not (row["objective"] and row["value"]):
            row["locked"] = False  # a row locks only on a pair of tiles (G4)
    return put


def _number_known(state, keys) -> bool:
    """The top Value tile's number is known while every tile of the column has its number."""
    row = state["agenda"][keys[0]]
    return bool(row["value"]) and len(row["values"]) == row["value"]


def _pair(state, keys):
    row = state["agenda"][keys[0]]
    return bool(row["objective"] and row["value"])


# -- the Action spaces of this Era (automata/anachrony/spaces.py; rules §2.10, §2.9) ---------------------------
UNAVAILABLE = "unavailable"
FREE = "free"


def tracked_spaces(state: dict) -> list[tuple[str, str]]:
    """The spaces whose holder the program keeps and uses in this game, as (kind, space)."""
    data = data_of(state)
    n = state["options"]["players"]
    out: list[tuple[str, str]] = []
    if state.get("solo"):  # the opponent's placement reads every space it may take (rules §3.2.5, §3.4.7)
        from .solo.actions import council_spaces

        for kind in ("construct", "recruit", "research", "mine"):
            out += [(kind, x) for x in spaces.SPACES[kind]]
        out += [("council", x) for x in council_spaces(state)]
    if has(state, "hypersync"):  # recovering a tile (R2, R5); with 4 players the fourth space copies one
        out += [("hypersync", x) for x in spaces.SPACES["hypersync"]]
        if data.by_players(n)["hypersync_copy_space"]:
            out.append(("hypersync", "copy"))
    if has(state, "intrigues"):
        out += [("negotiate", x) for x in data.by_players(n)["negotiate_spaces"]]
    return out


def _space_options(state: dict) -> list[Option]:
    out = []
    for kind, x in tracked_spaces(state):  # the Action's word, then the space's
        kinds, wheres = WORDS.typed(kind, ("options", "kind")), WORDS.typed(x, ("options", "where"))
        pt = f"{WORDS.shown(kind, ('options', 'kind'))['pt-BR']} {WORDS.shown(x, ('options', 'where'))['pt-BR']}"
        out.append(_opt(f"{kind}.{x}", msg(f"{F}.space_name", kind=f"@{F}.kind.{kind}", space=f"@{F}.where.{x}"),
                        (f"{kind}.{x}", *(f"{k} {w}" for k in kinds for w in wheres)), pt))
    return out


SPACE = Param("action_space", _space_options)


def _space_get(state, keys):
    kind, _, x = keys[0].partition(".")
    if x in spaces.collapsed(state, kind):
        return UNAVAILABLE
    return spaces.taken(state, kind).get(x, FREE)


def _collapsing(state: dict, kind: str) -> list[str]:
    from .eras import collapsing_spaces

    return collapsing_spaces(state, data_of(state)).get(kind, []) if state.get("impact") else []


def _space_choices(state, keys) -> list[Option]:
    kind, _, x = keys[0].partition(".")
    out = [WORDS.option("space", FREE, f"@{F}.free"), *_players_and_bot(state)]
    if x in _collapsing(state, kind):  # a Collapsing tile flips to Hex Unavailable after the Impact (§2.9)
        out.append(WORDS.option("space", UNAVAILABLE, f"@{F}.unavailable"))
    return out


def _space_put(state, keys, value):
    kind, _, x = keys[0].partition(".")
    held = state.setdefault("spaces", {}).setdefault(kind, {})
    held.pop(x, None)
    gone = state.setdefault("collapsed", {}).setdefault(kind, [])
    if x in gone:
        gone.remove(x)
    if value == UNAVAILABLE:
        gone.append(x)
    elif value != FREE:
        held[x] = value
    s = state.get("solo")
    if s is not None:
        if kind == "council" and x == "left":  # its Exosuit there makes it next Era's First Player (§3.2.4)
            s["first_next"] = "bot" if value == "bot" else ""
        s["spaces_era"] = state["era"]  # the program knows this Era's spaces (solo/phases.clean_up)


# -- the solo opponent ------------------------------------------------------------------------------------------
def _solo(state, keys=()):
    return bool(state.get("solo"))


def _bot_data(state: dict) -> dict:
    s = state["solo"]
    sd = solo_data_of(state)
    if s["bot"] == "chronossus":
        return sd["chronossus"]
    return sd["chronobot_first" if s["edition"] == "first" else "chronobot"]


def _bot_exosuits_most(state: dict) -> int:
    """Chronobot: 6 powered before the Impact, 4 after (§3.2.4); Chronossus: at most 6 before, 4 after (§3.4.4)."""
    d = _bot_data(state)
    if state["solo"]["bot"] == "chronossus":
        return d["max_after_impact" if state["impact"] else "max_before_impact"]
    return d["exosuits_after_impact" if state["impact"] else "exosuits_before_impact"]


def _exo_get(state, keys):
    return state["solo"]["exosuits"] if keys[0] == "bot" else state["solo"].get("you_exosuits")


def _exo_put(state, keys, value):
    state["solo"]["exosuits" if keys[0] == "bot" else "you_exosuits"] = value


def _exo_limits(state, keys):
    if keys[0] == "bot":  # those it placed this Era came out of the same powered ones
        return 0, max(0, _bot_exosuits_most(state) - state["solo"]["placed"])
    return 0, 6  # your 6 Hex slots (§2.5 Power Up)


def _exo_there(state, keys):
    return keys[0] == "bot" or state["solo"].get("you_exosuits") is not None


def _warps_get(state, keys):
    return state["solo"]["warps"].get(str(keys[0]), 0)


def _warps_put(state, keys, value):
    w = state["solo"]["warps"]
    if value:
        w[str(keys[0])] = value
    else:
        w.pop(str(keys[0]), None)


def _warps_limits(state, keys):
    """Its Warp tiles on the Timeline never exceed the 8 of its supply (§3.2.1)."""
    s = state["solo"]
    return 0, solo_state.WARP_TILES - (solo_state.warps_out(s) - _warps_get(state, keys))


def _kind_param(pid: str, names: tuple[str, ...], label: str) -> Param:
    return Param(pid, lambda state: WORDS.options(pid, label, names))


BUILDING = _kind_param("building", solo_state.BUILDINGS, "@anachrony.solo.building.{}")
WORKER = _kind_param("worker", solo_state.WORKERS, "@anachrony.worker.{}")
RESOURCE = _kind_param("resource", solo_state.RESOURCES, "@anachrony.solo.resource.{}")
SHAPE = _kind_param("shape", solo_state.SHAPES, "@anachrony.solo.shape.{}")
POOL = _kind_param("pool", ("energized", "exhausted"), f"@{F}.{{}}")


def _chronobot(state, keys=()):
    return _solo(state) and state["solo"]["bot"] == "chronobot"


def _chronossus(state, keys=()):
    return _solo(state) and state["solo"]["bot"] == "chronossus"


def _first_edition(state, keys=()):
    return _chronobot(state) and state["solo"]["edition"] == "first"


def _tokens(state) -> list[Option]:
    if not _solo(state):
        return []
    return [Option(t, f"#{t}", (t, f"#{t}")) for t in solo_state.tokens(state["solo"])]


TOKEN = Param("token", _tokens)


def _token_get(state, keys):
    return solo_state.where(solo_data_of(state), state["solo"], keys[0])


def _token_choices(state, keys) -> list[Option]:
    s = state["solo"]
    sd = solo_data_of(state)
    if s["bot"] == "chronossus":  # each token walks its own route (§3.4.3)
        route = sd["chronossus"]["routes"][keys[0]]
        return [Option(spot, spot, (spot,)) for spot in dict.fromkeys(route)]
    d = sd["chronobot_first"] if s["edition"] == "first" else sd["chronobot"]
    paths = [k[5:] for k in d if k.startswith("loop_") and isinstance(d[k], list)] if s["edition"] == "first" \
        else ["short", "long"]
    here = solo_state.token_spot(s, keys[0])
    out = []
    for path in paths:
        n = len(d[f"loop_{path}"] if s["edition"] == "first" else d[path])
        for i in range(1, n + 1):
            spot = f"{path}.{i}"
            others = [t for t in s["spots"].get(spot, []) if t != keys[0]]
            if spot != here and len(others) >= d["max_per_spot"]:
                continue  # a spot holds at most two tokens (§3.2.3)
            known = path in WORDS.table["options"]["path"]
            words = (spot, f"{path} {i}", *(f"{w} {i}" for w in (WORDS.typed(path, ("options", "path")) if known else ())))
            shown = WORDS.shown(path, ("options", "path")) if known else None  # circuits A-D: letters alike
            out.append(_opt(spot, msg("anachrony.solo.spot.on_path", action=f"@anachrony.solo.action.{solo_state.spot_action(sd, s, spot)}",
                                        path=f"@anachrony.solo.path.{path}", n=i), words,
                            f"{shown['pt-BR']} {i}" if shown else spot))
    return out


def _token_put(state, keys, value):
    s = state["solo"]
    tok = keys[0]
    if s["bot"] == "chronossus":
        route = solo_data_of(state)["chronossus"]["routes"][tok]
        s["route_step"][tok] = route.index(value)
        return
    here = solo_state.token_spot(s, tok)
    if here == value:
        return
    s["spots"][here].remove(tok)
    if not s["spots"][here]:
        del s["spots"][here]
    s["spots"].setdefault(value, []).append(tok)  # put on top, as a token arriving


def _shs_get(state, keys):
    return keys[0] in state["solo"]["hypersync"]


def _shs_choices(state, keys) -> list[Option]:
    s = state["solo"]
    yes, no = yes_no(WORDS, "solo_hypersync")
    full = len(s["hypersync"]) >= solo_data_of(state)["hypersync"]["tiles"]
    return [yes, no] if keys[0] in s["hypersync"] or not full else [no]  # its supply of Solo Hypersync tiles (§3.4.9)


def _shs_put(state, keys, value):
    s = state["solo"]
    era = keys[0]
    if value and era not in s["hypersync"]:
        s["hypersync"] = sorted(s["hypersync"] + [era])  # one per Era, oldest first
    elif not value and era in s["hypersync"]:
        s["hypersync"].remove(era)
    if era == state["era"]:
        s["hypersync_era"] = era if value else 0


def _has_solo_hypersync(state, keys=()):
    return _chronossus(state) and "hypersync" in state["solo"]


def _objective_cards(state) -> list[Option]:
    if not _chronossus(state):
        return []
    return WORDS.options("objective", "@anachrony.solo.objective.{}", solo_data_of(state)["chronossus"]["objective_cards"])


OBJECTIVE = Param("objective", _objective_cards)


def _objective_get(state, keys):
    return keys[0] in state["solo"]["objectives"]


def _objective_put(state, keys, value):
    cards = state["solo"]["objectives"]
    if value and keys[0] not in cards:
        cards.append(keys[0])
    elif not value and keys[0] in cards:
        cards.remove(keys[0])


def _said_eras(state) -> list[Option]:
    if not _solo(state):
        return []
    said = state["solo"].get("your_warps", {})
    return [Option(int(e), str(e), (str(e), f"era {e}")) for e in sorted(said, key=int)]


SAID_ERA = Param("era", _said_eras)


def _your_warps_get(state, keys):
    return state["solo"]["your_warps"][str(keys[0])]


def _your_warps_put(state, keys, value):
    state["solo"]["your_warps"][str(keys[0])] = value


def _your_warps_limits(state, keys):
    """The Warp tiles you said at a Paradox cap the later questions (solo/phases.plain_most): 0-2 on a tile (rules
    §2.7 Warp), one fewer while your Quantum Warp sits there (seed W1)."""
    from .solo.phases import WARPS_PER_ERA

    q = state["players"]["p1"].get("quantum") or {}
    return 0, WARPS_PER_ERA - (1 if q.get("warp") == "timeline" and q.get("era") == keys[0] else 0)


def _superprojects_most(state, keys):
    s = state["solo"]
    most = solo_data_of(state)["chronobot_first"]["superprojects_max"] if s.get("edition") == "first" else 3
    return 0, most


def _morale_limits(state, keys):
    return 0, len(solo_data_of(state)["chronobot_first"]["supply_morale_vp"]) - 1


def _hypersync_module(state, keys=()):
    return has(state, "hypersync")


def _quantum_module(state, keys=()):
    return has(state, "quantum_loops")


def _intrigues_module(state, keys=()):
    return has(state, "intrigues")


def _count_field(fid, key, get=None, put=None, params=(), limits=None, rule="", exists=None, at=()):
    return Field(fid, WORDS, f"{F}.{key}", COUNT, get, put, params, limits=limits or (lambda s, k: (0, None)),
                 rule=rule or f"{F}.rule.never_negative", exists=exists or (lambda s, k: True), at=at)


def _solo_at(key: str, param: str = "") -> tuple:
    """A value of the solo opponent's board (one of its kind ``param``)."""
    return ("solo", key, "{" + param + "}") if param else ("solo", key)


_FIELDS = (
    _count_field("vp", "vp", _vp_get, _vp_put, (WHO,), rule=f"{F}.rule.vp"),
    Field("first", WORDS, f"{F}.first", CHOICE, _first_get, _first_put,
          choices=_first_choices, exists=lambda s, k: s["options"]["players"] > 1 or _solo(s)),
    Field("hypersync", WORDS, f"{F}.hypersync", CHOICE, _hs_get, _hs_put, (PLAYER, TILE), choices=_hs_choices,
          exists=_hypersync_module),
    Field("quantum", WORDS, f"{F}.quantum", CHOICE, _q_get, _q_put, (PLAYER,), choices=_q_choices, exists=_quantum_module),
    _count_field("objectives", "objectives", params=(PLAYER,), at=_intrigues("objectives"), rule=f"{F}.rule.reserve",
                 exists=_intrigues_module),
    _count_field("values", "values", params=(PLAYER,), at=_intrigues("values"), rule=f"{F}.rule.reserve",
                 exists=_intrigues_module),
    _count_field("benefits", "benefits", params=(PLAYER,), at=_intrigues("benefit_uses"),
                 limits=_intr_rule("benefit_uses_per_era"), rule=f"{F}.rule.benefits", exists=_intrigues_module),
    _count_field("missions", "mission_deck", params=(PLAYER,), at=_intrigues("deck"),
                 limits=_intr_rule("mission_deck_size"), rule=f"{F}.rule.mission_deck", exists=_intrigues_module),
    _count_field("emergency", "emergency", params=(PLAYER,), at=_intrigues("emergency"),
                 limits=_intr_rule("emergency_per_player"), rule=f"{F}.rule.emergency", exists=_intrigues_module),
    _count_field("failed", "missions_failed", params=(PLAYER,), at=("players", "{player}", "missions_failed"),
                 exists=_intrigues_module),
    Field("mission", WORDS, f"{F}.mission", CHOICE, _mission_get, _mission_put, (PLAYER,),
          choices=_mission_choices, exists=_intrigues_module),
    Field("loop", WORDS, f"{F}.loop", CHOICE, _card_get, _card_put, (CARD,),
          choices=lambda s, k: WORDS.options("pile", f"@{F}.pile.{{}}"), exists=_quantum_module),
    _count_field("agenda_objective", "agenda_objective", put=_agenda_put("objective"), params=(ROW,),
                 at=("agenda", "{row}", "objective"), exists=_intrigues_module),
    _count_field("agenda_value", "agenda_value", put=_agenda_put("value"), params=(ROW,),
                 at=("agenda", "{row}", "value"), exists=_intrigues_module),
    _count_field("agenda_number", "agenda_number", params=(ROW,), at=("agenda", "{row}", "values", -1),
                 limits=lambda s, k: (-10, 20), rule=f"{F}.rule.value_number",
                 exists=lambda s, k: _intrigues_module(s) and _number_known(s, k)),
    Field("locked", WORDS, f"{F}.locked", CHOICE, params=(ROW,), at=("agenda", "{row}", "locked"),
          choices=lambda s, k: yes_no(WORDS, "locked"), exists=lambda s, k: _intrigues_module(s) and _pair(s, k)),
    Field("space", WORDS, f"{F}.space", CHOICE, _space_get, _space_put, (SPACE,), choices=_space_choices),
    # -- the solo opponent
    _count_field("paradox", "paradox", at=_solo_at("paradox"), limits=lambda s, k: (0, 2), rule=f"{F}.rule.paradox",
                 exists=_solo),
    _count_field("anomalies", "anomalies", at=_solo_at("anomalies"), limits=lambda s, k: (0, 3),
                 rule=f"{F}.rule.anomalies", exists=_solo),
    _count_field("time_travel", "time_travel", at=_solo_at("time_travel"),
                 limits=lambda s, k: (0, solo_state.TIME_TRAVEL_TOP), rule=f"{F}.rule.time_travel", exists=_solo),
    _count_field("warps", "warps", _warps_get, _warps_put, (ERA,), _warps_limits, f"{F}.rule.warps", _solo),
    _count_field("exosuits", "exosuits", _exo_get, _exo_put,
                 (Param("player", lambda s: ([_bot_option(s)] + _players(s)) if _solo(s) else []),),
                 _exo_limits, f"{F}.rule.exosuits", _exo_there),
    _count_field("buildings", "buildings", params=(BUILDING,), at=_solo_at("buildings", "building"),
                 limits=lambda s, k: (0, 3), rule=f"{F}.rule.buildings", exists=_solo),
    _count_field("superprojects", "superprojects", at=_solo_at("superprojects"), limits=_superprojects_most,
                 rule=f"{F}.rule.superprojects", exists=_solo),
    _count_field("workers", "workers", params=(WORKER,), at=_solo_at("workers", "worker"), exists=_solo),
    _count_field("resources", "resources", params=(RESOURCE,), at=_solo_at("resources", "resource"), exists=_solo),
    _count_field("breakthroughs", "breakthroughs", params=(SHAPE,), at=_solo_at("breakthroughs", "shape"), exists=_solo),
    _count_field("failed_actions", "failed_actions", at=_solo_at("failed"), exists=_solo),
    _count_field("water", "water", at=_solo_at("water"), exists=_first_edition),
    _count_field("morale", "morale", lambda s, k: s["solo"].get("morale", 0), at=_solo_at("morale"),
                 limits=_morale_limits, rule=f"{F}.rule.morale", exists=_first_edition),
    _count_field("pool", "pool", params=(POOL,), at=_solo_at("pool", "pool"), exists=_chronossus),
    Field("token", WORDS, f"{F}.token", CHOICE, _token_get, _token_put, (TOKEN,), choices=_token_choices, exists=_solo),
    Field("objective", WORDS, f"{F}.objective", CHOICE, _objective_get, _objective_put, (OBJECTIVE,),
          choices=lambda s, k: yes_no(WORDS, "in_play"), exists=_chronossus),
    _count_field("ql_removed", "ql_removed", at=_solo_at("ql_removed"),
                 exists=lambda s, k: _chronossus(s) and "ql" in s),
    _count_field("your_warps", "your_warps", _your_warps_get, _your_warps_put, (SAID_ERA,), _your_warps_limits,
                 f"{F}.rule.your_warps", _solo),
    Field("solo_hypersync", WORDS, f"{F}.solo_hypersync", CHOICE, _shs_get, _shs_put, (ERA,), choices=_shs_choices,
          exists=_has_solo_hypersync),
)

#: the box's limits across seats each field draws on (automata/core/fixbox.py): none beyond the fields' own limits and
#: choices. A player's VP, Hypersync tiles, Quantum Warp, Intrigues reserve, Missions and Benefit uses are that player's
#: own; the First Player, each Action space's holder and each Quantum Loop card's pile are one value each (their
#: choices hold one); the solo opponent's board is one seat's, its supplies in its fields' own limits (8 Warp tiles,
#: its Exosuits, its Solo Hypersync tiles). The Objective and Value tiles shared by the reserves and the Agenda table
#: are not bounded: no source gives their counts (rules file §4.1 item 13)
_BOX = {f.id: () for f in _FIELDS}


def _solo_of(bot: str, edition: str = ""):
    return lambda s: bool(s.get("solo")) and (not bot or s["solo"]["bot"] == bot) and (
        not edition or s["solo"].get("edition") == edition)


#: the modes and modules a field belongs to: a multi-player game keeps no solo opponent, a game without Intrigues of
#: the Council keeps no Missions, and so on (neither offered nor journalled there)
_INTRIGUES = ("objectives", "values", "benefits", "missions", "emergency", "failed", "mission", "agenda_objective",
              "agenda_value", "agenda_number", "locked")
_SOLO = ("paradox", "anomalies", "time_travel", "warps", "exosuits", "buildings", "superprojects", "workers",
         "resources", "breakthroughs", "failed_actions", "token", "your_warps")
_TRACKED = {**{f: _intrigues_module for f in _INTRIGUES}, **{f: _solo_of("") for f in _SOLO},
            "hypersync": _hypersync_module, "quantum": _quantum_module, "loop": _quantum_module,
            "water": _solo_of("chronobot", "first"), "morale": _solo_of("chronobot", "first"),
            "pool": _solo_of("chronossus"), "objective": _solo_of("chronossus"), "ql_removed": _solo_of("chronossus"),
            "solo_hypersync": _solo_of("chronossus"),
            "first": lambda s: s["options"]["players"] > 1 or bool(s.get("solo"))}

FIX_FIELDS = tuple(replace(f, box=_BOX[f.id], tracked=_TRACKED.get(f.id, f.tracked)) for f in _FIELDS)
