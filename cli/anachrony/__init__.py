"""The command line of anachrony: its sub-app (main.py), its status picture and its helpers."""

from .main import app, show_status, show_summary  # noqa: F401  (the sub-app, its status and end-of-game summary: cli/commands.py, cli/main.py)
