"""The table's corrections as journal steps (automata/core/fix.py): the step's name, and every game playing it;
the table's reminders (automata/core/ineffect.py) are journal steps played the same way.

Kept apart from fix.py so that opening a save (state/session.py) costs no more than this small module: the
language, the tables and the limits are imported only when a correction is read or played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .steps import Msg

FIX_PROC = "table_fix"
REMIND_PROC = "table_remind"  # a reminder the table set (automata/core/ineffect.py), played here as well


def step(changes: list[dict]) -> dict:
    """The journal step of a correction: the changes as ``automata/core/fix.py`` ``parse`` reads them."""
    return {"proc": FIX_PROC, "changes": changes}


def is_fix(step_: dict | None) -> bool:
    return bool(step_) and step_.get("proc") == FIX_PROC


class WithCorrections:
    """A game module that also plays correction steps (the game's own ``FIX_FIELDS`` table, or none)."""

    def __init__(self, game):
        self._game = game

    @property
    def fix_fields(self) -> tuple:
        """The game's table (its ``fix_fields()``, imported only when a correction is read or played)."""
        fields = getattr(self._game, "fix_fields", None)
        return tuple(fields()) if fields is not None else ()

    def __getattr__(self, name):
        return getattr(self._game, name)

    def procedure(self, state: dict, step_: dict):
        if is_fix(step_):
            from .ending import after_fix
            from .fix import procedure

            # the end of the game decided again from the corrected values (issue 36)
            return procedure(self.fix_fields, state, step_, lambda now, before: after_fix(self._game, now, before))
        if step_.get("proc") == REMIND_PROC:  # the table's own reminders (automata/core/ineffect.py)
            from .ineffect import play_remind

            return play_remind(self._game.GAME_ID, self._game, state, step_)
        return self._game.procedure(state, step_)

    def step_label(self, step_: dict) -> "Msg":
        if is_fix(step_):
            from .steps import msg

            return msg("core.step.fix", n=len(step_.get("changes", [])))
        if step_.get("proc") == REMIND_PROC:
            from .ineffect import remind_label

            return remind_label(step_)
        return self._game.step_label(step_)
