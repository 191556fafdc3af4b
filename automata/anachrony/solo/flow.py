"""How the opponent's steps join the game's (rules file §3.2.4, §3.4.5): its setup after yours, its part of
the Paradox (it rolls last), Power Up, Warp (in player order) and Clean Up phases inside those steps,
the Action Rounds as one step per turn, and its final score through the scoring helper."""

from __future__ import annotations

from ...core.steps import Say, msg, relay
from .. import multiplayer
from ..finish import with_known
from . import phases, rounds
from .data import solo_data_of
from .state import new_solo


def procedure(state: dict, step: dict):
    """The step ``step`` of a game with a solo opponent (game.procedure sends every step here): the
    multi-player procedure of the step, with the opponent's part joined."""
    sd = solo_data_of(state)
    proc = step["proc"]
    if proc == "solo_setup":
        yield from phases.setup(state, sd)
        state["next"] = {"proc": "phase", "era": 1, "phase": "preparation"}
        return
    if proc == "solo_turn":
        yield from rounds.turn(state, sd, step["era"], step["k"])
        return
    base = _base(state, step)
    if proc == "score":
        if state["solo"]["bot"] == "chronossus":
            yield phases.say("objectives.in_play", "rule", cards=[f"@anachrony.solo.objective.{c}" for c in state["solo"]["objectives"]] or "—")
        yield from _bot_named(with_known(base, score_answers(state)), f"@anachrony.solo.bot.{state['solo']['bot']}")
        return
    if proc == "phase":
        phase = step["phase"]
        bot_first = state["solo"]["first"] == "bot"
        if phase == "clean_up":
            yield from phases.clean_up(state, sd)
        if phase == "warp" and bot_first:
            yield from _after_heads(base, phases.warp(state, sd))
        else:
            yield from base
            extra = {"paradox": phases.paradox, "power_up": phases.power_up, "warp": phases.warp}.get(phase)
            if extra:
                yield from extra(state, sd)
        if phase == "warp":
            yield from phases.cosmic_leak(state, sd)
            yield from phases.your_exosuits(state, sd)
        nxt = state.get("next") or {}
        if nxt.get("proc") == "actions":
            state["next"] = {"proc": "solo_turn", "era": nxt["era"], "k": 1}
        return
    if proc == "impact":
        yield from _after_heads(base, phases.impact(state, sd))
        return
    yield from base
    if proc == "setup" and state["next"].get("proc") == "phase":
        state["next"] = {"proc": "solo_setup"}


def _after_heads(base, inserted):
    """Run ``base``, with ``inserted`` played right after its headings (the Warp in player order, §3.2.4)."""
    try:
        item = next(base)
        while isinstance(item, Say) and item.style == "head":
            yield item
            item = next(base)
    except StopIteration:
        yield from inserted
        return
    yield from inserted
    while True:
        answer = yield item
        try:
            item = base.send(answer)
        except StopIteration:
            return


def _bot_named(gen, name: str):
    """The final winners' line names the opponent (the scoring helper calls it "bot")."""

    def through(item):
        if isinstance(item, Say) and item.msg.id == "anachrony.final.winners":
            players = [name if p == "bot" else p for p in item.msg.params.get("players", [])]
            item = Say(msg(item.msg.id, **{**item.msg.params, "players": players}), item.style)
        return (yield item)

    return (yield from relay(gen, through))


def _base(state: dict, step: dict):
    return multiplayer.procedure(state, step)


def score_answers(state: dict) -> dict:
    """The scoring helper's questions about the opponent that the program answers (rules §3.2.10, §3.4.14)."""
    s = state["solo"]
    known = {"anachrony.score.opponent": s["bot"], "anachrony.score.bot.vp": s["vp"],
             "anachrony.score.bot.time_travel": s["time_travel"], "anachrony.score.bot.anomalies": s["anomalies"]}
    for shape, n in s["breakthroughs"].items():
        known[f"anachrony.score.bot.breakthroughs.{shape}"] = n
    if s["bot"] == "chronossus":
        known["anachrony.score.bot.energy_core_option"] = bool(s["difficulty"].get("core-vp"))
        known["anachrony.score.bot.energy_cores"] = s["pool"]["energized"]
        known["anachrony.score.bot.hypersync_out"] = len(s.get("hypersync", []))
    return known


def new_solo_state(state: dict) -> dict:
    return new_solo(state["options"], solo_data_of(state), state["options"]["modules"])
