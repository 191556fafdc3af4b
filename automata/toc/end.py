"""The end of a game of Time of Crisis after a correction (the contract's ``end``; automata/core/ending.py).

The table says when the game ends (``turn.end_question``; rules file §2.10, §3.11): a correction never ends it nor
takes it up again. Who won is read from the corrected values every time (``final.outcome``, which ``result.py``
reads: the bots' Legacy as the program keeps it, the humans' final Legacy and the tie as the table gave them), so
nothing more is decided here. Pure: no I/O.
"""

from __future__ import annotations


def decide(state: dict, before: dict):
    """Nothing to decide again: ``result.py`` reads the corrected values (``final.outcome``)."""
    return None
