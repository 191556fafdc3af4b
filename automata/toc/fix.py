"""What the table may correct in a Time of Crisis game (`tabletop fix`, automata/core/fix.py), with the rule's limits.

For each AI bot: its Legacy, its mode marker (Mode box and side), its three AI pawns, its three AI cylinders (in
Available Cylinders, on the Influence Point Track with their points, or in the "0" box), the Ludi Saeculares marker,
its starting province and whether it has been Emperor this turn (the Limitation). For the game: who is Emperor and
which type, and with the Selective Setup the card in play in each pile (the bots' events read it).

Kept consistent in ``put``: a new Emperor clears the old one's type (bot) or record (human) and, for a bot in its own
turn, counts as having been Emperor this turn; a cylinder leaving the track loses its points and points put a cylinder
on the track; starting provinces swap. Not derived, so left as they are: the Ludi Saeculares marker (a reminder on the
mat of the bot that was Emperor when the event was drawn, for its next turn, whoever reigns then) and this turn's
influence already placed (a Mode corrected after Take Actions does not redo it: correct the cylinders and points). The humans' Legacy is not tracked by the program (the table keeps it) until the end of the game: then each human seat's
final Legacy, given at the end, is corrected with the same words as a bot's (``legacy human 1 45``), and a tie for
the most Legacy is broken as ``toc.final.tie`` breaks it (``tie human 1``, ``tie shared``).

Seed 000 ("Preparação" step 4, "Fluxo do Jogo", "Tornar-se Imperador", "Limitações", "Tipos de Imperador") and
rules file §1.5, §1.6, §3.1–§3.3, §3.13.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.fix import CHOICE, COUNT, Field, FixError, Option, Param
from ..core.fixbox import Supply, tally
from ..core.fixwords import Words, yes_no
from ..core.msg import msg
from .bot import AREAS
from .data import data_of, AREA_NAMES, CATEGORY_VALUES, COLOUR_NAMES
from .emperor import EMPEROR_TYPES, emperor_type_for_area

#: where a cylinder can be between two steps (rules file §3.13; "upper"/"lower" last only inside Take Actions)
CYLINDER_PLACES = ("available", "track", "zero")
#: the words a table types (data/fix_words.toml, both languages)
WORDS = Words.beside(__file__)


def _type_words(kind: str) -> tuple[str, ...]:
    return WORDS.typed(kind, ("options", "type"))


def _pt_type(kind: str) -> str:
    return WORDS.shown(kind, ("options", "type"))["pt-BR"]


def _playing(state: dict) -> bool:
    """The bots are on the table (after setup step 4's provinces): their values exist."""
    return bool(state.get("bots")) and (state.get("next") or {}).get("proc") != "setup"


# -- parameters ------------------------------------------------------------------------------------------------------
def _bot_words(state: dict, colour: str) -> tuple[str, ...]:
    data = data_of(state)
    mat = data.mat(state["bots"][colour]["mat"])
    return (colour, *COLOUR_NAMES.get(colour, ()), mat["id"], mat["name"], *mat.get("names", ()))


def _bot_label(state: dict, colour: str):
    return msg("toc.fix.bot", colour=f"@toc.colour.{colour}", mat=f"@toc.mat.{state['bots'][colour]['mat']}")


def _bots(state: dict) -> list[Option]:
    if not _playing(state):
        return []
    return [Option(c, _bot_label(state, c), _bot_words(state, c), {"pt-BR": _pt_colour(c)})
            for c in state["bot_order"] if c in state["bots"]]


def _pt_colour(colour: str) -> str:
    return (COLOUR_NAMES.get(colour) or (colour, colour))[1]


def _areas(state: dict) -> list[Option]:
    """An influence area (its pawn, its cylinder), by its name or its cylinder's colour, in both languages."""
    data = data_of(state)
    options = []
    for area in AREAS:
        colour = data.colour_of(area)
        options.append(Option(area, f"@toc.area.{area}", (area, *AREA_NAMES[area], *COLOUR_NAMES.get(colour, (colour,))),
                              {"pt-BR": _pt_type(area)}))
    return options


def _final_legacy(state: dict) -> dict:
    """The humans' final Legacy as the table gave it at the end of the game (``endgame.py``), once it was given."""
    final = state.get("final")
    return (final.get("legacy") or {}) if state.get("over") and isinstance(final, dict) else {}


def _human_words(n: int) -> tuple[str, ...]:
    return tuple(w.format(n=n) for w in WORDS.word("human_n"))


def _players(state: dict) -> list[Option]:
    """Whose Legacy: every bot; after the end of the game also every human seat whose final Legacy was given (rules
    file §3.11: the program keeps the bots' Legacy, the table gives the humans' once, at the end)."""
    humans = [Option(seat, msg("toc.human", n=int(seat[len("human"):])), _human_words(int(seat[len("human"):])),
                     {"pt-BR": f"humano {seat[len('human'):]}"}) for seat in _final_legacy(state)]
    return _bots(state) + humans


BOT = Param("player", _bots)
PLAYER = Param("player", _players)
AREA = Param("area", _areas)


def _bot(state: dict, keys: tuple) -> dict:
    return state["bots"][keys[0]]


def _mat(state: dict, keys: tuple) -> dict:
    return data_of(state).mat(_bot(state, keys)["mat"])


# -- Legacy, mode, pawns ---------------------------------------------------------------------------------------------
def _legacy_get(state, keys):
    if keys[0] in state["bots"]:
        return _bot(state, keys)["legacy"]
    return _final_legacy(state)[keys[0]]


def _legacy_put(state, keys, value):
    """A bot's Legacy, or a human seat's final Legacy after the end (the winner is decided from it again: final.py)."""
    if keys[0] in state["bots"]:
        _bot(state, keys)["legacy"] = value
    else:
        state["final"]["legacy"][keys[0]] = value


def _mode_limits(state, keys):
    """The Mode boxes printed on the bot's mat (seed 000, Take Actions 1: Mode 1 to Mode 4)."""
    modes = sorted(int(k) for k in _mat(state, keys)["mode"])
    return modes[0], modes[-1]


def _pawn_limits(state, keys):
    """Seed 000, Preparação step 4 and Buy/Trash: a pawn sits on a circle of its area's track, 0 = the start circle."""
    return 0, len(_mat(state, keys)["track"][keys[1]]) - 1


# -- cylinders and influence points ------------------------------------------------------------------------------------
def _cylinder_get(state, keys):
    place = _bot(state, keys)["cylinder"][keys[1]]
    return "track" if place in ("upper", "lower") else place


def _cylinder_put(state, keys, value):
    """One cylinder per area, so the three are always somewhere: moving one off the Influence Point Track takes its
    points with it (seed 000, Buy/Trash 1: leftover points are lost when a cylinder goes to the "0" box)."""
    bot = _bot(state, keys)
    bot["cylinder"][keys[1]] = value
    if value != "track":
        bot["points"][keys[1]] = 0


def most_points(state: dict, keys: tuple) -> int:
    """The most influence points a cylinder of this area can mark: the largest number printed left of a box of that
    area's track, +2 on the mode marker's "+2" side (seed 000, Take Actions 1)."""
    data = data_of(state)
    bonus = int(data.rules.get("bot", {}).get("plus2_bonus", 2))
    track = _mat(state, keys)["track"][keys[1]]
    return max(max(int(c["primary"]) + bonus, int(c["secondary"])) for c in track)


def _points_put(state, keys, value):
    """Points are marked by the area's cylinder on the Influence Point Track: points there put the cylinder there."""
    bot = _bot(state, keys)
    bot["points"][keys[1]] = value
    if value > 0:
        bot["cylinder"][keys[1]] = "track"


# -- Ludi Saeculares, start province, the Limitation -----------------------------------------------------------------------
def _yes_no(state, keys):
    return yes_no(WORDS, labels=("@toc.fix.yes", "@toc.fix.no"))


def _ludi_put(state, keys, value):
    """The marker is a reminder of the -4 Secondary of the bot's next Take Actions (seed 000, AI Crisis Phase): put on,
    that -4 is still to come; taken off, nothing is left to apply."""
    bot = _bot(state, keys)
    bot["ludi"] = bool(value)
    bot["ludi_applied"] = False


def _start_choices(state, keys):
    """Seed 000, Preparação step 4: each bot starts in one of Gallia, Macedonia, Syria."""
    return [Option(p, f"@toc.province.{p}", (p,)) for p in data_of(state).setup["start_provinces"]]


def _start_put(state, keys, value):
    """A different starting province per bot (seed 000, Preparação step 4: each takes the first one still free): a bot
    that had the province named takes this bot's old one, so the two swap."""
    bot = _bot(state, keys)
    for colour, other in state["bots"].items():
        if colour != keys[0] and other["start"] == value:
            other["start"] = bot["start"]
    bot["start"] = value


def _in_turn(state: dict, colour: str) -> bool:
    """This bot's turn is under way (its Crisis Phase played, its End of Turn not yet)."""
    nxt = state.get("next") or {}
    return nxt.get("bot") == colour and nxt.get("proc", "").startswith("bot_") and nxt["proc"] != "bot_crisis"


# -- the Emperor ----------------------------------------------------------------------------------------------------
def _rules_on(state: dict) -> bool:
    return bool(state["options"].get("emperor_rules"))


def _emperor_get(state, keys):
    """'none', a bot's colour or 'human<n>', with ':<type>' when the Emperor rules are in use."""
    who = state["emperor"]
    if who in state["bots"]:
        kind = state["bots"][who]["emperor_type"]
    elif who == "human":
        held = state.get("human_emperor") or {}
        who = f"human{held['player']}" if held.get("player") else "human"
        kind = held.get("type", "")
    else:
        return "none"
    return f"{who}:{kind}" if _rules_on(state) and kind else who


def _holder(state, who: str):
    """A bot, human player n, a human (number unknown) or nobody, as the table reads it."""
    if who in state["bots"]:
        return _bot_label(state, who)
    if who == "human":
        return "@toc.emperor.a_human"
    if who == "none":
        return "@toc.emperor.nobody"
    return msg("toc.human", n=int(who[len("human"):]))


def _emperor_label(state, who: str, kind: str):
    holder = _holder(state, who)
    if not kind:
        return holder
    return msg("toc.fix.emperor_typed", who=_data(holder), type=f"@toc.emperor.type.{kind}")


def _emperor_choices(state, keys):
    """Nobody, a bot or a human player; with the Emperor rules, with the type of Emperor (the token's place, seed 000,
    Tornar-se Imperador): a bot named alone takes its preferred area's type (Becoming Emperor), a human names it."""
    options = [WORDS.option("emperor", "none", "@toc.emperor.nobody")]
    rules = _rules_on(state)
    data = data_of(state)
    holders = [(c, _bot_words(state, c), _pt_colour(c)) for c in state["bot_order"] if c in state["bots"]]
    for n in range(1, int(state["options"].get("humans", 0)) + 1):
        holders.append((f"human{n}", _human_words(n), f"humano {n}"))
    if state["emperor"] == "human" and not (state.get("human_emperor") or {}).get("player"):
        holders.append(("human", WORDS.word("human"), WORDS.shown("human", ("words",))["pt-BR"]))  # an old save: a human whose number was not kept
    for who, words, pt in holders:
        if not rules:
            options.append(Option(who, _emperor_label(state, who, ""), words, {"pt-BR": pt}))
            continue
        preferred = None
        if who in state["bots"]:
            preferred = emperor_type_for_area(data.mat(state["bots"][who]["mat"])["preferred"])
        for kind in EMPEROR_TYPES:
            typed = tuple(f"{w} {t}" for t in _type_words(kind) for w in words)
            alone = words if kind == preferred else ()
            options.append(Option(f"{who}:{kind}", _emperor_label(state, who, kind), (*typed, *alone),
                                  {"pt-BR": f"{pt} {_pt_type(kind)}"}))
    return options


def _emperor_put(state, keys, value):
    """Seed 000, Tornar-se Imperador: one Emperor, one Emperor token: the previous Emperor's type is cleared, the new
    one's set; a bot made Emperor during its own turn has been Emperor this turn (Limitações)."""
    who, _, kind = str(value).partition(":")
    old = state["emperor"]
    if old in state["bots"]:
        state["bots"][old]["emperor_type"] = ""
    state.pop("human_emperor", None)
    if who == "none":
        state["emperor"] = "none"
    elif who in state["bots"]:
        state["emperor"] = who
        state["bots"][who]["emperor_type"] = kind if _rules_on(state) else ""
        if _in_turn(state, who):
            state["bots"][who]["emperor_this_turn"] = True
    else:
        state["emperor"] = "human"
        player = int(who[len("human"):]) if who != "human" else 0  # 0: an old save that did not keep the number
        if player or kind:
            state["human_emperor"] = {"player": player, "type": kind if _rules_on(state) else ""}


def _type_exists(state, keys):
    return _playing(state) and _rules_on(state) and state["emperor"] != "none"


def _type_get(state, keys):
    who = state["emperor"]
    if who in state["bots"]:
        return state["bots"][who]["emperor_type"]
    return (state.get("human_emperor") or {}).get("type", "")


def _type_put(state, keys, value):
    who = state["emperor"]
    if who == "none":  # an earlier item of the same line took the Emperor away
        raise FixError(msg("toc.fix.no_emperor"))
    if who in state["bots"]:
        state["bots"][who]["emperor_type"] = value
    else:
        held = state.setdefault("human_emperor", {"player": 0, "type": ""})
        held["type"] = value


# -- the end of the game: who wins a tie ---------------------------------------------------------------------------------
def _tie_exists(state, keys):
    """After the end, while two or more factions share the most Legacy (final.py: the winner of a tie is the table's
    to name when ``rules.legacy.tie_break`` is "ask", else the victory is shared, PROVISIONAL)."""
    from . import final

    scores = final.final_scores(state, _final_legacy(state))
    return bool(_final_legacy(state)) and len(final.leaders(scores)) > 1


def _tie_choices(state, keys):
    from . import final

    tied = final.leaders(final.final_scores(state, _final_legacy(state)))
    options = [o for o in _players(state) if o.key in tied]
    return options + [WORDS.option("tie", "shared", "@toc.final.tie_shared", key=final.SHARED)]


def _tie_get(state, keys):
    """The tie as the result reads it now: the seat the table named, else shared (final.py ``outcome``), so that a
    correction says what it was before ("shared → human 2")."""
    from . import final

    tie = state["final"].get("tie") or ""
    return tie if tie in [o.key for o in _tie_choices(state, keys)] else final.SHARED


CARD_VALUE = Param("value", lambda state: [Option(v, str(v), (str(v),)) for v in CATEGORY_VALUES])


def _pile_get(state, keys):
    return state["selective"].get(f"{keys[0]}_{keys[1]}", "")


def _pile_put(state, keys, chosen):
    """Selective Setup (seed 000, Preparação step 2, Option 3): for each category the base or the expansion card is in
    play, and a bot's event of that category is that card's (Take Actions 1)."""
    state["selective"][f"{keys[0]}_{keys[1]}"] = chosen


def _data(value):
    return value.to_data() if hasattr(value, "to_data") else value


_FIELDS = (
    Field("legacy", WORDS, "toc.fix.legacy", COUNT, _legacy_get, _legacy_put, (PLAYER,), limits=lambda s, k: (0, None),
          rule="toc.fix.rule.legacy"),
    Field("mode", WORDS, "toc.fix.mode", COUNT, params=(BOT,), at=("bots", "{player}", "mode"), limits=_mode_limits,
          rule="toc.fix.rule.mode"),
    Field("marker", WORDS, "toc.fix.marker", CHOICE, params=(BOT,), at=("bots", "{player}", "marker"),
          choices=lambda s, k: WORDS.options("side", "@toc.picture.side.{}")),
    Field("pawn", WORDS, "toc.fix.pawn", COUNT, params=(BOT, AREA), at=("bots", "{player}", "pawn", "{area}"),
          limits=_pawn_limits, rule="toc.fix.rule.pawn"),
    Field("cylinder", WORDS, "toc.fix.cylinder", CHOICE, _cylinder_get, _cylinder_put, (BOT, AREA),
          choices=lambda s, k: WORDS.options("place", "@toc.fix.place.{}", CYLINDER_PLACES)),
    Field("points", WORDS, "toc.fix.points", COUNT, put=_points_put, params=(BOT, AREA),
          at=("bots", "{player}", "points", "{area}"), limits=lambda s, k: (0, most_points(s, k)),
          rule="toc.fix.rule.points"),
    Field("ludi", WORDS, "toc.fix.ludi", CHOICE, lambda s, k: bool(_bot(s, k)["ludi"]), _ludi_put, (BOT,),
          choices=_yes_no),
    Field("start", WORDS, "toc.fix.start", CHOICE, put=_start_put, params=(BOT,), at=("bots", "{player}", "start"),
          choices=_start_choices),
    Field("was_emperor", WORDS, "toc.fix.was_emperor", CHOICE, lambda s, k: bool(_bot(s, k)["emperor_this_turn"]),
          lambda s, k, v: _bot(s, k).__setitem__("emperor_this_turn", bool(v)), (BOT,), choices=_yes_no,
          exists=lambda s, k: _in_turn(s, k[0])),
    Field("emperor", WORDS, "toc.fix.emperor", CHOICE, _emperor_get, _emperor_put,
          choices=_emperor_choices, exists=lambda s, k: _playing(s)),
    Field("emperor_type", WORDS, "toc.fix.emperor_type", CHOICE, _type_get, _type_put,
          choices=lambda s, k: WORDS.options("type", "@toc.emperor.type.{}", EMPEROR_TYPES), exists=_type_exists,
          extra=lambda s, k: {"who": _data(_holder(s, _emperor_get(s, k).partition(":")[0]))}),
    Field("tie", WORDS, "toc.fix.tie", CHOICE, _tie_get, at=("final", "tie"), choices=_tie_choices, exists=_tie_exists),
    Field("pile", WORDS, "toc.fix.pile", CHOICE, _pile_get, _pile_put, (AREA, CARD_VALUE),
          choices=lambda s, k: WORDS.options("set", "@toc.set.{}", ("base", "expansion")),
          exists=lambda s, k: _playing(s) and s["options"].get("cards") == "selective" and f"{k[0]}_{k[1]}" in s["selective"],
          extra=lambda s, k: {"category": f"@toc.category.{k[0]}_{k[1]}"}),
)

# -- the box's limits across the bots (automata/core/fixbox.py) ------------------------------------------------------
#: one Ludi Saeculares marker in the box (rules file §2.2; data rules.bot.ludi_markers): on one bot's mat at most
LUDI = Supply("ludi", "toc.fix.rule.ludi_marker",
              lambda s: tally("ludi" for b in s["bots"].values() if b["ludi"]),
              lambda s, thing: int(data_of(s).rules["bot"].get("ludi_markers", 1)),
              lambda s, thing: "@toc.fix.ludi_marker")
#: one bot in each starting province (seed 000, Preparação step 4: each takes the first one still free; a bot named
#: into another's province swaps with it, _start_put)
START = Supply("start", "toc.fix.rule.start",
               lambda s: tally(b["start"] for b in s["bots"].values() if b.get("start")),
               lambda s, province: 1, lambda s, province: f"@toc.province.{province}")

#: the box's limits across seats each field draws on; () where none bounds it beyond the field's own limits: a bot's
#: Legacy, mode, marker, pawns, cylinders and points are its own mat's (its own limits: the mat's boxes, circles and
#: track), the Emperor, its type and the tie are one value of the game, a pile's card is one category's
_BOX = {"legacy": (), "mode": (), "marker": (), "pawn": (), "cylinder": (), "points": (), "ludi": (LUDI,),
        "start": (START,), "was_emperor": (), "emperor": (), "emperor_type": (), "tie": (), "pile": ()}
#: the options a field needs (the Emperor's type only with the Emperor rules, the piles only with the Selective Setup)
_TRACKED = {"emperor_type": lambda s: _rules_on(s), "pile": lambda s: s["options"].get("cards") == "selective"}

FIX_FIELDS = tuple(replace(f, box=_BOX[f.id], tracked=_TRACKED.get(f.id, f.tracked)) for f in _FIELDS)
