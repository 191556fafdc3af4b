"""``tabletop anachrony …``: Anachrony with Future Imperfect (helpers and status).

Each part registers its commands on ``app`` from its own module (imported at the end of this file).
"""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True, help="Anachrony: scoring helper and status.")
from .score import register as _register_score; _register_score(app)
from .game import new_command, register as _register_game, show_status, show_summary; _register_game(app)  # noqa: E402,F401
from .solo import register as _register_solo; _register_solo(app)  # noqa: E402
