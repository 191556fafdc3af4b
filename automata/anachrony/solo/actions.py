"""The opponent's Actions (rules file §3.2.5-§3.2.7, §3.3, §3.4.7, §3.4.9, §3.4.12): where its Exosuit
goes, what it takes, and what a Failed Action gives instead. The board is the table's: the program
asks what it shows (free spaces, stack tops, pools) and says exactly what to move."""

from __future__ import annotations

from ...core.steps import NUMBER, SEVERAL_OF, YES_NO, Ask, Choice, msg
from .. import spaces
from ..actions import said_blocked
from ..data import data_of
from . import state as solo_state
from .common import PREFIX, act, bot, complete_sets, fail, provisional, roll_shape, say, take_warp, warp_pick, why

CAPITAL = {"construct_power_plant": "construct", "construct_factory": "construct", "construct_life_support": "construct",
           "construct_lab": "construct", "construct_superproject": "construct", "recruit": "recruit",
           "research": "research", "supply_recruit": "recruit"}
MINE_SPACES = {"upper": "uranium", "middle": "gold", "lower": "titanium"}  # the order of spaces.SPACES["mine"]


def needs_exosuit(sd, s: dict, action: str, era: int) -> bool:
    if action in CAPITAL or action in ("mine", "recruit_genius_or_research"):
        return True
    if action.startswith("tile:") and sd["tiles"][action[5:]]["effect"] == "hypersync":
        return any(e < era for e in s.get("hypersync", []))
    return False


def perform(state: dict, sd, action: str):
    """One Action of the opponent, whole: placement, effect, failure."""
    s = state["solo"]
    if action.startswith("tile:"):
        yield from tile(state, sd, action[5:])
        return
    yield say("performs", "info", bot=bot(s), action=act(action))
    if action == "recruit_genius_or_research":
        genius = yield Ask(f"{PREFIX}.genius_in_pool", msg(f"{PREFIX}.ask.genius_in_pool"), YES_NO)
        yield why("genius_or_research", genius="@core.yes" if genius else "@core.no")
        action = "recruit_genius" if genius else "research"
    if action == "construct_superproject" and s["edition"] == "first" and not state["impact"]:
        s["vp"] += 1
        yield say("superproject_early", "score", bot=bot(s))
        yield why("first_superproject_early")
        return
    kind = CAPITAL.get(action) or ("recruit" if action == "recruit_genius" else None)
    if kind is not None:
        where = yield from place_capital(state, sd, kind)
        if where is None:
            yield from fail(sd, s, "no_space", no_space=True, action=act(kind))
            return
    handler = {"construct_superproject": superproject, "recruit": recruit, "recruit_genius": recruit_genius,
               "research": research, "mine": mine, "time_travel": time_travel, "remove_anomaly": remove_anomaly,
               "reboot": reboot, "supply_recruit": supply_recruit, "water": water}.get(action)
    if handler is None:
        yield from construct(state, sd, action[len("construct_"):])
    else:
        yield from handler(state, sd)


# -- placement -------------------------------------------------------------------------------------------------


def _exosuit_out(s: dict) -> None:
    s["exosuits"] -= 1
    s["placed"] += 1


def council_right_open(state: dict) -> bool:
    s = state["solo"]
    return not (s["difficulty"].get("wc-right") or "hypersync" in state["options"]["modules"])


def council_spaces(state: dict) -> tuple[str, ...]:
    """The World Council spaces in play: the right one is covered by the harder option (§3.2.9) or with
    Hypersync (§3.4.9 setup 1)."""
    return ("left", "right") if council_right_open(state) else ("left",)


def place_capital(state: dict, sd, kind: str):
    """§3.2.5: an empty Exosuit on the topmost free space of the Capital Action, else a World Council space
    (the First Player one if free); §3.4.9: else, with Hypersync, a Solo Hypersync tile (Chronossus).
    The program knows every space: its own Exosuits, yours (you say where you put each one) and the
    Capital spaces gone Hex Unavailable after the Impact (§2.9), so it asks nothing here."""
    s = state["solo"]
    era = state["era"]
    open_now = spaces.free(state, kind, spaces.SPACES[kind])
    if open_now:
        space = open_now[0]
        _exosuit_out(s)
        spaces.take(state, kind, space, "bot")
        yield say("place", bot=bot(s), space=f"@{PREFIX}.space.{space}", action=act(kind), left=s["exosuits"])
        yield why("topmost_space")
        return space
    yield why("capital_full", action=act(kind))
    council = spaces.free(state, "council", council_spaces(state))
    if council:
        side = council[0]
        _exosuit_out(s)
        spaces.take(state, "council", side, "bot")
        yield say("place_council", bot=bot(s), side=f"@{PREFIX}.council.{side}", action=act(kind), left=s["exosuits"])
        if side == "left":
            s["first_next"] = "bot"
            yield say("first_next", "info", bot=bot(s))
        yield why("council_left" if side == "left" else "council_right")
        return "council_" + side
    if "hypersync" in s:
        if s["hypersync_era"] != era and len(s["hypersync"]) < sd["hypersync"]["tiles"]:
            s["hypersync"].append(era)
            s["hypersync_era"] = era
            yield say("solo_hypersync_placed", bot=bot(s), era=era, action=act(kind))
            yield why("solo_hypersync_fallback")
            return "hypersync"
        yield why("solo_hypersync_none", per_era=sd["hypersync"]["per_era"], most=sd["hypersync"]["tiles"])
    return None


# -- the effects -----------------------------------------------------------------------------------------------


def construct(state: dict, sd, building: str):
    """§3.2.7: the higher-VP top of the two stacks (secondary on a tie); it fails with 3 of that type."""
    s = state["solo"]
    if s["buildings"][building] >= 3:
        yield from fail(sd, s, "three_buildings", building=f"@{PREFIX}.building.{building}")
        return
    hint = msg(f"{PREFIX}.hint.stack")
    a = yield Ask(f"{PREFIX}.stack.{building}.primary", msg(f"{PREFIX}.ask.stack", stack=f"@{PREFIX}.stack.primary",
                  building=f"@{PREFIX}.building.{building}"), NUMBER, min=-1, max=30, hint=hint)
    b = yield Ask(f"{PREFIX}.stack.{building}.secondary", msg(f"{PREFIX}.ask.stack", stack=f"@{PREFIX}.stack.secondary",
                  building=f"@{PREFIX}.building.{building}"), NUMBER, min=-1, max=30, hint=hint)
    if a < 0 and b < 0:
        yield from fail(sd, s, "no_building", building=f"@{PREFIX}.building.{building}")
        return
    stack, vp = ("secondary", b) if b >= a else ("primary", a)
    s["buildings"][building] += 1
    s["vp"] += vp
    yield say("construct", bot=bot(s), stack=f"@{PREFIX}.stack.{stack}", building=f"@{PREFIX}.building.{building}", vp=vp)
    yield why("construct_choice", primary=a, secondary=b)


def superproject(state: dict, sd):
    """§3.2.7: a Breakthrough of the shape it holds most of (random on a tie), then the highest-VP face-up
    Superproject of this or an earlier Era (the oldest on a tie); §3.3: at most 2 for the first edition."""
    s = state["solo"]
    most = sd["chronobot_first"]["superprojects_max"] if s["edition"] == "first" else 3
    total = sum(s["breakthroughs"].values())
    if total == 0 or s["superprojects"] >= most:
        yield from fail(sd, s, "no_breakthrough" if total == 0 else "superprojects_max", n=most)
        return
    era = state["era"]
    choices = tuple(Choice(str(e), msg(f"{PREFIX}.era", era=e)) for e in range(1, era + 1))
    there = yield Ask(f"{PREFIX}.superproject.eras", msg(f"{PREFIX}.ask.superproject_eras", era=era), SEVERAL_OF, choices, min=0)
    if not there:
        yield from fail(sd, s, "no_superproject")
        return
    vps = {}
    for e in sorted(int(x) for x in there):
        vps[e] = yield Ask(f"{PREFIX}.superproject.vp.{e}", msg(f"{PREFIX}.ask.superproject_vp", era=e), NUMBER, min=0, max=30)
    best = max(vps.values())
    which = min(e for e, v in vps.items() if v == best)  # the highest VP; the oldest Era on a tie
    vp = vps[which]
    yield why("superproject_pick", era=which, vp=vp)
    top = max(s["breakthroughs"].values())
    tied = [x for x in solo_state.SHAPES if s["breakthroughs"][x] == top]
    shape = tied[0]
    if len(tied) > 1:
        yield say("tie_shapes", "info", shapes=[f"@{PREFIX}.shape.{x}" for x in tied])
        shape = yield from roll_shape(sd)
        while shape not in tied:
            shape = yield from roll_shape(sd)
    s["breakthroughs"][shape] -= 1
    s["superprojects"] += 1
    s["vp"] += vp
    yield say("superproject", bot=bot(s), shape=f"@{PREFIX}.shape.{shape}", era=int(which), vp=vp)
    yield why("superproject_choice")


def recruit(state: dict, sd):
    """§3.2.7: a Worker type it lacks (Genius > Administrator > Engineer > Scientist), else any by that order;
    +1 VP, no bonus; all four types: one of each discarded for +5 VP."""
    s = state["solo"]
    pool = yield Ask(f"{PREFIX}.recruit.pool", msg(f"{PREFIX}.ask.recruit_pool"), SEVERAL_OF,
                     tuple(Choice(w, msg(f"anachrony.worker.{w}")) for w in solo_state.WORKERS), min=0)
    if not pool:
        yield from fail(sd, s, "no_worker")
        return
    lacking = [w for w in solo_state.WORKERS if w in pool and s["workers"][w] == 0]
    w = lacking[0] if lacking else next(x for x in solo_state.WORKERS if x in pool)
    s["workers"][w] += 1
    s["vp"] += 1
    yield say("recruit", "score", bot=bot(s), worker=f"@anachrony.worker.{w}", a_worker=f"@anachrony.worker.a.{w}")
    yield why("recruit_lacking" if lacking else "recruit_any")
    yield from complete_sets(s, "workers")


def recruit_genius(state: dict, sd):
    s = state["solo"]
    s["workers"]["genius"] += 1
    s["vp"] += 1
    yield say("recruit", "score", bot=bot(s), worker="@anachrony.worker.genius", a_worker="@anachrony.worker.a.genius")
    yield from complete_sets(s, "workers")


def research(state: dict, sd):
    """§3.2.2, §3.2.7: it rolls only the shape die and takes a Breakthrough of that shape (any icon);
    §3.4.13 (9): harder, a shape it does not have yet (rolled again until one)."""
    s = state["solo"]
    shape = yield from roll_shape(sd)
    lacking = [x for x in solo_state.SHAPES if s["breakthroughs"][x] == 0]
    if s["difficulty"].get("new-shape") and lacking:
        while shape not in lacking:
            shape = yield from roll_shape(sd)
        yield why("new_shape")
    left = yield Ask(f"{PREFIX}.research.left", msg(f"{PREFIX}.ask.breakthrough_left", shape=f"@{PREFIX}.shape.{shape}"), YES_NO)
    if not left:
        yield from fail(sd, s, "no_shape", shape=f"@{PREFIX}.shape.{shape}")
        return
    s["breakthroughs"][shape] += 1
    yield say("research", bot=bot(s), shape=f"@{PREFIX}.shape.{shape}")
    yield why("research")


def mine_choice(s: dict, free: list[str], pool: list[str]) -> tuple[str, str | None]:
    """The topmost free Mine space and pool Resource giving the two Resources it wants most: types it
    lacks first, then two different types (it collects all four for its +5 VP set), then Neutronium >
    Uranium > Gold > Titanium (§3.2.7)."""
    best = None
    for space in [x for x in MINE_SPACES if x in free]:
        for r in (pool or [None]):
            have = dict(s["resources"])
            key = []
            taken: set[str] = set()
            for x in ([r] if r else []) + [MINE_SPACES[space]]:
                # a lacking type first, then a second different type, a second cube of one type last
                key.append((2 if x in taken else (1 if have[x] else 0), solo_state.RESOURCES.index(x)))
                have[x] += 1
                taken.add(x)
            key.sort()
            if best is None or key < best[0]:
                best = (key, space, r)
    return best[1], best[2]


def mine(state: dict, sd):
    s = state["solo"]
    free = spaces.free(state, "mine", spaces.SPACES["mine"])  # its Exosuits and yours, which the program keeps
    if not free:
        yield from fail(sd, s, "no_mine_space", no_space=True)
        return
    pool = yield Ask(f"{PREFIX}.mine.pool", msg(f"{PREFIX}.ask.mine_pool"), SEVERAL_OF,
                     tuple(Choice(r, msg(f"anachrony.solo.resource.{r}")) for r in solo_state.RESOURCES), min=0)
    space, r = mine_choice(s, free, pool)
    _exosuit_out(s)
    spaces.take(state, "mine", space, "bot")
    s["resources"][MINE_SPACES[space]] += 1
    if r:
        s["resources"][r] += 1
    yield say("mine", bot=bot(s), space=f"@{PREFIX}.mine.{space}", resource=f"@{PREFIX}.resource.{MINE_SPACES[space]}",
              pool=f"@{PREFIX}.resource.{r}" if r else "—", left=s["exosuits"])
    yield why("mine")
    yield from complete_sets(s, "resources")


def time_travel(state: dict, sd, last: bool = False):
    """§3.2.7: one Warp tile back from the past Timeline tile where it has the most (the oldest on a tie),
    +1 on its Time Travel track; none there: Failed Action (not for its last Time Travel, §3.2.8)."""
    s = state["solo"]
    e = warp_pick(s, state["era"])
    if e is None:
        if last:
            yield say("no_time_travel", "info", bot=bot(s))
            return False
        yield from fail(sd, s, "no_warp")
        return False
    take_warp(s, e)
    if s["time_travel"] < solo_state.TIME_TRAVEL_TOP:
        s["time_travel"] += 1
    yield say("time_travel", bot=bot(s), era=e, track=s["time_travel"])
    yield why("time_travel")
    return True


def _weight(res: dict, r: str) -> int:
    return res[r] * (2 if r == "neutronium" else 1)


def anomaly_payment(res: dict) -> list[str]:
    """§3.2.7 Remove Anomaly: 2 cubes from the types it has most of, 1 Neutronium counting as 2 cubes both
    when ranking the types (2 Neutronium weigh 4) and when paying (one Neutronium pays both cubes); ties
    Titanium > Gold > Uranium > Neutronium. A Neutronium is not spent on the last single cube while another
    type can pay it. ``res`` must hold at least 2 cubes' worth."""
    res = dict(res)
    paid: list[str] = []
    need = 2
    while need > 0:
        have = [x for x in solo_state.ANOMALY_CUBES if res[x]]
        if need == 1 and any(x != "neutronium" for x in have):
            have = [x for x in have if x != "neutronium"]
        r = max(have, key=lambda x: (_weight(res, x), -solo_state.ANOMALY_CUBES.index(x)))
        res[r] -= 1
        paid.append(r)
        need -= 2 if r == "neutronium" else 1
    return paid


def remove_anomaly(state: dict, sd):
    """§3.2.7: two Resource cubes of the types it has most of (Titanium > Gold > Uranium > Neutronium on a
    tie; a Neutronium counts 2), then one Anomaly back; §3.3: 2 Water more for the first edition."""
    s = state["solo"]
    if not s["anomalies"]:
        yield from fail(sd, s, "no_anomaly")
        return
    res = dict(s["resources"])
    cubes = sum(res.values()) + res["neutronium"]
    water = sd["chronobot_first"]["remove_anomaly_water"] if s["edition"] == "first" else 0
    if cubes < 2 or s["water"] < water:
        yield from fail(sd, s, "no_cubes")
        return
    paid = anomaly_payment(res)
    for r in paid:
        res[r] -= 1
    s["resources"] = res
    s["water"] -= water
    s["anomalies"] -= 1
    yield say("remove_anomaly", bot=bot(s), paid=[f"@{PREFIX}.resource.{r}" for r in paid], left=s["anomalies"])
    yield why("remove_anomaly")


def reboot(state: dict, sd):
    yield say("reboot", "info", bot=bot(state["solo"]))
    yield why("reboot")


def water(state: dict, sd):
    """§3.3 (first edition): a "+2 Water" spot."""
    s = state["solo"]
    w = sd["chronobot_first"]["water_spot"]
    s["water"] += w
    yield say("water_gain", "score", bot=bot(s), water=w, total=s["water"])


def supply_recruit(state: dict, sd):
    """§3.3 (first edition), reading: when it holds the Water its Morale position asks for, it pays it, moves
    one Morale step up and gains the difference of the Morale VP; otherwise (or at the top) it Recruits."""
    s = state["solo"]
    d = sd["chronobot_first"]
    m = s.setdefault("morale", 0)
    top = len(d["supply_morale_vp"]) - 1
    cost = d["supply_water"][min(m, len(d["supply_water"]) - 1)]
    if m < top and s["water"] >= cost:
        s["water"] -= cost
        vp = d["supply_morale_vp"][m + 1] - d["supply_morale_vp"][m]
        s["morale"] = m + 1
        s["vp"] += vp
        yield say("supply", "score", bot=bot(s), water=cost, vp=vp)
        yield why("supply", water=cost)
        if d.get("supply_confidence") in ("U", "provisional"):
            yield provisional("solo.chronobot_first.supply")
        return
    yield why("supply_recruit", water=cost)
    yield from recruit(state, sd)


# -- the Chronossus's Action tiles (§3.4.12) -------------------------------------------------------------------


def tile(state: dict, sd, tid: str):
    s = state["solo"]
    t = sd["tiles"][tid]
    yield say("tile", "info", bot=bot(s), tile=tid, action=f"@{PREFIX}.tile.{t['effect']}")
    if t["effect"] == "reboot":
        yield why("reboot")
    elif t["effect"] == "hypersync":
        yield from hypersync_action(state, sd)
    if t.get("vp"):
        s["vp"] += t["vp"]
        yield say("tile_vp", "score", bot=bot(s), vp=t["vp"], tile=tid)
    if t.get("cores"):
        s["pool"]["energized"] += t["cores"]
        yield say("energy_core", bot=bot(s), n=t["cores"], pool=s["pool"]["energized"], exhausted=s["pool"]["exhausted"])
        yield why("energy_core")


def hypersync_action(state: dict, sd):
    """§3.4.9: with a pending Solo Hypersync tile from an earlier Era, an Exosuit on a Hypersync space picked
    by the shape die (a taken one rolled again; harder: the one your oldest tile needs), +2 VP and its
    earliest tile back, no Time Travel step; otherwise a Time Travel; neither: a Failed Action."""
    s = state["solo"]
    era = state["era"]
    earlier = [e for e in s.get("hypersync", []) if e < era]
    if earlier and s["exosuits"] > 0:
        free = spaces.free(state, "hypersync", spaces.SPACES["hypersync"])  # yours come from your recoveries
        if free:
            space = None
            if s["difficulty"].get("targeted-hypersync"):
                space = targeted_space(state, free)
                if space:
                    yield why("targeted_hypersync")
            if space is None:
                shapes = sd["hypersync_shape"]
                shape = yield from roll_shape(sd)
                while shapes[shape] not in free:
                    shape = yield from roll_shape(sd)
                space = shapes[shape]
                yield why("hypersync_shape", shape=f"@{PREFIX}.shape.{shape}")
                if sd.provisional("hypersync_shape"):
                    yield provisional("solo.hypersync_shape")
            _exosuit_out(s)
            spaces.take(state, "hypersync", space, "bot")
            back = min(earlier)
            s["hypersync"].remove(back)
            s["vp"] += sd["hypersync"]["recover_vp"]
            yield say("hypersync_recover", "score", bot=bot(s), space=f"@anachrony.hs_space.{space}", era=back,
                      vp=sd["hypersync"]["recover_vp"], left=s["exosuits"])
            yield why("hypersync_recover")
            yield from said_blocked(state, data_of(state), era, space)  # your tile of that space: not offered, said why
            return
    yield why("hypersync_else_time_travel")
    yield from time_travel(state, sd)


def targeted_space(state: dict, free: list[str]) -> str | None:
    """§3.4.9 "Targeted Hypersync": the space matching your oldest pending Hypersync tile, if free."""
    tiles = state["players"]["p1"].get("hypersync", {})
    pending = sorted((v["era"], t) for t, v in tiles.items() if v.get("state") == "pending")
    spaces = {"research": "left", "recruit": "middle", "construct": "right"}
    for _, t in pending:
        if spaces[t] in free:
            return spaces[t]
    return None
