"""Saves at several points of scripted games and the status picture rendered at a given width (issue 14 tests)."""

from __future__ import annotations

import copy

from anachrony_policy import play_game
from anachrony_solo_policy import play_solo
from cli_checks import draw


def snapshots(kind: str, seed: int = 3, every: int = 40) -> list[dict]:
    """Copies of the state every ``every`` steps of a scripted game, and the finished state last."""
    shots: list[dict] = []
    count = [0]

    def keep(state, step, result):
        count[0] += 1
        if count[0] % every == 0:
            shots.append(copy.deepcopy(state))

    if kind == "multi":
        state, _ = play_game(seed, on_step=keep, players=3, modules="all", names="Ana,Bia,Caio")
    elif kind == "chronobot":
        state, _ = play_solo(seed, "chronobot", on_step=keep)
    elif kind == "chronobot_first":
        state, _ = play_solo(seed, "chronobot", edition="first", on_step=keep)
    else:
        state, _ = play_solo(seed, "chronossus", modules="hypersync,quantum-loops", on_step=keep)
    return shots + [copy.deepcopy(state)]


def render(state: dict, width: int, lang: str = "en", summary: bool = False, name: str = "anachrony-1") -> str:
    """The text of ``tabletop anachrony status`` (or the end-of-game summary) at ``width`` columns."""
    from cli.anachrony.game import show_status, show_summary

    return draw(show_summary if summary else show_status, state, width, lang, name=name)
