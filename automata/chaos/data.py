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

import re
from pathlib import Path
from typing import Any

from ..core import gamedata
from ..core.datacheck import Check
from ..core.gamedata import FLAGGED, DataError, data_keys, is_meta, join, short, toml_text
from ..core.gamedata import CONFIDENCES, UnknownName  # noqa: F401  (re-exported, as before the move to core)
from ..core.overrides import Overrides, check_type, mark, unknown
from ..core.msg import Msg

DATA_DIR = Path(__file__).parent / "data"

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

#: what a dial's reward may say; compiled when the data is checked (``REWARD_RE``), not by every command that reads it
REWARD_PATTERN = (
    r"^(start|upgrade|ask|(vp|draw|place_warpstone|place_noble|remove_corruption|remove_old_world_tokens):[1-9][0-9]*)$"
)


def __getattr__(name: str) -> Any:
    if name == "REWARD_RE":
        return re.compile(REWARD_PATTERN)  # the re module keeps the compiled pattern
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

TZEENTCH_DRAW = "discard_one_then_fill_to_5"
FOLLOWER_ROLES = ("cultist", "warrior", "daemon")
#: what an upgrade of a figure kind changes, as automata/chaos/worth.py computes it (an owner may add them)
#: what an owner may give for an Old World card the data has no effect for (overrides/chaos.toml)
OWNER_EFFECT_KEYS = ("effect", "end_effect")
UPGRADE_MODIFIERS = ("attack", "defense", "early", "domination_figures", "magic_symbols", "summon_corruption", "parting_hits")
CARD_FLAGS = ("magic", "board_effect", "domination_effect", "battle_effect", "no_corruption", "corruption_effect")
YES_NO_ASK = ("yes", "no", "ask")
#: how the program deals with a card's effect (chaos_cards.toml, old_world.toml: ``handling``)
HANDLING = ("computed", "asked", "table")
#: domination modifiers the program computes (rules file §2.8): Plague Aura, Insidious Lies, The Skull Throne
DOMINATION_RULES = ("plus_own_corruption", "plus_2_per_hero_noble", "attack_for_figures")
# keys whose shipped values differ in type between records (Khorne draws 2, Tzeentch fills to 5)
_POLYMORPHIC = {"draw"}
#: the namespace keys, in the order of the files
_KEYS = tuple(target for _, _, target in _FILES)


# ----------------------------------------------------------------------------------- reading


@gamedata.cached_default(DATA_DIR, _FILES, _FILE_KEYS)
def _default(ns: dict, check: bool = True) -> "ChaosData":
    if check:
        _validate(ns)
    return ChaosData(ns)


_shipped = _default.shipped  # the raw namespace of the shipped files (never mutated; copy before use)


def load(overrides: dict | None = None) -> "ChaosData":
    """The game data, validated; ``overrides`` (parsed owner file) deep-merged over the shipped files.

    Without overrides the result is cached and shared: treat it as read-only.
    """
    return gamedata.load_data(overrides, _default, _shipped, _merge_overrides, _with_overrides)


def _merge_overrides(ns: dict, overrides: dict) -> None:
    _OVERRIDES.merge(ns, overrides, "", None)


def _with_overrides(ns: dict) -> "ChaosData":
    _validate(ns, "with the owner overrides, the Chaos in the Old World data is invalid")
    return ChaosData(ns)


# ----------------------------------------------------------------------------------- merging


def _record_id_key(items: list) -> str | None:
    """"id" or "key" when ``items`` is a non-empty list of records addressed by that field."""
    if not items or not all(isinstance(x, dict) for x in items):
        return None
    for field in ("id", "key"):
        if all(field in x for x in items):
            return field
    return None


class _ChaosOverrides(Overrides):
    """Lists of records by ``id`` (``key`` for upgrades), also given as a list of tables; tables keyed by
    numbers take new numbers; ``draw`` is a number or text; a dial's positions are marked one by one."""

    def add_key(self, base: dict, key: str, value: Any, path: str, rec: dict | None) -> None:
        keys = data_keys(base)
        if key in UPGRADE_MODIFIERS and ".upgrades." in path and base.get("key") in FOLLOWER_ROLES:
            # an upgrade the program does not compute yet: the owner gives what the printed card does
            # (automata/chaos/worth.py reads these keys); the type is checked here, the rest by validation
            kind = bool if key in ("early", "parting_hits") else int
            if type(value) is not kind:
                raise DataError(f"overrides: {path} must be {'true or false' if kind is bool else 'a whole number'}, got {toml_text(value)}",
                                Msg("core.data.override_type", {"path": path, "kind": "@core.data.kind." + kind.__name__,
                                                                "value": toml_text(value)}))
            base[key] = value
            mark(rec, key)
            return
        if key in OWNER_EFFECT_KEYS and path.startswith("old_world.") and "end_phase_effect" in base:
            # what the printed card does, in the data's vocabulary (old_world.toml), for a card the data gives no
            # effect: the program then applies it (the shape is checked here, the entries by validation)
            if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
                raise DataError(f"overrides: {path} must be a list of tables, got {toml_text(value)}",
                                Msg("core.data.override_type", {"path": path, "kind": "@core.data.kind.list", "value": toml_text(value)}))
            base[key] = value
            if key == "effect":
                base["handling"] = "computed"
                base["handling_note"] = "effect entered by the owner; applied by the program"
            elif base.get("end_phase_effect") == "ask":
                base["end_phase_effect"] = "yes"  # an End-phase effect given is one the card prints
            mark(rec, key)
            return
        if key.isdigit() and keys and all(k.isdigit() for k in keys):
            # a table keyed by numbers (e.g. Old World deck size per player count) is open
            if type(value) is not int:
                raise DataError(f"overrides: {path} must be a whole number, got {toml_text(value)}",
                                Msg("core.data.override_type", {"path": path, "kind": "@core.data.kind.int", "value": toml_text(value)}))
            base[key] = value
            mark(rec, key)
            return
        raise unknown(path, keys)

    def is_record_list(self, items: list, path: str) -> bool:
        return _record_id_key(items) is not None

    def merge_records(self, items: list[dict], over: Any, path: str) -> list[dict]:
        field = _record_id_key(items)
        by_id = {x[field]: x for x in items}
        if isinstance(over, list):
            table = {}
            for i, entry in enumerate(over):
                if not isinstance(entry, dict) or field not in entry:
                    raise DataError(f"overrides: {path}[{i}] must be a table with '{field}'",
                                    Msg("core.data.table_with", {"path": f"{path}[{i}]", "field": field}))
                table[entry[field]] = {k: v for k, v in entry.items() if k != field}
            over = table
        if not isinstance(over, dict):
            raise DataError(f"overrides: {path} must be a table keyed by {field}, got {toml_text(over)}",
                            Msg("core.data.table_keyed_by", {"path": path, "field": field, "value": toml_text(over)}))
        self.merge_by_id(by_id, over, path, field)
        return items

    def check_type(self, old: Any, new: Any, path: str, key: str) -> None:
        if key in _POLYMORPHIC and isinstance(new, (int, str)) and not isinstance(new, bool):
            return
        check_type(old, new, path)


_OVERRIDES = _ChaosOverrides()


# -------------------------------------------------------------------------------- validation


class _Check(Check):
    def optional(self, node: dict, key: str, kind, path: str, min: int | None = None) -> Any:
        """``typed`` for a key that may be left out."""
        if not isinstance(node, dict) or key not in node:
            return None
        return self.typed(node, key, kind, path, min=min)

    def int_list(self, node: dict, key: str, path: str, length: int | None = None) -> list[int] | None:
        v = self.typed(node, key, list, path)
        if v is None:
            return None
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            self.fail(f"{join(path, key)} must be a list of whole numbers, got {toml_text(v)}")
            return None
        if length is not None and len(v) != length:
            self.fail(f"{join(path, key)} must have {length} values, got {len(v)}")
        return v


def _validate(ns: dict, context: str = "invalid Chaos in the Old World data") -> None:
    chk = _Check()
    for key in _KEYS:
        if key not in ns:
            chk.fail(f"'{key}' is missing")
    if chk.errors:
        raise DataError("; ".join(chk.errors), gamedata.problems(chk.messages))
    region_ids = _validate_regions(ns["regions"], chk)
    _validate_ruination(ns["ruination"], region_ids, chk)
    power_ids = _validate_powers(ns["powers"], chk)
    _validate_cards(ns["cards"], ns["powers"], power_ids, chk)
    _validate_old_world(ns["old_world"], chk)
    _validate_setup(ns["setup"], ns, chk)
    _validate_rules(ns["rules"], chk)
    chk.confidences(ns, "", per_position=True)
    if chk.errors:
        raise chk.error(context)


def _records(items: list, path: str, field: str, what: str, chk: _Check):
    """(record, its path) for each record of the list at ``path``; a ``field`` value seen twice fails."""
    seen = set()
    for i, rec in enumerate(items):
        rp = f"{path}[{i}]"
        if not chk.record(rec, rp):
            continue
        rid = chk.typed(rec, field, str, rp)
        if rid in seen:
            chk.fail(f"{path}: {what} '{rid}' appears twice")
        seen.add(rid)
        yield rec, rp


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
                chk.fail(f"{p}.draw must be a whole number or '{TZEENTCH_DRAW}', got {toml_text(draw)}")
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
        for u, up in _records(ups or [], f"{p}.upgrades", "key", "key", chk):
            chk.typed(u, "name", str, up)
            chk.typed(u, "pp_bonus", int, up, min=0)
            chk.typed(u, "effect", str, up)
            for k in ("attack", "defense", "domination_figures", "magic_symbols", "summon_corruption"):
                chk.optional(u, k, int, up, min=0)
            for k in ("early", "parting_hits"):
                chk.optional(u, k, bool, up)
            mods = [k for k in UPGRADE_MODIFIERS if k in u]
            if mods and u.get("key") not in FOLLOWER_ROLES:
                chk.fail(f"{up}: {', '.join(mods)} change a figure, but key '{u.get('key')}' is no figure kind; "
                         f"valid: {', '.join(FOLLOWER_ROLES)}")
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
        if not re.match(REWARD_PATTERN, r):
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
        total = 0
        for c, cp in _records(deck, p, "id", "card id", chk):
            chk.typed(c, "name", str, cp)
            chk.typed(c, "cost", int, cp, min=0)
            copies = chk.typed(c, "copies", int, cp, min=0)
            total += copies if isinstance(copies, int) else 0
            chk.typed(c, "early_dice", int, cp, min=0)
            chk.typed(c, "resistance_mod", int, cp)
            chk.optional(c, "kill_draw", int, cp)
            chk.optional(c, "own_defense", int, cp)
            chk.optional(c, "enemy_defense", int, cp)
            chk.optional(c, "consume_per_token", int, cp, min=1)
            chk.optional(c, "may_stay", bool, cp)
            for flag in CARD_FLAGS:
                chk.typed(c, flag, bool, cp)
            chk.typed(c, "summary", str, cp)
            _handling(c, cp, HANDLING, chk)
            dom = chk.optional(c, "domination", str, cp)
            if dom is not None and dom not in DOMINATION_RULES:
                chk.fail(f"{cp}.domination must be one of {', '.join(DOMINATION_RULES)}, got {toml_text(dom)}")
        size = powers.get(pid, {}).get("deck_size")
        if isinstance(size, int) and total != size:
            chk.fail(f"{p}: copies add up to {total}, but powers.{pid}.deck_size is {size}")


def _validate_old_world(cards: Any, chk: _Check) -> None:
    if not isinstance(cards, list) or not cards:
        chk.fail("old_world must be a list of cards")
        return
    for c, cp in _records(cards, "old_world", "id", "card id", chk):
        chk.typed(c, "name", str, cp)
        chk.typed(c, "copies", int, cp, min=0)
        chk.optional(c, "discarded_by_card", bool, cp)
        for key in ("effect", "end_effect"):
            effects = chk.optional(c, key, list, cp)
            for i, e in enumerate(effects or []):
                _validate_ow_effect(e, f"{cp}.{key}[{i}]", key, chk)
        chk.typed(c, "places_event_tokens", bool, cp)
        chk.typed(c, "summary", str, cp)
        _handling(c, cp, HANDLING[:2], chk)  # an Old World card is applied or asked, never silently skipped
        for k in ("end_phase_effect", "ongoing_effect", "comet"):
            if k in c and c[k] not in YES_NO_ASK:
                chk.fail(f"{cp}.{k} must be one of {', '.join(YES_NO_ASK)}, got {toml_text(c[k])}")
        if "end_phase_effect" not in c:
            chk.fail(f"{cp}.end_phase_effect is missing")
        elif c.get("end_effect") and c["end_phase_effect"] == "no":
            chk.fail(f"{cp}.end_effect is given but {cp}.end_phase_effect is \"no\": set it to \"yes\"")


def _handling(c: dict, cp: str, valid: tuple, chk: _Check) -> None:
    """Every card says how the program deals with its effect (issue 29): ``handling`` and its ``handling_note``."""
    h = chk.typed(c, "handling", str, cp)
    if h is not None and h not in valid:
        chk.fail(f"{cp}.handling must be one of {', '.join(valid)}, got {toml_text(h)}")
    chk.optional(c, "handling_note", str, cp)


_OW_TOKENS = ("noble", "peasant", "warpstone", "hero", "skaven", "event")


def _validate_ow_effect(e: Any, p: str, key: str, chk: _Check) -> None:
    """One entry of an Old World card's ``effect`` / ``end_effect`` (vocabulary in old_world.toml)."""
    if not isinstance(e, dict):
        chk.fail(f"{p} must be a table")
        return
    if key == "end_effect":
        if ("discard" in e) == ("draw" in e):
            chk.fail(f"{p} needs one of 'discard' or 'draw'")
        chk.optional(e, "discard", int, p, min=1)
        chk.optional(e, "draw", int, p, min=1)
        if ("figures_in" in e) == ("figures_with" in e):
            chk.fail(f"{p} needs one of 'figures_in' (a region) or 'figures_with' (a token kind)")
        return
    token = chk.typed(e, "token", str, p)
    if token is not None and token not in _OW_TOKENS:
        chk.fail(f"{p}.token must be one of {', '.join(_OW_TOKENS)}, got {toml_text(token)}")
    ways = [k for k in ("where", "choose", "pairs") if k in e]
    if len(ways) != 1:
        chk.fail(f"{p} needs exactly one of 'where', 'choose', 'pairs'")
    chk.optional(e, "choose", int, p, min=1)
    chk.optional(e, "n", int, p, min=1)
    where = e.get("where")
    if where is not None and where != "all" and not (isinstance(where, list) and all(isinstance(x, str) for x in where)):
        chk.fail(f"{p}.where must be \"all\" or a list of regions, got {toml_text(where)}")


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
                chk.fail(f"setup.starting_tokens.{k} must be a whole number ≥ 0, got {toml_text(v)}")
        total = sum(v for v in tokens.values() if isinstance(v, int))
        if isinstance(ns["regions"], dict) and total != len(ns["regions"]):
            chk.fail(f"setup.starting_tokens add up to {total}; one per region needs {len(ns['regions'])}")
    deck = chk.typed(setup, "old_world_deck", dict, "setup")
    if deck is not None:
        for k in data_keys(deck):
            if not k.isdigit():
                chk.fail(f"setup.old_world_deck keys are player counts; got '{k}'")
            elif not isinstance(deck[k], int) or isinstance(deck[k], bool) or deck[k] < 1:
                chk.fail(f"setup.old_world_deck.{k} must be a whole number ≥ 1, got {toml_text(deck[k])}")


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
        chk.fail(f"rules.victory.precedence must order 'dial' and 'vp', got {toml_text(prec)}")
    tiebreak = chk.str_list(v, "tiebreak", "rules.victory")
    if tiebreak is not None and any(t not in ("most_vp", "highest_threat", "shared") for t in tiebreak):
        chk.fail(f"rules.victory.tiebreak lists 'most_vp', 'highest_threat' and 'shared' in the order they apply, got {toml_text(tiebreak)}")
    d = rules.get("dial_advance", {})
    chk.typed(d, "per_power_with_counter", int, "rules.dial_advance", min=0)
    chk.typed(d, "bonus_for_most", int, "rules.dial_advance", min=0)
    tie = chk.typed(d, "most_tie", str, "rules.dial_advance")
    if tie is not None and tie not in ("all_tied", "none"):
        chk.fail(f"rules.dial_advance.most_tie must be 'all_tied' or 'none', got {toml_text(tie)}")
    r = rules.get("ruination", {})
    window = chk.typed(r, "ruiner_window", str, "rules.ruination")
    if window is not None and window not in ("step", "round"):
        chk.fail(f"rules.ruination.ruiner_window must be 'step' or 'round', got {toml_text(window)}")
    chk.typed(r, "min_tokens_to_rank", int, "rules.ruination", min=0)
    chk.typed(r, "warpstone_removed_with_corruption", bool, "rules.ruination")
    rr = rules.get("ruined_regions", {})
    for k in ("no_chaos_cards", "no_old_world_tokens", "no_domination", "no_corruption_placement"):
        chk.typed(rr, k, bool, "rules.ruined_regions")
    ow = rules.get("old_world", {})
    resolved = chk.typed(ow, "resolved_cards", str, "rules.old_world")
    if resolved is not None and resolved not in ("track", "card"):
        chk.fail(f"rules.old_world.resolved_cards must be 'track' or 'card', got {toml_text(resolved)}")
    chk.typed(rules.get("threat", {}), "tie", str, "rules.threat")
    # readings the rules file records as data (§3.8-§3.11) whose other value the program does not play: an owner
    # value other than the one shipped is refused, never silently ignored
    for table, key, played in (("threat", "tie", "ask"), ("ruination", "ruin_check", "per_region"),
                               ("dial_advance", "power_order", True), ("dial_advance", "each_tick_reveals", True),
                               ("heroes", "region_order", True), ("heroes", "reevaluate_each_token", True),
                               ("corruption", "when_exhausted", "place_available_and_warn")):
        value = rules.get(table, {}).get(key, played)
        if value != played:
            chk.fail(f"rules.{table}.{key}: the program plays only {toml_text(played)}, got {toml_text(value)}")  # rules file §3
    chk.typed(rules.get("summoning", {}), "moved_figure_counts_for_placement", bool, "rules.summoning")
    chk.typed(rules.get("corruption", {}), "supply_per_power", int, "rules.corruption", min=0)
    for kind in ("noble", "peasant", "warpstone", "hero", "skaven", "event"):
        chk.optional(rules.get("tokens", {}), kind, int, "rules.tokens", min=0)


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
        raise ValueError(f"Ruination card number must be 1..{n}, got {toml_text(card_no)}")


_unknown_name = gamedata.unknown_name


# ------------------------------------------------------------------------------- name look-up


_ARTICLES = ("the ", "o ", "a ", "os ", "as ")


def _strip_article(text: str) -> str:
    for art in _ARTICLES:
        if text.startswith(art) and len(text) > len(art):
            return text[len(art):]
    return text


#: id(records) -> (records, forms, index): the look-up index of a list of records, built once (the records are kept,
#: so an id is never that of another list)
_INDEXES: dict[int, tuple[list[dict], dict, dict]] = {}


def _find(kind: str, text: str, records: list[dict], suggest: bool = True) -> str:
    kept = _INDEXES.get(id(records))
    if kept is None or kept[0] is not records:
        forms = {rec["id"]: [rec["name"], *rec.get("names", [])] for rec in records}
        if len(_INDEXES) > 64:
            _INDEXES.clear()
        kept = _INDEXES[id(records)] = (records, forms, gamedata.name_index(forms, gamedata.fold_name, _strip_article))
    return gamedata.find_name(kind, text, kept[1], [r["id"] for r in records], gamedata.fold_name, _strip_article,
                              suggest, kept[2])


def find_region(data: ChaosData, text: str, suggest: bool = True) -> str:
    """The region id for an id, English name or alias (any case, accents, spaces/dashes/underscores); the
    refusal names the closest regions unless ``suggest`` is False."""
    return _find("region", text, data.regions, suggest)


def find_power(data: ChaosData, text: str) -> str:
    """The Power id for an id, name or epithet (any case, accents, spaces/dashes/underscores)."""
    return _find("Power", text, data.powers)


# ----------------------------------------------------------------------------- provisional


def _record_value(rec: dict) -> str:
    parts = [f"{k}={short(v, 40)}" for k, v in rec.items()
             if not is_meta(k) and k not in ("id", "key", "names", "order") and not isinstance(v, (dict, list))
             or (k in ("first", "second", "adjacent", "ruiner_vp") and isinstance(v, list))]
    return short(", ".join(parts), 100)


def _records_in(items: list, path: str) -> list[tuple[Any, dict]]:
    field = _record_id_key(items)
    return [(rec[field], rec) for rec in items] if field else []


def _dial_positions(node: dict, path: str, conf: list, general: str):
    rewards, threats = node.get("rewards", []), node.get("threats", [])
    for i, c in enumerate(conf):
        if c in FLAGGED:
            where = f"Threat {threats[i]}" if i < len(threats) else f"position {i}"
            yield (f"{path}.rewards[{i}]", short(rewards[i] if i < len(rewards) else ""), c,
                   f"{where}: {general}" if general else where)


def provisional_items(data: ChaosData) -> list[dict]:
    """Every record or value still marked "provisional" or "U" (owner values are never listed).

    Items: {"key": dotted path, "value": short text, "confidence": ..., "note": check/note text}.
    """
    items = gamedata.flagged_items(data.raw, _KEYS, _record_value, _records_in, _dial_positions)
    for i, card in enumerate(data.old_world_cards):
        if "effect" not in card and card.get("confidence") != "owner":
            items.append({"key": f"old_world.{card['id']}.effect", "value": "(none)", "confidence": "U",
                          "note": f"{card['name']}: effect not in the data; the table types what it changed on the board "
                                  f"(give old_world.{card['id']}.effect in your overrides to have it applied)"})
    return items


#: ``data_of(state)``: the game data for the state's overrides (the last eight kept; game.py re-exports it)
data_of = gamedata.data_by_overrides(load)
