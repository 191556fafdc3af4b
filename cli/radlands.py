"""``tabletop new radlands`` and ``tabletop radlands …``: Radlands with Cult of Chrome."""

from __future__ import annotations

import typer

from .main import app as root

app = typer.Typer(no_args_is_help=True, help="Radlands: event queues, raids and status.")
root.add_typer(app, name="radlands")
