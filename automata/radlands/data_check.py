"""Validation of the Radlands data namespace, and the list of what is provisional (for ``tabletop data check``)."""

from __future__ import annotations

from typing import Any

from ..core.datacheck import Check
from ..core.gamedata import DataError, context_msg, join, short, toml_text
from ..core.msg import Msg
from . import vocabulary
from . import card_text
from .schema import ABILITY_KEYS, COMBINE, EXTRA_FIELDS, FIELDS, KEYS, RULE_NUMBERS, STATUSES, TABLES, TEXT_FIELDS

_BOOKKEEPING = ("id", "kind", "status", "printed", "variant")


class _Check(Check):
    below_min = "must be a whole number ≥ {min}, got {value}"
    below_min_id = "core.data.below_min_whole"

    def status(self, node: dict, path: str) -> None:
        s = self.typed(node, "status", str, path)
        if s is not None and s not in STATUSES:
            self.fail(f"{join(path, 'status')} must be one of {', '.join(STATUSES)}; got {toml_text(s)}",
                      Msg("core.data.one_of", {"key": join(path, "status"), "valid": ", ".join(STATUSES), "value": toml_text(s)}))
        self.typed(node, "source", str, path)

    def entries(self, table: dict, prefix: str, what: str):
        """(id, entry, path) for every entry of ``table`` that is a table; a non-table entry or an id that is not
        lower case letters, digits and '_' is reported (``what``: "a set", "an icon")."""
        for eid, entry in table.items():
            path = f"{prefix}.{eid}"
            if not isinstance(entry, dict):
                self.fail(f"{path} must be a table", Msg("core.data.table", {"key": path}))
                continue
            if not vocabulary.ID_RE.match(eid):
                self.fail(f"{path}: {what} id is lower case letters, digits and '_'")
            yield eid, entry, path


def validate(ns: dict, context: str, *, shipped: bool) -> None:
    chk = _Check()
    missing = [k for k in KEYS if not isinstance(ns.get(k), dict)]
    if missing:
        raise DataError(f"{context}: missing or not a table: {', '.join(missing)}",
                        Msg("core.data.invalid", {"context": context_msg(context).to_data(),
                                                  "problems": Msg("core.data.missing_tables", {"keys": ", ".join(missing)}).to_data()}))
    _rules(ns, chk)
    _sets(ns["sets"], chk)
    icon_ids = _icons(ns["icons"], chk)
    seen: dict[str, str] = {}
    for kind, table in TABLES.items():
        for cid, card in ns[table].items():
            path = f"{table}.{cid}"
            if cid in seen:
                chk.fail(f"{path}: the id '{cid}' is already used by {seen[cid]}.{cid}")
            seen[cid] = table
            _card(card, kind, path, ns, icon_ids, chk, shipped=shipped)
    if shipped:
        _set_sizes(ns, chk)
    if chk.errors:
        raise chk.error(context)


# ------------------------------------------------------------------------------------ rules


def _rules(ns: dict, chk: _Check) -> None:
    rules = ns["rules"]
    chk.status(rules, "rules")
    chk.typed(rules, "edition", str, "rules")
    for key in RULE_NUMBERS:
        chk.typed(rules, key, int, "rules", min=0)
    fg = chk.typed(rules, "first_game", dict, "rules")
    if fg is not None:
        if sorted(fg) != ["experienced", "other"]:
            chk.fail(f"rules.first_game must have 'experienced' and 'other'; got {', '.join(sorted(fg))}")
        for side, camps in fg.items():
            p = f"rules.first_game.{side}"
            kept = rules.get("camps_kept")
            if not isinstance(camps, list) or (isinstance(kept, int) and len(camps) != kept):
                chk.fail(f"{p} must be a list of {kept} camp ids, got {toml_text(camps)}")
                continue
            for c in camps:
                if c not in ns["camps"]:
                    chk.fail(f"{p}: unknown camp '{c}'")
    prov = chk.typed(rules, "provisional", dict, "rules")
    basis = chk.typed(rules, "basis", dict, "rules") or {}
    choices = chk.typed(rules, "choices", dict, "rules") or {}
    if prov is None:
        return
    for key, value in prov.items():
        p = f"rules.provisional.{key}"
        if key not in basis:
            chk.fail(f"{p} has no reason in rules.basis")
        if key == "symbol_cost_base":
            chk.typed(prov, key, int, "rules.provisional", min=0)
        elif not isinstance(value, str):
            chk.fail(f"{p} must be text, got {toml_text(value)}")
        if key in choices and value not in choices[key]:
            chk.fail(f"{p} must be one of {', '.join(map(str, choices[key]))}; got {toml_text(value)}")
    for key in list(basis) + list(choices):
        if key not in prov:
            chk.fail(f"rules.basis / rules.choices name '{key}', which is not in rules.provisional")


# ------------------------------------------------------------------------------- sets, icons


def _sets(sets: dict, chk: _Check) -> None:
    if "base" not in sets:
        chk.fail("sets.base is missing")
    for _, s, p in chk.entries(sets, "sets", "a set"):
        chk.typed(s, "name", str, p)
        chk.status(s, p)
        chk.typed(s, "in_play", bool, p)
        chk.typed(s, "rulebook_edition", str, p)
        chk.typed(s, "deck_cards", int, p, min=0)
        chk.typed(s, "camps", int, p, min=0)
        combine = chk.typed(s, "combine", str, p)
        if combine is not None and combine not in COMBINE:
            chk.fail(f"{p}.combine must be one of {', '.join(COMBINE)}; got {toml_text(combine)}")


def _icons(icons: dict, chk: _Check) -> tuple[str, ...]:
    for iid, icon, p in chk.entries(icons, "icons", "an icon"):
        chk.typed(icon, "junk_ok", bool, p)
        chk.typed(icon, "default_target", str, p)
        chk.status(icon, p)
        for k in ("label_en", "label_pt"):
            if k in icon and not isinstance(icon[k], str):
                chk.fail(f"{p}.{k} must be text")
        if icon.get("status") == "owner" and iid not in vocabulary.ICONS and iid != "destroy" and not icon.get("label_en"):
            chk.fail(f"{p}.label_en is missing (the icon's name as printed)")
    return tuple(icons)


# ------------------------------------------------------------------------------------- cards


def _card(card: Any, kind: str, path: str, ns: dict, icon_ids: tuple[str, ...], chk: _Check, *, shipped: bool) -> None:
    if not isinstance(card, dict):
        chk.fail(f"{path} must be a table")
        return
    if not vocabulary.ID_RE.match(card["id"]):
        chk.fail(f"{path}: a card id is lower case letters, digits and '_'")
    fields = FIELDS[kind]
    chk.status(card, path)
    owner = card.get("status") == "owner"
    allowed = set(fields) | set(TEXT_FIELDS) | set(EXTRA_FIELDS) | set(_BOOKKEEPING)
    extra = sorted(k for k in card if k not in allowed)
    if extra:
        chk.fail(f"{path}: unknown field(s) {', '.join(extra)}; valid: {', '.join(list(fields) + list(TEXT_FIELDS) + ['aliases'])}")
    for key, typ in fields.items():
        if kind == "player" and key not in card and key not in ("name", "set"):
            continue  # Raiders and the Water Silo have only some fields
        v = chk.typed(card, key, typ, path, min=0 if typ is int else None)
        if key == "set" and v is not None and v not in ns["sets"]:
            chk.fail(f"{path}.set: unknown set '{v}'; valid: {', '.join(ns['sets'])}")
    for key in TEXT_FIELDS:
        if key in card and not isinstance(card[key], str):
            chk.fail(f"{path}.{key} must be text")
    if "aliases" in card:
        chk.str_list(card, "aliases", path)
    junk = card.get("junk")
    if isinstance(junk, str) and not (junk in ns["icons"] and ns["icons"][junk].get("junk_ok")):
        valid = [i for i, x in ns["icons"].items() if x.get("junk_ok")]
        chk.fail(f"{path}.junk: '{junk}' is not a junk icon; valid: {', '.join(valid)}")
    bomb = card.get("bomb")
    spaces = ns["rules"].get("queue_spaces", 3)
    if isinstance(bomb, int) and isinstance(spaces, int) and bomb > spaces:
        chk.fail(f"{path}.bomb must be 0..{spaces}, got {bomb}")
    if kind == "person" and card.get("unique") is True and isinstance(card.get("copies"), int) and card["copies"] > 1:
        chk.fail(f"{path}: a unique person has 1 copy, got {card['copies']}")
    icons = icon_ids if owner else ()
    if isinstance(card.get("effects"), list):
        _effects(card["effects"], f"{path}.effects", icons, chk)
    if isinstance(card.get("on_enter"), list):
        _effects(card["on_enter"], f"{path}.on_enter", icons, chk)
    if isinstance(card.get("traits"), list):
        for t in card["traits"]:
            if not isinstance(t, str) or (t not in vocabulary.TRAITS and (shipped or not owner or not vocabulary.ID_RE.match(t))):
                chk.fail(f"{path}.traits: unknown trait {t!r}; valid: {', '.join(vocabulary.TRAITS)}"
                         + ("" if shipped else " (an owner card may name a new trait id, shown with its trait_text)"))
    if isinstance(card.get("abilities"), list):
        for n, ab in enumerate(card["abilities"], 1):
            _ability(ab, f"{path}.abilities[{n - 1}]", icons, chk)
    variant = card.get("faq_variant")
    if isinstance(variant, dict):
        chk.status(variant, f"{path}.faq_variant")
        for n, ab in enumerate(variant.get("abilities", []), 1):
            _ability(ab, f"{path}.faq_variant.abilities[{n - 1}]", (), chk, raw=True)


def _effects(effects: list, path: str, icons: tuple[str, ...], chk: _Check) -> None:
    for i, e in enumerate(effects):
        problem = vocabulary.effect_problem(e, icons)
        if problem:
            chk.fail(f"{path}[{i}]: {problem}")


def _ability(ab: Any, path: str, icons: tuple[str, ...], chk: _Check, *, raw: bool = False) -> None:
    if not isinstance(ab, dict):
        chk.fail(f"{path} must be a table {{cost = …, effects = […]}}, got {toml_text(ab)}")
        return
    extra = sorted(k for k in ab if k not in ABILITY_KEYS and k != "text_key")
    if extra:
        chk.fail(f"{path}: unknown key(s) {', '.join(extra)}; valid: {', '.join(ABILITY_KEYS)}")
    cost = ab.get("cost")
    if cost is None:
        chk.fail(f"{path}.cost is missing")
    elif not (cost == vocabulary.SYMBOL_COST or (isinstance(cost, int) and not isinstance(cost, bool) and cost >= 0)):
        chk.fail(f"{path}.cost must be a whole number ≥ 0 or \"symbol\", got {toml_text(cost)}")
    effects = chk.str_list(ab, "effects", path)
    if effects is not None:
        _effects(effects, f"{path}.effects", icons, chk)
    for key, valid in (("condition", vocabulary.CONDITIONS), ("cost_mod", vocabulary.COST_MODIFIERS)):
        v = ab.get(key, "")
        if v != "" and v not in valid:
            chk.fail(f"{path}.{key}: unknown {key} {v!r}; valid: {', '.join(valid)} (or leave it out)")
    if "text" in ab and not isinstance(ab["text"], str):
        chk.fail(f"{path}.text must be text")



def _set_sizes(ns: dict, chk: _Check) -> None:
    """The shipped sets declare their sizes; they must match their cards."""
    for sid, s in ns["sets"].items():
        if not isinstance(s, dict):
            continue
        deck = sum(c.get("copies", 0) for t in ("people", "events") for c in ns[t].values() if c.get("set") == sid)
        camps = sum(1 for c in ns["camps"].values() if c.get("set") == sid)
        if s.get("deck_cards") != deck:
            chk.fail(f"sets.{sid}.deck_cards is {s.get('deck_cards')} but its people and events add up to {deck}")
        if s.get("camps") != camps:
            chk.fail(f"sets.{sid}.camps is {s.get('camps')} but it has {camps} camps")


# ------------------------------------------------------------------------------ provisional


def provisional_items(data) -> list[dict]:
    """Every provisional value not replaced by the owner: {"key", "value", "confidence", "note"}."""
    items: list[dict] = []
    rules = data.rules
    for key, value in rules["provisional"].items():
        if data.rule_is_provisional(key):
            items.append({"key": f"rules.provisional.{key}", "value": short(value), "confidence": "provisional",
                          "note": rules["basis"].get(key, "")})
    symbol_owned = not data.rule_is_provisional("symbol_cost_base")
    yard_open = data.rule_is_provisional("construction_yard")  # the owner has not chosen printed or FAQ
    for kind, table in TABLES.items():
        for cid, card in getattr(data, table).items():
            if card["status"] == "owner":
                continue
            if card["status"] == "provisional" and (cid != "construction_yard" or not yard_open):
                items.append({"key": f"{table}.{cid}", "value": card["name"], "confidence": "provisional",
                              "note": card.get("source", "")})
            if symbol_owned:
                continue
            for i, ab in enumerate(card.get("abilities", [])):
                if ab["cost"] == vocabulary.SYMBOL_COST:
                    items.append({"key": f"{table}.{cid}.abilities[{i}].cost", "value": vocabulary.SYMBOL_COST,
                                  "confidence": "provisional",
                                  "note": f"printed as a symbol: own cost {rules['provisional']['symbol_cost_base']} plus the "
                                          "cost it borrows, a 0-cost use for the not-ready marker"})  # rules file §4.1 item 5
    cy = data.camps.get("construction_yard")
    if cy is not None and cy["status"] != "owner" and "faq_variant" in cy and yard_open:
        shown = cy.get("variant", "printed")
        items.append({"key": "camps.construction_yard", "value": shown, "confidence": "provisional",
                      "note": "printed card (revives a destroyed camp) vs the v1.2 FAQ (moves a person): check your copy; "
                              "switch: rules.provisional.construction_yard"})  # rules file §2.13, §2.15 q1
    for sid, s in data.sets.items():
        if s["status"] == "provisional":
            items.append({"key": f"sets.{sid}", "value": f"{s['deck_cards']} deck cards, {s['camps']} camps, combine={s['combine']}",
                          "confidence": "provisional", "note": s.get("note", s.get("source", ""))})
    for sid in data.in_play():
        s = data.sets[sid]
        if s["status"] == "owner" and s["combine"] == "unknown" and (s["deck_cards"] or s["camps"]):
            items.append({"key": f"sets.{sid}.combine", "value": "unknown", "confidence": "provisional",
                          "note": "played as add_to_base: the set's people and events go into the draw deck, its camps into "
                                  "the camp deck; write how your rulebook combines it"})  # rules file §3.2, §3.3
    for path, _name in card_text.missing_texts(data):
        items.append({"key": path, "value": "(none)", "confidence": "provisional",
                      "note": "a card you entered without this text, which the program cannot write from its icons: write the text as printed"})
    for iid, icon in data.icons.items():
        if icon["status"] == "provisional":
            items.append({"key": f"icons.{iid}", "value": icon.get("label_en", iid), "confidence": "provisional",
                          "note": icon.get("source", "")})
    return items
