"""The command-line contract of a game, written down once: what ``cli/<game>/`` must provide, what it may, and the one
way to find it.

``automata/core/contract.py`` says what a game's rules provide; this module says what its command line provides.
``tests/cli/test_gamecli_contract.py`` checks every registered game against it, and that no core room of ``cli/``
names a game: the core reaches a game only through the registry (``automata/core/games.py`` ``GAMES``) and these
names.

Required (``REQUIRED``), on the package ``cli/<game>/`` (its ``__init__.py`` re-exports them):

- ``app``: the ``tabletop <game> …`` group (a Typer), registered under the game's id and every alias by
  ``cli/main.py`` ``lazy_groups``;
- ``new_command``: the body of ``tabletop new <game>`` (a Typer command function: its options, then one call of
  ``cli/setup/newgame.py`` ``new_game``), registered under the id and every alias by ``cli/main.py``, and copied by
  ``tabletop setup-list <game>`` (``cli/setup/setuplist.py``);
- ``show_status(env, session)``: the status picture (``status``, ``play``, ``tabletop serve``);
- ``show_summary(env, session)``: the end-of-game summary ``play`` shows when the game ends.

Optional (``OPTIONAL``: the name and what the core uses when a game does not provide it):

- ``after_step(env, session, entry) -> bool``: run at a terminal after each step of ``play``; False stops
  the run (Time of Crisis pauses at the end of a round);
- ``rule_components(data) -> list[cli.rules.Component]``: the cards and components ``tabletop rules`` finds;
- ``setup_list_options(env, raw) -> dict``: the options of ``setup-list`` put as ``new`` takes them (Chaos's
  ``--powers 4``);
- ``OPTION_FLAGS``: a saved option → the ``new`` option that sets it, when their names differ (``history``);
- ``PLAYER_COUNT``: the options that are the player count, the table's choice that ``--random`` never draws;
- ``HELP_EXAMPLES``: the examples of the game's own help screens (its group, ``new <game>``, ``setup-list <game>``),
  by command path (``cli/terminal/helpstyle.py``).

A core room reads an optional name with ``optional(game_id, name)``, never ``getattr`` of its own.
"""

from __future__ import annotations

import importlib
from types import ModuleType

REQUIRED = ("app", "new_command", "show_status", "show_summary")


def _identity_options(env, raw: dict) -> dict:
    return raw


def _no_components(data) -> list:
    return []


#: the optional names and what stands for each when a game does not provide it
OPTIONAL: dict[str, object] = {
    "after_step": None,
    "rule_components": _no_components,
    "setup_list_options": _identity_options,
    "OPTION_FLAGS": {},
    "PLAYER_COUNT": frozenset(),
    "HELP_EXAMPLES": {},
}


def module_name(game_id: str) -> str:
    """``cli.<game id>`` of a game the registry knows by this id or alias (``UnknownGame`` otherwise)."""
    from automata.core.games import find_game

    return f"cli.{find_game(game_id).id}"


def game_cli(game_id: str) -> ModuleType:
    """The command-line package of a game (``cli/<game>/``): the one way to find it."""
    return importlib.import_module(module_name(game_id))


def optional(game_id: str, name: str):
    """The game's optional ``name`` (``OPTIONAL``), or what stands for it when the game does not provide it."""
    return getattr(game_cli(game_id), name, OPTIONAL[name])


def problems(game_id: str) -> list[str]:
    """What the game's command line lacks of the contract, by name (empty: it keeps the contract)."""
    module = game_cli(game_id)
    out = []
    for name in REQUIRED:
        if not hasattr(module, name):
            out.append(name)
        elif name == "app" and not hasattr(module.app, "registered_commands"):
            out.append("app (not a command group)")
        elif name != "app" and not callable(getattr(module, name)):
            out.append(f"{name} (not a function)")
    for name, stand_in in OPTIONAL.items():
        if (stand_in is None or callable(stand_in)) and getattr(module, name, None) is not None \
                and not callable(getattr(module, name)):
            out.append(f"{name} (not a function)")
    return out


def folder(game_id: str):
    """The folder of ``cli/<game>/`` (its ``rules.toml``), found without importing the package."""
    from pathlib import Path

    return Path(__file__).parent / module_name(game_id).split(".", 1)[1]


def ids_text(last: str = ", ") -> str:
    """The registered games' ids for a help text, in the registry's order, ``last`` before the last one
    ("chaos, toc, radlands or anachrony")."""
    from automata.core.games import GAMES

    ids = [g.id for g in GAMES]
    return last.join([", ".join(ids[:-1]), ids[-1]]) if len(ids) > 1 else "".join(ids)
