"""Game data of Radlands (with Cult of Chrome): shipped TOML files, owner overrides, validation, look-ups.

The files in ``data/`` are read into one namespace:

================  ===========================================================================
key               from
================  ===========================================================================
``rules``         ``rules.toml`` ``[rules]`` (numbers, ``first_game``, ``provisional``, ``choices``, ``basis``)
``camps``         ``cards.toml`` ``[camps.<id>]``
``people``        ``cards.toml`` ``[people.<id>]``
``events``        ``cards.toml`` ``[events.<id>]``
``player_cards``  ``cards.toml`` ``[player_cards.<id>]`` (``raiders``, ``water_silo``)
``sets``          ``sets.toml`` ``[sets.<id>]`` (``base``; ``cult_of_chrome``, provisional and empty)
``icons``         ``icons.toml`` ``[icons.<id>]`` (an open registry)
================  ===========================================================================

Every card dict gets its ``id`` and ``kind`` (camp | person | event | player); an ability is
``{cost: int | "symbol", effects, condition, cost_mod, text, text_key}`` (``text`` is an owner's own
wording, "" for shipped cards; ``text_key`` the locale id of its text). ``status`` is verified | secondary |
provisional | owner. The effect words are in ``vocabulary.py``.

Owner overrides (``overrides/radlands.toml``, parsed by the CLI and passed to ``load``) have the shape of the
namespace and are merged by id (``data_overrides.py``): a new card needs every field of its kind (``schema.py``), a
correction gives only the fields that change; every entry or key the owner touches is marked "owner" and is no longer
listed by ``provisional()``. Pure code: no printing, no prompts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from ..core import gamedata
from ..core.gamedata import DataError, UnknownName, short  # noqa: F401  (re-exported)
from ..core.msg import Msg, msg
from . import card_text
from .data_check import provisional_items as _provisional_items
from .data_check import validate
from .data_overrides import merge
from .schema import DEFAULTS, FILE_KEYS, FILES, TABLES

DATA_DIR = Path(__file__).parent / "data"

# ----------------------------------------------------------------------------------- loading


@gamedata.cached_default(DATA_DIR, FILES, FILE_KEYS, checked_by=("automata.radlands.schema",))
def _default(ns: dict, check: bool = True) -> "RadlandsData":
    ns["owner"] = []
    _finish_ns(ns, "invalid Radlands data", shipped=True, check=check)
    return RadlandsData(ns)


_shipped = _default.shipped  # the raw namespace of the shipped files (never mutated; copy before use)


def load(overrides: dict | None = None) -> "RadlandsData":
    """The game data, validated; ``overrides`` (the parsed owner file) merged by id over the shipped files.

    Without overrides the result is cached and shared: treat it as read-only.
    """
    return gamedata.load_data(overrides, _default, _shipped, _merge, _with_overrides)


def _merge(ns: dict, overrides: dict) -> None:
    ns["owner"] = []
    ns["owner_new"] = []
    merge(ns, overrides)


def _with_overrides(ns: dict) -> "RadlandsData":
    _finish_ns(ns, "with the owner overrides (overrides/radlands.toml), the Radlands data is invalid", shipped=False)
    return RadlandsData(ns)


data_of = gamedata.data_by_overrides(load)


# ------------------------------------------------------------------------------ normalising


def _finish_ns(ns: dict, context: str, *, shipped: bool, check: bool = True) -> None:
    """Ids, kinds and ability defaults filled in, the Construction Yard switch applied, validated (unless ``check`` is
    False: shipped files validated before, ``gamedata.cached_default``), set sizes counted."""
    for kind, table in TABLES.items():
        for cid, card in ns[table].items():
            if not isinstance(card, dict):
                continue
            card["id"] = cid
            card["kind"] = kind
            for k, v in DEFAULTS[kind].items():
                card.setdefault(k, list(v) if isinstance(v, list) else v)
            if isinstance(card.get("abilities"), list):
                card["abilities"] = [_ability(a, cid, n) for n, a in enumerate(card["abilities"], 1)]
    _apply_construction_yard(ns)
    if check:
        validate(ns, context, shipped=shipped)
    for sid, s in ns["sets"].items():
        s["id"] = sid
        s["deck_cards"] = sum(c["copies"] for t in ("people", "events") for c in ns[t].values() if c["set"] == sid)
        s["camps"] = sum(1 for c in ns["camps"].values() if c["set"] == sid)
    for iid, icon in ns["icons"].items():
        icon["id"] = iid


def _ability(a: Any, cid: str, n: int, prefix: str = "ability") -> Any:
    if not isinstance(a, dict):
        return a  # reported by the validation
    out = {"condition": "", "cost_mod": "", "text": ""}
    out.update(a)
    out["text_key"] = f"radlands.card.{cid}.{prefix}.{n}"
    return out


def _apply_construction_yard(ns: dict) -> None:
    """rules.provisional.construction_yard = "faq_move_person": the FAQ card replaces the printed one (§2.13)."""
    card = ns["camps"].get("construction_yard")
    variant = card.get("faq_variant") if isinstance(card, dict) else None
    setting = ns["rules"].get("provisional", {}).get("construction_yard") if isinstance(ns["rules"], dict) else None
    if not isinstance(variant, dict) or setting != "faq_move_person" or card.get("status") == "owner":
        return
    card["printed"] = {"draw": card.get("draw"), "abilities": card.get("abilities")}
    card["draw"] = variant.get("draw", card.get("draw"))
    card["abilities"] = [_ability(a, "construction_yard", n, "faq") for n, a in enumerate(variant.get("abilities", []), 1)]
    card["status"] = variant.get("status", "provisional")
    card["variant"] = "faq_move_person"


# ------------------------------------------------------------------------------------ access


class RadlandsData:
    """Validated game data. Dicts are shared with the loader's cache: treat them as read-only."""

    def __init__(self, ns: dict):
        self.raw = ns
        self.rules: dict = ns["rules"]
        self.camps: dict[str, dict] = ns["camps"]
        self.people: dict[str, dict] = ns["people"]
        self.events: dict[str, dict] = ns["events"]
        self.player_cards: dict[str, dict] = ns["player_cards"]
        self.sets: dict[str, dict] = ns["sets"]
        self.icons: dict[str, dict] = ns["icons"]
        #: dotted paths of what the owner's overrides set (``rules.provisional.obelisk``, ``people.muse``…)
        self.owner: set[str] = set(ns.get("owner", []))
        #: the ids of the cards the owner added (no catalog text: ``card_text``)
        self.owner_new: set[str] = set(ns.get("owner_new", []))
        #: every card by id, the first table holding it as ``card`` looks them up (read-only data: built once)
        self._by_id: dict[str, dict] = {}
        for kind in TABLES.values():
            for cid, card in getattr(self, kind).items():
                self._by_id.setdefault(cid, card)

    def __repr__(self) -> str:
        return f"RadlandsData(camps={len(self.camps)}, deck={self.deck_size()}, sets={list(self.sets)})"

    # cards ---------------------------------------------------------------------------------
    def card(self, id: str) -> dict:
        """Any card by id (camp, person, event or player card)."""
        found = self._by_id.get(id)
        if found is not None:
            return found
        for kind in TABLES.values():
            table = getattr(self, kind)
            if id in table:
                return table[id]
        raise gamedata.unknown_name("card", id, self.card_ids(TABLES))

    def card_ids(self, kinds: Iterable[str] = ("person", "event")) -> list[str]:
        return [cid for kind in kinds for cid in self.raw[TABLES.get(kind, kind)]]

    def find_card(self, name: str, kinds: Iterable[str] = ("person", "event")) -> str:
        """The id of the card of one of ``kinds`` named ``name``: its id, printed name or an alias ("Zeto Kahn"),
        ignoring case, accents, spaces and dashes; else UnknownName with the close matches."""
        kinds = tuple(kinds)
        unknown = [k for k in kinds if k not in TABLES]
        if unknown:
            raise ValueError(f"unknown card kind(s) {unknown}; valid: {', '.join(TABLES)}")
        forms = {cid: [c["name"], *c.get("aliases", [])] for k in kinds for cid, c in self.raw[TABLES[k]].items()}
        return gamedata.find_name("card", name, forms, list(forms), _fold)

    def in_play(self, sets: Iterable[str] | None = None) -> list[str]:
        """The ids of the sets in play (``sets``, checked, or those marked in_play)."""
        if sets is None:
            return [sid for sid, s in self.sets.items() if s["in_play"]]
        out = []
        for sid in sets:
            if sid not in self.sets:
                raise gamedata.unknown_name("set", sid, list(self.sets))
            out.append(sid)
        return out

    def deck(self, sets: Iterable[str] | None = None) -> list[tuple[str, int]]:
        """(id, copies) of the people, then the events, of the sets in play (cards with 0 copies left out)."""
        chosen = set(self.in_play(sets))
        return [(cid, c["copies"]) for table in (self.people, self.events) for cid, c in table.items()
                if c["set"] in chosen and c["copies"] > 0]

    def deck_size(self, sets: Iterable[str] | None = None) -> int:
        return sum(n for _, n in self.deck(sets))

    def camp_deck(self, sets: Iterable[str] | None = None) -> list[str]:
        """The camp ids of the sets in play."""
        chosen = set(self.in_play(sets))
        return [cid for cid, c in self.camps.items() if c["set"] in chosen]

    # texts ---------------------------------------------------------------------------------
    def ability_text(self, card_id: str, n: int) -> Msg:
        """The text of ability ``n`` (from 1): the owner's own wording when given, else its locale id."""
        ab = self.card(card_id)["abilities"][n - 1]
        if ab.get("text"):
            return msg("radlands.card.owner_text", text=ab["text"])
        return card_text.written(self, card_id, ab.get("effects", [])) if card_id in self.owner_new else msg(ab["text_key"])

    def trait_text(self, card_id: str) -> Msg:
        """The entering-play trait's text (an owner's card without it: from its ``on_enter`` icons)."""
        c = self.card(card_id)
        if c.get("trait_text"):
            return msg("radlands.card.owner_text", text=c["trait_text"])
        return card_text.written(self, card_id, c.get("on_enter", [])) if card_id in self.owner_new else msg(f"radlands.card.{card_id}.trait")

    def icon_label(self, icon_id: str) -> Msg:
        """An icon's name: an owner's icon as printed (``label_en``, ``label_pt``: rules §3.3, the open registry),
        a shipped one from the catalogs (``radlands.icon.<id>``)."""
        icon = self.icons.get(icon_id) or {}
        if icon.get("label_en"):
            return msg("radlands.icon.owner", label={"en": icon["label_en"], "pt": icon.get("label_pt") or icon["label_en"]})
        return msg("radlands.icon." + icon_id)

    def effect_text(self, card_id: str) -> Msg:
        c = self.card(card_id)
        if c.get("effect_text"):
            return msg("radlands.card.owner_text", text=c["effect_text"])
        return card_text.written(self, card_id, c.get("effects", [])) if card_id in self.owner_new else msg(f"radlands.card.{card_id}.effect")

    # provisional ---------------------------------------------------------------------------
    def rule_is_provisional(self, key: str) -> bool:
        """True while ``rules.provisional.<key>`` is the shipped provisional value (not the owner's)."""
        return key in self.rules["provisional"] and f"rules.provisional.{key}" not in self.owner

    def provisional(self) -> list[dict]:
        """What ``tabletop data check`` lists: {"key", "value", "confidence", "note"} per item."""
        return _provisional_items(self)


def _fold(text: Any) -> str:
    return gamedata.fold_name(text).replace(" ", "")


def provisional_items(data: RadlandsData) -> list[dict]:
    """For ``tabletop data check``: every provisional value (owner values are never listed)."""
    return data.provisional()
