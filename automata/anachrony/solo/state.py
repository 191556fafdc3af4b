"""The opponent's state (plain data, kept in ``state["solo"]``) and its board: tokens on their paths.

Chronobot (rules file §3.2.3): spots ``short.1``..``short.4`` and ``long.1``..``long.8``, at most two
tokens on a spot (bottom first in the list); a token arriving on a full spot first bumps the top one
of those one step on (again on a full spot: the rule again, reading [?]). First edition (§3.3): loops
``a``, ``b``, ``c`` (one spot, entering loop ``b``) and ``d``. Chronossus (§3.4.3): physical spots
shared by two routes; each token walks its own route.
"""

from __future__ import annotations

WORKERS = ("genius", "administrator", "engineer", "scientist")          # Recruit priority (§3.2.7)
RESOURCES = ("neutronium", "uranium", "gold", "titanium")               # Mine priority (§3.2.7)
ANOMALY_CUBES = ("titanium", "gold", "uranium", "neutronium")           # Remove Anomaly priority (§3.2.7)
BUILDINGS = ("power_plant", "factory", "life_support", "lab")
SHAPES = ("circle", "triangle", "square")
WARP_TILES = 8                                                          # Solo Warp tiles (§3.2.1)
TIME_TRAVEL_TOP = 6                                                     # its track: 7 spots, 0-6 (§3.2.10)


def new_solo(options: dict, sdata, modules: list[str]) -> dict:
    bot = options["opponent"]
    diff = dict(options.get("difficulty", {}))
    s: dict = {
        "bot": bot, "edition": options.get("edition", ""), "difficulty": diff,
        "spots": {}, "exosuits": 0, "placed": 0, "actions": 0, "passed": False, "player_passed": False,
        "turn": "bot", "first": "bot", "first_next": "", "warps": {}, "paradox": 0, "anomalies": 0,
        "buildings": {b: 0 for b in BUILDINGS}, "superprojects": 0, "workers": {w: 0 for w in WORKERS},
        "resources": {r: 0 for r in RESOURCES}, "breakthroughs": {x: 0 for x in SHAPES}, "time_travel": 0,
        "vp": 0, "water": 0, "failed": 0, "owed": 0,
    }
    if bot == "chronobot" and s["edition"] == "first":
        d = sdata["chronobot_first"]
        for tok, spot in sorted(d["start"].items()):
            s["spots"].setdefault(spot, []).append(tok)
    elif bot == "chronobot":
        for tok, spot in sorted(sdata["chronobot"]["start"].items()):
            s["spots"].setdefault(spot, []).append(tok)
    else:
        c = sdata["chronossus"]
        s["route_step"] = {tok: 0 for tok in c["routes"]}
        s["pool"] = {"energized": c["pool_energized"] + diff.get("cores", 0), "exhausted": c["pool_exhausted"]}
        lay = dict(sdata["chronossus_layout"]["hypersync" if "hypersync" in modules else "base"])
        slots = {k: lay[k] for k in ("slot_1", "slot_2", "slot_3")}
        if diff.get("swap-1-3"):
            slots["slot_1"], slots["slot_3"] = slots["slot_3"], slots["slot_1"]
        sides = {}
        for i, slot in enumerate(("slot_1", "slot_2", "slot_3"), 1):
            sides[slot] = slots[slot] + ("B" if diff.get("side-b") or diff.get(f"side-b-{i}") else "A")
        s["tiles"] = sides
        if lay.get("covers"):
            s["covers"] = {lay["covers"]: lay["cover_tile"] + ("B" if diff.get("side-b") else "A")}
        s["objectives"] = []
        s["ql_removed"] = 0
        if "hypersync" in modules:
            s["hypersync"] = []        # the Eras of its pending Solo Hypersync tiles, oldest first
            s["hypersync_era"] = 0
    return s


# -- the Chronobot's paths ------------------------------------------------------------------------------


def token_spot(s: dict, tok: str) -> str:
    for spot, toks in s["spots"].items():
        if tok in toks:
            return spot
    raise KeyError(tok)


def _path_len(sdata, s: dict, path: str) -> int:
    if s["edition"] == "first":
        return len(sdata["chronobot_first"][f"loop_{path}"])
    return len(sdata["chronobot"][path])


def next_spot(sdata, s: dict, spot: str) -> str:
    path, _, i = spot.partition(".")
    if s["edition"] == "first" and path == "c":
        return sdata["chronobot_first"]["loop_c_enters"]
    n = _path_len(sdata, s, path)
    return f"{path}.{int(i) % n + 1}"


def spot_action(sdata, s: dict, spot: str) -> str:
    if s["bot"] == "chronossus":
        action = sdata["chronossus"]["spots"][spot]
        return action
    path, _, i = spot.partition(".")
    if s["edition"] == "first":
        return sdata["chronobot_first"][f"loop_{path}"][int(i) - 1]
    return sdata["chronobot"][path][int(i) - 1]


def advance_chronobot(sdata, s: dict, tok: str) -> list[tuple[str, str, str]]:
    """Move ``tok`` one step; returns the moves made, in order: (token, from, to), bumps first (§3.2.3).
    First edition: with three tokens on a spot the highest number of the three moves on (§3.3, LEG2)."""
    moves: list[tuple[str, str, str]] = []
    cap = (sdata["chronobot_first"] if s["edition"] == "first" else sdata["chronobot"])["max_per_spot"]

    def move(t: str, depth: int = 0) -> None:
        here = token_spot(s, t)
        there = next_spot(sdata, s, here)
        s["spots"][here].remove(t)
        if not s["spots"][here]:
            del s["spots"][here]
        dest = s["spots"].setdefault(there, [])
        if len(dest) >= cap and depth < 20:
            top = max(dest + [t], key=int) if s["edition"] == "first" else dest[-1]
            if top == t:  # first edition: the arriving token is the highest, so it moves on itself
                dest.append(t)
                moves.append((t, here, there))
                move(t, depth + 1)
                return
            move(top, depth + 1)
            dest = s["spots"].setdefault(there, [])
        dest.append(t)
        moves.append((t, here, there))

    move(tok)
    return moves


# -- the Chronossus's routes ------------------------------------------------------------------------------


def chronossus_spot(sdata, s: dict, tok: str) -> str:
    route = sdata["chronossus"]["routes"][tok]
    return route[s["route_step"][tok] % len(route)]


def advance_chronossus(sdata, s: dict, tok: str) -> tuple[str, str]:
    here = chronossus_spot(sdata, s, tok)
    s["route_step"][tok] = (s["route_step"][tok] + 1) % len(sdata["chronossus"]["routes"][tok])
    return here, chronossus_spot(sdata, s, tok)


def where(sdata, s: dict, tok: str) -> str:
    return chronossus_spot(sdata, s, tok) if s["bot"] == "chronossus" else token_spot(s, tok)


def tokens(s: dict) -> list[str]:
    if s["bot"] == "chronossus":
        return sorted(s["route_step"], key=int)
    return sorted((t for toks in s["spots"].values() for t in toks), key=int)


def action_at(sdata, s: dict, spot: str) -> str:
    """The Action a token on ``spot`` performs: a printed one, the tile covering it, or a slot's tile."""
    action = spot_action(sdata, s, spot)
    if s["bot"] == "chronossus":
        if spot in s.get("covers", {}):
            return "tile:" + s["covers"][spot]
        if action.startswith("slot_"):
            return "tile:" + s["tiles"][action]
    return action


def warps_out(s: dict) -> int:
    return sum(s["warps"].values())
