"""The solo opponent in ``tabletop anachrony status`` (text and ``--json``).

``opponent`` keys of ``status --json``: ``bot`` (chronobot | chronossus), ``edition`` (Chronobot: current |
first), ``difficulty`` (option → true or a number), ``tokens`` (token number → {``spot``, ``action``}),
``exosuits`` (powered, not yet placed), ``placed`` (this Era), ``actions`` (this Era), ``passed``,
``first`` (bot | p1: First Player of the Era), ``warps`` (Era → its Warp tiles on that Timeline tile),
``warps_left`` (in its supply), ``paradox``, ``anomalies``, ``buildings`` (type → count), ``superprojects``,
``workers`` (type → count), ``resources`` (type → count), ``breakthroughs`` (shape → count),
``time_travel`` (0-6), ``vp`` (VP gained in play), ``failed`` (Failed Actions), ``water`` (first edition);
Chronossus: ``tiles`` (slot_1..slot_3 → tile and side, e.g. C02A), ``covers`` (spot → tile),
``energy_pool`` ({energized, exhausted}), ``objectives`` (Solo Objectives in play), ``ql_removed`` (with Quantum Loops),
``hypersync`` (the Eras of its pending Solo Hypersync tiles).
"""

from __future__ import annotations

from typing import Any


def opponent_data(state: dict) -> dict[str, Any]:
    from automata.anachrony.solo import state as solo_state
    from automata.anachrony.solo.data import solo_data_of

    s = state["solo"]
    sd = solo_data_of(state)
    toks = {}
    for tok in solo_state.tokens(s):
        spot = solo_state.where(sd, s, tok)
        toks[tok] = {"spot": spot, "action": solo_state.action_at(sd, s, spot)}
    out: dict[str, Any] = {
        "bot": s["bot"], "edition": s["edition"], "difficulty": dict(s["difficulty"]), "tokens": toks,
        "exosuits": s["exosuits"], "placed": s["placed"], "actions": s["actions"], "passed": s["passed"],
        "first": s["first"], "warps": {int(e): n for e, n in sorted(s["warps"].items(), key=lambda x: int(x[0]))},
        "warps_left": solo_state.WARP_TILES - solo_state.warps_out(s), "paradox": s["paradox"], "anomalies": s["anomalies"],
        "buildings": dict(s["buildings"]), "superprojects": s["superprojects"], "workers": dict(s["workers"]),
        "resources": dict(s["resources"]), "breakthroughs": dict(s["breakthroughs"]), "time_travel": s["time_travel"],
        "vp": s["vp"], "failed": s["failed"],
    }
    if s["edition"] == "first":
        out["water"] = s["water"]
    if s["bot"] == "chronossus":
        out.update(tiles=dict(s["tiles"]), covers=dict(s.get("covers", {})), energy_pool=dict(s["pool"]),
                   objectives=list(s["objectives"]))
        if "ql" in state:
            out["ql_removed"] = s["ql_removed"]
        if "hypersync" in s:
            out["hypersync"] = list(s["hypersync"])
    return out


def register(app) -> None:
    app.command("opponent")(opponent_command)


def opponent_command() -> None:
    """The solo opponent's board: tokens, Exosuits, Warp tiles, assets, VP (also in 'anachrony status')."""
    from ..commands import saves
    from ..commands.env import current

    env = current()
    session = saves.open_game_session(env, "anachrony", "anachrony.error.not_anachrony")
    state = session.save.state
    if "solo" not in state:
        from ..commands.env import CliError, Exit

        raise CliError(env.t("anachrony.solo.error.no_opponent", name=session.save.name), Exit.USAGE)
    data = opponent_data(state)
    if env.json:
        env.emit_json({"ok": True, "name": session.save.name, "opponent": data})
        return
    from .picture import draw_opponent, extras_of

    draw_opponent(env, data, extras_of(state).get("board"))
