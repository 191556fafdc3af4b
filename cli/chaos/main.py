"""``tabletop new chaos`` and ``tabletop chaos …``: Chaos in the Old World."""

from __future__ import annotations

from typing import Optional

import typer

from ..commands.env import current

app = typer.Typer(no_args_is_help=True, help="Chaos in the Old World: status and helpers (battle, odds, domination, ruination).")


def new_command(
    powers: Optional[str] = typer.Option(None, "--powers", help="3 or 4 Powers, comma-separated (default: all four; at a terminal you are asked)."),
    name: Optional[str] = typer.Option(None, "--name", help="Name of the save (default: chaos-N)."),
    summoning: str = typer.Option("line", "--summoning", help="line: record each Power's Summoning phase in one line; turns: one action at a time."),
    another: bool = typer.Option(False, "--another", help="Start a new game even if one of this kind is unfinished (default: that one is made current again)."),
    random_setup: bool = typer.Option(False, "--random", help="Draw the setup left open by the other options from the collection (shown first; keep or redraw)."),
) -> None:
    """Chaos in the Old World for 3 or 4 Powers; seats follow Power order (Khorne, Nurgle, Tzeentch, Slaanesh)."""
    from ..setup.newgame import new_game
    from .newquestions import chaos_powers

    new_game("chaos", name, another, lambda env: {"powers": chaos_powers(env, powers, random_setup), "summoning": summoning},
             random_setup)


@app.command("status")
def status_command() -> None:
    """Draw the board: corruption, tokens, figures and cards per region; VP, Threat, dial and power per Power."""
    from ..commands import saves
    from ..terminal.pager import paged

    env = current()
    session = saves.open_game_session(env, "chaos", "chaos.error.not_chaos")
    paged(env, lambda: show_status(env, session), picture=True)  # a long board through the pager at a terminal


def show_status(env, session) -> None:
    """The board as a picture of the components (cli/chaos/picture.py), the summary first on a finished game;
    ``--json``: the status data (cli/chaos/status.py)."""
    from .status import status_data

    data = status_data(session)
    if env.json:
        env.emit_json(data)
    else:
        from .picture import board_facts, draw_status

        draw_status(env, data, board_facts(session.save.state))


def show_summary(env, session) -> None:
    """The end-of-game summary alone (the last step of ``play``): winner and rule, final VP by kind, VP chart."""
    from .status import status_data

    if env.json or not session.save.state.get("over"):
        return
    from .picture import board_facts, draw_summary

    draw_summary(env, status_data(session), board_facts(session.save.state))


from .helpers import register as _register_helpers  # noqa: E402

_register_helpers(app)
