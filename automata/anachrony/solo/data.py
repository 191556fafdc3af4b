"""The solo opponents' data: ``data/solo.toml``, owner overrides under ``[solo]`` of
``overrides/anachrony.toml``, validation, the provisional values for ``tabletop data check``.

Pure code: it reads only the shipped file; the caller passes the parsed owner file.
"""

from __future__ import annotations

from pathlib import Path

from ...core import gamedata
from ...core.datacheck import Check
from ...core.gamedata import DataError, short  # noqa: F401  (re-exported)
from ...core.overrides import Overrides

DATA_DIR = Path(__file__).parent.parent / "data"
FILE = "solo.toml"
OVERRIDE_KEY = "solo"
ACTIONS = ("construct_power_plant", "construct_factory", "construct_life_support", "construct_lab", "construct_superproject",
           "recruit", "recruit_genius_or_research", "research", "mine", "time_travel", "remove_anomaly", "reboot",
           "supply_recruit", "water", "slot_1", "slot_2", "slot_3")
SHAPES = ("circle", "triangle", "square")
HS_SPACES = ("left", "middle", "right")


class SoloData:
    def __init__(self, raw: dict):
        self.raw = raw

    def __getitem__(self, table: str) -> dict:
        return self.raw[table]

    def provisional(self, table: str) -> bool:
        return self.raw[table].get("confidence") in gamedata.FLAGGED

    def ai(self, d6: int) -> int:
        return self.raw["dice"]["d6_to_ai"][d6 - 1]

    def paradox(self, d6: int) -> int:
        return self.raw["dice"]["d6_to_paradox"][d6 - 1]

    def shape(self, d3: int) -> str:
        return self.raw["dice"]["shapes"][d3 - 1]


@gamedata.cached_default(DATA_DIR, FILE)
def _default(ns: dict, check: bool = True) -> SoloData:
    if check:
        _validate(ns)
    return SoloData(ns)


_shipped = _default.shipped


def load(overrides: dict | None = None) -> SoloData:
    """The solo data; ``overrides`` is the owner's whole ``anachrony.toml`` (only ``[solo]`` is read)."""
    over = overrides.get(OVERRIDE_KEY) if isinstance(overrides, dict) else overrides
    return gamedata.load_data(over, _default, _shipped, _merge, _finish)


def solo_data_of(state: dict) -> SoloData:
    """The solo opponents' values for the state's overrides."""
    return load(state.get("overrides") or None)


def _merge(ns: dict, over: dict) -> None:
    Overrides().merge(ns, over, OVERRIDE_KEY, None)


def _finish(ns: dict) -> SoloData:
    _validate(ns, "with the owner overrides, the Anachrony solo data is invalid")
    return SoloData(ns)


def _validate(ns: dict, context: str = "invalid Anachrony solo data") -> None:
    chk = Check()
    for table in ("dice", "chronobot", "chronobot_first", "chronossus", "chronossus_layout", "tiles", "hypersync",
                  "hypersync_shape", "hypersync_paradox", "quantum_loops"):
        chk.record(ns.get(table), table)
    chk.confidences(ns, "", text_keys=("source", "note", "check"))
    dice = ns.get("dice", {})
    for key, lo, hi in (("d6_to_ai", 2, 5), ("d6_to_paradox", 0, 2)):
        v = chk.typed(dice, key, list, "dice")
        if v is not None and (len(v) != 6 or not all(isinstance(x, int) and lo <= x <= hi for x in v)):
            chk.fail(f"dice.{key} must be 6 numbers from {lo} to {hi}")
    v = dice.get("d6_to_ai")
    if isinstance(v, list) and len(v) == 6 and any(v[f - 1] != f for f in (2, 3, 4, 5)):
        chk.fail("dice.d6_to_ai must keep 2, 3, 4 and 5 where they are (the table types the number it sees)")
    shapes = chk.str_list(dice, "shapes", "dice")
    if shapes is not None and sorted(shapes) != sorted(SHAPES):
        chk.fail(f"dice.shapes must be {', '.join(SHAPES)} in the order of the shape die")
    cb = ns.get("chronobot", {})
    for key in ("short", "long"):
        path = chk.str_list(cb, key, "chronobot")
        if path is not None and not set(path) <= set(ACTIONS):
            chk.fail(f"chronobot.{key}: valid actions: {', '.join(ACTIONS)}")
    start = cb.get("start", {})
    if sorted(start) != ["2", "3", "4", "5"]:
        chk.fail("chronobot.start must place the tokens 2, 3, 4 and 5")
    for key in ("max_per_spot", "exosuits_before_impact", "exosuits_after_impact", "min_actions", "failed_vp"):
        chk.typed(cb, key, int, "chronobot", min=1)
    cs = ns.get("chronossus", {})
    spots = cs.get("spots", {})
    for tok, route in (cs.get("routes") or {}).items():
        if not route or not set(route) <= set(spots):
            chk.fail(f"chronossus.routes.{tok} must name spots of chronossus.spots")
    if sorted(cs.get("routes") or {}) != ["2", "3", "4", "5"]:
        chk.fail("chronossus.routes must give the routes of the tokens 2, 3, 4 and 5")
    for key in ("pool_energized", "pool_exhausted", "pool_draw", "base_before_impact", "base_after_impact",
                "max_before_impact", "max_after_impact", "failed_vp", "objectives_revealed"):
        chk.typed(cs, key, int, "chronossus", min=0)
    tiles = ns.get("tiles", {})
    for tid, t in tiles.items():
        if isinstance(t, dict) and t.get("effect") not in ("reboot", "score", "energy", "hypersync"):
            chk.fail(f"tiles.{tid}.effect must be reboot, score, energy or hypersync")
    for layout in ("base", "hypersync"):
        lay = ns.get("chronossus_layout", {}).get(layout, {})
        for slot in ("slot_1", "slot_2", "slot_3"):
            if f"{lay.get(slot)}A" not in tiles:
                chk.fail(f"chronossus_layout.{layout}.{slot} must name a tile of [tiles]")
    hs = ns.get("hypersync_shape", {})
    if sorted(hs.get(s) for s in SHAPES if isinstance(hs.get(s), str)) != sorted(HS_SPACES):
        chk.fail(f"hypersync_shape must send circle, triangle and square to {', '.join(HS_SPACES)}, one each")
    chk.typed(ns.get("hypersync_paradox", {}), "counts", bool, "hypersync_paradox")
    if chk.errors:
        raise chk.error(context)


def _record_value(rec: dict) -> str:
    parts = [f"{k}={short(v, 40)}" for k, v in rec.items() if not gamedata.is_meta(k)]
    return short(", ".join(parts), 120)


def provisional_items(data: SoloData) -> list[dict]:
    """Every solo value still "provisional" or "U"; keys are override addresses (``solo.<table>.<key>``)."""
    return gamedata.flagged_items({OVERRIDE_KEY: data.raw}, [OVERRIDE_KEY], _record_value, lambda items, path: [])
