"""The Action Rounds (phase 5): one step per event the table reports, until every player has passed.

The table plays its Actions on the board; the program keeps only the module bookkeeping, so it asks
what happened only for the events that change it (rules file §1.7): the Hypersync Action (A1-A2) and
the recovery of a tile (R1-R6), Negotiate and Agenda tiles (§1.7.3-§1.7.4), the Agenda Benefits
(§1.7.5), a Mission revealed (§1.8), the Quantum Warp paid back at a Power Plant (L2-L4).
"""

from __future__ import annotations

from ..core.steps import NUMBER, ONE_OF, YES_NO, Ask, Choice, Say, msg
from . import agenda, spaces
from .common import asks_itself, card, has, player_choices, provisional, turn_order, who
from .eras import payback_term, pending_hypersync

EVENTS = ("hypersync", "recover", "negotiate", "agenda", "benefit", "mission", "quantum_payback", "done")


def action_step(state: dict, data, era: int, k: int):
    state["phase"] = "actions"
    if k == 1:
        yield Say(msg("anachrony.phase.title", phase="@anachrony.phase.actions", era=era), "head")
        yield from reminders(state, data)
        state["turn"] = {"player": "", "rows": []}
    choices = event_choices(state, data)
    if len(choices) == 1:  # only "done": nothing the program keeps can happen, so there is nothing to ask
        yield Say(msg("anachrony.action.nothing_tracked"), "info")
        state["next"] = {"proc": "phase", "era": era, "phase": "clean_up"}
        return
    picked = yield Ask("anachrony.action", msg("anachrony.action.what", era=era), ONE_OF, choices, default="done")
    if picked == "done":
        yield Say(msg("anachrony.action.all_passed"), "info")
        state["next"] = {"proc": "phase", "era": era, "phase": "clean_up"}
        return
    event, _, p = picked.partition(":")
    if state.get("turn") is not None and state["turn"]["player"] != p:
        state["turn"] = {"player": p, "rows": []}
    yield from {"hypersync": hypersync, "recover": recover, "negotiate": negotiate, "agenda": place_one,
                "benefit": benefit, "mission": mission, "quantum_payback": quantum_payback}[event](state, data, p, era)
    state["next"] = {"proc": "actions", "era": era, "k": k + 1}


def event_choices(state: dict, data) -> tuple[Choice, ...]:
    """The report menu: each event the program tracks, once per player it can happen to now ("negotiate:p2"),
    so that who did it is part of the one answer (ISSUE_11: ask only what a player chose), then "done".
    An event open to one player only also answers to its bare name."""
    out = []
    for e in EVENTS:
        if e == "done":
            out.append(Choice("done", msg("anachrony.action.done")))
            continue
        players = eligible(state, data, e)
        for c in player_choices(state, players):
            aliases = tuple(f"{e}:{a}" for a in (c.aliases + (c.value,))) + ((e,) if len(players) == 1 else ())
            out.append(Choice(f"{e}:{c.value}", msg("anachrony.action.by", player=c.label.to_data(),
                                                     event=f"@anachrony.action.{e}"), aliases))
    return tuple(out)


def reminders(state: dict, data):
    yield Say(msg("anachrony.actions.base"), "do")
    if has(state, "hypersync"):
        yield Say(msg("anachrony.actions.hypersync_rule"), "rule")
    if has(state, "intrigues"):
        yield Say(msg("anachrony.actions.negotiate_rule"), "rule")
        yield Say(msg("anachrony.actions.benefits_rule", n=data.rules["intrigues"]["benefit_uses_per_era"]), "rule")
    if has(state, "quantum_loops"):
        yield Say(msg("anachrony.actions.quantum_rule"), "rule")
    yield Say(msg("anachrony.actions.report"), "info")


def eligible(state: dict, data, event: str) -> list[str]:
    """The players for whom ``event`` can happen now (empty: the event is not offered)."""
    era = state["era"]
    out = []
    for p in turn_order(state):
        pl = state["players"][p]
        if event == "hypersync" and "hypersync" in pl:
            ok = pl["hypersync_era"] != era and any(s["state"] == "available" for s in pl["hypersync"].values())
        elif event == "recover" and "hypersync" in pl:
            ok = bool(recoverable(state, data, p, era))
        elif event == "negotiate":
            ok = "intrigues" in pl
        elif event == "agenda" and "intrigues" in pl:
            ok = pl["intrigues"]["objectives"] + pl["intrigues"]["values"] > 0 and bool(agenda.open_rows(state))
        elif event == "benefit" and "intrigues" in pl:
            i = pl["intrigues"]
            ok = i["benefit_uses"] < data.rules["intrigues"]["benefit_uses_per_era"] and i["objectives"] + i["values"] > 0
        elif event == "mission" and "intrigues" in pl:
            m = pl["intrigues"].get("mission") or {}
            ok = bool(m) and not m.get("revealed")
        elif event == "quantum_payback" and "quantum" in pl:
            q = pl["quantum"]
            ok = q["warp"] == "timeline" and q.get("era", era) < era
        else:
            ok = False
        if ok:
            out.append(p)
    return out


# -- Hypersync ---------------------------------------------------------------------------------------


def hypersync(state: dict, data, p: str, era: int):
    """A1-A2: a tile above the current Era's Timeline tile, its Action without an Exosuit; 1 per Era."""
    pl = state["players"][p]
    tiles = [t for t in data.rules["hypersync"]["tiles"] if pl["hypersync"][t]["state"] == "available"]
    t = yield Ask(f"anachrony.hypersync.{p}.tile", msg("anachrony.hypersync.which", player=who(state, p)), ONE_OF,
                  tuple(Choice(x, msg(f"anachrony.tile.{x}")) for x in tiles))
    pl["hypersync"][t] = {"state": "pending", "era": era}
    pl["hypersync_era"] = era
    yield Say(msg("anachrony.hypersync.placed", player=who(state, p), tile=f"@anachrony.tile.{t}", era=era), "do")
    yield Say(msg(f"anachrony.hypersync.do_{t}", discount=data.rules["hypersync"]["construct_titanium_discount"]), "rule")
    yield Say(msg("anachrony.hypersync.pending_rule"), "rule")


def recover(state: dict, data, p: str, era: int):
    """R2-R5: an Exosuit with the right Worker on the matching space of that past Era: +2 VP, no Time Travel step."""
    pl = state["players"][p]
    past = recoverable(state, data, p, era)
    if len(past) == 1:
        t = past[0][0]
    else:
        t = yield Ask(f"anachrony.recover.{p}.tile", msg("anachrony.recover.which", player=who(state, p)), ONE_OF,
                      tuple(Choice(x, msg("anachrony.recover.tile_era", tile=f"@anachrony.tile.{x}", era=e)) for x, e in past))
    tile_era = pl["hypersync"][t]["era"]
    space = hypersync_space(data, t)
    workers = data.hypersync_space_workers(space)
    # R2, R5: the tile's own space while it is free this Era; taken, the fourth space copies it for 2 Water
    # (4 players); the program knows which, so it does not ask
    copy = space in spaces.taken(state, "hypersync")
    spaces.take(state, "hypersync", "copy" if copy else space, p)
    key = "anachrony.recover.do_copy" if copy else "anachrony.recover.do"
    yield Say(msg(key, player=who(state, p), space=f"@anachrony.hs_space.{space}", era=tile_era,
                  workers=[f"@anachrony.worker.{w}" for w in workers], water=data.rules["hypersync"]["copy_space_water"]), "do")
    pl["hypersync"][t] = {"state": "available"}
    vp = data.rules["hypersync"]["recover_vp"]
    pl["vp"] += vp
    yield Say(msg("anachrony.recover.done", player=who(state, p), tile=f"@anachrony.tile.{t}", vp=vp), "score")
    yield Say(msg("anachrony.why.recover"), "why")
    yield from said_blocked(state, data, era, "copy" if copy else space)
    if state.get("supercharge") and not copy:
        reward = data.rules["hypersync"]["supercharge"][space]
        if reward == "ask":
            extra = yield Ask(f"anachrony.recover.{p}.supercharge", msg("anachrony.recover.supercharge"), NUMBER, min=0, max=20)
            pl["vp"] += extra
            yield provisional("rules.hypersync.supercharge")
        else:
            yield Say(msg("anachrony.recover.supercharge_reward", reward=reward), "do")


def hypersync_space(data, tile: str) -> str:
    return next(s for s, v in data.rules["hypersync"]["spaces"].items() if v["recovers"] == tile)


def recoverable(state: dict, data, p: str, era: int) -> list[tuple[str, int]]:
    """The pending tiles of ``p`` from a past Era whose space (or, with 4 players, the fourth copy space) is
    free this Era (R2, R5; one Exosuit per space per Era, §2.10)."""
    held = spaces.taken(state, "hypersync")
    copy_open = data.by_players(state["options"]["players"])["hypersync_copy_space"] and "copy" not in held
    return [(t, e) for t, e in pending_hypersync(state, p)
            if e < era and (hypersync_space(data, t) not in held or copy_open)]


def said_blocked(state: dict, data, era: int, just: str):
    """Once the Hypersync space ``just`` is taken (``copy``: the fourth space): each recovery that this takes away
    this Era, and why (R2, R5, §2.10)."""
    held = spaces.taken(state, "hypersync")
    for other, tile, e, sp in blocked_recoveries(state, data, era):
        if just not in (sp, "copy"):
            continue
        holder = held[sp]
        holder = who(state, holder) if holder in state["players"] else f"@anachrony.solo.bot.{state.get('solo', {}).get('bot', '')}"
        key = "anachrony.recover.blocked_copy" if "copy" in held else "anachrony.recover.blocked"
        yield Say(msg(key, player=who(state, other), tile=f"@anachrony.tile.{tile}", era=e,
                      space=f"@anachrony.hs_space.{sp}", holder=holder), "info")


def blocked_recoveries(state: dict, data, era: int) -> list[tuple[str, str, int, str]]:
    """(player, tile, its Era, space) of every pending tile from a past Era that cannot be recovered this Era
    because its space is taken (and, with 4 players, the fourth space too): R2, R5, §2.10."""
    held = spaces.taken(state, "hypersync")
    copy_open = data.by_players(state["options"]["players"])["hypersync_copy_space"] and "copy" not in held
    out = []
    for p in turn_order(state):
        if "hypersync" not in state["players"][p]:
            continue
        for t, e in pending_hypersync(state, p):
            sp = hypersync_space(data, t)
            if e < era and sp in held and not copy_open:
                out.append((p, t, e, sp))
    return out


# -- Intrigues of the Council ------------------------------------------------------------------------


def negotiate(state: dict, data, p: str, era: int):
    """§1.7.3: draw 2 keep 1, the space's and the Worker's bonuses; an Administrator may place a tile at once."""
    # one Exosuit per space per Era, none on a Hex Unavailable one; the World Council copies Negotiate only once
    # no Negotiate space is left (§1.7.3 public-source additions, §2.10 World Council)
    offered = negotiate_spaces(state, data) or ["world_council"]
    space = yield Ask(f"anachrony.negotiate.{p}.space", msg("anachrony.negotiate.space", player=who(state, p)), ONE_OF,
                      tuple(Choice(s, msg(f"anachrony.negotiate.{s}")) for s in offered))
    if space != "world_council":
        spaces.take(state, "negotiate", space, p)
    bonuses = ("administrator", "scientist", "engineer")
    workers = tuple(Choice(w, msg(f"anachrony.worker.{w}")) for w in bonuses) + tuple(
        Choice(f"genius:{b}", msg("anachrony.negotiate.genius_bonus", bonus=f"@anachrony.negotiate.bonus.{b}"))
        for b in bonuses)
    worker = yield Ask(f"anachrony.negotiate.{p}.worker", msg("anachrony.negotiate.worker"), ONE_OF, workers)
    worker, _, bonus = worker.partition(":")  # a Genius names the bonus it takes in the same answer
    bonus = bonus or worker
    draw, keep, place = agenda.negotiate_counts(data.rules["intrigues"]["negotiate"], space, bonus)
    if space == "bottom":
        yield Say(msg("anachrony.negotiate.bottom_water", water=data.rules["intrigues"]["negotiate"]["bottom_water"]), "do")
    if space == "world_council":
        yield Say(msg("anachrony.negotiate.world_council_rule"), "rule")
    if state.get("impact") and space != "world_council":
        yield Say(msg("anachrony.negotiate.collapsing"), "rule")
    yield Say(msg("anachrony.negotiate.draw", player=who(state, p), draw=draw, keep=keep), "do")
    yield Say(msg("anachrony.why.negotiate", space=f"@anachrony.space.{space}", worker=f"@anachrony.worker.{bonus}", draw=draw, keep=keep), "why")
    pi = state["players"][p]["intrigues"]
    kept = yield Ask(f"anachrony.negotiate.{p}.kept", msg("anachrony.negotiate.kept", player=who(state, p), keep=keep),
                     ONE_OF, kept_choices(keep))
    obj, val = (int(x) for x in kept.split("+"))
    pi["objectives"] += obj
    pi["values"] += val
    yield Say(msg("anachrony.negotiate.reserve", player=who(state, p), objectives=pi["objectives"], values=pi["values"]), "info")
    if place and pi["objectives"] + pi["values"] > 0 and agenda.open_rows(state):
        if (yield Ask(f"anachrony.negotiate.{p}.place", msg("anachrony.negotiate.place_now"), YES_NO, default=False)):
            yield from place_one(state, data, p, era)


def negotiate_spaces(state: dict, data) -> list[str]:
    """The Negotiate spaces free this Era, top first (not taken this Era, not Hex Unavailable)."""
    return spaces.free(state, "negotiate", data.by_players(state["options"]["players"])["negotiate_spaces"])


def kept_choices(keep: int) -> tuple[Choice, ...]:
    """What a Negotiate kept, as one answer "objectives+values": keeping the whole allowance first (the seed:
    draw, then keep), then fewer (when the piles ran short)."""
    pairs = [(o, n - o) for n in range(keep, -1, -1) for o in range(n, -1, -1)]
    return tuple(Choice(f"{o}+{v}", msg("anachrony.negotiate.kept_choice", objectives=o, values=v), (f"{o},{v}", f"{o} {v}"))
                 for o, v in pairs)


def place_one(state: dict, data, p: str, era: int, same_turn: bool = False):
    """G1-G5: one Agenda tile from the reserve onto the grid. ``same_turn``: the placement comes in the same event as
    the player's earlier one (a Mission's second reward), so the program knows it is the same turn (G5) and asks not."""
    pi = state["players"][p]["intrigues"]
    kinds = [k for k, key in (("objective", "objectives"), ("value", "values")) if pi[key] > 0]
    if not kinds:
        yield Say(msg("anachrony.agenda.no_tile", player=who(state, p)), "warn")
        return
    turn = state["turn"]
    if turn["player"] == p and turn["rows"] and not same_turn:
        same = yield Ask(f"anachrony.agenda.{p}.same_turn", msg("anachrony.agenda.same_turn",
                         rows=[str(r + 1) for r in turn["rows"]]), YES_NO)
        if not same:
            turn["rows"] = []
    rows = agenda.open_rows(state, exclude=turn["rows"] if turn["player"] == p else [])
    if not rows:
        yield Say(msg("anachrony.agenda.no_row"), "warn")
        return
    per = data.rules["intrigues"]["cover_water_per_tile"]
    # which tile and where, in one answer ("objective:2"); with one kind in the reserve, the row alone too
    if len(kinds) == 1:
        question = msg("anachrony.agenda.row", column=f"@anachrony.agenda.column.{kinds[0]}")
        choices = tuple(Choice(f"{kinds[0]}:{r + 1}", msg("anachrony.agenda.row_choice", row=r + 1,
                                                          cost=agenda.cover_cost(state, r, kinds[0], per)), (str(r + 1),))
                        for r in rows)
    else:
        question = msg("anachrony.agenda.where")
        choices = tuple(Choice(f"{k}:{r + 1}", msg("anachrony.agenda.where_choice", kind=f"@anachrony.agenda.kind.{k}",
                                                   row=r + 1, cost=agenda.cover_cost(state, r, k, per)))
                        for k in kinds for r in rows)
    where = yield Ask(f"anachrony.agenda.{p}.row", question, ONE_OF, choices)
    kind, _, row_text = where.partition(":")
    row = int(row_text) - 1
    cost = agenda.cover_cost(state, row, kind, per)
    number = None
    if kind == "value":
        number = yield Ask(f"anachrony.agenda.{p}.number", msg("anachrony.agenda.value_number"), NUMBER, min=-10, max=20,
                           hint=msg("anachrony.agenda.value_hint"))
    agenda.place(state, row, kind, number)
    pi["objectives" if kind == "objective" else "values"] -= 1
    state["turn"] = {"player": p, "rows": state["turn"]["rows"] + [row] if state["turn"]["player"] == p else [row]}
    yield Say(msg("anachrony.agenda.placed", player=who(state, p), kind=f"@anachrony.agenda.kind.{kind}",
                  a_kind=f"@anachrony.agenda.kind.a.{kind}", row=row + 1, column=f"@anachrony.agenda.column.{kind}"), "do")
    if cost:
        yield Say(msg("anachrony.agenda.cover_cost", water=cost), "do")
        yield Say(msg("anachrony.why.cover_cost", water=cost, per=per), "why")
    benefit = data.rules["intrigues"]["grid"]["benefits"][row]
    if benefit == "ask":
        yield Say(msg("anachrony.agenda.benefit_printed", row=row + 1), "do")
        yield provisional("rules.intrigues.grid")
    else:
        yield Say(msg("anachrony.agenda.benefit", row=row + 1, benefit=benefit), "do")
    r = state["agenda"][row]
    if r["objective"] and r["value"]:
        if (yield Ask(f"anachrony.agenda.{p}.pair", msg("anachrony.agenda.same_icon", row=row + 1), YES_NO, default=False)):
            r["locked"] = True
            yield Say(msg("anachrony.agenda.locked", row=row + 1), "do")


def benefit(state: dict, data, p: str, era: int):
    """B0-B3: one of the first three Free Actions, for one Agenda tile; 3 uses per Era in total."""
    pi = state["players"][p]["intrigues"]
    limit = data.rules["intrigues"]["benefit_uses_per_era"]
    which = yield Ask(f"anachrony.benefit.{p}.which", msg("anachrony.benefit.which", player=who(state, p)), ONE_OF,
                      tuple(Choice(b, msg(f"anachrony.benefit.{b}")) for b in ("beside_board", "ignore_cost", "tired_workers")))
    kinds = [k for k in ("objectives", "values") if pi[k] > 0]
    kind = kinds[0] if len(kinds) == 1 else (yield Ask(f"anachrony.benefit.{p}.pay", msg("anachrony.benefit.pay"), ONE_OF,
                                                      tuple(Choice(k, msg(f"anachrony.agenda.pay.{k}")) for k in kinds)))
    pi[kind] -= 1
    pi["benefit_uses"] += 1
    yield Say(msg(f"anachrony.benefit.do.{which}"), "do")
    yield Say(msg("anachrony.benefit.uses", player=who(state, p), used=pi["benefit_uses"], limit=limit), "info")


def mission(state: dict, data, p: str, era: int):
    """§1.8: reveal the Mission (a Free Action): 3 conditions two different rewards, 2 one, fewer -1 VP."""
    pi = state["players"][p]["intrigues"]
    rules = data.rules["intrigues"]["mission"]
    met = yield Ask(f"anachrony.mission.{p}.met", msg("anachrony.mission.met", player=who(state, p)), NUMBER, min=0, max=3)
    pi["mission"]["revealed"] = True
    pi["mission"]["met"] = met
    rewards = rules["all_three_rewards"] if met == 3 else rules["two_rewards"] if met == 2 else 0
    if not rewards:
        state["players"][p]["missions_failed"] += 1
        # K5: the program keeps the lost VP (status, and the final tally takes it off: finish.known_answers), so
        # a player with no VP token loses it too (PROVISIONAL: rules.intrigues.failed_mission)
        yield provisional("rules.intrigues.failed_mission")
        yield Say(msg("anachrony.mission.failed", player=who(state, p), lost=-rules["fewer_vp"]), "do")  # as at Clean Up
        return
    yield Say(msg("anachrony.mission.rewards", player=who(state, p), n=rewards), "do")
    yield Say(msg("anachrony.why.mission", met=met, n=rewards), "why")
    vp = yield Ask(f"anachrony.mission.{p}.vp", msg("anachrony.mission.vp"), NUMBER, min=0, max=30)
    state["players"][p]["vp"] += vp
    # a reward that places an Agenda tile takes it from the reserve (G1), one row each (G5): with an empty
    # reserve or no open row there is nothing to ask
    pi_now = state["players"][p]["intrigues"]
    most = min(rewards, pi_now["objectives"] + pi_now["values"], len(agenda.open_rows(state)))
    if not most:
        return
    places = yield Ask(f"anachrony.mission.{p}.agenda", msg("anachrony.mission.agenda", n=most), NUMBER, min=0, max=most)
    for k in range(places):  # one reward after the other, in one Free Action: the same turn (G5)
        yield from place_one(state, data, p, era, same_turn=k > 0 and asks_itself(state))


# -- Quantum Loops -----------------------------------------------------------------------------------


def quantum_payback(state: dict, data, p: str, era: int, far: bool = False):
    """L2-L4: at a Power Plant, pay the Breakthrough on the card: Time Travel +1, the card back to the offer (at its
    end; ``far``: at the end farthest from the deck, offer[0], where the Chronossus puts it: rules §3.4.10 (4)), and
    the offer said in that order."""
    q = state["players"][p]["quantum"]
    c = q["card"]
    yield Say(msg("anachrony.quantum.payback", player=who(state, p), era=q["era"], payback=payback_term(q.get("payback")), card=card(c)), "do")
    if far:
        state["ql"]["offer"].insert(0, c)
    else:
        state["ql"]["offer"].append(c)
    state["players"][p]["quantum"] = {"warp": "supply"}
    yield Say(msg("anachrony.quantum.returned", card=card(c), cards=[card(x) for x in state["ql"]["offer"]]), "do")
