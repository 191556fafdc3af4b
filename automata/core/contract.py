"""The game contract, written down once: what a game's package must provide, and what it may.

``automata/core/games.py`` says how the registry finds a game; this module says what the core then expects of it.
``tests/core/test_contract.py`` checks every registered game against it.

Required: the names of ``REQUIRED`` in the game's ``game`` module.

Optional capabilities (``CAPABILITIES``): a module beside ``game.py`` and the names it provides; a game that has the
module must provide every one of those names. Code that uses a capability imports the module only when it needs it
(``importlib`` by the game's package name, as ``automata/core/seats.py`` does), never by a game's name.
To add one: a line in ``CAPABILITIES``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

#: what ``game.py`` must provide (automata/core/games.py explains each)
REQUIRED = ("GAME_ID", "check_options", "new_state", "next_step", "procedure", "step_label")


@dataclass(frozen=True)
class Capability:
    name: str
    module: str  # beside game.py: automata/<game>/<module>.py
    names: tuple[str, ...]  # what that module provides
    game_names: tuple[str, ...] = ()  # what game.py provides for it as well
    required: bool = False  # every game has it (the core relies on it)


CAPABILITIES: tuple[Capability, ...] = (
    # tabletop fix and '!': the table's corrections (automata/core/fix.py)
    Capability("fix", "fix", ("FIX_FIELDS",), ("fix_fields",)),
    # who sits at the table, whose question a question is and who started (automata/core/seats.py; the clocks,
    # history, the exports)
    Capability("seats", "seats", ("seats", "question_seat", "seat_term", "start_seat"), required=True),
    # how a game ended: winners, scores per seat, the rule (tabletop history, stats, export; state/summary.py)
    Capability("result", "result", ("result", "seat_terms"), required=True),
    # the end decided again from the corrected values after a correction (automata/core/ending.py; issue 36)
    Capability("end", "end", ("decide",), required=True),
    # what to take out of the box for a setup: tabletop setup-list and the first Say of setup (automata/core/components.py)
    Capability("components", "components", ("components",), required=True),
    # what a table may own of the game, what a setup needs, the random setup (automata/core/collection.py)
    Capability("randomsetup", "randomsetup", ("CONTENT", "needs", "draw", "describe"), required=True),
    # what is in effect and the moments of its sequence: status, raising at a moment, tabletop remind (automata/core/ineffect.py)
    Capability("ineffect", "effects_in_play", ("MOMENTS", "moment", "in_effect")),
)


def package(game_id: str) -> str:
    from .games import find_game

    return find_game(game_id).module.rsplit(".", 1)[0]


def capability(game_id: str, name: str) -> ModuleType | None:
    """The game's module for the capability ``name``, or None when the game does not have it."""
    cap = next(c for c in CAPABILITIES if c.name == name)
    target = f"{package(game_id)}.{cap.module}"
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as e:
        if e.name == target:
            return None
        raise


def problems(game_id: str) -> list[str]:
    """What the game lacks of the contract, as "<module>.<name>" (empty: it keeps the contract)."""
    from .games import load_game

    game = load_game(game_id)
    out = [f"game.{n}" for n in REQUIRED if not hasattr(game, n)]
    for cap in CAPABILITIES:
        module = capability(game_id, cap.name)
        if module is None:
            if cap.required:
                out.append(f"{cap.module} (module)")
            continue
        out += [f"{cap.module}.{n}" for n in cap.names if not hasattr(module, n)]
        out += [f"game.{n}" for n in cap.game_names if not hasattr(game, n)]
    return out
