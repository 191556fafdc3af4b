"""The owner's Radlands data (``overrides/radlands.toml``) merged by id over the shipped namespace.

The file has the shape of the data (see ``data.py``)::

    [rules]                        # any number of [rules]; first_game = {experienced = [...], other = [...]}
    edition = "2.0"
    [rules.provisional]            # a provisional ruling replaced by the owner's reading
    raiders_entry_when_blocked = "no_effect"

    [sets.cult_of_chrome]          # how the owner's expansion combines; deck_cards and camps are counted
    combine = "add_to_base"
    rulebook_edition = "2.0"

    [icons.my_icon]                # a new icon: label_en (as printed), label_pt, junk_ok, default_target
    label_en = "…"

    [camps.my_camp]                # a new card: every field of its kind (status is always "owner")
    name = "…"
    set = "cult_of_chrome"
    draw = 1
    abilities = [{ cost = 1, effects = ["damage"], text = "the owner's wording" }]

    [camps.construction_yard]      # a correction of a shipped card: only the fields that change
    abilities = [{ cost = 1, effects = ["manual"], text = "…" }]

A list (abilities, effects, traits) replaces the shipped list whole. Every card, set, icon or rule the owner
touches is marked "owner" (``ns["owner"]`` keeps the dotted paths). Errors name the path, what is wrong and
what is valid.
"""

from __future__ import annotations

from typing import Any

from ..core.gamedata import DataError, toml_text
from ..core.msg import Msg
from ..core.overrides import check_type, unknown
from .schema import DEFAULTS, EXTRA_FIELDS, FIELDS, TABLES, TEXT_FIELDS

OVERRIDABLE = ("rules", "sets", "icons", "camps", "people", "events", "player_cards")
_FIXED_RULES = ("basis", "choices", "status", "source")
_SET_FIELDS = {"name": str, "in_play": bool, "combine": str, "rulebook_edition": str, "note": str, "source": str}
_ICON_FIELDS = {"label_en": str, "label_pt": str, "junk_ok": bool, "default_target": str, "note": str, "source": str}
_KIND_OF = {table: kind for kind, table in TABLES.items()}


def merge(ns: dict, over: dict) -> None:
    for raw, value in over.items():
        key = str(raw)
        if key not in OVERRIDABLE:
            raise unknown(key, list(OVERRIDABLE))
        if not isinstance(value, dict):
            raise DataError(f"overrides: [{key}] must be a table, got {toml_text(value)}",
                            Msg("core.data.override_section_not_table", {"path": key, "value": toml_text(value)}))
        if key == "rules":
            _rules(ns, value)
        elif key == "sets":
            _records(ns, "sets", value, _SET_FIELDS, required=("name",),
                     defaults={"in_play": True, "combine": "add_to_base", "rulebook_edition": "", "deck_cards": 0, "camps": 0})
            _combine_supported(ns, value)
        elif key == "icons":
            _records(ns, "icons", value, _ICON_FIELDS, required=("label_en",),
                     defaults={"junk_ok": True, "default_target": "manual"})
            for icon in ns["icons"].values():
                if icon.get("status") == "owner" and "label_en" in icon:
                    icon.setdefault("label_pt", icon["label_en"])
        else:
            _cards(ns, key, value)


#: combine values the program cannot play (rules-file §3.2: how the expansion combines is unknown); refused, never
#: accepted and ignored. "add_to_base" is played; "unknown" is played as "add_to_base", marked PROVISIONAL.
UNSUPPORTED_COMBINE = ("replace", "separate")


def _combine_supported(ns: dict, over: dict) -> None:
    for raw in over:
        path = f"sets.{raw}.combine"
        s = ns["sets"][str(raw)]
        if s.get("in_play") and s.get("combine") in UNSUPPORTED_COMBINE:
            raise DataError(f"overrides: {path} = {toml_text(s['combine'])} is not supported: a set in play is added to the "
                            f"base decks (add_to_base; unknown plays the same, marked PROVISIONAL); to play without it, "
                            f"write in_play = false under [sets.{raw}]",
                            Msg("radlands.data.combine_unsupported", {"path": path, "value": toml_text(s["combine"]), "set": str(raw)}))


def _owner(ns: dict, path: str) -> None:
    if path not in ns["owner"]:
        ns["owner"].append(path)


# ------------------------------------------------------------------------------------ rules


def _rules(ns: dict, over: dict) -> None:
    rules = ns["rules"]
    for raw, value in over.items():
        key = str(raw)
        path = f"rules.{key}"
        if key in _FIXED_RULES:
            raise DataError(f"overrides: {path} is the program's own note and cannot be changed; change the values in [rules] or [rules.provisional]",
                            Msg("radlands.data.fixed_rule", {"path": path}))
        if key not in rules:
            raise unknown(path, [k for k in rules if k not in _FIXED_RULES])
        if key in ("provisional", "first_game"):
            if not isinstance(value, dict):
                raise DataError(f"overrides: [{path}] must be a table, got {toml_text(value)}",
                                Msg("core.data.override_section_not_table", {"path": path, "value": toml_text(value)}))
            for raw_sub, sub in value.items():
                sk = str(raw_sub)
                if sk not in rules[key]:
                    raise unknown(f"{path}.{sk}", list(rules[key]))
                check_type(rules[key][sk], sub, f"{path}.{sk}")
                rules[key][sk] = sub
                _owner(ns, f"{path}.{sk}")
            continue
        check_type(rules[key], value, path)
        rules[key] = value
        _owner(ns, path)


# ------------------------------------------------------------------------------- sets, icons


def _records(ns: dict, table: str, over: dict, fields: dict[str, type], *, required: tuple[str, ...], defaults: dict) -> None:
    for raw, entry in over.items():
        rid = str(raw)
        path = f"{table}.{rid}"
        entry = _entry(entry, path)
        for k, v in entry.items():
            if k not in fields:
                if k in ("deck_cards", "camps"):
                    raise DataError(f"overrides: {path}.{k} is counted from the cards; add or correct cards instead",
                                    Msg("radlands.data.counted", {"path": f"{path}.{k}"}))
                raise unknown(f"{path}.{k}", list(fields))
            if not isinstance(v, fields[k]):
                raise DataError(f"overrides: {path}.{k} must be {'true/false' if fields[k] is bool else 'text'}, got {toml_text(v)}",
                                Msg("core.data.override_type", {"path": f"{path}.{k}", "kind": "@core.data.kind." + ("bool" if fields[k] is bool else "str"),
                                                                "value": toml_text(v)}))
        if rid in ns[table]:
            rec = ns[table][rid]
            rec.update(entry)
        else:
            missing = [k for k in required if k not in entry]
            if missing:
                optional = ", ".join(k for k in fields if k not in required)
                raise DataError(f"overrides: {path} is new: missing {', '.join(missing)}; a new entry of [{table}] needs "
                                f"{', '.join(required)} (optional: {optional})",
                                Msg("radlands.data.new_entry", {"path": path, "missing": ", ".join(missing), "table": table,
                                                                "required": ", ".join(required), "optional": optional}))
            rec = ns[table][rid] = {**defaults, **entry}
            rec.setdefault("source", "owner's copy")
        rec["status"] = "owner"
        _owner(ns, path)


# ------------------------------------------------------------------------------------- cards


def _entry(entry: Any, path: str) -> dict:
    if not isinstance(entry, dict):
        raise DataError(f"overrides: {path} must be a table of fields, got {toml_text(entry)}",
                        Msg("radlands.data.fields", {"path": path, "value": toml_text(entry)}))
    return {str(k): v for k, v in entry.items() if k != "status"}  # an owner entry is "owner" by definition


def _cards(ns: dict, table: str, over: dict) -> None:
    kind = _KIND_OF[table]
    fields = FIELDS[kind]
    allowed = list(fields) + list(TEXT_FIELDS) + ["aliases"]
    for raw, entry in over.items():
        cid = str(raw)
        path = f"{table}.{cid}"
        entry = _entry(entry, path)
        for k in entry:
            if k not in allowed:
                raise unknown(f"{path}.{k}", allowed, "field")
        for k, v in entry.items():
            typ = fields.get(k) or EXTRA_FIELDS.get(k) or str
            if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
                raise DataError(f"overrides: {path}.{k} must be {_type_word(typ)}, got {toml_text(v)}",
                                Msg("core.data.override_type", {"path": f"{path}.{k}", "kind": _type_term(typ), "value": toml_text(v)}))
        if cid in ns[table]:
            card = ns[table][cid]
            for k, v in entry.items():
                if k in card:
                    check_type(card[k], v, f"{path}.{k}")
                card[k] = v
            card["status"] = "owner"
            card["source"] = entry.get("source") or f"{card.get('source', '')}; corrected by the owner"
            card.pop("faq_variant", None)  # the owner's card is the card
        else:
            elsewhere = [t for t in TABLES.values() if cid in ns[t]]
            if elsewhere:
                raise DataError(f"overrides: {path}: '{cid}' is a card of [{elsewhere[0]}]; correct it under [{elsewhere[0]}.{cid}]",
                                Msg("radlands.data.other_table", {"path": path, "card": cid, "table": elsewhere[0]}))
            if kind == "player":
                raise unknown(path, list(ns[table]), "player card")
            required = [k for k in fields if k not in DEFAULTS[kind]]
            missing = [k for k in required if k not in entry]
            if missing:
                optional = ", ".join([*DEFAULTS[kind], *TEXT_FIELDS, "aliases"])
                raise DataError(f"overrides: {path} is a new {kind}: missing {', '.join(missing)}; a new {kind} needs "
                                f"{', '.join(required)} (optional: {optional})",
                                Msg(f"radlands.data.new_{kind}", {"path": path, "missing": ", ".join(missing),
                                                                  "required": ", ".join(required), "optional": optional}))
            card = ns[table][cid] = {**{k: (list(v) if isinstance(v, list) else v) for k, v in DEFAULTS[kind].items()}, **entry}
            card["status"] = "owner"
            card.setdefault("source", "owner's copy")
            ns.setdefault("owner_new", []).append(cid)  # no catalog text: card_text writes it or asks for it
        _owner(ns, path)


def _type_word(typ: type) -> str:
    return {str: "text", int: "a whole number", bool: "true/false", list: "a list", dict: "a table"}.get(typ, typ.__name__)


def _type_term(typ: type) -> str:
    """``_type_word`` as a term of the catalogs (``@core.data.kind.*``)."""
    kind = {str: "str", int: "int", bool: "bool", list: "list", dict: "table"}.get(typ)
    return f"@core.data.kind.{kind}" if kind else typ.__name__
