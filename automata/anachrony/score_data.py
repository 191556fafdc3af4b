"""The numbers of Anachrony's end-game tally: ``data/scoring.toml``, owner overrides, validation.

The file is one namespace of tables (``buildings``, ``anomalies``, ``agenda_grid``, ...), each a record
with ``rule`` (the rules-file section a score line cites), ``confidence`` and ``source``. Owners
replace values in ``overrides/anachrony.toml`` under ``[scoring.<table>]`` (the rest of that file
belongs to the game data, automata/anachrony/data.py); a changed record becomes ``owner``.

Pure code: it reads only the shipped file; the CLI reads the owner's file and passes the parsed dict.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core import gamedata
from ..core.datacheck import Check
from ..core.gamedata import NOTE_KEYS, DataError, short, toml_text
from ..core.overrides import Overrides
from ..core.msg import Msg

DATA_DIR = Path(__file__).parent / "data"
FILE = "scoring.toml"
#: the table of ``overrides/anachrony.toml`` that holds the scoring overrides
OVERRIDE_KEY = "scoring"

#: every table of scoring.toml and its number fields (kind: "int", "ints" a list, "bool", "names")
FIELDS: dict[str, dict[str, str]] = {
    "buildings": {},
    "superprojects": {},
    "archive_of_the_eras": {"vp_per_step": "int"},
    "the_ultimate_plan": {"vp_per_superproject": "int"},
    "synthetic_endorphins": {"negative_morale_counts": "bool"},
    "time_travel": {"side_a_vp": "ints"},
    "morale": {"side_a_vp": "ints"},
    "breakthroughs": {"vp_each": "int", "set_vp": "int", "shapes": "names"},
    "vp_tokens": {},
    "evacuation": {"cap_vp": "int"},
    "unpaid_warps": {"vp_each": "int"},
    "anomalies": {"vp_each": "int"},
    "lab_406": {"anomaly_bonus_vp": "int"},
    "endgame_conditions": {"vp_each": "int", "in_play": "int", "total": "int"},
    "hypersync": {"vp_each": "int", "tiles": "int"},
    "quantum_warp": {"vp": "int"},
    "agenda_grid": {"rows": "int", "known_values": "ints"},
    "agenda_reserve": {"vp_per_match": "int"},
    "missions": {"vp_each": "int"},
    "cosmic_data_leak": {"vp_each": "int", "conditions_per_take": "int"},
    "tiebreak": {"order": "names"},
    "tiebreak_future_imperfect": {"order": "names"},
    "solo": {"tie_is_loss": "bool"},
    "solo_objectives": {},
    "chronobot": {"time_travel_vp": "ints", "breakthrough_vp": "int", "set_vp": "int", "anomaly_vp": "int"},
    "chronossus": {"time_travel_vp": "ints", "breakthrough_vp": "int", "set_vp": "int", "anomaly_vp": "int",
                   "energy_core_vp": "int", "solo_hypersync_vp": "int"},
    "modules": {"neutronide": "names", "hypersync": "names", "quantum_loops": "names", "intrigues": "names"},
}
TIEBREAK_KEYS = ("water", "resources")
_TEXT = (*NOTE_KEYS, "rule")


class ScoreData:
    """The validated scoring numbers; ``raw`` is the namespace (read-only when shared)."""

    def __init__(self, raw: dict):
        self.raw = raw

    def __getitem__(self, table: str) -> dict:
        return self.raw[table]

    def value(self, table: str, key: str) -> Any:
        return self.raw[table][key]

    def confidence(self, table: str, key: str | None = None) -> str:
        """The confidence of ``table`` (or of one of its keys, when that key has its own)."""
        rec = self.raw[table]
        if key is not None and f"{key}_confidence" in rec:
            return rec[f"{key}_confidence"]
        return rec["confidence"]

    def provisional(self, table: str, key: str | None = None) -> bool:
        return self.confidence(table, key) in gamedata.FLAGGED

    def rule(self, table: str) -> str:
        return self.raw[table]["rule"]


@gamedata.cached_default(DATA_DIR, FILE)
def _default(ns: dict, check: bool = True) -> ScoreData:
    if check:
        _validate(ns)
    return ScoreData(ns)


_shipped = _default.shipped


def load(overrides: dict | None = None) -> ScoreData:
    """The scoring numbers; ``overrides`` is the owner's whole ``anachrony.toml`` (only ``[scoring]`` is read)."""
    over = (overrides or {}).get(OVERRIDE_KEY) if isinstance(overrides, dict) else overrides
    return gamedata.load_data(over, _default, _shipped, _merge, _finish)


def _merge(ns: dict, over: dict) -> None:
    Overrides().merge(ns, over, OVERRIDE_KEY, None)


def _finish(ns: dict) -> ScoreData:
    _validate(ns, "with the owner overrides, the Anachrony scoring data is invalid")
    return ScoreData(ns)


def _validate(ns: dict, context: str = "invalid Anachrony scoring data") -> None:
    chk = Check()
    missing = [k for k in FIELDS if k not in ns]
    extra = [k for k in ns if k not in FIELDS]
    if missing or extra:
        raise DataError(f"{context}: tables missing {missing}, unknown {extra}; valid: {', '.join(FIELDS)}",
                        Msg("core.data.invalid", {"context": gamedata.context_msg(context).to_data(), "problems": Msg(
                            "core.data.tables", {"missing": str(missing), "unknown": str(extra), "valid": ", ".join(FIELDS)}).to_data()}))
    for table, fields in FIELDS.items():
        rec = ns[table]
        if not chk.record(rec, table):
            continue
        chk.typed(rec, "rule", str, table)
        for key, kind in fields.items():
            if kind == "int":
                chk.typed(rec, key, int, table)
            elif kind == "bool":
                chk.typed(rec, key, bool, table)
            else:
                v = chk.typed(rec, key, list, table)
                want = int if kind == "ints" else str
                if v is not None and (not v or not all(isinstance(x, want) and not isinstance(x, bool) for x in v)):
                    chk.fail(f"{table}.{key} must be a non-empty list of {'whole numbers' if want is int else 'names'}, got {toml_text(v)}")
    _check_values(ns, chk)
    chk.confidences(ns, "", text_keys=_TEXT)
    if chk.errors:
        raise chk.error(context)


def _check_values(ns: dict, chk: Check) -> None:
    """The few values whose range the tally depends on."""
    for table in ("tiebreak", "tiebreak_future_imperfect"):
        order = ns[table].get("order")
        if isinstance(order, list) and (not set(order) <= set(TIEBREAK_KEYS) or len(set(order)) != len(order)):
            chk.fail(f"{table}.order must list {', '.join(TIEBREAK_KEYS)} at most once each, got {toml_text(order)}")
    shapes = ns["breakthroughs"].get("shapes")
    if isinstance(shapes, list) and len(set(shapes)) != len(shapes):
        chk.fail(f"breakthroughs.shapes must be different names, got {toml_text(shapes)}")
    for table, key, lo in (("agenda_grid", "rows", 1), ("endgame_conditions", "in_play", 0), ("hypersync", "tiles", 0),
                           ("evacuation", "cap_vp", 0)):
        v = ns[table].get(key)
        if isinstance(v, int) and not isinstance(v, bool) and v < lo:
            chk.fail(f"{table}.{key} must be at least {lo}, got {v}")


def _record_value(rec: dict) -> str:
    parts = [f"{k}={short(v, 40)}" for k, v in rec.items() if not gamedata.is_meta(k) and k != "rule"]
    return short(", ".join(parts), 120)


def provisional_items(data: ScoreData) -> list[dict]:
    """Every scoring value still "provisional" or "U"; keys are override addresses (``scoring.<table>.<key>``)."""
    return gamedata.flagged_items({OVERRIDE_KEY: data.raw}, [OVERRIDE_KEY], _record_value, lambda items, path: [])
