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

from ..env import current
from ..main import new_app


def _new(
    players: Optional[int] = typer.Option(None, "--players", help="Players at the table: 1 to 4 (default 2; at a terminal you are asked)."),
    modules: Optional[str] = typer.Option(None, "--modules", help="Future Imperfect modules, comma-separated: neutronide, hypersync, quantum-loops, intrigues (none: the base game)."),
    random: str = typer.Option("app", "--random", help="Who makes the setup's random choices: app (the program, from the seed) or table."),
    names: Optional[str] = typer.Option(None, "--names", help="The players' names in seat order, comma-separated."),
    name: Optional[str] = typer.Option(None, "--name", help="Name of the save (default: anachrony-N)."),
    opponent: str = typer.Option("", "--opponent", help="Solo (--players 1): chronobot (base game) or chronossus (modules but Intrigues), run by the program."),
    difficulty: str = typer.Option("", "--difficulty", help="Solo opponent's difficulty options, comma-separated (see the README)."),
    edition: str = typer.Option("", "--edition", help="Chronobot edition in your box: current (Solo Opponents rulebook) or first."),
    another: bool = typer.Option(False, "--another", help="Start a new game even if one of this kind is unfinished (default: that one is made current again)."),
) -> None:
    """Anachrony with the Future Imperfect modules: setup, every Era's phases, the module bookkeeping."""
    from automata.anachrony import game

    from ..newgame import anachrony_players, resume_unfinished
    from ..saves import start_new_game

    if resume_unfinished(current(), "anachrony", "Anachrony", name, another):
        return
    players, modules, opponent = anachrony_players(current(), players, modules, opponent)
    raw = {"players": players, "modules": modules, "random": random, "names": names or ""}
    raw.update({"opponent": opponent, "difficulty": difficulty, "edition": edition})  # solo helper's hook
    start_new_game(current(), game, "anachrony", "Anachrony", raw, name)


def status_command() -> None:
    """Era, phase, the Quantum Loop offer, the Agenda table and each player's module state."""
    from .. import saves

    env = current()
    show_status(env, saves.open_game_session(env, "anachrony", "anachrony.error.not_anachrony"))


def register(app: typer.Typer) -> None:
    new_app.command("anachrony")(_new)
    new_app.command("ana", hidden=True)(_new)
    app.command("status")(status_command)


def status_data(session, t=None) -> dict[str, Any]:
    """The status as data. ``t`` (the translator) names a player the table gave no name ("Player 1")."""
    from automata.anachrony.game import data_of, next_step

    state = session.save.state
    data = data_of(state)
    from automata.anachrony.common import turn_order

    if t is None:
        from ..i18n import Translator

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
    data = status_data(session, env.t)
    if env.json:
        env.emit_json(data)
        return
    from rich.markup import escape
    from rich.table import Table

    from automata.anachrony.game import step_label

    t = env.t
    state = session.save.state

    def name(p: str) -> str:
        return data["player"][p]["name"]

    phase = t("anachrony.phase." + data["phase"]) if data["phase"] else "—"
    mods = ", ".join(t("anachrony.module." + m) for m in data["modules"]) or t("anachrony.status.base_game")
    env.out.print(f"[bold]{escape(t('anachrony.status.title', name=data['name'], era=data['era'], last=data['last_era'], phase=phase))}[/bold]")
    env.out.print(escape(t("anachrony.status.modules", modules=mods)))
    env.out.print(escape(t("anachrony.status.order", players=", ".join(name(p) for p in data["turn_order"]))))
    if data["superprojects"]:
        sps = ", ".join(f"{i}: {t('anachrony.sp.' + sp)}" for i, sp in enumerate(data["superprojects"], 1))
        env.out.print(escape(t("anachrony.status.superprojects", list=sps)))
    if data["endgame_conditions"]:
        env.out.print(escape(t("anachrony.status.endgame", list=", ".join(t("anachrony.endgame." + c) for c in data["endgame_conditions"]))))
    if "quantum_loops" in data:
        ql = data["quantum_loops"]
        offer = ", ".join(t("anachrony.ql." + c) for c in ql["offer"]) or "—"
        env.out.print(escape(t("anachrony.status.offer", cards=offer, n=ql["deck"])))
    if "agenda" in data:
        grid = Table(title=t("anachrony.status.agenda"), show_edge=False, pad_edge=False)
        for col in ("row", "objective", "value", "locked"):
            grid.add_column(t("anachrony.status.col." + col))
        for r in data["agenda"]:
            values = f"{r['value']} ({', '.join(str(v) for v in r['values'])})" if r["values"] else str(r["value"])
            grid.add_row(str(r["row"]), str(r["objective"]), values, "🔒" if r["locked"] else "—")
        env.out.print(grid)
    for p, row in data["player"].items():
        vp = t("anachrony.status.vp", vp=row["vp"])
        if row.get("missions_failed_vp"):
            vp = t("anachrony.status.vp_missions", vp=row["vp"], tokens=row["vp_tokens"], missions=row["missions_failed_vp"])
        env.out.print(f"[bold]{escape(name(p))}[/bold] — {escape(vp)}")
        if "hypersync" in row:
            parts = []
            for tile, s in row["hypersync"].items():
                where = t("anachrony.status.pending", era=s["era"]) if s["state"] == "pending" else t("anachrony.status.available")
                parts.append(f"{t('anachrony.tile.' + tile)} {where}")
            env.out.print("  " + escape(t("anachrony.status.hypersync", tiles=", ".join(parts))))
        if "quantum" in row:
            q = row["quantum"]
            if q["warp"] == "timeline":
                from automata.anachrony.eras import payback_term
                from automata.core.steps import Msg

                text = t("anachrony.status.warp_out", era=q["era"], card=t("anachrony.ql." + q["card"]), payback=t.render(Msg.from_data(pb)) if isinstance(pb := payback_term(q.get("payback")), dict) else pb)
            else:
                text = t("anachrony.status.warp_supply")
            env.out.print("  " + escape(t("anachrony.status.quantum", warp=text)))
        if "intrigues" in row:
            i = row["intrigues"]
            m = i["mission"]
            if not m:
                mission = "—"
            else:
                mission = t("anachrony.status.mission." + ("revealed" if m.get("revealed") else "secret"), kind=t("anachrony.mission.kind." + m["kind"]))
            env.out.print("  " + escape(t("anachrony.status.mission", mission=mission, deck=i["mission_deck"], emergency=i["emergency_left"])))
            env.out.print("  " + escape(t("anachrony.status.reserve", objectives=i["objectives"], values=i["values"],
                                           used=i["benefit_uses"], limit=i["benefit_limit"])))
    if "opponent" in data:  # solo opponent (solo helper's hook)
        from .solo import print_opponent

        print_opponent(env, data["opponent"])
    if data["next"]:
        env.out.print(escape(t("anachrony.status.next", step=t.render(step_label(data["next"])))))
    elif state["over"]:
        env.out.print(escape(t("anachrony.status.over")))
        if "final" in data:
            bot = t("anachrony.solo.bot." + data["opponent"]["bot"]) if "opponent" in data else "bot"  # solo: its name, not its id
            totals = ", ".join(f"{name(p) if p in data['player'] else bot}: {v}" for p, v in data["final"]["totals"].items())
            env.out.print(escape(t("anachrony.status.final", totals=totals)))
