"""The box's limits across seats, for the table's corrections (automata/core/fix.py; issue 36 item 3).

A field's own ``limits`` bound one value (a camp, one Power's VP). Some bounds hold over every seat and place at once:
the copies of a card (two Banish, one Vera Vosh), the one marker of a kind (the Ludi Saeculares marker), the supply of
a token, what the rules bound over a player's pieces (a Threat dial never below the upgrades already taken). Each is a
``Supply``: how many of each thing are out now, over every seat and place (``held``), and how many there can be
(``most``). A field names the supplies its value draws on (``Field.box``), and every correction is checked against
them after it is made: refused when it leaves a thing further over its bound than it found it (more of it out, or its
bound lowered); a correction that leaves an over-full count as it found it, or lowers it, is let through, so an old
save is never locked.

Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .msg import Msg, msg


@dataclass(frozen=True)
class Supply:
    """One kind of thing the box (or a rule) has a fixed number of, shared by every seat and place.

    ``held(state) -> {thing: how many are out}`` counts over every seat and place; ``most(state, thing) -> int | None``
    is how many there can be (None: no bound for that thing); ``name(state, thing)`` is how the table reads the thing
    (a ``Msg``, a message id with "@", or plain text); ``rule`` is the message id that says why (the data's count or
    the rule), with ``{most}`` among its parameters."""

    id: str
    rule: str
    held: Callable[[dict], dict[Any, int]]
    most: Callable[[dict, Any], "int | None"]
    name: Callable[[dict, Any], Any] = lambda state, thing: str(thing)


def counts(state: dict, supplies: tuple[Supply, ...]) -> dict[str, dict[Any, int]]:
    """How far over its bound each thing of every supply is now (0 within it): taken before a change, to compare."""
    return {s.id: {thing: _excess(s, state, thing, n) for thing, n in s.held(state).items()} for s in supplies}


def _excess(supply: Supply, state: dict, thing: Any, n: int) -> int:
    most = supply.most(state, thing)
    return 0 if most is None else max(0, n - most)


def overdrawn(state: dict, supplies: tuple[Supply, ...], before: dict[str, dict[Any, int]]) -> Msg | None:
    """The first supply a change overdrew, as the reason it is refused (``core.fix.over_supply``), else None: a thing
    now out more times than there can be, and further over than before the change (more of it out, or its bound
    lowered: a Threat dial turned back below the upgrades taken)."""
    for supply in supplies:
        was = before.get(supply.id, {})
        for thing, n in supply.held(state).items():
            excess = _excess(supply, state, thing, n)
            if excess == 0 or excess <= was.get(thing, 0):
                continue
            most = supply.most(state, thing)
            name = supply.name(state, thing)
            return msg("core.fix.over_supply", thing=name.to_data() if isinstance(name, Msg) else name, n=n,
                       most=most, rule=msg(supply.rule, most=most).to_data())
    return None


def tally(pairs) -> dict[Any, int]:
    """``{thing: n}`` from an iterable of things (each counted once per time it appears)."""
    out: dict[Any, int] = {}
    for thing in pairs:
        out[thing] = out.get(thing, 0) + 1
    return out
