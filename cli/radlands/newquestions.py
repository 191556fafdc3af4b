"""The questions of ``tabletop new radlands`` left open by its options (asked at a terminal, or answered by
``--answer new.radlands.…``; cli/setup/newgame.py ``NewQuestions``)."""

from __future__ import annotations

from ..commands.env import Env
from ..setup.newgame import NewQuestions, new_ask


def radlands_players(env: Env, players: str | None) -> str | None:
    """--players, else at a terminal: the two players' names (a blank answer keeps "Player 1, Player 2")."""
    from automata.core.steps import TEXT

    if players is not None:
        return players
    q = NewQuestions(env)
    sides = {"a": env.t("radlands.side.a"), "b": env.t("radlands.side.b")}
    said = env.t("core.new.default.radlands_players", **sides)
    names = q.ask(new_ask("new.radlands.players", TEXT, params=sides), None, None, "--players", said)
    q.say_defaults()
    text = str(names or "").strip()
    return None if text in ("", "-") else text
