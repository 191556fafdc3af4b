"""The end of a game of Radlands after a correction (the contract's ``end``; automata/core/ending.py).

Seed 004 lines 5 and 34, rules file §2.10: a player whose three camps are all destroyed loses at once; the draw deck
running out a second time ends the game in a draw. From the corrected camps:

- in play, a third camp destroyed ends the game at once (``board.check_win``);
- a game won on camps is won by the other side when the correction destroys the winner's camps and restores one of
  the loser's; when it restores one of the loser's camps and nobody has three destroyed, nobody has won: the game
  goes on with the action in which it ended (the turn's water, hand and board as corrected; ``play`` asks the
  player's next action). A game that ended in another phase (the Events phase) cannot be taken up halfway: that
  correction is refused (``undo`` goes back before the end);
- a draw stands unless the corrected camps decide a winner (all three of a side destroyed); a deck that holds cards
  again after the draw is refused (the draw was the deck running out);
- with the queues only (``--track queues``) the table says who won (``queues_only``): its word stands, and only a
  third camp destroyed during play ends the game. Pure: no I/O.
"""

from __future__ import annotations

from ..core.msg import msg
from . import board


def decide(state: dict, before: dict):
    """The end decided again from the corrected camps (in place); a ``Msg`` when the correction cannot be followed."""
    if not state.get("over"):
        board.check_win(state)
        return None
    if state["options"].get("track") == "queues":
        return None  # the table's word (rules §2.10 as the table applies it)
    dead = [s for s in board.SIDES if board.all_camps_destroyed(state["players"][s])]
    outcome = state.get("result")
    if outcome in board.SIDES and board.other(outcome) in dead:
        return None  # the loser's camps are all destroyed: the win stands
    if len(dead) == 1:
        state["result"] = board.other(dead[0])  # the camps decide, a draw included
        return None
    if outcome == "draw":
        if state["deck"]["count"] > 0:
            return msg("radlands.end.deck_after_draw", n=state["deck"]["count"])
        return None
    if outcome not in board.SIDES or dead:
        return None  # both sides' camps all destroyed: the step that ended the game said who fell first
    step = state.get("next") or {}
    if step.get("proc") != "action":
        return msg("radlands.end.cannot_resume", player=state["players"][outcome]["name"],
                   loser=state["players"][board.other(outcome)]["name"])
    state["over"] = False
    state["result"] = ""
    return None
