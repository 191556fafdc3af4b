"""The command line of chaos: its sub-app (main.py), its status picture and its helpers."""

from .main import app, new_command, show_status, show_summary  # noqa: F401  (the contract: cli/gamecli.py)
from .helpexamples import HELP_EXAMPLES  # noqa: F401


def rule_components(data):
    """The cards and components 'tabletop rules' finds (cli/gamecli.py), imported only when asked for."""
    from .rulecards import components

    return components(data)


def setup_list_options(env, raw: dict) -> dict:
    """--powers as a count for 'tabletop setup-list chaos' (cli/gamecli.py), imported only when asked for."""
    from .setuplist import setup_list_options as options

    return options(env, raw)
