"""Shared helpers of the Anachrony procedures: players, turn order, modules, the seeded draws."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.msg import msg

if TYPE_CHECKING:  # the steps of play and the dice are imported when used: a status reads only the turn order
    from ..core.steps import Choice, Say

MODULE_ORDER = ("neutronide", "hypersync", "quantum_loops", "intrigues")


def has(state: dict, module: str) -> bool:
    return module in state["options"]["modules"]


#: the questions of this version (``options["asks"]``, set by ``game.check_options`` for a new game): 2 = the
#: program no longer asks what it knows (a Mission's second Agenda tile is the same turn, a Quantum Loop card's
#: payback said once, no First Player question at the last Era's Clean Up); 3 = the Clean Up asks whether the last
#: Collapsing tile flipped before who is First Player, and that only when another Era follows. A save made before
#: (no key: 1) keeps the questions it was played with, so that its journal replays (undo, restore).
ASKS_VERSION = 3


def asks_itself(state: dict) -> bool:
    """Whether this game answers itself the questions of ``ASKS_VERSION`` 2 (older saves: no)."""
    return asks_from(state, 2)


def asks_from(state: dict, version: int) -> bool:
    """Whether this game was started with the questions of ``version`` or a later one (older saves: version 1)."""
    return int(state["options"].get("asks", 1)) >= version


# Lines that speak to every player at the table; a solo game says them to its one player (wave-2 audit item 17).
SOLO_VOICE = {"anachrony.setup.focus", "anachrony.setup.hypersync_tiles", "anachrony.setup.quantum_warp",
              "anachrony.setup.paths", "anachrony.setup.player_pieces", "anachrony.setup.path_board",
              "anachrony.setup.leaders", "anachrony.power_up.base", "anachrony.warp.base",
              "anachrony.impact.hex_unavailable"}


def voice(state: dict, key: str) -> str:
    """``key``, or its ``.solo`` form (said to one player, "você") in a solo game."""
    return key + ".solo" if key in SOLO_VOICE and state["options"]["players"] == 1 else key


def player_ids(state: dict) -> list[str]:
    return list(state["players"])


def who(state: dict, p: str):
    """A player's name for a message: the name given at ``new``, else "Player N"."""
    name = state["players"][p].get("name", "")
    if name:
        return name
    return msg("anachrony.player", n=int(p[1:])).to_data()


def turn_order(state: dict) -> list[str]:
    ids = player_ids(state)
    i = ids.index(state["first"]) if state.get("first") in ids else 0
    return ids[i:] + ids[:i]


def player_choices(state: dict, ids: list[str]) -> tuple[Choice, ...]:
    from ..core.steps import Choice

    out = []
    for p in ids:
        name = state["players"][p].get("name", "")
        label = msg("anachrony.player_named", name=name) if name else msg("anachrony.player", n=int(p[1:]))
        aliases = (name, str(int(p[1:]))) if name else (str(int(p[1:])),)
        out.append(Choice(p, label, aliases))
    return tuple(out)


def rng(state: dict, what: str):
    """The seeded generator of one random choice of the program (same seed, same choice, after undo too)."""
    from ..core.dice import seeded_rng

    return seeded_rng(state["seed"], 0, f"anachrony.{what}", 0)


def program_draws(state: dict) -> bool:
    return state["options"]["random"] == "app"


def provisional(key: str) -> Say:
    from ..core.steps import Say

    return Say(msg("anachrony.provisional", key=key), "warn")


def card(cid: str) -> str:
    return "@anachrony.ql." + cid


def card_choice(data, cid: str) -> Choice:
    """A Quantum Loop card as a choice: its name in the table's language, the other language's name accepted too."""
    from ..core.steps import Choice

    return Choice(cid, msg("anachrony.ql." + cid), tuple(data.cards[cid].get("aliases", ())))
