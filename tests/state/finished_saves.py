"""Finished games of every game as real saves (issue 24: history, stats and export read them), played to their end
through ``state.session.Session`` by each game's scripted table (tests/automata/<game>/<game>_policy.py), exactly
as ``tabletop play`` leaves them: a save folder with its journal under ``$TABLETOP_HOME/games``."""

from __future__ import annotations

import os
import shutil
import sys
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
for _game in ("chaos", "toc", "radlands", "anachrony"):
    sys.path.insert(0, str(HERE.parent / "automata" / _game))
sys.path.insert(0, str(HERE.parent / "automata"))
sys.path.insert(0, str(HERE.parent / "joints"))

import drivers  # noqa: E402  (tests/joints/drivers.py: the games' test drivers)

#: name -> (the table of tests/joints/drivers.py, seed, created); the created dates give history its order
_SAVES = {
    "chaos-friday": ("chaos-4", 3, "2026-11-06T19:00:00+00:00"),
    "chaos-three": ("chaos-3", 5, "2026-11-13T19:00:00+00:00"),
    "toc-rome": ("toc-1-human", 3, "2026-11-20T19:00:00+00:00"),
    "toc-pair": ("toc-2-humans", 4, "2026-11-21T19:00:00+00:00"),
    "radlands-duel": ("radlands-first", 3, "2026-11-27T19:00:00+00:00"),
    "anachrony-four": ("anachrony-3", 3, "2026-12-01T19:00:00+00:00"),
    "anachrony-solo": ("anachrony-chronobot", 3, "2026-12-02T19:00:00+00:00"),
    "anachrony-chronossus": ("anachrony-chronossus", 4, "2026-12-03T19:00:00+00:00"),
}
#: name -> (game id, raw options, policy "module:Class", seed, created)
GAMES = {name: (drivers.table(label).game, drivers.table(label).options, drivers.table(label).policy, seed, created)
         for name, (label, seed, created) in _SAVES.items()}


@contextmanager
def home_at(home: Path):
    old = os.environ.get("TABLETOP_HOME")
    os.environ["TABLETOP_HOME"] = str(home)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("TABLETOP_HOME", None)
        else:
            os.environ["TABLETOP_HOME"] = old


def play(name: str, steps: int | None = None) -> Path:
    """Create the save ``name`` of ``GAMES`` in the current ``$TABLETOP_HOME`` and play it to its end (or ``steps``
    steps); its folder. The clock (``TABLETOP_NOW``, state/clock.py) starts at the game's creation and moves 45
    seconds a stamp, so that the times played are known. Each step is played by ``Session.play`` as ``tabletop play`` plays it; the files are written
    when the game is over (the same files: writing the growing journal at every step would only make it slow)."""
    import importlib

    from automata.core.games import load_game
    from state import session as session_module
    from state.save import write
    from state.session import Session

    game_id, raw, factory, seed, created = GAMES[name]
    module, cls = factory.split(":")
    policy = getattr(importlib.import_module(module), cls)(seed)
    options = load_game(game_id).check_options(dict(raw))
    clock = os.environ.get("TABLETOP_NOW")
    os.environ["TABLETOP_NOW"] = created.replace("+00:00", "Z") + "+45"  # state/clock.py: a stamp every 45 seconds
    session = Session.create(name, game_id, options, seed, {"dice": "app", "lang": "en"}, created)
    session_module.write = lambda save, journal=True: None
    try:
        for _ in range(steps or 5000):
            policy.state = session.save.state
            result = session.play(policy, max_steps=1)
            if result.finished or session.game.next_step(session.save.state) is None:
                break
        else:
            if steps is None:
                raise AssertionError(f"{name}: the game did not end")
    finally:
        session_module.write = write
        if clock is None:
            os.environ.pop("TABLETOP_NOW", None)
        else:
            os.environ["TABLETOP_NOW"] = clock
    write(session.save)
    return session.save.folder


def build(home: Path, names=None) -> Path:
    """Every game of ``GAMES`` (or ``names``) played into ``home``; returns ``home``."""
    with home_at(home):
        for name in names or GAMES:
            play(name)
    return home


def copy_into(template: Path, home: Path) -> Path:
    """The saves of ``template`` (a home made by ``build``) copied into ``home``; the games folder."""
    shutil.copytree(template / "games", home / "games", dirs_exist_ok=True)
    return home / "games"
