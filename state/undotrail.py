"""The undo trail: where ``tabletop undo`` took steps back, so that ``tabletop log`` shows the history was rewound.

A small file of its own beside the save, ``undone.toml``: the save and the journal (their shapes, digests and
backups) are untouched by it, and a game folder without it (every save written before it existed) reads as a game
never rewound. Each entry: ``at`` (when, UTC; the clock is read here, never in automata/), ``from`` and ``to`` (the
journal's length before and after), and the ``labels`` of the entries taken back (message data, rendered in the
table's language when shown). The trail is a record for the table, not part of the game: a damaged or unreadable
file, or an entry that is not of that shape, is left out when read (never an error that stops a command), and the
next undo writes a sound file again.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from .atomic import write_atomic

TRAIL_FILE = "undone.toml"
MAX_ENTRIES = 500  # the oldest are dropped beyond this
MAX_BYTES = 2_000_000


def now() -> str:
    """The time of an undo: the game clock's source, so that ``TABLETOP_NOW`` fixes it too (state/clock.py)."""
    from .clock import now as clock_now

    return clock_now()


def _entry(raw: Any) -> dict[str, Any] | None:
    """``raw`` as a trail entry, or None when it is not one."""
    if not isinstance(raw, dict):
        return None
    at, before, after, labels = raw.get("at"), raw.get("from"), raw.get("to"), raw.get("labels", [])
    if not isinstance(at, str) or type(before) is not int or type(after) is not int or not 0 <= after < before:
        return None
    if not isinstance(labels, list) or not all(isinstance(x, dict) and isinstance(x.get("id"), str) for x in labels):
        return None
    return {"at": at, "from": before, "to": after, "labels": labels}


def read(folder: Path) -> list[dict[str, Any]]:
    """The trail of the save in ``folder``, oldest first ([] when there is none or it cannot be read)."""
    path = folder / TRAIL_FILE
    from .reader import Refused, read_regular

    try:
        data = tomllib.loads(read_regular(path, MAX_BYTES, follow=False).decode("utf-8"))
    except (OSError, Refused, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    entries = data.get("undo", [])
    if not isinstance(entries, list):
        return []
    return [e for e in (_entry(x) for x in entries) if e is not None]


def record(folder: Path, before: int, after: int, labels: list[dict[str, Any]], at: str | None = None) -> None:
    """Add that the journal went from ``before`` entries back to ``after`` (``labels``: the entries taken back)."""
    import tomli_w

    entry = _entry({"at": at or now(), "from": before, "to": after, "labels": labels})
    if entry is None:
        return
    entries = (read(folder) + [entry])[-MAX_ENTRIES:]
    text = "# Where 'tabletop undo' took steps back (shown by 'tabletop log'); not needed to play.\n"
    write_atomic(folder / TRAIL_FILE, text + tomli_w.dumps({"undo": entries}), backup=False)
