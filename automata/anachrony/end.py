"""The end of a game of Anachrony after a correction (the contract's ``end``; automata/core/ending.py).

Seed 002 line 7 (rules file O4): the highest VP total at the end of the game wins; the final tally is the scoring
helper's (``finish.final_score``), which keeps what it was given (``state["final"]["tally"]``). A correction after
the end that changes a number the tally took from the program (the solo opponent's VP, Time Travel, Anomalies and
Breakthroughs, the Chronossus' energized cores and Hypersync tiles, a player's Hypersync tiles still out or Quantum
Warp unpaid, an Agenda row's number) scores the tally again with the corrected number; a player's VP tokens follow
a correction of the VP the program saw them gain (the difference is added to the VP tokens the table gave). The
totals, the ranking (the tiebreak of rules §2.12, or solo §3.2.10 / §3.4.14) and the winners are then the corrected
ones. Refused, with the reason: a correction that changes which Agenda rows are complete (the tally's questions
about them would change), VP tokens below zero, a new tie the tally has no tiebreak number for, and a game scored
by an older version (its tally's answers are not kept). The end itself (the last Era, the Capital's collapse) is
never taken back by a correction. Pure: no I/O.
"""

from __future__ import annotations

import copy
from typing import Any

from ..core.msg import Msg, msg
from .data import data_of
from .finish import final_of, known_answers, module_totals

PREFIX = "anachrony.score."


def _known(state: dict) -> dict[str, Any]:
    """The tally's answers the program gives from ``state`` (the players' and, solo, the opponent's)."""
    known = known_answers(state)
    if state.get("solo"):
        from .solo.flow import score_answers

        known.update(score_answers(state))
    return known


def _seen_vp(state: dict) -> dict[str, int]:
    return {p: int(pl.get("vp", 0)) for p, pl in state["players"].items()}


def decide(state: dict, before: dict) -> Msg | None:
    """The final tally scored again from the corrected numbers (in place); a ``Msg`` when it cannot be."""
    if not state.get("over"):
        return None  # in play: the end comes with the last Era (or the Capital's collapse)
    if "totals" in state:  # the numbers of the end of the game, from the corrected board (status shows them)
        before = {**before, "totals": module_totals(before, data_of(before))}
        state["totals"] = module_totals(state, data_of(state))
    final = state.get("final")
    if not isinstance(final, dict):
        return None  # scored at the table with the rulebook
    known, known_before = _known(state), _known(before)
    changed = {k: v for k, v in known.items() if known_before.get(k) != v}
    seen, seen_before = _seen_vp(state), _seen_vp(before)
    moved = {p: seen[p] - seen_before.get(p, 0) for p in seen if seen[p] != seen_before.get(p, 0)}
    if not changed and not moved:
        return None  # nothing the tally reads was corrected
    tally = final.get("tally")
    if not isinstance(tally, dict):
        return msg("anachrony.end.old_tally")
    reports, agenda = copy.deepcopy(tally["reports"]), copy.deepcopy(tally["agenda"])
    for qid, value in changed.items():
        refused = _put(reports, agenda, qid.removeprefix(PREFIX), value)
        if refused is not None:
            return refused
    for p, delta in moved.items():
        report = reports.get(p)
        if report is None or "vp_tokens" not in report:
            continue
        if report["vp_tokens"] + delta < 0:
            return msg("anachrony.end.tokens_below_zero", player=_name(state, p), tokens=report["vp_tokens"], delta=delta)
        report["vp_tokens"] += delta
    return _score(state, final, tally, reports, agenda)


def _put(reports: dict, agenda: list, key: str, value: Any) -> Msg | None:
    """One answer the program gives, put in the tally's reports (a report key the tally did not ask stays out)."""
    if key == "agenda.rows":
        return msg("anachrony.end.agenda_rows", was=len(agenda), now=value)
    if key.startswith("agenda.row"):
        row, _, what = key.removeprefix("agenda.row").partition(".")
        if what == "value" and row.isdigit() and 0 < int(row) <= len(agenda):
            agenda[int(row) - 1]["value"] = value
        return None
    who, _, what = key.partition(".")
    report = reports.get(who)
    if report is None:
        return None
    if what.startswith("breakthroughs."):
        shapes = report.get("breakthroughs")
        if isinstance(shapes, dict):
            shapes[what.removeprefix("breakthroughs.")] = value
    elif what in report:
        report[what] = value
    return None


def _score(state: dict, final: dict, tally: dict, reports: dict, agenda: list) -> Msg | None:
    from . import score_data, scoring

    table = scoring.Table(state["options"]["players"], tuple(state["options"]["modules"]), tally["side"] or None,
                          tally["opponent"] or None)
    try:
        result = scoring.score_game(reports, table, score_data.load(state.get("overrides") or None), agenda)
    except scoring.MissingTiebreak as need:
        return msg("anachrony.end.tiebreak_missing", key=f"@anachrony.score.decided.{need.key}",
                   players=[_name(state, p) for p in need.players])
    except scoring.ReportError as e:
        return e.msg
    state["final"] = final_of(result, {**tally, "reports": reports, "agenda": agenda})
    return None


def _name(state: dict, seat: str) -> Any:
    from .seats import seat_term, seats

    for s in seats(state):
        if s["id"] == seat:
            return seat_term(s)
    return seat
