"""Every value `tabletop data check GAME` lists can be given back in the owner's overrides file under the key it
shows (docs/owners.md, "Your components win": the same keys as the game's data files). A key the listing shows but the
overrides refuse sends an owner to a dead end (it happened: Chaos told owners to give `old_world.<card>.effect`,
which the overrides refused)."""

from __future__ import annotations

import importlib
import re

import pytest

from automata.core.gamedata import DataError

GAMES = ("chaos", "toc", "radlands", "anachrony")
_INDEXED = re.compile(r"(\w+)\[(\d+)\]$")


def _parts(key: str) -> list[str]:
    out = []
    for part in key.split("."):
        m = _INDEXED.match(part)
        out += [m.group(1), m.group(2)] if m else [part]
    return out


def _value_at(ns, parts):
    """The shipped value under ``parts`` (records in lists found by id/key, list items by position), else KeyError."""
    node = ns
    for p in parts:
        if isinstance(node, dict) and p in node:
            node = node[p]
        elif isinstance(node, list) and p.isdigit() and int(p) < len(node):
            node = node[int(p)]
        elif isinstance(node, list):
            hits = [x for x in node if isinstance(x, dict) and p in (x.get("id"), x.get("key"))]
            if not hits:
                raise KeyError(p)
            node = hits[0]
        else:
            raise KeyError(p)
    return node


def _nested(parts: list[str], value) -> dict:
    out = value
    for p in reversed(parts):
        out = {p: out}
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_listed_value_can_be_given_back_under_its_key(game):
    data_module = importlib.import_module(f"automata.{game}.data")
    data = data_module.load()
    tried = 0
    for item in data_module.provisional_items(data):
        parts = _parts(item["key"])
        try:
            value = _value_at(data.raw, parts)
        except KeyError:
            continue  # a listing of something to add (an effect no source gives) or of a table kept apart
        if isinstance(value, dict):
            continue  # a whole record listed (its fields are the keys to give)
        if isinstance(value, list) and value and isinstance(value[0], dict) and len(parts) > 1 and parts[-1].isdigit():
            continue
        if game == "radlands" and "abilities" in parts:
            continue  # docs/radlands.md: a Radlands card's list of abilities is replaced whole, not item by item
        try:
            data_module.load(_nested(parts, value))
        except DataError as e:
            pytest.fail(f"{game}: data check lists {item['key']} but the overrides refuse it: {e}")
        tried += 1
    assert tried >= 5, f"{game}: only {tried} listed values could be read back"


def test_an_old_world_card_with_no_effect_takes_one_under_the_key_data_check_names():
    from automata.chaos import data as chaos_data

    data = chaos_data.load()
    named = [i["key"] for i in chaos_data.provisional_items(data) if i["key"].endswith(".effect") and i["key"].startswith("old_world.")]
    assert named
    for key in named:
        parts = key.split(".")
        chaos_data.load(_nested(parts, [{"token": "hero", "choose": 1}]))
