"""Which Action spaces are taken this Era, and which are Hex Unavailable for good: the bookkeeping behind
"one Exosuit per Main-board space per Era" (rules file §2.10 Spaces) and the Collapsing tiles that flip to
Hex Unavailable once an Exosuit leaves them after the Impact (§2.9).

``state["spaces"]`` maps a kind of space ("construct", "recruit", "research", "mine", "council",
"hypersync", "negotiate") to ``{space: who}`` for this Era ("p1".."p4", or "bot" for a solo opponent);
``state["collapsed"]`` maps a kind to the spaces that are Hex Unavailable for the rest of the game.
Both are plain data in the save; a save older than them starts with nothing known.
"""

from __future__ import annotations

#: the spaces of each kind the program tracks, top first (§2.10: Capital Actions top free, middle 1 Water
#: on the 1-3-player side; Mine upper/middle/lower; World Council left/right; §1.7.1 R5 Hypersync)
CAPITAL = ("construct", "recruit", "research")
SPACES = {"construct": ("top", "middle"), "recruit": ("top", "middle"), "research": ("top", "middle"),
          "mine": ("upper", "middle", "lower"), "council": ("left", "right"),
          "hypersync": ("left", "middle", "right")}


def taken(state: dict, kind: str) -> dict[str, str]:
    """This Era's occupied spaces of ``kind``: {space: who}."""
    return dict((state.get("spaces") or {}).get(kind, {}))


def collapsed(state: dict, kind: str) -> list[str]:
    return list((state.get("collapsed") or {}).get(kind, []))


def take(state: dict, kind: str, space: str, who: str) -> None:
    state.setdefault("spaces", {}).setdefault(kind, {})[space] = who


def free(state: dict, kind: str, spaces) -> list[str]:
    """The spaces of ``spaces`` (in their order) that nobody holds this Era and that are not Hex Unavailable."""
    held = taken(state, kind)
    gone = collapsed(state, kind)
    return [x for x in spaces if x not in held and x not in gone]


def end_era(state: dict, with_tiles: dict[str, list[str]]) -> None:
    """Clean Up: after the Impact, each space of ``with_tiles`` (kind -> the spaces carrying a Collapsing tile)
    that held an Exosuit this Era flips to Hex Unavailable (§2.9); then this Era's spaces are free again."""
    if state.get("impact"):
        for kind, tiles in with_tiles.items():
            used = [x for x in taken(state, kind) if x in tiles]
            if used:
                gone = state.setdefault("collapsed", {}).setdefault(kind, [])
                gone.extend(x for x in used if x not in gone)
    state["spaces"] = {}
