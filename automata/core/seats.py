"""Who sits at the table: each game's seats and whose question a question is, by game id (pure, no I/O).

Each game's ``automata/<game>/seats.py`` provides

- ``seats(state) -> list[dict]``: every seat in table order, each ``{"id", "name", "kind": "human" | "bot", "bot",
  "level", "faction"}``; ``id`` is the key the game's state already uses for that seat (a Chaos Power, a Radlands
  side, an Anachrony player ``p1``…), ``name`` what the table called it or "";
- ``question_seat(state, step, ask_id) -> str | None``: the seat whose question this is (the time it waits is that
  seat's), ``None`` for the table's questions and for questions about a bot;
- ``seat_term(seat) -> str | dict``: the seat's name as a message parameter (the name given, else a term such as
  ``@chaos.power.khorne`` or a message's data), for displays.

- ``start_seat(state) -> str | None``: the seat that took the game's first turn, as the game recorded it (the
  Radlands water-disc flip, the Anachrony first player…); None before the game decided it.

These dispatch to the game's module, imported only when used, so core code never names a game.
"""

from __future__ import annotations

import importlib
from types import ModuleType

KINDS = ("human", "bot")
SEAT_KEYS = ("id", "name", "kind", "bot", "level", "faction")


def seats_module(game_id: str) -> ModuleType:
    from .games import find_game

    return importlib.import_module(find_game(game_id).module.rsplit(".", 1)[0] + ".seats")


def seats(game_id: str, state: dict) -> list[dict]:
    return seats_module(game_id).seats(state)


def question_seat(game_id: str, state: dict, step: dict, ask_id: str) -> str | None:
    return seats_module(game_id).question_seat(state, step, ask_id)


def start_seat(game_id: str, state: dict) -> str | None:
    return seats_module(game_id).start_seat(state)


def seat_term(game_id: str, seat: dict):
    return seats_module(game_id).seat_term(seat)


def seat(seat_id: str, name: str = "", kind: str = "human", bot: str = "", level: str = "", faction: str = "") -> dict:
    """One seat as every game gives it (the keys of ``SEAT_KEYS``)."""
    return {"id": seat_id, "name": name, "kind": kind, "bot": bot, "level": level, "faction": faction}
