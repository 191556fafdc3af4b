"""The end of a game of Time of Crisis: the humans' final Legacy, then the winner (``final.py`` decides).

The program keeps each bot's Legacy, never a human's (rules file §3.11: the humans' boards stay on the table), so
once the table has said that the game is over (``turn.end_question``), and only then, each human seat is asked its
final Legacy, once: ``toc.final.legacy.human<n>``, a whole number of 0 or more (``tabletop fix`` corrects it
afterwards: ``fix.py``, the ``legacy`` field) (Legacy never goes below zero: seed
000, lines 100, 109 and 118). With no human seat nothing is asked. A tie for the most Legacy follows
``rules.legacy.tie_break`` (PROVISIONAL, ``final.py``): with ``ask`` the table names the winner by its rulebook in
one question, ``toc.final.tie``, asked only when two or more factions tie. Pure: no I/O.
"""

from __future__ import annotations

from ..core.steps import NUMBER, ONE_OF, Ask, Choice, Msg, Say, msg
from . import final
from .seats import seat_term
from .setup import colour_term


def who(state: dict, seat_id: str):
    """A seat as the table reads it: "human player 1", or the bot by its colour and AI mat."""
    bots = state.get("bots", {})
    if seat_id in bots:
        return msg("toc.bot", colour=colour_term(seat_id), mat=f"@toc.mat.{bots[seat_id]['mat']}").to_data()
    return seat_term({"id": seat_id, "kind": "human"})


def final_scoring(state: dict, data):
    """Called by ``turn.round_end`` once the game is over: the questions, ``state["final"]``, and who won."""
    humans: dict[str, int] = {}
    for seat in final.human_ids(state):
        humans[seat] = yield Ask(f"toc.final.legacy.{seat}", msg("toc.final.legacy", who=who(state, seat)), NUMBER, min=0)
    state["final"] = {"legacy": humans, "tie": ""}
    scores = final.final_scores(state, humans)
    if not scores:
        return
    top = final.leaders(scores)
    best = scores[top[0]]
    if len(top) > 1:
        yield Say(msg("toc.provisional", key="rules.legacy.tie_break"), "warn")
        if final.tie_break(data) == "ask":
            choices = tuple(Choice(s, Msg.from_data(who(state, s))) for s in top) + (Choice(final.SHARED, msg("toc.final.tie_shared")),)
            state["final"]["tie"] = yield Ask("toc.final.tie", msg("toc.final.tie", who=[who(state, s) for s in top],
                                                                  legacy=best), ONE_OF, choices)
    decided = final.outcome(state)
    if decided is None:
        return
    winners = [who(state, s) for s in decided["winners"]]
    if len(winners) == 1:
        yield Say(msg("toc.final.winner", who=winners[0], legacy=best), "score")
    else:
        yield Say(msg("toc.final.shared", who=winners, legacy=best), "score")
