"""Replaying a journal: the state its entries lead to from the start of the game.

Undo replays the journal without its last entries (state/session.py); a save whose digest does not match names
the first key that differs from the replay (state/save.py). Both come here, so neither imports the other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from automata.core.msg import msg

from .errors import SaveError

#: What the rules raise when a save that reads well still does not fit them (a damaged or hand-edited save whose
#: damage the shape check cannot see): reported as a damaged save, never a traceback, and nothing is written.
RULES_CRASH = (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, AssertionError, RecursionError)


def does_not_fit(path: Path, e: BaseException, entry: int | None = None, options: bool = False) -> SaveError:
    """The save (its journal ``entry``, or its ``options``) reads well but the rules cannot go on from it; the
    error of the rules is given as it is (a detail for whoever mends the file)."""
    what = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
    if entry is not None:
        return SaveError(path, msg("core.save.entry_does_not_fit", n=entry, error=what[:300]))
    return SaveError(path, msg("core.save.options_do_not_fit" if options else "core.save.does_not_fit", error=what[:300]))



def replay_entries(save, game, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The state after replaying ``entries`` of ``save`` from the start of the game; ``game`` plays the steps (the
    game's module with the table's corrections, automata/core/fix.py ``WithCorrections``)."""
    from automata.core.runner import DiceContext, Record, ReplayMismatch, run

    try:
        state = game.new_state(save.options, save.seed)
    except RULES_CRASH as e:
        raise does_not_fit(save.folder / "save.toml", e, options=True) from None
    for i, entry in enumerate(entries, 1):
        records = [Record.from_data(r) for r in entry.get("records", [])]
        try:
            result = run(game.procedure(state, entry["step"]), recorded=records, dice=DiceContext(save.seed, i, "app"))
        except ReplayMismatch as e:
            raise SaveError(save.folder / "journal.toml", msg("core.save.entry_replay", n=i, error=e.msg.to_data())) from None
        except RULES_CRASH as e:
            raise does_not_fit(save.folder / "journal.toml", e, entry=i) from None
        if not result.done:
            raise SaveError(save.folder / "journal.toml",
                            msg("core.save.entry_no_answer", n=i, question=str(result.pending_id)))
    return state


def replay_save(save, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """``replay_entries`` with the save's own game."""
    from automata.core.fixstep import WithCorrections
    from automata.core.games import load_game

    return replay_entries(save, WithCorrections(load_game(save.game)), entries)
