"""What is in effect in Time of Crisis (issue 39; automata/core/ineffect.py), derived from the bots' tables:

- the Ludi Saeculares marker on a bot's mat (rules file §1.5, AI Crisis Phase; §1.8 G2 and G3): its Secondary
  influence is 4 less in its next Take Actions, and the marker comes off in that turn's Buy/Trash phase; the
  program applies it, and says so at that bot's influence step;
- an event a bot holds that may be used only at its own moment (a Place Governor, a battle: issue 30, the data's
  event notes): the program says it when that moment comes in the Action Priority List, and says it is held when
  the list starts; it ends with the bot's turn.

The round is the seed's: every bot's turn in turn order, then the humans', then the round's end (§1.4).
"""

from __future__ import annotations

from ..core.ineffect import Effect, Moment
from ..core.msg import msg

#: the words of a turn, in order (rules file §1.5, the AI bot turn), then the round's end
MOMENTS = ("setup", "crisis", "influence", "actions", "events", "legacy", "buy", "end_turn", "round_end")

_STEP_MOMENT = {"bot_crisis": "crisis", "bot_influence": "influence", "bot_spend": "actions", "bot_events": "events",
                "bot_legacy": "legacy", "bot_buy": "buy", "bot_end": "end_turn", "human": "crisis",
                "round_end": "round_end"}
LAST_TURN = 99  # the round's end comes after every turn


def moment(state: dict, step: dict) -> Moment | None:
    proc = step.get("proc", "")
    if proc == "setup":
        return Moment("setup", 1)
    word = _STEP_MOMENT.get(proc)
    if word is None:
        return None
    round_ = int(step.get("round") or max(state["round"], 1))
    order = list(state["bot_order"])
    if proc == "human":
        i = int(step.get("i", 1))
        return Moment(word, round_, seat=f"human{i}", turn=len(order) + i - 1)
    if proc == "round_end":
        return Moment(word, round_, turn=LAST_TURN)
    colour = step.get("bot", "")
    return Moment(word, round_, place=colour, seat=colour, turn=order.index(colour) if colour in order else 0)


_TURN_WORDS = MOMENTS[1:-1]  # a bot's turn, crisis to end of turn; a human's turn is one step, its crisis


def to_come(state: dict, now: Moment) -> list[str]:
    """The words still to come in ``now``'s round (automata/core/ineffect.py ``to_come``): the rest of this turn,
    every word of each bot's turn after it, the crisis of each human's turn after it, then the round's end."""
    if now.word == "setup":  # before the first round: all of it
        return list(MOMENTS if now.enters else MOMENTS[1:])
    if now.word == "round_end":
        return ["round_end"] if now.enters else []
    order = list(state["bot_order"])
    humans = int(state["options"]["humans"])
    index = MOMENTS.index(now.word)
    left = set()
    if now.turn < len(order):  # a bot's turn: its words after where it stands
        left |= {w for w in _TURN_WORDS if MOMENTS.index(w) > index or (w == now.word and now.enters)}
    elif now.enters:  # a human's turn not played yet
        left.add("crisis")
    if now.turn + 1 < len(order):
        left |= set(_TURN_WORDS)
    if len(order) + humans - 1 > now.turn:
        left.add("crisis")
    return [w for w in MOMENTS if w in left or w == "round_end"]


def in_effect(state: dict) -> list[Effect]:
    from .data import data_of
    from .common import bot_name
    from .events import card_shown, event_moment

    out: list[Effect] = []
    bots = state.get("bots") or {}
    for colour in state.get("bot_order", []):
        bot = bots.get(colour)
        if not bot:
            continue
        name = bot_name(colour, bots)
        if bot.get("ludi"):
            out.append(Effect(
                key=f"ludi.{colour}", source=msg("toc.ineffect.ludi"), where=msg("toc.ineffect.on_mat", bot=name),
                until=msg("toc.ineffect.until_ludi"), moments=("influence",), place=colour, seat=colour,
                note=msg("toc.ineffect.ludi_note"), rule=msg("toc.ineffect.rule_ludi"), computed=True, lasts=2))
        for role in ("primary", "secondary"):
            slot = bot.get(role) or {}
            card = slot.get("card")
            if not card or slot.get("used"):
                continue
            data = data_of(state)
            when = event_moment(data, card)
            if when == "any":
                continue
            out.append(Effect(
                key=f"event.{colour}.{role}", source=msg("toc.ineffect.held_event", card=card_shown(data, card)),
                where=msg("toc.ineffect.held_by", bot=name), until=msg("toc.ineffect.until_turn_end"),
                moments=("actions",), place=colour, seat=colour, note=msg(f"toc.ineffect.event_note.{when}"),
                rule=msg("toc.ineffect.rule_event"), computed=True, lasts=1))
    return out
