"""What is in effect in Anachrony (issue 39; automata/core/ineffect.py), derived from the state; a round is an Era:

- after the Impact (rules file §2.9): the Evacuation Action is open, once a game for each player whose Path
  condition holds, until the end of the game; said at the first Action Round of each Era (the Mine pool's
  Neutronium is already said at each Preparation phase);
- with Hypersync Future Actions, each Hypersync tile a player has synchronised to a past Era (rules file §1.7.1
  R2): it waits until that player recovers it at the matching Hypersync Action space, Focus on that Era (the
  Paradox phase counts it); said at the first Action Round of each Era;
- with Quantum Loops, a Quantum Warp tile on the Timeline (rules file §1.7.2 L2-L4): it waits until paid back at a
  Power Plant with the Breakthrough its card shows (the program offers that payback then).
"""

from __future__ import annotations

from ..core.ineffect import Effect, Moment
from ..core.msg import msg

#: the words of an Era, in order (rules file §2.3), then the game's end
MOMENTS = ("setup", "preparation", "paradox", "power_up", "warp", "actions", "clean_up", "impact", "end")

_STEP_MOMENT = {"actions": "actions", "solo_turn": "actions", "impact": "impact", "end": "end"}


def moment(state: dict, step: dict) -> Moment | None:
    proc = step.get("proc", "")
    if proc in ("setup", "solo_setup"):
        return Moment("setup", 1)
    word = step.get("phase") if proc == "phase" else _STEP_MOMENT.get(proc)
    if word not in MOMENTS:
        return None
    return Moment(word, int(step.get("era") or state["era"] or 1), first=int(step.get("k", 1)) == 1)


def in_effect(state: dict) -> list[Effect]:
    from .common import card, who
    from .eras import pending_hypersync

    out: list[Effect] = []
    if state.get("impact") and not state.get("over"):
        out.append(Effect(
            key="impact.evacuation", source=msg("anachrony.ineffect.impact"), until=msg("anachrony.ineffect.until_game_end"),
            moments=("actions",), note=msg("anachrony.ineffect.evacuation_note"), rule=msg("anachrony.ineffect.rule_impact"),
            lasts=None))
    for p, player in state["players"].items():
        quantum = player.get("quantum") or {}
        if quantum.get("warp") == "timeline" and quantum.get("card"):
            out.append(Effect(
                key=f"quantum.{p}", source=msg("anachrony.ineffect.quantum", player=who(state, p)),
                where=msg("anachrony.ineffect.on_era", era=quantum.get("era", 0)), until=msg("anachrony.ineffect.until_paid"),
                moments=("actions",), seat=p, note=msg("anachrony.ineffect.quantum_note", card=card(quantum["card"]),
                                                       era=quantum.get("era", 0)),
                rule=msg("anachrony.ineffect.rule_quantum"), computed=True, lasts=None))
        if not player.get("hypersync"):
            continue
        for tile, era in pending_hypersync(state, p):
            out.append(Effect(
                key=f"hypersync.{p}.{tile}", source=msg("anachrony.ineffect.hypersync", tile=f"@anachrony.tile.{tile}",
                                                         player=who(state, p)),
                where=msg("anachrony.ineffect.above_era", era=era), until=msg("anachrony.ineffect.until_recovered"),
                moments=("actions",), seat=p, note=msg("anachrony.ineffect.hypersync_note", era=era),
                rule=msg("anachrony.ineffect.rule_hypersync"), lasts=None))
    return out
