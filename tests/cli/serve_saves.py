"""Mid-game saves of every game for the 'serve' tests, played by the scripted tables of tests/automata."""

from __future__ import annotations

import contextlib
import importlib
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "automata"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "state"))

from deferred_writes import writes_at_the_end  # noqa: E402

#: game id -> (options as `new` takes them, steps to play into the game)
GAMES = {
    "toc": ({"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True}, 30),
    "chaos": ({"powers": "khorne,nurgle,tzeentch,slaanesh"}, 30),
    "radlands": ({"first_game": False, "players": ""}, 40),
    "anachrony": ({"players": 3, "modules": "neutronide,hypersync,quantum-loops,intrigues", "random": "app"}, 40),
}


def make_save(game_id: str, name: str, steps: int | None = None, seed: int = 5):
    """A save named ``name`` in $TABLETOP_HOME, ``steps`` steps into a game of ``game_id``; returns its Session."""
    from automata.core.games import load_game
    from state.session import Session

    raw, default_steps = GAMES[game_id]
    game = load_game(game_id)
    options = game.check_options(dict(raw))
    session = Session.create(name, game_id, options, seed, {"dice": "table"}, "2026-01-01T00:00:00+00:00")
    policy = importlib.import_module(f"{game_id}_policy").Policy(seed)
    with writes_at_the_end(session):  # the same files, written once (tests/state/deferred_writes.py)
        play(session, policy, default_steps if steps is None else steps)
    return session


def play(session, policy, steps: int) -> None:
    for _ in range(steps):
        policy.state = session.save.state
        result = session.play(policy, "table", None, max_steps=1)
        if result.finished or result.pending is not None:
            break


@contextlib.contextmanager
def serving(name: str, lang: str = "en"):
    """``tabletop serve`` of the save ``name`` in this process (on a free local port), for as long as the block runs:
    yields the server (``server.seats``: seat token -> seat; its pages' addresses are ``/<token>/…``)."""
    from cli.phones import startup as serve
    from cli.commands.env import Env

    server, board, _token = serve.make_server(Env(lang=lang, game=name), 0, lan=False)
    observer = serve._watch(board)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.close_all()
        server.shutdown()
        observer.stop()
        server.server_close()
