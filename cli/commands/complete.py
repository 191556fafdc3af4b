"""Shell completion of names: the saved games (after ``use``, ``restore`` and ``--game``) and the games (after
``rules``; ``new`` completes its sub-commands by itself). Called by the shell's completion only; never fails."""

from __future__ import annotations


def save_names(incomplete: str) -> list[str]:
    """The saved games whose name starts with what was typed."""
    try:
        from .saves import list_names

        return [n for n in list_names() if n.startswith(incomplete)]
    except Exception:  # an unreadable folder: no completion, never an error in the shell
        return []


def game_names(incomplete: str) -> list[str]:
    """The games' ids starting with what was typed (their other names when no id does)."""
    from automata.core.games import GAMES

    typed = incomplete.lower()
    ids = [g.id for g in GAMES if g.id.startswith(typed)]
    return ids or [a for g in GAMES for a in g.aliases if a.startswith(typed)]
