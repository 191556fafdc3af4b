"""``tabletop new toc`` and ``tabletop toc …``: Time of Crisis with The Age of Iron and Rust.

``tabletop toc status --json`` keys (documented in the README): ``ok``, ``name``, ``game`` ("toc"),
``round``, ``over``, ``emperor`` (a bot colour, "human" or "none"), ``emperor_type`` (the current Emperor's type:
senate | populace | military, "" when nobody or without the Emperor rules), ``emperor_player`` (the human
player's number when a human is Emperor, else 0), ``cards`` (fixed | variable |
selective), ``selective`` (category → "base" | "expansion"), ``bot_order``, ``next``, ``bots``
(colour → {mat, start, legacy, emperor_type, mode, marker, ludi, pawn (area → circle),
cylinder (area → available | upper | lower | track | zero), points (area → influence on the track)}).
"""

from __future__ import annotations

from typing import Any, Optional

import typer

from ..env import current
from ..main import app as root, new_app

app = typer.Typer(no_args_is_help=True, help="Time of Crisis: status, AI mats, the AI instruction sheet (priority list, event guidelines), and the Emperor Legacy calculator.")
root.add_typer(app, name="toc")
root.add_typer(app, name="time-of-crisis", hidden=True)


def _new(
    humans: int = typer.Option(1, "--humans", help="Human players (1–3)."),
    bots: Optional[str] = typer.Option(None, "--bots", help="The bots' colours, comma-separated: green, red, blue, yellow (default: 4 minus the humans, red, blue, yellow first)."),
    cards: str = typer.Option("fixed", "--cards", help="Expansion card setup: fixed, variable or selective."),
    emperor_rules: bool = typer.Option(False, "--emperor-rules", help="Use the optional Emperor rules."),
    mats: Optional[str] = typer.Option(None, "--mats", help="AI mats in the order of --bots (default: each colour's own mat)."),
    name: Optional[str] = typer.Option(None, "--name", help="Name of the save (default: toc-N)."),
) -> None:
    """Time of Crisis with The Age of Iron and Rust: the program runs the AI bots; bots play first every round."""
    from automata.toc import game

    from ..saves import start_new_game

    raw = {"humans": humans, "bots": bots, "cards": cards, "emperor_rules": emperor_rules, "mats": mats}
    start_new_game(current(), game, "toc", "Time of Crisis", raw, name)


new_app.command("toc")(_new)
new_app.command("time-of-crisis", hidden=True)(_new)


@app.command("status")
def status_command() -> None:
    """Each bot's mat: mode, marker side, pawns, cylinders, influence, Ludi marker; Legacy and the Emperor."""
    from .. import saves

    env = current()
    show_status(env, saves.open_game_session(env, "toc", "toc.error.not_toc"))


def status_data(session) -> dict[str, Any]:
    from automata.toc.game import next_step
    from automata.toc.turn import emperor_type_now

    state = session.save.state
    bots = {}
    for colour in [c for c in state["bot_order"] or list(state["bots"]) if c in state["bots"]]:  # set up: their mats exist
        b = state["bots"][colour]
        bots[colour] = {
            "mat": b["mat"], "start": b["start"], "legacy": b["legacy"], "emperor_type": b["emperor_type"],
            "mode": b["mode"], "marker": b["marker"], "ludi": b["ludi"],
            "pawn": dict(b["pawn"]), "cylinder": dict(b["cylinder"]), "points": dict(b["points"]),
        }
    return {
        "ok": True, "name": session.save.name, "game": "toc", "round": state["round"], "over": state["over"],
        "emperor": state["emperor"], "emperor_type": emperor_type_now(state),
        "emperor_player": (state.get("human_emperor") or {}).get("player", 0) if state["emperor"] == "human" else 0,
        "cards": state["options"]["cards"], "selective": dict(state["selective"]),
        "bot_order": list(state["bot_order"]), "next": next_step(state), "bots": bots,
    }


def show_status(env, session) -> None:
    data = status_data(session)
    if env.json:
        env.emit_json(data)
        return
    from automata.toc.game import step_label

    t = env.t
    emperor = data["emperor"]
    if emperor in data["bots"]:
        who = t("toc.colour." + emperor)
    elif emperor == "human" and data["emperor_player"]:
        who = t("toc.human", n=data["emperor_player"])
    else:
        who = t("toc.emperor.nobody" if emperor == "none" else "toc.emperor.a_human")
    if data["emperor_type"]:
        who = t("toc.status.emperor_typed", who=who, type=f"@toc.emperor.type.{data['emperor_type']}")
    env.out.print(f"[bold]{t('toc.status.title', name=data['name'], round=data['round'], emperor=who)}[/bold]")
    # one block per bot, four narrow columns: readable at 80 columns (issue 12)
    for colour, b in data["bots"].items():
        env.out.print(bot_heading(t, colour, b))
        env.out.print(bot_areas_table(t, b))
    env.out.print(t("toc.status.cards", option=data["cards"]))
    if data["selective"]:
        piles = ", ".join(f"{t('toc.category.' + c)}: {t('toc.set.' + w)}" for c, w in data["selective"].items())
        env.out.print(t("toc.status.selective", piles=piles))
    if data["next"]:
        env.out.print(t("toc.status.next", step=t.render(step_label(data["next"]))))


def bot_heading(t, colour: str, b: dict) -> str:
    """One line: the bot, its mat, Legacy, mode, marker side and the Ludi marker."""
    from rich.markup import escape

    ludi = t("toc.status.ludi_on") if b["ludi"] else ""
    return "[bold]" + escape(t("toc.status.bot_line", colour=f"@toc.colour.{colour}", mat=f"@toc.mat.{b['mat']}", legacy=b["legacy"],
                                 mode=b["mode"] or "—", marker=f"@toc.status.marker.{b['marker']}") + ludi) + "[/bold]"


def bot_areas_table(t, b: dict):
    """A bot's three influence areas: pawn circle, cylinder place, influence on the track."""
    from rich.table import Table

    table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 2, 0, 2))
    for col in ("area", "pawns", "cylinders", "points"):
        table.add_column(t("toc.status.col." + col))
    for a in b["pawn"]:
        table.add_row(t("toc.area." + a), str(b["pawn"][a]), t("toc.status.cylinder." + b["cylinder"][a]), str(b["points"][a] or "—"))
    return table
