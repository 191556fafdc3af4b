"""One saved game as plain data, read-only: what ``tabletop history``, ``tabletop stats`` and the exporters show.

``summarize(folder)`` reads the save (and its journal, for the clocks) the way every command does, proven sound,
and never writes: no lock is taken, no backup made, no cache filled, no migration written back. A save that cannot
be read, or that reads well but does not fit the rules, is not an error here: it is a dict with ``damaged`` (the
message id of what is wrong) and ``damaged_params``, so that a list of games goes on past it.

The dict (see ``../contract.md``-style keys, kept stable for the exporters):
``name``, ``game``, ``options`` (without the owner's data overrides), ``modules``, ``seed``, ``created``,
``finished``, ``start_seat`` (the seat that took the first turn, "" when not decided), ``seats`` (each game's ``seats`` with ``score``, ``winner`` and ``terms``: how displays name the
seat, its bot, level and factions, as message data or plain names), ``result`` (the game's ``result``),
``started``, ``ended``, ``play_seconds``, ``seat_seconds``, ``breaks``, ``steps``, ``damaged`` ("" when sound);
with ``with_journal``, also ``journal`` (the entries) and ``state`` (the final state).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .errors import SaveError
from .replay import RULES_CRASH, does_not_fit
from .save import SAVE_FILE, read


def summarize(folder: Path, with_journal: bool = False) -> dict[str, Any]:
    """The summary of the save in ``folder``; never raises for a damaged save, never writes."""
    folder = Path(folder)
    try:
        save = read(folder)  # the journal's digest is checked here; its entries are parsed only when needed
        out = _summary(save)
        if with_journal:
            out["journal"] = save.journal()
            out["state"] = save.state
    except SaveError as e:
        return damaged(folder, e)
    except OSError as e:  # a file that vanished or cannot be read between two calls
        from .save import os_problem
        from automata.core.steps import msg

        return damaged(folder, SaveError(folder / SAVE_FILE, msg("core.save.unreadable", problem=os_problem(e))))
    except RULES_CRASH as e:  # reads well, but the game's rules cannot read its state
        return damaged(folder, does_not_fit(folder / SAVE_FILE, e))
    return out


def damaged(folder: Path, e: SaveError) -> dict[str, Any]:
    """A save that cannot be summarized: its name, its game when the file still says it, and what is wrong."""
    problem = e.problem
    params = dict(getattr(problem, "params", {}) or {})
    out: dict[str, Any] = {"name": folder.name, "damaged": getattr(problem, "id", "core.save.does_not_fit"),
                           "damaged_params": params, "file": str(e.path), "line": e.line}
    game = game_of(folder)
    if game:
        out["game"] = game
    return out


_GAME_LINE = re.compile(rb'(?m)^game\s*=\s*"([a-z]+)"\s*$')


def game_of(folder: Path) -> str:
    """The game a damaged save names (its ``game = "…"`` line), if it is a registered game; else ""."""
    from automata.core.games import GAMES

    from .save import read_bytes

    try:
        found = _GAME_LINE.search(read_bytes(folder / SAVE_FILE))
    except SaveError:
        return ""
    game = found.group(1).decode() if found else ""
    return game if game in {g.id for g in GAMES} else ""


def _summary(save) -> dict[str, Any]:
    from automata.core import contract, seats

    module = contract.capability(save.game, "result")
    result = dict(module.result(save.state))
    table = []
    for seat in seats.seats(save.game, save.state):
        sid = seat["id"]
        table.append({**seat, "score": result["scores"].get(sid), "winner": sid in result["winners"],
                      "terms": module.seat_terms(save.state, seat)})
    clock = _clocks(save)
    options = {k: v for k, v in save.options.items() if k != "overrides"}
    modules = options.get("modules") or []
    return {
        "name": save.folder.name if save.folder else save.name,
        "game": save.game,
        "options": options,
        "modules": [str(m) for m in modules] if isinstance(modules, list) else [],
        "seed": save.seed,
        "created": save.created,
        "finished": bool(result["finished"]),
        "seats": table,
        "start_seat": seats.start_seat(save.game, save.state) or "",
        "result": result,
        "started": clock.get("started") or save.created,
        "ended": clock.get("ended", "") if result["finished"] else "",
        "play_seconds": int(clock.get("play_seconds", 0)),
        "seat_seconds": dict(clock.get("seats", {})),
        "breaks": int(clock.get("breaks", 0)),
        "timed": bool(clock),
        "steps": save.journal_length,
        "damaged": "",
    }


def _clocks(save) -> dict[str, Any]:
    """The save's clocks (``state/clock.py``): game time, each seat's time, breaks; {} before the clocks exist."""
    try:
        from .clock import clocks
    except ImportError:
        return {}
    return clocks(save)
