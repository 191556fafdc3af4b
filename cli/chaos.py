"""``tabletop new chaos`` and ``tabletop chaos …``: Chaos in the Old World."""

from __future__ import annotations

from typing import Optional

import typer

from .env import CliError, current
from .main import app as root, new_app

app = typer.Typer(no_args_is_help=True, help="Chaos in the Old World: status and helpers (battle, odds, domination, ruination).")
root.add_typer(app, name="chaos")
root.add_typer(app, name="chaos-in-the-old-world", hidden=True)


def _new(
    powers: str = typer.Option("khorne,nurgle,tzeentch,slaanesh", "--powers", help="3 or 4 Powers, comma-separated."),
    name: Optional[str] = typer.Option(None, "--name", help="Name of the save (default: chaos-N)."),
) -> None:
    """Chaos in the Old World for 3 or 4 Powers; seats follow Power order (Khorne, Nurgle, Tzeentch, Slaanesh)."""
    from automata.chaos import game
    from automata.chaos.data import DataError
    from automata.core.games import OptionError

    from . import saves

    env = current()
    from .saves import read_overrides

    overrides = read_overrides(env, "chaos")
    try:
        options = game.check_options({"powers": powers, "overrides": overrides})
    except OptionError as e:
        raise CliError(env.t.render(e.msg)) from None
    except DataError as e:
        raise CliError(env.t("core.error.override", path="overrides/chaos.toml", problem=str(e)), code=1) from None
    session = saves.create(env, "chaos", options, name)
    s = session.save
    dice = env.t("core.dice_mode." + s.settings["dice"])
    if env.json:
        env.emit_json({"ok": True, "name": s.name, "game": s.game, "seed": s.seed, "options": s.options, "dice": s.settings["dice"]})
    else:
        env.out.print(env.t("core.new.created", name=s.name, game="Chaos in the Old World", seed=s.seed, dice=dice))


new_app.command("chaos")(_new)
new_app.command("chaos-in-the-old-world", hidden=True)(_new)


@app.command("status")
def status_command() -> None:
    """Draw the board: corruption, tokens, figures and cards per region; VP, Threat, dial and power per Power."""
    from . import saves

    env = current()
    session = saves.open_session(env)
    if session.save.game != "chaos":
        raise CliError(env.t("chaos.error.not_chaos", name=session.save.name, game=session.save.game))
    show_status(env, session)


def show_status(env, session) -> None:
    from .chaos_status import render_status, status_data

    data = status_data(session)
    if env.json:
        env.emit_json(data)
    else:
        render_status(env, data)


from .chaos_helpers import register as _register_helpers  # noqa: E402

_register_helpers(app)
