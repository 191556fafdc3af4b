"""The shape of a saved Anachrony state (multiplayer and solo): the keys the rules and the status read
(automata/core/shape.py). Extra keys are allowed (a newer version may add some); a missing or mistyped key
makes the save damaged.
"""

from automata.core.shape import Each, Opt, wrong
from automata.core.steps import msg

PLAYER = {"name": str, "vp": int}

STATE = {
    "seed": int,
    "overrides": dict,
    "options": {"players": int, "modules": [str]},
    "era_count": int,
    "era": int,
    "phase": str,
    "first": str,
    "players": Each(PLAYER, nonempty=True),
    "impact": bool,
    "over": bool,
    "ending": bool,
    "next": Opt(dict),  # absent once the game is over (None is not written)
    "agenda": Opt([{"objective": int, "value": int, "locked": bool}]),
    "ql": Opt({"offer": [str], "deck": [str], "out": [str]}),
    "turn": Opt({"player": str}),
    "history": Opt([{"era": int, "vp": dict}]),  # VP at each Era's end (saves older than the summary lack it)
    "solo": Opt({
        "bot": str, "exosuits": int, "vp": int, "water": int, "paradox": int,
        "buildings": Each(int), "workers": Each(int), "resources": Each(int), "breakthroughs": Each(int),
    }),
}


def check(state: dict):
    """A solo game with an opponent the program runs has its bot's table (without ``--opponent`` the table runs
    the bot from its rulebook: no table); the next step names its procedure."""
    if state["options"].get("opponent") and "solo" not in state:
        return "state.solo", msg("core.shape.missing_solo")
    if state.get("next") and not isinstance(state["next"].get("proc"), str):
        return "state.next.proc", wrong(str, state["next"].get("proc"))
    return None
