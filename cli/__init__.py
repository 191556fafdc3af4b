"""The command line: the only code that talks to a person."""

import sys


def _quiet_interrupt_hook(kind, value, tb, _previous=sys.excepthook):
    """Ctrl-C while the program is still starting (importing): exit 130 quietly, like Ctrl-C anywhere else.

    Installed here, in the package's first lines, so that it covers every import of the start-up (issue 31: a
    Ctrl-C while ``cli.main`` was still being read died with a traceback from the entry script)."""
    if issubclass(kind, KeyboardInterrupt):
        import os

        os._exit(130)
    _previous(kind, value, tb)


sys.excepthook = _quiet_interrupt_hook
