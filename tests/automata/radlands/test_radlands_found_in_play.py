"""Radlands rules and words found in play (issue 38 item 3): the owner's cards without text, the owner's
``combine`` setting of a card set, and a queue correction next to Zeto Khan."""

from __future__ import annotations

import pytest

from automata.radlands import game
from automata.radlands.commands import event_command
from automata.radlands.turn import action
from test_radlands_rules import data, fresh, person, play, said


# -- Zeto Khan and a queue correction (rules §2.5 step 1, §2.11) -------------------------------------------------


def test_a_queue_correction_does_not_use_up_zeto_khans_first_event():
    """Rules §2.11 (Zeto Khan: the first event you *play* each turn is bomb 0) and the queue command (a correction
    without payment is no event played): the corrected Uprising goes to its printed space 2, and the first event
    then played is still bomb 0 (Banish resolves at once)."""
    state = fresh(water=3)
    person(state, "a", 0, "zeto_khan")
    state["players"]["a"]["hand"] = 1
    result = play(event_command(state, data(), "a", "uprising", pay=False))
    assert state["players"]["a"]["queue"] == ["", "uprising", ""]
    assert "radlands.event.zeto" not in said(result) and state["turn"]["events_played"] == 0
    result = play(action(state, data(), "a", 1), {"action": "event", "card": "banish"})
    assert "radlands.event.zeto" in said(result) and "banish" not in state["players"]["a"]["queue"]
