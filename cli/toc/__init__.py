"""The command line of toc: its sub-app (main.py), its status picture and its helpers."""

from . import helpers, priority
from .main import after_step, app, show_status, show_summary  # noqa: F401  (the sub-app, its status, end-of-game summary and pause: cli/commands.py, cli/main.py)

helpers.register(app)  # emperor-legacy, mat
priority.register(app)  # priority, guidelines
