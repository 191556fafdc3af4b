"""The command line of radlands: its sub-app (main.py), its status picture and its helpers."""

from .main import app, new_command, show_status, show_summary  # noqa: F401  (the contract: cli/gamecli.py)
