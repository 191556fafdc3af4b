"""The games the companion knows, by id and alias, imported only when used.

Each game is a package under ``automata/`` whose ``game`` module provides:

- ``GAME_ID``
- ``check_options(raw: dict) -> dict``: validated options, or ``OptionError``
- ``new_state(options: dict, seed: int) -> dict``: the state before setup
- ``next_step(state: dict) -> dict | None``: the next step (``{"proc": ..., ...}``)
  or ``None`` when the game is over
- ``procedure(state: dict, step: dict)``: the generator that plays a step,
  mutating ``state``
- ``step_label(step: dict) -> Msg``: how the journal names the step
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # messages are built only when needed: 'status --json' never imports them
    from .steps import Msg


class GameInfo(NamedTuple):
    """One game the companion knows (a named tuple: every command imports this module)."""

    id: str
    aliases: tuple[str, ...]
    module: str
    name: str
    available: bool


GAMES: tuple[GameInfo, ...] = (
    GameInfo("chaos", ("chaos-in-the-old-world", "citow", "cotow"), "automata.chaos.game", "Chaos in the Old World", True),
    GameInfo("toc", ("time-of-crisis",), "automata.toc.game", "Time of Crisis", True),
    GameInfo("radlands", ("rad",), "automata.radlands.game", "Radlands", True),
    GameInfo("anachrony", ("ana",), "automata.anachrony.game", "Anachrony", True),
)


def step_msg(game_id: str, step: dict, terms: dict[str, str]) -> Msg:
    """A step's label: ``<game_id>.step.<proc>`` with the step's other keys as parameters.

    ``terms`` maps a parameter to the message-id prefix of its value (``{"power": "@chaos.power."}``).
    """
    params = {k: v for k, v in step.items() if k != "proc"}
    for key, prefix in terms.items():
        if key in params:
            params[key] = prefix + params[key]
    from .steps import Msg

    return Msg(f"{game_id}.step.{step['proc']}", params)


class OptionError(ValueError):
    """Options for a new game that are not valid; ``msg`` says what is."""

    def __init__(self, message: Msg):
        super().__init__(message.id)
        self.msg = message


class UnknownGame(LookupError):
    def __init__(self, name: str, close: list[str]):
        super().__init__(name)
        self.name = name
        self.close = close


def find_game(name: str) -> GameInfo:
    key = name.strip().lower()
    for g in GAMES:
        if key == g.id or key in g.aliases:
            return g
    from .closest import close_matches

    names = [g.id for g in GAMES] + [a for g in GAMES for a in g.aliases]
    raise UnknownGame(name, close_matches(key, names))


def load_game(game_id: str) -> ModuleType:
    return importlib.import_module(find_game(game_id).module)
