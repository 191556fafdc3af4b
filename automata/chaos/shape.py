"""The shape of a saved Chaos in the Old World state: the keys the rules and the status read (automata/core/shape.py).

Extra keys are allowed (a newer version may add some); a missing or mistyped key makes the save damaged.
"""

from automata.core.shape import Each, Opt, wrong
from automata.core.msg import msg

POWER = {
    "vp": int, "dial": int, "pp": int, "hand": int, "deck": int, "discard": int,
    "upgrades": list, "peasants": int, "dac": int, "placed_round": dict,
    "vp_by": Opt(Each(int)),
    "deck_unsure": Opt(int),  # Tzeentch's unasked discards before drawing (automata/chaos/copies.py, unsure)
    "discard_cards": Opt([str]),  # cards known in the discard pile (automata/chaos/copies.py); absent in older saves  # VP by kind (board.VP_KINDS); absent in older saves
}

REGION = {
    "cards": [dict],
    "ruin": int,
    "ruin_face_up": bool,
    "tokens": Each(int),
    "corruption": Each(int),
    "figures": Each(Each(int)),
}

STATE = {
    "seed": int,
    "overrides": dict,
    "powers": [str],
    "round": int,
    "next": Opt(dict),  # absent once the game is over (None is not written)
    "over": bool,
    "result": dict,
    "p": Each(POWER),
    "regions": Each(REGION, nonempty=True),
    "old_world": {"deck": int, "track": [str], "drawn": Opt([str])},
    "ruination_next": int,
    "summon_started": Opt(int),
    "vp_history": Opt([Each(int)]),  # every Power's VP at each round's end; absent in older saves
    "summoning": Opt(str),  # the summoning line's state while it runs
    "asks": Opt(int),  # the questions' version (automata/chaos/cardorder.py); absent in older saves
    "battle_started": Opt(int),  # the region index of the battle being fought
    "facts": Opt(dict),  # what Old World cards left in play (end-phase effects)
    "reminders": Opt(dict),  # the table's own reminders (automata/core/ineffect.py); absent until one is set
}


def check(state: dict):
    """Every power in play has its table, and the next step is one the game knows."""
    for power in state["powers"]:
        if power not in state["p"]:
            return f"state.p.{power}", msg("core.shape.missing_listed", listed="state.powers")
    return _next(state)


def _next(state: dict):
    nxt = state.get("next")
    if nxt and not isinstance(nxt.get("proc"), str):
        return "state.next.proc", wrong(str, nxt.get("proc"))
    return None
