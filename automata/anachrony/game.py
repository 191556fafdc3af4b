"""Anachrony with Future Imperfect: options, the starting state, the sequence of steps.

Setup (seed 002, "Preparação", inserted into the base setup of rules file §2.4) is a checklist of
steps; then every Era runs its phases in the official order (rules file §1.6, §2.3): Preparation,
Paradox (not in Era 1), Power Up, Warp, the Action Rounds (one step per event the table reports),
Clean Up, and the Impact after the Clean Up of Era 4. The game ends after Era 6 with Intrigues of the
Council, else after Era 7 or the Era in which the last Collapsing Capital tile went (rules file §2.3).
Each procedure sets ``state["next"]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.gamedata import fold_name
from ..core.games import OptionError, step_msg
from ..core.msg import msg
from .common import ASKS_VERSION
from .data import MODULES, UnknownName, data_of, find_module, load  # noqa: F401  (data_of re-exported)

if TYPE_CHECKING:
    from ..core.steps import Msg

GAME_ID = "anachrony"
#: Fractures of Time named as a module, in English or in the seed's Portuguese (folded)
FRACTURES = ("fractures", "fractures of time", "fraturas", "fraturas do tempo")
RANDOM = ("app", "table")


def check_options(raw: dict) -> dict:
    """1 to 4 players; any combination of the four modules (Intrigues not solo); who draws at random."""
    from ..core.steps import msg

    data = load(raw.get("overrides") or None)
    try:
        players = int(raw.get("players", 2))
    except (TypeError, ValueError):
        raise OptionError(msg("anachrony.error.players", value=str(raw.get("players")))) from None
    if not 1 <= players <= 4:
        raise OptionError(msg("anachrony.error.players", value=str(players)))
    modules: list[str] = []
    seen: set[str] = set()
    text = raw.get("modules") or ""
    items = text if isinstance(text, (list, tuple)) else str(text).split(",")
    for name in [str(x).strip() for x in items if str(x).strip()]:
        if name.lower() in ("none", "nenhum", "base"):
            continue
        if name.lower() in ("all", "todos"):
            if modules or "all" in seen:
                raise OptionError(msg("anachrony.error.module_twice", name=name, valid=", ".join(MODULES)))
            seen.add("all")
            modules.extend(MODULES)
            continue
        if fold_name(name) in FRACTURES:  # rules file §2.3: its own Era structure, not run here (issue 30 item 19)
            raise OptionError(msg("anachrony.error.fractures", name=name, valid=", ".join(MODULES)))
        try:
            m = find_module(data, name)
        except UnknownName as e:
            raise OptionError(msg("anachrony.error.module", name=name, valid=", ".join(MODULES), close=", ".join(e.close))) from None
        if m in modules:  # a module named twice (or named after "all") is a typo, not a choice
            raise OptionError(msg("anachrony.error.module_twice", name=name, valid=", ".join(MODULES)))
        modules.append(m)
    modules = [m for m in MODULES if m in modules]
    if players == 1 and "intrigues" in modules:
        raise OptionError(msg("anachrony.error.intrigues_solo"))
    rnd = str(raw.get("random") or "app").strip().lower()
    if rnd in ("programa", "program"):
        rnd = "app"
    if rnd in ("mesa",):
        rnd = "table"
    if rnd not in RANDOM:
        raise OptionError(msg("anachrony.error.random", value=rnd, valid=", ".join(RANDOM)))
    names = [x.strip() for x in str(raw.get("names") or "").split(",") if x.strip()]
    if names and len(names) != players:
        raise OptionError(msg("anachrony.error.names", n=len(names), players=players))
    if len(set(n.lower() for n in names)) != len(names):
        raise OptionError(msg("anachrony.error.names_repeated"))
    options = {"players": players, "modules": modules, "random": rnd, "names": names}
    if raw.get("paths"):  # a random setup's Paths and Leaders (randomsetup.py)
        options.update(_check_paths(data, raw["paths"], raw.get("board_side"), players))
    from .solo.options import check as solo_check  # solo opponent (solo helper's hook)

    options.update(solo_check(raw, options))
    # the questions of this version (common.asks_itself): a save made before (none: version 1) replays its journal
    # with the questions it was played with
    options["asks"] = ASKS_VERSION
    if raw.get("overrides"):
        options["overrides"] = raw["overrides"]
    return options


def _check_paths(data, paths, side, players: int) -> dict:
    """Rules file §2.4 C14, C18: a different Path for each player, one of its two Leaders, one board side."""
    from ..core.steps import msg

    table = data.rules["paths"]
    seats = [f"p{i + 1}" for i in range(players)]
    ok = isinstance(paths, dict) and sorted(paths) == seats and side in table["board_sides"]
    if ok:
        picked = [paths[p].get("path") if isinstance(paths[p], dict) else None for p in seats]
        ok = len(set(picked)) == players and all(x in table["ids"] for x in picked) and all(
            paths[p].get("leader") in table["leaders"][paths[p]["path"]] for p in seats)
    if not ok:
        raise OptionError(msg("anachrony.error.paths", valid=", ".join(table["ids"])))
    return {"paths": {p: {"path": paths[p]["path"], "leader": paths[p]["leader"]} for p in seats}, "board_side": side}


def new_state(options: dict, seed: int) -> dict:
    from .setup import first_setup_step

    data = load(options.get("overrides") or None)
    names = options.get("names") or []
    players = {}
    for i in range(options["players"]):
        p = {"name": names[i] if names else "", "vp": 0}
        if "hypersync" in options["modules"]:
            p["hypersync"] = {t: {"state": "available"} for t in data.rules["hypersync"]["tiles"]}
            p["hypersync_era"] = 0
        if "quantum_loops" in options["modules"]:
            p["quantum"] = {"warp": "supply"}
        if "intrigues" in options["modules"]:
            p["missions_failed"] = 0
            p["intrigues"] = {"deck": 0, "mission": {}, "emergency": 0, "objectives": 0, "values": 0, "benefit_uses": 0}
        players[f"p{i + 1}"] = p
    state = {
        "seed": seed,
        "overrides": options.get("overrides", {}),
        "options": {k: v for k, v in options.items() if k != "overrides"},
        "era_count": data.era_count(options["modules"]),
        "era": 0,
        "phase": "setup",
        "first": "p1",
        "players": players,
        "impact": False,
        "over": False,
        "ending": False,
        "next": {},
    }
    if "quantum_loops" in options["modules"]:
        state["ql"] = {"offer": [], "deck": [], "out": []}
    if "intrigues" in options["modules"]:
        rows = data.rules["intrigues"]["grid"]["rows"]
        state["agenda"] = [{"objective": 0, "value": 0, "values": [], "locked": False} for _ in range(rows)]
        state["turn"] = {"player": "", "rows": []}
    if options.get("opponent"):  # solo opponent (solo helper's hook)
        from .solo.flow import new_solo_state

        state["solo"] = new_solo_state(state)
    state["next"] = first_setup_step(state)
    return state


def next_step(state: dict) -> dict | None:
    if state.get("over"):
        return None
    return dict(state["next"])


# Questions that are pauses, not decisions: the table says when its turn or the Action Rounds are over,
# even when that is the only thing it can say.
PAUSES = ("anachrony.action", "anachrony.solo.you")


def single_answer(ask):
    """(value, what to show) when ``ask`` has exactly one valid answer (a range such as 0..0, a single
    choice, a pick among no choices), else None (ISSUE_11: such a question is not asked)."""
    from ..core.steps import NUMBER, ONE_OF, SEVERAL_OF, InvalidAnswer

    if ask.id in PAUSES:
        return None
    if ask.kind == NUMBER and ask.min is not None and ask.min == ask.max:
        value, shown = ask.min, ask.min
    elif ask.kind == ONE_OF and len(ask.choices) == 1:
        value, shown = ask.choices[0].value, ask.choices[0].label.to_data()
    elif ask.kind == SEVERAL_OF and ask.choices and (ask.min or 0) >= len(ask.choices):
        value, shown = [c.value for c in ask.choices], [c.label.to_data() for c in ask.choices]
    elif ask.kind == SEVERAL_OF and not ask.choices and not ask.min:
        value, shown = [], "—"
    else:
        return None
    try:
        return ask.normalise(value), shown
    except InvalidAnswer:
        return None


def applying(gen):
    """Run the procedure ``gen``; a question with only one valid answer is not put to the table: the
    program applies that answer and says so. The answer depends only on the state, so a replay of the
    journal gives the same game."""
    from ..core.steps import Ask, Say, relay

    def through(item):
        one = single_answer(item) if isinstance(item, Ask) else None
        if one is not None:
            yield Say(msg("anachrony.applied", question=item.msg.to_data(), answer=one[1]), "info")
            return one[0]
        return (yield item)

    return (yield from relay(gen, through))


def procedure(state: dict, step: dict):
    """The step played, with what is in effect at its moment said after its heading (automata/core/ineffect.py)."""
    from ..core.ineffect import raised

    return raised(GAME_ID, state, step, applying(_procedure(state, step)))


def _procedure(state: dict, step: dict):
    if state.get("solo"):  # solo opponent (solo helper's hook); it runs the multi-player steps itself
        from .solo.flow import procedure as solo_procedure

        return solo_procedure(state, step)
    from .multiplayer import procedure as multiplayer_procedure

    return multiplayer_procedure(state, step)


def step_label(step: dict) -> Msg:
    return step_msg(GAME_ID, step, {"name": "@anachrony.setup.name.", "phase": "@anachrony.phase."})


def fix_fields():
    """What the table may correct with `tabletop fix` (automata/anachrony/fix.py), imported only when used."""
    from .fix import FIX_FIELDS

    return FIX_FIELDS
