"""The end of the game: Untangle the Continuum (rules file §2.7) with the modules' penalties, and the
module numbers the final tally needs (rules file §2.12). The final score itself is the scoring
helper's (``tabletop anachrony score``, automata/anachrony/scoring.py)."""

from __future__ import annotations

from typing import Any

from ..core.steps import YES_NO, Ask, Say, msg, relay
from . import agenda
from .common import has, turn_order, who
from .eras import payback_term


def module_totals(state: dict, data) -> dict[str, dict]:
    """Per player: VP tokens the program kept, Hypersync tiles still out, Quantum Warp unpaid, the
    penalties they cost (rules file §2.7 Untangling 3-4, §2.12 line 8)."""
    out = {}
    hs_pen = data.rules["hypersync"]["end_penalty_vp"]
    ql_pen = data.rules["quantum_loops"]["unpaid_penalty_vp"]
    for p, pl in state["players"].items():
        out_tiles = sum(1 for s in pl.get("hypersync", {}).values() if s["state"] == "pending")
        unpaid = 1 if pl.get("quantum", {}).get("warp") == "timeline" else 0
        row = {"vp_tokens": pl["vp"], "hypersync_out": out_tiles, "hypersync_penalty": out_tiles * hs_pen,
               "quantum_warp_unpaid": unpaid, "quantum_warp_penalty": unpaid * ql_pen}
        if "intrigues" in pl:
            row["agenda_reserve"] = pl["intrigues"]["objectives"] + pl["intrigues"]["values"]
            row["missions"] = pl["missions_failed"]
        if pl.get("cosmic_data_leak") or pl.get("quantum", {}).get("leak"):
            row["cosmic_data_leak"] = True
            row["cosmic_data_leak_takes"] = max(1, pl.get("cosmic_data_leak_takes", 1))  # older saves: 1 take
        out[p] = row
    return out


def game_end(state: dict, data):
    state["phase"] = "end"
    yield Say(msg("anachrony.end.title"), "head")
    yield Say(msg("anachrony.end.untangle"), "do")
    if has(state, "quantum_loops"):
        for p in turn_order(state):
            q = state["players"][p]["quantum"]
            if q["warp"] == "timeline":
                paid = yield Ask(f"anachrony.end.{p}.quantum_paid", msg("anachrony.end.quantum_paid", player=who(state, p),
                                                                       payback=payback_term(q.get("payback"))), YES_NO,
                                  default=False)
                if paid:
                    state["ql"]["offer"].append(q["card"])
                    state["players"][p]["quantum"] = {"warp": "supply", "card": ""}
    totals = module_totals(state, data)
    state["totals"] = totals
    for p in turn_order(state):
        t = totals[p]
        if has(state, "hypersync") and t["hypersync_out"]:
            yield Say(msg("anachrony.end.hypersync_out", player=who(state, p), n=t["hypersync_out"], vp=t["hypersync_penalty"]), "score")
        if t["quantum_warp_unpaid"]:
            yield Say(msg("anachrony.end.quantum_unpaid", player=who(state, p), vp=t["quantum_warp_penalty"]), "score")
        if t.get("cosmic_data_leak"):
            yield Say(msg("anachrony.end.leak", player=who(state, p)), "do")
        yield Say(msg("anachrony.end.vp_tokens", player=who(state, p), vp=t["vp_tokens"]), "score")
    if has(state, "intrigues"):
        rows = agenda.complete_rows(state)
        yield Say(msg("anachrony.end.agenda", rows=", ".join(str(r + 1) for r in rows) or "—"), "do")
        yield Say(msg("anachrony.end.agenda_reserve"), "rule")
    state["next"] = {"proc": "score"}


def known_answers(state: dict) -> dict[str, Any]:
    """The answers of the scoring questions (automata/anachrony/scoring.py ids) that the program already knows."""
    known: dict[str, Any] = {}
    modules = state["options"]["modules"]
    if state["options"]["players"] == 1 and modules:
        known["anachrony.score.opponent"] = "chronossus"  # the Chronobot plays the base game only (rules file §3.1)
    for p, t in state.get("totals", {}).items():
        if has(state, "hypersync"):
            known[f"anachrony.score.{p}.hypersync_out"] = t["hypersync_out"]
        if has(state, "quantum_loops"):
            known[f"anachrony.score.{p}.quantum_warp_unpaid"] = bool(t["quantum_warp_unpaid"])
        if has(state, "intrigues"):
            # §1.8 K5-K6: a failed or unrevealed Mission's VP is kept by the program (actions.mission,
            # eras.clean_up: no token goes back at the table), as the status counts it: the tally takes it off
            known[f"anachrony.score.{p}.missions"] = t["missions"]
            if not agenda_reserve_most(state, t):
                # §2.14.4 Scoring 3: no tile left in the reserve, or no locked row: nothing to match
                known[f"anachrony.score.{p}.agenda_reserve"] = 0
            if has(state, "quantum_loops") and not t.get("cosmic_data_leak"):
                # §2.14.3: only a player who took Cosmic Data Leak has Endgame Conditions drawn by it
                known[f"anachrony.score.{p}.cosmic_data_leak"] = 0
    if has(state, "intrigues"):
        rows = agenda.complete_rows(state)
        known["anachrony.score.agenda.rows"] = len(rows)
        for i, r in enumerate(rows, 1):
            values = state["agenda"][r]["values"]
            # the top tile's number is known while every tile of the column has its number (a correction that
            # adds a Value tile leaves its number unknown: the tally asks it)
            if values and len(values) == state["agenda"][r]["value"]:
                known[f"anachrony.score.agenda.row{i}.value"] = values[-1]
    return known


def score_limits(state: dict) -> dict[str, dict[str, int]]:
    """Per player, the largest answer the program knows for a tally question (scoring.procedure ``limits``):
    Cosmic Data Leak draws 2 Endgame Conditions each time it is taken (rules file §2.14.3), never more than
    the box's cards (§2.12); the Agenda reserve matches no more than its tiles times the locked rows (§2.14.4)."""
    from . import score_data

    sdata = score_data.load(state.get("overrides") or None)
    per = sdata.value("cosmic_data_leak", "conditions_per_take")
    most = sdata.value("endgame_conditions", "total")
    out: dict[str, dict[str, int]] = {}
    for p, t in state.get("totals", {}).items():
        if t.get("cosmic_data_leak_takes"):
            out.setdefault(p, {})["cosmic_data_leak"] = min(most, per * t["cosmic_data_leak_takes"])
        if "agenda_reserve" in t:
            out.setdefault(p, {})["agenda_reserve"] = agenda_reserve_most(state, t)
    return out


def agenda_reserve_most(state: dict, totals: dict) -> int:
    """The most VP the reserve tiles can score (rules file §2.14.4 Scoring 3: each tile left in the reserve, 1 VP
    per locked row showing its icon): the tiles the program kept in the reserve times the rows it saw locked."""
    locked = sum(1 for r in state.get("agenda", []) if r["locked"])
    return totals.get("agenda_reserve", 0) * locked


def with_known(gen, known: dict[str, Any]):
    """Run ``gen``, answering from ``known`` the questions whose answer the program keeps (and saying so)."""

    def through(step):
        if isinstance(step, Ask) and step.id in known:
            value = step.normalise(known[step.id])
            shown = ("@core.yes" if value else "@core.no") if isinstance(value, bool) else value
            yield Say(msg("anachrony.final.known", question=step.msg.to_data(), value=shown), "info")
            return value
        return (yield step)

    return (yield from relay(gen, through))


def final_score(state: dict, data):
    """The final tally of the scoring helper (tabletop anachrony score), with what the program knows filled in."""
    state["phase"] = "score"
    yield Say(msg("anachrony.final.title"), "head")
    try:
        from . import score_data, scoring
    except ImportError:  # the scoring helper is not installed: the table scores with the rulebook
        yield Say(msg("anachrony.final.no_helper"), "do")
        state["over"] = True
        state["next"] = {}
        return
    sdata = score_data.load(state.get("overrides") or None)
    table = scoring.Table(state["options"]["players"], tuple(state["options"]["modules"]))
    names = [pl.get("name", "") for pl in state["players"].values()]
    result, reports, agenda, used = yield from with_known(scoring.procedure(table, sdata, names, score_limits(state)),
                                                              known_answers(state))
    for s in result["scores"]:
        for line in s.lines:
            yield Say(line.why, "rule")
        shown = who(state, s.id) if s.id in state["players"] else f"@anachrony.score.opponent.{used.opponent}"
        yield Say(msg("anachrony.final.total", player=shown, total=s.total), "score")
    winners = [who(state, p) if p in state["players"] else p for p in result["winners"]]
    yield Say(msg("anachrony.final.winners", players=winners), "head")
    state["final"] = final_of(result, {"reports": _plain(reports), "agenda": _plain(agenda), "side": used.side or "",
                                       "opponent": used.opponent or ""})
    state["over"] = True
    state["next"] = {}


def final_of(result: dict, tally: dict) -> dict:
    """``state["final"]`` from the scoring helper's result: the totals, the winners, each player's VP by category
    (the end-of-game summary, in the tally's order), the ranking and the tiebreak; and ``tally``, what the tally was
    given (the reports, the agenda, the side and the opponent), from which a correction after the end scores again
    (automata/anachrony/end.py)."""
    categories: dict[str, dict[str, int]] = {}
    for s in result["scores"]:
        row = categories.setdefault(s.id, {})
        for line in s.lines:
            row[line.category] = row.get(line.category, 0) + line.vp
    ranking = [{k: (list(v) if isinstance(v, list) else v) for k, v in place.items()} for place in result["ranking"]]
    return {"totals": {s.id: s.total for s in result["scores"]}, "winners": list(result["winners"]),
            "categories": categories, "ranking": ranking, "tiebreak": result["tiebreak"], "tally": tally}


def _plain(value: Any) -> Any:
    """Answers as a save keeps them (tuples as lists)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
