"""``tabletop new toc`` and ``tabletop toc …``: Time of Crisis with The Age of Iron and Rust.

``tabletop toc status --json`` keys (documented in docs/toc.md): ``ok``, ``name``, ``game`` ("toc"),
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

from ..commands.env import current

app = typer.Typer(no_args_is_help=True, help="Time of Crisis: status, AI mats, the AI instruction sheet (priority list, event guidelines), and the Emperor Legacy calculator.")


def new_command(
    humans: Optional[int] = typer.Option(None, "--humans", min=1, max=3, help="Human players (1–3; default 1, at a terminal you are asked)."),
    bots: Optional[str] = typer.Option(None, "--bots", help="The bots' colours, comma-separated: green, red, blue, yellow (default: 4 minus the humans, red, blue, yellow first)."),
    cards: str = typer.Option("fixed", "--cards", help="Expansion card setup: fixed, variable or selective."),
    emperor_rules: bool = typer.Option(False, "--emperor-rules", help="Use the optional Emperor rules."),
    mats: Optional[str] = typer.Option(None, "--mats", help="AI mats in the order of --bots (default: each colour's own mat)."),
    name: Optional[str] = typer.Option(None, "--name", help="Name of the save (default: toc-N)."),
    another: bool = typer.Option(False, "--another", help="Start a new game even if one of this kind is unfinished (default: that one is made current again)."),
    random_setup: bool = typer.Option(False, "--random", help="Draw the setup left open by the other options from the collection (shown first; keep or redraw)."),
) -> None:
    """Time of Crisis with The Age of Iron and Rust: the program runs the AI bots; bots play first every round."""
    from ..setup.newgame import new_game
    from .newquestions import toc_players

    def options(env) -> dict:
        players, colours = toc_players(env, humans, bots, random_setup)
        return {"humans": players, "bots": colours, "cards": cards, "emperor_rules": emperor_rules, "mats": mats}

    new_game("toc", name, another, options, random_setup)


@app.command("status")
def status_command() -> None:
    """Each bot's AI mat as laid out on the table (mode marker, tracks and pawns, cylinders, Ludi marker), Legacy and the Emperor; a summary once the game is over."""
    from ..commands import saves
    from ..terminal.pager import paged

    env = current()
    session = saves.open_game_session(env, "toc", "toc.error.not_toc")
    paged(env, lambda: show_status(env, session), picture=True)  # a long status through the pager at a terminal


def status_data(session) -> dict[str, Any]:
    from automata.toc.game import next_step
    from automata.toc.emperor import emperor_type_now  # not from turn.py: a status does not import the steps of play

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
    from . import picture

    picture.show(env, data, picture.inputs(session.save.state))


def show_summary(env, session) -> None:
    """The end-of-game summary (the last step of ``play``): the bots' final Legacy, the rule that decides the winner
    and the Legacy chart round by round; ``tabletop status`` shows it too, above the mats."""
    from . import picture

    for line in picture.summary(env.t, status_data(session), picture.inputs(session.save.state), max(40, env.out.width)):
        env.out.print(line)


def after_step(env, session, step: dict) -> None:
    """Issue 11, the optional "done" pause: at a terminal, a bot's turn ends with one pause so that the table can
    catch up with the pieces before the next turn's question. It is no question: no id, not journalled, not counted;
    'play' calls it only at a terminal (never with an answers file, piped stdin or --json)."""
    if step.get("proc") != "bot_end" or session.save.state.get("over"):
        return
    from automata.core.steps import Msg
    from automata.toc.common import bot_name

    who = env.t.render(Msg.from_data(bot_name(step["bot"], session.save.state["bots"])))
    try:
        env.out.input(f"[dim]{env.t('toc.pause.caught_up', bot=who)}[/dim] ")
    except EOFError:  # the terminal went away: nothing to wait for
        return
