"""A long screen through the pager, at a terminal only (issue 27 part 5): ``tabletop log``, ``tabletop rules`` and
``tabletop status``.

The text is drawn first; when stdout is a terminal, the command does not print JSON, paging is not turned off
(``TABLETOP_PAGER=0``) and the text is taller than the screen, it goes to ``$PAGER`` (else ``less``; ``LESS=FRX``
unless ``LESS`` is set, as git does: quit when it fits, keep the colours, leave the text on the screen). Anywhere
else (a pipe, a file, a test, ``--json``) the text is printed as it is, never held.
"""

from __future__ import annotations

import os
import sys
from typing import Callable

OFF = ("0", "no", "false", "off", "never")


def wanted(env) -> bool:
    """True when a long text may go through the pager: stdout is a terminal, no JSON, not turned off."""
    if env.json or os.environ.get("TABLETOP_PAGER", "").strip().lower() in OFF:
        return False
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def paged(env, draw: Callable[[], None], picture: bool = False) -> None:
    """Run ``draw`` (which prints on ``env.out``); at a terminal, a text taller than the screen goes to the pager.
    A ``picture`` (a status) piped wraps its text at words to the width of its boxes (cli/terminal/render.py)."""
    if picture:
        from .render import wrapped_like_boxes

        with wrapped_like_boxes(env.out):
            paged(env, draw)
        return
    if not wanted(env):
        draw()
        return
    console = env.out
    capture = console.capture()
    try:
        with capture:
            draw()
    except BaseException:  # an error after some text: the text as drawn, then the error as usual
        sys.stdout.write(capture.get())
        raise
    text = capture.get()
    if text.count("\n") < max(1, console.size.height - 1) or not _page(text):
        sys.stdout.write(text)
        sys.stdout.flush()


def _page(text: str) -> bool:
    """``text`` through the pager; False when no pager could be started (the caller prints it)."""
    import shlex
    import shutil
    import signal
    import subprocess

    command = os.environ.get("PAGER", "").strip() or "less"
    if command == "cat":
        return False
    try:
        program = shlex.split(command)[0]
    except (ValueError, IndexError):
        return False
    if not shutil.which(program):
        return False
    env = dict(os.environ)
    env.setdefault("LESS", "FRX")
    env.setdefault("LV", "-c")
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C belongs to the pager while it runs
    try:
        proc = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, env=env,
                                encoding=sys.stdout.encoding or "utf-8", errors="replace")
        try:
            proc.communicate(text)
        except OSError:  # the pager was left before it read everything
            proc.wait()
    except OSError:
        return False
    finally:
        signal.signal(signal.SIGINT, previous)
    return True
