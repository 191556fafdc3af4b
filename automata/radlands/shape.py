"""The shape of a saved Radlands state: the keys the rules and the status read (automata/core/shape.py).

Extra keys are allowed (a newer version may add some); a missing or mistyped key makes the save damaged.
"""

from automata.core.shape import Each, Opt, wrong
from automata.core.msg import msg

CAMP = {"id": str, "state": str, "used": bool}
PERSON = {"uid": int, "card": str, "damaged": bool, "used": bool, "fresh": Opt(bool)}
PLAYER = {
    "name": str,
    "camps": [CAMP],
    "columns": [[PERSON]],
    "queue": [str],
    "raiders": str,
    "silo": str,
    "hand": int,
    "turns": int,
}

STATE = {
    "seed": int,
    "overrides": dict,
    "options": dict,
    "rules": dict,
    "players": Each(PLAYER, keys=("a", "b")),
    "deck": {"count": int, "discard": int, "reshuffles": int, "known": [str]},
    "turn": {
        "player": str, "number": int, "water": int,
        # what this turn has done so far (the rules' once-per-turn limits); absent before the first turn
        "extra": Opt(int), "people_entered": Opt(int), "event_resolved": Opt(bool), "own_raiders_resolved": Opt(bool),
        "events_played": Opt(int), "first_ability_card": Opt(str), "high_ground": Opt(bool),
        "high_ground_by": Opt(str),  # whose High Ground it is (effects.Ctx.exposed); older saves lack it
        "resume": Opt(dict),  # the step a turn handed over by a correction was at (fix.py 'turn'), for 'turn' back
    },
    "first_player": str,
    "uid": int,
    "next": Opt(dict),  # absent once the game is over (None is not written)
    "over": bool,
    "result": Opt(str),  # who won, once the game is over ("" before)
    "history": Opt([{"turn": int, "a": [int], "b": [int]}]),  # the camps turn by turn (history.py); older saves lack it
    "reminders": Opt(dict),  # the table's own reminders (automata/core/ineffect.py); absent until one is set
}


def check(state: dict):
    """The player whose turn it is (once the first turn has begun) exists."""
    if state["turn"]["player"] and state["turn"]["player"] not in state["players"]:
        return "state.turn.player", msg("core.shape.not_one_of", value=str(state["turn"]["player"]), valid="a, b")
    if state.get("next") and not isinstance(state["next"].get("proc"), str):
        return "state.next.proc", wrong(str, state["next"].get("proc"))
    return None
