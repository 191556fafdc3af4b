"""The end of a game decided again after a correction (issue 36): a correction is the truth from then on, also
after the end.

Every game says how its end is decided from the state in its ``end.py`` (the contract's ``end`` capability):
``decide(state, before)`` puts the end and the result right in place from the corrected ``state`` (``before``: the
state the correction started from), or returns the ``Msg`` saying why this correction cannot be followed (the game
would have to take up play where the program cannot), and then nothing is written. A game whose ``result.py``
already reads only the corrected values (Time of Crisis) decides nothing more there.

``after_fix`` is what a correction step plays (``automata/core/fix.py`` ``procedure``, through
``automata/core/fixstep.py``); ``result_now`` is the end as the rules decide it from a state, the same function
for a battery that checks every game. Pure: no I/O.
"""

from __future__ import annotations

import copy
from types import ModuleType

from .msg import Msg, msg


class EndRefused(ValueError):
    """A correction the end of the game cannot follow; ``msg`` says why (the game's own words)."""

    def __init__(self, reason: Msg):
        super().__init__(reason.id)
        self.msg = reason


def decide(game_id: str, state: dict, before: dict | None = None) -> None:
    """Decide the end of the game again from ``state`` (in place). Raises ``EndRefused``."""
    from . import contract

    module = contract.capability(game_id, "end")
    if module is None:
        return
    refused = module.decide(state, before if before is not None else state)
    if refused is not None:
        raise EndRefused(refused)


def result_now(game_id: str, state: dict) -> dict:
    """The game's ``result`` as the rules decide it from ``state`` (a copy is decided again; ``state`` is left as
    it is). Raises ``EndRefused`` when the state cannot be followed."""
    from . import contract

    working = copy.deepcopy(state)
    decide(game_id, working, state)
    return dict(contract.capability(game_id, "result").result(working))


def after_fix(game: ModuleType, state: dict, before: dict) -> list[Msg]:
    """What a correction step does after its changes: the end decided again (``decide``), and what the table is told
    when the end changed (the new winners and the rule; or that play goes on). Raises ``EndRefused``."""
    from . import contract, seats

    game_id = game.GAME_ID
    decide(game_id, state, before)
    results = contract.capability(game_id, "result")
    was, now = results.result(before), results.result(state)
    keys = ("finished", "winners", "ended_by", "ended_params", "scores")
    if all(was.get(k) == now.get(k) for k in keys) or not (was["finished"] or now["finished"]):
        return []  # the same end, or a game in play before and after (its scores move as it goes)
    if not now["finished"]:
        step = game.next_step(state)
        label = game.step_label(step).to_data() if step is not None else ""
        return [msg("core.fix.end.resumed", step=label)]
    rule = Msg(now["ended_by"], dict(now.get("ended_params") or {})).to_data() if now["ended_by"] else ""
    names = [results.seat_terms(state, s)["seat"] for s in seats.seats(game_id, state) if s["id"] in now["winners"]]
    if not names:
        return [msg("core.fix.end.no_winner", rule=rule)]
    return [msg("core.fix.end.decided", winners=names, rule=rule)]
