"""Game data of Time of Crisis (+ The Age of Iron and Rust): shipped TOML files, owner overrides, validation, look-ups.

The six files in ``data/`` are read into one namespace:

===============  ==============================================================
key              from
===============  ==============================================================
``mats``         ``mats.toml`` ``[mats.<id>]`` (tracks, mode boxes)
``colour_of``    ``cards.toml`` ``[colour_of]`` (influence type → suit colour)
``categories``   ``cards.toml`` ``[[categories]]`` (the 9 purchasable categories)
``cards``        ``cards.toml`` ``[[cards]]`` (card types named by public sources)
``priority``     ``priority.toml`` ``[[entries]]`` (AI Action Priority List)
``events``       ``events.toml`` (``guidelines``, ``card_guidelines``, ``event_notes``)
``rules``        ``rules.toml`` (``setup``, ``bot``, ``emperor``, ``settings``, ...)
``board``        ``board.toml`` (``provinces``)
===============  ==============================================================

A *record* is a table with a ``confidence`` key ("seed", "V", "S", "I", "U", "provisional",
"owner"); ``<key>_confidence`` and ``<key>_check`` give the confidence of, and a note on, one key.

Owner overrides have the shape of the namespace (top-level keys ``mats``, ``cards``,
``categories``, ``priority``, ``events``, ``rules``, ``board``) and are deep-merged over it:

- tables key by key; an unknown key is a DataError naming its path and the valid keys;
- the circles of a track (``mats.<id>.track.<area>``) by position: ``{"2" = {cost = 3}}``; the
  position after the last one appends a circle; a list replaces the whole track;
- ``cards``, ``categories`` and ``priority`` by ``id``, ``events.event_notes`` by ``card``; a list
  replaces the whole list (the owner's transcription of a printed list);
- a circle's ``primary_event`` / ``secondary_event`` of 0 means "no circled number";
- other lists are replaced whole, or element by element with a table of positions.

Every record an override touches gets ``confidence = "owner"``. Pure code: no printing, no
prompts; the CLI reads the owner's file and passes the parsed dict.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..core import gamedata
from ..core.datacheck import Check
from ..core.gamedata import NOTE_KEYS, DataError, data_keys, is_meta, join, short, toml_text
from ..core.gamedata import CONFIDENCES, FLAGGED, UnknownName  # noqa: F401  (re-exported, as before the move to core)
from ..core.overrides import Overrides, check_type, mark, unknown
from ..core.msg import Msg

DATA_DIR = Path(__file__).parent / "data"

AREAS = ("military", "senate", "populace")
MAT_IDS = ("maximinus_thrax", "gordian_iii", "pupienus_balbinus")
MODES = ("1", "2", "3", "4")
MODE_EXTRA = ("available", "none")
EVENT_VALUES = (2, 3, 4)
CATEGORY_VALUES = (2, 3, 4)
CARD_SETS = ("base", "expansion", "")
EVENT_WHEN = ("place_governor", "combat", "any")
CIRCLE_EVENTS = ("primary_event", "secondary_event")
OVERRIDABLE = ("mats", "cards", "categories", "priority", "events", "rules", "board")
#: the actions a priority entry may name (each has the message toc.apl.<id>); "other" takes a printed ``name``
PRIORITY_ACTIONS = ("hold_games", "initiate_battle", "create_army", "move_army", "place_governor", "increase_support",
                    "place_militia", "build_improvement", "recruit_governor", "recruit_general")
OTHER_ACTION = "other"
#: a priority entry's cost when it is not a printed number: "ask" (printed, asked once a game), "board" (asked each time)
COST_WORDS = ("ask", "board")
GUIDELINE_SETS = ("base", "expansion")
#: a tie for the most Legacy (``rules.legacy.tie_break``, PROVISIONAL; automata/toc/final.py applies it)
TIE_BREAKS = ("shared", "ask")

#: allowed values of the settings of rules.toml ``[settings]`` (gaps G1–G18 of the rules file); only the values the
#: bot turn applies are accepted, so an owner's setting is never ignored in silence
SETTING_CHOICES: dict[str, tuple] = {
    "crisis_special_cases_scope": ("any_roll", "bot_turns_only"),
    "ludi_marker_removal": ("after_use", "literal"),
    "ludi_own_turn": ("same_turn",),
    "cylinder_source": ("from_anywhere",),
    "mode4_zero_box_test": (">=2", "==2"),
    "advance_cost_circle": ("entered",),
    "senate_exception_order": ("senate_preferred_remaining",),
    "plus2_when": ("no_pawn_advanced",),
    "priority_pass": ("single_pass",),
    "priority_points": ("entry_influence",),
    "event_timing": ("after_priority",),
    "option2_event_choice": ("d6", "face_up"),
    "pretender_cap": ("legacy_total", "legacy_gained_this_turn"),
    "emperor_legacy": ("type_formula",),
    "damnatio_swap": ("prompt_with_expansion",),
    "bot_count": ("fill_to_4",),       # issue 30: "ask" was accepted and never applied (fewer bots: --bots)
    "crisis_table": ("four_player",),  # issue 30: the table rolls on its own Crisis Table; "by_factions" changed nothing
    "palmyra_details": ("ask",),
    "harder_challenge": (False, True),
    "strict_data": (False,),
}
PLACEMENT_CHOICES: dict[str, tuple] = {
    "populace": ("highest_support",),
    "military": ("most_legions",),
    "tie": ("ask",),
    "fallback": ("senate", "ask"),
    "remove_mobs": (True,),
}

#: (file, key in the file or None for the whole file, namespace key)
_FILES = (
    ("mats.toml", "mats", "mats"),
    ("cards.toml", "colour_of", "colour_of"),
    ("cards.toml", "categories", "categories"),
    ("cards.toml", "cards", "cards"),
    ("priority.toml", "entries", "priority"),
    ("events.toml", None, "events"),
    ("rules.toml", None, "rules"),
    ("board.toml", None, "board"),
)
_FILE_KEYS = {
    "mats.toml": {"mats"},
    "cards.toml": {"colour_of", "categories", "cards"},
    "priority.toml": {"entries"},
    "events.toml": {"guidelines", "card_guidelines", "event_notes"},
    "board.toml": {"provinces"},
}

_OPTIONAL_TEXT = ("note", "check", "source", "target")
_TRACK_PATH = re.compile(r"^mats\.[^.]+\.track\.[^.]+$")
#: lists of records and the field that addresses them
_RECORD_LISTS = {"cards": "id", "categories": "id", "priority": "id", "events.event_notes": "card", "events.card_guidelines": "slot"}
#: defaults of a record given by an owner list that replaces a whole shipped list
_DEFAULTS: dict[str, dict[str, Any]] = {
    "priority": {"cost": "ask", "criteria": "", "repeat": False},
    "cards": {"set": "", "influence": "", "value": 0},
    "categories": {"base": "", "expansion": ""},
    "events.event_notes": {"when": "any", "note": ""},
    "events.card_guidelines": {"text": ""},
    "track": {},
}
DICE_RE = re.compile(r"^(ask|[1-9][0-9]*d[1-9][0-9]*([+-][0-9]+)?)$")
#: the namespace keys, in the order of the files
_KEYS = tuple(target for _, _, target in _FILES)


# ----------------------------------------------------------------------------------- reading


@gamedata.cached_default(DATA_DIR, _FILES, _FILE_KEYS)
def _default(ns: dict, check: bool = True) -> "TocData":
    if check:
        _validate(ns)
    return TocData(ns)


_shipped = _default.shipped  # the raw namespace of the shipped files (never mutated; copy before use)


def load(overrides: dict | None = None) -> "TocData":
    """The game data, validated; ``overrides`` (parsed owner file) deep-merged over the shipped files.

    Without overrides the result is cached and shared: treat it as read-only.
    """
    return gamedata.load_data(overrides, _default, _shipped, _merge_overrides, _with_overrides)


def _merge_overrides(ns: dict, overrides: dict) -> None:
    for raw_key, value in overrides.items():
        key = str(raw_key)
        if key not in OVERRIDABLE:
            raise unknown(key, list(OVERRIDABLE))
        if isinstance(ns[key], list):
            ns[key] = _merge_list(ns[key], value, key)
        else:
            _OVERRIDES.merge(ns[key], value, key, None)


def _with_overrides(ns: dict) -> "TocData":
    _validate(ns, "with the owner overrides, the Time of Crisis data is invalid")
    return TocData(ns)


# ----------------------------------------------------------------------------------- merging


def _list_kind(path: str) -> str | None:
    if _TRACK_PATH.match(path):
        return "track"
    return path if path in _RECORD_LISTS else None


class _TocOverrides(Overrides):
    """Circles of a track by position, records by id (event notes by card), a list for a whole list;
    a circle's event numbers (0: none); a priority entry's cost a whole number or "ask"."""

    addable_text = _OPTIONAL_TEXT

    def special(self, base: dict, key: str, value: Any, path: str, rec: dict | None) -> bool:
        if key in CIRCLE_EVENTS and "circle" in base:
            _set_event(base, key, value, path)
            mark(rec, key)
            return True
        return False

    def is_record_list(self, items: list, path: str) -> bool:
        return _list_kind(path) is not None

    def merge_records(self, items: list, over: Any, path: str) -> list:
        return _merge_list(items, over, path)

    def check_type(self, old: Any, new: Any, path: str, key: str) -> None:
        if key == "cost" and path.startswith("priority.") and isinstance(new, (int, str)) and not isinstance(new, bool):
            return  # a priority entry's cost is a whole number, "ask" or "board"
        check_type(old, new, path)

    def mark_positions(self, rec: dict | None, key: str, positions: list[int]) -> None:
        mark(rec, key)  # the record, even for an empty table of positions


_OVERRIDES = _TocOverrides()


def _set_event(circle: dict, key: str, value: Any, path: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(f"overrides: {path} must be a whole number (0 = no circled number), got {toml_text(value)}",
                        Msg("toc.data.event_number", {"path": path, "value": toml_text(value)}))
    if value == 0:
        circle.pop(key, None)
    else:
        circle[key] = value


def _owner_record(entry: Any, path: str, kind: str) -> dict:
    if not isinstance(entry, dict):
        raise DataError(f"overrides: {path} must be a table, got {toml_text(entry)}",
                        Msg("core.data.override_not_table", {"path": path, "value": toml_text(entry)}))
    rec = {k: v for k, v in entry.items() if not (k == "confidence" or str(k).endswith("_confidence"))}
    for k, v in _DEFAULTS.get(kind, {}).items():
        rec.setdefault(k, v)
    rec["confidence"] = "owner"
    rec.setdefault("source", "owner")
    return rec


def _new_circle(entry: Any, i: int, path: str) -> dict:
    rec = _owner_record(entry, path, "track")
    if "circle" in rec and rec["circle"] != i:
        raise DataError(f"overrides: {path}.circle must be {i} (its position), got {toml_text(rec['circle'])}",
                        Msg("toc.data.circle_position", {"path": f"{path}.circle", "n": i, "value": toml_text(rec["circle"])}))
    rec.pop("circle", None)
    for key in CIRCLE_EVENTS:
        if key in rec:
            value = rec.pop(key)
            _set_event(rec, key, value, join(path, key))
    return {"circle": i, **rec}


def _merge_list(items: list, over: Any, path: str) -> list:
    """A list of records: circles by position, other records by id; a list replaces the whole list."""
    kind = _list_kind(path)
    if kind is None:
        raise DataError(f"overrides: {path} cannot be overridden here", Msg("core.data.not_overridable", {"path": path}))
    if isinstance(over, list):
        if kind == "track":
            return [_new_circle(e, i, f"{path}.{i}") for i, e in enumerate(over)]
        field = _RECORD_LISTS[kind]
        out = []
        for i, e in enumerate(over):
            rec = _owner_record(e, f"{path}[{i}]", kind)
            if field not in rec:
                raise DataError(f"overrides: {path}[{i}] must have '{field}'",
                                Msg("core.data.record_needs", {"path": f"{path}[{i}]", "field": field}))
            if kind == "priority":
                rec.setdefault("order", i + 1)
            out.append(rec)
        return out
    if not isinstance(over, dict):
        raise DataError(f"overrides: {path} must be a list or a table, got {toml_text(over)}",
                        Msg("core.data.list_or_table", {"path": path, "value": toml_text(over)}))
    if kind == "track":
        positions = []
        for raw in over:
            try:
                positions.append((int(str(raw)), raw))
            except ValueError:
                raise DataError(f"overrides: {path} takes circles by position 0..{len(items) - 1}, got key {raw!r}",
                                Msg("toc.data.circle_key", {"path": path, "last": len(items) - 1, "value": toml_text(raw)})) from None
        for i, raw in sorted(positions):
            sub = over[raw]
            if 0 <= i < len(items):
                _OVERRIDES.merge(items[i], sub, f"{path}.{i}", None)
            elif i == len(items):
                items.append(_new_circle(sub, i, f"{path}.{i}"))
            else:
                raise DataError(f"overrides: {path}.{i} is out of range; circles 0..{len(items) - 1}, or {len(items)} to add one",
                                Msg("toc.data.circle_out_of_range", {"path": f"{path}.{i}", "last": len(items) - 1, "next": len(items)}))
        return items
    field = _RECORD_LISTS[kind]
    by_id = {x.get(field): x for x in items}
    _OVERRIDES.merge_by_id(by_id, over, path, field)
    return items


# -------------------------------------------------------------------------------- validation


class _Check(Check):
    below_min = "must be a whole number ≥ {min}, got {value}"
    below_min_id = "core.data.below_min_whole"

    def one_of(self, node: Any, key: str, choices: tuple, path: str) -> Any:
        if not isinstance(node, dict) or key not in node:
            self.fail(f"{join(path, key)} is missing", Msg("core.data.missing", {"key": join(path, key)}))
            return None
        v = node[key]
        if not any(v == c and type(v) is type(c) for c in choices):
            shown = ", ".join(repr(c) if isinstance(c, str) else str(c).lower() for c in choices)
            self.fail(f"{join(path, key)} must be one of {shown}; got {toml_text(v)}",
                      Msg("core.data.one_of", {"key": join(path, key), "valid": shown, "value": toml_text(v)}))
            return None
        return v


def _validate(ns: dict, context: str = "invalid Time of Crisis data") -> None:
    chk = _Check()
    for key in _KEYS:
        if key not in ns:
            chk.fail(f"'{key}' is missing")
    if chk.errors:
        raise chk.error(context)
    colours = _validate_rules(ns["rules"], ns["board"], chk)
    _validate_colour_of(ns["colour_of"], colours, chk)
    _validate_mats(ns["mats"], colours, chk)
    _validate_categories(ns["categories"], chk)
    card_ids = _validate_cards(ns["cards"], chk)
    _validate_priority(ns["priority"], chk)
    _validate_events(ns["events"], card_ids, ns["categories"], chk)
    chk.confidences(ns, "", text_keys=NOTE_KEYS)
    if chk.errors:
        raise chk.error(context)


def _records(items: list, path: str, field: str, chk: _Check, ids: set, known: set | None = None):
    """(record, its path, its ``field`` or None) for each record of the list at ``path``.

    Once the ``field`` is read the path names it (``cards.<id>``, the override address); a value
    not in ``known`` fails, and so does one already in ``ids`` (which collects them).
    """
    for i, rec in enumerate(items):
        rp = f"{path}[{i}]"
        if not chk.record(rec, rp):
            continue
        rid = chk.typed(rec, field, str, rp)
        if rid is not None:
            rp = f"{path}.{rid}"
            if known is not None and rid not in known:
                chk.fail(f"{rp}.{field} names an unknown {field} '{rid}'; valid: {', '.join(sorted(known))}")
            if rid in ids:
                chk.fail(f"{path}: {field} '{rid}' appears twice")
            ids.add(rid)
        yield rec, rp, rid


def _validate_colour_of(colour_of: Any, colours: list[str], chk: _Check) -> None:
    if not chk.record(colour_of, "colour_of"):
        return
    keys = data_keys(colour_of)
    if sorted(keys) != sorted(AREAS):
        chk.fail(f"colour_of must name each influence type once ({', '.join(AREAS)}); got {', '.join(keys)}")
    seen = [colour_of.get(a) for a in AREAS]
    for a in AREAS:
        if a in colour_of and colours and colour_of[a] not in colours:
            chk.fail(f"colour_of.{a} must be a player colour ({', '.join(colours)}); got {toml_text(colour_of[a])}")
    if len(set(map(str, seen))) != len(seen):
        chk.fail(f"colour_of: each influence type needs its own colour; got {seen}")


def _validate_mats(mats: Any, colours: list[str], chk: _Check) -> None:
    if not isinstance(mats, dict):
        chk.fail("mats must be a table")
        return
    if sorted(mats) != sorted(MAT_IDS):
        chk.fail(f"mats must be exactly {', '.join(MAT_IDS)}; got {', '.join(mats)}")
    preferred_seen: dict[str, str] = {}
    for mid, mat in mats.items():
        p = f"mats.{mid}"
        if not chk.record(mat, p):
            continue
        chk.typed(mat, "name", str, p)
        chk.str_list(mat, "names", p)
        pref = chk.one_of(mat, "preferred", AREAS, p)
        if pref is not None:
            if pref in preferred_seen:
                chk.fail(f"{p}.preferred is {pref!r}, as for mats.{preferred_seen[pref]}: each mat prefers a different area")
            preferred_seen[pref] = mid
        order = chk.str_list(mat, "area_order", p)
        if order is not None:
            if sorted(order) != sorted(AREAS) or len(order) != 3:
                chk.fail(f"{p}.area_order must list the three areas ({', '.join(AREAS)}) once each; got {order}")
            elif pref is not None and order[0] != pref:
                chk.fail(f"{p}.area_order[0] must be the preferred area {pref!r} (the top of the mat); got {toml_text(order[0])}")
        colour = chk.typed(mat, "colour", str, p)
        if colour is not None and colours and colour not in colours:
            chk.fail(f"{p}.colour must be a player colour ({', '.join(colours)}); got {toml_text(colour)}")
        _validate_tracks(mat.get("track"), f"{p}.track", chk)
        _validate_modes(mat.get("mode"), f"{p}.mode", chk)


def _validate_tracks(track: Any, path: str, chk: _Check) -> None:
    if not isinstance(track, dict):
        chk.fail(f"{path} must be a table with the three areas")
        return
    if sorted(track) != sorted(AREAS):
        chk.fail(f"{path} must have one track per area ({', '.join(AREAS)}); got {', '.join(track)}")
    for area, circles in track.items():
        ap = f"{path}.{area}"
        if not isinstance(circles, list) or not circles:
            chk.fail(f"{ap} must be a list of circles (at least circle 0)")
            continue
        for i, c in enumerate(circles):
            cp = f"{ap}.{i}"
            if not chk.record(c, cp):
                continue
            n = chk.typed(c, "circle", int, cp)
            if n is not None and n != i:
                chk.fail(f"{cp}.circle must be {i} (circles are numbered by position from 0); got {n}")
            cost = chk.typed(c, "cost", int, cp, min=0)
            if i == 0 and cost is not None and cost != 0:
                chk.fail(f"{cp}.cost must be 0: circle 0 is the initial zero-cost circle; got {cost}")  # seed, Preparação
            chk.typed(c, "primary", int, cp, min=0)
            chk.typed(c, "secondary", int, cp, min=0)
            for key in CIRCLE_EVENTS:
                if key in c:
                    chk.one_of(c, key, EVENT_VALUES, cp)
            for key in c:
                if not is_meta(key) and key not in ("circle", "cost", "primary", "secondary", *CIRCLE_EVENTS):
                    chk.fail(f"{cp}.{key} is not a circle field (cost, primary, secondary, primary_event, secondary_event)")


def _validate_modes(modes: Any, path: str, chk: _Check) -> None:
    if not isinstance(modes, dict):
        chk.fail(f"{path} must be a table of the mode boxes 1..4")
        return
    if sorted(modes) != list(MODES):
        chk.fail(f"{path} must have the mode boxes 1, 2, 3, 4; got {', '.join(modes)}")
    types = AREAS + MODE_EXTRA
    for k, box in modes.items():
        bp = f"{path}.{k}"
        if not chk.record(box, bp):
            continue
        p = chk.one_of(box, "primary", types, bp)
        s = chk.one_of(box, "secondary", types, bp)
        if p is not None and p == s and p in AREAS:
            chk.fail(f"{bp}: primary and secondary are both {p!r}")


def _validate_categories(cats: Any, chk: _Check) -> None:
    if not isinstance(cats, list):
        chk.fail("categories must be a list")
        return
    seen: dict[tuple, str] = {}
    for c, cp, cid in _records(cats, "categories", "id", chk, set()):
        infl = chk.one_of(c, "influence", AREAS, cp)
        value = chk.one_of(c, "value", CATEGORY_VALUES, cp)
        chk.typed(c, "base", str, cp)
        chk.typed(c, "expansion", str, cp)
        if "copies" in c:
            chk.typed(c, "copies", int, cp, min=0)
        if infl is not None and value is not None:
            if cid is not None and cid != f"{infl}_{value}":
                chk.fail(f"{cp}: the id must be '{infl}_{value}' (influence_value)")
            if (infl, value) in seen:
                chk.fail(f"categories: {infl} {value} appears twice ({seen[(infl, value)]}, {cid})")
            seen[(infl, value)] = str(cid)
    missing = [f"{a}_{v}" for a in AREAS for v in CATEGORY_VALUES if (a, v) not in seen]
    if missing:
        chk.fail(f"categories must cover the 9 categories (influence × value 2..4) once each; missing: {', '.join(missing)}")


def _validate_cards(cards: Any, chk: _Check) -> set[str]:
    ids: set[str] = set()
    if not isinstance(cards, list):
        chk.fail("cards must be a list")
        return ids
    for c, cp, _ in _records(cards, "cards", "id", chk, ids):
        chk.typed(c, "name", str, cp)
        chk.one_of(c, "set", CARD_SETS, cp)
        chk.one_of(c, "influence", AREAS + ("",), cp)
        chk.one_of(c, "value", (0,) + CATEGORY_VALUES, cp)
    return ids


def _validate_priority(entries: Any, chk: _Check) -> None:
    if not isinstance(entries, list):
        chk.fail("priority must be a list")
        return
    orders = set()
    for e, ep, _ in _records(entries, "priority", "id", chk, set()):
        order = chk.typed(e, "order", int, ep, min=1)
        if order is not None:
            if order in orders:
                chk.fail(f"priority: order {order} appears twice")
            orders.add(order)
        chk.one_of(e, "influence", AREAS, ep)
        cost = e.get("cost")
        if not (cost in COST_WORDS or (isinstance(cost, int) and not isinstance(cost, bool) and cost >= 0)):
            chk.fail(f"{ep}.cost must be a whole number ≥ 0, \"ask\" (printed, asked once a game) or \"board\" (depends on the board); got {toml_text(cost)}")
        if "cost_default" in e:
            chk.typed(e, "cost_default", int, ep, min=0)
        chk.typed(e, "repeat", bool, ep)
        for key in ("criteria", "target", "name"):
            if key in e:
                chk.typed(e, key, str, ep)
        if "action" not in e and "name" not in e and e.get("id") not in PRIORITY_ACTIONS:
            chk.fail(f"{ep} must name its action: 'action' ({', '.join(PRIORITY_ACTIONS)}, or {OTHER_ACTION} with 'name')")
        if "action" in e:
            action = chk.one_of(e, "action", PRIORITY_ACTIONS + (OTHER_ACTION,), ep)
            if action == OTHER_ACTION and not str(e.get("name", "")).strip():
                chk.fail(f"{ep}.name must give the printed name of an action 'other'")


def _validate_events(events: Any, card_ids: set[str], categories: Any, chk: _Check) -> None:
    if not isinstance(events, dict):
        chk.fail("events must be a table")
        return
    g = events.get("guidelines")
    if chk.record(g, "events.guidelines"):
        chk.one_of(g, "mode", ("ask",), "events.guidelines")
    texts = events.get("card_guidelines")
    if not isinstance(texts, list):
        chk.fail("events.card_guidelines must be a list")
    else:
        slots = {f"{c.get('id')}:{s}" for c in categories if isinstance(c, dict) for s in GUIDELINE_SETS} if isinstance(categories, list) else set()
        for rec, rp, _ in _records(texts, "events.card_guidelines", "slot", chk, set(), known=slots or None):
            chk.typed(rec, "text", str, rp)
    notes = events.get("event_notes")
    if not isinstance(notes, list):
        chk.fail("events.event_notes must be a list")
        return
    for n, np_, _ in _records(notes, "events.event_notes", "card", chk, set(), known=card_ids):
        chk.one_of(n, "when", EVENT_WHEN, np_)


def _validate_rules(rules: Any, board: Any, chk: _Check) -> list[str]:
    if not isinstance(rules, dict):
        chk.fail("rules must be a table")
        return []
    provinces = _validate_board(board, chk)
    for name in ("setup", "bot", "emperor", "influence_point_track", "legacy", "political_points", "crisis", "settings"):
        if name not in rules:
            chk.fail(f"rules.{name} is missing")
    for name, table in rules.items():
        chk.record(table, f"rules.{name}")
    colours: list[str] = []
    s = rules.get("setup", {})
    got = chk.str_list(s, "colours", "rules.setup")
    if got is not None:
        if len(set(got)) != len(got) or len(got) < 2:
            chk.fail(f"rules.setup.colours must be distinct player colours; got {got}")
        colours = got
    starts = chk.str_list(s, "start_provinces", "rules.setup")
    for p in starts or []:
        if provinces and p not in provinces:
            chk.fail(f"rules.setup.start_provinces names unknown province '{p}'; valid: {', '.join(provinces)}")
    if starts is not None and len(set(starts)) != len(starts):
        chk.fail(f"rules.setup.start_provinces must be distinct; got {starts}")
    factions = chk.typed(s, "factions", int, "rules.setup", min=1)
    if isinstance(factions, int) and colours and factions > len(colours):
        chk.fail(f"rules.setup.factions ({factions}) exceeds the {len(colours)} colours")
    chk.typed(s, "pawn_start_circle", int, "rules.setup", min=0)
    b = rules.get("bot", {})
    for k in ("mode1_legacy", "plus2_bonus", "ludi_legacy", "ludi_secondary_penalty"):
        chk.typed(b, k, int, "rules.bot", min=0)
    chk.typed(b, "ludi_markers", int, "rules.bot", min=1)
    faces = []
    for k in ("event_d6_base", "event_d6_expansion"):
        v = chk.typed(b, k, list, "rules.bot")
        if v is not None:
            faces += v
    if faces and sorted(faces) != [1, 2, 3, 4, 5, 6]:
        chk.fail(f"rules.bot.event_d6_base and event_d6_expansion must share the faces 1..6; got {faces}")
    e = rules.get("emperor", {})
    chk.typed(e, "populace_support_multiplier", int, "rules.emperor", min=0)
    chk.typed(e, "populace_vote_bonus", int, "rules.emperor", min=0)
    chk.typed(rules.get("influence_point_track", {}), "max", int, "rules.influence_point_track", min=1)
    chk.typed(rules.get("legacy", {}), "end_threshold", int, "rules.legacy", min=1)
    chk.one_of(rules.get("legacy", {}), "tie_break", TIE_BREAKS, "rules.legacy")
    chk.one_of(rules.get("political_points", {}), "rule", ("ask",), "rules.political_points")
    cr = rules.get("crisis", {})
    dice = chk.typed(cr, "dice", str, "rules.crisis")
    if dice is not None and not DICE_RE.match(dice):
        chk.fail(f"rules.crisis.dice must be \"ask\" or dice such as \"2d6\"; got {toml_text(dice)}")
    results = chk.str_list(cr, "results", "rules.crisis")
    if results is not None and not {"pax_deorum", "event"} <= set(results):
        chk.fail(f"rules.crisis.results must include 'pax_deorum' and 'event'; got {results}")
    events = chk.str_list(cr, "events", "rules.crisis")
    if events is not None and not {"palmyra_allies", "ludi_saeculares"} <= set(events):
        chk.fail(f"rules.crisis.events must include 'palmyra_allies' and 'ludi_saeculares'; got {events}")
    st = rules.get("settings", {})
    if isinstance(st, dict):
        for k in data_keys(st):
            if k == "emperor_bot_placement":
                continue
            if k not in SETTING_CHOICES:
                chk.fail(f"rules.settings.{k} is not a known setting; valid: {', '.join(SETTING_CHOICES)}")
        for k, choices in SETTING_CHOICES.items():
            chk.one_of(st, k, choices, "rules.settings")
        placement = st.get("emperor_bot_placement")
        if chk.record(placement, "rules.settings.emperor_bot_placement"):
            for k, choices in PLACEMENT_CHOICES.items():
                chk.one_of(placement, k, choices, "rules.settings.emperor_bot_placement")
    return colours


def _validate_board(board: Any, chk: _Check) -> list[str]:
    provinces = board.get("provinces") if isinstance(board, dict) else None
    if not isinstance(provinces, dict) or not provinces:
        chk.fail("board.provinces must be a table of provinces")
        return []
    for pid, rec in provinces.items():
        p = f"board.provinces.{pid}"
        if chk.record(rec, p):
            chk.typed(rec, "name", str, p)
    return list(provinces)


# ------------------------------------------------------------------------------------ access


class TocData:
    """Validated game data. Dicts are shared with the loader's cache: treat them as read-only."""

    areas = AREAS

    def __init__(self, ns: dict):
        self.raw = ns
        for mid, rec in ns["mats"].items():
            rec["id"] = mid
        for pid, rec in ns["board"]["provinces"].items():
            rec["id"] = pid
        self.mat_ids: list[str] = list(MAT_IDS)
        self.categories: list[dict] = sorted(ns["categories"], key=lambda c: (AREAS.index(c["influence"]), c["value"]))
        self.cards: list[dict] = ns["cards"]
        self.priority: list[dict] = sorted(ns["priority"], key=lambda e: e["order"])
        self.guidelines: dict = ns["events"]["guidelines"]
        #: the owner's transcribed AI Event Guidelines, by slot "<category id>:<base|expansion>"
        self.card_guidelines: dict[str, dict] = {g["slot"]: g for g in ns["events"]["card_guidelines"]}
        self.event_notes: list[dict] = ns["events"]["event_notes"]
        #: the whole of rules.toml (setup, bot, emperor, influence_point_track, legacy, political_points, crisis, settings)
        self.rules: dict = ns["rules"]
        self.setup: dict = ns["rules"]["setup"]
        self.settings: dict = ns["rules"]["settings"]
        self.provinces: list[dict] = list(ns["board"]["provinces"].values())
        self.province_ids: list[str] = [p["id"] for p in self.provinces]
        self.colours: list[str] = list(self.setup["colours"])

    def __repr__(self) -> str:
        return f"TocData(mats={self.mat_ids}, provinces={len(self.provinces)}, priority={len(self.priority)})"

    # colours and areas ---------------------------------------------------------------------
    def colour_of(self, area: str) -> str:
        """The suit / cylinder colour of an influence type: military red, senate blue, populace yellow."""
        if area not in AREAS:
            raise _unknown_name("influence area", area, list(AREAS))
        return self.raw["colour_of"][area]

    # mats ----------------------------------------------------------------------------------
    def mat(self, id: str) -> dict:
        """{id, name, preferred, area_order, colour, track: area → [circle dicts], mode: "1".."4" → {primary, secondary}}."""
        rec = self.raw["mats"].get(id)
        if rec is None:
            raise _unknown_name("AI mat", id, self.mat_ids)
        return rec

    def mat_for_colour(self, colour: str) -> str | None:
        """The mat whose recommended colour is ``colour`` (a colour id), or None."""
        for mid in self.mat_ids:
            if self.raw["mats"][mid]["colour"] == colour:
                return mid
        return None

    def _track(self, mat_id: str, area: str) -> list[dict]:
        mat = self.mat(mat_id)
        if area not in AREAS:
            raise _unknown_name("influence area", area, list(AREAS))
        return mat["track"][area]

    def circle(self, mat_id: str, area: str, n: int) -> dict:
        """Circle ``n`` (0 = the start circle) of ``area`` on mat ``mat_id``; ValueError past the end."""
        track = self._track(mat_id, area)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < len(track):
            raise ValueError(f"{mat_id} {area} track: circle must be 0..{len(track) - 1}, got {toml_text(n)}")
        return track[n]

    # cards ---------------------------------------------------------------------------------
    def category(self, influence: str, value: int) -> dict:
        """The category record {id, influence, value, base, expansion, copies} ("" = title unknown)."""
        if influence not in AREAS:
            raise _unknown_name("influence area", influence, list(AREAS))
        for c in self.categories:
            if c["influence"] == influence and c["value"] == value:
                return c
        raise ValueError(f"no card category {influence} {value!r}; values are {', '.join(map(str, CATEGORY_VALUES))}")

    def card(self, id: str) -> dict:
        for c in self.cards:
            if c["id"] == id:
                return c
        raise _unknown_name("card", id, [c["id"] for c in self.cards])

    def event_note(self, card_id: str) -> dict | None:
        """The public facts on when a card's event may be used, or None."""
        for n in self.event_notes:
            if n["card"] == card_id:
                return n
        return None

    # board ---------------------------------------------------------------------------------
    def province(self, id: str) -> dict:
        rec = self.raw["board"]["provinces"].get(id)
        if rec is None:
            raise _unknown_name("province", id, self.province_ids)
        return rec


_unknown_name = gamedata.unknown_name


# ------------------------------------------------------------------------------- name look-up

#: colour names in English and Portuguese (normalised: lower case, no accents)
COLOUR_NAMES: dict[str, tuple[str, ...]] = {
    "green": ("green", "verde"),
    "red": ("red", "vermelho", "vermelha"),
    "blue": ("blue", "azul"),
    "yellow": ("yellow", "amarelo", "amarela"),
}
#: influence area names in English and Portuguese (the colour names are added from colour_of)
AREA_NAMES: dict[str, tuple[str, ...]] = {
    "military": ("military", "militar", "militares", "military influence", "influencia militar"),
    "senate": ("senate", "senado", "senate influence", "influencia do senado", "influencia senatorial"),
    "populace": ("populace", "povo", "populacho", "populacao", "popular", "populace influence",
                 "influencia popular", "influencia do povo"),
}


def _norm(text: Any) -> str:
    return gamedata.fold_name(text, r"[’'`\".,()]", ampersand=True)


def _find(kind: str, text: str, forms: dict[str, list[str]], valid: list[str]) -> str:
    return gamedata.find_name(kind, str(text), forms, valid, _norm)


def find_mat(data: TocData, text: str) -> str:
    """The AI mat id for an id, name or alias ("Maximinus", "Gordiano III", "Pupienus & Balbinus"; any case/accents)."""
    forms = {mid: [data.mat(mid)["name"], *data.mat(mid).get("names", [])] for mid in data.mat_ids}
    return _find("AI mat", text, forms, data.mat_ids)


def find_colour(data: TocData, text: str) -> str:
    """The player colour id for an English or Portuguese colour name (verde, vermelho, azul, amarelo)."""
    forms = {c: list(COLOUR_NAMES.get(c, ())) for c in data.colours}
    return _find("colour", text, forms, data.colours)


# ----------------------------------------------------------------------------- provisional


def _record_value(rec: dict) -> str:
    parts = [f"{k}={short(v, 40)}" for k, v in rec.items()
             if not is_meta(k) and k not in ("id", "names", "circle", "card") and not isinstance(v, dict)]
    return short(", ".join(parts), 120)


def _records_in(items: list, path: str) -> list[tuple[Any, dict]]:
    if not (items and all(isinstance(x, dict) for x in items)):
        return []
    kind = _list_kind(path)
    return [(i if kind == "track" or kind is None else rec.get(_RECORD_LISTS[kind], i), rec) for i, rec in enumerate(items)]


def provisional_items(data: TocData) -> list[dict]:
    """Every record or value still marked "provisional" or "U" (owner values are never listed).

    Items: {"key": dotted path (the override address), "value": short text, "confidence": ..., "note": check/note text}.
    """
    return gamedata.flagged_items(data.raw, _KEYS, _record_value, _records_in)


#: ``data_of(state)``: the game data for the state's overrides (the last eight kept; game.py re-exports it)
data_of = gamedata.data_by_overrides(load)
