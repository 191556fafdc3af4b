"""The shape of a saved Time of Crisis state: the keys the rules and the status read (automata/core/shape.py).

Extra keys are allowed (a newer version may add some); a missing or mistyped key makes the save damaged.
"""

from automata.core.shape import Each, Opt, wrong
from automata.core.msg import msg

AREAS = {"military": int, "senate": int, "populace": int}
BOT = {
    "mat": str, "start": str, "legacy": int, "emperor_type": str, "emperor_this_turn": bool, "mode": int,
    "marker": str, "ludi": bool, "ludi_applied": bool, "pawn": AREAS, "cylinder": Each(str), "points": AREAS,
    # card: the card this turn's pick played; used: told at its own moment (turn.events_at)
    "primary": {"area": str, "points": int, "event": int, "card": Opt(str), "used": Opt(bool)},
    "secondary": {"area": str, "points": int, "event": int, "card": Opt(str), "used": Opt(bool)},
    # after a Place Governor the program could not place: Palmyra Allies offers every province (turn.known_provinces)
    "governs_unknown": Opt(bool),
}

STATE = {
    "seed": int,
    "overrides": dict,
    "options": {"humans": int, "bots": [str], "cards": Opt(str), "emperor_rules": Opt(bool), "mats": Opt(Each(str))},
    "bot_mats": Each(str),
    "bot_order": [str],
    "bots": Each(BOT),
    "selective": dict,
    "emperor": str,
    "round": int,
    "next": Opt(dict),  # absent once the game is over (None is not written)
    "over": bool,
    # the bots' Legacy at each round's end (issue 14); absent in saves made before it
    "legacy_history": Opt([{"round": int, "legacy": Each(int)}]),
    "human_emperor": Opt({"player": int, "type": str}),  # the human player who is Emperor, and the Emperor's kind
    "apl_costs": Opt(dict),  # the action points each action costs the bots this turn
    "apl_last_cost": Opt(dict),  # the last action a bot paid for, and its cost
    "apl_board": Opt([str]),  # the entries whose cost the table said depends on the board (asked each time)
    # the end of the game (automata/toc/endgame.py): each human seat's final Legacy, and the seat the table named to
    # break a tie ("shared", or "" when it was not asked); absent in saves that ended before it
    "final": Opt({"legacy": Each(int), "tie": str}),
    "reminders": Opt(dict),  # the table's own reminders (automata/core/ineffect.py); absent until one is set
}


def check(state: dict):
    """Once the bots are placed (setup), every bot in the turn order has its table."""
    for color in state["bot_order"] if state["bots"] else ():
        if color not in state["bots"]:
            return f"state.bots.{color}", msg("core.shape.missing_listed", listed="state.bot_order")
    if state.get("next") and not isinstance(state["next"].get("proc"), str):
        return "state.next.proc", wrong(str, state["next"].get("proc"))
    return None
