"""The shape of a saved Anachrony state (multiplayer and solo): the keys the rules and the status read
(automata/core/shape.py). Extra keys are allowed (a newer version may add some); a missing or mistyped key
makes the save damaged.
"""

from automata.core.shape import Each, Opt, wrong
from automata.core.msg import msg

PLAYER = {
    "name": str, "vp": int,
    # the modules' tables (present with the module)
    "hypersync": Opt(Each(dict)), "hypersync_era": Opt(int), "missions_failed": Opt(int), "quantum": Opt(dict),
    "intrigues": Opt(dict),
    "cosmic_data_leak": Opt(bool),  # the Quantum Loop card was taken (kept for the final score)
    "cosmic_data_leak_takes": Opt(int),  # how many times (each take draws its Endgame Conditions)
}

STATE = {
    "seed": int,
    "overrides": dict,
    "options": {"players": int, "modules": [str], "random": Opt(str), "names": Opt([str]), "opponent": Opt(str),
                "edition": Opt(str), "difficulty": Opt(dict), "paths": Opt(dict), "board_side": Opt(str),
                "asks": Opt(int)},  # the questions' version (common.ASKS_VERSION); saves older than it lack it
    "era_count": int,
    "era": int,
    "phase": str,
    "first": str,
    "start": Opt(str),  # the first player of the game, chosen at setup (saves older than it lack it)
    "players": Each(PLAYER, nonempty=True),
    "impact": bool,
    "over": bool,
    "ending": bool,
    "next": Opt(dict),  # absent once the game is over (None is not written)
    "agenda": Opt([{"objective": int, "value": int, "locked": bool, "values": Opt(list)}]),
    "ql": Opt({"offer": [str], "deck": [str], "out": [str],
               "paybacks": Opt(Each(str))}),  # each card's payback Breakthrough, once the table said it
    "turn": Opt({"player": str, "rows": Opt(list)}),
    "history": Opt([{"era": int, "vp": dict, "bot": Opt(int)}]),  # VP at each Era's end (saves older than the summary lack it)
    "solo": Opt({
        "bot": str, "exosuits": int, "vp": int, "water": int, "paradox": int,
        "buildings": Each(int), "workers": Each(int), "resources": Each(int), "breakthroughs": Each(int),
        "edition": Opt(str), "difficulty": Opt(dict), "placed": Opt(int), "actions": Opt(int), "passed": Opt(bool),
        "player_passed": Opt(bool), "turn": Opt(str), "first": Opt(str), "first_next": Opt(str), "anomalies": Opt(int),
        "superprojects": Opt(int), "time_travel": Opt(int), "failed": Opt(int), "owed": Opt(int),
        "you_exosuits": Opt(int), "spots": Opt(Each(list)), "warps": Opt(Each(int)),
        "spaces_era": Opt(int), "spaces_from": Opt(int), "your_warps": Opt(Each(int)),
    }),
    "superprojects": Opt([str]),
    "other_modules": Opt([str]),
    "supercharge": Opt(bool),
    "spaces": Opt(Each(dict)),  # who holds each action space this Era (space -> spot -> holder)
    "collapsed": Opt(Each(list)),  # the action spaces' spots the Collapse closed
    "totals": Opt(Each(dict)),  # each player's end-of-game tally by source (numbers and flags)
    # the final score: an older save lacks the tally by category, the ranking and the tiebreak
    "final": Opt({"winners": [str], "totals": Each(int), "tiebreak": Opt(str), "categories": Opt(Each(dict)),
                  "ranking": Opt([dict]),
                  # what the tally was given (reports, agenda, side, opponent): a correction after the end scores
                  # again from it (end.py); an older save lacks it
                  "tally": Opt({"reports": Each(dict), "agenda": [dict], "side": str, "opponent": str})}),
    "reminders": Opt(dict),  # the table's own reminders (automata/core/ineffect.py); absent until one is set
}


def check(state: dict):
    """A solo game with an opponent the program runs has its bot's table (without ``--opponent`` the table runs
    the bot from its rulebook: no table); the next step names its procedure."""
    if state["options"].get("opponent") and "solo" not in state:
        return "state.solo", msg("core.shape.missing_solo")
    if state.get("next") and not isinstance(state["next"].get("proc"), str):
        return "state.next.proc", wrong(str, state["next"].get("proc"))
    return None
