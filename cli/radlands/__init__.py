"""The command line of radlands: its sub-app (main.py), its status picture and its helpers."""

from .main import app, show_status  # noqa: F401  (the sub-app and its status: cli/commands.py, cli/main.py)
