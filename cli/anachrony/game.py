"""``tabletop new anachrony`` and ``tabletop anachrony status``: Anachrony with Future Imperfect.

``tabletop anachrony status --json`` keys: ``ok``, ``name``, ``game`` ("anachrony"), ``players`` (count),
``modules``, ``random`` (app | table), ``era``, ``last_era``, ``phase``, ``impact`` (true once resolved),
``over``, ``first_player``, ``turn_order``, ``next`` (the next step, or null), ``superprojects`` (Timeline
order, when the program drew them), ``endgame_conditions`` (when drawn), ``quantum_loops`` (``offer``,
``deck``: how many cards are face down (their order stays secret in the save), ``out``), ``agenda`` (rows: ``row``, ``objective`` and ``value`` (tiles stacked), ``values``
(Value numbers, the last on top), ``locked``), ``untangling`` (after the game end: per player ``vp_tokens``,
``hypersync_out``, ``hypersync_penalty``, ``quantum_warp_unpaid``, ``quantum_warp_penalty``, with Intrigues
``agenda_reserve`` and ``missions``), ``final`` (``totals`` by player id, ``winners``), ``player`` (id → ``name`` ("Player 1" in the table's language
when --names was not given), ``vp_tokens``, ``vp`` (VP tokens plus ``missions_failed_vp``, the -1 of each failed
or unrevealed Mission, with Intrigues), and per module:
``hypersync`` (tile → {state, era}), ``hypersync_era``, ``quantum`` (``warp``: supply | timeline, ``era``,
``card``, ``payback``), ``intrigues`` (``mission_deck``, ``mission`` {era, kind, revealed, met},
``emergency_left``, ``objectives``, ``values``, ``benefit_uses``, ``benefit_limit``, ``missions_failed``)).
"""

from __future__ import annotations

from typing import Any, Optional

import typer

from ..commands.env import current


def new_command(
    players: Optional[int] = typer.Option(None, "--players", help="Players at the table: 1 to 4 (default 2; at a terminal you are asked)."),
    modules: Optional[str] = typer.Option(None, "--modules", help="Future Imperfect modules, comma-separated: neutronide, hypersync, quantum-loops, intrigues (none: the base game)."),
    draws: str = typer.Option("app", "--draws", help="Who makes the setup's random draws (Superprojects, Endgame Conditions, the Loop offer): app (the program, from the seed) or table."),
    names: Optional[str] = typer.Option(None, "--names", help="The players' names in seat order, comma-separated."),
    name: Optional[str] = typer.Option(None, "--name", help="Name of the save (default: anachrony-N)."),
    opponent: str = typer.Option("", "--opponent", help="Solo (--players 1): chronobot (base game) or chronossus (modules but Intrigues), run by the program."),
    difficulty: str = typer.Option("", "--difficulty", help="Solo opponent's difficulty options, comma-separated (see docs/anachrony.md)."),
    edition: str = typer.Option("", "--edition", help="Chronobot edition in your box: current (Solo Opponents rulebook) or first."),
    another: bool = typer.Option(False, "--another", help="Start a new game even if one of this kind is unfinished (default: that one is made current again)."),
    random_setup: bool = typer.Option(False, "--random", help="Draw the setup left open by the other options from the collection (shown first; keep or redraw)."),
) -> None:
    """Anachrony with the Future Imperfect modules: setup, every Era's phases, the module bookkeeping."""
    from ..setup.newgame import new_game
    from .newquestions import anachrony_players

    def options(env) -> dict:
        count, chosen, solo = anachrony_players(env, players, modules, opponent, random_setup)
        raw = {"players": count, "modules": chosen, "random": draws, "names": names or ""}
        raw.update({"opponent": solo, "difficulty": difficulty, "edition": edition})  # solo helper's hook
        return raw

    new_game("anachrony", name, another, options, random_setup)


def status_command() -> None:
    """Era, phase, the Quantum Loop offer, the Agenda table and each player's module state."""
    from ..commands import saves
    from ..terminal.pager import paged

    env = current()
    session = saves.open_game_session(env, "anachrony", "anachrony.error.not_anachrony")
    paged(env, lambda: show_status(env, session), picture=True)  # a long board through the pager at a terminal


def register(app: typer.Typer) -> None:
    app.command("status")(status_command)


def status_data(session, t=None) -> dict[str, Any]:
    """The status as data. ``t`` (the translator) names a player the table gave no name ("Player 1")."""
    from automata.anachrony.game import data_of, next_step

    state = session.save.state
    data = data_of(state)
    from automata.anachrony.common import turn_order

    if t is None:
        from ..words.i18n import Translator

        t = Translator("en")
    players = {}
    for p, pl in state["players"].items():
        row: dict[str, Any] = {"name": pl.get("name") or t("anachrony.player", n=int(p[1:])), "vp_tokens": pl["vp"]}
        if "missions_failed" in pl:  # §1.8 K5-K6: each failed or unrevealed Mission is 1 VP lost, kept as a count
            row["missions_failed_vp"] = pl["missions_failed"] * data.rules["intrigues"]["mission"]["fewer_vp"]
        row["vp"] = row["vp_tokens"] + row.get("missions_failed_vp", 0)
        if "hypersync" in pl:
            row["hypersync"] = {t: dict(s) for t, s in pl["hypersync"].items()}
            row["hypersync_era"] = pl["hypersync_era"]
        if "quantum" in pl:
            row["quantum"] = dict(pl["quantum"])
        if "intrigues" in pl:
            i = pl["intrigues"]
            row["intrigues"] = {"mission_deck": i["deck"], "mission": dict(i.get("mission") or {}), "emergency_left": i["emergency"],
                                "objectives": i["objectives"], "values": i["values"], "benefit_uses": i["benefit_uses"],
                                "missions_failed": pl["missions_failed"],
                                "benefit_limit": data.rules["intrigues"]["benefit_uses_per_era"]}
        players[p] = row
    out: dict[str, Any] = {
        "ok": True, "name": session.save.name, "game": "anachrony", "players": state["options"]["players"],
        "modules": list(state["options"]["modules"]), "random": state["options"]["random"], "era": state["era"],
        "last_era": state["era_count"], "phase": state["phase"], "impact": state["impact"], "over": state["over"],
        "first_player": state["first"], "turn_order": turn_order(state), "next": next_step(state),
        "superprojects": list(state.get("superprojects", [])), "endgame_conditions": list(state.get("endgame_conditions", [])),
        "player": players,
    }
    if "solo" in state:  # solo opponent (solo helper's hook)
        from .solo import opponent_data

        out["opponent"] = opponent_data(state)
    if "ql" in state:
        # the deck is face down: its order stays in the save, the table sees only how many cards it holds
        out["quantum_loops"] = {"offer": list(state["ql"]["offer"]), "deck": len(state["ql"]["deck"]),
                                "out": list(state["ql"]["out"])}
    if "totals" in state:
        out["untangling"] = {p: dict(v) for p, v in state["totals"].items()}
    if "final" in state:
        out["final"] = {"totals": dict(state["final"]["totals"]), "winners": list(state["final"]["winners"])}
    if "agenda" in state:
        out["agenda"] = [{"row": i + 1, "objective": r["objective"], "value": r["value"], "values": list(r["values"]),
                          "locked": r["locked"]} for i, r in enumerate(state["agenda"])]
    return out


def show_status(env, session) -> None:
    """``--json``: the status data; text: the picture of the components (cli/anachrony/picture.py)."""
    data = status_data(session, env.t)
    if env.json:
        env.emit_json(data)
        return
    from .picture import draw, extras_of

    draw(env, data, extras_of(session.save.state))


def show_summary(env, session) -> None:
    """The end-of-game summary (the last step of ``play``): winner and rule, scores by category, VP Era by Era."""
    from .picture import draw_summary, extras_of

    data = status_data(session, env.t)
    names = {p: row["name"] for p, row in data["player"].items()}
    if "opponent" in data:
        names["bot"] = env.t(f"anachrony.solo.bot.{data['opponent']['bot']}")
    draw_summary(env, data, extras_of(session.save.state), names)
