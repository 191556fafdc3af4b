"""Game data of Chaos in the Old World: the shipped TOML files, owner overrides, validation, look-ups.

The six files in ``data/`` are read into one namespace:

=============  ==========================================
key            from
=============  ==========================================
``regions``    ``board.toml`` ``[regions.<id>]``
``ruination``  ``ruination.toml`` (the whole file)
``powers``     ``powers.toml`` ``[powers.<id>]``
``cards``      ``chaos_cards.toml`` ``[[cards.<power>]]``
``old_world``  ``old_world.toml`` ``[[cards]]``
``setup``      ``rules.toml`` ``[setup]``
``rules``      ``rules.toml`` ``[rules.*]``
=============  ==========================================

A *record* is a table with a ``confidence`` key ("seed", "V", "S", "I", "U", "provisional",
"owner"); a Threat dial keeps one confidence per position in a list. ``<key>_confidence`` and
``<key>_check`` give the confidence of, and a note on, one key of a record.

Owner overrides have the shape of the namespace and are deep-merged over it. Lists of records
(Chaos cards, Old World cards, upgrades) are addressed by the record's ``id`` (``key`` for
upgrades); a list of values is replaced whole, or element by element with a table of
indices (``rewards = {"2" = "vp:3"}``). Every record an override touches gets
``confidence = "owner"`` (for a dial: the positions touched). Pure code: no printing, no
prompts; the CLI reads the owner's file and passes the parsed dict.
"""

from __future__ import annotations

import copy
import functools
import re
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

from ..core.datafiles import read_toml

DATA_DIR = Path(__file__).parent / "data"

CONFIDENCES = ("seed", "V", "S", "I", "U", "provisional", "owner")
FLAGGED = ("provisional", "U")

#: (file, key in the file or None for the whole file, namespace key)
_FILES = (
    ("board.toml", "regions", "regions"),
    ("ruination.toml", None, "ruination"),
    ("powers.toml", "powers", "powers"),
    ("chaos_cards.toml", "cards", "cards"),
    ("old_world.toml", "cards", "old_world"),
    ("rules.toml", "setup", "setup"),
    ("rules.toml", "rules", "rules"),
)
_FILE_KEYS = {"board.toml": {"regions"}, "powers.toml": {"powers"}, "chaos_cards.toml": {"cards"},
              "old_world.toml": {"cards"}, "rules.toml": {"setup", "rules"}}

REWARD_RE = re.compile(
    r"^(start|upgrade|ask|(vp|draw|place_warpstone|place_noble|remove_corruption|remove_old_world_tokens):[1-9][0-9]*)$"
)
TZEENTCH_DRAW = "discard_one_then_fill_to_5"
FOLLOWER_ROLES = ("cultist", "warrior", "daemon")
CARD_FLAGS = ("magic", "board_effect", "domination_effect", "battle_effect", "no_corruption", "corruption_effect")
YES_NO_ASK = ("yes", "no", "ask")
_NOTE_KEYS = ("note", "check", "source")
# keys whose shipped values differ in type between records (Khorne draws 2, Tzeentch fills to 5)
_POLYMORPHIC = {"draw"}


class DataError(ValueError):
    """The shipped data or an owner override is not valid; the message names the key."""


class UnknownName(LookupError):
    """A region, Power or card name that matches nothing; carries the valid ids and close matches."""

    def __init__(self, kind: str, text: str, valid: list[str], close: list[str]):
        self.kind = kind
        self.text = text
        self.valid = list(valid)
        self.close = list(close)
        msg = f"unknown {kind} '{text}'; valid: {', '.join(self.valid)}"
        if self.close:
            msg += f"; closest: {', '.join(self.close)}"
        super().__init__(msg)


# ----------------------------------------------------------------------------------- reading


def _read_file(name: str) -> dict:
    path = DATA_DIR / name
    try:
        return read_toml(path)
    except FileNotFoundError:
        raise DataError(f"data file missing: {path}") from None
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"data file {path} is not valid TOML: {e}") from None


@functools.lru_cache(maxsize=1)
def _shipped() -> dict:
    """The raw namespace of the shipped files (never mutated; copy before use)."""
    files: dict[str, dict] = {}
    ns: dict[str, Any] = {}
    for name, key, target in _FILES:
        doc = files.get(name)
        if doc is None:
            doc = files[name] = _read_file(name)
            expected = _FILE_KEYS.get(name)
            if expected is not None and set(doc) != expected:
                raise DataError(f"{name}: top-level keys must be {sorted(expected)}, found {sorted(doc)}")
        if key is None:
            ns[target] = doc
        elif key not in doc:
            raise DataError(f"{name}: missing [{key}]")
        else:
            ns[target] = doc[key]
    return ns


@functools.lru_cache(maxsize=1)
def _default() -> "ChaosData":
    ns = copy.deepcopy(_shipped())
    _validate(ns)
    return ChaosData(ns)


def load(overrides: dict | None = None) -> "ChaosData":
    """The game data, validated; ``overrides`` (parsed owner file) deep-merged over the shipped files.

    Without overrides the result is cached and shared: treat it as read-only.
    """
    if not overrides:
        return _default()
    if not isinstance(overrides, dict):
        raise DataError(f"overrides must be a table (dict), not {type(overrides).__name__}")
    _default()  # validates the shipped data first, so a shipped error is not blamed on the owner
    ns = copy.deepcopy(_shipped())
    _merge(ns, overrides, "", None)
    _validate(ns, "with the owner overrides, the Chaos in the Old World data is invalid")
    return ChaosData(ns)


# ----------------------------------------------------------------------------------- merging


def _is_record(node: Any) -> bool:
    return isinstance(node, dict) and "confidence" in node


def _record_id_key(items: list) -> str | None:
    """"id" or "key" when ``items`` is a non-empty list of records addressed by that field."""
    if not items or not all(isinstance(x, dict) for x in items):
        return None
    for field in ("id", "key"):
        if all(field in x for x in items):
            return field
    return None


def _is_meta(key: str) -> bool:
    return key == "confidence" or key.endswith("_confidence") or key.endswith("_check") or key in _NOTE_KEYS


def _data_keys(node: dict) -> list[str]:
    return [k for k in node if not _is_meta(k)]


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _unknown(path: str, valid: list[str], what: str = "key") -> DataError:
    leaf = path.rsplit(".", 1)[-1]
    import difflib

    close = difflib.get_close_matches(leaf, valid, n=3, cutoff=0.6)
    msg = f"overrides: unknown {what} '{path}'; valid keys: {', '.join(valid)}"
    if close:
        msg += f"; closest: {', '.join(close)}"
    return DataError(msg)


def _type_name(v: Any) -> str:
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text", list: "a list",
            dict: "a table"}.get(type(v), type(v).__name__)


def _check_type(old: Any, new: Any, path: str, key: str) -> None:
    if key in _POLYMORPHIC and isinstance(new, (int, str)) and not isinstance(new, bool):
        return
    if type(old) is not type(new):
        raise DataError(f"overrides: {path} must be {_type_name(old)}, got {new!r}")
    if isinstance(old, list) and old:
        kinds = {type(x) for x in old}
        if len(kinds) == 1:
            want = kinds.pop()
            for i, x in enumerate(new):
                if type(x) is not want:
                    raise DataError(f"overrides: {path}[{i}] must be {_type_name(old[0])}, got {x!r}")


def _mark(rec: dict | None, key: str | None, index: int | None = None) -> None:
    """Mark ``rec`` (the innermost record around the change) as the owner's."""
    if rec is None:
        return
    conf = rec.get("confidence")
    if isinstance(conf, list):
        if key is not None and isinstance(rec.get(key), list):
            if index is None:
                rec["confidence"] = ["owner"] * len(rec[key])
            elif index < len(conf):
                conf[index] = "owner"
    else:
        rec["confidence"] = "owner"
    if key is not None and f"{key}_confidence" in rec:
        rec[f"{key}_confidence"] = "owner"


def _merge(base: dict, over: Any, path: str, record: dict | None) -> None:
    if not isinstance(over, dict):
        raise DataError(f"overrides: {path or 'the file'} must be a table, got {over!r}")
    rec = base if _is_record(base) else record
    for raw_key, value in over.items():
        key = str(raw_key)
        kpath = _join(path, key)
        if key == "confidence" or key.endswith("_confidence"):
            continue  # owner values are "owner" by definition
        if key not in base:
            if rec is base and (key in _NOTE_KEYS or key.endswith("_check")) and isinstance(value, str):
                base[key] = value
                continue
            data_keys = _data_keys(base)
            if key.isdigit() and data_keys and all(k.isdigit() for k in data_keys):
                # a table keyed by numbers (e.g. Old World deck size per player count) is open
                if type(value) is not int:
                    raise DataError(f"overrides: {kpath} must be a whole number, got {value!r}")
                base[key] = value
                _mark(rec, key)
                continue
            raise _unknown(kpath, data_keys)
        current = base[key]
        if isinstance(current, dict):
            _merge(current, value, kpath, rec)
        elif isinstance(current, list) and _record_id_key(current):
            _merge_records(current, value, kpath)
        elif isinstance(current, list):
            if isinstance(value, dict):
                for raw_i, item in value.items():
                    try:
                        i = int(raw_i)
                    except (TypeError, ValueError):
                        raise DataError(f"overrides: {kpath} takes a list or a table of positions 0..{len(current) - 1}, got key {raw_i!r}") from None
                    if not 0 <= i < len(current):
                        raise DataError(f"overrides: {kpath}[{i}] is out of range; valid positions: 0..{len(current) - 1}")
                    _check_type(current[i], item, f"{kpath}[{i}]", key)
                    current[i] = item
                    _mark(rec, key, i)
            elif isinstance(value, list):
                _check_type(current, value, kpath, key)
                base[key] = value
                _mark(rec, key)
            else:
                raise DataError(f"overrides: {kpath} must be a list, got {value!r}")
        else:
            _check_type(current, value, kpath, key)
            base[key] = value
            if not _is_meta(key):
                _mark(rec, key)


def _merge_records(items: list[dict], over: Any, path: str) -> None:
    field = _record_id_key(items)
    by_id = {x[field]: x for x in items}
    if isinstance(over, list):
        table = {}
        for i, entry in enumerate(over):
            if not isinstance(entry, dict) or field not in entry:
                raise DataError(f"overrides: {path}[{i}] must be a table with '{field}'")
            table[entry[field]] = {k: v for k, v in entry.items() if k != field}
        over = table
    if not isinstance(over, dict):
        raise DataError(f"overrides: {path} must be a table keyed by {field}, got {over!r}")
    for rid, sub in over.items():
        if rid not in by_id:
            raise _unknown(_join(path, rid), list(by_id), field)
        _merge(by_id[rid], sub, _join(path, rid), None)


# -------------------------------------------------------------------------------- validation


class _Check:
    def __init__(self) -> None:
        self.errors: list[str] = []

    def fail(self, msg: str) -> None:
        self.errors.append(msg)

    def typed(self, node: dict, key: str, kind: type | tuple, path: str, *, min: int | None = None) -> Any:
        if not isinstance(node, dict) or key not in node:
            self.fail(f"{_join(path, key)} is missing")
            return None
        v = node[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = isinstance(v, kinds) and not (isinstance(v, bool) and bool not in kinds)
        if not ok:
            self.fail(f"{_join(path, key)} must be {'/'.join(_type_name(k()) for k in kinds)}, got {v!r}")
            return None
        if min is not None and isinstance(v, int) and v < min:
            self.fail(f"{_join(path, key)} must be at least {min}, got {v}")
        return v

    def int_list(self, node: dict, key: str, path: str, length: int | None = None) -> list[int] | None:
        v = self.typed(node, key, list, path)
        if v is None:
            return None
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            self.fail(f"{_join(path, key)} must be a list of whole numbers, got {v!r}")
            return None
        if length is not None and len(v) != length:
            self.fail(f"{_join(path, key)} must have {length} values, got {len(v)}")
        return v

    def str_list(self, node: dict, key: str, path: str) -> list[str] | None:
        v = self.typed(node, key, list, path)
        if v is not None and not all(isinstance(x, str) for x in v):
            self.fail(f"{_join(path, key)} must be a list of text, got {v!r}")
            return None
        return v

    def record(self, node: Any, path: str, *, list_conf: bool = False) -> bool:
        if not isinstance(node, dict):
            self.fail(f"{path} must be a table")
            return False
        if "confidence" not in node:
            self.fail(f"{path}.confidence is missing")
        if not list_conf:
            self.typed(node, "source", str, path)
        return True


def _check_confidences(node: Any, path: str, chk: _Check) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            p = _join(path, k)
            if k == "confidence" or k.endswith("_confidence"):
                values = v if isinstance(v, list) else [v]
                for x in values:
                    if x not in CONFIDENCES:
                        chk.fail(f"{p} has {x!r}; valid: {', '.join(CONFIDENCES)}")
                if isinstance(v, list) and k != "confidence":
                    chk.fail(f"{p} must be text")
            elif k.endswith("_check") and not isinstance(v, str):
                chk.fail(f"{p} must be text")
            else:
                _check_confidences(v, p, chk)
    elif isinstance(node, list):
        for i, x in enumerate(node):
            _check_confidences(x, f"{path}[{i}]", chk)


def _validate(ns: dict, context: str = "invalid Chaos in the Old World data") -> None:
    chk = _Check()
    for key in ("regions", "ruination", "powers", "cards", "old_world", "setup", "rules"):
        if key not in ns:
            chk.fail(f"'{key}' is missing")
    if chk.errors:
        raise DataError("; ".join(chk.errors))
    region_ids = _validate_regions(ns["regions"], chk)
    _validate_ruination(ns["ruination"], region_ids, chk)
    power_ids = _validate_powers(ns["powers"], chk)
    _validate_cards(ns["cards"], ns["powers"], power_ids, chk)
    _validate_old_world(ns["old_world"], chk)
    _validate_setup(ns["setup"], ns, chk)
    _validate_rules(ns["rules"], chk)
    _check_confidences(ns, "", chk)
    if chk.errors:
        raise DataError(f"{context}: " + "; ".join(chk.errors))


def _validate_regions(regions: Any, chk: _Check) -> list[str]:
    if not isinstance(regions, dict) or len(regions) != 9:
        chk.fail(f"regions: 9 regions expected, got {len(regions) if isinstance(regions, dict) else regions!r}")
        return list(regions) if isinstance(regions, dict) else []
    orders = []
    for rid, r in regions.items():
        p = f"regions.{rid}"
        if not chk.record(r, p):
            continue
        orders.append(chk.typed(r, "order", int, p))
        chk.typed(r, "name", str, p)
        names = chk.str_list(r, "names", p)
        if names is not None and not names:
            chk.fail(f"{p}.names must not be empty")
        chk.typed(r, "resistance", int, p, min=0)
        chk.typed(r, "conquest", int, p, min=0)
        chk.typed(r, "populous", bool, p)
        chk.typed(r, "card_spaces", int, p, min=1)
        adj = chk.str_list(r, "adjacent", p)
        for other in adj or []:
            if other not in regions:
                chk.fail(f"{p}.adjacent names unknown region '{other}'; valid: {', '.join(regions)}")
            elif other == rid:
                chk.fail(f"{p}.adjacent lists the region itself")
            elif rid not in (regions[other].get("adjacent") or []):
                chk.fail(f"adjacency not symmetric: {rid} lists {other} but {other} does not list {rid}")
    if sorted(o for o in orders if isinstance(o, int)) != list(range(1, 10)):
        chk.fail(f"regions: order must be 1..9, each once; got {orders}")
    return list(regions)


def _validate_ruination(ru: Any, region_ids: list[str], chk: _Check) -> None:
    if not chk.record(ru, "ruination"):
        return
    chk.int_list(ru, "ruiner_vp", "ruination", 5)
    places = chk.typed(ru, "places", dict, "ruination")
    if places is None:
        return
    missing = [r for r in region_ids if r not in places]
    extra = [r for r in places if r not in region_ids]
    if missing:
        chk.fail(f"ruination.places: missing region(s) {', '.join(missing)}")
    if extra:
        chk.fail(f"ruination.places: unknown region(s) {', '.join(extra)}; valid: {', '.join(region_ids)}")
    for rid, row in places.items():
        p = f"ruination.places.{rid}"
        if chk.record(row, p):
            chk.int_list(row, "first", p, 5)
            chk.int_list(row, "second", p, 5)


def _validate_powers(powers: Any, chk: _Check) -> list[str]:
    if not isinstance(powers, dict) or not powers:
        chk.fail("powers: a table of Powers is expected")
        return []
    orders = []
    for pid, pw in powers.items():
        p = f"powers.{pid}"
        if not chk.record(pw, p):
            continue
        orders.append(chk.typed(pw, "order", int, p))
        chk.typed(pw, "name", str, p)
        chk.str_list(pw, "names", p)
        chk.typed(pw, "starting_pp", int, p, min=0)
        chk.typed(pw, "deck_size", int, p, min=1)
        chk.typed(pw, "dac_condition", str, p)
        draw = chk.typed(pw, "draw", (int, str), p)
        if isinstance(draw, str):
            if draw != TZEENTCH_DRAW:
                chk.fail(f"{p}.draw must be a whole number or '{TZEENTCH_DRAW}', got {draw!r}")
            chk.typed(pw, "hand_target", int, p, min=1)
        elif isinstance(draw, int) and draw < 0:
            chk.fail(f"{p}.draw must be at least 0")
        fol = chk.typed(pw, "followers", dict, p)
        if fol is not None:
            for role in FOLLOWER_ROLES:
                fp = f"{p}.followers.{role}"
                if role not in fol:
                    chk.fail(f"{fp} is missing")
                    continue
                if chk.record(fol[role], fp):
                    chk.typed(fol[role], "name", str, fp)
                    for k in ("count", "cost", "attack", "defense"):
                        chk.typed(fol[role], k, int, fp, min=0)
            extra = [k for k in fol if k not in FOLLOWER_ROLES]
            if extra:
                chk.fail(f"{p}.followers: unknown role(s) {', '.join(extra)}; valid: {', '.join(FOLLOWER_ROLES)}")
        _validate_dial(pw.get("dial"), f"{p}.dial", chk)
        ups = chk.typed(pw, "upgrades", list, p)
        seen = set()
        for i, u in enumerate(ups or []):
            up = f"{p}.upgrades[{i}]"
            if not chk.record(u, up):
                continue
            key = chk.typed(u, "key", str, up)
            if key in seen:
                chk.fail(f"{p}.upgrades: key '{key}' appears twice")
            seen.add(key)
            chk.typed(u, "name", str, up)
            chk.typed(u, "pp_bonus", int, up, min=0)
            chk.typed(u, "effect", str, up)
    if sorted(o for o in orders if isinstance(o, int)) != list(range(1, len(powers) + 1)):
        chk.fail(f"powers: order must be 1..{len(powers)}, each once; got {orders}")
    return list(powers)


def _validate_dial(dial: Any, p: str, chk: _Check) -> None:
    if not chk.record(dial, p, list_conf=True):
        return
    threats = chk.int_list(dial, "threats", p)
    rewards = chk.str_list(dial, "rewards", p)
    ticks = chk.typed(dial, "ticks_to_win", int, p, min=1)
    conf = dial.get("confidence")
    if not isinstance(conf, list):
        chk.fail(f"{p}.confidence must be a list, one per position")
    if threats is None or rewards is None:
        return
    if not threats:
        chk.fail(f"{p}.threats must not be empty")
        return
    if len(rewards) != len(threats):
        chk.fail(f"{p}: {len(threats)} threats but {len(rewards)} rewards")
    if isinstance(conf, list) and len(conf) != len(threats):
        chk.fail(f"{p}: {len(threats)} threats but {len(conf)} confidence values")
    if ticks is not None and ticks != len(threats):
        chk.fail(f"{p}.ticks_to_win is {ticks} but there are {len(threats)} positions before Victory")
    for i, r in enumerate(rewards):
        if not REWARD_RE.match(r):
            chk.fail(f"{p}.rewards[{i}] = {r!r} is not a reward; valid: start, vp:N, upgrade, draw:N, "
                     "place_warpstone:N, place_noble:N, remove_corruption:N, remove_old_world_tokens:N, ask")
        elif (r == "start") != (i == 0):
            chk.fail(f"{p}.rewards[{i}]: 'start' belongs at position 0 and only there")


def _validate_cards(cards: Any, powers: dict, power_ids: list[str], chk: _Check) -> None:
    if not isinstance(cards, dict):
        chk.fail("cards: a table of decks by Power is expected")
        return
    for pid in power_ids:
        if pid not in cards:
            chk.fail(f"cards.{pid}: deck missing")
    for pid, deck in cards.items():
        p = f"cards.{pid}"
        if pid not in power_ids:
            chk.fail(f"{p}: unknown Power; valid: {', '.join(power_ids)}")
            continue
        if not isinstance(deck, list) or not deck:
            chk.fail(f"{p} must be a list of cards")
            continue
        ids = set()
        total = 0
        for i, c in enumerate(deck):
            cp = f"{p}[{i}]"
            if not chk.record(c, cp):
                continue
            cid = chk.typed(c, "id", str, cp)
            if cid in ids:
                chk.fail(f"{p}: card id '{cid}' appears twice")
            ids.add(cid)
            chk.typed(c, "name", str, cp)
            chk.typed(c, "cost", int, cp, min=0)
            copies = chk.typed(c, "copies", int, cp, min=0)
            total += copies if isinstance(copies, int) else 0
            chk.typed(c, "early_dice", int, cp, min=0)
            chk.typed(c, "resistance_mod", int, cp)
            for flag in CARD_FLAGS:
                chk.typed(c, flag, bool, cp)
            chk.typed(c, "summary", str, cp)
        size = powers.get(pid, {}).get("deck_size")
        if isinstance(size, int) and total != size:
            chk.fail(f"{p}: copies add up to {total}, but powers.{pid}.deck_size is {size}")


def _validate_old_world(cards: Any, chk: _Check) -> None:
    if not isinstance(cards, list) or not cards:
        chk.fail("old_world must be a list of cards")
        return
    ids = set()
    for i, c in enumerate(cards):
        cp = f"old_world[{i}]"
        if not chk.record(c, cp):
            continue
        cid = chk.typed(c, "id", str, cp)
        if cid in ids:
            chk.fail(f"old_world: card id '{cid}' appears twice")
        ids.add(cid)
        chk.typed(c, "name", str, cp)
        chk.typed(c, "copies", int, cp, min=0)
        chk.typed(c, "to_track", bool, cp)
        chk.typed(c, "places_event_tokens", bool, cp)
        chk.typed(c, "summary", str, cp)
        for k in ("end_phase_effect", "ongoing_effect", "comet"):
            if k in c and c[k] not in YES_NO_ASK:
                chk.fail(f"{cp}.{k} must be one of {', '.join(YES_NO_ASK)}, got {c[k]!r}")
        if "end_phase_effect" not in c:
            chk.fail(f"{cp}.end_phase_effect is missing")


def _validate_setup(setup: Any, ns: dict, chk: _Check) -> None:
    if not chk.record(setup, "setup"):
        return
    chk.typed(setup, "starting_hand", int, "setup", min=0)
    n = chk.typed(setup, "ruination_cards", int, "setup", min=0)
    chk.typed(setup, "corruption_to_ruin", int, "setup", min=1)
    vp = ns["ruination"].get("ruiner_vp") if isinstance(ns["ruination"], dict) else None
    if isinstance(n, int) and isinstance(vp, list) and n != len(vp):
        chk.fail(f"setup.ruination_cards is {n} but ruination.ruiner_vp has {len(vp)} cards")
    tokens = chk.typed(setup, "starting_tokens", dict, "setup")
    if tokens is not None:
        for k, v in tokens.items():
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                chk.fail(f"setup.starting_tokens.{k} must be a whole number ≥ 0, got {v!r}")
        total = sum(v for v in tokens.values() if isinstance(v, int))
        if isinstance(ns["regions"], dict) and total != len(ns["regions"]):
            chk.fail(f"setup.starting_tokens add up to {total}; one per region needs {len(ns['regions'])}")
    deck = chk.typed(setup, "old_world_deck", dict, "setup")
    if deck is not None:
        for k in _data_keys(deck):
            if not k.isdigit():
                chk.fail(f"setup.old_world_deck keys are player counts; got '{k}'")
            elif not isinstance(deck[k], int) or isinstance(deck[k], bool) or deck[k] < 1:
                chk.fail(f"setup.old_world_deck.{k} must be a whole number ≥ 1, got {deck[k]!r}")


def _validate_rules(rules: Any, chk: _Check) -> None:
    if not isinstance(rules, dict):
        chk.fail("rules must be a table")
        return
    for name, table in rules.items():
        chk.record(table, f"rules.{name}")
    v = rules.get("victory", {})
    chk.typed(v, "vp_threshold", int, "rules.victory", min=1)
    chk.typed(v, "end_on_fifth_ruination", bool, "rules.victory")
    prec = chk.str_list(v, "precedence", "rules.victory")
    if prec is not None and (sorted(prec) != ["dial", "vp"]):
        chk.fail(f"rules.victory.precedence must order 'dial' and 'vp', got {prec!r}")
    chk.str_list(v, "tiebreak", "rules.victory")
    d = rules.get("dial_advance", {})
    chk.typed(d, "per_power_with_counter", int, "rules.dial_advance", min=0)
    chk.typed(d, "bonus_for_most", int, "rules.dial_advance", min=0)
    tie = chk.typed(d, "most_tie", str, "rules.dial_advance")
    if tie is not None and tie not in ("all_tied", "none"):
        chk.fail(f"rules.dial_advance.most_tie must be 'all_tied' or 'none', got {tie!r}")
    r = rules.get("ruination", {})
    window = chk.typed(r, "ruiner_window", str, "rules.ruination")
    if window is not None and window not in ("step", "round"):
        chk.fail(f"rules.ruination.ruiner_window must be 'step' or 'round', got {window!r}")
    chk.typed(r, "min_tokens_to_rank", int, "rules.ruination", min=0)
    chk.typed(r, "warpstone_removed_with_corruption", bool, "rules.ruination")
    rr = rules.get("ruined_regions", {})
    for k in ("no_chaos_cards", "no_old_world_tokens", "no_domination", "no_corruption_placement"):
        chk.typed(rr, k, bool, "rules.ruined_regions")
    chk.typed(rules.get("threat", {}), "tie", str, "rules.threat")
    chk.typed(rules.get("corruption", {}), "supply_per_power", int, "rules.corruption", min=0)


# ------------------------------------------------------------------------------------ access


class ChaosData:
    """Validated game data. Dicts are shared with the loader's cache: treat them as read-only."""

    def __init__(self, ns: dict):
        self.raw = ns
        for rid, rec in ns["regions"].items():
            rec["id"] = rid
        for pid, rec in ns["powers"].items():
            rec["id"] = pid
        self.regions: list[dict] = sorted(ns["regions"].values(), key=lambda r: r["order"])
        self.region_ids: list[str] = [r["id"] for r in self.regions]
        self.powers: list[dict] = sorted(ns["powers"].values(), key=lambda p: p["order"])
        self.power_ids: list[str] = [p["id"] for p in self.powers]
        self.ruination: dict = ns["ruination"]
        self.old_world_cards: list[dict] = ns["old_world"]
        self.setup: dict = ns["setup"]
        #: the whole of rules.toml: ``rules["setup"]`` (= ``setup``) and ``rules["rules"]`` (the switches)
        self.rules: dict = {"setup": ns["setup"], "rules": ns["rules"]}

    def __repr__(self) -> str:
        return f"ChaosData(regions={len(self.regions)}, powers={self.power_ids})"

    # regions ------------------------------------------------------------------------------
    def region(self, id: str) -> dict:
        rec = self.raw["regions"].get(id)
        if rec is None:
            raise _unknown_name("region", id, self.region_ids)
        return rec

    # powers --------------------------------------------------------------------------------
    def power(self, id: str) -> dict:
        rec = self.raw["powers"].get(id)
        if rec is None:
            raise _unknown_name("Power", id, self.power_ids)
        return rec

    # ruination -----------------------------------------------------------------------------
    def ruiner_vp(self, card_no: int) -> int:
        """VP in the header of Ruination card ``card_no`` (1..5), paid to every ruiner."""
        vp = self.ruination["ruiner_vp"]
        _card_range(card_no, len(vp))
        return vp[card_no - 1]

    def ruination_vp(self, region_id: str, card_no: int) -> tuple[int, int]:
        """(1st place, 2nd place) VP when ``region_id`` is ruined by card ``card_no`` (1..5)."""
        self.region(region_id)
        row = self.ruination["places"][region_id]
        _card_range(card_no, len(row["first"]))
        return row["first"][card_no - 1], row["second"][card_no - 1]

    # cards ---------------------------------------------------------------------------------
    def chaos_cards(self, power_id: str) -> list[dict]:
        self.power(power_id)
        return self.raw["cards"][power_id]

    def chaos_card(self, power_id: str, card_id: str) -> dict:
        for card in self.chaos_cards(power_id):
            if card["id"] == card_id:
                return card
        raise _unknown_name(f"{power_id} Chaos card", card_id, [c["id"] for c in self.chaos_cards(power_id)])

    def old_world_card(self, id: str) -> dict:
        for card in self.old_world_cards:
            if card["id"] == id:
                return card
        raise _unknown_name("Old World card", id, [c["id"] for c in self.old_world_cards])

    # dials ---------------------------------------------------------------------------------
    def ticks_to_win(self, power_id: str) -> int:
        return self.power(power_id)["dial"]["ticks_to_win"]

    def threat(self, power_id: str, position: int) -> int:
        """The Threat number at dial ``position`` (0 = Start).

        Victory (position ``ticks_to_win``) prints no number; from there on the last number is
        returned, so a Power at Victory still sorts as the most threatening.
        """
        threats = self.power(power_id)["dial"]["threats"]
        if position < 0:
            raise ValueError(f"dial position must be 0 or more, got {position}")
        return threats[min(position, len(threats) - 1)]

    def dial_reward(self, power_id: str, position: int) -> str:
        """The instruction at dial ``position``: "start" at 0, a reward, "ask", or "victory"."""
        rewards = self.power(power_id)["dial"]["rewards"]
        if position < 0:
            raise ValueError(f"dial position must be 0 or more, got {position}")
        if position >= len(rewards):
            return "victory"
        return rewards[position]


def _card_range(card_no: int, n: int) -> None:
    if isinstance(card_no, bool) or not isinstance(card_no, int) or not 1 <= card_no <= n:
        raise ValueError(f"Ruination card number must be 1..{n}, got {card_no!r}")


def _unknown_name(kind: str, text: str, valid: list[str]) -> UnknownName:
    import difflib

    close = difflib.get_close_matches(str(text), valid, n=3, cutoff=0.6)
    return UnknownName(kind, str(text), valid, close)


# ------------------------------------------------------------------------------- name look-up


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"[-_]+", " ", text)
    text = re.sub(r"[’'`\".,]", "", text)
    return re.sub(r"\s+", " ", text).strip()


_ARTICLES = ("the ", "o ", "a ", "os ", "as ")


def _strip_article(text: str) -> str:
    for art in _ARTICLES:
        if text.startswith(art) and len(text) > len(art):
            return text[len(art):]
    return text


def _find(kind: str, text: str, records: list[dict]) -> str:
    index: dict[str, str] = {}
    for rec in records:
        for form in [rec["id"], rec["name"], *rec.get("names", [])]:
            n = _norm(form)
            index.setdefault(n, rec["id"])
            index.setdefault(_strip_article(n), rec["id"])
    n = _norm(text)
    for candidate in (n, _strip_article(n)):
        if candidate in index:
            return index[candidate]
    close: list[str] = []
    import difflib

    for match in difflib.get_close_matches(_strip_article(n), list(index), n=5, cutoff=0.6):
        if index[match] not in close:
            close.append(index[match])
    raise UnknownName(kind, text, [r["id"] for r in records], close)


def find_region(data: ChaosData, text: str) -> str:
    """The region id for an id, English name or alias (any case, accents, spaces/dashes/underscores)."""
    return _find("region", text, data.regions)


def find_power(data: ChaosData, text: str) -> str:
    """The Power id for an id, name or epithet (any case, accents, spaces/dashes/underscores)."""
    return _find("Power", text, data.powers)


# ----------------------------------------------------------------------------- provisional


def _short(value: Any, limit: int = 80) -> str:
    if isinstance(value, bool):
        s = "true" if value else "false"
    elif isinstance(value, list):
        s = "[" + ", ".join(_short(x, limit) for x in value) + "]"
    elif isinstance(value, str):
        s = value if value else '""'
    else:
        s = str(value)
    return s if len(s) <= limit else s[: limit - 1] + "…"


def _record_value(rec: dict) -> str:
    parts = [f"{k}={_short(v, 40)}" for k, v in rec.items()
             if not _is_meta(k) and k not in ("id", "key", "names", "order") and not isinstance(v, (dict, list))
             or (k in ("first", "second", "adjacent", "ruiner_vp") and isinstance(v, list))]
    return _short(", ".join(parts), 100)


def provisional_items(data: ChaosData) -> list[dict]:
    """Every record or value still marked "provisional" or "U" (owner values are never listed).

    Items: {"key": dotted path, "value": short text, "confidence": ..., "note": check/note text}.
    """
    items: list[dict] = []

    def emit(key: str, value: str, conf: str, note: str) -> None:
        items.append({"key": key, "value": value, "confidence": conf, "note": note})

    def visit(node: dict, path: str) -> None:
        conf = node.get("confidence")
        general = node.get("check") or node.get("note") or ""
        if isinstance(conf, str) and conf in FLAGGED:
            emit(path, _record_value(node), conf, general)
        elif isinstance(conf, list):
            rewards, threats = node.get("rewards", []), node.get("threats", [])
            for i, c in enumerate(conf):
                if c in FLAGGED:
                    where = f"Threat {threats[i]}" if i < len(threats) else f"position {i}"
                    emit(f"{path}.rewards[{i}]", _short(rewards[i] if i < len(rewards) else ""), c,
                         f"{where}: {general}" if general else where)
        for k, v in node.items():
            if k.endswith("_confidence") and v in FLAGGED:
                base = k[: -len("_confidence")]
                if base in node:
                    emit(_join(path, base), _short(node[base]), v, node.get(f"{base}_check") or general)
        for k, v in node.items():
            if isinstance(v, dict):
                visit(v, _join(path, k))
            elif isinstance(v, list) and _record_id_key(v):
                field = _record_id_key(v)
                for rec in v:
                    visit(rec, _join(_join(path, k), rec[field]))

    ns = data.raw
    for key in ("regions", "ruination", "powers", "cards", "old_world", "setup", "rules"):
        node = ns[key]
        if isinstance(node, list):
            field = _record_id_key(node)
            for rec in node:
                visit(rec, _join(key, rec[field]))
        else:
            visit(node, key)
    return items
