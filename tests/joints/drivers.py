"""The games' test drivers: for every game of the registry (automata/core/games.py), the tables the batteries play
(the options as `tabletop new` takes them) and the scripted table that answers them (issue 36).

Every battery that plays all the games reads this one table: the joints battery (tests/joints/test_joints.py), the
finished saves of history, stats and export (tests/state/finished_saves.py). A fifth game gets every battery by
adding its row here and its scripted table under tests/automata/<game>/.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple


class Table(NamedTuple):
    """One table a battery plays: a label, the game's registry id, raw options and the scripted table
    ("module:Class", a class taking the seed)."""

    label: str
    game: str
    options: dict
    policy: str
    flags: tuple[str, ...] = ()  # the same options as `tabletop new GAME` (and `setup-list GAME`) takes them

    def player(self, seed: int):
        """The scripted table for ``seed``."""
        module, cls = self.policy.split(":")
        return getattr(importlib.import_module(module), cls)(seed)


DRIVERS: dict[str, tuple[Table, ...]] = {
    "chaos": (
        Table("chaos-4", "chaos", {"powers": "khorne,nurgle,tzeentch,slaanesh"}, "chaos_policy:Policy",
              ("--powers", "khorne,nurgle,tzeentch,slaanesh")),
        Table("chaos-3", "chaos", {"powers": "khorne,nurgle,slaanesh"}, "chaos_policy:Policy",
              ("--powers", "khorne,nurgle,slaanesh")),
    ),
    "toc": (
        Table("toc-1-human", "toc", {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True},
              "toc_policy:Policy", ("--humans", "1", "--bots", "red,blue,yellow", "--cards", "fixed", "--emperor-rules")),
        Table("toc-2-humans", "toc", {"humans": 2, "bots": "red,blue", "cards": "fixed"}, "toc_policy:Policy",
              ("--humans", "2", "--bots", "red,blue", "--cards", "fixed")),
    ),
    "radlands": (
        Table("radlands-first", "radlands", {"first_game": True, "players": "Ana,Bia"}, "radlands_policy:Policy",
              ("--first-game", "--players", "Ana,Bia")),
    ),
    "anachrony": (
        Table("anachrony-3", "anachrony", {"players": 3, "modules": "neutronide,hypersync,quantum-loops,intrigues",
                                           "random": "app"}, "anachrony_policy:Policy",
              ("--players", "3", "--modules", "neutronide,hypersync,quantum-loops,intrigues", "--draws", "app")),
        Table("anachrony-chronobot", "anachrony", {"players": 1, "modules": "", "random": "app",
                                                   "opponent": "chronobot"}, "anachrony_solo_policy:SoloPolicy",
              ("--players", "1", "--modules", "", "--draws", "app", "--opponent", "chronobot")),
        Table("anachrony-chronossus", "anachrony", {"players": 1, "modules": "", "random": "app",
                                                    "opponent": "chronossus"}, "anachrony_solo_policy:SoloPolicy",
              ("--players", "1", "--modules", "", "--draws", "app", "--opponent", "chronossus")),
    ),
}


def table(label: str) -> Table:
    """The table called ``label``."""
    return next(t for tables in DRIVERS.values() for t in tables if t.label == label)


def first_tables() -> list[Table]:
    """Each game's first table: what a battery plays when one table a game is enough."""
    return [tables[0] for tables in DRIVERS.values()]


def all_tables() -> list[Table]:
    return [t for tables in DRIVERS.values() for t in tables]
