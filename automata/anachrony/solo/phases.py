"""The opponent's part of the setup and of each phase but the Action Rounds (rules file §3.2.1, §3.2.4,
§3.3, §3.4.1, §3.4.4, §3.4.5, §3.4.10)."""

from __future__ import annotations

from ...core.dice import seeded_rng
from ...core.steps import NUMBER, YES_NO, Ask, Roll, msg
from ..data import data_of
from ..eras import pending_hypersync
from ..spaces import taken
from . import state as solo_state
from .common import PREFIX, bot, provisional, roll_ai, roll_paradox, say, take_warp, warp_pick, why


def setup(state: dict, sd):
    s = state["solo"]
    yield say("setup.title", "head", bot=bot(s))
    if s["bot"] == "chronobot":
        key = "setup.board_first" if s["edition"] == "first" else "setup.board_chronobot"
        yield say(key, bot=bot(s))
    else:
        yield say("setup.board_chronossus", bot=bot(s))
    yield say("setup.pieces", bot=bot(s), warps=solo_state.WARP_TILES)
    yield why("setup_pieces")
    for tok in solo_state.tokens(s):
        spot = solo_state.where(sd, s, tok)
        yield say("setup.token", token=tok, spot=spot_term(sd, s, spot))
    if s["bot"] == "chronossus":
        for i, slot in enumerate(("slot_1", "slot_2", "slot_3"), 1):
            tid = s["tiles"][slot]
            yield say("setup.tile", tile=f"@{PREFIX}.tile_id.{tid}", slot=i)
        for spot, tid in s.get("covers", {}).items():
            yield say("setup.cover", tile=f"@{PREFIX}.tile_id.{tid}", action=f"@{PREFIX}.action.{sd['chronossus']['spots'][spot]}")
        yield why("tiles", modules=[f"@anachrony.module.{m}" for m in state["options"]["modules"]] or f"@{PREFIX}.base_game")
        yield say("setup.pool", energized=s["pool"]["energized"], exhausted=s["pool"]["exhausted"])
        if "hypersync" in s:
            yield say("setup.hypersync", n=sd["hypersync"]["tiles"])
        if "quantum_loops" in state["options"]["modules"]:
            yield say("setup.ql_row")
            yield why("ql_row")
        yield from draw_objectives(state, sd, _objectives(sd, s), "setup")
    if s["difficulty"].get("wc-right") and "hypersync" not in state["options"]["modules"]:
        yield say("setup.cover_council")
    if s["difficulty"].get("no-leader"):
        yield say("setup.no_leader")
    for opt, value in sorted(s["difficulty"].items()):
        if value is True:
            yield say("setup.difficulty", "rule", option=f"@{PREFIX}.difficulty.{opt}")
        else:
            yield say("setup.difficulty_n", "rule", option=f"@{PREFIX}.difficulty.{opt}", n=value)
    yield say("setup.first", "rule", bot=bot(s))
    while not (yield Ask(f"{PREFIX}.setup.done", msg(f"{PREFIX}.ask.setup_done", bot=bot(s)), YES_NO)):
        yield say("setup.again", "warn")


def _objectives(sd, s: dict) -> int:
    """§3.4.1 (3): 3 Solo Objectives; §3.4.13 (7): harder, 2, 1 or none (difficulty objectives=N)."""
    n = s["difficulty"].get("objectives")
    return sd["chronossus"]["objectives_revealed"] if n is None else n


def draw_objectives(state: dict, sd, n: int, why_key: str):
    """§3.4.1 (3), §3.4.10 (5): Solo Objective cards into play (the program draws them from the seed with
    ``random = app``; else the table draws and says which)."""
    s = state["solo"]
    cards = sd["chronossus"]["objective_cards"]
    unused = [c for c in cards if c not in s["objectives"]]
    n = min(n, len(unused))
    if n <= 0:
        yield say("objectives.none", "info")
        return
    if state["options"]["random"] == "app":
        r = seeded_rng(state["seed"], len(s["objectives"]), "anachrony.solo.objectives", 0)
        drawn = r.sample(sorted(unused), n)
        s["objectives"].extend(drawn)
        yield say("objectives.drawn", cards=[f"@{PREFIX}.objective.{c}" for c in drawn])
    else:
        from ...core.steps import SEVERAL_OF, Choice

        drawn = yield Ask(f"{PREFIX}.objectives.{why_key}", msg(f"{PREFIX}.ask.objectives", n=n), SEVERAL_OF,
                          tuple(Choice(c, msg(f"{PREFIX}.objective.{c}")) for c in unused), min=n, max=n)
        s["objectives"].extend(drawn)
    yield why(f"objectives_{why_key}")


def spot_term(sd, s: dict, spot: str):
    action = solo_state.spot_action(sd, s, spot)
    if action.startswith("slot_"):
        return msg(f"{PREFIX}.spot.slot", slot=action[-1]).to_data()
    path, dot, n = spot.partition(".")
    if dot:  # a Chronobot spot "long.4": its path and its place on it, in words (wave-2 audit item 12)
        return msg(f"{PREFIX}.spot.on_path", action=f"@{PREFIX}.action.{action}", path=f"@{PREFIX}.path.{path}",
                   n=int(n)).to_data()
    return msg(f"{PREFIX}.spot.named", action=f"@{PREFIX}.action.{action}", spot=spot).to_data()


# -- 2 Paradox -------------------------------------------------------------------------------------------------


def _warps_hint(state: dict):
    """What the program counts itself, naming only the modules in play (wave-2 audit item 17): the Hypersync
    tiles and the Quantum Warp; nothing to say in the base game."""
    modules = state["options"]["modules"]
    mine = [m for m in ("hypersync", "quantum_loops") if m in modules]
    return msg(f"{PREFIX}.hint.your_warps." + "_".join(mine)) if mine else None


def counted(state: dict, sd, s: dict, e: int) -> int:
    n = s["warps"].get(str(e), 0)
    if "hypersync" in s and sd["hypersync_paradox"]["counts"]:
        n += sum(1 for x in s["hypersync"] if x == e)
    return n


def tracked_warps(state: dict, e: int) -> int:
    """The player's pieces on the Era ``e`` Timeline tile that count as Warp tiles for the Paradox and that the
    program keeps itself: Hypersync tiles still pending there (§2.14.2 (1)) and the Quantum Warp there when it
    counts (rules file §4.1 item 21, provisional)."""
    data = data_of(state)
    n = sum(1 for _, era in pending_hypersync(state, "p1") if era == e) if "hypersync" in state["options"]["modules"] else 0
    q = state["players"]["p1"].get("quantum") or {}
    if ("quantum_loops" in state["options"]["modules"] and data.rules["quantum_loops"]["paradox"]["warp_counts"]
            and q.get("warp") == "timeline" and q.get("era") == e):
        n += 1
    return n


#: §2.7 / §3.2.4 Warp: a player puts 0-2 Warp tiles on the present Timeline tile in an Era's Warp phase
WARPS_PER_ERA = 2


def plain_most(state: dict, e: int) -> int:
    """The most ordinary Warp tiles you can still have on the Era ``e`` tile: 2 placed in that Era's Warp (one
    fewer while your Quantum Warp, which counts as one of them (seed W1), sits there), and never more than you
    said at an earlier Paradox, since tiles only leave a Timeline tile (paid back, §2.7)."""
    most = WARPS_PER_ERA
    q = state["players"]["p1"].get("quantum") or {}
    if q.get("warp") == "timeline" and q.get("era") == e:
        most -= 1
    said = state["solo"].get("your_warps", {}).get(str(e))
    return most if said is None else min(most, said)


def paradox(state: dict, sd):
    """§3.2.4: it rolls last, once per past Timeline tile where it has the most Warp tiles (ties count); an
    Anomaly stops its rolls and costs it its Warp tile from the tile where it has the most (the oldest on a
    tie); with 3 Anomalies it gains none and removes nothing."""
    s = state["solo"]
    era = state["era"]
    yield say("paradox.title", "head", bot=bot(s))
    eras = [e for e in range(1, era) if s["warps"].get(str(e), 0) > 0]  # §2.14.2 (1): no Warp tile there, no roll
    hs = "hypersync" in s and sd["hypersync_paradox"]["counts"] and bool(s["hypersync"])
    if hs:
        yield provisional("solo.hypersync_paradox")
    if not eras:
        yield say("paradox.none", "info", bot=bot(s))
        yield why("paradox_none")
    for e in eras:
        mine = counted(state, sd, s, e)
        known = tracked_warps(state, e)  # the Hypersync tiles and the Quantum Warp the program keeps
        most = plain_most(state, e)
        if known > mine:  # the program's own count already beats it: nothing to ask
            yield say("paradox.fewer", "info", bot=bot(s), era=e, mine=mine, yours=known)
            continue
        if known + most <= mine:  # whatever you have there, it has at least as many: it rolls, nothing to ask
            yours = known + most  # at most
            yield say("paradox.at_most", "info", bot=bot(s), era=e, mine=mine, most=yours)
        else:
            plain = yield Ask(f"{PREFIX}.paradox.era{e}", msg(f"{PREFIX}.ask.your_warps", era=e), NUMBER, min=0,
                              max=most, hint=_warps_hint(state))
            s.setdefault("your_warps", {})[str(e)] = plain  # Warp tiles only leave a tile: never more there later
            yours = plain + known
            if known:
                yield say("paradox.yours_tracked", "info", plain=plain, known=known, total=yours, era=e)
            if yours > mine:
                yield say("paradox.fewer", "info", bot=bot(s), era=e, mine=mine, yours=yours)
                continue
        n = yield from roll_paradox(sd, "paradox")
        s["paradox"] += n
        yield say("paradox.rolled", "info", bot=bot(s), era=e, n=n, total=s["paradox"])
        yield why("paradox_roll", mine=mine, yours=yours)
        if s["paradox"] >= 3:
            s["paradox"] = 0
            if s["anomalies"] >= 3:
                yield say("paradox.three_anomalies", "info", bot=bot(s))
                yield why("three_anomalies")
                return
            s["anomalies"] += 1
            yield say("paradox.anomaly", "score", bot=bot(s), n=s["anomalies"])
            back = warp_pick(s, era + 1, past_only=False)
            if back is not None:
                take_warp(s, back)
                yield say("paradox.warp_back", bot=bot(s), era=back)
            yield why("anomaly")
            return
    if hs:
        yield from hypersync_extra(state, sd)


def hypersync_extra(state: dict, sd):
    """§2.14.2 (2) with §4.1 item 20 (provisional): after the normal rolls, whoever has the most Hypersync tiles
    in play (ties all roll) rolls once more; its Solo Hypersync tiles count as its Hypersync tiles."""
    s = state["solo"]
    yours = sum(1 for v in state["players"]["p1"].get("hypersync", {}).values() if v.get("state") == "pending")
    mine = len(s["hypersync"])
    if mine < yours:
        yield say("paradox.hypersync_fewer", "info", bot=bot(s), mine=mine, yours=yours)
        return
    n = yield from roll_paradox(sd, "paradox")
    s["paradox"] += n
    yield say("paradox.hypersync_extra", "info", bot=bot(s), n=n, total=s["paradox"], mine=mine, yours=yours)
    yield why("hypersync_extra")
    if s["paradox"] >= 3:
        s["paradox"] = 0
        if s["anomalies"] >= 3:
            yield say("paradox.three_anomalies", "info", bot=bot(s))
            return
        s["anomalies"] += 1
        yield say("paradox.anomaly", "score", bot=bot(s), n=s["anomalies"])
        back = warp_pick(s, state["era"] + 1, past_only=False)
        if back is not None:
            take_warp(s, back)
            yield say("paradox.warp_back", bot=bot(s), era=back)
        yield why("anomaly")


# -- 3 Power Up ------------------------------------------------------------------------------------------------


def power_up(state: dict, sd):
    s = state["solo"]
    yield say("power.title", "head", bot=bot(s))
    s["placed"] = 0
    if s["bot"] == "chronobot":
        d = sd["chronobot_first" if s["edition"] == "first" else "chronobot"]
        n = d["exosuits_after_impact" if state["impact"] else "exosuits_before_impact"]
        s["exosuits"] = n
        yield say("power.chronobot", bot=bot(s), n=n)
        yield why("power_chronobot")
        return
    yield from power_chronossus(state, sd)


def power_chronossus(state: dict, sd):
    """§3.4.4: 3 tokens drawn from its Energy Pool; X Energy Cores among them; 3 + X Exosuits before the
    Impact (at most 6), 2 + X after (at most 4); one drawn Exhausted token goes back, the rest leave."""
    s = state["solo"]
    c = sd["chronossus"]
    pool = s["pool"]
    e, x = pool["energized"], pool["exhausted"]
    k = min(c["pool_draw"], e + x)
    lo, hi = max(0, k - x), min(k, e)
    if lo == hi:
        got_e = lo
        yield say("power.draw_known", "info", k=k, e=got_e)
    elif state["options"]["random"] == "app":  # the program draws (seeded: undo draws the same tokens)
        r = seeded_rng(state["seed"], state["era"] * 2 + (1 if state["impact"] else 0), "anachrony.solo.pool", e * 100 + x)
        got_e = sum(1 for t in r.sample(["energized"] * e + ["exhausted"] * x, k) if t == "energized")
        yield say("power.drew", "info", k=k, e=got_e)
    else:
        yield say("power.draw_table", k=k, e=e, x=x)
        got_e = yield Ask(f"{PREFIX}.pool.drawn", msg(f"{PREFIX}.ask.pool_drawn", k=k), NUMBER, min=lo, max=hi)
    got_x = k - got_e
    base, most = (c["base_after_impact"], c["max_after_impact"]) if state["impact"] else (c["base_before_impact"], c["max_before_impact"])
    extra = 1 if s["difficulty"].get("extra-exosuit") else 0
    want = base + got_e + extra
    n = min(want, most)
    s["exosuits"] = n
    pool["energized"] -= got_e
    pool["exhausted"] -= max(got_x - 1, 0)
    yield say("power.chronossus", bot=bot(s), n=n, x=got_e, drawn=k)
    yield why("power_chronossus", base=base, x=got_e, most=most)
    if extra:
        yield why("extra_exosuit")
        if want > most:
            vp = 2 * (want - most)
            s["vp"] += vp
            yield say("power.excess", "score", bot=bot(s), vp=vp)
    yield say("power.pool" if got_x else "power.pool_none", "info", energized=pool["energized"], exhausted=pool["exhausted"])


# -- 4 Warp ----------------------------------------------------------------------------------------------------


def warp(state: dict, sd):
    """§3.2.4: a Paradox-die roll says how many of its Warp tiles (0-2) go on this Era's tile; it gains
    nothing. §3.4.10: with Quantum Loops, after placing at least one, an AI-die roll of 4 (harder: 4 or 5)
    removes the card farthest from the deck for good (harder: +2 VP each)."""
    s = state["solo"]
    era = state["era"]
    yield say("warp.title", "head", bot=bot(s))
    if s["bot"] == "chronobot" and s["edition"] == "first":
        (face,) = yield Roll(f"{PREFIX}.d6", "1d6", msg(f"{PREFIX}.roll.warp_d6"))
        n = sd["chronobot_first"]["warp_d6"][face - 1]
        yield why("warp_first", face=face, n=n)
    else:
        n = yield from roll_paradox(sd, "warp")
    n = min(n, solo_state.WARP_TILES - solo_state.warps_out(s))
    if n:
        s["warps"][str(era)] = s["warps"].get(str(era), 0) + n
    yield say("warp.place", bot=bot(s), n=n, era=era, left=solo_state.WARP_TILES - solo_state.warps_out(s))
    yield why("warp")
    if n and "ql" in state and s["bot"] == "chronossus":
        harder = s["difficulty"].get("ql-remove-5")
        on = sd["quantum_loops"]["remove_on_harder" if harder else "remove_on"]
        face = yield from roll_ai(sd, s)
        offer = state["ql"]["offer"]
        if face in on and offer:
            card = offer.pop(0)
            state["ql"]["out"].append(card)
            s["ql_removed"] += 1
            yield say("warp.ql_removed", card=f"@anachrony.ql.{card}", face=face)
            if s["difficulty"].get("ql-vp"):
                vp = sd["quantum_loops"]["vp_per_removal_harder"]
                s["vp"] += vp
                yield say("warp.ql_vp", "score", bot=bot(s), vp=vp)
        else:
            yield say("warp.ql_kept", "info", face=face, on=", ".join(str(x) for x in on))
        yield why("ql_removal", on=", ".join(str(x) for x in on))


def cosmic_leak(state: dict, sd):
    """§3.4.10 (5): the player who takes Cosmic Data Leak puts 2 unused Solo Objectives into play."""
    s = state["solo"]
    q = state["players"]["p1"].get("quantum", {})
    if s["bot"] == "chronossus" and q.get("warp") == "timeline" and q.get("card") == "cosmic_data_leak" \
            and q.get("era") == state["era"] and s.get("leak_era") != state["era"]:
        s["leak_era"] = state["era"]
        yield say("warp.leak", "info")
        yield from draw_objectives(state, sd, sd["quantum_loops"]["leak_objectives"], "leak")


def your_exosuits(state: dict, sd):
    """Rules file §2.5 Power Up and Warp: you power up to 6 Exosuits on your Hex slots, and a warped Exosuit
    arrives powered. The program counts them so that your Exosuit Actions stop when none is left (ISSUE_12)."""
    s = state["solo"]
    n = yield Ask(f"{PREFIX}.you.exosuits", msg(f"{PREFIX}.ask.your_exosuits", era=state["era"]), NUMBER, min=0, max=6,
                  hint=msg(f"{PREFIX}.hint.your_exosuits"))
    s["you_exosuits"] = n
    yield say("you.exosuits", "info", n=n)


# -- the Impact -------------------------------------------------------------------------------------------------


def impact(state: dict, sd):
    """§3.2.1 (6): at the Impact it counts as a second player; §3.2.7: it never Evacuates."""
    s = state["solo"]
    yield say("impact", "rule", bot=bot(s))
    yield why("impact")


# -- 6 Clean Up ------------------------------------------------------------------------------------------------


def clean_up(state: dict, sd):
    """§3.2.4: its Exosuits come back with yours (unused ones lose their power); the left World Council
    space makes next Era's First Player."""
    s = state["solo"]
    yield say("clean.title", "head", bot=bot(s))
    yield say("clean.exosuits", bot=bot(s), n=s["placed"])
    s["exosuits"] = 0
    s["placed"] = 0
    # your count is per Era: gone until asked again after the next Warp, so that 'status' between Eras never
    # shows this Era's leftover as the next Era's (wave-2 audit item 18)
    s.pop("you_exosuits", None)
    s.update(actions=0, passed=False, player_passed=False)  # the next Era's figures start here, not at its Actions
    if s["first_next"] == "bot":
        s["first"] = "bot"
        yield say("clean.first_bot", "info", bot=bot(s))
        yield why("first_council")
    elif s.get("spaces_era") == state["era"]:  # the program saw where your Exosuits went this Era (§2.5 (7))
        if taken(state, "council").get("left") == "p1":
            s["first"] = "p1"
        yield say("clean.first_is", "info", first=bot(s) if s["first"] == "bot" else "@anachrony.solo.you")
        yield why("first_council")
    else:  # a save from before the program kept the spaces
        took = yield Ask(f"{PREFIX}.clean.council", msg(f"{PREFIX}.ask.took_council"), YES_NO, default=False)
        if took:
            s["first"] = "p1"
        yield say("clean.first_is", "info", first=bot(s) if s["first"] == "bot" else "@anachrony.solo.you")
        yield why("first_council")
    s["first_next"] = ""
    state["first"] = "p1"
