"""Game data of Anachrony with Future Imperfect: shipped TOML files, owner overrides, validation, look-ups.

The two files in ``data/`` are read into one namespace:

=====================  ==============================================================
key                    from
=====================  ==============================================================
``rules``              ``rules.toml`` (eras, by_players, setup, hypersync, quantum_loops, intrigues)
``modules``            ``components.toml`` ``[modules.<id>]``
``other_modules``      ``components.toml`` ``[other_modules]``
``quantum_loop_cards`` ``components.toml`` ``[quantum_loop_cards.<id>]``
``superprojects``      ``components.toml`` ``[superprojects]`` (the 18 base ones, for the program's draw)
``endgame_conditions`` ``components.toml`` ``[endgame_conditions]`` (the 8 cards)
=====================  ==============================================================

A *record* is a table with a ``confidence`` key ("seed", "V", "S", "I", "U", "provisional", "owner");
``<key>_confidence`` and ``<key>_check`` give the confidence of, and a note on, one key. A text value
"ask" means that no public source gives it: the program asks the table when it matters.

Owner overrides (``overrides/anachrony.toml``) have the shape of the namespace and are deep-merged
over it (core/overrides.py); every record a change touches becomes ``confidence = "owner"``. The
top-level key ``scoring`` belongs to the scoring helper (score_data.py) and is left to it.
Pure code: no printing, no prompts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core import gamedata
from ..core.datacheck import Check
from ..core.gamedata import DataError, UnknownName, is_meta, short  # noqa: F401  (re-exported)
from ..core.overrides import Overrides, unknown

DATA_DIR = Path(__file__).parent / "data"

MODULES = ("neutronide", "hypersync", "quantum_loops", "intrigues")
HYPERSYNC_TILES = ("construct", "recruit", "research")
HYPERSYNC_SPACES = ("left", "middle", "right")
WORKERS = ("scientist", "engineer", "administrator", "genius")
NEGOTIATE_SPACES = ("top", "middle", "bottom", "world_council")
#: top-level override keys handled elsewhere (the scoring helper's own data)
FOREIGN = ("scoring", "solo")

_FILES = (
    ("rules.toml", None, "rules"),
    ("components.toml", "modules", "modules"),
    ("components.toml", "other_modules", "other_modules"),
    ("components.toml", "quantum_loop_cards", "quantum_loop_cards"),
    ("components.toml", "superprojects", "superprojects"),
    ("components.toml", "endgame_conditions", "endgame_conditions"),
)
_FILE_KEYS = {"components.toml": {"modules", "other_modules", "quantum_loop_cards", "superprojects", "endgame_conditions"}}
_KEYS = tuple(target for _, _, target in _FILES)


@gamedata.cached_default(DATA_DIR, _FILES, _FILE_KEYS)
def _default(ns: dict, check: bool = True) -> "AnachronyData":
    if check:
        _validate(ns)
    return AnachronyData(ns)


_shipped = _default.shipped  # the raw namespace of the shipped files (never mutated; copy before use)


def load(overrides: dict | None = None) -> "AnachronyData":
    """The game data, validated; ``overrides`` (the parsed owner file) deep-merged over it.

    The owner's ``[scoring]`` table is kept aside for the scoring helper (``score_overrides``)."""
    mine = {k: v for k, v in overrides.items() if k not in FOREIGN} if isinstance(overrides, dict) else overrides
    data = gamedata.load_data(mine, _default, _shipped, _merge_overrides, _with_overrides)
    if isinstance(overrides, dict) and any(k in overrides for k in FOREIGN):
        data = AnachronyData(data.raw, {k: overrides[k] for k in FOREIGN if k in overrides})
    return data


#: ``data_of(state)``: the game data for the state's overrides (the last ones used kept)
data_of = gamedata.data_by_overrides(load)


def _merge_overrides(ns: dict, overrides: dict) -> None:
    for raw_key, value in overrides.items():
        key = str(raw_key)
        if key in FOREIGN:
            continue
        if key not in _KEYS:
            raise unknown(key, list(_KEYS) + list(FOREIGN))
        Overrides().merge(ns[key], value, key, None)


def _with_overrides(ns: dict) -> "AnachronyData":
    _validate(ns, "with the owner overrides, the Anachrony data is invalid")
    return AnachronyData(ns)


# ------------------------------------------------------------------------------- validation


def _validate(ns: dict, context: str = "invalid Anachrony data") -> None:
    chk = Check()
    rules = ns["rules"]
    chk.confidences(ns, "", text_keys=("source", "note", "check"))
    for key in ("eras", "setup", "hypersync", "quantum_loops", "intrigues"):
        chk.record(rules.get(key), f"rules.{key}")
    eras = rules.get("eras", {})
    for key in ("count_base", "count_intrigues", "impact_era", "paradox_from_era"):
        chk.typed(eras, key, int, "rules.eras", min=1)
    if isinstance(eras.get("impact_era"), int) and isinstance(eras.get("count_intrigues"), int):
        if not eras["impact_era"] < eras["count_intrigues"] <= eras.get("count_base", 0):
            chk.fail("rules.eras: impact_era < count_intrigues <= count_base is required")
    for n in ("1", "2", "3", "4"):
        p = f"rules.by_players.{n}"
        bp = rules.get("by_players", {}).get(n)
        if chk.record(bp, p):
            for key in ("board_side_hexes", "hypersync_side", "collapsing_per_capital", "evacuation_minus3_spot"):
                chk.typed(bp, key, int, p, min=1)
            water = chk.typed(bp, "start_water_extra", list, p)
            if water is not None and len(water) != max(int(n), 1):
                chk.fail(f"{p}.start_water_extra must have one number per player ({n})")
            spaces = chk.str_list(bp, "negotiate_spaces", p)
            if spaces is not None and not set(spaces) <= set(NEGOTIATE_SPACES):
                chk.fail(f"{p}.negotiate_spaces: valid: {', '.join(NEGOTIATE_SPACES)}")
    hs = rules.get("hypersync", {})
    tiles = chk.str_list(hs, "tiles", "rules.hypersync")
    if tiles is not None and sorted(tiles) != sorted(HYPERSYNC_TILES):
        chk.fail(f"rules.hypersync.tiles must be {', '.join(HYPERSYNC_TILES)}")
    for space in HYPERSYNC_SPACES:
        s = hs.get("spaces", {}).get(space)
        if not isinstance(s, dict) or s.get("recovers") not in HYPERSYNC_TILES:
            chk.fail(f"rules.hypersync.spaces.{space}.recovers must be one of {', '.join(HYPERSYNC_TILES)}")
        elif not set(s.get("workers", [])) <= set(WORKERS) or not s.get("workers"):
            chk.fail(f"rules.hypersync.spaces.{space}.workers must be some of {', '.join(WORKERS)}")
    chk.typed(hs, "genius_on_construct_space", bool, "rules.hypersync")
    intr = rules.get("intrigues", {})
    grid = intr.get("grid", {})
    rows = chk.typed(grid, "rows", int, "rules.intrigues.grid", min=1)
    benefits = chk.str_list(grid, "benefits", "rules.intrigues.grid")
    if rows is not None and benefits is not None and len(benefits) != rows:
        chk.fail(f"rules.intrigues.grid.benefits must have one text per row ({rows}), got {len(benefits)}")
    for key in ("mission_deck_size", "mission_draw", "mission_keep", "benefit_uses_per_era", "cover_water_per_tile"):
        chk.typed(intr, key, int, "rules.intrigues", min=1)
    for space in NEGOTIATE_SPACES:
        if not isinstance(intr.get("negotiate", {}).get("space", {}).get(space), dict):
            chk.fail(f"rules.intrigues.negotiate.space.{space} is missing")
    if sorted(ns["modules"]) != sorted(MODULES):
        chk.fail(f"modules must be {', '.join(MODULES)}")
    for mid, mod in ns["modules"].items():
        if chk.record(mod, f"modules.{mid}"):
            chk.str_list(mod, "aliases", f"modules.{mid}")
    cards = ns["quantum_loop_cards"]
    if len(cards) != 8:
        chk.fail(f"quantum_loop_cards must hold the 8 cards, got {len(cards)}")
    for cid, card in cards.items():
        if chk.record(card, f"quantum_loop_cards.{cid}"):
            chk.typed(card, "start_offer", bool, f"quantum_loop_cards.{cid}")
            chk.typed(card, "payback", str, f"quantum_loop_cards.{cid}")
            chk.str_list(card, "aliases", f"quantum_loop_cards.{cid}")
    if sum(1 for c in cards.values() if isinstance(c, dict) and c.get("start_offer")) < rules.get("quantum_loops", {}).get("offer_size", 3):
        chk.fail("quantum_loop_cards: fewer cards may start in the offer than the offer holds")
    if len(ns["superprojects"].get("base", [])) != rules.get("setup", {}).get("base_superprojects"):
        chk.fail("superprojects.base must list rules.setup.base_superprojects names")
    if len(ns["endgame_conditions"].get("ids", [])) != rules.get("setup", {}).get("endgame_conditions_total"):
        chk.fail("endgame_conditions.ids must list rules.setup.endgame_conditions_total cards")
    if chk.errors:
        raise chk.error(context)


# ----------------------------------------------------------------------------------- access


class AnachronyData:
    def __init__(self, ns: dict, foreign: dict | None = None):
        self.raw = ns
        self.score_overrides = dict(foreign or {})
        self.rules = ns["rules"]
        self.modules = ns["modules"]
        self.cards = ns["quantum_loop_cards"]
        self.base_superprojects = list(ns["superprojects"]["base"])
        self.endgame_conditions = list(ns["endgame_conditions"]["ids"])

    def __repr__(self) -> str:
        return "AnachronyData()"

    def by_players(self, players: int) -> dict:
        return self.rules["by_players"][str(players)]

    def era_count(self, modules: list[str]) -> int:
        e = self.rules["eras"]
        return e["count_intrigues"] if "intrigues" in modules else e["count_base"]

    @property
    def card_ids(self) -> list[str]:
        return sorted(self.cards, key=lambda c: self.cards[c]["number"])

    def hypersync_space_workers(self, space: str) -> list[str]:
        workers = list(self.rules["hypersync"]["spaces"][space]["workers"])
        if space == "right" and self.rules["hypersync"]["genius_on_construct_space"] and "genius" not in workers:
            workers.append("genius")
        return workers


def find_module(data: AnachronyData, text: str) -> str:
    """The module id for an id, an English name or the seed's Portuguese name (any case, accents, dashes)."""
    forms = {mid: list(m.get("aliases", [])) for mid, m in data.modules.items()}
    return gamedata.find_name("module", text, forms, list(MODULES), gamedata.fold_name)


# ------------------------------------------------------------------------------ provisional


def _shown(v: Any) -> str:
    """A value for the listing; lists in parentheses (square brackets would read as console markup)."""
    if isinstance(v, list):
        return "(" + ", ".join(_shown(x) for x in v) + ")"
    return short(v, 40)


def _record_value(rec: dict) -> str:
    parts = [f"{k}={_shown(v)}" for k, v in rec.items() if not is_meta(k) and not isinstance(v, dict)]
    return short(", ".join(parts), 100)


def _records_in(items: list, path: str) -> list:
    return []


def provisional_items(data: AnachronyData) -> list[dict]:
    """Every record or value still marked "provisional" or "U" (owner values are never listed), the
    scoring helper's too (``scoring.*`` keys) when it is installed."""
    items = gamedata.flagged_items(data.raw, _KEYS, _record_value, _records_in)
    try:
        from . import score_data
    except ImportError:  # the scoring helper is optional
        return items
    items += score_data.provisional_items(score_data.load(data.score_overrides or None))
    from .solo import data as solo_data  # the solo opponents' values (``solo.*`` keys)

    return items + solo_data.provisional_items(solo_data.load(data.score_overrides or None))
