"""The owned collection, as the rules see it: each game's items (``automata/<game>/randomsetup.py`` ``CONTENT``),
what is owned of them, what a setup needs, and the random setup, dispatched to the game's module (imported
lazily, so the core never imports a game by name). Pure: the collection is a dict read by ``state/collection.py``.

A collection maps a game id to ``{item: bool}``. No collection (``None``), a game missing from it, or an item
missing from a game's table: owned (without a collection file everything is owned, as before it existed). An item
that comes in a box (a game's ``BOXED``: ``{item: box}``, e.g. Anachrony's modules in the Future Imperfect box) is
owned only while its box is: removing the box removes its modules, adding it back brings them back.

Entry points for a check over every game: ``owned`` (what a collection owns), ``missing`` (what options need
that is not owned), ``owned_options`` (the options completed by what the collection decides, e.g. the Radlands
card sets in play) and ``played`` (the expansions a setup used, read by the exports).
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


def boxed(game_id: str) -> dict[str, str]:
    """{item: the box it comes in} (the game's ``BOXED``; {} when every item is its own box)."""
    return dict(getattr(module(game_id), "BOXED", {}))


def owned(game_id: str, collection: dict | None) -> set[str]:
    """The items of ``game_id`` the collection owns (an item in a box only while the box is owned)."""
    items = content(game_id)
    table = (collection or {}).get(game_id)
    if not isinstance(table, dict):
        return set(items)
    marked = {i for i in items if table.get(i, True) is not False}
    box = boxed(game_id)
    return {i for i in marked if box.get(i, i) in marked}


def box_not_owned(game_id: str, collection: dict | None) -> dict[str, str]:
    """{item: box} for the items marked owned whose box is not: not owned until the box is added back."""
    table = (collection or {}).get(game_id)
    if not isinstance(table, dict):
        return {}
    return {i: b for i, b in boxed(game_id).items() if table.get(i, True) is not False and table.get(b, True) is False}


def owned_options(game_id: str, raw: dict, have: set[str]) -> dict:
    """``raw`` with what the owned items decide for a setup (the game's optional ``owned_options``: e.g. the
    Radlands card sets whose cards go into the decks); ``raw`` unchanged for a game without it."""
    fit = getattr(module(game_id), "owned_options", None)
    return fit(raw, have) if fit else raw


def played(game_id: str, options: dict) -> list[str]:
    """The items other than the base game that a setup's checked ``options`` used (its expansions and modules), in
    the game's order: ``needs`` less "base"."""
    wanted = set(module(game_id).needs(options))
    return [i for i in content(game_id) if i in wanted and i != "base"]


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
