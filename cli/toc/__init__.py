"""The command line of toc: its sub-app (main.py), its status picture and its helpers."""

from . import helpers, priority
from .main import after_step, app, new_command, show_status, show_summary  # noqa: F401  (the contract: cli/gamecli.py)
from .helpexamples import HELP_EXAMPLES  # noqa: F401

helpers.register(app)  # emperor-legacy, mat
priority.register(app)  # priority, guidelines


def rule_components(data):
    """The cards and components 'tabletop rules' finds (cli/gamecli.py), imported only when asked for."""
    from .rulecards import components

    return components(data)


#: the options that are the player count: the table's choice, never drawn by --random (cli/gamecli.py)
PLAYER_COUNT = frozenset({"humans"})
