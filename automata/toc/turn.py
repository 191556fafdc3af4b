"""A round of Time of Crisis with AI bots (seed 000, "Fluxo do Jogo").

Bots take their turns first, in the bot order drawn at setup, then the human
players. A bot turn is five steps: Crisis, Take Actions (mode, influence and
events, then the Action Priority List, then the events), Gain Legacy,
Buy/Trash Cards and End of Turn. The program asks only what it does not
track: the crisis result, board facts for the mode, the printed criteria and
costs of the priority list, political points and Legacy from the base rules.

This module is the round's entry: the steps in order (``BOT_STEPS``, ``human_turn``) and the end of the round. Each
step lives in the module named for it: ``crisis``, ``influence`` (mode, influence, the events' cards), ``priority``
(the Action Priority List), ``events`` (the events and the cards in the slots), ``legacy_buy`` (Gain Legacy,
Buy/Trash, End of Turn), ``human`` (a human's turn); ``emperor_steps`` (the Emperor in play) and ``common`` are below
them.
"""

from __future__ import annotations

from ..core.steps import YES_NO, Ask, Say, msg
from . import endgame
from .common import bot_name
from .crisis import bot_crisis
from .events import bot_events
from .human import human_turn
from .influence import bot_influence
from .legacy_buy import bot_buy, bot_end, bot_legacy
from .priority import bot_spend

#: a bot's turn, in order: the name of the step in the save, and its procedure ``(state, data, colour)``
BOT_STEPS = {
    "bot_crisis": bot_crisis,
    "bot_influence": bot_influence,
    "bot_spend": bot_spend,
    "bot_events": bot_events,
    "bot_legacy": bot_legacy,
    "bot_buy": bot_buy,
    "bot_end": bot_end,
}

#: a human player's turn, ``(state, data, i)``
HUMAN_STEP = human_turn


def end_question(state: dict, data) -> Ask:
    """Whether the game ended this round. The end trigger is MISSING from every source (rules file §2.10, §3.11: games
    are played to 60 Legacy [S], the end procedure follows the base rulebook), so the table is asked; the program knows
    the bots' Legacy, so the question says which side could have ended it. No bot at the goal: the question is about the
    humans, and Enter means "no, carry on" (wave 2, audit item 1). A bot at the goal: the game usually ends, Enter means yes."""
    threshold = data.rules.get("legacy", {}).get("end_threshold", 60)
    qid = f"toc.round{state['round']}.over"
    bots = state["bots"]
    if not state["bot_order"]:
        return Ask(qid, msg("toc.round.over", threshold=threshold), YES_NO, default=False)
    best = max(state["bot_order"], key=lambda c: bots[c]["legacy"])
    if bots[best]["legacy"] >= threshold:
        return Ask(qid, msg("toc.round.over_bot", bot=bot_name(best, bots), legacy=bots[best]["legacy"], threshold=threshold),
                   YES_NO, default=True)
    return Ask(qid, msg("toc.round.over_humans", threshold=threshold, best=bots[best]["legacy"]), YES_NO, default=False)


def round_end(state: dict, data):
    # issue 14: the bots' Legacy at the end of every round, for the end-of-game chart (old saves have no history)
    history = state.setdefault("legacy_history", [])
    history[:] = [h for h in history if h["round"] < state["round"]]
    history.append({"round": state["round"], "legacy": {c: state["bots"][c]["legacy"] for c in state["bot_order"]}})
    legacy = [msg("toc.legacy_of", bot=bot_name(c, state["bots"]), legacy=state["bots"][c]["legacy"]).to_data() for c in state["bot_order"]]
    if legacy:
        yield Say(msg("toc.round.legacy", legacy=legacy), "info")
    over = yield end_question(state, data)
    if over:
        state["over"] = True
        yield Say(msg("toc.round.game_over"), "score")
        yield from endgame.final_scoring(state, data)  # the humans' final Legacy and the winner
        state["next"] = {"proc": "over"}
        return
    state["round"] += 1
    state["next"] = {"proc": "bot_crisis", "bot": state["bot_order"][0]} if state["bot_order"] else {"proc": "human", "i": 1}
