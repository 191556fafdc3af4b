"""The Action Rounds of a solo game: your turns and the opponent's, one step each (rules file §3.2.4
turn, §3.2.8 passing, §3.4.6 turn and Autoleap, §3.4.8 passing)."""

from __future__ import annotations

from ...core.steps import ONE_OF, Ask, Choice, msg
from .. import actions as base
from .. import spaces
from ..data import data_of
from . import actions as solo_actions
from . import state as solo_state
from .common import PREFIX, bot, roll_ai, say, why
from .phases import spot_term


def start(state: dict, sd):
    s = state["solo"]
    s.update(passed=False, player_passed=False, actions=0, owed=0, turn=s["first"], spaces_era=state["era"])
    s.setdefault("spaces_from", state["era"])  # the first Era whose spaces the program kept (eras.capital_standing)
    if s["first"] == "bot":
        yield say("rounds.title", "head", era=state["era"], first=bot(s))
    else:
        yield say("rounds.title_you", "head", era=state["era"])
    yield say("rounds.report", "info")


def turn(state: dict, sd, era: int, k: int):
    s = state["solo"]
    state["phase"] = "actions"
    if k == 1:
        yield from start(state, sd)
    if s["turn"] == "bot":
        yield from bot_turn(state, sd)
        if s["player_passed"] and s["owed"] > 0:
            s["owed"] -= 1
    else:
        yield from player_turn(state, sd, era)
    nxt = after(sd, s)
    if nxt is None:
        yield say("rounds.over", "info")
        state["next"] = {"proc": "phase", "era": era, "phase": "clean_up"}
    else:
        s["turn"] = nxt
        state["next"] = {"proc": "solo_turn", "era": era, "k": k + 1}


def after(sd, s: dict) -> str | None:
    """Who plays next, or None when the Action Rounds are over."""
    if s["bot"] == "chronobot":
        if s["player_passed"]:
            return "bot" if not s["passed"] and s["owed"] > 0 else None
        if s["passed"]:
            return "p1"
        return "p1" if s["turn"] == "bot" else "bot"
    if s["player_passed"] and s["passed"]:
        return None
    if s["player_passed"]:
        return "bot"
    if s["passed"]:
        return "p1"
    return "p1" if s["turn"] == "bot" else "bot"


# -- your turn -------------------------------------------------------------------------------------------------


def player_turn(state: dict, sd, era: int):
    """You take one Action on the board (or a module Action the program keeps), or pass. Rules file §2.5
    Action Rounds 1, §2.10: a Main-board space takes a Worker in a powered Exosuit, a Player-board space a
    Worker alone; the program counts your powered Exosuits (asked after the Warp) and offers an Exosuit
    Action only while one is left."""
    data = _data(state)
    s = state["solo"]
    left = s.get("you_exosuits")  # None: a game saved before the program counted your Exosuits
    events = [e for e in ("hypersync", "recover", "quantum_payback") if base.eligible(state, data, e)]
    if left is not None and left <= 0:
        events = [e for e in events if e != "recover"]  # recovering a Hypersync tile takes an Exosuit (R2)
    exo: tuple = ()
    if left is None:
        exo = (Choice("action", msg(f"{PREFIX}.you.action")),)
    elif left > 0:
        exo = (Choice("action", msg(f"{PREFIX}.you.exosuit", left=left)),)
    if left is None or left > 0:  # the spaces the opponent also uses: where you put it, so that it knows (§3.2.5)
        exo += tuple(Choice(f"{kind}.{x}", msg(f"{PREFIX}.you.on_council", space=_space_term(kind, x)) if kind == "council"
                            else msg(f"{PREFIX}.you.on", action=f"@{PREFIX}.action.{kind}", space=_space_term(kind, x)))
                     for kind, x in your_spaces(state))
    if left is not None:
        exo += (Choice("board", msg(f"{PREFIX}.you.board")),)
    choices = exo + tuple(Choice(e, msg(f"anachrony.action.{e}")) for e in events) + (Choice("pass", msg(f"{PREFIX}.you.pass")),)
    what = yield Ask(f"{PREFIX}.you", msg(f"{PREFIX}.ask.you", era=era), ONE_OF, choices)
    kind, dot, where = what.partition(".")
    if dot:
        spaces.take(state, kind, where, "p1")
        what = "action"
    if what == "pass":
        s["player_passed"] = True
        yield say("you.passed", "info")
        if s["bot"] == "chronobot":
            need = _min_actions(sd, s)
            s["owed"] = max(need - s["actions"], 0) + (1 if s["difficulty"].get("extra-turn") else 0)
            if s["passed"]:
                yield why("both_passed")
            elif s["owed"]:
                yield say("you.owed", "info", bot=bot(s), n=s["owed"], done=s["actions"])
                yield why("minimum", n=need, done=s["actions"], extra=1 if s["difficulty"].get("extra-turn") else 0)
            else:
                yield why("ends_at_once", n=need, done=s["actions"])
        else:
            yield why("chronossus_after_pass" if not s["passed"] else "both_passed")
        return
    if what in ("action", "recover") and left is not None:
        s["you_exosuits"] = left = left - 1
    if what in ("action", "board"):
        yield say("you.acted", "info")
        if what == "action" and left == 0:
            yield say("you.exosuits_out", "info")
        return
    if what == "quantum_payback":
        far = s["bot"] == "chronossus"  # rules §3.4.10 (4): the returned card goes to the end farthest from the deck
        card = state["players"]["p1"]["quantum"]["card"]
        yield from base.quantum_payback(state, data, "p1", era, far=far)
        if far:
            yield say("you.ql_back_far", card=f"@anachrony.ql.{card}")
            yield why("ql_back_far")
        return
    handler = {"hypersync": base.hypersync, "recover": base.recover}[what]
    yield from handler(state, data, "p1", era)


def your_spaces(state: dict) -> list[tuple[str, str]]:
    """The Main-board spaces the opponent may also take that are free now (§2.10: one Exosuit per space per
    Era; §2.9: a Capital space gone Hex Unavailable stays so), as (kind, space), top first."""
    out = []
    for kind in ("construct", "recruit", "research", "mine"):
        out += [(kind, x) for x in spaces.free(state, kind, spaces.SPACES[kind])]
    out += [("council", x) for x in spaces.free(state, "council", solo_actions.council_spaces(state))]
    return out


def _space_term(kind: str, space: str) -> str:
    if kind == "council":
        return f"@{PREFIX}.council.{space}"
    if kind == "mine":
        return f"@{PREFIX}.mine.{space}"
    return f"@{PREFIX}.space.{space}"


def _data(state: dict):
    return data_of(state)


def _min_actions(sd, s: dict) -> int:
    d = sd["chronobot_first" if s["edition"] == "first" else "chronobot"]
    return 6 if s["difficulty"].get("min-6") else d["min_actions"]


# -- its turn --------------------------------------------------------------------------------------------------


def bot_turn(state: dict, sd):
    s = state["solo"]
    yield say("turn.title", "head", bot=bot(s), n=s["actions"] + 1)
    if s["bot"] == "chronobot":
        yield from chronobot_turn(state, sd)
    else:
        yield from chronossus_turn(state, sd)


def chronobot_turn(state: dict, sd):
    """§3.2.4: roll the AI die, perform the Action at that token, advance it one step (§3.2.3 stacking);
    §3.2.8: with no Exosuit left, one last Time Travel, then it passes."""
    s = state["solo"]
    if s["exosuits"] <= 0:
        yield why("last_time_travel")
        done = yield from solo_actions.time_travel(state, sd, last=True)
        if done:
            s["actions"] += 1
        s["passed"] = True
        yield say("turn.passes", "info", bot=bot(s))
        return
    tok = str((yield from roll_ai(sd, s)))
    spot = solo_state.token_spot(s, tok)
    action = solo_state.action_at(sd, s, spot)
    yield say("turn.token", "info", bot=bot(s), token=tok, action=f"@{PREFIX}.action.{action}")
    yield why("token", token=tok)
    yield from solo_actions.perform(state, sd, action)
    s["actions"] += 1
    yield from move(state, sd, tok)


def move(state: dict, sd, tok: str):
    s = state["solo"]
    for t, here, there in solo_state.advance_chronobot(sd, s, tok):
        key = "turn.bumped" if t != tok else "turn.moved"
        yield say(key, token=t, spot=_spot(sd, s, there))
        if t != tok:
            yield why("bump")
    there = solo_state.token_spot(s, tok)
    if s["difficulty"].get("reboot-advance") and solo_state.spot_action(sd, s, there) == "reboot":
        yield why("reboot_advance")
        for t, here, there2 in solo_state.advance_chronobot(sd, s, tok):
            yield say("turn.bumped" if t != tok else "turn.moved", token=t, spot=_spot(sd, s, there2))


def _spot(sd, s: dict, spot: str):
    return spot_term(sd, s, spot)


def chronossus_turn(state: dict, sd):
    """§3.4.6: roll, perform the Action (printed or tile) at that token, advance it; Autoleap performs the
    next spot's Action at once; §3.4.8: with no powered Exosuit, it passes when the rolled Action needs one
    (its token stays)."""
    s = state["solo"]
    era = state["era"]
    tok = str((yield from roll_ai(sd, s)))
    action = solo_state.action_at(sd, s, solo_state.chronossus_spot(sd, s, tok))
    yield say("turn.token", "info", bot=bot(s), token=tok, action=_action_term(sd, action))
    if s["exosuits"] <= 0 and solo_actions.needs_exosuit(sd, s, action, era):
        s["passed"] = True
        yield say("turn.passes", "info", bot=bot(s))
        yield why("chronossus_pass")
        return
    yield why("token", token=tok)
    yield from solo_actions.perform(state, sd, action)
    s["actions"] += 1
    for _ in range(8):
        here, there = solo_state.advance_chronossus(sd, s, tok)
        yield say("turn.moved", token=tok, spot=_spot(sd, s, there))
        nxt = solo_state.action_at(sd, s, there)
        if not (nxt.startswith("tile:") and sd["tiles"][nxt[5:]].get("autoleap")):
            break
        yield say("turn.autoleap", "info", tile=nxt[5:])
        yield why("autoleap")
        yield from solo_actions.perform(state, sd, nxt)  # not a rolled Action: no pass here (§3.4.8); without an Exosuit C12B Time Travels


def _action_term(sd, action: str):
    if action.startswith("tile:"):
        return msg(f"{PREFIX}.tile_named", tile=action[5:], action=f"@{PREFIX}.tile.{sd['tiles'][action[5:]]['effect']}").to_data()
    return f"@{PREFIX}.action.{action}"
