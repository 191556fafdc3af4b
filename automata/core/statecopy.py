"""A deep copy of a game's state, fast: the state is plain data (dicts, lists, strings, numbers, booleans), and a
pickle round trip copies such data about five times faster than ``copy.deepcopy``, with the same result (equal
values, nothing shared with the original, a part shared inside it still shared in the copy). What pickle
cannot copy (a function, a generator) goes through ``copy.deepcopy``, so the answer is always deepcopy's."""

from __future__ import annotations

import copy
from typing import TypeVar

T = TypeVar("T")


def copied(state: T) -> T:
    """A copy of ``state`` with nothing shared with it, equal to ``copy.deepcopy(state)``."""
    import pickle  # here, not at the top: a command that only reads a save never imports it (start-up time)

    try:
        return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(state)
