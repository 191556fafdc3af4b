"""The shape of the Radlands data: which file holds which table, the fields of each kind of card and their types,
the words the data may use for statuses and set combinations. Read by the loader (data.py), the validation
(data_check.py) and the owner's overrides (data_overrides.py)."""

from __future__ import annotations

from typing import Any

#: card kind → namespace key
TABLES = {"camp": "camps", "person": "people", "event": "events", "player": "player_cards"}
STATUSES = ("verified", "secondary", "provisional", "owner")
COMBINE = ("base", "add_to_base", "replace", "separate", "unknown")
#: the fields of each kind of card and their types (besides id, kind, status, source)
FIELDS: dict[str, dict[str, type | tuple]] = {
    "camp": {"name": str, "set": str, "draw": int, "abilities": list, "traits": list},
    "person": {"name": str, "set": str, "cost": int, "junk": str, "copies": int, "unique": bool, "abilities": list,
               "traits": list, "on_enter": list},
    "event": {"name": str, "set": str, "cost": int, "bomb": int, "junk": str, "copies": int, "effects": list},
    "player": {"name": str, "set": str, "cost": int, "bomb": int, "junk": str, "effects": list},
}
#: fields a new owner card may leave out, with their defaults
DEFAULTS: dict[str, dict[str, Any]] = {
    "camp": {"traits": []},
    "person": {"traits": [], "on_enter": [], "unique": False},
    "event": {},
    "player": {},
}
#: optional text fields of any card
TEXT_FIELDS = ("source", "note", "trait_text", "effect_text")
#: other optional fields: names a player may type, the FAQ variant of Construction Yard
EXTRA_FIELDS = {"aliases": list, "faq_variant": dict}
ABILITY_KEYS = ("cost", "effects", "condition", "cost_mod", "text")

#: (file, table in the file, key of the namespace)
FILES = (
    ("rules.toml", "rules", "rules"),
    ("cards.toml", "camps", "camps"),
    ("cards.toml", "people", "people"),
    ("cards.toml", "events", "events"),
    ("cards.toml", "player_cards", "player_cards"),
    ("sets.toml", "sets", "sets"),
    ("icons.toml", "icons", "icons"),
)
#: the tables each file may hold
FILE_KEYS = {
    "rules.toml": {"rules"},
    "cards.toml": {"camps", "people", "events", "player_cards"},
    "sets.toml": {"sets"},
    "icons.toml": {"icons"},
}
KEYS = tuple(target for _, _, target in FILES)
RULE_NUMBERS = ("players", "camps_dealt", "camps_kept", "water_per_turn", "start_player_first_turn_water",
                "draw_action_cost", "take_silo_cost", "silo_junk_extra_water", "queue_spaces", "raiders_entry_space",
                "column_limit", "deck_reshuffles")
