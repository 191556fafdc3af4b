"""The owned collection, as the rules see it: each game's items (``automata/<game>/randomsetup.py`` ``CONTENT``),
what is owned of them, what a setup needs, and the random setup, dispatched to the game's module (imported
lazily, so the core never imports a game by name). Pure: the collection is a dict read by ``state/collection.py``.

A collection maps a game id to ``{item: bool}``. No collection (``None``), a game missing from it, or an item
missing from a game's table: owned (without a collection file everything is owned, as before it existed).
"""

from __future__ import annotations

import importlib
from types import ModuleType


def module(game_id: str) -> ModuleType:
    """The game's ``randomsetup`` module (a required capability: automata/core/contract.py)."""
    from .contract import package

    return importlib.import_module(f"{package(game_id)}.randomsetup")


def content(game_id: str) -> tuple[str, ...]:
    """The items of ``game_id`` a table may own, the base game first."""
    return tuple(module(game_id).CONTENT)


def owned(game_id: str, collection: dict | None) -> set[str]:
    """The items of ``game_id`` the collection owns."""
    items = content(game_id)
    table = (collection or {}).get(game_id)
    if not isinstance(table, dict):
        return set(items)
    return {i for i in items if table.get(i, True) is not False}


def missing(game_id: str, raw: dict, have: set[str]) -> list[str]:
    """The items the options ``raw`` need that are not in ``have``, in the game's order."""
    wanted = set(module(game_id).needs(raw))
    return [i for i in content(game_id) if i in wanted and i not in have]


def draw(game_id: str, raw: dict, fixed: set[str], have: set[str], seed: int) -> dict:
    """The game's random setup: ``raw`` with what ``fixed`` leaves open drawn from ``have`` (same seed, same draw)."""
    return module(game_id).draw(raw, fixed, have, seed)


def nothing_open(game_id: str, raw: dict, fixed: set[str], have: set[str]):
    """Why the options leave nothing to draw (a ``Msg``), or None when the draw chooses something."""
    check = getattr(module(game_id), "nothing_open", None)
    return check(raw, fixed, have) if check else None


def describe(game_id: str, raw: dict) -> list:
    """The drawn setup as messages (``Msg``), shown before the game starts."""
    return module(game_id).describe(raw)
